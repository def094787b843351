import { QUALITATIVE_NEGATIVE, QUALITATIVE_POSITIVE, qualitativeResult, readQualitativeResult } from '../results/result-kind.ts';

/**
 * An analyser's coded or text answer (HL7 CE/CWE `code^text`, an ASTM text value such as `NEG`) as one of a
 * qualitative assay's answers as stored: "Negativan", "Pozitivan", or "Pozitivan (grade)".
 */

/**
 * The answers every analyser is read with, by the code or text as an instrument sends it (case, spaces, `-`
 * and `_` ignored): the words in English, Bosnian and German and the SNOMED CT codes for negative (260385009)
 * and positive (10828004). Single letters (`N`, `P`) are not among them: instruments use them for flags too,
 * so a lab maps them per analyser when its instrument means an answer.
 */
const COMMON_ANSWERS: Readonly<Record<string, string>> = {
  NEG: QUALITATIVE_NEGATIVE, NEGATIVE: QUALITATIVE_NEGATIVE, NEGATIV: QUALITATIVE_NEGATIVE, NEGATIVAN: QUALITATIVE_NEGATIVE,
  NEGATIVNO: QUALITATIVE_NEGATIVE, NONREACTIVE: QUALITATIVE_NEGATIVE, NOTDETECTED: QUALITATIVE_NEGATIVE, 260385009: QUALITATIVE_NEGATIVE,
  POS: QUALITATIVE_POSITIVE, POSITIVE: QUALITATIVE_POSITIVE, POSITIV: QUALITATIVE_POSITIVE, POZITIVAN: QUALITATIVE_POSITIVE,
  POZITIVNO: QUALITATIVE_POSITIVE, REACTIVE: QUALITATIVE_POSITIVE, DETECTED: QUALITATIVE_POSITIVE, 10828004: QUALITATIVE_POSITIVE,
};

function normalised(code: string): string {
  return code.trim().toUpperCase().replace(/[\s_-]+/g, '');
}

export interface AnalyserAnswerOptions {
  /** The analyser's own codes (`tumacenje.answers`), matched before the common ones, case ignored. */
  answers?: Readonly<Record<string, string>> | undefined;
  /** The assay's grades of a positive (`opcije`: "+", "++"); a value naming one is that positive grade. */
  grades: readonly string[];
}

/**
 * The qualitative answer a value names, or null when it names none (the ingest refuses it as `unmappedAnswer`).
 * The code is tried before the text that came with it (`codedText`), each first in the analyser's own map, then
 * as an answer already stored as such, then among the common answers, then as one of the assay's grades.
 * A positive without a grade on an assay that lists grades is returned as it is: the assay's value rule
 * refuses it (a positive needs its grade).
 */
export function analyserAnswer(value: string, codedText: string | undefined, options: AnalyserAnswerOptions): string | null {
  const candidates = [value, codedText ?? ''].map((candidate) => candidate.trim()).filter((candidate) => candidate !== '');
  const own = new Map(Object.entries(options.answers ?? {}).map(([code, answer]) => [normalised(code), answer]));
  for (const candidate of candidates) {
    const mapped = own.get(normalised(candidate));
    if (mapped !== undefined) return mapped;
  }
  for (const candidate of candidates) {
    if (readQualitativeResult(candidate) !== null) return candidate;
    const common = COMMON_ANSWERS[normalised(candidate)];
    if (common !== undefined) return common;
    const grade = options.grades.find((entry) => entry.trim() === candidate);
    if (grade !== undefined) return qualitativeResult(true, grade);
  }
  return null;
}
