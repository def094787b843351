import type { MessageCode } from '../messages.ts';
import { sumMinorUnits, type MinorUnits } from '../money.ts';
import type { Spol } from '../spol.ts';

/** The picker shows the tests of a section in row groups of 100. */
export const TEST_PICKER_CHUNK = 100;

/** Lab (analyser), Man (entered by hand) and Calc (calculated from other tests). */
export type TestClass = 'Lab' | 'Man' | 'Calc';

export function testClass(assay: { manual: boolean; calculated: boolean }): TestClass {
  if (assay.calculated) return 'Calc';
  return assay.manual ? 'Man' : 'Lab';
}

export function chunkTests<T>(items: readonly T[], size: number = TEST_PICKER_CHUNK): T[][] {
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`chunk size must be a positive integer: ${size}`);
  const groups: T[][] = [];
  for (let start = 0; start < items.length; start += size) groups.push(items.slice(start, start + size));
  return groups;
}

// ---------------------------------------------------------------------------
// Which tests are offered to a patient
// ---------------------------------------------------------------------------

/** What the picker knows about the patient: age from the ID, sex, and the sample's pregnancy and menopause flags. */
export interface PatientScope {
  /** Age in days; null when the ID does not tell the birth (no-data patients). */
  ageDays: number | null;
  spol: Spol | null;
  trudnica: boolean;
  menopauza: boolean;
}

/** Who a reference range is for; null means "any". */
export interface RangeScope {
  spol: Spol | null;
  ageMinDays: number;
  ageMaxDays: number;
  trudnica: boolean | null;
  /** Absent in catalogues without menopause-specific ranges: either. */
  menopauza?: boolean | null | undefined;
}

export function rangeApplies(range: RangeScope, patient: PatientScope): boolean {
  if (range.spol !== null && patient.spol !== null && range.spol !== patient.spol) return false;
  if (patient.ageDays !== null && (patient.ageDays < range.ageMinDays || patient.ageDays > range.ageMaxDays)) return false;
  if (range.trudnica !== null && range.trudnica !== patient.trudnica) return false;
  if (range.menopauza !== null && range.menopauza !== undefined && range.menopauza !== patient.menopauza) return false;
  return true;
}

/**
 * Offered tests follow the reference ranges (decision, see docs): a test with
 * no reference range is offered to everyone; a test with ranges is offered
 * when at least one range applies to the patient's age, sex, pregnancy and
 * menopause. So a PSA with a male-only range is not offered to a woman, a
 * neonatal test is not offered to an adult, and a test whose ranges all
 * require pregnancy is offered only when the sample is marked trudnica.
 * What is unknown (no birth data, no sex) does not exclude anything.
 */
export function isAssayOffered(ranges: readonly RangeScope[], patient: PatientScope): boolean {
  return ranges.length === 0 || ranges.some((range) => rangeApplies(range, patient));
}

/** Pregnancy and menopause can only be marked for a woman (or a patient whose sex is not recorded). */
export function sampleFlagsProblem(spol: Spol | null, flags: { trudnica: boolean; menopauza: boolean }): MessageCode | null {
  if (spol === 'MUŠKI' && (flags.trudnica || flags.menopauza)) return 'sample.flagsNeedFemale';
  if (flags.trudnica && flags.menopauza) return 'sample.flagsConflict';
  return null;
}

// ---------------------------------------------------------------------------
// The tests of a sample: adding, removing, prices
// ---------------------------------------------------------------------------

/** A catalogue test as the picker needs it; price in minor units. */
export interface PickerAssay {
  _id: string;
  price: MinorUnits;
  calculated: boolean;
  /** Ids of the tests a calculated test is computed from. */
  calculatedTests: readonly string[];
}

/** One test on a sample. */
export interface SelectedTest {
  labassay: string;
  /** What the test costs on this sample: its catalogue price, or 0 when a calculated test pulled it in. */
  price: MinorUnits;
  /** The calculated test that pulled this one in (at price 0); null when chosen by hand. */
  component_of: string | null;
  /** The test panel that brought this test onto the sample (its price may be a share of the panel's); null or absent: picked alone. */
  panel?: string | null;
  /** A result is recorded: the test can no longer be removed. */
  hasResult: boolean;
}

export type AssayLookup = (id: string) => PickerAssay | undefined;

/**
 * Adds a test; a calculated test brings its components at price 0 (those not
 * on the sample yet), recursively for a component that is itself calculated.
 * Adding a test that is already there changes nothing.
 */
export function addTest(selection: readonly SelectedTest[], assayId: string, lookup: AssayLookup): SelectedTest[] {
  if (selection.some((test) => test.labassay === assayId)) return [...selection];
  const assay = lookup(assayId);
  if (!assay) throw new RangeError(`unknown test: ${assayId}`);
  const result = [...selection, { labassay: assayId, price: assay.price, component_of: null, hasResult: false }];
  const pull = (calculated: PickerAssay, seen: Set<string>) => {
    for (const componentId of calculated.calculatedTests) {
      if (seen.has(componentId) || result.some((test) => test.labassay === componentId)) continue;
      const component = lookup(componentId);
      if (!component) throw new RangeError(`unknown component ${componentId} of ${calculated._id}`);
      result.push({ labassay: componentId, price: 0, component_of: calculated._id, hasResult: false });
      if (component.calculated) pull(component, new Set([...seen, componentId]));
    }
  };
  if (assay.calculated) pull(assay, new Set([assayId]));
  return result;
}

