import type { MinorUnits } from '../money.ts';
import { type AssayLookup, type SelectedTest, addTest } from '../sample/test-picker.ts';

/**
 * Test panels (profiles): a site's named sets of assays ordered together (a full blood count, a lipid
 * profile, liver tests), found in the sample's test picker by name, code and synonyms and added in one
 * step. A panel's tests stay separate tests on the sample (each with its own result), marked with the
 * panel that brought them, so one of them can still be removed after the panel was added.
 *
 * How a panel is charged is the site's choice per panel (`naplata`):
 * - 'testovi': each test at its own price (the catalogue's, or the ordering partner's);
 * - 'panel': the panel's price for its tests together. A panel with some of its tests removed costs what
 *   its remaining tests cost one by one, but never more than the whole panel: taking a test off never
 *   raises the bill. The amount is spread over the panel's tests in proportion to their own prices
 *   (largest remainder, in minor units), so every test carries its share and the sample's and the
 *   invoice's sums (sums of the tests' prices) are the panel's price to the cent.
 */

export const PANEL_PRICING = ['panel', 'testovi'] as const;
export type PanelPricing = (typeof PANEL_PRICING)[number];

/** A panel as the rules need it: its tests in order, its price and how it is charged. */
export interface PanelRule {
  _id: string;
  testovi: readonly string[];
  price: MinorUnits;
  naplata: PanelPricing;
}

/**
 * Adds a panel's tests to the selection, in the panel's order, each marked with the panel (a calculated
 * test brings its components at price 0 as it does when picked alone). A test already on the sample stays
 * as it is (it is not charged twice, and it keeps the panel or the hand that put it there). A test the
 * lookup does not know (not offered to this patient, disabled) is left out.
 * Answers the new selection and the tests the panel added.
 */
export function addPanel(
  selection: readonly SelectedTest[], panel: Pick<PanelRule, '_id' | 'testovi'>, lookup: AssayLookup,
): { selection: SelectedTest[]; added: string[]; skipped: string[] } {
  let result = [...selection];
  const added: string[] = [];
  const skipped: string[] = [];
  for (const id of panel.testovi) {
    if (result.some((test) => test.labassay === id)) continue;
    if (!lookup(id)) {
      skipped.push(id);
      continue;
    }
    const before = result.length;
    result = addTest(result, id, lookup).map((test, index) => (index === before ? { ...test, panel: panel._id } : test));
    added.push(id);
  }
  return { selection: result, added, skipped };
}

/**
 * Marks the tests of a requested list with the panels they came with: a test without a panel yet that is in
 * one of `panels` (the first in the order given) gets it. Tests already marked keep their panel; components
 * of calculated tests are never a panel's (they cost nothing). The server calls this for every save, so
 * the client only names the panels it added.
 */
export function assignPanels(selection: readonly SelectedTest[], panels: readonly Pick<PanelRule, '_id' | 'testovi'>[]): SelectedTest[] {
  return selection.map((test) => {
    if (test.component_of !== null || (test.panel ?? null) !== null) return test;
    const panel = panels.find((candidate) => candidate.testovi.includes(test.labassay));
    return panel ? { ...test, panel: panel._id } : test;
  });
}

/** Splits `total` over `weights` in proportion (largest remainder); equal shares when every weight is 0. */
export function splitInProportion(total: MinorUnits, weights: readonly MinorUnits[]): MinorUnits[] {
  if (weights.length === 0) return [];
  const sum = weights.reduce((a, b) => a + b, 0);
  const basis = sum > 0 ? weights : weights.map(() => 1);
  const basisSum = sum > 0 ? sum : weights.length;
  const exact = basis.map((weight) => (total * weight) / basisSum);
  const shares = exact.map((value) => Math.floor(value));
  let left = total - shares.reduce((a, b) => a + b, 0);
  const order = exact.map((value, index) => ({ index, rest: value - Math.floor(value) })).sort((a, b) => b.rest - a.rest || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    shares[index] = (shares[index] ?? 0) + 1;
    left -= 1;
  }
  return shares;
}

/** What a panel charged as a panel costs with these of its tests on the sample (see the rule above). */
export function panelCharge(panel: PanelRule, present: readonly string[], ownPrices: readonly MinorUnits[]): MinorUnits {
  const complete = panel.testovi.every((id) => present.includes(id));
  const own = ownPrices.reduce((a, b) => a + b, 0);
  return complete ? panel.price : Math.min(panel.price, own);
}

/**
 * Prices the tests of the given panels on a sample: a panel charged by its tests gives each test its own
 * price (the lookup's), a panel charged as a panel spreads `panelCharge` over its tests. Tests of other
 * panels, tests picked alone and components (price 0) keep their price.
 */
export function pricePanels(selection: readonly SelectedTest[], panels: readonly PanelRule[], lookup: AssayLookup): SelectedTest[] {
  const prices = new Map<number, MinorUnits>();
  for (const panel of panels) {
    const members = selection.flatMap((test, index) => (test.panel === panel._id && test.component_of === null ? [{ test, index }] : []));
    if (members.length === 0) continue;
    const own = members.map(({ test }) => lookup(test.labassay)?.price ?? test.price);
    const shares = panel.naplata === 'panel'
      ? splitInProportion(panelCharge(panel, members.map(({ test }) => test.labassay), own), own)
      : own;
    members.forEach(({ index }, i) => prices.set(index, shares[i] ?? 0));
  }
  return selection.map((test, index) => (prices.has(index) ? { ...test, price: prices.get(index)! } : test));
}

