/**
 * Which patient results a rejected control run holds. A run is measured on one analyser, or entered by hand
 * (no analyser); a patient result likewise comes from an analyser or was entered by hand (or calculated).
 * - A run entered by hand holds every patient result of the assay at the site: the lab did not say which
 *   instrument it checked, so none of them is known to be in control.
 * - An analyser's run holds that analyser's results of the assay and those entered by hand (whose instrument
 *   is not recorded and may be that analyser), never another analyser's.
 */
export function holdCovers(runAnalyser: string | null, resultAnalyser: string | null): boolean {
  return runAnalyser === null || resultAnalyser === null || runAnalyser === resultAnalyser;
}
