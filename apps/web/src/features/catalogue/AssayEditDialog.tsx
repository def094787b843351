/**
 * The lab assay edit dialog: the assay's own fields in the JSON editor
 * (checked against the domain's schema at every change, problems at their
 * line) and its reference ranges in a form of their own, saved together by
 * `assays/lab/edit`. An analyte name over 30 characters warns before the
 * save. A refusal of the server shows at its field: in the editor, or at the
 * range row and field it names. Ctrl+S saves from either tab.
 */
import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Group, Stack, Tabs, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  ANALYTE_NAME_ADVISED_LENGTH, analyteNameTooLong, isMessageCode, labAssayFieldsSchema, type LabAssayRecord,
} from '@lis/domain';
import { ApiError } from '../../api/client.ts';
import { AppDialog } from '../../components/AppDialog.tsx';
import { JsonEditor, JsonProblemList, onSaveShortcut, useJsonDraft } from '../../components/json-editor/index.ts';
import { saveAssay } from './api.ts';
import { type RangeDraft, type RangeErrors, type RangeField, checkDrafts, draftOf } from './range-drafts.ts';
import { ReferenceRangesForm } from './ReferenceRangesForm.tsx';

export type AssayDialogTab = 'assay' | 'ranges';

export interface AssayEditDialogProps {
  /** The assay to edit, `'new'` for a new one, null when closed. */
  assay: LabAssayRecord | 'new' | null;
  tab: AssayDialogTab;
  /** The section a new assay starts in. */
  defaultSection?: string;
  readOnly?: boolean;
  onClose: () => void;
  onSaved: (saved: LabAssayRecord) => void;
}

/** A new assay as the editor starts it: every field with its default, the names empty. */
function newAssayFields(sekcija: string): Record<string, unknown> {
  return {
    sifra: '', naziv: '', naziv_en: '', naziv_de: '', analit: '', price: 0, sekcija, uzorak: null, jedinica: '', loinc: null, decimals: 2,
    manual: false, calculated: false, formula: null, calculatedTests: [], disabled: false, tip: 'Standard', redoslijed: 0,
    vrsta: 'numeric', opcije: [], critical_low: null, critical_high: null, delta: null, stabilnost: [],
  };
}

export function AssayEditDialog(props: AssayEditDialogProps) {
  const { t } = useTranslation(undefined, { keyPrefix: 'catalogue' });
  const title = props.assay === 'new' || props.assay === null ? t('newAssayTitle') : t('editAssayTitle', { naziv: props.assay.naziv });
  return (
    <AppDialog opened={props.assay !== null} onClose={props.onClose} title={title} size={1100} force>
      {props.assay !== null && <AssayEditBody {...props} assay={props.assay} />}
    </AppDialog>
  );
}

