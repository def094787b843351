/** A reference range as people read it: the limits (inclusive) or the range's text answers. */
export interface ReferenceRangeLimits {
  low: number | null;
  high: number | null;
  text: string | null;
}

/** The decimal mark a language writes numbers with: a comma in Bosnian and German, a point in English. */
export type DecimalMark = ',' | '.';

/**
 * A number with the decimal mark, never grouped. Written out rather than with
 * Intl: runtimes ship number formats for some locales only, and a range must
 * read the same on every screen and on the printed report.
 */
export function withDecimalMark(text: string, mark: DecimalMark): string {
  return mark === ',' ? text.replace('.', ',') : text;
}

/**
 * The reference range as the result screen and the printed report show it:
 * the range's own text (its accepted answers, separated by ';' in the
 * catalogue, joined by ' / '), else 'low – high', '≤ high' or '≥ low' (the
 * limits are inclusive); '' when there is none. `answerIn` gives each text answer in the reader's language
 * (standardAnswerIn).
 */
export function referenceRangeText(
  range: ReferenceRangeLimits, formatNumber: (value: number) => string, answerIn: (answer: string) => string = (answer) => answer,
): string {
  const { low, high, text } = range;
  if (text) return text.split(';').map((answer) => answer.trim()).filter(Boolean).map(answerIn).join(' / ');
  if (low !== null && high !== null) return `${formatNumber(low)} – ${formatNumber(high)}`;
  if (high !== null) return `≤ ${formatNumber(high)}`;
  if (low !== null) return `≥ ${formatNumber(low)}`;
  return '';
}
