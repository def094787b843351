import { MAX_AGE_DAYS } from '../assays/reference-ranges.ts';
import type { Spol } from '../spol.ts';

/**
 * Rules of an assay's reference ranges as the lab edits them. Ranges are
 * grouped by who they are for (sex, pregnancy, menopause: the same sex with
 * and without a pregnancy flag are different groups); inside a group the age
 * bands (days, both ends inclusive) must follow one another without a gap and
 * without an overlap, so every age between a group's first and last band has
 * exactly one range. Before its first band and after its last a group may be
 * open: a patient there is judged by a broader group (e.g. both sexes).
 */

/** Days per year of the age fields: ages typed in years become days on the n-th birthday, rounded over leap years. */
export const DAYS_PER_YEAR = 365.25;

export function yearsToDays(years: number): number {
  return Math.round(years * DAYS_PER_YEAR);
}

/** Whole years when `days` is exactly the n-th birthday (or the day before it, for an upper end), else null. */
export function daysAsYears(days: number, end: 'from' | 'to'): number | null {
  const years = Math.round((end === 'to' ? days + 1 : days) / DAYS_PER_YEAR);
  const back = yearsToDays(years) - (end === 'to' ? 1 : 0);
  return back === days ? years : null;
}

export interface EditedRange {
  spol: Spol | null;
  ageMinDays: number;
  ageMaxDays: number;
  trudnica: boolean | null;
  menopauza: boolean | null;
  low: number | null;
  high: number | null;
  criticalLow: number | null;
  criticalHigh: number | null;
  tekst: string | null;
}

export type RangeProblemCode =
  | 'catalogue.rangeAges'
  | 'catalogue.rangeLimits'
  | 'catalogue.rangeCritical'
  | 'catalogue.rangeEmpty'
  | 'catalogue.rangeOverlap'
  | 'catalogue.rangeGap';

export interface RangeProblem {
  /** Index of the refused range in the list as given. */
  index: number;
  /** The field of that range the problem is shown at. */
  field: 'ageMinDays' | 'ageMaxDays' | 'low' | 'high' | 'criticalLow' | 'criticalHigh' | 'tekst';
  code: RangeProblemCode;
  /** The other range of an overlap or gap. */
  other?: number;
}

function groupKey(range: EditedRange): string {
  return `${range.spol ?? '*'}|${String(range.trudnica)}|${String(range.menopauza)}`;
}

/** Problems of each range on its own: ages in order and within 150 years, limits in order, something to judge by. */
function ownProblems(range: EditedRange, index: number): RangeProblem[] {
  const problems: RangeProblem[] = [];
  if (range.ageMinDays < 0 || range.ageMaxDays > MAX_AGE_DAYS || range.ageMinDays > range.ageMaxDays) {
    problems.push({ index, field: 'ageMaxDays', code: 'catalogue.rangeAges' });
  }
  if (range.low !== null && range.high !== null && range.low > range.high) problems.push({ index, field: 'high', code: 'catalogue.rangeLimits' });
  if (range.criticalLow !== null && range.low !== null && range.criticalLow > range.low) problems.push({ index, field: 'criticalLow', code: 'catalogue.rangeCritical' });
  if (range.criticalHigh !== null && range.high !== null && range.criticalHigh < range.high) problems.push({ index, field: 'criticalHigh', code: 'catalogue.rangeCritical' });
  if (range.low === null && range.high === null && (range.tekst ?? '').trim() === '') problems.push({ index, field: 'tekst', code: 'catalogue.rangeEmpty' });
  return problems;
}

/** Every problem of the ranges, in the order of the list; an empty list means they may be saved. */
export function referenceRangeProblems(ranges: readonly EditedRange[]): RangeProblem[] {
  const problems = ranges.flatMap(ownProblems);
  if (problems.some((problem) => problem.code === 'catalogue.rangeAges')) return problems;
  const groups = new Map<string, number[]>();
  ranges.forEach((range, index) => {
    const key = groupKey(range);
    groups.set(key, [...(groups.get(key) ?? []), index]);
  });
  for (const indexes of groups.values()) {
    const ordered = [...indexes].sort((a, b) => ranges[a]!.ageMinDays - ranges[b]!.ageMinDays || a - b);
    for (let position = 1; position < ordered.length; position += 1) {
      const previous = ordered[position - 1]!;
      const current = ordered[position]!;
      const before = ranges[previous]!;
      const range = ranges[current]!;
      if (range.ageMinDays <= before.ageMaxDays) problems.push({ index: current, field: 'ageMinDays', code: 'catalogue.rangeOverlap', other: previous });
      else if (range.ageMinDays > before.ageMaxDays + 1) problems.push({ index: current, field: 'ageMinDays', code: 'catalogue.rangeGap', other: previous });
    }
  }
  return problems.sort((a, b) => a.index - b.index);
}
