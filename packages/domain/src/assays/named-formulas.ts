import type { Spol } from '../spol.ts';

/** Above this triglyceride level (mmol/L) the Friedewald estimate is unreliable and is not reported. */
export const FRIEDEWALD_MAX_TG_MMOL_L = 4.5;

/** Creatinine µmol/L per mg/dL, the factor the CKD-EPI publications use. */
export const CREATININE_UMOL_PER_MG_DL = 88.4;

/** CKD-EPI is validated for adults only; children need a paediatric equation (Schwartz). */
export const CKD_EPI_MIN_AGE_YEARS = 18;

const DAYS_PER_YEAR = 365.25;

/** Completed years of age from age in days. */
export function ageInYears(ageDays: number): number {
  return Math.floor(ageDays / DAYS_PER_YEAR);
}

/**
 * LDL cholesterol by Friedewald in mmol/L: CHOL − HDL − TG/2.2.
 * Returns null when TG is above 4.5 mmol/L, where the estimate is not valid.
 */
export function friedewaldLdl(cholMmolL: number, hdlMmolL: number, tgMmolL: number): number | null {
  if (tgMmolL > FRIEDEWALD_MAX_TG_MMOL_L) return null;
  return cholMmolL - hdlMmolL - tgMmolL / 2.2;
}

/**
 * eGFR in mL/min/1.73 m² by the race-free CKD-EPI 2021 creatinine equation
 * (Inker et al., N Engl J Med 2021;385:1737-49):
 * 142 × min(Scr/κ, 1)^α × max(Scr/κ, 1)^−1.200 × 0.9938^age × 1.012 [female],
 * κ = 0.7 (F) / 0.9 (M), α = −0.241 (F) / −0.302 (M), Scr in mg/dL.
 * Returns null below 18 years or for a non-positive creatinine.
 */
export function ckdEpi2021Egfr(kreaUmolL: number, spol: Spol, ageYears: number): number | null {
  if (ageYears < CKD_EPI_MIN_AGE_YEARS || !(kreaUmolL > 0)) return null;
  const female = spol === 'ŽENSKI';
  const kappa = female ? 0.7 : 0.9;
  const alpha = female ? -0.241 : -0.302;
  const ratio = kreaUmolL / CREATININE_UMOL_PER_MG_DL / kappa;
  return 142 * Math.min(ratio, 1) ** alpha * Math.max(ratio, 1) ** -1.2 * 0.9938 ** ageYears * (female ? 1.012 : 1);
}
