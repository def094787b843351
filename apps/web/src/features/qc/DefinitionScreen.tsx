/**
 * /kontrole/definicija: the site's control lots (the controls list: sortable columns, paging, 'Pretraga',
 * date range, items per page) and the form of one lot: name, manufacturer, LOT, expiry, the entry mode
 * (Multi or Single), and per test and level the target mean and SD with where the target comes from
 * (the insert's values, the lot's first 20 runs, or all of its runs) and the analyser whose runs it judges (none:
 * the general target, for hand entry and every analyser without its own), and per level the specimen id an analyser
 * sends for it (its control results then come in as runs of this lot).
 */
import { type FormEvent, useState } from 'react';
import {
  ActionIcon, Badge, Button, Group, NumberInput, Paper, SegmentedControl, Select, SimpleGrid, Stack, Table, Text, TextInput, Title,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CONTROL_MODES, type ControlMode, TARGET_SOURCES, type TargetSource, toIsoDate } from '@lis/domain';
import { DayInput } from '../../components/DayInput.tsx';
import { ListTable, type ListColumn, type ListRowAction, invalidateList } from '../../components/list-table/index.ts';
import { notify } from '../../components/notify.tsx';
import { READABLE_BADGE_TEXT } from '../../components/readable.ts';
import { REFLOW_QUERY } from '../../components/reflow-table.ts';
import reflow from '../../components/reflow-table.module.css';
import { useLanguage } from '../../i18n/index.ts';
import { formatDate, formatDateTime, siteToday } from '../../lib/date-time.ts';
import { assayName } from '../../lib/catalogue-name.ts';
import { decimalMark } from '../../lib/format.ts';
import { RulesPanel } from './RulesPanel.tsx';
import { useActiveSession } from '../auth/index.ts';
import { integrationKeys, siteAnalysers } from '../integration/index.ts';
import { CONTROLS_LIST, type ControlAnswer, type ControlRow, assays, definition, qcKeys, saveControl } from './api.ts';

interface TargetDraft {
  key: number;
  labassay: string | null;
  nivo: number;
  mean: number | string;
  sd: number | string;
  izvor: TargetSource;
  /** The analyser whose runs this target judges; null: every analyser without its own, and hand entry. */
  analyser: string | null;
}

interface LotDraft {
  _id?: string;
  control: string;
  proizvodjac: string;
  lot: string;
  rok: string | null;
  mod: ControlMode;
  ciljevi: TargetDraft[];
  /** The analyser specimen id per level, as typed. */
  uzorci: Record<number, string>;
}

let nextKey = 1;
/** A dropdown as wide as its longest choice ('Hersteller (Beipackzettel)' in German), not cut at the column's width. */
const WIDE_DROPDOWN = { withinPortal: true, width: 'max-content', position: 'bottom-start' } as const;

const emptyTarget = (nivo = 1, labassay: string | null = null): TargetDraft => ({ key: nextKey++, labassay, nivo, mean: '', sd: '', izvor: 'proizvodjac', analyser: null });
const emptyLot = (): LotDraft => ({ control: '', proizvodjac: '', lot: '', rok: null, mod: 'Multi', ciljevi: [emptyTarget()], uzorci: {} });

function draftOf(lot: ControlAnswer): LotDraft {
  return {
    _id: lot._id, control: lot.control, proizvodjac: lot.proizvodjac, lot: lot.lot, rok: lot.rok_trajanja, mod: lot.mod,
    ciljevi: lot.ciljevi.map((target) => ({ key: nextKey++, labassay: target.labassay, nivo: target.nivo, mean: target.mean, sd: target.sd, izvor: target.izvor, analyser: target.analyser })),
    uzorci: Object.fromEntries(lot.uzorci_aparata.map((entry) => [entry.nivo, entry.uzorak])),
  };
}

