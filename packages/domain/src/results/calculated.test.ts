import { describe, expect, it } from 'vitest';
import { calculatedResults, type CalculatedTest } from './calculated.ts';

const ldl: CalculatedTest = { id: 'ldl', sifra: 'LDL', formula: 'friedewald(CHOL, HDL, TG)', decimals: 2 };
const nonHdl: CalculatedTest = { id: 'non-hdl', sifra: 'NHDL', formula: 'CHOL - HDL', decimals: 1 };
const egfr: CalculatedTest = { id: 'egfr', sifra: 'EGFR', formula: 'ckd_epi_2021(KREA)', decimals: 0 };
const lipids = (chol: string | null, hdl: string | null, tg: string | null) => [
  { sifra: 'CHOL', rezultat: chol }, { sifra: 'HDL', rezultat: hdl }, { sifra: 'TG', rezultat: tg },
];
const adultMan = { spol: 'MUŠKI' as const, ageDays: 40 * 365 };

describe('calculatedResults', () => {
  it('computes LDL from its components, read as entered, at the assay decimals', () => {
    // 6,2 - 1,1 - 2,0/2.2 = 4.1909...
    expect(calculatedResults([ldl], lipids('6,2', '1,1', '2.0'), adultMan)).toEqual(new Map([['ldl', '4.19']]));
  });

  it('leaves the calculated test empty when a component is missing, censored or text', () => {
    expect(calculatedResults([ldl], lipids('6.2', null, '2.0'), adultMan).get('ldl')).toBeNull();
    expect(calculatedResults([ldl], lipids('6.2', '<0.5', '2.0'), adultMan).get('ldl')).toBeNull();
    expect(calculatedResults([ldl], lipids('6.2', 'hemoliza', '2.0'), adultMan).get('ldl')).toBeNull();
    expect(calculatedResults([ldl], lipids('6.2', '1.1', null).slice(0, 2), adultMan).get('ldl')).toBeNull();
  });

  it('leaves it empty when the formula does not apply or is broken', () => {
    expect(calculatedResults([ldl], lipids('6.2', '1.1', '4.6'), adultMan).get('ldl')).toBeNull();
    expect(calculatedResults([egfr], [{ sifra: 'KREA', rezultat: '80' }], { spol: 'MUŠKI', ageDays: 10 * 365 }).get('egfr')).toBeNull();
    expect(calculatedResults([egfr], [{ sifra: 'KREA', rezultat: '80' }], { spol: null, ageDays: 40 * 365 }).get('egfr')).toBeNull();
    expect(calculatedResults([{ ...ldl, formula: 'CHOL -' }], lipids('6.2', '1.1', '2.0'), adultMan).get('ldl')).toBeNull();
    expect(calculatedResults([{ ...ldl, formula: null }], lipids('6.2', '1.1', '2.0'), adultMan).get('ldl')).toBeNull();
  });

  it("uses the patient's sex and age", () => {
    const woman = calculatedResults([egfr], [{ sifra: 'KREA', rezultat: '80' }], { spol: 'ŽENSKI', ageDays: 50 * 365 }).get('egfr');
    const man = calculatedResults([egfr], [{ sifra: 'KREA', rezultat: '80' }], { spol: 'MUŠKI', ageDays: 50 * 365 }).get('egfr');
    expect(woman).toMatch(/^\d+$/);
    expect(man).toMatch(/^\d+$/);
    expect(woman).not.toBe(man);
  });

  it('ignores the stored value of a calculated test and feeds calculated results to the formulas that read them', () => {
    const ratio: CalculatedTest = { id: 'ratio', sifra: 'RATIO', formula: 'NHDL / HDL', decimals: 2 };
    // Listed before the test it reads: resolved in a second pass. NHDL = 5.1 (one decimal), 5.1 / 1.1 = 4.636...
    const entered = [...lipids('6.2', '1.1', '2.0'), { sifra: 'NHDL', rezultat: '99' }];
    expect(calculatedResults([ratio, nonHdl], entered, adultMan)).toEqual(new Map([['ratio', '4.64'], ['non-hdl', '5.1']]));
  });

  it('leaves formulas that read each other empty', () => {
    const a: CalculatedTest = { id: 'a', sifra: 'A', formula: 'B + 1', decimals: 0 };
    const b: CalculatedTest = { id: 'b', sifra: 'B', formula: 'A + 1', decimals: 0 };
    expect(calculatedResults([a, b], [], adultMan)).toEqual(new Map([['a', null], ['b', null]]));
  });
});