// ---------------------------------------------------------------------------
// Finding tests and panels in the picker
// ---------------------------------------------------------------------------

/** A test the picker searches: by code, analyte, its Bosnian name and, where the catalogue has them, its English and German names (so a reader finds it by the name the screen shows). */
export interface SearchableTest { _id: string; sifra: string; naziv: string; analit: string; naziv_en?: string | undefined; naziv_de?: string | undefined }
export interface SearchablePanel { _id: string; sifra: string; naziv: string; sinonimi: readonly string[] }

export type PickerMatch<T, P> = { kind: 'panel'; panel: P } | { kind: 'test'; test: T };

/** Lower case without diacritics ('zeljezo' finds 'Željezo', 'dj' finds 'đ'). */
function fold(text: string): string {
  return text.toLowerCase().normalize('NFD').replace(/\p{Diacritic}/gu, '').replace(/đ/g, 'dj');
}

/**
 * How well a name matches the query (lower is better; null: no match): the whole name or code (0), the
 * start of it (1), every word of the query at the start of a word of it (2), every word inside it (3).
 */
export function matchRank(query: string, names: readonly string[]): number | null {
  const q = fold(query).trim().replace(/\s+/g, ' ');
  if (q === '') return null;
  const words = q.split(' ');
  let best: number | null = null;
  for (const name of names) {
    const n = fold(name).trim().replace(/\s+/g, ' ');
    if (n === '') continue;
    const nameWords = n.split(/[\s,()/-]+/).filter((word) => word !== '');
    const rank = n === q ? 0
      : n.startsWith(q) ? 1
        : words.every((word) => nameWords.some((nameWord) => nameWord.startsWith(word))) ? 2
          : words.every((word) => n.includes(word)) ? 3 : null;
    if (rank !== null && (best === null || rank < best)) best = rank;
  }
  return best;
}

/**
 * The picker's search over panels (name, code, synonyms) and tests (names, code, analyte), best match
 * first: by rank, a panel before a test of the same rank (typing 'KKS' means the blood count, not one of
 * its tests), then in the order given. Enter in the search adds the first.
 */
export function searchPicker<T extends SearchableTest, P extends SearchablePanel>(
  tests: readonly T[], panels: readonly P[], query: string,
): PickerMatch<T, P>[] {
  const ranked: { match: PickerMatch<T, P>; rank: number; kind: number; order: number }[] = [];
  panels.forEach((panel, order) => {
    const rank = matchRank(query, [panel.sifra, panel.naziv, ...panel.sinonimi]);
    if (rank !== null) ranked.push({ match: { kind: 'panel', panel }, rank, kind: 0, order });
  });
  tests.forEach((test, order) => {
    const rank = matchRank(query, [test.sifra, test.analit, test.naziv, test.naziv_en ?? '', test.naziv_de ?? '']);
    if (rank !== null) ranked.push({ match: { kind: 'test', test }, rank, kind: 1, order });
  });
  return ranked.sort((a, b) => a.rank - b.rank || a.kind - b.kind || a.order - b.order).map((entry) => entry.match);
}

// ---------------------------------------------------------------------------
// Sample types: which tests need another tube
// ---------------------------------------------------------------------------

export interface SampleTypeGroup {
  /** The sample type (id) these tests are done from; null: the catalogue does not say. */
  sampleType: string | null;
  tests: string[];
}

/**
 * The chosen tests by the sample type they need, in the order the types first appear. Tests whose assay
 * names no sample type fit any tube and join the sample's own group; a component pulled in by a
 * calculated test goes with its calculated test.
 */
export function sampleTypeGroups(
  selection: readonly Pick<SelectedTest, 'labassay' | 'component_of'>[], sampleTypeOf: (labassay: string) => string | null,
): SampleTypeGroup[] {
  const groups: SampleTypeGroup[] = [];
  for (const test of selection) {
    const type = sampleTypeOf(test.component_of ?? test.labassay);
    let group = groups.find((candidate) => candidate.sampleType === type);
    if (!group) {
      group = { sampleType: type, tests: [] };
      groups.push(group);
    }
    group.tests.push(test.labassay);
  }
  return groups;
}

/** The sample's own type: the one chosen on it; none chosen, the type most of the chosen tests need (the first such on a tie). */
export function ownSampleType(groups: readonly SampleTypeGroup[], sampleType: string | null): string | null {
  if (sampleType !== null) return sampleType;
  const typed = groups.filter((group) => group.sampleType !== null);
  if (typed.length === 0) return null;
  return typed.reduce((best, group) => (group.tests.length > best.tests.length ? group : best)).sampleType;
}

/**
 * The tests that need another sample than this one. The sample's type is the one chosen on the sample; none
 * chosen, the type most of the chosen tests need (the first such on a tie). Tests without a type fit any.
 * Answers one group per other type, for a second (third …) sample each.
 */
export function testsNeedingAnotherSample(groups: readonly SampleTypeGroup[], sampleType: string | null): SampleTypeGroup[] {
  const own = ownSampleType(groups, sampleType);
  return groups.filter((group) => group.sampleType !== null && group.sampleType !== own);
}
