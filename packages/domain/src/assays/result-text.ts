/**
 * One decimal mark for results. A person may type either mark ('5,2' or '1.1'), an analyser sends its own;
 * the result is stored in one form and shown in the reader's language, so a Bosnian report never prints
 * 'HDL 1.1' beside 'Holesterol 5,2', and an English one never '5,2' beside a range '3.5 – 5.0'.
 *
 * - Stored: a number (with its comparator) with a decimal point, its digits exactly as typed ('5,20' ->
 *   '5.20', '< 0,5' -> '<0.5'); any other text (Pozitivan, '1:40', 'see comment') exactly as typed.
 * - Shown: the number with the language's mark ('5,20' in Bosnian and German, '5.20' in English); text as is.
 *   Results stored before this rule (with a comma) read the same way, so old data needs no rewrite.
 */
import { numericResultParts } from './result-flags.ts';
import { type DecimalMark, withDecimalMark } from './reference-range-text.ts';
import { standardAnswerIn } from './standard-answers.ts';

/** The stored form of a result as typed or sent: numbers with a decimal point, text unchanged. */
export function canonicalResultText(text: string): string {
  const parts = numericResultParts(text);
  return parts ? `${parts.comparator ?? ''}${parts.digits}` : text;
}

/** Whether two result texts are the same result ('5,2' and '5.2' are; 'Pozitivan' and 'pozitivan' are not). */
export function sameResultText(a: string, b: string): boolean {
  return canonicalResultText(a) === canonicalResultText(b);
}

/** A result as the reader's language writes it: a number with the language's mark, text as it was stored. */
export function resultTextWithMark(text: string, mark: DecimalMark): string {
  const parts = numericResultParts(text);
  return parts ? `${parts.comparator ?? ''}${withDecimalMark(parts.digits, mark)}` : text;
}

/** A result as a reader of `language` reads it: a number with the language's mark, a standard answer in its words, other text as stored. */
export function resultTextIn(text: string, language: string): string {
  const parts = numericResultParts(text);
  if (parts) return `${parts.comparator ?? ''}${withDecimalMark(parts.digits, language === 'en' ? '.' : ',')}`;
  return standardAnswerIn(text, language);
}
