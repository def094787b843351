/**
 * The lab's standard worded answers in the reader's language. Results and reference texts are stored as the
 * Bosnian lab writes them ('Negativan', 'Pozitivan (++)', 'Bistar'); an English or German screen and report
 * show the same answer in its own language. Only whole answers from this list are translated: free text a
 * person typed ('vidi komentar') is shown exactly as stored, in every language.
 */
import { QUALITATIVE_NEGATIVE, QUALITATIVE_POSITIVE, readQualitativeResult } from '../results/result-kind.ts';

/** Each standard answer in English and German, keyed by its Bosnian form as stored. */
const STANDARD_ANSWERS: Readonly<Record<string, readonly [en: string, de: string]>> = {
  [QUALITATIVE_NEGATIVE]: ['Negative', 'Negativ'],
  [QUALITATIVE_POSITIVE]: ['Positive', 'Positiv'],
  'Neg.': ['Neg.', 'Neg.'],
  'Poz.': ['Pos.', 'Pos.'],
  Reaktivan: ['Reactive', 'Reaktiv'],
  Nereaktivan: ['Non-reactive', 'Nicht reaktiv'],
  Granično: ['Borderline', 'Grenzwertig'],
  Nema: ['None', 'Keine'],
  Normalan: ['Normal', 'Normal'],
  Bistar: ['Clear', 'Klar'],
  Mutan: ['Cloudy', 'Trüb'],
  Žuta: ['Yellow', 'Gelb'],
  Svijetložuta: ['Light yellow', 'Hellgelb'],
  Tamnožuta: ['Dark yellow', 'Dunkelgelb'],
  Pojedinačne: ['Occasional', 'Vereinzelt'],
  Rijetke: ['Few', 'Wenige'],
  Brojne: ['Many', 'Zahlreiche'],
  Trag: ['Trace', 'Spuren'],
};

/**
 * One stored answer as a reader of `language` (bs, en, de; any other reads Bosnian) reads it: a standard
 * answer translated, anything else as stored.
 */
export function standardAnswerIn(text: string, language: string): string {
  if (language !== 'en' && language !== 'de') return text;
  const index = language === 'en' ? 0 : 1;
  const trimmed = text.trim();
  const exact = STANDARD_ANSWERS[trimmed];
  if (exact) return exact[index];
  // 'Pozitivan (++)': the word translated, the grade as the assay names it.
  const qualitative = readQualitativeResult(trimmed);
  if (qualitative?.positive && qualitative.grade !== null) return `${STANDARD_ANSWERS[QUALITATIVE_POSITIVE]![index]} (${qualitative.grade})`;
  return text;
}