/** The calculated tests on the sample that are computed from this one. */
export function dependentsOf(selection: readonly SelectedTest[], assayId: string, lookup: AssayLookup): string[] {
  return selection
    .filter((test) => test.labassay !== assayId && (lookup(test.labassay)?.calculatedTests ?? []).includes(assayId))
    .map((test) => test.labassay);
}

export type RemoveOutcome =
  | { ok: true; selection: SelectedTest[]; removed: string[] }
  | { ok: false; code: Extract<MessageCode, 'sample.lastTest' | 'sample.testLocked'> };

/**
 * Removes a test (Sample edit):
 * - a test with a result, or one a calculated test on the sample depends on:
 *   'Test nije moguće ukloniti!';
 * - on a saved sample ('edit'), the last test: 'Test nije moguće ukloniti.
 *   Zatvorite prozor i obrišite uzorak.' (the sample itself has to go);
 * - a calculated test takes along the components it pulled in, except those
 *   with results or still needed by another calculated test.
 */
export function removeTest(
  selection: readonly SelectedTest[], assayId: string, lookup: AssayLookup, mode: 'new' | 'edit',
): RemoveOutcome {
  const target = selection.find((test) => test.labassay === assayId);
  if (!target) return { ok: true, selection: [...selection], removed: [] };
  if (target.hasResult || dependentsOf(selection, assayId, lookup).length > 0) return { ok: false, code: 'sample.testLocked' };
  let remaining = selection.filter((test) => test.labassay !== assayId);
  const removed = [assayId];
  // A pulled component leaves with its calculated test unless it has a result or another calculated test needs it.
  let changed = true;
  while (changed) {
    changed = false;
    for (const test of remaining) {
      const orphan = test.component_of !== null && removed.includes(test.component_of);
      if (orphan && !test.hasResult && dependentsOf(remaining, test.labassay, lookup).length === 0) {
        remaining = remaining.filter((other) => other.labassay !== test.labassay);
        removed.push(test.labassay);
        changed = true;
        break;
      }
    }
  }
  // Components kept (results, other dependents) stay at price 0, no longer tied to the removed test.
  remaining = remaining.map((test) => (test.component_of !== null && removed.includes(test.component_of) ? { ...test, component_of: null } : test));
  if (mode === 'edit' && remaining.length === 0) return { ok: false, code: 'sample.lastTest' };
  return { ok: true, selection: remaining, removed };
}

export type ReconcileOutcome =
  | { ok: true; selection: SelectedTest[]; added: string[]; removed: string[] }
  | { ok: false; code: Extract<MessageCode, 'sample.lastTest' | 'sample.testLocked'>; labassay: string };

/**
 * Turns the list of tests a client asks for into the sample's tests: what is
 * new is added (with components), what is left out is removed by the rules of
 * `removeTest`. Components pulled by a calculated test that stays need not be
 * listed; they stay. Used by the server for every save and update, so the
 * rules hold whatever the client sends.
 */
export function reconcileTests(
  existing: readonly SelectedTest[], requested: readonly string[], lookup: AssayLookup, mode: 'new' | 'edit',
): ReconcileOutcome {
  const wanted = [...new Set(requested)];
  let selection = [...existing];
  const removed: string[] = [];
  const keptCalculated = new Set(wanted);
  const isImplied = (test: SelectedTest) => test.component_of !== null && keptCalculated.has(test.component_of);
  const toRemove = existing.filter((test) => !wanted.includes(test.labassay) && !isImplied(test) && test.component_of === null);
  // Drop removed hand-picked tests first, calculated ones before the tests they depend on.
  toRemove.sort((a, b) => Number(lookup(b.labassay)?.calculated ?? false) - Number(lookup(a.labassay)?.calculated ?? false));
  for (const test of toRemove) {
    if (!selection.some((item) => item.labassay === test.labassay)) continue;
    const outcome = removeTest(selection, test.labassay, lookup, 'new');
    if (!outcome.ok) return { ok: false, code: outcome.code, labassay: test.labassay };
    selection = outcome.selection;
    removed.push(...outcome.removed);
  }
  const before = new Set(selection.map((test) => test.labassay));
  for (const id of wanted) selection = addTest(selection, id, lookup);
  const added = selection.filter((test) => !before.has(test.labassay)).map((test) => test.labassay);
  if (mode === 'edit' && selection.length === 0) return { ok: false, code: 'sample.lastTest', labassay: removed[0] ?? '' };
  return { ok: true, selection, added, removed: removed.filter((id) => !added.includes(id)) };
}

/** Running total of the sample's prices. */
export function totalPrice(selection: readonly SelectedTest[]): MinorUnits {
  return sumMinorUnits(selection.map((test) => test.price));
}
