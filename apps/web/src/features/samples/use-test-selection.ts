import { useMemo, useState } from 'react';
import { type PanelRule, type SelectedTest, type TestPanel, addPanel, pricePanels } from '@lis/domain';
import { notify } from '../../components/notify.tsx';
import { messageText } from '../../i18n/index.ts';
import type { PickerTest, SampleAnswer } from './api.ts';
import { priceUnits } from './format.ts';
import { pickerLookup, testInfoMap, toggleTest } from './picker-selection.ts';

/** A panel as the pricing rules take it (price in minor units). */
export function panelRule(panel: TestPanel): PanelRule {
  return { _id: panel._id, testovi: panel.testovi, price: priceUnits(panel.price), naplata: panel.naplata };
}

/**
 * The tests chosen in the picker, for a new sample ('new') or a saved one
 * ('edit', whose own tests carry results and dependencies): ticking and
 * unticking follow the domain rules, and a refused removal shows the spec's warning.
 * A panel adds its tests at once (the domain's addPanel); the tests of a panel
 * are priced as the panel is charged (pricePanels), again after one is removed,
 * so the total shown is the one the server will store.
 */
export function useTestSelection(
  tests: readonly PickerTest[],
  mode: 'new' | 'edit',
  initial: () => SelectedTest[] = () => [],
  sampleTests?: SampleAnswer['uzorak']['tests'],
  panels: readonly TestPanel[] = [],
) {
  const [selection, setSelectionState] = useState<SelectedTest[]>(initial);
  const lookup = useMemo(() => pickerLookup(tests, sampleTests), [tests, sampleTests]);
  const info = useMemo(() => testInfoMap(tests, sampleTests), [tests, sampleTests]);
  const rules = useMemo(() => panels.map(panelRule), [panels]);

  const setSelection = (next: SelectedTest[]) => setSelectionState(pricePanels(next, rules, lookup));

  const toggle = (labassay: string) => {
    const test = tests.find((candidate) => candidate._id === labassay) ?? { _id: labassay, disabled: false };
    const outcome = toggleTest(selection, test, lookup, mode);
    if (outcome.ok) setSelection(outcome.selection);
    else notify.warning(messageText(outcome.code));
  };

  /** Adds a panel's tests that are offered and enabled; answers how many it added. */
  const addPanelTests = (panel: TestPanel): number => {
    const offered = new Set(tests.filter((test) => !test.disabled).map((test) => test._id));
    const outcome = addPanel(selection, { _id: panel._id, testovi: panel.testovi.filter((id) => offered.has(id)) }, lookup);
    setSelection(outcome.selection);
    return outcome.added.length;
  };

  /** The panels the chosen tests came with (`paneli` of the save call). */
  const panelIds = [...new Set(selection.flatMap((test) => (test.panel ? [test.panel] : [])))];

  return { selection, setSelection, info, toggle, addPanel: addPanelTests, panelIds };
}
