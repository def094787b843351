import { describe, expect, it } from 'vitest';
import {
  addTest, chunkTests, dependentsOf, isAssayOffered, rangeApplies, reconcileTests, removeTest, sampleFlagsProblem, testClass, totalPrice,
  type PatientScope, type PickerAssay, type RangeScope, type SelectedTest,
} from './test-picker.ts';

const catalogue: PickerAssay[] = [
  { _id: 'CHOL', price: 450, calculated: false, calculatedTests: [] },
  { _id: 'HDL', price: 600, calculated: false, calculatedTests: [] },
  { _id: 'TG', price: 450, calculated: false, calculatedTests: [] },
  { _id: 'LDL', price: 300, calculated: true, calculatedTests: ['CHOL', 'HDL', 'TG'] },
  { _id: 'NHDL', price: 200, calculated: true, calculatedTests: ['CHOL', 'HDL'] },
  { _id: 'RATIO', price: 100, calculated: true, calculatedTests: ['LDL', 'HDL'] },
  { _id: 'CREA', price: 400, calculated: false, calculatedTests: [] },
  { _id: 'EGFR', price: 0, calculated: true, calculatedTests: ['CREA'] },
  { _id: 'GLU', price: 350, calculated: false, calculatedTests: [] },
];
const lookup = (id: string) => catalogue.find((assay) => assay._id === id);
const ids = (selection: readonly SelectedTest[]) => selection.map((test) => test.labassay);
const build = (...chosen: string[]) => chosen.reduce<SelectedTest[]>((selection, id) => addTest(selection, id, lookup), []);

describe('test classes and chunks', () => {
  it('classifies Lab, Man and Calc', () => {
    expect(testClass({ manual: false, calculated: false })).toBe('Lab');
    expect(testClass({ manual: true, calculated: false })).toBe('Man');
    expect(testClass({ manual: false, calculated: true })).toBe('Calc');
    expect(testClass({ manual: true, calculated: true })).toBe('Calc');
  });

  it('groups the picker 100 per row group', () => {
    const groups = chunkTests(Array.from({ length: 250 }, (_, i) => i));
    expect(groups.map((group) => group.length)).toEqual([100, 100, 50]);
    expect(groups[2]?.[0]).toBe(200);
    expect(chunkTests([])).toEqual([]);
    expect(() => chunkTests([1], 0)).toThrow(RangeError);
  });
});

describe('offered tests (reference-range applicability)', () => {
  const adultWoman: PatientScope = { ageDays: 40 * 365, spol: 'ŽENSKI', trudnica: false, menopauza: false };
  const any: RangeScope = { spol: null, ageMinDays: 0, ageMaxDays: 54_750, trudnica: null, menopauza: null };

  it('offers a test without ranges to everyone', () => {
    expect(isAssayOffered([], adultWoman)).toBe(true);
  });

  it('filters by sex', () => {
    const psa = [{ ...any, spol: 'MUŠKI' as const }];
    expect(isAssayOffered(psa, adultWoman)).toBe(false);
    expect(isAssayOffered(psa, { ...adultWoman, spol: 'MUŠKI' })).toBe(true);
    expect(isAssayOffered(psa, { ...adultWoman, spol: null })).toBe(true);
  });

  it('filters by age in days, both ends inclusive', () => {
    const neonatal = [{ ...any, ageMinDays: 0, ageMaxDays: 28 }];
    expect(isAssayOffered(neonatal, { ...adultWoman, ageDays: 28 })).toBe(true);
    expect(isAssayOffered(neonatal, { ...adultWoman, ageDays: 29 })).toBe(false);
    expect(isAssayOffered(neonatal, adultWoman)).toBe(false);
    expect(isAssayOffered(neonatal, { ...adultWoman, ageDays: null })).toBe(true);
  });

  it('filters by pregnancy and menopause', () => {
    const pregnancyOnly = [{ ...any, spol: 'ŽENSKI' as const, trudnica: true }];
    expect(isAssayOffered(pregnancyOnly, adultWoman)).toBe(false);
    expect(isAssayOffered(pregnancyOnly, { ...adultWoman, trudnica: true })).toBe(true);
    const fsh = [{ ...any, spol: 'ŽENSKI' as const, menopauza: false }, { ...any, spol: 'MUŠKI' as const }];
    expect(isAssayOffered(fsh, { ...adultWoman, menopauza: true })).toBe(false);
    expect(isAssayOffered(fsh, adultWoman)).toBe(true);
    expect(rangeApplies({ ...any, menopauza: undefined }, { ...adultWoman, menopauza: true })).toBe(true);
  });

  it('offers a test when any one of its ranges applies', () => {
    const bands = [{ ...any, ageMaxDays: 364 }, { ...any, spol: 'MUŠKI' as const, ageMinDays: 365 }];
    expect(isAssayOffered(bands, adultWoman)).toBe(false);
    expect(isAssayOffered(bands, { ...adultWoman, ageDays: 100 })).toBe(true);
  });

  it('lets only women carry pregnancy and menopause, not both', () => {
    expect(sampleFlagsProblem('MUŠKI', { trudnica: true, menopauza: false })).toBe('sample.flagsNeedFemale');
    expect(sampleFlagsProblem('MUŠKI', { trudnica: false, menopauza: true })).toBe('sample.flagsNeedFemale');
    expect(sampleFlagsProblem('ŽENSKI', { trudnica: true, menopauza: true })).toBe('sample.flagsConflict');
    expect(sampleFlagsProblem('ŽENSKI', { trudnica: true, menopauza: false })).toBeNull();
    expect(sampleFlagsProblem(null, { trudnica: true, menopauza: false })).toBeNull();
    expect(sampleFlagsProblem('MUŠKI', { trudnica: false, menopauza: false })).toBeNull();
  });
});