function AssayEditBody({ assay, tab: initialTab, defaultSection = '', readOnly = false, onClose, onSaved }: AssayEditDialogProps & { assay: LabAssayRecord | 'new' }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'catalogue' });
  const { t: tRoot } = useTranslation();
  const fields = useMemo(() => {
    if (assay === 'new') return newAssayFields(defaultSection);
    const { reference: _reference, ...rest } = assay;
    return rest;
  }, [assay, defaultSection]);
  const draft = useJsonDraft(fields, labAssayFieldsSchema, 'labassay');
  const [drafts, setDrafts] = useState<RangeDraft[]>(() => (assay === 'new' ? [] : assay.reference.map(draftOf)));
  const [serverRangeErrors, setServerRangeErrors] = useState<{ drafts: RangeDraft[]; errors: RangeErrors } | null>(null);
  const [tab, setTab] = useState<AssayDialogTab>(initialTab);
  const [warning, setWarning] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => setTab(initialTab), [initialTab]);

  const rangeCheck = useMemo(() => checkDrafts(drafts), [drafts]);
  // The server's refusal of a range stays until the ranges change.
  const rangeErrors: RangeErrors = rangeCheck.ok ? (serverRangeErrors?.drafts === drafts ? serverRangeErrors.errors : {}) : rangeCheck.errors;
  const hasRangeErrors = Object.keys(rangeErrors).length > 0;
  const canSave = !readOnly && draft.check.ok && rangeCheck.ok && !hasRangeErrors;
  const analit = draft.check.ok ? draft.check.value.analit : '';

  const save = async () => {
    if (!canSave || saving || !draft.check.ok || !rangeCheck.ok) return;
    setSaving(true);
    try {
      const saved = await saveAssay({ ...draft.check.value, reference: rangeCheck.ranges });
      onSaved(saved);
      onClose();
    } catch (error) {
      const match = error instanceof ApiError ? /^labassay\.reference\.(\d+)\.(\w+)$/.exec(error.field ?? '') : null;
      if (error instanceof ApiError && match) {
        const code = isMessageCode(error.code) && error.code !== 'form.invalid' ? error.code : null;
        setServerRangeErrors({ drafts, errors: { [Number(match[1])]: { [match[2] as RangeField]: code } } });
        setTab('ranges');
      } else {
        draft.showRefusal(error);
        setTab('assay');
      }
    } finally {
      setSaving(false);
    }
  };

  /** The analyte name is printed in narrow columns: over 30 characters asks before the save. */
  const requestSave = () => {
    if (!canSave) return;
    if (analyteNameTooLong(analit)) setWarning(analit);
    else void save();
  };

  return (
    <Stack gap="sm" onKeyDown={onSaveShortcut(requestSave)}>
      {warning !== null ? (
        <Alert color="orange" icon={<IconAlertTriangle size={18} />} title={t('analyteWarningTitle')} role="alertdialog">
          <Stack gap="xs">
            <Text size="sm">{t('analyteWarning', { analit: warning, length: warning.trim().length, max: ANALYTE_NAME_ADVISED_LENGTH })}</Text>
            <Group>
              <Button size="xs" color="orange" onClick={() => { setWarning(null); void save(); }} data-autofocus>{t('continue')}</Button>
              <Button size="xs" variant="default" onClick={() => setWarning(null)}>{tRoot('common.cancel')}</Button>
            </Group>
          </Stack>
        </Alert>
      ) : null}
      {draft.refusalMessage && <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">{draft.refusalMessage}</Alert>}
      <Tabs value={tab} onChange={(value) => setTab(value === 'ranges' ? 'ranges' : 'assay')} keepMounted>
        <Tabs.List>
          <Tabs.Tab value="assay" c={draft.check.ok ? undefined : 'red.8'}>{t('tabAssay')}</Tabs.Tab>
          <Tabs.Tab value="ranges" c={hasRangeErrors ? 'red.8' : undefined}>{t('tabRanges', { count: drafts.length })}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="assay" pt="sm">
          <Stack gap="sm">
            <JsonEditor
              initialText={draft.initialText}
              onChange={draft.setText}
              problems={draft.editorProblems}
              onSave={requestSave}
              readOnly={readOnly}
              label={tRoot('jsonEditor.editorLabel')}
              height="50vh"
            />
            <JsonProblemList draft={draft} />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="ranges" pt="sm">
          <ReferenceRangesForm drafts={drafts} onChange={setDrafts} errors={rangeErrors} readOnly={readOnly} />
        </Tabs.Panel>
      </Tabs>
      <Group justify="space-between">
        <Text size="xs" c="dimmed">{readOnly ? '' : tRoot('jsonEditor.keys')}</Text>
        <Group>
          <Button variant="default" onClick={onClose} disabled={saving}>{tRoot('common.close')}</Button>
          {!readOnly && <Button onClick={requestSave} disabled={!canSave} loading={saving}>{tRoot('common.save')}</Button>}
        </Group>
      </Group>
    </Stack>
  );
}

