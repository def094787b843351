import { type ResultsRetestRequest, hasResult, isSampleActionAllowed } from '@lis/domain';
import type { Db } from '../../db/client.ts';
import type { RequestContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import type { RealtimeHub } from '../../realtime/hub.ts';
import { statusOf } from './judgement.ts';
import { resultRepository } from './repository.ts';
import { save, type StatusAnswer } from './save.ts';

/**
 * POST /rezultati/retest: a technician takes one entered result back for a retest, with the reason.
 *
 * It runs as a results save of the locked sample with no typed result, whose alongside step marks the test
 * (so the version check, the lock of an approved or verified sample, the status and the audit are the
 * save's): the earlier value stays on the test and in the report until the retest's value replaces it, the
 * test counts as missing, so a complete sample goes back to U OBRADI (the status machine's reopen) and
 * cannot be approved, and the worklist shows the sample with its pending retest. The mark is audited as
 * `result.retest` (the value kept, the reason); the retest's value is then recorded by the save as
 * `result.change` with the same reason, so the trail holds both.
 */
export async function retest(db: Db, ctx: RequestContext, input: ResultsRetestRequest, realtime: RealtimeHub | undefined): Promise<StatusAnswer> {
  return save(db, ctx, { sid: input.sid, version: input.version, rezultati: [] }, realtime, async (tx, sample) => {
    if (!isSampleActionAllowed('retest', { status: statusOf(sample.status) })) throw AppError.conflict('results.locked');
    const results = resultRepository(tx, ctx.siteId);
    const test = (await results.testsOfSample(sample.id)).find((candidate) => candidate.id === input.test);
    if (!test) throw new AppError(400, 'results.unknownTest', 'test', { test: input.test });
    if (test.calculated) throw new AppError(400, 'results.calculatedReadOnly', 'test', { naziv: test.naziv });
    if (!hasResult(test.rezultat)) throw new AppError(400, 'results.retestNoResult', 'test', { naziv: test.naziv });
    await results.markRetest(sample.id, test.id, input.razlog);
    return [{ action: 'result.retest', entity: 'sample', entityId: sample.id, field: test.sifra, oldValue: test.rezultat, newValue: test.rezultat, reason: input.razlog }];
  });
}