describe('adding tests', () => {
  it('adds a test at its price', () => {
    expect(build('GLU')).toEqual([{ labassay: 'GLU', price: 350, component_of: null, hasResult: false }]);
  });

  it('pulls the components of a calculated test at price 0', () => {
    const selection = build('LDL');
    expect(selection).toEqual([
      { labassay: 'LDL', price: 300, component_of: null, hasResult: false },
      { labassay: 'CHOL', price: 0, component_of: 'LDL', hasResult: false },
      { labassay: 'HDL', price: 0, component_of: 'LDL', hasResult: false },
      { labassay: 'TG', price: 0, component_of: 'LDL', hasResult: false },
    ]);
    expect(totalPrice(selection)).toBe(300);
  });

  it('keeps a component already chosen at its own price', () => {
    const selection = build('CHOL', 'LDL');
    expect(selection.find((test) => test.labassay === 'CHOL')).toEqual({ labassay: 'CHOL', price: 450, component_of: null, hasResult: false });
    expect(totalPrice(selection)).toBe(450 + 300);
  });

  it('pulls components of components, once', () => {
    expect(ids(build('RATIO'))).toEqual(['RATIO', 'LDL', 'CHOL', 'HDL', 'TG']);
  });

  it('changes nothing for a test already there, and refuses an unknown one', () => {
    const selection = build('GLU');
    expect(addTest(selection, 'GLU', lookup)).toEqual(selection);
    expect(() => addTest(selection, 'XYZ', lookup)).toThrow(RangeError);
  });

  it('keeps a running total in minor units', () => {
    expect(totalPrice(build('GLU', 'CREA', 'EGFR'))).toBe(750);
    expect(totalPrice([])).toBe(0);
  });
});

