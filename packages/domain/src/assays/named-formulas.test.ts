import { describe, expect, it } from 'vitest';
import { ageInYears, ckdEpi2021Egfr, friedewaldLdl } from './named-formulas.ts';

describe('friedewaldLdl', () => {
  it('computes CHOL − HDL − TG/2.2 in mmol/L', () => {
    expect(friedewaldLdl(5.2, 1.3, 1.1)).toBeCloseTo(3.4, 10);
    expect(friedewaldLdl(6.0, 1.0, 2.2)).toBeCloseTo(4.0, 10);
  });

  it('is still computed at TG exactly 4.5 mmol/L', () => {
    expect(friedewaldLdl(6.0, 1.0, 4.5)).toBeCloseTo(6.0 - 1.0 - 4.5 / 2.2, 10);
  });

  it('is not computed when TG is above 4.5 mmol/L', () => {
    expect(friedewaldLdl(6.0, 1.0, 4.51)).toBeNull();
  });
});

describe('ckdEpi2021Egfr', () => {
  // Reference values of the race-free 2021 equation (creatinine in mg/dL × 88.4 = µmol/L).
  it('matches published values for men and women', () => {
    expect(ckdEpi2021Egfr(1.0 * 88.4, 'MUŠKI', 60)).toBeCloseTo(86.16, 2);
    expect(ckdEpi2021Egfr(1.0 * 88.4, 'ŽENSKI', 50)).toBeCloseTo(68.63, 2);
    expect(ckdEpi2021Egfr(0.7 * 88.4, 'ŽENSKI', 50)).toBeCloseTo(105.30, 2);
  });

  it('uses the low-creatinine branch below κ', () => {
    expect(ckdEpi2021Egfr(62, 'ŽENSKI', 30)).toBeCloseTo(118.97, 2);
    expect(ckdEpi2021Egfr(80, 'MUŠKI', 45)).toBeCloseTo(106.63, 2);
  });

  it('falls with rising creatinine', () => {
    expect(ckdEpi2021Egfr(300, 'MUŠKI', 70)).toBeCloseTo(18.69, 2);
  });

  it('does not apply to children or to a non-positive creatinine', () => {
    expect(ckdEpi2021Egfr(40, 'MUŠKI', 17)).toBeNull();
    expect(ckdEpi2021Egfr(0, 'MUŠKI', 40)).toBeNull();
    expect(ckdEpi2021Egfr(-5, 'ŽENSKI', 40)).toBeNull();
  });
});

describe('ageInYears', () => {
  it('counts completed years', () => {
    expect(ageInYears(0)).toBe(0);
    expect(ageInYears(364)).toBe(0);
    expect(ageInYears(6575)).toBe(18);
    expect(ageInYears(6573)).toBe(17);
  });
});
