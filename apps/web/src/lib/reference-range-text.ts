import { referenceRangeText, standardAnswerIn, type ReferenceRangeAnswer } from '@lis/domain';
import { currentLanguage } from '../i18n/index.ts';
import { formatResult, withDecimalMark as inLanguage } from './format.ts';

/**
 * A number with the decimal mark of the language shown now (comma in Bosnian
 * and German, as results are typed), never grouped; the rule is the domain's,
 * so the printed report reads the same.
 */
export function withDecimalMark(text: string): string {
  return inLanguage(text, currentLanguage());
}

/** A stored result in the language shown now ('1.1' reads '1,1' in Bosnian and German); text as stored. */
export function shownResult(text: string): string {
  return formatResult(text, currentLanguage());
}

export function formatReferenceNumber(value: number): string {
  return withDecimalMark(String(value));
}

/**
 * The reference range as people read it (the domain's `referenceRangeText`), its worded answers in the language shown:
 * the result screen, the results-over-time views and the printed report show it alike.
 */
export function referenceText(referenca: ReferenceRangeAnswer, formatNumber: (value: number) => string = formatReferenceNumber): string {
  const language = currentLanguage();
  return referenceRangeText(referenca, formatNumber, (answer) => standardAnswerIn(answer, language));
}
