import type { MessageCode } from '../messages.ts';
import type { Spol } from '../spol.ts';
import { compareDates, isRealDate, type CalendarDate } from '../calendar-date.ts';

/**
 * The personal ID (jmbg). A real JMBG is DDMM, the century
 * digit (9 = 1xxx, 0 = 2xxx), two more year digits, region, a three-digit
 * serial (000-499 male, 500-999 female) and a check digit. Patients without
 * one get a placeholder of the same length ending in P:
 *
 *   date of birth ('datr')   DDMM YYY NNNNN P
 *   birth year ('god')       0000 YYY NNNNN P
 *   no data ('bez')          0000 900 NNNNN P
 *
 * NNNNN is a random 5-digit number. 'No data' uses year digits 900 (1900),
 * which no birth year can have (the earliest is 1921), so the three kinds
 * never collide and each can be told apart again.
 */
export const ID_MODES = ['jmbg', 'datr', 'god', 'bez'] as const;
export type IdMode = (typeof ID_MODES)[number];

export const JMBG_LENGTH = 13;
export const BIRTH_DATE_INPUT_LENGTH = 8;
export const BIRTH_YEAR_INPUT_LENGTH = 4;
export const MIN_BIRTH_YEAR = 1921;

const JMBG_PATTERN = /^\d{4}[90]\d{8}$/;
const PLACEHOLDER_PATTERN = /^\d{4}[90]\d{7}P$/;
const UNKNOWN_DAY_MONTH = '0000';
const NO_DATA_YEAR_DIGITS = '900';
const PLACEHOLDER_TAIL_LENGTH = 6;

/** A source of numbers in [0, 1), Math.random by default; tests pass a fixed one. */
export type RandomSource = () => number;

/**
 * The date part of an ID: DDMM and the three year digits. null when the
 * digits name no calendar day (31 February, month 13, day 00).
 */
function encodedDate(value: string): CalendarDate | null {
  const year = yearFromDigits(value.slice(4, 7));
  if (year === null) return null;
  const date = { day: Number(value.slice(0, 2)), month: Number(value.slice(2, 4)), year };
  return isRealDate(date) ? date : null;
}

/**
 * A valid ID: a 13-digit JMBG whose first seven digits are a real date of
 * birth (an impossible date such as 31 February is refused, since age drives
 * the test picker and the reference ranges), or a placeholder ending in P
 * (its date part is checked by the mode that made it, see jmbgProblem).
 * The check digit is not part of validity: see jmbgCheckDigitOk.
 */
export function isValidJmbg(value: string): boolean {
  if (PLACEHOLDER_PATTERN.test(value)) return true;
  return JMBG_PATTERN.test(value) && encodedDate(value) !== null;
}

const CHECK_DIGIT_WEIGHTS = [7, 6, 5, 4, 3, 2, 7, 6, 5, 4, 3, 2] as const;

/**
 * The control digit of the first twelve digits of a JMBG: the digits are
 * weighted 7 6 5 4 3 2 7 6 5 4 3 2 and summed; with r the sum's remainder
 * modulo 11, the control digit is 11 - r for r from 2 to 10, and 0 when
 * 11 - r is 10 or 11 (r = 1 or r = 0), as the register's own rule states.
 * (Some validators call r = 1 invalid; since a doubtful control digit only
 * warns, the register's more lenient reading is the one that warns less
 * often about real people.)
 */
export function jmbgControlDigit(firstTwelve: string): number | null {
  if (!/^\d{12}$/.test(firstTwelve)) return null;
  const sum = CHECK_DIGIT_WEIGHTS.reduce((total, weight, index) => total + weight * Number(firstTwelve[index]), 0);
  const digit = 11 - (sum % 11);
  return digit > 9 ? 0 : digit;
}

/**
 * False only for a 13-digit JMBG whose last digit is not the control digit of
 * the first twelve (jmbgControlDigit). Placeholders ending in P carry no
 * control digit and text that is no JMBG has none to check, so both pass.
 */
export function jmbgCheckDigitOk(value: string): boolean {
  if (!JMBG_PATTERN.test(value)) return true;
  return jmbgControlDigit(value.slice(0, 12)) === Number(value.slice(12));
}

/**
 * What is doubtful about an ID that is still accepted: a wrong control digit
 * only warns, because real IDs with a bad control digit were issued and their
 * holders must still be registered.
 */
