/**
 * The analyser assay table of /assays: one row per code of each analyser's map (the analyser, the code it
 * sends, the lab assay the result is written to, and whether the mapping is in force), with the row actions
 * of the lab assay table beside it:
 *
 * - reference: the mapped lab assay's reference ranges (the lab assay's edit dialog on its ranges, through
 *   `onShowReference`), so a technician sees what the analyser's results will be flagged against.
 * - multi: every mapping that writes to the same lab assay, from all the site's analysers (a lab assay
 *   measured on two instruments, e.g. glucose on the chemistry analyser and on the blood-gas analyser).
 *   One analyser code writes to one lab assay (the map is code → sifra); several analysers writing to
 *   one lab assay is the many-to-one the lab has, and this is where it is seen whole.
 * - uredi: edit the row (its code and its lab assay), saved through POST postavke/analysers/edit, so the
 *   analyser's listener takes the new map at once.
 * - akcija: switch the mapping off or on (the analyser's `mapa_iskljuceno`): while off, a result with that
 *   code is kept for review as unmapped and worklists leave the code out; the row stays to be switched on.
 * - icon: the row's status as an icon (in force, switched off, analyser inactive, lab assay missing or
 *   disabled), opening the whole analyser record in the JSON editor.
 *
 * Each action is announced with its row ('Uredi: Sysmex XN WBC'); users with 'settings.read' only see the
 * table, reference and multi.
 */
