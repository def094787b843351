/**
 * The retest's side of the result screen's save: a result taken back for a
 * retest (`retest` of the test, its reason) is answered by typing the
 * retest's value, and that value is sent even when it equals the earlier one,
 * because the server records the retest's value as a change of the earlier
 * value with the retest's reason either way.
 */
import type { ResultTest } from './api.ts';
import type { Drafts, ResultEntry } from './result-values.ts';

/** A result waiting for its retest's value. */
export function awaitsRetest(test: ResultTest): boolean {
  return typeof test.retest === 'string' && !test.calculated;
}

/** The changed results plus the retest values typed the same as the earlier ones (each test once). */
export function withRetestAnswers(tests: readonly ResultTest[], drafts: Drafts, changed: readonly ResultEntry[]): ResultEntry[] {
  const named = new Set(changed.map((entry) => entry.test));
  const confirmed = tests
    .filter((test) => awaitsRetest(test) && !named.has(test._id) && drafts[test._id] !== undefined && drafts[test._id]!.trim() !== '')
    .map((test) => ({ test: test._id, rezultat: drafts[test._id] ?? '' }));
  return [...changed, ...confirmed];
}