export function jmbgWarnings(value: string): MessageCode[] {
  return jmbgCheckDigitOk(value) ? [] : ['patient.jmbgCheckDigit'];
}

/** True for the generated IDs ending in P (date-of-birth, birth-year and no-data modes). */
export function isPlaceholderJmbg(value: string): boolean {
  return PLACEHOLDER_PATTERN.test(value);
}

/** How many characters each mode's input field takes: 13 for the ID, 8 for ddmmyyyy, 4 for the year. */
export function inputLengthFor(mode: IdMode): number {
  switch (mode) {
    case 'jmbg': return JMBG_LENGTH;
    case 'datr': return BIRTH_DATE_INPUT_LENGTH;
    case 'god': return BIRTH_YEAR_INPUT_LENGTH;
    case 'bez': return 0;
  }
}

/** What the input field keeps of typed text: at most the mode's length (the P of a placeholder upper-cased). */
export function truncateIdInput(value: string, mode: IdMode): string {
  return value.toUpperCase().slice(0, inputLengthFor(mode));
}

/** The three year digits of the ID: 1985 -> '985', 2012 -> '012'. */
export function yearDigits(year: number): string {
  if (!Number.isInteger(year) || year < 1900 || year > 2099) throw new RangeError(`year out of the ID's range: ${year}`);
  return String(year % 1000).padStart(3, '0');
}

/** The year from the ID's three year digits: a leading 9 means 1xxx, a leading 0 means 2xxx. */
export function yearFromDigits(digits: string): number | null {
  if (!/^[90]\d\d$/.test(digits)) return null;
  const rest = Number(digits);
  return digits.startsWith('9') ? 1000 + rest : 2000 + rest;
}

/** The random tail of a placeholder: a 5-digit number (10000-99999) and P. */
export function newPlaceholderTail(random: RandomSource = Math.random): string {
  const value = Math.min(Math.max(random(), 0), 0.999_999_999);
  return `${10_000 + Math.floor(value * 90_000)}P`;
}

/** Keeps the random tail of a placeholder already generated, so retyping the date does not change it. */
function tailFor(currentId: string | null | undefined, random: RandomSource): string {
  return currentId && isPlaceholderJmbg(currentId) ? currentId.slice(-PLACEHOLDER_TAIL_LENGTH) : newPlaceholderTail(random);
}

/** Year mode ('god'): '0000', the three year digits, the last six characters of the existing placeholder. */
export function encodeBirthYear(year: number, currentId?: string | null, random: RandomSource = Math.random): string {
  return `${UNKNOWN_DAY_MONTH}${yearDigits(year)}${tailFor(currentId, random)}`;
}

/** Date mode ('datr'): day and month, the three year digits, the last six characters of the existing placeholder. */
export function encodeBirthDate(date: CalendarDate, currentId?: string | null, random: RandomSource = Math.random): string {
  const dayMonth = `${String(date.day).padStart(2, '0')}${String(date.month).padStart(2, '0')}`;
  return `${dayMonth}${yearDigits(date.year)}${tailFor(currentId, random)}`;
}

/** No-data mode: nothing is known about the birth. */
export function encodeNoData(currentId?: string | null, random: RandomSource = Math.random): string {
  return `${UNKNOWN_DAY_MONTH}${NO_DATA_YEAR_DIGITS}${tailFor(currentId, random)}`;
}

/** The ddmmyyyy field of the date mode: 8 digits, a real day (leap years included), 1921 up to today. */
export function parseBirthDateInput(text: string, today: CalendarDate): CalendarDate | null {
  if (!/^\d{8}$/.test(text)) return null;
  const date = { day: Number(text.slice(0, 2)), month: Number(text.slice(2, 4)), year: Number(text.slice(4, 8)) };
  if (!isRealDate(date)) return null;
  if (date.year < MIN_BIRTH_YEAR || compareDates(date, today) > 0) return null;
  return date;
}

/**
 * A birth year from 1921 up to the current year of the site: `today` is the
 * site's calendar day (its time zone), so on New Year's Eve in Sarajevo a
 * browser or server running in UTC still judges by Sarajevo's year.
 */
export function isPossibleBirthYear(year: number, today: CalendarDate): boolean {
  return Number.isInteger(year) && year >= MIN_BIRTH_YEAR && year <= today.year;
}

