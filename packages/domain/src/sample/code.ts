/**
 * The sample code printed as a barcode on the tube: yymmdd of the day the
 * sample was registered (in the site's time zone) followed by that day's
 * running number across the whole lab, zero-padded to 4 digits
 * (2405170001, 2405170002, ...; after 9999 a day the number simply grows to
 * 5 digits). All digits, so Code128 packs it in its compact numeric set and
 * a person can read it off the label. The running number is the
 * "pacijentRBr" on the label. Codes are never reused: the day counter only
 * ever increases, also when samples are deleted.
 */
import type { CalendarDate } from '../calendar-date.ts';
export const SAMPLE_CODE_COUNTER_DIGITS = 4;
export const SAMPLE_CODE_PATTERN = /^(\d{2})(\d{2})(\d{2})(\d{4,})$/;

/** A site's calendar day -> 'yymmdd' (2024-03-05 -> '240305'). */
export function sampleCodeDay(date: CalendarDate): string {
  const two = (value: number) => String(value % 100).padStart(2, '0');
  return `${two(date.year)}${two(date.month)}${two(date.day)}`;
}

export function formatSampleCode(codeDay: string, counter: number): string {
  if (!/^\d{6}$/.test(codeDay)) throw new RangeError(`not a yymmdd day: ${codeDay}`);
  if (!Number.isSafeInteger(counter) || counter < 1) throw new RangeError(`not a day counter: ${counter}`);
  return `${codeDay}${String(counter).padStart(SAMPLE_CODE_COUNTER_DIGITS, '0')}`;
}

/** The day and running number of a code; null for text that is not one (a mistyped or foreign barcode). */
export function parseSampleCode(code: string): { codeDay: string; counter: number } | null {
  const match = SAMPLE_CODE_PATTERN.exec(code.trim());
  if (!match) return null;
  const counterText = match[4] ?? '';
  // 5+ digits are only used once 9999 is passed, so '00012' is not a code anyone was given.
  if (counterText.length > SAMPLE_CODE_COUNTER_DIGITS && counterText.startsWith('0')) return null;
  const counter = Number(counterText);
  if (counter < 1) return null;
  return { codeDay: `${match[1]}${match[2]}${match[3]}`, counter };
}
