import { describe, expect, it } from 'vitest';
import type { AssayLookup, PickerAssay, SelectedTest } from '../sample/test-picker.ts';
import { sumMinorUnits } from '../money.ts';
import {
  type PanelRule, addPanel, assignPanels, matchRank, panelCharge, pricePanels, sampleTypeGroups, searchPicker, splitInProportion,
  testsNeedingAnotherSample,
} from './panels.ts';

const ASSAYS: Record<string, PickerAssay> = {
  CHOL: { _id: 'CHOL', price: 300, calculated: false, calculatedTests: [] },
  HDL: { _id: 'HDL', price: 400, calculated: false, calculatedTests: [] },
  TG: { _id: 'TG', price: 300, calculated: false, calculatedTests: [] },
  LDL: { _id: 'LDL', price: 200, calculated: true, calculatedTests: ['CHOL', 'HDL', 'TG'] },
  GLU: { _id: 'GLU', price: 250, calculated: false, calculatedTests: [] },
};
const lookup: AssayLookup = (id) => ASSAYS[id];
const LIPID: PanelRule = { _id: 'lipid', testovi: ['CHOL', 'HDL', 'TG', 'LDL'], price: 1000, naplata: 'panel' };

describe('addPanel', () => {
  it('adds the panel tests in order, each marked with the panel, and skips those already on the sample', () => {
    const start: SelectedTest[] = [{ labassay: 'HDL', price: 400, component_of: null, hasResult: false }];
    const { selection, added } = addPanel(start, LIPID, lookup);
    expect(selection.map((test) => [test.labassay, test.panel ?? null])).toEqual([
      ['HDL', null], ['CHOL', 'lipid'], ['TG', 'lipid'], ['LDL', 'lipid'],
    ]);
    expect(added).toEqual(['CHOL', 'TG', 'LDL']);
  });

  it('leaves out a test the picker does not offer', () => {
    const { selection, skipped } = addPanel([], { _id: 'x', testovi: ['GLU', 'PSA'] }, lookup);
    expect(selection.map((test) => test.labassay)).toEqual(['GLU']);
    expect(skipped).toEqual(['PSA']);
  });

  it('pulls the components of a calculated test that is not preceded by them', () => {
    const { selection } = addPanel([], { _id: 'ldl', testovi: ['LDL'] }, lookup);
    expect(selection.map((test) => [test.labassay, test.component_of, test.panel ?? null])).toEqual([
      ['LDL', null, 'ldl'], ['CHOL', 'LDL', null], ['HDL', 'LDL', null], ['TG', 'LDL', null],
    ]);
  });
});

describe('assignPanels', () => {
  it('marks unmarked hand-picked tests with the first panel that holds them, never components or marked tests', () => {
    const selection: SelectedTest[] = [
      { labassay: 'CHOL', price: 300, component_of: null, hasResult: false },
      { labassay: 'HDL', price: 0, component_of: 'LDL', hasResult: false },
      { labassay: 'GLU', price: 250, component_of: null, hasResult: false, panel: 'other' },
      { labassay: 'TG', price: 300, component_of: null, hasResult: false },
    ];
    const marked = assignPanels(selection, [{ _id: 'p1', testovi: ['TG'] }, LIPID, { _id: 'p3', testovi: ['GLU'] }]);
    expect(marked.map((test) => test.panel ?? null)).toEqual(['lipid', null, 'other', 'p1']);
  });
});

