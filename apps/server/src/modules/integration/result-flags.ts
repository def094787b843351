import type { AnalyserResult } from '@lis/analyser-protocols';

/** Helpers of the ingest that every way of applying results shares (test results, microbiology instruments, the bench). */

export function compareCodes(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The specimen ids of results, trimmed, each once, in code order (the order their samples are locked in). */
export function specimensOf(results: readonly AnalyserResult[]): string[] {
  return [...new Set(results.map((result) => result.specimenId.trim()))].filter((specimen) => specimen !== '').sort(compareCodes);
}

/**
 * The flags an analyser sent with a result, kept beside the value as sent: the abnormal flag (ASTM R-7, HL7
 * OBX-8) and the instrument's own flags (`5.4^H`'s `H`), space-separated, each once; null when there are none.
 */
export function flagsOf(result: AnalyserResult): string | null {
  const all = [...new Set([result.abnormalFlags ?? '', ...(result.flags ?? [])].map((flag) => flag.trim()).filter((flag) => flag !== ''))];
  return all.length > 0 ? all.join(' ') : null;
}
