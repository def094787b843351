import { exactNumericValue } from '../assays/result-flags.ts';

/**
 * Delta check: a new result that differs from the same patient's previous
 * verified result of the same assay by more than the assay's limit is marked,
 * because a jump that large is more often a mix-up of tubes or a faulty run
 * than a real change in the patient.
 *
 * Only exact numbers are compared, read by the same parser as the flags
 * ("5,4" and "5.4" alike). A censored value ("<0.5", ">1000") says only that
 * the true value lies beyond the measuring range, so its distance to another
 * value is unknown; a text result ("Pozitivan") has no distance at all.
 * Neither is compared, rather than marked or cleared on a guess.
 */

/** The assay's limit: in the assay's own unit, or as a percentage of the previous value. */
export type DeltaLimit = { kind: 'absolute'; value: number } | { kind: 'percent'; value: number };

/** The patient's previous verified result of the assay and when it was verified (ISO instant). */
export interface PreviousVerifiedResult {
  rezultat: string;
  verifiedAt: string;
}

export interface DeltaCheck {
  previous: string;
  previousAt: string;
  exceeded: boolean;
}

/** Differences this close to the limit are the limit itself (5.4 - 5.0 is 0.40000000000000036 in binary). */
function beyond(difference: number, limit: number): boolean {
  return difference - limit > 1e-9 * Math.max(1, Math.abs(limit));
}

/** Whether the move from `previous` to `current` is larger than the limit allows. */
export function exceedsDeltaLimit(current: number, previous: number, limit: DeltaLimit): boolean {
  const difference = Math.abs(current - previous);
  if (limit.kind === 'absolute') return beyond(difference, limit.value);
  // Any change away from a previous 0 is an unbounded percentage.
  if (previous === 0) return difference > 0;
  return beyond((difference / Math.abs(previous)) * 100, limit.value);
}

/**
 * The delta of a new result: the previous verified value, its date, and
 * whether the change exceeds the limit (never, when the assay has no limit).
 * Null when there is no previous result or either value is not an exact number.
 */
export function deltaCheck(current: string | null, previous: PreviousVerifiedResult | null, limit: DeltaLimit | null): DeltaCheck | null {
  if (current === null || previous === null) return null;
  const currentValue = exactNumericValue(current);
  const previousValue = exactNumericValue(previous.rezultat);
  if (currentValue === null || previousValue === null) return null;
  return {
    previous: previous.rezultat,
    previousAt: previous.verifiedAt,
    exceeded: limit !== null && exceedsDeltaLimit(currentValue, previousValue, limit),
  };
}
