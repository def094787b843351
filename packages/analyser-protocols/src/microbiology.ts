import type { AnalyserResult } from './interpreted.ts';

/**
 * Identification and susceptibility (ID/AST) results of a microbiology instrument (VITEK 2, BD Phoenix and
 * their middleware), read from the results the ASTM or HL7 interpretation already gave (interpretAstm or
 * interpretHl7 with `subIds`): there is no second parser, only a grouping of those results into isolates.
 *
 * What the instruments send, per specimen and isolate number (ASTM: the test id's component after the code,
 * `^^^AM^1`; HL7: OBX-4):
 * - one organism result: the test code names an identification (`ORG`, `ORGANISM`, `ID`, or the codes the
 *   analyser is set to), the value the instrument's organism code with its name as the next component
 *   (ASTM `ECOLI^Escherichia coli`, HL7 CE/CWE `ECO^Escherichia coli^L`);
 * - one result per antibiotic: the test code is the instrument's antibiotic code, the value the MIC as sent
 *   (`<=0.25`, `>=32`, `2`; HL7 SN `<=^0.25`), the instrument's own category S, I or R in the abnormal flag
 *   (ASTM R-7, HL7 OBX-8) or as a further component of the value (`>=32^R`). A unit `mm` makes it a zone
 *   diameter (disk diffusion) rather than a MIC.
 */

/** The test codes that name an organism identification when the analyser names none. */
export const DEFAULT_ORGANISM_CODES: readonly string[] = ['ORG', 'ORGANISM', 'ID', 'ORGID', 'IDENT'];

export type InstrumentCategory = 'S' | 'I' | 'R';

export interface InstrumentSusceptibility {
  /** The instrument's antibiotic code as sent. */
  code: string;
  /** The value as sent: a MIC (mg/L) with its `<=`/`>=` prefix, or a zone diameter in mm. */
  value: string;
  method: 'MIC' | 'DISK';
  /** The instrument's own S/I/R, null when it sent none (or something else, e.g. `-`). */
  category: InstrumentCategory | null;
  result: AnalyserResult;
}

export interface InstrumentIsolate {
  specimenId: string;
  /** The instrument's isolate number ('1' when it numbers none). */
  isolate: string;
  /** The organism as sent (code, and name when the instrument sends one); null when the message has no identification for it. */
  organism: { code: string; name: string | null; result: AnalyserResult } | null;
  susceptibilities: InstrumentSusceptibility[];
}

export interface MicrobiologyReadOptions {
  /** The test codes that are an organism identification (case ignored); default DEFAULT_ORGANISM_CODES. */
  organismCodes?: readonly string[];
}

/** The isolates of a message's results, in the order they first appear, each with its organism and antibiogram. */
export function readMicrobiology(results: readonly AnalyserResult[], options: MicrobiologyReadOptions = {}): InstrumentIsolate[] {
  const organismCodes = new Set((options.organismCodes ?? DEFAULT_ORGANISM_CODES).map((code) => code.trim().toUpperCase()));
  const isolates = new Map<string, InstrumentIsolate>();
  for (const result of results) {
    const specimenId = result.specimenId.trim();
    const isolate = result.subId?.trim() || '1';
    const key = `${specimenId}\u0000${isolate}`;
    const entry = isolates.get(key) ?? { specimenId, isolate, organism: null, susceptibilities: [] };
    isolates.set(key, entry);
    if (organismCodes.has(result.testCode.trim().toUpperCase())) {
      entry.organism = { code: result.value.trim(), name: organismName(result), result };
      continue;
    }
    entry.susceptibilities.push({
      code: result.testCode.trim(), value: result.value.trim(), method: (result.unit ?? '').trim().toLowerCase() === 'mm' ? 'DISK' : 'MIC',
      category: instrumentCategory(result), result,
    });
  }
  return [...isolates.values()];
}

/** The organism's name: HL7 CE/CWE text, or the ASTM value's next component (kept by the reading as its first flag). */
function organismName(result: AnalyserResult): string | null {
  const coded = (result as AnalyserResult & { codedText?: string }).codedText?.trim();
  if (coded) return coded;
  const next = result.flags?.[0]?.trim();
  return next ? next : null;
}

/** The instrument's S/I/R: the first of its abnormal flags and the value's further components that is one. */
export function instrumentCategory(result: AnalyserResult): InstrumentCategory | null {
  const candidates = [...(result.abnormalFlags ?? '').split(/\s+/), ...(result.flags ?? [])].map((flag) => flag.trim().toUpperCase());
  const found = candidates.find((flag) => flag === 'S' || flag === 'I' || flag === 'R');
  return found === 'S' || found === 'I' || found === 'R' ? found : null;
}
