import type { MessageCode } from '../messages.ts';
import { isSampleLocked, nextStatus, type SampleStatus } from '../sample/status.ts';

/**
 * Where a sample's status goes when results are saved. The status follows the
 * results: the first result takes a received sample into processing (U OBRADI),
 * a result for every test (calculated ones included) completes it (REALIZOVAN),
 * and clearing a result of a completed sample reopens it. Approved and verified
 * samples take no results at all.
 */

/** One test of the sample as it will be once the save is applied. */
export interface ResultProgressTest {
  rezultat: string | null;
}

/** A blank or whitespace-only text is no result: saving '' clears the value. */
export function hasResult(rezultat: string | null): boolean {
  return rezultat !== null && rezultat.trim() !== '';
}

/**
 * The status that the tests' results call for, reached through the sample's
 * transitions (receive, complete, reopen) so no move outside the state machine
 * can result. A sample without tests, or with no result yet, keeps its status.
 */
export function statusAfterResults(status: SampleStatus, tests: readonly ResultProgressTest[]): SampleStatus {
  if (tests.length === 0) return status;
  const entered = tests.filter((test) => hasResult(test.rezultat)).length;
  if (entered === tests.length) return nextStatus(status, 'complete') ?? status;
  if (entered === 0) return status === 'REALIZOVAN' ? 'U OBRADI' : status;
  if (status === 'ZAPRIMLJEN') return nextStatus(status, 'receive') ?? status;
  if (status === 'REALIZOVAN') return nextStatus(status, 'reopen') ?? status;
  return status;
}

/**
 * A test's own progress (`status_t`), in the sample status vocabulary. A test
 * without a result is where the sample is before results: ZAPRIMLJEN, or
 * U OBRADI once the lab works on the sample. A test with its result is
 * REALIZOVAN, and moves with the sample through approval (ODOBREN) and
 * verification (VERIFICIRAN), so a released result says so on its own row.
 */
export function testStatus(sampleStatus: SampleStatus, rezultat: string | null): SampleStatus {
  if (!hasResult(rezultat)) return sampleStatus === 'ZAPRIMLJEN' ? 'ZAPRIMLJEN' : 'U OBRADI';
  return sampleStatus === 'ODOBREN' || sampleStatus === 'VERIFICIRAN' ? sampleStatus : 'REALIZOVAN';
}

export interface ResultSaveInput {
  status: SampleStatus;
  /** Every test of the sample with the results it will carry once the save is applied. */
  tests: readonly ResultProgressTest[];
  /** The save replaces or clears a result that was already entered (not only fills empty ones). */
  changesEnteredResult: boolean;
  /** The sample was verified before and unlocked since: its results were released once. */
  unlockedAfterVerification: boolean;
  /**
   * The save replaces or clears a result the autoverification rules released with its section ahead of the rest
   * of the sample (a partial report carries it). Absent: none.
   */
  changesReleasedResult?: boolean;
  razlog?: string | null | undefined;
}

export type ResultSaveOutcome = { ok: true; status: SampleStatus } | { ok: false; code: MessageCode };

/**
 * Whether a save is allowed, and the status after it. Approved or verified
 * results are locked (undo the approval first). Once results were verified and
 * then unlocked, changing one of them is a correction of a released result:
 * it needs a reason, kept in the audit trail beside the earlier value. So does
 * changing a result released with its section on a partial report.
 */
export function resultSaveOutcome(input: ResultSaveInput): ResultSaveOutcome {
  if (isSampleLocked(input.status)) return { ok: false, code: 'results.locked' };
  const correctsReleased = (input.unlockedAfterVerification && input.changesEnteredResult) || input.changesReleasedResult === true;
  if (correctsReleased && !(input.razlog ?? '').trim()) {
    return { ok: false, code: 'results.reasonRequired' };
  }
  return { ok: true, status: statusAfterResults(input.status, input.tests) };
}

/** Whether saving `next` over `stored` replaces or clears a result that was entered (filling an empty one does not). */
export function changesEnteredResult(stored: string | null, next: string | null): boolean {
  return hasResult(stored) && (stored ?? '') !== (next ?? '');
}
