import type { FastifyInstance } from 'fastify';
import { REFERENCE_UPLOAD_LIMITS, referenceContracts } from '@lis/domain';
import type { AppOptions } from '../../app-options.ts';
import { answeringFailureAs } from '../../lib/failure-answer.ts';
import * as sets from './reference-sets.ts';
import { registerCall } from '../../lib/register-call.ts';

const TAGS = ['mikrobiologija'];

/** The reference data screen's calls, registered by the microbiology module (routes.ts). */
export function referenceRoutes(app: FastifyInstance, { db }: AppOptions): void {

  registerCall(app, referenceContracts.list, {
    tags: TAGS,
    summary: 'Imported breakpoint guidelines',
    description: 'Token and site as on every call. The reference data is the lab\'s. `200 { success: true, setovi: [{ guideline, breakpoints, '
      + 'importedAt, attribution, intrinsicSource, kulture }] }`, the newest guideline first (new cultures are interpreted by it); '
      + '`kulture`: how many of the site\'s cultures were interpreted by each.',
  }, async (request) => ({ success: true as const, setovi: await sets.listGuidelines(db, request.ctx) }));

  registerCall(app, referenceContracts.upload, {
    tags: TAGS,
    summary: 'Import a breakpoint guideline (a new year\'s table)',
    description: 'Token and site as on every call. Body `{ datoteke: { breakpoints, antimicrobials?, organisms?, intrinsic? }, atribucija? }`: '
      + 'the texts of the TSV files as the AMR package for R publishes them (clinical breakpoints of one guideline, antimicrobials, '
      + 'organisms, expected resistant phenotypes); the breakpoints alone add a year, the files left out keep what is stored. A guideline '
      + 'already imported is replaced, another is added beside the earlier ones; cultures keep the guideline they were interpreted with.\n\n'
      + '`200 { success: true, uvoz: { guideline, breakpoints, organisms, antimicrobials, intrinsic, unknownOrganisms } }`, audited '
      + '(`micro.referenceImport`). A file that cannot be read (a column missing, a breakpoint not a number, more than one guideline) '
      + '`400 micro.referenceUnreadable` naming `datoteke.<file>`, nothing stored.',
    bodyLimit: REFERENCE_UPLOAD_LIMITS.body,
  }, async (request) => ({
    success: true as const, uvoz: await answeringFailureAs(request, 'save.failed', () => sets.uploadReference(db, request.ctx, request.body)),
  }));
}
