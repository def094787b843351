import { describe, expect, it } from 'vitest';
import { totalPrice } from '@lis/domain';
import type { PickerTest, SampleAnswer } from './api.ts';
import { pickerLookup, requestedTests, selectionFromSample, testInfoMap, toggleTest } from './picker-selection.ts';

function test(id: string, extra: Partial<PickerTest> = {}): PickerTest {
  return {
    _id: id, sifra: id.toUpperCase(), naziv: id, naziv_en: '', naziv_de: '', price: '3.00', analit: id, jedinica: '', sekcija: 'bio', manual: false, calculated: false,
    calculatedTests: [], disabled: false, tip: 'Standard', klasa: 'Lab', sample_type: null, stabilnost: [], ...extra,
  };
}

const CHOL = test('chol');
const HDL = test('hdl', { price: '4.00' });
const TG = test('tg');
const LDL = test('ldl', { price: '10.00', calculated: true, calculatedTests: ['chol', 'hdl', 'tg'], klasa: 'Calc', naziv: 'LDL holesterol' });
const FE = test('fe', { naziv: 'Željezo', sifra: 'FE', analit: 'Željezo' });
const OFF = test('off', { disabled: true });
const TESTS = [CHOL, HDL, TG, LDL, FE, OFF];
const lookup = pickerLookup(TESTS);

describe('ticking tests', () => {
  it('adds a calculated test with its components at price 0 and totals only what was chosen', () => {
    const outcome = toggleTest([], LDL, lookup, 'new');
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.selection.map((item) => [item.labassay, item.price, item.component_of])).toEqual([
      ['ldl', 1000, null], ['chol', 0, 'ldl'], ['hdl', 0, 'ldl'], ['tg', 0, 'ldl'],
    ]);
    expect(totalPrice(outcome.selection)).toBe(1000);
    expect(requestedTests(outcome.selection)).toEqual(['ldl']);
  });

  it('keeps the price of a component chosen by hand before the calculated test', () => {
    const first = toggleTest([], HDL, lookup, 'new');
    if (!first.ok) throw new Error('HDL was refused');
    const second = toggleTest(first.selection, LDL, lookup, 'new');
    if (!second.ok) throw new Error('LDL was refused');
    expect(totalPrice(second.selection)).toBe(1400);
    expect(requestedTests(second.selection)).toEqual(['hdl', 'ldl']);
  });

  it('refuses to untick a component while its calculated test is on the sample', () => {
    const added = toggleTest([], LDL, lookup, 'new');
    if (!added.ok) throw new Error('LDL was refused');
    expect(toggleTest(added.selection, CHOL, lookup, 'new')).toEqual({ ok: false, code: 'sample.testLocked' });
  });

  it('takes the pulled components along when the calculated test is unticked', () => {
    const added = toggleTest([], LDL, lookup, 'new');
    if (!added.ok) throw new Error('LDL was refused');
    const removed = toggleTest(added.selection, LDL, lookup, 'new');
    expect(removed).toEqual({ ok: true, selection: [] });
  });

  it('does not tick a disabled test', () => {
    expect(toggleTest([], OFF, lookup, 'new')).toEqual({ ok: true, selection: [] });
  });

  it("refuses the last test of a saved sample with the spec's message", () => {
    const added = toggleTest([], FE, lookup, 'edit');
    if (!added.ok) throw new Error('FE was refused');
    expect(toggleTest(added.selection, FE, lookup, 'edit')).toEqual({ ok: false, code: 'sample.lastTest' });
  });
});

describe('a saved sample in the edit dialog', () => {
  const answer: SampleAnswer = {
    uzorak: {
      tests: [
        { labassay: 'fe', ime_testa: 'Željezo', sifra: 'FE', analit: 'Željezo', price: '3.00', component_of: null, calculated: false, klasa: 'Lab' },
        { labassay: 'chol', ime_testa: 'Holesterol', sifra: 'CHOL', analit: 'Holesterol', price: '3.00', component_of: null, calculated: false, klasa: 'Lab' },
      ],
    } as SampleAnswer['uzorak'],
    rezultat: { rezultati: [{ labassay: 'fe', rezultat: '14', rezultat_f: null }] },
  };

  it('marks tests with a result, which then cannot be removed', () => {
    const selection = selectionFromSample(answer);
    expect(selection.map((item) => [item.labassay, item.hasResult])).toEqual([['fe', true], ['chol', false]]);
    expect(toggleTest(selection, FE, pickerLookup(TESTS, answer.uzorak.tests), 'edit')).toEqual({ ok: false, code: 'sample.testLocked' });
    expect(toggleTest(selection, CHOL, pickerLookup(TESTS, answer.uzorak.tests), 'edit').ok).toBe(true);
  });

  it("names tests from the sample when the picker does not offer them", () => {
    expect(testInfoMap([], answer.uzorak.tests).get('fe')?.naziv).toBe('Željezo');
  });
});
