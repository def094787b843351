/**
 * The lab assay table of /postavke/analize and /assays: a section choice,
 * the list (code, name, analyte, section, unit, price, kind, ranges, status)
 * and the row actions of each screen.
 *
 * - /postavke/analize ('settings'): uredi (the edit dialog), history, delete
 *   confirmed with 'Da' (refused by the server for a test on samples).
 * - /assays ('assays'), the spec's actions: reference (the edit dialog on
 *   its reference ranges), multi (every parameter of the assay on one page),
 *   uredi (the edit dialog), akcija (disable or enable the assay: a disabled
 *   test is no longer offered for new samples and stays on old ones) and
 *   icon (the whole record, ranges included, in the JSON editor; only for
 *   access level below 1).
 *
 * Users with 'settings.read' only open everything read-only.
 */
import { useState } from 'react';
import { Badge, Button, Group, Select, Stack, Text } from '@mantine/core';
import {
  IconAdjustmentsHorizontal, IconBraces, IconHistory, IconListDetails, IconPencil, IconPlayerPlay, IconPlayerStop, IconPlus,
  IconRuler2, IconTrash,
} from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { labAssaySchema, type LabAssayRecord } from '@lis/domain';
import { ConfirmDelete } from '../../components/ConfirmDelete.tsx';
import { JsonEditorDialog } from '../../components/json-editor/index.ts';
import { ListTable, invalidateList, type ListColumn, type ListRowAction } from '../../components/list-table/index.ts';
import { READABLE_BADGE_TEXT } from '../../components/readable.ts';
import { notify } from '../../components/notify.tsx';
import { useLanguage, messageText } from '../../i18n/index.ts';
import { formatNumber } from '../../lib/format.ts';
import { useActiveSession } from '../auth/index.ts';
import { ASSAY_LIST, type AssayRow, assayHistory, deleteAssay, readAssay, saveAssay, sectionChoices } from './api.ts';
import { AssayEditDialog, type AssayDialogTab } from './AssayEditDialog.tsx';
import { HistoryDialog } from './HistoryDialog.tsx';
import { ParametersDialog } from './ParametersDialog.tsx';

export interface AssayTableProps {
  variant: 'settings' | 'assays';
  caption: string;
}