export function DefinitionScreen() {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<LotDraft>(emptyLot);
  // The tests of the lot as saved: their rules are set below the form.
  const [savedTargets, setSavedTargets] = useState<ControlAnswer['ciljevi']>([]);
  const today = toIsoDate(siteToday());

  const edit = async (row: ControlRow) => {
    try {
      const { kontrola } = await definition(row._id);
      setDraft(draftOf(kontrola));
      setSavedTargets(kontrola.ciljevi);
    } catch (error) {
      notify.apiError(error);
    }
  };

  const columns: ListColumn<ControlRow>[] = [
    { key: 'control', header: t('qc.col_control'), sortable: true },
    { key: 'lot', header: t('qc.col_lot'), sortable: true },
    { key: 'proizvodjac', header: t('qc.col_proizvodjac'), sortable: true },
    {
      key: 'rok_trajanja', header: t('qc.col_rok'), sortable: true,
      render: (row) => (
        <Group gap={6} wrap="nowrap">
          <span>{formatDate(`${row.rok_trajanja}T12:00:00Z`)}</span>
          {row.rok_trajanja < today ? <Badge color="red" variant="light" c={READABLE_BADGE_TEXT}>{t('qc.expired')}</Badge> : null}
        </Group>
      ),
    },
    { key: 'mod', header: t('qc.col_mod'), sortable: true, render: (row) => t(`qc.mode_${row.mod}`) },
    { key: 'created', header: t('qc.col_created'), sortable: true, render: (row) => formatDateTime(row.created) },
  ];
  const actions: ListRowAction<ControlRow>[] = [
    { key: 'edit', label: t('qc.edit'), icon: <IconPencil size={18} aria-hidden />, onClick: (row) => void edit(row) },
  ];

  return (
    <Stack gap="lg" maw={1400} mx="auto">
      <Title order={1} size="h2">{t('qc.definitionTitle')}</Title>
      <LotForm
        key={draft._id ?? 'new'}
        initial={draft}
        onSaved={(saved) => {
          void invalidateList(queryClient, CONTROLS_LIST);
          void queryClient.invalidateQueries({ queryKey: qcKeys.all });
          setDraft(draftOf(saved));
          setSavedTargets(saved.ciljevi);
        }}
        onNew={() => { setDraft(emptyLot()); setSavedTargets([]); }}
      />
      {draft._id ? <RulesPanel assays={[...new Map(savedTargets.map((target) => [target.labassay, assayName(target, language)])).entries()].map(([labassay, naziv]) => ({ labassay, naziv }))} /> : null}
      <ListTable<ControlRow>
        list={CONTROLS_LIST}
        columns={columns}
        actions={actions}
        rowKey={(row) => row._id}
        rowLabel={(row) => `${row.control} ${row.lot}`}
        defaultSort={[{ field: 'created', direction: 'desc' }]}
        withDateRange
        caption={t('qc.listCaption')}
        minWidth={800}
        reflow
      />
    </Stack>
  );
}

