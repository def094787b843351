/**
 * The one reading of an analyser's value, whatever the protocol brought it (ASTM R-4, HL7 OBX-5): a
 * number, a censored number (`<0.5`), a ratio (`1:40`), text, or no result at all (`----`, `***`,
 * empty). Pure; the server's ingest stores what this decides.
 */

export type DecimalMark = '.' | ',';

export type AnalyserComparator = '<' | '<=' | '>' | '>=';

/** Why a value is no result: empty, a row of dashes (`----`), a row of stars (`***`). */
export type NoResultReason = 'empty' | 'dashes' | 'asterisks';

export type AnalyserValue =
  /** `text` is the number as stored: the digits as sent with any thousands grouping removed (`1.234,5` with ',' → `1234,5`). */
  | { kind: 'number'; value: number; text: string }
  /** Known only to lie below or above `value`; `text` is comparator and number as stored (`<0.5`, `>=1000`). */
  | { kind: 'censored'; comparator: AnalyserComparator; value: number; text: string }
  /** A titre or ratio `1:40`; `text` as stored, without spaces. */
  | { kind: 'ratio'; numerator: number; denominator: number; text: string }
  /** Anything else, trimmed (`Negativ`, `see comment`). */
  | { kind: 'text'; text: string }
  /** The analyser measured nothing: held for review with the reason, never stored as a result. */
  | { kind: 'none'; reason: NoResultReason; text: string };

export interface AnalyserValueOptions {
  /**
   * The analyser's decimal mark. With '.' (the default) a point is the decimal mark and a comma is read as
   * one too when it cannot be thousands grouping: `5,4` and `0,25` are 5.4 and 0.25 (European instruments
   * left on the default), while `1,234` (one to three digits, the first not 0, then a comma and exactly three
   * digits) stays text, as it could be 1234; `0,250` and `12,50` are numbers.
   * With ',' the comma is the decimal mark and points group thousands (`1.234,5` → 1234.5).
   */
  decimalMark?: DecimalMark;
}

const COMPARATOR = /^(<=|>=|≤|≥|<|>)\s*(.*)$/;
const COMPARATORS: Record<string, AnalyserComparator> = { '<': '<', '<=': '<=', '≤': '<=', '>': '>', '>=': '>=', '≥': '>=' };
const RATIO = /^(\d+(?:[.,]\d+)?)\s*:\s*(\d+(?:[.,]\d+)?)$/;

export function analyserValue(raw: string, options: AnalyserValueOptions = {}): AnalyserValue {
  const text = raw.trim();
  if (text === '') return { kind: 'none', reason: 'empty', text };
  if (/^-{2,}$/.test(text)) return { kind: 'none', reason: 'dashes', text };
  if (/^\*+$/.test(text)) return { kind: 'none', reason: 'asterisks', text };
  const decimalMark = options.decimalMark ?? '.';

  const censored = COMPARATOR.exec(text);
  if (censored) {
    const number = numberOf(censored[2] ?? '', decimalMark);
    const comparator = COMPARATORS[censored[1] ?? ''];
    if (number !== null && comparator !== undefined) return { kind: 'censored', comparator, value: number.value, text: `${comparator}${number.text}` };
    return { kind: 'text', text };
  }
  const ratio = RATIO.exec(text);
  if (ratio) {
    const numerator = numberOf(ratio[1] ?? '', decimalMark);
    const denominator = numberOf(ratio[2] ?? '', decimalMark);
    if (numerator !== null && denominator !== null) {
      return { kind: 'ratio', numerator: numerator.value, denominator: denominator.value, text: `${numerator.text}:${denominator.text}` };
    }
  }
  const number = numberOf(text, decimalMark);
  if (number !== null) return { kind: 'number', ...number };
  return { kind: 'text', text };
}

/** The text a value stores as a result, or null for no result. */
export function storedAnalyserValue(value: AnalyserValue): string | null {
  return value.kind === 'none' ? null : value.text;
}

/** A plain number (sign, digits, one decimal mark) as its value and the text to store, or null. */
function numberOf(text: string, decimalMark: DecimalMark): { value: number; text: string } | null {
  const trimmed = text.trim();
  if (decimalMark === ',') {
    // Points group thousands (in threes), the comma is the decimal mark.
    const match = /^([+-]?)(\d{1,3}(?:\.\d{3})+|\d+)?(?:,(\d+))?$/.exec(trimmed);
    if (!match || (match[2] === undefined && match[3] === undefined)) return null;
    const whole = (match[2] ?? '').replaceAll('.', '');
    const stored = `${match[1] ?? ''}${whole}${match[3] === undefined ? '' : `,${match[3]}`}`;
    return { value: Number(`${match[1] ?? ''}${whole || '0'}.${match[3] ?? '0'}`), text: stored };
  }
  if (/^[+-]?(?:\d+(?:\.\d+)?|\.\d+)$/.test(trimmed)) return { value: Number(trimmed), text: trimmed };
  // A comma on an analyser left on '.': a decimal mark unless it could be thousands grouping (exactly three digits after it).
  const comma = /^([+-]?)(\d+),(\d+)$/.exec(trimmed);
  if (comma) {
    const [, sign = '', whole = '', fraction = ''] = comma;
    const couldGroupThousands = fraction.length === 3 && /^[1-9]\d{0,2}$/.test(whole);
    if (!couldGroupThousands) return { value: Number(`${sign}${whole}.${fraction}`), text: trimmed };
  }
  return null;
}