import { useState } from 'react';
import { Alert, Badge, Button, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import {
  IconAlertTriangle, IconCircleCheck, IconCircleOff, IconListDetails, IconPencil, IconPlayerPlay, IconPlayerStop, IconPlugOff,
  IconRuler2,
} from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { analyserElementSchema, type AnalyserAssayRow, integrationContracts } from '@lis/domain';
import { ApiError, call } from '../../api/client.ts';
import { AppDialog } from '../../components/AppDialog.tsx';
import { JsonEditorDialog } from '../../components/json-editor/index.ts';
import { ListTable, invalidateList, type ListColumn, type ListRowAction } from '../../components/list-table/index.ts';
import { READABLE_BADGE_TEXT } from '../../components/readable.ts';
import { notify } from '../../components/notify.tsx';
import { useActiveSession } from '../auth/index.ts';
import { analysers, assayChoices, editableAnalyser, integrationKeys, saveAnalyser } from './api.ts';

export const ANALYSER_ASSAY_LIST = integrationContracts.analyserAssays;

type RowStatus = 'inForce' | 'switchedOff' | 'analyserOff' | 'assayMissing';

function statusOf(row: AnalyserAssayRow): RowStatus {
  if (row.labassay === null || row.labassay_disabled === true) return 'assayMissing';
  if (!row.analyser_aktivan) return 'analyserOff';
  return row.aktivan ? 'inForce' : 'switchedOff';
}

const STATUS_LOOK: Record<RowStatus, { color: string; icon: React.ReactNode }> = {
  inForce: { color: 'teal', icon: <IconCircleCheck size={18} aria-hidden /> },
  switchedOff: { color: 'gray', icon: <IconCircleOff size={18} aria-hidden /> },
  analyserOff: { color: 'orange', icon: <IconPlugOff size={18} aria-hidden /> },
  assayMissing: { color: 'red', icon: <IconAlertTriangle size={18} aria-hidden /> },
};

/** The analyser's element (what postavke/analysers/edit takes) with one mapping row changed. */
type MappingChange = (element: Record<string, unknown> & { mapa: Record<string, string>; mapa_iskljuceno: string[] }) => void;

export function AnalyserAssayTable({ onShowReference }: { onShowReference: (labassayId: string) => void }) {
  const { t } = useTranslation();
  const session = useActiveSession();
  const queryClient = useQueryClient();
  const canEdit = session.can('settings.write');
  const [editing, setEditing] = useState<AnalyserAssayRow | null>(null);
  const [multiOf, setMultiOf] = useState<AnalyserAssayRow | null>(null);
  const [json, setJson] = useState<Record<string, unknown> | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const reload = async () => {
    await Promise.all([invalidateList(queryClient, ANALYSER_ASSAY_LIST), queryClient.invalidateQueries({ queryKey: integrationKeys.all })]);
  };

  /** The analyser as saved now (not as the table row saw it), so a change keeps everything else of it. */
  const currentElement = async (analyserId: string) => {
    const found = (await analysers()).find((row) => row._id === analyserId);
    if (!found) throw new Error('the analyser is no longer listed');
    const element = editableAnalyser(found);
    const off = Array.isArray(element.mapa_iskljuceno) ? element.mapa_iskljuceno.filter((code): code is string => typeof code === 'string') : [];
    return { ...element, mapa: { ...found.mapa }, mapa_iskljuceno: off };
  };

  /** Saves the row's analyser with the change applied; throws the server's refusal (the edit dialog shows it). */
  const change = async (row: AnalyserAssayRow, apply: MappingChange) => {
    const element = await currentElement(row.analyser);
    apply(element);
    const answer = await saveAnalyser(element);
    notify.success(answer.message);
    await reload();
  };

  const toggle = async (row: AnalyserAssayRow) => {
    setBusy(row._id);
    try {
      await change(row, (element) => {
        element.mapa_iskljuceno = row.aktivan ? [...element.mapa_iskljuceno.filter((code) => code !== row.kod), row.kod] : element.mapa_iskljuceno.filter((code) => code !== row.kod);
      });
    } catch (error) {
      notify.apiError(error);
    } finally {
      setBusy(null);
    }
  };

  const openJson = async (row: AnalyserAssayRow) => {
    setBusy(row._id);
    try {
      setJson(await currentElement(row.analyser));
    } catch (error) {
      notify.apiError(error);
    } finally {
      setBusy(null);
    }
  };

  const statusText = (row: AnalyserAssayRow) => t(`integration.mappingStatus_${statusOf(row)}`);
  const columns: ListColumn<AnalyserAssayRow>[] = [
    { key: 'analyser_ime', header: t('integration.analyser'), sortable: true, render: (row) => <Text span size="sm" fw={600}>{row.analyser_ime}</Text> },
    { key: 'kod', header: t('integration.analyserCode'), sortable: true, width: 140, render: (row) => <Text span size="sm" ff="monospace">{row.kod}</Text> },
    {
      key: 'naziv', header: t('integration.labAssay'), sortable: true,
      render: (row) => (
        <Group gap={6} wrap="nowrap">
          <Text span size="sm" ff="monospace" fw={600}>{row.sifra}</Text>
          <Text span size="sm">{row.naziv ?? '—'}</Text>
        </Group>
      ),
    },
    {
      key: 'aktivan', header: t('integration.col_stanje'), width: 170,
      render: (row) => (
        <Badge variant="light" color={STATUS_LOOK[statusOf(row)].color} c={READABLE_BADGE_TEXT}>{statusText(row)}</Badge>
      ),
    },
  ];

  const isBusy = (row: AnalyserAssayRow) => busy === row._id;
  const statusActions: ListRowAction<AnalyserAssayRow>[] = (Object.keys(STATUS_LOOK) as RowStatus[]).map((status) => ({
    key: `icon-${status}`, label: `${t('integration.statusIcon')}: ${t(`integration.mappingStatus_${status}`)}`,
    icon: STATUS_LOOK[status].icon, color: STATUS_LOOK[status].color, disabled: isBusy,
    hidden: (row: AnalyserAssayRow) => statusOf(row) !== status, onClick: (row: AnalyserAssayRow) => void openJson(row),
  }));
  const actions: ListRowAction<AnalyserAssayRow>[] = [
    {
      key: 'reference', label: t('integration.reference'), icon: <IconRuler2 size={18} aria-hidden />,
      disabled: (row) => row.labassay === null, onClick: (row) => { if (row.labassay) onShowReference(row.labassay); },
    },
    { key: 'multi', label: t('integration.multi'), icon: <IconListDetails size={18} aria-hidden />, onClick: setMultiOf },
    ...(canEdit ? [
      { key: 'uredi', label: t('integration.edit'), icon: <IconPencil size={18} aria-hidden />, disabled: isBusy, onClick: setEditing },
      {
        key: 'akcija', label: t('integration.switchOff'), icon: <IconPlayerStop size={18} aria-hidden />, color: 'orange', disabled: isBusy,
        hidden: (row: AnalyserAssayRow) => !row.aktivan, onClick: (row: AnalyserAssayRow) => void toggle(row),
      },
      {
        key: 'akcija-on', label: t('integration.switchOn'), icon: <IconPlayerPlay size={18} aria-hidden />, color: 'teal', disabled: isBusy,
        hidden: (row: AnalyserAssayRow) => row.aktivan, onClick: (row: AnalyserAssayRow) => void toggle(row),
      },
    ] : []),
    ...(session.readOnly ? [] : statusActions),
  ];

  return (
    <Stack gap="sm">
      <ListTable<AnalyserAssayRow>
        list={ANALYSER_ASSAY_LIST}
        storageKey="assays-analyser"
        columns={columns}
        actions={actions}
        rowKey={(row) => row._id}
        rowLabel={(row) => `${row.analyser_ime} ${row.kod}`}
        datumPresets={[]}
        withDateRange={false}
        followPatientSelected={false}
        defaultPerPage={25}
        caption={t('integration.analyserAssaysTitle')}
        minWidth={900}
      />
      <MappingEditDialog row={editing} onClose={() => setEditing(null)} save={change} />
      <MultiDialog row={multiOf} onClose={() => setMultiOf(null)} />
      <JsonEditorDialog
        opened={json !== null}
        onClose={() => setJson(null)}
        title={t('integration.editTitle', { ime: typeof json?.ime === 'string' ? json.ime : '' })}
        value={json}
        schema={analyserElementSchema}
        bodyField="analyser"
        readOnly={!canEdit}
        onSave={async (analyser) => {
          const answer = await saveAnalyser(analyser);
          notify.success(answer.message);
          await reload();
        }}
      />
    </Stack>
  );
}

/** A change the dialog refuses before saving (the new code is another row's of the same analyser). */
class MappingProblem extends Error {}

/** uredi: the row's code and lab assay; a refusal of the save is shown at its field and the dialog stays open. */
function MappingEditDialog({ row, onClose, save }: {
  row: AnalyserAssayRow | null; onClose: () => void; save: (row: AnalyserAssayRow, apply: MappingChange) => Promise<void>;
}) {
  const { t } = useTranslation();
  const assays = useQuery({ queryKey: integrationKeys.assays, queryFn: ({ signal }) => assayChoices(signal), enabled: row !== null });
  const [draft, setDraft] = useState<{ id: string; kod: string; sifra: string | null } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  if (row && draft?.id !== row._id) {
    setDraft({ id: row._id, kod: row.kod, sifra: row.sifra });
    setProblem(null);
  }
  const options = (assays.data ?? []).filter((assay) => !assay.calculated && (!assay.disabled || assay.sifra === row?.sifra))
    .map((assay) => ({ value: assay.sifra, label: `${assay.sifra} — ${assay.naziv}` }));

  const submit = async () => {
    if (!row || !draft) return;
    const kod = draft.kod.trim();
    if (kod === '' || !draft.sifra) { setProblem(t('integration.mappingIncomplete')); return; }
    const sifra = draft.sifra;
    setSaving(true);
    try {
      await save(row, (element) => {
        if (kod !== row.kod && Object.hasOwn(element.mapa, kod)) throw new MappingProblem(t('integration.duplicateCode', { code: kod }));
        // The row keeps its place in the map: the renamed code takes the old one's position.
        element.mapa = Object.fromEntries(Object.entries(element.mapa).map(([code, value]) => (code === row.kod ? [kod, sifra] : [code, value])));
        element.mapa_iskljuceno = element.mapa_iskljuceno.map((code) => (code === row.kod ? kod : code));
      });
      onClose();
    } catch (error) {
      if (error instanceof ApiError || error instanceof MappingProblem) setProblem(error.message);
      else notify.apiError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <AppDialog opened={row !== null} onClose={onClose} title={row ? t('integration.mappingEditTitle', { ime: row.analyser_ime, kod: row.kod }) : ''} size="lg">
      {row && draft ? (
        <Stack>
          {problem ? <Alert color="red" icon={<IconAlertTriangle />}>{problem}</Alert> : null}
          <TextInput label={t('integration.analyserCode')} required value={draft.kod} data-autofocus
            onChange={(event) => setDraft({ ...draft, kod: event.currentTarget.value })} />
          <Select label={t('integration.labAssay')} required searchable data={options} value={draft.sifra} nothingFoundMessage="—"
            onChange={(value) => setDraft({ ...draft, sifra: value })} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>{t('integration.cancel')}</Button>
            <Button loading={saving} onClick={() => void submit()}>{t('integration.save')}</Button>
          </Group>
        </Stack>
      ) : null}
    </AppDialog>
  );
}

/** multi: every analyser mapping that writes to the row's lab assay. */
function MultiDialog({ row, onClose }: { row: AnalyserAssayRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const session = useActiveSession();
  const mappings = useQuery({
    queryKey: ['integration', 'assay-mappings', session.siteId, row?.sifra],
    queryFn: async ({ signal }) => (await call(ANALYSER_ASSAY_LIST, { query: { sifra: row?.sifra, per_page: 0 } }, { signal })).data,
    enabled: row !== null,
  });
  return (
    <AppDialog opened={row !== null} onClose={onClose} title={row ? t('integration.multiTitle', { sifra: row.sifra, naziv: row.naziv ?? '' }) : ''} size="lg">
      <Stack>
        <Text size="sm" c="dimmed">{t('integration.multiHelp')}</Text>
        {mappings.isError ? <Alert color="red" icon={<IconAlertTriangle />}>{t('integration.failed')}</Alert> : null}
        <Table aria-label={row ? t('integration.multiTitle', { sifra: row.sifra, naziv: row.naziv ?? '' }) : undefined}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('integration.analyser')}</Table.Th>
              <Table.Th>{t('integration.analyserCode')}</Table.Th>
              <Table.Th>{t('integration.col_stanje')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(mappings.data ?? []).map((mapping) => (
              <Table.Tr key={mapping._id}>
                <Table.Td>{mapping.analyser_ime}</Table.Td>
                <Table.Td ff="monospace">{mapping.kod}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color={STATUS_LOOK[statusOf(mapping)].color} c={READABLE_BADGE_TEXT}>{t(`integration.mappingStatus_${statusOf(mapping)}`)}</Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </AppDialog>
  );
}
