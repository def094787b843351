/**
 * The editing state of one culture on the culture screen: the draft typed from the bench sheet, what may be
 * changed, the save (with the version loaded; a version conflict is said on the culture, not as a toast), the
 * organism's panel offered as rows, the cursor moved to a row or isolate just added, and Ctrl+S.
 */
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type CultureTest, can, isSampleLocked } from '@lis/domain';
import { ApiError } from '../../api/client.ts';
import { notify } from '../../components/notify.tsx';
import { useActiveSession } from '../auth/index.ts';
import { type CulturesAnswer, choosePanel, microbiologyKeys, saveCulture } from './api.ts';
import {
  type CultureDraft, type IsolateDraft, type RowDraft, draftOf, draftProblem, emptyIsolate, emptyRow, saveRequestOf, withPanel,
} from './culture-draft.ts';
import type { PickerOption } from './RemotePicker.tsx';

export interface CultureEditorInput {
  answer: CulturesAnswer;
  test: CultureTest;
  /** The sample's only culture test: Ctrl+S saves it wherever the cursor is. */
  only: boolean;
}

export function useCultureEditor({ answer, test, only }: CultureEditorInput) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { role, level } = useActiveSession().data.access;
  const { uzorak } = answer;
  const initial = useRef(draftOf(test.kultura, test, test.materijal));
  const [draft, setDraft] = useState<CultureDraft>(initial.current);
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState<string | null>(null);
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const saveRef = useRef<HTMLButtonElement>(null);
  const locked = isSampleLocked(uzorak.status);
  const mayWrite = can(role, level, 'results.enter');
  const editable = mayWrite && !locked;
  const ids = { sid: uzorak._id, version: uzorak.version, test: test._id };
  const dirty = JSON.stringify(saveRequestOf(draft, ids)) !== JSON.stringify(saveRequestOf(initial.current, ids));

  // A row or isolate just added takes the cursor (its picker), so the next agent is typed at once.
  useEffect(() => {
    if (!focusKey) return;
    formRef.current?.querySelector<HTMLElement>(`[data-focus-key="${CSS.escape(focusKey)}"]`)?.focus();
    setFocusKey(null);
  }, [focusKey]);

  const setIsolate = (key: string, change: (isolate: IsolateDraft) => IsolateDraft) =>
    setDraft((current) => ({ ...current, izolati: current.izolati.map((isolate) => (isolate.key === key ? change(isolate) : isolate)) }));
  const setRow = (isolateKey: string, rowKey: string, change: Partial<RowDraft>) =>
    setIsolate(isolateKey, (isolate) => ({ ...isolate, rows: isolate.rows.map((row) => (row.key === rowKey ? { ...row, ...change } : row)) }));
  const addRow = (isolateKey: string) => {
    const row = emptyRow();
    setIsolate(isolateKey, (current) => ({ ...current, rows: [...current.rows, row] }));
    setFocusKey(row.key);
  };
  const addIsolate = () => {
    const isolate = emptyIsolate();
    setDraft((current) => ({ ...current, izolati: [...current.izolati, isolate] }));
    setFocusKey(isolate.key);
  };
  const removeIsolate = (key: string) =>
    setDraft((current) => ({ ...current, izolati: current.izolati.filter((item) => item.key !== key) }));

  // Choosing an organism offers its panel's agents as the antibiogram's rows (the server holds the panels and
  // matches the organism by its taxonomy); what was typed stays.
  const pickOrganism = async (isolateKey: string, option: PickerOption | null) => {
    setIsolate(isolateKey, (current) => ({ ...current, mo: option?.value ?? null, moLabel: option?.label ?? '' }));
    if (!option) return;
    const materijal = draft.materijal.trim();
    try {
      const panel = await queryClient.fetchQuery({
        queryKey: microbiologyKeys.panelChoice(option.value, materijal),
        queryFn: ({ signal }) => choosePanel(option.value, materijal, signal),
        staleTime: 60_000,
      });
      setIsolate(isolateKey, (current) => (current.mo === option.value ? withPanel(current, panel) : current));
    } catch (error) {
      notify.apiError(error);
    }
  };

  // A culture keeps the guideline it was interpreted with; a newer import is applied to it only on purpose.
  const olderGuideline = test.kultura?.guideline && answer.reference && test.kultura.guideline !== answer.reference.guideline
    ? { old: test.kultura.guideline, newest: answer.reference.guideline } : null;

  const save = async (options: { reinterpret?: boolean } = {}) => {
    if (saving || !editable) return;
    const problem = draftProblem(draft);
    if (problem) {
      notify.warning(t(`microbiology.${problem}`));
      return;
    }
    setSaving(true);
    try {
      await saveCulture({ ...saveRequestOf(draft, ids), ...(options.reinterpret ? { novaVerzija: true } : {}) });
      notify.success(t('microbiology.saved'));
      setConflict(null);
      await Promise.all([
        // The result screen and the lists show the culture's summary and the sample's status (the cultures' key is under it).
        queryClient.invalidateQueries({ queryKey: ['results', uzorak._id] }),
        queryClient.invalidateQueries({ queryKey: ['samples'] }),
      ]);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'results.versionConflict') setConflict(t('microbiology.conflict'));
      else notify.apiError(error);
    } finally {
      setSaving(false);
    }
  };

  // After a version conflict: the sample's cultures as the server holds them now.
  const reload = () => queryClient.invalidateQueries({ queryKey: microbiologyKeys.cultures(uzorak._id) });

  // Ctrl+S saves the culture being typed (the only one, or the one holding the cursor).
  const saveFromShortcut = useEffectEvent((event: KeyboardEvent) => {
    if (!only && !formRef.current?.contains(document.activeElement)) return;
    event.preventDefault();
    void save();
  });
  useEffect(() => {
    if (!editable) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 's') saveFromShortcut(event);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [editable]);

  return {
    draft, setDraft, saving, conflict, dirty, locked, mayWrite, editable, olderGuideline, formRef, saveRef,
    setIsolate, setRow, addRow, addIsolate, removeIsolate, pickOrganism, save, reload,
  };
}
