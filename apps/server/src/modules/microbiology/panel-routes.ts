import type { FastifyInstance } from 'fastify';
import { panelContracts } from '@lis/domain';
import type { AppOptions } from '../../app-options.ts';
import { answeringFailureAs } from '../../lib/failure-answer.ts';
import * as panels from './panels.ts';
import { registerCall } from '../../lib/register-call.ts';

const TAGS = ['mikrobiologija'];
const LAB_WIDE = "Token and site as on every call. Antibiogram panels are the lab's settings, the same for every site.";

/** The antibiogram panels' calls, registered by the microbiology module (routes.ts). */
export function panelRoutes(app: FastifyInstance, { db }: AppOptions): void {

  registerCall(app, panelContracts.list, {
    tags: TAGS,
    summary: 'Antibiogram panels',
    description: `${LAB_WIDE} \`200 { success: true, paneli: [{ _id, naziv, grupa: { mo, naziv }, uzorak, antibiotici: [{ ab, naziv }], updated_at }] }\` `
      + 'by group name; `uzorak` is the specimen\'s base name (\'Urin\'), \'\' for every specimen.',
  }, async () => ({ success: true as const, paneli: await panels.listPanels(db) }));

  registerCall(app, panelContracts.choice, {
    tags: TAGS,
    summary: "An isolate's panel",
    description: `${LAB_WIDE} \`mo\`: the isolate's organism code, \`materijal\`: the culture's material ('Urin (srednji mlaz)'). `
      + '`200 { success: true, panel }`: the panel of the most specific group the organism belongs to, the specimen\'s own before the one '
      + 'for every specimen; null when none applies. An organism not in the table `400 micro.unknownOrganism` (field `mo`).',
  }, async (request) => ({ success: true as const, panel: await panels.choosePanel(db, request.query.mo, request.query.materijal) }));

  registerCall(app, panelContracts.edit, {
    tags: TAGS,
    summary: 'Create or change an antibiogram panel',
    description: `${LAB_WIDE} Body \`{ _id?, naziv, grupa, uzorak, antibiotici: [ab] }\` (the agents in order). \`200 { success: true, panel }\`, `
      + 'audited (`settings.create` / `settings.update`, entity `micro_panel`). Refusals change nothing: a group not in the organism table '
      + '`400 micro.unknownOrganism` (field `grupa`), an agent not in the table or twice `400 micro.unknownAntibiotic | micro.panelDuplicateAgent` '
      + '(field `antibiotici.{i}`), no agent `400 micro.panelEmpty`, a second panel for the group and specimen `409 micro.panelExists`, '
      + 'an unknown `_id` `404`.',
  }, async (request) => ({
    success: true as const, panel: await answeringFailureAs(request, 'save.failed', () => panels.editPanel(db, request.ctx, request.body)),
  }));

  registerCall(app, panelContracts.remove, {
    tags: TAGS,
    summary: 'Delete an antibiogram panel',
    description: `${LAB_WIDE} Body \`{ _id }\`. \`200 { success: true }\`, audited (\`settings.delete\`); an unknown id \`404\`. `
      + 'Cultures saved with its agents keep them.',
  }, async (request) => {
    await answeringFailureAs(request, 'delete.failed', () => panels.deletePanel(db, request.ctx, request.body._id));
    return { success: true as const };
  });
}
