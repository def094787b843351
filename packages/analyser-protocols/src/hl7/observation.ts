import type { AnalyserResult } from '../interpreted.ts';
import { hl7Components, hl7Repeats, unescapeHl7, type Hl7Delimiters } from './parse.ts';

/**
 * What an HL7 observation says beyond the protocol-neutral result (kept apart from AnalyserResult in
 * interpreted.ts so the ASTM and HL7 work can be joined later; all fields optional, absent when not set).
 */
export interface Hl7ResultDetails {
  /** CE/CWE/CNE OBX-5 `code^text`: the value is the code, this is the text that came with it. */
  codedText?: string;
  /** OBX-11 `C`: the observation corrects one sent before. */
  correction?: true;
  /** OBX-11 `P` (or `R`, `S`, `I`): not final yet; to be held for review, not applied as final. */
  preliminary?: true;
  /** OBX-11 `X` (or `D`, `W`): the observation was cancelled or cannot be made; no value to apply. */
  cancelled?: true;
}

export type Hl7Result = AnalyserResult & Hl7ResultDetails;

/** Value types whose text is free text: the whole field is the value, repeats are lines. */
const TEXT_VALUE_TYPES = new Set(['ST', 'TX', 'FT']);
/** Value types that are a code with its text (`code^text^coding system`). */
const CODED_VALUE_TYPES = new Set(['CE', 'CWE', 'CNE', 'CF']);

/**
 * OBX-5 read by its value type (OBX-2), as neutral value text:
 * - NM: the number as sent (`5.4`, `<18`, `----`); an instrument that puts `value^flag` into an NM
 *   field gives its first non-empty component.
 * - SN (structured numeric, `comparator^num1^separator^num2`): the parts joined, so `<^5` → `<5`,
 *   `>^100` → `>100`, `^1^:^40` → `1:40`, `^2^+` → `2+`: a censored or ratio value, never a number
 *   that fails to read.
 * - ST, TX, FT: the text, escapes resolved (`\.br\` a line break), repeats as lines.
 * - CE, CWE, CNE, CF: the code (the text when the code is empty), with the text in `codedText`.
 * - anything else (IS, ID, DT, an empty OBX-2): the field as sent, escapes resolved.
 */
export function hl7ObservationValue(field: string | undefined, valueType: string, delimiters: Hl7Delimiters): { value: string; codedText?: string } {
  const raw = field ?? '';
  const type = valueType.trim().toUpperCase();
  if (TEXT_VALUE_TYPES.has(type)) {
    return { value: hl7Repeats(raw, delimiters).map((repeat) => unescapeHl7(repeat, delimiters)).join('\n') };
  }
  const first = hl7Repeats(raw, delimiters)[0] ?? '';
  if (type === 'SN') return { value: structuredNumeric(first, delimiters) };
  if (CODED_VALUE_TYPES.has(type)) {
    const [code = '', text = ''] = hl7Components(first, delimiters).map((part) => part.trim());
    return text !== '' && code !== '' ? { value: code, codedText: text } : { value: code || text };
  }
  if (type === 'NM' && first.includes(delimiters.component)) {
    // A structured numeric sent under NM (`<^5`) is read as SN; else `value^flag` gives the value.
    const components = hl7Components(first, delimiters);
    if (SN_COMPARATOR.test(components[0]?.trim() ?? '')) return { value: structuredNumeric(first, delimiters) };
    return { value: components.find((part) => part.trim() !== '')?.trim() ?? '' };
  }
  return { value: unescapeHl7(raw, delimiters) };
}

/** SN-1, the comparator: `<`, `>`, `<=`, `>=`, `=`, `<>`. */
const SN_COMPARATOR = /^(?:<|>|<=|>=|=|<>)$/;

/**
 * SN `comparator^num1^separator/suffix^num2` as one text: `<^5` → `<5`, `^1^:^40` → `1:40`; the
 * comparator `=` says the number is exact and is left out (`=^5` → `5`).
 */
function structuredNumeric(text: string, delimiters: Hl7Delimiters): string {
  const [comparator = '', first = '', separator = '', second = ''] = hl7Components(text, delimiters).map((part) => part.trim());
  return `${comparator === '=' ? '' : comparator}${first}${separator}${second}`;
}

/**
 * OBX-11 (observation result status) as markers: C a correction, P/R/S/I not final, X/D/W cancelled
 * (no value). F final and anything else add nothing; the status itself stays in `resultStatus`.
 */
export function hl7StatusMarkers(status: string): Pick<Hl7ResultDetails, 'correction' | 'preliminary' | 'cancelled'> {
  switch (status.trim().toUpperCase()) {
    case 'C': return { correction: true };
    case 'P': case 'R': case 'S': case 'I': return { preliminary: true };
    case 'X': case 'D': case 'W': return { cancelled: true };
    default: return {};
  }
}

/**
 * OBX-8 (abnormal flags, repeating in v2.5, components in some instruments' dialects): the non-empty
 * flags joined by a space (`H~A` → `H A`), as the ASTM side reads a flag field with several parts.
 */
export function hl7AbnormalFlags(field: string | undefined, delimiters: Hl7Delimiters): string {
  return hl7Repeats(field, delimiters)
    .flatMap((repeat) => hl7Components(repeat, delimiters))
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .join(' ');
}
