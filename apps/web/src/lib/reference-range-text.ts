import type { ReferenceRangeAnswer } from '@lis/domain';
import { currentLanguage } from '../i18n/index.ts';

/**
 * A number with the decimal mark of the language (comma in Bosnian and
 * German, as results are typed), never grouped. Written out rather than with
 * Intl: browsers ship number formats for some locales only, and a lab must
 * not see "3.9" on one PC and "3,9" on another.
 */
export function withDecimalMark(text: string): string {
  return currentLanguage() === 'en' ? text : text.replace('.', ',');
}

export function formatReferenceNumber(value: number): string {
  return withDecimalMark(String(value));
}

/**
 * The reference range as people read it: the range's own text (its accepted
 * answers, separated by ';' in the catalogue, joined by ' / '), else
 * 'low – high', '≤ high' or '≥ low' (the limits are inclusive); '' when there
 * is none. The result screen and the results-over-time views show it alike.
 */
export function referenceText(referenca: ReferenceRangeAnswer, formatNumber: (value: number) => string = formatReferenceNumber): string {
  const { low, high, text } = referenca;
  if (text) return text.split(';').map((answer) => answer.trim()).filter(Boolean).join(' / ');
  if (low !== null && high !== null) return `${formatNumber(low)} – ${formatNumber(high)}`;
  if (high !== null) return `≤ ${formatNumber(high)}`;
  if (low !== null) return `≥ ${formatNumber(low)}`;
  return '';
}
