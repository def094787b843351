import { spreadsheetText } from '../spreadsheet-text.ts';
import type { AstMethod } from './ast-value.ts';

/**
 * The WHONET export: a flat file WHONET (and its BacLink import) reads, one row per isolate, tab-separated
 * UTF-8 with a header row of WHONET's field names.
 *
 * Field names are WHONET's: COUNTRY_A (ISO 3166 alpha-3), LABORATORY (the lab's code), PATIENT_ID, SEX
 * ('m', 'f'), AGE (whole years), SPEC_NUM, SPEC_DATE (YYYY-MM-DD), SPEC_TYPE, SPEC_CODE, ISOL_NUM, ORGANISM,
 * then one column per agent and method. WHONET names an agent's column by its code, an underscore, the
 * guideline's letter (N for CLSI, formerly NCCLS; E for EUCAST) and the method's letter (D disk diffusion,
 * followed by the disk content in µg; M MIC; E gradient strip), e.g. AMP_ND10, AMC_ED20, CIP_EM, and a disk
 * of no stated content as AMP_ED. Source: the field lists of WHONET exports as reproduced in the AMR package
 * for R (its `WHONET` example data set and `guess_ab_col` documentation: AMP_ND10, AMC_ED20) and in the
 * ACORN surveillance project's WHONET mapping (AMK_ED30, AMK_EM, CIP_ED5, SPT_ED, SXT_ED1_2).
 *
 * What the export cannot fill from WHONET's own tables (they are not published under an open licence):
 * - ORGANISM carries the organism's scientific name (WHONET's own codes such as 'eco' are not available),
 *   which BacLink maps to its codes; SPEC_CODE carries the specimen as the lab names it and SPEC_TYPE stays
 *   empty for the same reason.
 * - A disk column carries the disk content of the breakpoint row the measurement was interpreted by (else the
 *   agent's usual disk in that guideline); a disk of unknown content (a table imported without the column)
 *   is named without it (AMP_ED).
 * Agent codes are the reference table's, which are EARS-Net/WHONET codes (AMP, AMC, CIP, SXT …).
 * Cells hold the measurement as typed (MIC in mg/L, zone in mm; a decimal comma becomes a point), which
 * WHONET interprets with its own breakpoints; an agent not tested is an empty cell.
 */

/** The guideline letter of a WHONET column: N for a CLSI guideline, E for EUCAST (what the lab's breakpoints are) and for none. */
export function whonetGuidelineLetter(guideline: string | null): 'N' | 'E' {
  return guideline !== null && /^CLSI\b/i.test(guideline) ? 'N' : 'E';
}

export const WHONET_FIELDS = [
  'COUNTRY_A', 'LABORATORY', 'PATIENT_ID', 'SEX', 'AGE', 'SPEC_NUM', 'SPEC_DATE', 'SPEC_TYPE', 'SPEC_CODE', 'ISOL_NUM', 'ORGANISM',
] as const;
export type WhonetField = (typeof WHONET_FIELDS)[number];

/**
 * A disk's content as WHONET writes it in a column name: the first amount of the breakpoint table's text, its
 * decimal point an underscore and one decimal kept ('10 mcg' → '10', '30/6 mcg' → '30', '1.25/23.75 mcg' →
 * '1_2', '1 unit' → '1'); '' when unknown.
 */
export function whonetDiskContent(diskDose: string | null | undefined): string {
  const amount = /(\d+)(?:\.(\d))?/.exec(diskDose ?? '');
  if (!amount) return '';
  return amount[2] ? `${amount[1]}_${amount[2]}` : amount[1]!;
}

/** WHONET's column name of an agent tested by a method under a guideline: 'AMP_EM' (MIC), 'AMP_ED10' (a 10 µg disk), 'AMP_ED' (a disk of unknown content). */
export function whonetColumn(ab: string, method: AstMethod, guideline: string | null, diskDose?: string | null): string {
  const letter = whonetGuidelineLetter(guideline);
  return method === 'MIC' ? `${ab.toUpperCase()}_${letter}M` : `${ab.toUpperCase()}_${letter}D${whonetDiskContent(diskDose)}`;
}

export interface WhonetIsolate {
  fields: Record<WhonetField, string>;
  /** The breakpoint guideline the culture was interpreted with ('EUCAST 2025'); null: none. */
  guideline: string | null;
  /** The isolate's measurements: agent code, method and the value as typed. */
  results: readonly { ab: string; method: AstMethod; vrijednost: string; diskDose?: string | null }[];
}

/**
 * A cell's text: no tab or line break may split a row or a column, and a text a spreadsheet program would
 * run as a formula (a specimen typed as `=HYPERLINK(...)`) is marked as text (spreadsheetText, the one rule for such files).
 */
function cell(text: string): string {
  return spreadsheetText(text.replace(/[\t\r\n]+/g, ' ').trim());
}

/** The measurement as WHONET reads it: a decimal point, no spaces ('≤0,5' → '<=0.5'). */
export function whonetValue(vrijednost: string): string {
  return vrijednost.replace(/\s+/g, '').replace(',', '.').replace('≤', '<=').replace('≥', '>=');
}

/**
 * The file: the header (the fixed fields, then one column per agent and method present, in code order)
 * and one line per isolate, lines ending in CRLF (WHONET is a Windows program).
 */
export function whonetFile(isolates: readonly WhonetIsolate[]): string {
  const columns = [...new Set(isolates.flatMap((isolate) => isolate.results.map((result) => whonetColumn(result.ab, result.method, isolate.guideline, result.diskDose))))]
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const lines = [[...WHONET_FIELDS, ...columns].join('\t')];
  for (const isolate of isolates) {
    const values = new Map(isolate.results.map((result) => [whonetColumn(result.ab, result.method, isolate.guideline, result.diskDose), whonetValue(result.vrijednost)]));
    lines.push([...WHONET_FIELDS.map((field) => cell(isolate.fields[field])), ...columns.map((column) => cell(values.get(column) ?? ''))].join('\t'));
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** WHONET's SEX: 'm' or 'f' from the patient's spol, else empty. */
export function whonetSex(spol: string): string {
  if (spol === 'MUŠKI') return 'm';
  if (spol === 'ŽENSKI') return 'f';
  return '';
}
