import { useMemo, useState } from 'react';
import { type SelectedTest } from '@lis/domain';
import { notify } from '../../components/notify.tsx';
import { messageText } from '../../i18n/index.ts';
import type { PickerTest, SampleAnswer } from './api.ts';
import { pickerLookup, testInfoMap, toggleTest } from './picker-selection.ts';

/**
 * The tests chosen in the picker, for a new sample ('new') or a saved one
 * ('edit', whose own tests carry results and dependencies): ticking and
 * unticking follow the domain rules, and a refused removal shows the spec's warning.
 */
export function useTestSelection(
  tests: readonly PickerTest[],
  mode: 'new' | 'edit',
  initial: () => SelectedTest[] = () => [],
  sampleTests?: SampleAnswer['uzorak']['tests'],
) {
  const [selection, setSelection] = useState<SelectedTest[]>(initial);
  const lookup = useMemo(() => pickerLookup(tests, sampleTests), [tests, sampleTests]);
  const info = useMemo(() => testInfoMap(tests, sampleTests), [tests, sampleTests]);

  const toggle = (labassay: string) => {
    const test = tests.find((candidate) => candidate._id === labassay) ?? { _id: labassay, disabled: false };
    const outcome = toggleTest(selection, test, lookup, mode);
    if (outcome.ok) setSelection(outcome.selection);
    else notify.warning(messageText(outcome.code));
  };

  return { selection, setSelection, info, toggle };
}