describe('splitInProportion', () => {
  it('gives shares that add up to the total exactly, by the largest remainder', () => {
    expect(splitInProportion(1000, [300, 400, 300, 200])).toEqual([250, 333, 250, 167]);
    expect(sumMinorUnits(splitInProportion(1000, [300, 400, 300, 200]))).toBe(1000);
    expect(splitInProportion(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(splitInProportion(10, [0, 0])).toEqual([5, 5]);
    expect(splitInProportion(0, [5, 5])).toEqual([0, 0]);
  });

  it('adds up for many random cases', () => {
    for (let round = 0; round < 500; round += 1) {
      const weights = Array.from({ length: 1 + (round % 9) }, (_, i) => ((round * 37 + i * 101) % 997));
      const total = (round * 7919) % 100_000;
      const shares = splitInProportion(total, weights);
      expect(sumMinorUnits(shares)).toBe(total);
      expect(shares.every((share) => share >= 0)).toBe(true);
    }
  });
});

describe('pricing a panel', () => {
  const added = addPanel([], LIPID, lookup).selection;

  it('charged as a panel: the whole panel costs its price, spread over its tests', () => {
    const priced = pricePanels(added, [LIPID], lookup);
    expect(sumMinorUnits(priced.map((test) => test.price))).toBe(1000);
    expect(priced.map((test) => test.price)).toEqual([250, 333, 250, 167]);
  });

  it('charged by its tests: each test its own price', () => {
    const priced = pricePanels(added, [{ ...LIPID, naplata: 'testovi' }], lookup);
    expect(priced.map((test) => test.price)).toEqual([300, 400, 300, 200]);
  });

  it('a panel with a test removed costs its remaining tests, never more than the whole panel', () => {
    const withoutTg = added.filter((test) => test.labassay !== 'LDL');
    expect(sumMinorUnits(pricePanels(withoutTg, [LIPID], lookup).map((test) => test.price))).toBe(1000);
    const onlyChol = added.filter((test) => test.labassay === 'CHOL');
    expect(pricePanels(onlyChol, [LIPID], lookup).map((test) => test.price)).toEqual([300]);
    expect(panelCharge(LIPID, ['CHOL', 'HDL', 'TG', 'LDL'], [300, 400, 300, 200])).toBe(1000);
    expect(panelCharge(LIPID, ['CHOL', 'HDL'], [300, 400])).toBe(700);
    // Three of four tests cost 10,00 one by one; a panel of 8,00 without its fourth still costs 8,00, never more.
    const cheap = { ...LIPID, price: 800 };
    expect(sumMinorUnits(pricePanels(withoutTg, [cheap], lookup).map((test) => test.price))).toBe(800);
    expect(panelCharge(cheap, ['CHOL', 'HDL', 'TG'], [300, 400, 300])).toBe(800);
  });

  it('keeps the price of tests outside the panels being priced', () => {
    const selection: SelectedTest[] = [...added, { labassay: 'GLU', price: 123, component_of: null, hasResult: false }];
    expect(pricePanels(selection, [LIPID], lookup).at(-1)?.price).toBe(123);
  });
});

describe('the picker search', () => {
  const tests = [
    { _id: 't1', sifra: 'HGB', naziv: 'Hemoglobin', analit: 'Hemoglobin' },
    { _id: 't2', sifra: 'KREA', naziv: 'Kreatinin (enzimski)', analit: 'Kreatinin' },
    { _id: 't3', sifra: 'BIL-T', naziv: 'Bilirubin ukupni', analit: 'Bilirubin ukupni' },
  ];
  const panels = [
    { _id: 'p1', sifra: 'KKS', naziv: 'Kompletna krvna slika', sinonimi: ['krvna slika', 'hemogram', 'CBC'] },
    { _id: 'p2', sifra: 'BUB', naziv: 'Bubrežni testovi', sinonimi: ['renal'] },
  ];
  const first = (query: string) => searchPicker(tests, panels, query)[0];

  it('finds a panel by its code, name and synonyms, before any test', () => {
    for (const query of ['KKS', 'kks', 'krvna slika', 'hemogram', 'CBC', 'kompletna']) {
      expect(first(query)).toEqual({ kind: 'panel', panel: panels[0] });
    }
    expect(first('bubrezni')).toEqual({ kind: 'panel', panel: panels[1] });
  });

  it('puts an exact code before a partial one and finds single tests', () => {
    expect(first('hgb')).toEqual({ kind: 'test', test: tests[0] });
    expect(first('krea')).toEqual({ kind: 'test', test: tests[1] });
    expect(searchPicker(tests, panels, 'hemo').map((match) => (match.kind === 'panel' ? match.panel._id : match.test._id))).toEqual(['p1', 't1']);
    expect(searchPicker(tests, panels, '   ')).toEqual([]);
    expect(searchPicker(tests, panels, 'zzz')).toEqual([]);
  });

  it('finds a test by its English and German names as well as its Bosnian name and code', () => {
    const glucose = { _id: 't4', sifra: 'GLU', naziv: 'Glukoza', analit: 'Glukoza', naziv_en: 'Glucose', naziv_de: 'Glukose' };
    const iron = { _id: 't5', sifra: 'FE', naziv: 'Željezo', analit: 'Željezo', naziv_en: 'Iron', naziv_de: 'Eisen' };
    const found = (query: string) => searchPicker([glucose, iron], [], query)[0];
    for (const query of ['glucose', 'glukose', 'glukoza', 'GLU']) expect(found(query)).toEqual({ kind: 'test', test: glucose });
    for (const query of ['iron', 'eisen', 'zeljezo', 'fe']) expect(found(query)).toEqual({ kind: 'test', test: iron });
  });

  it('ranks whole, prefix, word-start and inside matches', () => {
    expect(matchRank('kks', ['KKS'])).toBe(0);
    expect(matchRank('kk', ['KKS'])).toBe(1);
    expect(matchRank('krv sli', ['Kompletna krvna slika'])).toBe(2);
    expect(matchRank('rvna', ['Kompletna krvna slika'])).toBe(3);
    expect(matchRank('x', ['Kompletna krvna slika'])).toBeNull();
    expect(matchRank('zeljezo', ['Željezo'])).toBe(0);
    expect(matchRank('ldl hol', ['LDL holesterol'])).toBe(1);
    expect(matchRank('hol ldl', ['LDL holesterol'])).toBe(2);
    expect(matchRank('Đurdjevak', ['djurdjevak'])).toBe(0);
  });
});

describe('sample types of the chosen tests', () => {
  const typeOf = (id: string) => ({ WBC: 'EDTA', HGB: 'EDTA', GLU: 'SER', CHOL: 'SER', HDL: 'SER', LDL: 'SER', NOTE: null } as Record<string, string | null>)[id] ?? null;

  it('groups the tests by the type they need, components with their calculated test', () => {
    const groups = sampleTypeGroups([
      { labassay: 'WBC', component_of: null }, { labassay: 'GLU', component_of: null }, { labassay: 'HGB', component_of: null },
      { labassay: 'LDL', component_of: null }, { labassay: 'TG', component_of: 'LDL' }, { labassay: 'NOTE', component_of: null },
    ], typeOf);
    expect(groups).toEqual([
      { sampleType: 'EDTA', tests: ['WBC', 'HGB'] }, { sampleType: 'SER', tests: ['GLU', 'LDL', 'TG'] }, { sampleType: null, tests: ['NOTE'] },
    ]);
  });

  it('names the tests that need another sample than the one chosen, or than most tests need', () => {
    const groups = [{ sampleType: 'EDTA', tests: ['WBC', 'HGB'] }, { sampleType: 'SER', tests: ['GLU', 'LDL', 'TG'] }, { sampleType: null, tests: ['NOTE'] }];
    expect(testsNeedingAnotherSample(groups, 'SER')).toEqual([groups[0]]);
    expect(testsNeedingAnotherSample(groups, 'EDTA')).toEqual([groups[1]]);
    expect(testsNeedingAnotherSample(groups, null)).toEqual([groups[0]]);
    expect(testsNeedingAnotherSample(groups, 'URIN')).toEqual([groups[0], groups[1]]);
    expect(testsNeedingAnotherSample([{ sampleType: 'SER', tests: ['GLU'] }, { sampleType: null, tests: ['NOTE'] }], null)).toEqual([]);
  });
});
