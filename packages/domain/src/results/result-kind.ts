import type { MessageCode } from '../messages.ts';
import { parseResultValue } from '../assays/result-flags.ts';

/**
 * How an assay's result is given:
 * - numeric: a number as the analyser or the person writes it ("5,4", "5.4"),
 *   or censored beyond the measuring range ("<0.5", ">1000");
 * - text: free text (colour of urine, a microscopy finding);
 * - qualitative: Negativan or Pozitivan. When the assay lists grades
 *   (e.g. "+", "++", "+++"), a positive result names one of them, stored as
 *   "Pozitivan (++)": a positive without its grade cannot be confirmed.
 */
export const RESULT_KINDS = ['numeric', 'text', 'qualitative'] as const;
export type ResultKind = (typeof RESULT_KINDS)[number];

export const QUALITATIVE_NEGATIVE = 'Negativan';
export const QUALITATIVE_POSITIVE = 'Pozitivan';

/** The stored text of a qualitative result: "Negativan", "Pozitivan", or "Pozitivan (grade)". */
export function qualitativeResult(positive: boolean, grade: string | null): string {
  if (!positive) return QUALITATIVE_NEGATIVE;
  return grade ? `${QUALITATIVE_POSITIVE} (${grade})` : QUALITATIVE_POSITIVE;
}

export interface QualitativeReading {
  positive: boolean;
  grade: string | null;
}

/** Reads a stored qualitative result back into its answer and grade; null when the text is not one. */
export function readQualitativeResult(text: string): QualitativeReading | null {
  const trimmed = text.trim();
  if (trimmed === QUALITATIVE_NEGATIVE) return { positive: false, grade: null };
  if (trimmed === QUALITATIVE_POSITIVE) return { positive: true, grade: null };
  const graded = /^Pozitivan \((.+)\)$/.exec(trimmed);
  return graded ? { positive: true, grade: graded[1] as string } : null;
}

/** Whether the qualitative dialog may confirm: a negative always, a positive once its grade is chosen (when the assay has grades). */
export function canConfirmQualitative(reading: QualitativeReading | null, grades: readonly string[]): boolean {
  if (!reading) return false;
  if (!reading.positive) return true;
  return grades.length === 0 || (reading.grade !== null && grades.includes(reading.grade));
}

export interface ResultValueAssay {
  vrsta: ResultKind;
  opcije: readonly string[];
}

/**
 * Why a result text cannot be stored for the assay, or null when it can. A
 * blank text clears the result and is always allowed. Numbers must be numbers
 * (a comparator in front is allowed); a qualitative result must be one of its
 * answers, with a grade the assay lists when it lists grades.
 */
export function resultValueProblem(assay: ResultValueAssay, rezultat: string | null): MessageCode | null {
  if (rezultat === null || rezultat.trim() === '') return null;
  if (assay.vrsta === 'numeric') return parseResultValue(rezultat).kind === 'number' ? null : 'results.notNumeric';
  if (assay.vrsta === 'qualitative') {
    const reading = readQualitativeResult(rezultat);
    if (!reading) return 'results.notAllowedValue';
    if (reading.positive && assay.opcije.length > 0 && !canConfirmQualitative(reading, assay.opcije)) return 'results.positiveNeedsGrade';
  }
  return null;
}

/** An assay's stored `vrsta` as a result kind; anything else is a broken catalogue row, not user input. */
export function resultKindOf(value: string): ResultKind {
  const kind = RESULT_KINDS.find((known) => known === value);
  if (!kind) throw new Error(`unknown result kind in the catalogue: ${value}`);
  return kind;
}
