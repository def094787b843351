import type { FastifyInstance } from 'fastify';
import { testPanelContracts } from '@lis/domain';
import type { AppOptions } from '../../app-options.ts';
import { answeringFailureAs } from '../../lib/failure-answer.ts';
import { registerCall } from '../../lib/register-call.ts';
import * as panels from './service.ts';

const TAGS = ['postavke'];
const SITE = "Token and site as on every call. Panels are the calling site's: another site's panel answers 404 like a missing one.";

/** The test panels (profiles) of the sample's test picker, edited in the assay settings. */
export function testPanelRoutes(app: FastifyInstance, { db }: AppOptions): Promise<void> {
  registerCall(app, testPanelContracts.list, {
    tags: TAGS,
    summary: 'Test panels of the site',
    description: `${SITE} \`200 { success: true, paneli: [{ _id, sifra, naziv, sinonimi, testovi: [labassay id], price, naplata, updated_at }] }\` `
      + "by name. `naplata` 'panel': the panel's price for its tests together; 'testovi': each test at its own price.",
  }, async (request) => ({ success: true as const, paneli: await panels.listPanels(db, request.ctx) }));

  registerCall(app, testPanelContracts.edit, {
    tags: TAGS,
    summary: 'Create or change a test panel',
    description: `${SITE} Body \`{ panel: { _id?, sifra, naziv, sinonimi, testovi, price, naplata } }\`. \`200 { success: true, panel }\`, audited `
      + "(`settings.create` / `settings.update`, entity `test_panel`). Refusals change nothing: no test `400 panel.empty`, a test not in the "
      + 'catalogue or twice `400 panel.unknownTest | panel.duplicateTest` (field `panel.testovi.{i}`), a code the site already has '
      + '`409 panel.duplicateCode` (field `panel.sifra`), an unknown `_id` `404`.',
  }, async (request) => ({
    success: true as const, panel: await answeringFailureAs(request, 'save.failed', () => panels.editPanel(db, request.ctx, request.body)),
  }));

  registerCall(app, testPanelContracts.remove, {
    tags: TAGS,
    summary: 'Delete a test panel',
    description: `${SITE} Body \`{ _id }\`. \`200 { success: true }\`, audited (\`settings.delete\`); samples keep their tests and prices.`,
  }, async (request) => {
    await answeringFailureAs(request, 'delete.failed', () => panels.deletePanel(db, request.ctx, request.body._id));
    return { success: true as const };
  });

  registerCall(app, testPanelContracts.history, {
    tags: TAGS,
    summary: "A test panel's changes",
    description: `${SITE} \`200 { success: true, historija: [{ at, korisnik, akcija, staro, novo }] }\`, newest first.`,
  }, async (request) => ({ success: true as const, historija: await panels.panelHistory(db, request.ctx, request.params.id) }));
  return Promise.resolve();
}
