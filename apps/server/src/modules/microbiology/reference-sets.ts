import { type ReferenceGuideline, type ReferenceImportSummary, referenceImportRequest } from '@lis/domain';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../db/audit.ts';
import type { RequestContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { ReferenceFileError, importReferenceTexts } from './reference-import.ts';
import { referenceRepository } from './repository.ts';

// The reference data screen: the imported breakpoint guidelines, and a new one uploaded by an administrator
// through the same import as the command line's (reference-import.ts), audited.

/** GET /mikrobiologija/referentni-podaci: every guideline, the newest first, with the site's cultures interpreted by it. */
export async function listGuidelines(db: Db, ctx: RequestContext): Promise<ReferenceGuideline[]> {
  const reference = referenceRepository(db);
  const [sets, used] = await Promise.all([reference.referenceSets(), reference.culturesByGuideline(ctx.siteId)]);
  return sets.map((set) => ({
    guideline: set.guideline, breakpoints: set.breakpoints, importedAt: set.importedAt.toISOString(), attribution: set.attribution,
    intrinsicSource: set.intrinsicSource, kulture: used.get(set.guideline) ?? 0,
  }));
}

/**
 * POST /mikrobiologija/referentni-podaci/import: the uploaded files as one set (a guideline already imported
 * is replaced, a new one added beside the others); a file that cannot be read is a 400 naming it
 * (`datoteke.<file>`), nothing stored. Audited 'micro.referenceImport' with what was imported.
 */
export async function uploadReference(db: Db, ctx: RequestContext, body: unknown): Promise<ReferenceImportSummary> {
  const input = referenceImportRequest.parse(body);
  try {
    const summary = await importReferenceTexts(db, input.datoteke, {
      ...(input.atribucija ? { attribution: input.atribucija } : {}),
      after: async (tx, imported) => {
        await writeAudit(tx, ctx, {
          action: 'micro.referenceImport', entity: 'micro_reference_set', entityId: imported.guideline, oldValue: null,
          newValue: { ...imported, files: Object.keys(input.datoteke).filter((file) => input.datoteke[file as keyof typeof input.datoteke] !== undefined) },
        });
      },
    });
    const known = await referenceRepository(db).organismCodes();
    const rowOrganisms = await referenceRepository(db).breakpointOrganisms(summary.guideline);
    return { ...summary, unknownOrganisms: rowOrganisms.filter((mo) => !known.has(mo) && mo !== 'UNKNOWN').sort() };
  } catch (error) {
    if (error instanceof ReferenceFileError) {
      throw new AppError(400, 'micro.referenceUnreadable', `datoteke.${error.file}`, { file: error.file, reason: error.message });
    }
    throw error;
  }
}
