import type { ResultsSaveRequest, SampleStatus } from '@lis/domain';
import type { Db, Tx } from '../../db/client.ts';
import { writeAudit, type AuditEntry } from '../../db/audit.ts';
import type { RequestContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import type { RealtimeHub } from '../../realtime/hub.ts';
import { announce } from './events.ts';
import { statusOf } from './judgement.ts';
import { resultRepository, type ResultSampleRow } from './repository.ts';
import { settleResults } from './settle.ts';

export interface StatusAnswer {
  status: SampleStatus;
  version: number;
}

/**
 * Work another module does in the same transaction as a results save, on the sample the save has locked
 * and checked the version of, before its results are settled (a culture's isolates and antibiograms,
 * whose summary is the result saved): it returns its audit rows. Any row means the sample changed, so its
 * version goes up even when the results themselves stay as they were.
 */
export type AlongsideResults = (tx: Tx, sample: ResultSampleRow) => Promise<AuditEntry[]>;

/**
 * POST /rezultati/save: results for some or all of a sample's tests, in one
 * transaction on the locked sample row.
 *
 * - A save naming another version than the sample's is refused (409
 *   results.versionConflict) and changes nothing: someone saved in between.
 * - The results, the calculated tests, the flags and the status follow the
 *   one rule of settleResults (exact text, recomputed calculated tests, the
 *   status through resultSaveOutcome: 409 when locked, 400 razlog after an unlock).
 * - Each changed result, each changed calculated result and the status
 *   change write an audit row; the version goes up by one. A save that
 *   changes nothing (same values, flags and status) leaves the version as it is.
 *
 * A sample that becomes REALIZOVAN announces 'result:completed' to its site
 * once the transaction has committed.
 */
export async function save(
  db: Db, ctx: RequestContext, input: ResultsSaveRequest, realtime: RealtimeHub | undefined, alongside?: AlongsideResults,
): Promise<StatusAnswer> {
  const outcome = await db.transaction(async (tx) => {
    const results = resultRepository(tx, ctx.siteId);
    const sample = await results.findSample(input.sid, { forUpdate: true });
    if (!sample) throw AppError.notFound();
    if (sample.version !== input.version) throw AppError.conflict('results.versionConflict', 'version');
    const alongsideAudit = alongside ? await alongside(tx, sample) : [];
    const settled = await settleResults(tx, ctx, sample, input.rezultati, input.razlog);
    if (!settled.changed && alongsideAudit.length === 0) return { status: settled.status, version: sample.version, completion: null };
    const moved = await results.updateSample(sample.id, settled.status === settled.from ? {} : { status: settled.status }, ctx.userId);
    await writeAudit(tx, ctx, [...alongsideAudit, ...settled.audit]);
    return { status: statusOf(moved.status), version: moved.version, completion: settled.completion };
  });
  announce(realtime, ctx.siteId, [outcome.completion]);
  return { status: outcome.status, version: outcome.version };
}