describe('removing tests', () => {
  it('removes a plain test', () => {
    const outcome = removeTest(build('GLU', 'CREA'), 'GLU', lookup, 'edit');
    expect(outcome).toMatchObject({ ok: true, removed: ['GLU'] });
    expect(outcome.ok && ids(outcome.selection)).toEqual(['CREA']);
  });

  it("refuses the last test of a saved sample with the spec's message", () => {
    expect(removeTest(build('GLU'), 'GLU', lookup, 'edit')).toEqual({ ok: false, code: 'sample.lastTest' });
    expect(removeTest(build('LDL'), 'LDL', lookup, 'edit')).toEqual({ ok: false, code: 'sample.lastTest' });
    expect(removeTest(build('GLU'), 'GLU', lookup, 'new')).toMatchObject({ ok: true, selection: [] });
  });

  it('refuses a test with a result', () => {
    const selection = build('GLU', 'CREA').map((test) => (test.labassay === 'GLU' ? { ...test, hasResult: true } : test));
    expect(removeTest(selection, 'GLU', lookup, 'edit')).toEqual({ ok: false, code: 'sample.testLocked' });
  });

  it('refuses a test a calculated test depends on', () => {
    expect(removeTest(build('LDL', 'GLU'), 'HDL', lookup, 'edit')).toEqual({ ok: false, code: 'sample.testLocked' });
    expect(removeTest(build('CHOL', 'LDL'), 'CHOL', lookup, 'edit')).toEqual({ ok: false, code: 'sample.testLocked' });
    expect(dependentsOf(build('LDL', 'NHDL'), 'CHOL', lookup)).toEqual(['LDL', 'NHDL']);
  });

  it('takes the pulled components along with their calculated test', () => {
    const outcome = removeTest(build('LDL', 'GLU'), 'LDL', lookup, 'edit');
    expect(outcome.ok && ids(outcome.selection)).toEqual(['GLU']);
    expect(outcome.ok && outcome.removed.sort()).toEqual(['CHOL', 'HDL', 'LDL', 'TG']);
  });

  it('keeps components another calculated test needs, or that have results, at price 0', () => {
    const selection = build('LDL', 'NHDL').map((test) => (test.labassay === 'TG' ? { ...test, hasResult: true } : test));
    const outcome = removeTest(selection, 'LDL', lookup, 'edit');
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(ids(outcome.selection).sort()).toEqual(['CHOL', 'HDL', 'NHDL', 'TG']);
    expect(outcome.selection.find((test) => test.labassay === 'TG')).toEqual({ labassay: 'TG', price: 0, component_of: null, hasResult: true });
    expect(totalPrice(outcome.selection)).toBe(200);
  });

  it('changes nothing when the test is not there', () => {
    expect(removeTest(build('GLU'), 'CREA', lookup, 'edit')).toMatchObject({ ok: true, removed: [] });
  });
});

describe('reconciling a requested list', () => {
  it('builds a new sample with components', () => {
    const outcome = reconcileTests([], ['LDL', 'GLU', 'GLU'], lookup, 'new');
    expect(outcome.ok && ids(outcome.selection)).toEqual(['LDL', 'CHOL', 'HDL', 'TG', 'GLU']);
    expect(outcome.ok && outcome.added).toEqual(['LDL', 'CHOL', 'HDL', 'TG', 'GLU']);
  });

  it('keeps pulled components the client did not list, removes what it left out', () => {
    const existing = build('LDL', 'GLU');
    const outcome = reconcileTests(existing, ['LDL', 'CREA'], lookup, 'edit');
    expect(outcome).toMatchObject({ ok: true, added: ['CREA'], removed: ['GLU'] });
    expect(outcome.ok && ids(outcome.selection)).toEqual(['LDL', 'CHOL', 'HDL', 'TG', 'CREA']);
  });

  it('removes a calculated test with its components, and a component asked for stays at full price', () => {
    const outcome = reconcileTests(build('LDL'), ['CHOL'], lookup, 'edit');
    expect(outcome.ok && outcome.selection).toEqual([{ labassay: 'CHOL', price: 450, component_of: null, hasResult: false }]);
    expect(outcome.ok && outcome.removed.sort()).toEqual(['HDL', 'LDL', 'TG']);
  });

  it('applies the removal rules', () => {
    const withResult = build('GLU', 'CREA').map((test) => (test.labassay === 'GLU' ? { ...test, hasResult: true } : test));
    expect(reconcileTests(withResult, ['CREA'], lookup, 'edit')).toEqual({ ok: false, code: 'sample.testLocked', labassay: 'GLU' });
    expect(reconcileTests(build('CHOL', 'LDL'), ['LDL'], lookup, 'edit')).toEqual({ ok: false, code: 'sample.testLocked', labassay: 'CHOL' });
    expect(reconcileTests(build('GLU'), [], lookup, 'edit')).toMatchObject({ ok: false, code: 'sample.lastTest' });
  });

  it('removes a calculated test before the hand-picked test it depends on', () => {
    const outcome = reconcileTests(build('CHOL', 'LDL', 'GLU'), ['GLU'], lookup, 'edit');
    expect(outcome.ok && ids(outcome.selection)).toEqual(['GLU']);
  });

  it('changes nothing when the same list comes back', () => {
    const existing = build('LDL', 'GLU');
    expect(reconcileTests(existing, ['LDL', 'GLU'], lookup, 'edit')).toEqual({ ok: true, selection: existing, added: [], removed: [] });
  });
});