function LotForm({ initial, onSaved, onNew }: { initial: LotDraft; onSaved: (saved: ControlAnswer) => void; onNew: () => void }) {
  const { t } = useTranslation();
  // On a narrow screen each target stacks its fields, each named, instead of seven columns cut off at the edge.
  const narrow = useMediaQuery(REFLOW_QUERY) ?? false;
  const language = useLanguage();
  const [lot, setLot] = useState<LotDraft>(initial);
  const [saving, setSaving] = useState(false);
  const [missing, setMissing] = useState({ control: false, lot: false, rok: false });
  const assayList = useQuery({ queryKey: qcKeys.assays, queryFn: ({ signal }) => assays(signal) });
  const assayChoices = (assayList.data?.data ?? [])
    .filter((assay) => assay.vrsta === 'numeric' && !assay.calculated)
    .map((assay) => ({ value: assay._id, label: `${assayName(assay, language)} (${assay.sifra})` }))
    .sort((a, b) => a.label.localeCompare(b.label, language));
  // The site's analysers; the empty choice is the general target (hand entry and analysers without their own).
  const session = useActiveSession();
  const analyserList = useQuery({ queryKey: integrationKeys.analysers(session.siteId), queryFn: ({ signal }) => siteAnalysers(signal) });
  const analyserChoices = [
    { value: '', label: t('qc.anyAnalyser') },
    ...(analyserList.data ?? []).map((analyser) => ({ value: analyser._id, label: analyser.ime })),
  ];

  const setTarget = (key: number, change: Partial<TargetDraft>) =>
    setLot((current) => ({ ...current, ciljevi: current.ciljevi.map((target) => (target.key === key ? { ...target, ...change } : target)) }));
  const addTarget = () => setLot((current) => {
    const last = current.ciljevi.at(-1);
    return { ...current, ciljevi: [...current.ciljevi, emptyTarget(last ? Math.min(last.nivo + 1, 6) : 1, last?.labassay ?? null)] };
  });

  // The lot's levels (those its targets name): each may have the specimen id an analyser sends for it.
  const levels = [...new Set(lot.ciljevi.map((target) => target.nivo))].sort((a, b) => a - b);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The required fields are marked on the form; a missing one is named under its field and nothing is sent.
    const missing = { control: !lot.control.trim(), lot: !lot.lot.trim(), rok: !lot.rok };
    setMissing(missing);
    if (Object.values(missing).some(Boolean)) return;
    setSaving(true);
    try {
      const answer = await saveControl({
        ...(lot._id ? { _id: lot._id } : {}), control: lot.control, proizvodjac: lot.proizvodjac, lot: lot.lot, rok_trajanja: lot.rok ?? '', mod: lot.mod,
        ciljevi: lot.ciljevi.filter((target) => target.labassay).map((target) => ({
          labassay: target.labassay ?? '', nivo: target.nivo, mean: Number(target.mean), sd: Number(target.sd), izvor: target.izvor,
          analyser: target.analyser,
        })),
        uzorci_aparata: levels.filter((nivo) => (lot.uzorci[nivo] ?? '').trim() !== '').map((nivo) => ({ nivo, uzorak: (lot.uzorci[nivo] ?? '').trim() })),
      });
      notify.success(t('qc.saved'));
      onSaved(answer.kontrola);
    } catch (error) {
      notify.apiError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={(event: FormEvent) => void submit(event)} aria-labelledby="qc-lot-title">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id="qc-lot-title">{lot._id ? t('qc.editLot', { control: lot.control, lot: lot.lot }) : t('qc.newLot')}</Title>
        {lot._id ? <Button variant="subtle" leftSection={<IconPlus size={16} aria-hidden />} onClick={onNew}>{t('qc.newLot')}</Button> : null}
      </Group>
      {/* Five in a row only where the mode's two choices fit beside the four fields ('Alle Stufen | Eine Stufe'). */}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3, xl: 5 }}>
        <TextInput label={t('qc.control')} withAsterisk value={lot.control} error={missing.control ? t('qc.required', { field: t('qc.control') }) : undefined}
          onChange={(event) => setLot({ ...lot, control: event.currentTarget.value })} />
        <TextInput label={t('qc.proizvodjac')} value={lot.proizvodjac} onChange={(event) => setLot({ ...lot, proizvodjac: event.currentTarget.value })} />
        <TextInput label={t('qc.lot')} withAsterisk value={lot.lot} error={missing.lot ? t('qc.required', { field: t('qc.lot') }) : undefined}
          onChange={(event) => setLot({ ...lot, lot: event.currentTarget.value })} />
        <DayInput label={t('qc.rok')} withAsterisk value={lot.rok}
          error={missing.rok ? t('qc.required', { field: t('qc.rok') }) : undefined} onChange={(value) => setLot({ ...lot, rok: value })} />
        <Stack gap={2}>
          <Text size="sm" fw={500} id="qc-mode-label">{t('qc.mode')}</Text>
          <SegmentedControl aria-labelledby="qc-mode-label" data={CONTROL_MODES.map((value) => ({ value, label: t(`qc.mode_${value}`) }))} value={lot.mod}
            onChange={(value) => setLot({ ...lot, mod: value })} />
        </Stack>
      </SimpleGrid>
      <Title order={3} size="h5" mt="md" mb={4}>{t('qc.targets')}</Title>
      <Table.ScrollContainer minWidth={narrow ? 0 : 1150}>
        <Table verticalSpacing={4} className={narrow ? reflow.reflow : undefined}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th miw={240}>{t('qc.assay')}</Table.Th>
              <Table.Th w={90}>{t('qc.level')}</Table.Th>
              <Table.Th w={130}>{t('qc.mean')}</Table.Th>
              <Table.Th w={110}>{t('qc.sd')}</Table.Th>
              <Table.Th w={250}>{t('qc.source')}</Table.Th>
              <Table.Th w={200}>{t('qc.targetAnalyser')}</Table.Th>
              <Table.Th w={50}><VisuallyHidden>{t('qc.actions')}</VisuallyHidden></Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lot.ciljevi.map((target, index) => (
              <Table.Tr key={target.key}>
                <Table.Td data-label={narrow ? t('qc.assay') : undefined}>
                  <Select aria-label={`${t('qc.assay')} ${index + 1}`} searchable data={assayChoices} value={target.labassay}
                    onChange={(value) => setTarget(target.key, { labassay: value })} comboboxProps={WIDE_DROPDOWN} />
                </Table.Td>
                <Table.Td data-label={narrow ? t('qc.level') : undefined}>
                  <NumberInput aria-label={`${t('qc.level')} ${index + 1}`} min={1} max={6} allowDecimal={false} value={target.nivo}
                    onChange={(value) => setTarget(target.key, { nivo: Number(value) || 1 })} />
                </Table.Td>
                <Table.Td data-label={narrow ? t('qc.mean') : undefined}>
                  <NumberInput aria-label={`${t('qc.mean')} ${index + 1}`} decimalSeparator={decimalMark(language)} value={target.mean}
                    onChange={(value) => setTarget(target.key, { mean: value })} hideControls />
                </Table.Td>
                <Table.Td data-label={narrow ? t('qc.sd') : undefined}>
                  <NumberInput aria-label={`${t('qc.sd')} ${index + 1}`} decimalSeparator={decimalMark(language)} value={target.sd}
                    onChange={(value) => setTarget(target.key, { sd: value })} hideControls />
                </Table.Td>
                <Table.Td data-label={narrow ? t('qc.source') : undefined}>
                  <Select aria-label={`${t('qc.source')} ${index + 1}`} allowDeselect={false} value={target.izvor}
                    data={TARGET_SOURCES.map((source) => ({ value: source, label: t(`qc.source_${source}`) }))}
                    onChange={(value) => setTarget(target.key, { izvor: value ?? 'proizvodjac' })} comboboxProps={WIDE_DROPDOWN} />
                </Table.Td>
                <Table.Td data-label={narrow ? t('qc.targetAnalyser') : undefined}>
                  <Select aria-label={`${t('qc.targetAnalyser')} ${index + 1}`} allowDeselect={false} value={target.analyser ?? ''} data={analyserChoices}
                    onChange={(value) => setTarget(target.key, { analyser: value ? value : null })} comboboxProps={WIDE_DROPDOWN} />
                </Table.Td>
                <Table.Td>
                  <ActionIcon variant="subtle" color="red" aria-label={t('qc.removeTarget', { row: index + 1 })}
                    onClick={() => setLot({ ...lot, ciljevi: lot.ciljevi.filter((other) => other.key !== target.key) })}>
                    <IconTrash size={18} aria-hidden />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Button variant="light" mt="sm" leftSection={<IconPlus size={16} aria-hidden />} onClick={addTarget}>{t('qc.addTarget')}</Button>
      <Title order={3} size="h5" mt="md" mb={2}>{t('qc.specimensTitle')}</Title>
      <Text size="sm" c="dimmed" mb={4}>{t('qc.specimensHint')}</Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        {levels.map((nivo) => (
          <TextInput key={nivo} label={t('qc.specimenOfLevel', { level: nivo })} value={lot.uzorci[nivo] ?? ''} maxLength={60}
            onChange={(event) => { const value = event.currentTarget.value; setLot((current) => ({ ...current, uzorci: { ...current.uzorci, [nivo]: value } })); }} />
        ))}
      </SimpleGrid>
      <Group justify="flex-end" mt="sm">
        <Button type="submit" loading={saving}>{t('qc.save')}</Button>
      </Group>
    </Paper>
  );
}
