/**
 * /mikrobiologija/kultura/{sid}: the culture of each culture test of a sample (a test of a microbiology
 * section): specimen, urinary or not, growth, the isolates with organism and colony count, and per
 * isolate its antibiogram (agent, MIC in mg/L or zone in mm, and the category the server interprets by
 * the imported EUCAST breakpoints: S green, I amber, R red; intrinsic resistance and "no breakpoint" said
 * in words), with an override and its reason.
 *
 * Typed from the bench sheet: Enter moves to the next field, the organism and agent pickers search the
 * reference tables as one types, Ctrl+S (or SAČUVAJ) saves the culture with the version loaded. The
 * culture becomes the test's result, so approval and verification are those of the result screen
 * (the way back); an approved or verified sample is shown read-only.
 */
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import {
  ActionIcon, Alert, Button, Checkbox, Group, NativeSelect, Paper, SegmentedControl, Select, Skeleton, Stack, Table, Text, TextInput, Title, VisuallyHidden,
} from '@mantine/core';
import { IconArrowLeft, IconDeviceFloppy, IconPlus, IconPointFilled, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type CultureTest, type InfectionSite, CULTURE_LIMITS, INFECTION_SITES, can, isSampleLocked, sampleStatusLabelKey } from '@lis/domain';
import { ApiError } from '../../api/client.ts';
import { moveOnEnter } from '../../components/enter-navigation.ts';
import { notify } from '../../components/notify.tsx';
import { READABLE_ALERT_STYLES } from '../../components/readable.ts';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { useActiveSession } from '../auth/index.ts';
import { resultEntryPath } from '../results/index.ts';
import { type CulturesAnswer, choosePanel, getCultures, microbiologyKeys, saveCulture, searchAntimicrobials, searchOrganisms } from './api.ts';
import {
  type CultureDraft, type IsolateDraft, type Override, type RowDraft, agentLabel, draftOf, draftProblem, emptyIsolate, emptyRow, saveRequestOf,
  savedInterpretationHolds, withPanel,
} from './culture-draft.ts';
import { type PickerOption, RemotePicker } from './RemotePicker.tsx';
import { SirBadge } from './SirBadge.tsx';

export function CultureScreen() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const cultures = useQuery({ queryKey: microbiologyKeys.cultures(id), queryFn: ({ signal }) => getCultures(id, signal), enabled: id !== '' });
  const notFound = cultures.error instanceof ApiError && (cultures.error.status === 404 || cultures.error.status === 400);
  const answer = cultures.data;

  return (
    <Stack gap="md" maw={1280} mx="auto">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={1} size="h2">{t('microbiology.title')}</Title>
        {answer ? (
          <Button
            variant="subtle"
            leftSection={<IconArrowLeft size={16} aria-hidden />}
            onClick={() => void navigate(resultEntryPath(answer.uzorak.pid, answer.uzorak._id))}
          >
            {t('microbiology.backToResults')}
          </Button>
        ) : null}
      </Group>
      {notFound ? (
        <Alert styles={READABLE_ALERT_STYLES} color="orange">{t('microbiology.notFound')}</Alert>
      ) : cultures.isError ? (
        <Alert styles={READABLE_ALERT_STYLES} color="red">{t('microbiology.loadFailed')}</Alert>
      ) : answer ? (
        <Cultures answer={answer} />
      ) : (
        <Stack gap="md" aria-busy aria-label={t('common.loading')}>
          <Skeleton h={72} radius="md" />
          <Skeleton h={360} radius="md" />
        </Stack>
      )}
    </Stack>
  );
}

