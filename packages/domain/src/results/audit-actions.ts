import { hasResult } from './progress.ts';

/**
 * The actions of a sample's audit trail, as GET /uzorci/audit/{sid} answers
 * them in `akcija`: stable keys the screens translate. Every change to a
 * sample, its tests, its results and its status writes one of these in the
 * same transaction as the change.
 *
 * - sample.create      the sample was registered (novo: code, patient, status, tests)
 * - sample.update      a field of the sample changed (polje: the field)
 * - sample.tests       tests were added or removed (staro/novo: the assay ids)
 * - sample.receive     the lab received the tube (ZAPRIMLJEN -> U OBRADI)
 * - sample.status      the status followed the results or the tests (e.g. U OBRADI -> REALIZOVAN)
 * - result.enter       a result was entered where there was none (polje: assay code)
 * - result.change      an entered result was replaced (staro: the earlier value; razlog after an unlock)
 * - result.clear       an entered result was removed
 * - result.retest      a result was taken back for a retest (polje: assay code; staro: the value kept until the retest's
 *                      value replaces it; razlog: why). The retest's value is then recorded as result.change with the
 *                      same reason, even when it equals the earlier one.
 * - result.calculate   a calculated test was computed, recomputed or cleared from its components (by the system: no user)
 * - sample.approve     technical validation (REALIZOVAN -> ODOBREN)
 * - sample.unapprove   approval taken back (ODOBREN -> REALIZOVAN)
 * - sample.verify      medical validation (ODOBREN -> VERIFICIRAN)
 * - sample.acknowledge who was told of the critical values and when (novo: {"ko","kada"} as JSON text)
 * - sample.unverify    unlock (VERIFICIRAN -> ODOBREN), razlog: why
 * - culture.save       a culture was entered or changed (polje: assay code; staro/novo: specimen, growth, isolates and
 *                      antibiograms as JSON text; razlog after an unlock)
 * - culture.override   a person set or took back an antibiogram category in place of the interpreted one
 *                      (polje: organism and agent; staro/novo: the category; razlog: why)
 */
export const SAMPLE_AUDIT_ACTIONS = [
  'sample.create', 'sample.update', 'sample.tests', 'sample.receive', 'sample.status',
  'result.enter', 'result.change', 'result.clear', 'result.calculate', 'result.retest',
  'sample.approve', 'sample.unapprove', 'sample.verify', 'sample.acknowledge', 'sample.unverify',
  'culture.save', 'culture.override',
] as const;
export type SampleAuditAction = (typeof SAMPLE_AUDIT_ACTIONS)[number];

/** How saving `next` over `stored` is recorded: entered, changed or cleared; null when the result stays as it was. */
export function resultAuditAction(stored: string | null, next: string | null): 'result.enter' | 'result.change' | 'result.clear' | null {
  if ((stored ?? null) === (next ?? null)) return null;
  if (!hasResult(stored)) return hasResult(next) ? 'result.enter' : null;
  return hasResult(next) ? 'result.change' : 'result.clear';
}
