import type { Spol } from '../spol.ts';

/** Upper end of the age scale (150 years): a range up to here has no upper age limit. */
export const MAX_AGE_DAYS = 54_750;

/**
 * One reference interval of an assay (table reference_ranges). Ages are in days,
 * both ends inclusive (as the test picker reads them), so adjacent bands are
 * 0–29, 30–364, 365–6574 … and never overlap.
 */
export interface ReferenceRange {
  /** null: both sexes. */
  spol: Spol | null;
  ageMinDays: number;
  ageMaxDays: number;
  /** null: whether pregnant or not; true: pregnancy only; false: not pregnant only. */
  trudnica: boolean | null;
  /** Like trudnica, for menopause (ranges of the sex hormones); absent means either. */
  menopauza?: boolean | null | undefined;
  low: number | null;
  high: number | null;
  /** Text reference of a qualitative test ("Negativan"); alternatives separated by ";". */
  tekst: string | null;
}

export interface ReferencePatient {
  spol: Spol | null | undefined;
  /** Age in days on the day of sampling; null when unknown. */
  ageDays: number | null | undefined;
  trudnica?: boolean | null | undefined;
  menopauza?: boolean | null | undefined;
}

function coversEveryAge(range: ReferenceRange): boolean {
  return range.ageMinDays <= 0 && range.ageMaxDays >= MAX_AGE_DAYS;
}

function isSet(flag: boolean | null | undefined): flag is boolean {
  return flag !== null && flag !== undefined;
}

/**
 * Whether a range is the patient's for judging a result. Unlike the test
 * picker (which offers a test when nothing excludes it), unknown sex matches
 * only ranges for both sexes and unknown age only ranges without an age limit:
 * flagging a result against an interval that may belong to someone else would
 * mislead.
 */
function rangeIsPatients(range: ReferenceRange, patient: ReferencePatient): boolean {
  if (range.spol !== null && range.spol !== patient.spol) return false;
  if (isSet(range.trudnica) && range.trudnica !== (patient.trudnica === true)) return false;
  if (isSet(range.menopauza) && range.menopauza !== (patient.menopauza === true)) return false;
  if (patient.ageDays === null || patient.ageDays === undefined) return coversEveryAge(range);
  return range.ageMinDays <= patient.ageDays && patient.ageDays <= range.ageMaxDays;
}

/** Pregnancy- or menopause-specific beats sex-specific beats a narrower age band; earlier in the list wins a tie. */
function compareSpecificity(a: ReferenceRange, b: ReferenceRange): number {
  const state = (range: ReferenceRange) => Number(isSet(range.trudnica)) + Number(isSet(range.menopauza));
  const pregnancy = state(b) - state(a);
  if (pregnancy !== 0) return pregnancy;
  const sex = Number(b.spol !== null) - Number(a.spol !== null);
  if (sex !== 0) return sex;
  return (a.ageMaxDays - a.ageMinDays) - (b.ageMaxDays - b.ageMinDays);
}

/** The most specific range of an assay that applies to the patient, or null when none does. */
export function selectReferenceRange<R extends ReferenceRange>(ranges: readonly R[], patient: ReferencePatient): R | null {
  let best: R | null = null;
  for (const range of ranges) {
    if (!rangeIsPatients(range, patient)) continue;
    if (best === null || compareSpecificity(range, best) < 0) best = range;
  }
  return best;
}