function Cultures({ answer }: { answer: CulturesAnswer }) {
  const { t } = useTranslation();
  const { uzorak } = answer;
  return (
    <>
      <Paper withBorder radius="md" p="sm">
        <Group justify="space-between" gap="sm">
          <Group gap="md">
            <Text fw={700}>{`${uzorak.prezime} ${uzorak.ime}`}</Text>
            <Text>{t('microbiology.sample', { code: uzorak.code })}</Text>
            <StatusBadge status={uzorak.status} />
          </Group>
          <Text size="sm" c="dimmed">
            {answer.reference ? t('microbiology.reference', { guideline: answer.reference.guideline }) : ''}
          </Text>
        </Group>
      </Paper>
      {answer.reference ? null : <Alert styles={READABLE_ALERT_STYLES} color="orange">{t('microbiology.noReference')}</Alert>}
      {answer.testovi.length === 0 ? <Alert styles={READABLE_ALERT_STYLES} color="gray">{t('microbiology.noCultureTests')}</Alert> : null}
      {answer.testovi.map((test) => (
        // A culture saved elsewhere (or by this screen) starts the editor afresh from what the server holds.
        <CultureEditor key={`${test._id} ${test.kultura?.updated_at ?? ''}`} answer={answer} test={test} only={answer.testovi.length === 1} />
      ))}
    </>
  );
}

const COUNT_STEPS = Array.from({ length: CULTURE_LIMITS.kolicinaMax - CULTURE_LIMITS.kolicinaMin + 1 }, (_, index) => String(index + CULTURE_LIMITS.kolicinaMin));

