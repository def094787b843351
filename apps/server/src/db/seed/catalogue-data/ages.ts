/** Age bands of reference ranges, in days (the unit of reference_ranges), both ends inclusive. */

const DAYS_PER_YEAR = 365.25;

/** Age in days on the n-th birthday (rounded over leap years). */
export function years(n: number): number {
  return Math.round(n * DAYS_PER_YEAR);
}

/** The band from the `from`-th birthday up to the day before the `to`-th one. */
export function yearsBand(from: number, to: number): { ageMinDays: number; ageMaxDays: number } {
  return { ageMinDays: years(from), ageMaxDays: years(to) - 1 };
}

/** Days of life, e.g. the neonatal period 0–29. */
export function daysBand(from: number, to: number): { ageMinDays: number; ageMaxDays: number } {
  return { ageMinDays: from, ageMaxDays: to };
}

/** 18 years and older. */
export const ADULT = { ageMinDays: years(18) } as const;
/** From the first birthday to the day before the 18th. */
export const CHILD = yearsBand(1, 18);
