import type { ResultsCorrectRequest } from '@lis/domain';
import type { Db } from '../../db/client.ts';
import { allows, type RequestContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { resultRepository } from './repository.ts';
import { save, type StatusAnswer } from './save.ts';
import { approve, unapprove, unverify, verify } from './transitions.ts';

/**
 * POST /rezultati/ispravi: the correction of a verified sample as one act, in one transaction on the
 * locked sample row. It is the long path's calls, one after the other, each with its own checks and
 * audit rows, so a correction leaves exactly the history the separate calls leave:
 *
 *   unlock (sample.unverify, with the reason) -> take the approval back (sample.unapprove) ->
 *   save the changed results (result.change, each with the same reason; sample.status when it moves) ->
 *   approve (sample.approve) -> verify (sample.verify, sample.acknowledge when a result is critical;
 *   the corrected report version is issued in the same transaction).
 *
 * Any refusal on the way (a stale version, a value the assay does not take, a cleared result that leaves
 * the sample incomplete, a critical value without who was told, quality control holding an assay) rolls
 * all of it back: the sample stays verified with its report, never half corrected. A correction that
 * changes no result is refused (400 rezultati): unlocking and re-issuing the same report is no correction.
 *
 * The steps announce nothing: the sample ends verified as it began, so no one is to be called to approve
 * or verify it, and the corrector has just recorded who was told of a critical value.
 */
export async function correct(db: Db, ctx: RequestContext, input: ResultsCorrectRequest): Promise<StatusAnswer> {
  // The route asks the unlock's right (results.verify); the steps in between are entry and approval.
  if (!allows(ctx, 'results.enter') || !allows(ctx, 'results.approve')) throw AppError.forbidden();
  return db.transaction(async (tx) => {
    const sample = await resultRepository(tx, ctx.siteId).findSample(input.sid, { forUpdate: true });
    if (!sample) throw AppError.notFound();
    if (sample.version !== input.version) throw AppError.conflict('results.versionConflict', 'version');
    // Each step runs in a savepoint of this transaction (drizzle nests db.transaction) on the row locked above.
    await unverify(tx, ctx, input.sid, input.razlog, undefined);
    const reopened = await unapprove(tx, ctx, input.sid, undefined);
    const saved = await save(tx, ctx, { sid: input.sid, version: reopened.version, rezultati: input.rezultati, razlog: input.razlog }, undefined);
    if (saved.version === reopened.version) throw new AppError(400, 'results.correctionUnchanged', 'rezultati');
    await approve(tx, ctx, input.sid, undefined);
    return verify(tx, ctx, input.sid, input.obavijesten, undefined);
  });
}