/** The yyyy field of the year mode: 4 digits between 1921 and the current year. */
export function parseBirthYearInput(text: string, today: CalendarDate): number | null {
  if (!/^\d{4}$/.test(text)) return null;
  const year = Number(text);
  return isPossibleBirthYear(year, today) ? year : null;
}

export type IdEntryResult = { ok: true; jmbg: string } | { ok: false; code: MessageCode; field: 'jmbg' };

/**
 * The intake form's radio choice turned into the ID that is saved: the typed
 * JMBG, or a placeholder encoding the date of birth, the birth year or nothing.
 * `currentId` is the placeholder generated so far; its random tail is kept.
 */
export function personalIdFromEntry(
  mode: IdMode, input: string, today: CalendarDate, currentId?: string | null, random: RandomSource = Math.random,
): IdEntryResult {
  const text = truncateIdInput(input.trim(), mode);
  switch (mode) {
    case 'jmbg':
      return isValidJmbg(text) ? { ok: true, jmbg: text } : { ok: false, code: 'patient.jmbgInvalid', field: 'jmbg' };
    case 'datr': {
      const date = parseBirthDateInput(text, today);
      return date ? { ok: true, jmbg: encodeBirthDate(date, currentId, random) } : { ok: false, code: 'patient.birthDateInvalid', field: 'jmbg' };
    }
    case 'god': {
      const year = parseBirthYearInput(text, today);
      return year !== null ? { ok: true, jmbg: encodeBirthYear(year, currentId, random) } : { ok: false, code: 'patient.birthYearInvalid', field: 'jmbg' };
    }
    case 'bez':
      return { ok: true, jmbg: encodeNoData(currentId, random) };
  }
}

/** What an ID tells about its holder. */
export interface PersonalIdFacts {
  /** Which intake mode produced it. */
  mode: IdMode;
  /** Known for a real JMBG and the date-of-birth placeholder (when the encoded date is a real one). */
  birthDate: CalendarDate | null;
  birthYear: number | null;
  /** Only a real JMBG carries the sex (serial 000-499 male, 500-999 female). */
  spol: Spol | null;
}

/** Birth date, year and sex where the ID allows; null for an ID that is not valid. */
export function describeJmbg(jmbg: string): PersonalIdFacts | null {
  if (!isValidJmbg(jmbg)) return null;
  const dayMonth = jmbg.slice(0, 4);
  const digits = jmbg.slice(4, 7);
  const year = yearFromDigits(digits);
  const placeholder = isPlaceholderJmbg(jmbg);
  if (placeholder && dayMonth === UNKNOWN_DAY_MONTH) {
    if (digits === NO_DATA_YEAR_DIGITS) return { mode: 'bez', birthDate: null, birthYear: null, spol: null };
    return { mode: 'god', birthDate: null, birthYear: year, spol: null };
  }
  const birthDate = encodedDate(jmbg);
  if (placeholder) return { mode: 'datr', birthDate, birthYear: birthDate?.year ?? null, spol: null };
  const serial = Number(jmbg.slice(9, 12));
  return { mode: 'jmbg', birthDate, birthYear: birthDate?.year ?? null, spol: serial < 500 ? 'MUŠKI' : 'ŽENSKI' };
}

/**
 * The checks beyond the format, for an ID about to be saved: the birth it
 * encodes must be possible. A real JMBG must carry a real date (isValidJmbg)
 * not after today; a birth-year placeholder needs a year 1921..today; a date
 * placeholder a real date 1921..today.
 */
export function jmbgProblem(jmbg: string, today: CalendarDate): MessageCode | null {
  const facts = describeJmbg(jmbg);
  if (!facts) return 'patient.jmbgInvalid';
  switch (facts.mode) {
    case 'jmbg':
      return facts.birthDate && compareDates(facts.birthDate, today) > 0 ? 'patient.jmbgInvalid' : null;
    case 'god':
      return facts.birthYear !== null && facts.birthYear >= MIN_BIRTH_YEAR && facts.birthYear <= today.year ? null : 'patient.birthYearInvalid';
    case 'datr':
      return facts.birthDate && facts.birthDate.year >= MIN_BIRTH_YEAR && compareDates(facts.birthDate, today) <= 0 ? null : 'patient.birthDateInvalid';
    case 'bez':
      return null;
  }
}