function CultureEditor({ answer, test, only }: { answer: CulturesAnswer; test: CultureTest; only: boolean }) {
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

  return (
    <Paper
      component="form"
      ref={formRef}
      withBorder
      radius="md"
      p="md"
      noValidate
      aria-label={test.naziv}
      onKeyDown={moveOnEnter}
      onSubmit={(event: React.FormEvent) => {
        event.preventDefault();
        saveRef.current?.focus();
      }}
    >
      <Stack gap="md">
        <Group justify="space-between" align="baseline">
          <Title order={2} size="h3">{test.naziv}</Title>
          <Text size="sm" data-testid="culture-result">{t('microbiology.result', { rezultat: test.rezultat ?? t('microbiology.noResult') })}</Text>
        </Group>
        {conflict ? (
          <Alert styles={READABLE_ALERT_STYLES} color="orange" role="alert">
            <Group gap="sm">
              <Text size="sm">{conflict}</Text>
              <Button size="xs" onClick={() => void queryClient.invalidateQueries({ queryKey: microbiologyKeys.cultures(uzorak._id) })}>
                {t('microbiology.reload')}
              </Button>
            </Group>
          </Alert>
        ) : null}
        {olderGuideline ? (
          <Alert styles={READABLE_ALERT_STYLES} color="blue">
            <Group gap="sm" justify="space-between">
              <Text size="sm">{t('microbiology.olderGuideline', olderGuideline)}</Text>
              {editable ? (
                <Button size="xs" variant="light" loading={saving} onClick={() => void save({ reinterpret: true })}>
                  {t('microbiology.reinterpret', { guideline: olderGuideline.newest })}
                </Button>
              ) : null}
            </Group>
          </Alert>
        ) : null}
        {!mayWrite ? (
          <Alert styles={READABLE_ALERT_STYLES} color="gray">{t('microbiology.readOnly')}</Alert>
        ) : locked ? (
          <Alert styles={READABLE_ALERT_STYLES} color="blue">{t('microbiology.locked', { status: t(sampleStatusLabelKey(uzorak.status)) })}</Alert>
        ) : null}
        <Group align="flex-end" gap="md" wrap="wrap">
          <TextInput
            label={t('microbiology.specimen')}
            value={draft.materijal}
            onChange={(event) => setDraft({ ...draft, materijal: event.currentTarget.value })}
            maxLength={CULTURE_LIMITS.materijal}
            readOnly={!editable}
            data-enter-next="materijal"
            w={260}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id={`growth-${test._id}`}>{t('microbiology.growth')}</Text>
            <SegmentedControl
              aria-labelledby={`growth-${test._id}`}
              value={draft.rast ? 'yes' : 'no'}
              onChange={(value) => setDraft({ ...draft, rast: value === 'yes', izolati: value === 'yes' && draft.izolati.length === 0 ? [emptyIsolate()] : draft.izolati })}
              data={[{ value: 'yes', label: t('microbiology.growthYes') }, { value: 'no', label: t('microbiology.growthNo') }]}
              readOnly={!editable}
            />
          </Stack>
          <NativeSelect
            label={t('microbiology.infectionSite')}
            data={INFECTION_SITES.map((site) => ({ value: site, label: t(`microbiology.site_${site || 'general'}`) }))}
            value={draft.infekcija}
            onChange={(event) => setDraft({ ...draft, infekcija: event.currentTarget.value as InfectionSite })}
            disabled={!editable}
            data-enter-next="infekcija"
            w={220}
          />
          <Checkbox
            label={t('microbiology.uti')}
            checked={draft.uti}
            onChange={(event) => setDraft({ ...draft, uti: event.currentTarget.checked })}
            disabled={!editable}
            mb={8}
          />
        </Group>
        <TextInput
          label={t('microbiology.remark')}
          value={draft.napomena}
          onChange={(event) => setDraft({ ...draft, napomena: event.currentTarget.value })}
          maxLength={CULTURE_LIMITS.napomena}
          readOnly={!editable}
          data-enter-next="napomena"
        />
        {draft.rast ? draft.izolati.map((isolate, index) => (
          <IsolateEditor
            key={isolate.key}
            isolate={isolate}
            n={index + 1}
            editable={editable}
            canRemove={draft.izolati.length > 1}
            onChange={(change) => setIsolate(isolate.key, change)}
            onOrganism={(option) => void pickOrganism(isolate.key, option)}
            onRow={(rowKey, change) => setRow(isolate.key, rowKey, change)}
            onAddRow={() => {
              const row = emptyRow();
              setIsolate(isolate.key, (current) => ({ ...current, rows: [...current.rows, row] }));
              setFocusKey(row.key);
            }}
            onRemove={() => setDraft((current) => ({ ...current, izolati: current.izolati.filter((item) => item.key !== isolate.key) }))}
          />
        )) : null}
        {draft.rast && editable && draft.izolati.length < CULTURE_LIMITS.isolates ? (
          <Group>
            <Button
              variant="default"
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => {
                const isolate = emptyIsolate();
                setDraft((current) => ({ ...current, izolati: [...current.izolati, isolate] }));
                setFocusKey(isolate.key);
              }}
            >
              {t('microbiology.addIsolate')}
            </Button>
          </Group>
        ) : null}
        {editable ? (
          <Paper withBorder radius="md" p="sm" shadow="sm" style={{ position: 'sticky', bottom: 'var(--mantine-spacing-xs)', zIndex: 3 }}>
            <Group justify="space-between" gap="sm">
              <Group gap={6} wrap="nowrap" aria-live="polite">
                {dirty ? <IconPointFilled size={18} color="var(--mantine-color-orange-6)" aria-hidden /> : null}
                <Text size="sm" c={dirty ? 'gray.9' : 'dimmed'} fw={dirty ? 600 : 400}>
                  {dirty ? t('microbiology.unsaved') : t('microbiology.saveShortcut')}
                </Text>
              </Group>
              <Button ref={saveRef} leftSection={<IconDeviceFloppy size={16} aria-hidden />} loading={saving} onClick={() => void save()} disabled={!dirty}>
                {t('common.save')}
              </Button>
            </Group>
          </Paper>
        ) : null}
      </Stack>
    </Paper>
  );
}

interface IsolateEditorProps {
  isolate: IsolateDraft;
  n: number;
  editable: boolean;
  canRemove: boolean;
  onChange: (change: (isolate: IsolateDraft) => IsolateDraft) => void;
  onOrganism: (option: PickerOption | null) => void;
  onRow: (rowKey: string, change: Partial<RowDraft>) => void;
  onAddRow: () => void;
  onRemove: () => void;
}

