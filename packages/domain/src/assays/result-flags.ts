/**
 * Flags of a result against its reference range and the assay's critical limits.
 * The result keeps the exact text the analyser or the person entered ("5,4",
 * "<0.5", ">1000", "Pozitivan"); these rules read that text.
 */

/** LL/HH: beyond a critical limit; L/H: outside the reference range; N: within it; A: abnormal text result. */
export type ResultFlag = 'LL' | 'L' | 'N' | 'H' | 'HH' | 'A';

export type Comparator = '<' | '<=' | '>' | '>=';

export type ParsedResult =
  | { kind: 'number'; value: number; comparator: Comparator | null }
  | { kind: 'text'; text: string };

export interface FlagReference {
  low: number | null;
  high: number | null;
  tekst: string | null;
}

export interface CriticalLimits {
  criticalLow: number | null;
  criticalHigh: number | null;
}

const COMPARATORS: Record<string, Comparator> = { '<': '<', '<=': '<=', '≤': '<=', '>': '>', '>=': '>=', '≥': '>=' };
/** An optional comparator, then a number with "." or "," as the decimal mark ("5,4" is how people here type it). */
const NUMERIC_RESULT = /^(<=|>=|<|>|≤|≥)?\s*([+-]?(?:\d+(?:[.,]\d+)?|[.,]\d+))$/;

/**
 * A numeric result's parts: its comparator (≤ read as <=) and its number as decimal text with a point, the
 * digits as typed ("< 0,50" -> '<', "0.50"); null for a text result. The one reading of either decimal mark.
 */
export function numericResultParts(text: string): { comparator: Comparator | null; digits: string } | null {
  const match = NUMERIC_RESULT.exec(text.trim());
  if (!match) return null;
  return { comparator: match[1] ? (COMPARATORS[match[1]] as Comparator) : null, digits: (match[2] as string).replace(',', '.') };
}

export function parseResultValue(text: string): ParsedResult {
  const parts = numericResultParts(text);
  if (!parts) return { kind: 'text', text: text.trim() };
  return { kind: 'number', value: Number(parts.digits), comparator: parts.comparator };
}

/** The numeric value of an exact result, or null for text and for "<0.5"-style results (which formulas cannot use). */
export function exactNumericValue(text: string): number | null {
  const parsed = parseResultValue(text);
  return parsed.kind === 'number' && parsed.comparator === null ? parsed.value : null;
}

/**
 * The exact number of a result as decimal text with a point ("5,40" -> "5.40"), for a `numeric` column:
 * the digits as entered, never through a float. Null for text and censored results, like exactNumericValue.
 */
export function exactNumericText(text: string): string | null {
  const parts = numericResultParts(text);
  return parts && parts.comparator === null ? parts.digits : null;
}

/** Case, spacing, a final full stop and missing diacritics (Zuta for Žuta, dj for đ) do not change a text answer. */
export function normalizeTextResult(text: string): string {
  return text
    .trim()
    .toLocaleLowerCase('bs')
    .replace(/đ/g, 'dj')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/\s+/g, ' ')
    .replace(/\.$/, '');
}

function textMatchesReference(result: string, tekst: string): boolean {
  const answer = normalizeTextResult(result);
  return tekst.split(';').some((alternative) => normalizeTextResult(alternative) === answer);
}

/**
 * For a result that is only known to lie below or above a value ("<0.5", ">1000"):
 * whether every value it stands for is below (or above) the threshold.
 */
function surelyBelow(result: { value: number; comparator: Comparator | null }, threshold: number): boolean {
  switch (result.comparator) {
    case null:
      return result.value < threshold;
    case '<':
      return result.value <= threshold;
    case '<=':
      return result.value < threshold;
    case '>':
    case '>=':
      return false;
  }
}

function surelyAbove(result: { value: number; comparator: Comparator | null }, threshold: number): boolean {
  switch (result.comparator) {
    case null:
      return result.value > threshold;
    case '>':
      return result.value >= threshold;
    case '>=':
      return result.value > threshold;
    case '<':
    case '<=':
      return false;
  }
}

/**
 * The flag of a result, or null when it cannot be judged: no reference, a text
 * result against a numeric range, a number against a text reference, or a
 * "<x"/">x" result that could lie on either side of a limit.
 * Limits are inclusive: a value equal to low or high is within the range, and
 * only a value beyond a critical limit is critical.
 */
export function evaluateResultFlag(
  resultText: string,
  reference: FlagReference | null,
  critical: CriticalLimits = { criticalLow: null, criticalHigh: null },
): ResultFlag | null {
  const result = parseResultValue(resultText);
  if (result.kind === 'text') {
    if (result.text === '' || !reference?.tekst) return null;
    return textMatchesReference(result.text, reference.tekst) ? 'N' : 'A';
  }
  if (critical.criticalLow !== null && surelyBelow(result, critical.criticalLow)) return 'LL';
  if (critical.criticalHigh !== null && surelyAbove(result, critical.criticalHigh)) return 'HH';
  const low = reference?.low ?? null;
  const high = reference?.high ?? null;
  if (low !== null && surelyBelow(result, low)) return 'L';
  if (high !== null && surelyAbove(result, high)) return 'H';
  if (low === null && high === null) return null;
  const withinLow = low === null || atLeast(result, low);
  const withinHigh = high === null || atMost(result, high);
  return withinLow && withinHigh ? 'N' : null;
}

/** Every value the result stands for is >= threshold. */
function atLeast(result: { value: number; comparator: Comparator | null }, threshold: number): boolean {
  if (result.comparator === '<' || result.comparator === '<=') return false;
  return result.value >= threshold;
}

/** Every value the result stands for is <= threshold. */
function atMost(result: { value: number; comparator: Comparator | null }, threshold: number): boolean {
  if (result.comparator === '>' || result.comparator === '>=') return false;
  return result.value <= threshold;
}

/** LL and HH need a call to the ordering doctor. */
export function isCriticalFlag(flag: ResultFlag | null): boolean {
  return flag === 'LL' || flag === 'HH';
}
