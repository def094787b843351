import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import { changedResults, draftsAfterSave, entryOrder, isChanged, referenceText, sectionsOf, shownFlag, shownText, valueProblem } from './result-values.ts';
import { TEST_IDS, fixtureTests } from './test-fixtures.ts';

const tests = fixtureTests();
const byCode = (sifra: string) => tests.find((test) => test.sifra === sifra)!;
const plain = (value: number) => String(value).replace('.', ',');

afterEach(async () => { await i18n.changeLanguage('bs'); });

describe('result values', () => {
  it('sends only what differs from the stored text, exactly as typed; calculated tests never', () => {
    const drafts = { [TEST_IDS.glu]: ' 5,40 ', [TEST_IDS.chol]: '6,3', [TEST_IDS.ldl]: '9', [TEST_IDS.k]: '' };
    expect(changedResults(tests, drafts)).toEqual([{ test: TEST_IDS.glu, rezultat: ' 5,40 ' }]);
    // Clearing a stored result is a change ('' clears it on the server).
    expect(changedResults(tests, { [TEST_IDS.chol]: '' })).toEqual([{ test: TEST_IDS.chol, rezultat: '' }]);
  });

  it("shows a stored number with the language's mark and takes either mark typed over it as no change", async () => {
    const hdl = { ...byCode('CHOL'), rezultat: '1.1' };
    expect(shownText(hdl, {})).toBe('1,1');
    expect(isChanged(hdl, { [hdl._id]: '1,1' })).toBe(false);
    expect(isChanged(hdl, { [hdl._id]: '1.1' })).toBe(false);
    expect(isChanged(hdl, { [hdl._id]: '1,2' })).toBe(true);
    expect(shownText({ ...hdl, rezultat: 'Pozitivan' }, {})).toBe('Pozitivan');
    await i18n.changeLanguage('en');
    // English: a result stored with a comma before the rule reads with a point, as the range beside it.
    expect(shownText({ ...hdl, rezultat: '5,2' }, {})).toBe('5.2');
    expect(shownText({ ...hdl, rezultat: '<0,5' }, {})).toBe('<0.5');
  });

  it('keeps a draft typed again while the save was on its way', () => {
    const saved = [{ test: TEST_IDS.glu, rezultat: '5,4' }, { test: TEST_IDS.k, rezultat: '4,1' }];
    expect(draftsAfterSave({ [TEST_IDS.glu]: '5,4', [TEST_IDS.k]: '4,15', [TEST_IDS.boja]: 'Žuta' }, saved))
      .toEqual({ [TEST_IDS.k]: '4,15', [TEST_IDS.boja]: 'Žuta' });
  });

  it('shows the server\'s flag for the stored value and the live one for a typed value', () => {
    const k = { ...byCode('K'), rezultat: '6,9', flag: 'HH' as const };
    expect(shownFlag(k, '6,9')).toBe('HH');
    // Without the critical limits the client says H; the server says HH once it is saved.
    expect(shownFlag(k, '7,0')).toBe('H');
    expect(shownFlag(k, '4,0')).toBeNull();
    expect(shownFlag(k, '<3')).toBe('L');
    expect(shownFlag(k, '')).toBeNull();
    expect(shownFlag(byCode('URO'), 'Pozitivan (+)')).toBe('A');
    expect(shownFlag(byCode('URO'), 'Negativan')).toBeNull();
  });

  it('judges only changed values, with the domain\'s rules', () => {
    expect(valueProblem(byCode('GLU'), { [TEST_IDS.glu]: 'pet' })).toBe('results.notNumeric');
    expect(valueProblem(byCode('URO'), { [TEST_IDS.uro]: 'Pozitivan' })).toBe('results.positiveNeedsGrade');
    expect(valueProblem(byCode('URO'), { [TEST_IDS.uro]: 'Pozitivan (++)' })).toBeNull();
    expect(valueProblem(byCode('BOJA'), { [TEST_IDS.boja]: 'bilo šta' })).toBeNull();
    expect(valueProblem({ ...byCode('GLU'), rezultat: 'hemoliza' }, {})).toBeNull();
  });

  it('orders sections by their report order and keeps the answer\'s order inside each', () => {
    expect(sectionsOf(tests).map((section) => [section.naziv, section.tests.map((test) => test.sifra)])).toEqual([
      ['Biohemija', ['GLU', 'CHOL', 'K', 'LDL']],
      ['Urin', ['URO', 'BOJA']],
    ]);
    expect(entryOrder(tests).map((test) => test.sifra)).toEqual(['GLU', 'CHOL', 'K', 'LDL', 'URO', 'BOJA']);
  });

  it('writes the reference range with inclusive limits, or its text', () => {
    expect(referenceText({ low: 3.9, high: 6.1, text: null }, plain)).toBe('3,9 – 6,1');
    expect(referenceText({ low: null, high: 5.2, text: null }, plain)).toBe('≤ 5,2');
    expect(referenceText({ low: 60, high: null, text: null }, plain)).toBe('≥ 60');
    expect(referenceText({ low: null, high: null, text: 'Negativan' }, plain)).toBe('Negativan');
    expect(referenceText({ low: null, high: null, text: 'Žuta;Svijetlo žuta' }, plain)).toBe('Žuta / Svijetlo žuta');
    expect(referenceText({ low: null, high: null, text: null }, plain)).toBe('');
  });
});
