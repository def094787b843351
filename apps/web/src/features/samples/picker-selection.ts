/**
 * What the test picker does when a person ticks or unticks a test, on a new
 * sample or in the sample edit dialog. The rules themselves are the domain's
 * (addTest pulls a calculated test's components at price 0, removeTest
 * refuses with 'Test nije moguće ukloniti!' / the last-test message); this
 * file joins them to the picker's data. Pure; tested in picker-selection.test.ts.
 */
import {
  type AssayLookup, type MessageCode, type PickerAssay, type SelectedTest, addTest, removeTest,
} from '@lis/domain';
import { priceUnits } from './format.ts';
import type { PickerTest, SampleAnswer } from './api.ts';

/** What a test is called on screen, whichever list it came from. */
export interface TestInfo {
  _id: string;
  naziv: string;
  naziv_en: string;
  naziv_de: string;
  analit: string;
  sifra: string;
  klasa: PickerTest['klasa'];
}

/**
 * Looks tests up in the picker's list and, in the edit dialog, the sample's
 * own tests. A component the picker does not offer this patient is still
 * known as a component (price 0): the calculation needs it.
 */
export function pickerLookup(tests: readonly PickerTest[], sampleTests: SampleAnswer['uzorak']['tests'] = []): AssayLookup {
  const assays = new Map<string, PickerAssay>();
  for (const test of sampleTests) {
    assays.set(test.labassay, { _id: test.labassay, price: priceUnits(test.price), calculated: test.calculated, calculatedTests: [] });
  }
  for (const test of tests) {
    assays.set(test._id, { _id: test._id, price: priceUnits(test.price), calculated: test.calculated, calculatedTests: test.calculatedTests });
  }
  const components = new Set(tests.flatMap((test) => test.calculatedTests));
  return (id) => assays.get(id) ?? (components.has(id) ? { _id: id, price: 0, calculated: false, calculatedTests: [] } : undefined);
}

export function testInfoMap(tests: readonly PickerTest[], sampleTests: SampleAnswer['uzorak']['tests'] = []): Map<string, TestInfo> {
  const info = new Map<string, TestInfo>();
  for (const test of sampleTests) {
    info.set(test.labassay, { _id: test.labassay, naziv: test.ime_testa, naziv_en: test.naziv_en, naziv_de: test.naziv_de, analit: test.analit, sifra: test.sifra, klasa: test.klasa });
  }
  for (const test of tests) info.set(test._id, { _id: test._id, naziv: test.naziv, naziv_en: test.naziv_en, naziv_de: test.naziv_de, analit: test.analit, sifra: test.sifra, klasa: test.klasa });
  return info;
}

export type ToggleOutcome =
  | { ok: true; selection: SelectedTest[] }
  | { ok: false; code: MessageCode };

/**
 * Ticking a test adds it (a calculated one with its components); unticking
 * removes it by the domain's rules. A disabled test cannot be ticked.
 * `mode` is 'edit' on a saved sample, where the last test cannot go.
 */
export function toggleTest(
  selection: readonly SelectedTest[], test: Pick<PickerTest, '_id' | 'disabled'>, lookup: AssayLookup, mode: 'new' | 'edit',
): ToggleOutcome {
  if (selection.some((item) => item.labassay === test._id)) {
    const outcome = removeTest(selection, test._id, lookup, mode);
    return outcome.ok ? { ok: true, selection: outcome.selection } : outcome;
  }
  if (test.disabled) return { ok: true, selection: [...selection] };
  return { ok: true, selection: addTest(selection, test._id, lookup) };
}

/** The tests of a saved sample as the picker's selection; a test with a result cannot be removed. */
export function selectionFromSample(answer: SampleAnswer): SelectedTest[] {
  const withResult = new Set(answer.rezultat.rezultati.filter((row) => row.rezultat !== null).map((row) => row.labassay));
  return answer.uzorak.tests.map((test) => ({
    labassay: test.labassay, price: priceUnits(test.price), component_of: test.component_of, panel: test.panel, hasResult: withResult.has(test.labassay),
  }));
}

/** `testovi` of the save and update calls: the tests chosen by hand (the server adds the components of calculated ones). */
export function requestedTests(selection: readonly SelectedTest[]): string[] {
  return selection.filter((test) => test.component_of === null).map((test) => test.labassay);
}