export function AssayTable({ variant, caption }: AssayTableProps) {
  const { t } = useTranslation(undefined, { keyPrefix: 'catalogue' });
  const language = useLanguage();
  const queryClient = useQueryClient();
  const session = useActiveSession();
  const canEdit = session.can('settings.write');
  const [section, setSection] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ assay: LabAssayRecord | 'new'; tab: AssayDialogTab } | null>(null);
  const [json, setJson] = useState<LabAssayRecord | null>(null);
  const [parameters, setParameters] = useState<LabAssayRecord | null>(null);
  const [historyOf, setHistoryOf] = useState<{ id: string; name: string } | null>(null);
  const [deleting, setDeleting] = useState<AssayRow | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const sections = useQuery({ queryKey: ['catalogue-sections'], queryFn: sectionChoices, staleTime: 60_000 });
  const reload = () => invalidateList(queryClient, ASSAY_LIST);

  /** Reads the whole assay (ranges included) before a dialog opens on it. */
  const withAssay = async (row: AssayRow, open: (assay: LabAssayRecord) => void) => {
    setBusy(row._id);
    try {
      open(await readAssay(row._id));
    } catch (error) {
      notify.apiError(error);
    } finally {
      setBusy(null);
    }
  };

  const toggleDisabled = (row: AssayRow) => withAssay(row, (assay) => {
    void (async () => {
      try {
        await saveAssay({ ...assay, disabled: !assay.disabled });
        notify.success(assay.disabled ? t('assayEnabled', { naziv: assay.naziv }) : t('assayDisabled', { naziv: assay.naziv }));
        await reload();
      } catch (error) {
        notify.apiError(error);
      }
    })();
  });

  const remove = async (row: AssayRow) => {
    try {
      await deleteAssay(row._id);
    } catch (error) {
      notify.apiError(error);
      throw error;
    }
    notify.success(messageText('delete.ok'));
    await reload();
  };

  const columns: ListColumn<AssayRow>[] = [
    { key: 'sifra', header: t('col_sifra'), sortable: true, width: 110, render: (row) => <Text span size="sm" ff="monospace" fw={600}>{row.sifra}</Text> },
    {
      key: 'naziv', header: t('col_naziv'), sortable: true,
      render: (row) => (
        <Stack gap={2} align="flex-start">
          <Text span size="sm">{row.naziv}</Text>
          {section === null && <Text span size="xs" c="dimmed">{row.sekcija_naziv}</Text>}
          {(row.calculated || row.manual || row.vrsta !== 'numeric' || row.disabled) && (
            <Group gap={4}>
              {row.disabled && <Badge size="xs" variant="light" c={READABLE_BADGE_TEXT} color="gray">{t('disabled')}</Badge>}
              {row.calculated && <Badge size="xs" variant="light" c={READABLE_BADGE_TEXT} color="grape">{t('calculated')}</Badge>}
              {row.manual && <Badge size="xs" variant="light" c={READABLE_BADGE_TEXT} color="gray">{t('manual')}</Badge>}
              {row.vrsta !== 'numeric' && <Badge size="xs" variant="light" c={READABLE_BADGE_TEXT} color="blue">{t(`kind_${row.vrsta}`)}</Badge>}
            </Group>
          )}
        </Stack>
      ),
    },
    { key: 'analit', header: t('col_analit'), sortable: true },
    { key: 'jedinica', header: t('col_jedinica'), width: 100 },
    { key: 'price', header: t('col_price'), sortable: true, align: 'right', width: 100, render: (row) => formatNumber(row.price, language, { decimals: 2 }) },
    { key: 'referenci', header: t('col_referenci'), align: 'center', width: 80 },
  ];

  const isBusy = (row: AssayRow) => busy === row._id;
  const edit = (tab: AssayDialogTab) => (row: AssayRow) => void withAssay(row, (assay) => setEditing({ assay, tab }));
  const actions: ListRowAction<AssayRow>[] = variant === 'settings'
    ? [
      { key: 'uredi', label: t('uredi'), icon: <IconPencil size={18} aria-hidden />, onClick: edit('assay'), disabled: isBusy },
      { key: 'history', label: t('history'), icon: <IconHistory size={18} aria-hidden />, onClick: (row) => setHistoryOf({ id: row._id, name: row.naziv }) },
      ...(canEdit ? [{ key: 'delete', label: t('delete'), icon: <IconTrash size={18} aria-hidden />, color: 'red', onClick: setDeleting }] : []),
    ]
    : [
      { key: 'reference', label: t('reference'), icon: <IconRuler2 size={18} aria-hidden />, onClick: edit('ranges'), disabled: isBusy },
      {
        key: 'multi', label: t('multi'), icon: <IconListDetails size={18} aria-hidden />, disabled: isBusy,
        onClick: (row) => void withAssay(row, setParameters),
      },
      { key: 'uredi', label: t('uredi'), icon: <IconPencil size={18} aria-hidden />, onClick: edit('assay'), disabled: isBusy },
      ...(canEdit ? [{
        key: 'akcija', label: t('disable'), icon: <IconPlayerStop size={18} aria-hidden />, color: 'orange', disabled: isBusy,
        hidden: (row: AssayRow) => row.disabled, onClick: (row: AssayRow) => void toggleDisabled(row),
      }, {
        key: 'akcija-enable', label: t('enable'), icon: <IconPlayerPlay size={18} aria-hidden />, color: 'teal', disabled: isBusy,
        hidden: (row: AssayRow) => !row.disabled, onClick: (row: AssayRow) => void toggleDisabled(row),
      }] : []),
      ...(session.readOnly ? [] : [{
        key: 'icon', label: t('icon'), icon: <IconBraces size={18} aria-hidden />, disabled: isBusy,
        onClick: (row: AssayRow) => void withAssay(row, setJson),
      }]),
    ];

  const sectionData = (sections.data ?? []).map((row) => ({ value: row._id, label: String(row.naziv) }));
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <Select
          label={t('section')}
          placeholder={t('allSections')}
          data={sectionData}
          value={section}
          onChange={setSection}
          clearable
          w={280}
          leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
        />
        {canEdit && (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing({ assay: 'new', tab: 'assay' })}>{t('newAssay')}</Button>
        )}
      </Group>
      <ListTable<AssayRow>
        list={ASSAY_LIST}
        storageKey={`assays-${variant}`}
        params={{ sekcija: section ?? undefined }}
        columns={columns}
        actions={actions}
        rowKey={(row) => row._id}
        rowLabel={(row) => `${row.sifra} ${row.naziv}`}
        datumPresets={[]}
        withDateRange={false}
        followPatientSelected={false}
        defaultPerPage={25}
        caption={caption}
        minWidth={960}
      />
      <AssayEditDialog
        assay={editing?.assay ?? null}
        tab={editing?.tab ?? 'assay'}
        defaultSection={section ?? sectionData[0]?.value ?? ''}
        readOnly={!canEdit}
        onClose={() => setEditing(null)}
        onSaved={(saved) => { notify.success(t('assaySaved')); void reload(); setParameters((shown) => (shown?._id === saved._id ? saved : shown)); }}
      />
      <JsonEditorDialog
        opened={json !== null}
        onClose={() => setJson(null)}
        title={t('jsonAssayTitle', { naziv: json?.naziv ?? '' })}
        value={json}
        schema={labAssaySchema}
        bodyField="labassay"
        readOnly={!canEdit}
        onSave={async (labassay) => {
          await saveAssay(labassay);
          notify.success(t('assaySaved'));
          await reload();
        }}
      />
      <ParametersDialog assay={parameters} onClose={() => setParameters(null)} />
      <HistoryDialog target={historyOf} load={assayHistory} queryName="lab_assay" onClose={() => setHistoryOf(null)} />
      <ConfirmDelete
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        message={deleting ? t('deleteMessage', { naziv: deleting.naziv }) : ''}
        onConfirm={() => (deleting ? remove(deleting) : undefined)}
      />
    </Stack>
  );
}