function IsolateEditor({ isolate, n, editable, canRemove, onChange, onOrganism, onRow, onAddRow, onRemove }: IsolateEditorProps) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="sm" bg="gray.0" role="group" aria-label={t('microbiology.isolate', { n })}>
      <Stack gap="sm">
        <Group align="flex-end" gap="md" wrap="wrap">
          <Text fw={700} mb={8}>{t('microbiology.isolate', { n })}</Text>
          <RemotePicker
            label={t('microbiology.organism')}
            placeholder={t('microbiology.organismPlaceholder')}
            value={isolate.mo ? { value: isolate.mo, label: isolate.moLabel } : null}
            onPick={onOrganism}
            queryKey={microbiologyKeys.organisms}
            search={async (text, signal) => (await searchOrganisms(text, signal)).map((item) => ({ value: item.mo, label: item.naziv }))}
            readOnly={!editable}
            data-enter-next={`organism-${isolate.key}`}
            data-focus-key={isolate.key}
            w={320}
          />
          <Select
            label={t('microbiology.count')}
            data={[{ value: '', label: t('microbiology.countNone') }, ...COUNT_STEPS.map((step) => ({ value: step, label: t('microbiology.countValue', { n: step }) }))]}
            value={isolate.kolicina}
            onChange={(value) => onChange((current) => ({ ...current, kolicina: value ?? '' }))}
            allowDeselect={false}
            readOnly={!editable}
            data-enter-next={`count-${isolate.key}`}
            w={180}
          />
          <TextInput
            label={t('microbiology.remark')}
            value={isolate.napomena}
            onChange={(event) => {
              const text = event.currentTarget.value;
              onChange((current) => ({ ...current, napomena: text }));
            }}
            readOnly={!editable}
            data-enter-next={`remark-${isolate.key}`}
            style={{ flex: 1 }}
            miw={200}
          />
          {editable && canRemove ? (
            <ActionIcon variant="subtle" color="red" size="lg" mb={2} onClick={onRemove} aria-label={t('microbiology.removeIsolate', { n })}>
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          ) : null}
        </Group>
        <Table.ScrollContainer minWidth={860}>
          <Table verticalSpacing={4} aria-label={t('microbiology.antibiogram', { n })}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={240}>{t('microbiology.agent')}</Table.Th>
                <Table.Th w={120}>{t('microbiology.method')}</Table.Th>
                <Table.Th w={90}>{t('microbiology.value')}</Table.Th>
                <Table.Th>{t('microbiology.interpretation')}</Table.Th>
                <Table.Th w={170}>{t('microbiology.override')}</Table.Th>
                <Table.Th w={44}><VisuallyHidden>{t('microbiology.removeAgent', { n: '' })}</VisuallyHidden></Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {isolate.rows.map((row, index) => (
                <AntibiogramLine
                  key={row.key}
                  row={row}
                  n={index + 1}
                  editable={editable}
                  onChange={(change) => onRow(row.key, change)}
                  onRemove={() => onChange((current) => ({ ...current, rows: current.rows.filter((item) => item.key !== row.key) }))}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {(editable && isolate.rows.length < CULTURE_LIMITS.antibiogramRows) || isolate.panel ? (
          <Group justify="space-between">
            {editable && isolate.rows.length < CULTURE_LIMITS.antibiogramRows ? (
              <Button variant="light" size="xs" leftSection={<IconPlus size={14} aria-hidden />} onClick={onAddRow}>{t('microbiology.addAgent')}</Button>
            ) : <span />}
            {isolate.panel ? <Text size="xs" c="dimmed" data-testid="isolate-panel">{t('microbiology.panelUsed', { panel: isolate.panel })}</Text> : null}
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}

interface AntibiogramLineProps {
  row: RowDraft;
  n: number;
  editable: boolean;
  onChange: (change: Partial<RowDraft>) => void;
  onRemove: () => void;
}

function AntibiogramLine({ row, n, editable, onChange, onRemove }: AntibiogramLineProps) {
  const { t } = useTranslation();
  const agentFieldLabel = `${t('microbiology.agent')} ${n}`;
  return (
    <Table.Tr data-agent={row.ab ?? ''}>
      <Table.Td>
        <RemotePicker
          aria-label={agentFieldLabel}
          placeholder={t('microbiology.agentPlaceholder')}
          value={row.ab ? { value: row.ab, label: row.abLabel } : null}
          onPick={(option) => onChange({ ab: option?.value ?? null, abLabel: option?.label ?? '' })}
          queryKey={microbiologyKeys.antimicrobials}
          search={async (text, signal) => (await searchAntimicrobials(text, signal)).map((item) => ({ value: item.ab, label: agentLabel(item) }))}
          readOnly={!editable}
          data-enter-next={`agent-${row.key}`}
          data-focus-key={row.key}
          size="xs"
        />
      </Table.Td>
      <Table.Td>
        <NativeSelect
          aria-label={`${t('microbiology.method')} ${n}`}
          data={[{ value: 'MIC', label: t('microbiology.mic') }, { value: 'DISK', label: t('microbiology.disk') }]}
          value={row.metoda}
          onChange={(event) => onChange({ metoda: event.currentTarget.value === 'DISK' ? 'DISK' : 'MIC' })}
          disabled={!editable}
          data-enter-next={`method-${row.key}`}
          size="xs"
        />
      </Table.Td>
      <Table.Td>
        <TextInput
          aria-label={`${t('microbiology.value')} ${n}`}
          value={row.vrijednost}
          onChange={(event) => onChange({ vrijednost: event.currentTarget.value })}
          maxLength={CULTURE_LIMITS.vrijednost}
          readOnly={!editable}
          data-enter-next={`value-${row.key}`}
          size="xs"
          styles={{ input: { fontVariantNumeric: 'tabular-nums' } }}
        />
      </Table.Td>
      <Table.Td>
        <Interpretation row={row} />
      </Table.Td>
      <Table.Td>
        <Stack gap={4}>
          <NativeSelect
            aria-label={`${t('microbiology.override')} ${n}`}
            data={[{ value: '', label: t('microbiology.overrideNone') }, { value: 'S', label: 'S' }, { value: 'I', label: 'I' }, { value: 'R', label: 'R' }]}
            value={row.izmjena}
            onChange={(event) => onChange({ izmjena: event.currentTarget.value as Override })}
            disabled={!editable}
            size="xs"
          />
          {row.izmjena !== '' ? (
            <TextInput
              aria-label={`${t('microbiology.overrideReason')} ${n}`}
              placeholder={t('microbiology.overrideReason')}
              value={row.razlog}
              onChange={(event) => onChange({ razlog: event.currentTarget.value })}
              maxLength={CULTURE_LIMITS.razlog}
              readOnly={!editable}
              size="xs"
            />
          ) : null}
        </Stack>
      </Table.Td>
      <Table.Td>
        {editable ? (
          <ActionIcon variant="subtle" color="red" onClick={onRemove} aria-label={t('microbiology.removeAgent', { n })}>
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        ) : null}
      </Table.Td>
    </Table.Tr>
  );
}

/** The saved category and what decided it; a changed row waits for the save. */
function Interpretation({ row }: { row: RowDraft }) {
  const { t } = useTranslation();
  if (!row.saved || !savedInterpretationHolds(row)) {
    return row.ab && row.vrijednost.trim() ? <Text size="xs" c="dimmed">{t('microbiology.basis_pending')}</Text> : null;
  }
  const { saved } = row;
  const overridden = saved.izmjena && saved.izmjena.kategorija !== saved.tumacenje;
  const site = saved.granica?.site ? ` (${saved.granica.site})` : '';
  const limits = saved.granica
    ? t(saved.metoda === 'MIC' ? 'microbiology.breakpoint' : 'microbiology.breakpointZone', { s: saved.granica.s, r: saved.granica.r, site })
    : '';
  const basis = saved.osnova === 'breakpoint' ? '' : t(`microbiology.basis_${saved.osnova}`);
  return (
    <Group gap="xs" wrap="nowrap" data-testid="interpretation">
      {saved.konacno ? <SirBadge category={saved.konacno} /> : null}
      <Stack gap={0}>
        {basis ? <Text size="xs" fw={600}>{basis}</Text> : null}
        {overridden ? <Text size="xs" fw={600}>{t('microbiology.overridden', { category: saved.tumacenje ?? '–' })}</Text> : null}
        {limits && saved.osnova !== 'intrinsic' ? <Text size="xs" c="dimmed">{limits}</Text> : null}
      </Stack>
    </Group>
  );
}
