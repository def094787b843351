import { compareDates, daysInMonth, epochDay, type CalendarDate } from '../calendar-date.ts';
import { describeJmbg } from './personal-id.ts';

/** The age as the spec's jmbgObj carries it: whole years, then whole months, then days. */
export interface Age {
  years: number;
  months: number;
  days: number;
}

export interface PatientAge {
  jmbgObj: Age;
  /** Age in days, what reference ranges and the test picker compare against. */
  days: number;
}

function addMonths(date: CalendarDate, months: number): CalendarDate {
  const index = date.year * 12 + (date.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  // 31 January plus one month is the last day of February, not 3 March.
  return { year, month, day: Math.min(date.day, daysInMonth(year, month)) };
}

/** Calendar age on a day; null when the birth is after that day. */
export function ageOn(birth: CalendarDate, today: CalendarDate): Age | null {
  if (compareDates(birth, today) > 0) return null;
  // A month counts once its day of the month is reached (born 31 January: one month old on 1 March, not on 28 February).
  let months = (today.year - birth.year) * 12 + (today.month - birth.month);
  if (today.day < birth.day) months -= 1;
  const anniversary = addMonths(birth, months);
  return { years: Math.floor(months / 12), months: months % 12, days: epochDay(today) - epochDay(anniversary) };
}

export function ageInDays(birth: CalendarDate, today: CalendarDate): number {
  return epochDay(today) - epochDay(birth);
}

/**
 * The birth date the age is counted from: the one in the ID, or 1 January of
 * the birth year when only the year is known (age = current year - birth
 * year, the way a lab counts the age of a patient registered by godište).
 */
export function birthDateForAge(jmbg: string): CalendarDate | null {
  const facts = describeJmbg(jmbg);
  if (!facts) return null;
  if (facts.birthDate) return facts.birthDate;
  return facts.birthYear === null ? null : { year: facts.birthYear, month: 1, day: 1 };
}

/** Age derived from the ID; null when the ID does not tell the birth or the birth is in the future. */
export function ageFromJmbg(jmbg: string, today: CalendarDate): PatientAge | null {
  const birth = birthDateForAge(jmbg);
  if (!birth) return null;
  const jmbgObj = ageOn(birth, today);
  return jmbgObj ? { jmbgObj, days: ageInDays(birth, today) } : null;
}

/**
 * A patient's age: from the ID when it tells the birth, else from the birth
 * year typed in the patient-data dialog (counted from 1 January); null when
 * neither is known.
 */
export function patientAge(patient: { jmbg: string; godiste?: number | null }, today: CalendarDate): PatientAge | null {
  const fromId = ageFromJmbg(patient.jmbg, today);
  if (fromId || birthDateForAge(patient.jmbg) || !patient.godiste) return fromId;
  const birth = { year: patient.godiste, month: 1, day: 1 };
  const jmbgObj = ageOn(birth, today);
  return jmbgObj ? { jmbgObj, days: ageInDays(birth, today) } : null;
}
