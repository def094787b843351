/**
 * /kontrole/charts: Levey-Jennings charts of a lot's test, one per level, over a date range, with the
 * target in force, the statistics of the period (n, mean, SD, CV, bias, Sigma) and each result as text;
 * under them the lot's monthly table (per test and level: n, mean, SD, CV, bias, Sigma of a chosen month); both
 * for one source of results (an analyser, or hand entry) against its target when the lot has more than one;
 * and the tests whose patient results are held by a rejected run (per analyser, or by hand), each with the
 * corrective action that releases it.
 */
import { useState } from 'react';
import { Alert, Badge, Button, Group, Paper, Select, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { DatePickerInput, MonthPickerInput } from '@mantine/dates';
import { IconAlertTriangle, IconListDetails } from '@tabler/icons-react';
import { Link } from 'react-router';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type Language, addDays, toIsoDate } from '@lis/domain';
import { notify } from '../../components/notify.tsx';
import { READABLE_ALERT_STYLES, READABLE_BADGE_TEXT } from '../../components/readable.ts';
import { useLanguage } from '../../i18n/index.ts';
import { formatDateTime, siteToday } from '../../lib/date-time.ts';
import { assayName } from '../../lib/catalogue-name.ts';
import { useActiveSession } from '../auth/index.ts';
import { type ChartLevel, type ControlAnswer, type Hold, chart, definition, holds, monthly, qcKeys, recordCorrectiveAction } from './api.ts';
import { ControlSelect } from './ControlWidget.tsx';
import { STATUS_COLORS, figure } from './format.ts';
import { LeveyJenningsChart } from './LeveyJenningsChart.tsx';
import { YoudenPlot } from './YoudenPlot.tsx';

const DEFAULT_DAYS = 31;

export function ChartsScreen() {
  const { t } = useTranslation();
  const language = useLanguage();
  const session = useActiveSession();
  const today = siteToday();
  const [kontrola, setKontrola] = useState<string | null>(null);
  const [chosenAssay, setChosenAssay] = useState<string | null>(null);
  const [range, setRange] = useState<[string | null, string | null]>([toIsoDate(addDays(today, -(DEFAULT_DAYS - 1))), toIsoDate(today)]);
  const [from, to] = range;
  // The source shown ('' every source, 'rucno' hand entry, else an analyser's id): offered once the lot has
  // results from more than one; each source's results are drawn against the target that judges them.
  const [izvor, setIzvor] = useState('');
  const lot = useQuery({
    queryKey: qcKeys.definition(session.siteId, kontrola ?? ''), queryFn: ({ signal }) => definition(kontrola ?? '', signal), enabled: kontrola !== null,
  });
  const assayChoices = [...new Map((lot.data?.kontrola.ciljevi ?? []).map((target) => [target.labassay, assayName(target, language)])).entries()]
    .map(([value, label]) => ({ value, label }));
  const labassay = assayChoices.find((choice) => choice.value === chosenAssay)?.value ?? assayChoices[0]?.value ?? null;
  const data = useQuery({
    queryKey: qcKeys.chart(session.siteId, kontrola ?? '', labassay ?? '', from ?? '', to ?? '', izvor),
    queryFn: ({ signal }) => chart(kontrola ?? '', labassay ?? '', from ?? '', to ?? '', izvor, signal),
    enabled: kontrola !== null && labassay !== null && from !== null && to !== null,
    placeholderData: keepPreviousData,
  });
  const sources = data.data?.izvori ?? [];
  const sourceChoices = [
    { value: '', label: t('qc.allSources') },
    ...sources.map((source) => ({ value: source.analyser ?? 'rucno', label: source.ime ?? t('qc.byHand') })),
  ];

  return (
    <Stack gap="lg" maw={1400} mx="auto">
      <Title order={1} size="h2">{t('qc.chartsTitle')}</Title>
      <Holds />
      <Paper withBorder p="md" radius="md">
        <Group align="flex-end" gap="md" wrap="wrap">
          <ControlSelect value={kontrola} onChange={(value) => { setKontrola(value); setIzvor(''); }} />
          <Select label={t('qc.chooseAssay')} data={assayChoices} value={labassay} onChange={setChosenAssay} allowDeselect={false} miw={300}
            comboboxProps={{ withinPortal: true, width: 'max-content', position: 'bottom-start' }} />
          <DatePickerInput type="range" label={t('qc.range')} value={range} onChange={setRange} valueFormat="DD.MM.YYYY" locale={language}
            firstDayOfWeek={1} allowSingleDateInRange miw={240} popoverProps={{ withinPortal: true }} />
          {sources.length > 1 || izvor !== '' ? (
            <Select label={t('qc.resultSource')} data={sourceChoices} value={izvor} onChange={(value) => setIzvor(value ?? '')} allowDeselect={false} miw={200}
              comboboxProps={{ withinPortal: true, width: 'max-content', position: 'bottom-start' }} />
          ) : null}
          {kontrola ? (
            <Button component={Link} to={`/kontrole/obrada/rezultati?kontrola=${kontrola}`} variant="light" leftSection={<IconListDetails size={16} aria-hidden />}>
              {t('qc.openResults')}
            </Button>
          ) : null}
        </Group>
      </Paper>
      {data.isError ? <Alert color="red" icon={<IconAlertTriangle />}>{t('qc.failed')}</Alert> : null}
      {data.data ? data.data.nivoi.map((level) => (
        <LevelPanel key={level.nivo} level={level} assay={assayName(data.data, language)} unit={data.data.jedinica} language={language} />
      )) : null}
      {data.data && data.data.nivoi.length >= 2 ? (
        <YoudenPlot first={data.data.nivoi[0]!} second={data.data.nivoi[1]!} assay={assayName(data.data, language)} language={language} />
      ) : null}
      {lot.data ? <MonthlyTable lot={lot.data.kontrola} izvor={izvor} initialMonth={(to ?? toIsoDate(today)).slice(0, 7)} language={language} /> : null}
    </Stack>
  );
}

function LevelPanel({ level, assay, unit, language }: { level: ChartLevel; assay: string; unit: string; language: string }) {
  const { t } = useTranslation();
  const stats = level.statistika;
  return (
    <Paper withBorder p="md" radius="md" data-testid={`qc-level-${level.nivo}`}>
      <Title order={2} size="h4">
        {t('qc.levelTitle', { level: level.nivo, mean: figure(level.mean, language), sd: figure(level.sd, language), unit })}
        {level.established ? ` ${t('qc.established')}` : ''}
      </Title>
      {level.tacke.length === 0 ? <Text c="dimmed" mt="sm">{t('qc.noPoints')}</Text> : (
        <>
          <Text size="sm" mt={4}>
            {t('qc.stats', { n: stats.n, mean: figure(stats.mean, language), sd: figure(stats.sd, language), cv: figure(stats.cv, language, 2), bias: figure(stats.bias, language, 2) })}
            {stats.sigma !== null ? ` · ${t('qc.sigma', { sigma: figure(stats.sigma, language, 1) })}` : ''}
          </Text>
          <LeveyJenningsChart level={level} assay={assay} language={language} />
          <Table.ScrollContainer minWidth={560} mt="sm">
            <Table striped verticalSpacing={2} captionSide="top">
              <Table.Caption>{t('qc.pointsCaption', { level: level.nivo })}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  {(['time', 'value', 'z', 'status', 'rules'] as const).map((column) => <Table.Th key={column}>{t(`qc.col_${column}`)}</Table.Th>)}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {[...level.tacke].reverse().map((point) => (
                  <Table.Tr key={point._id} c={point.iskljucen ? 'dimmed' : undefined}>
                    <Table.Td>{formatDateTime(point.izmjereno)}</Table.Td>
                    <Table.Td>{figure(point.vrijednost, language)}</Table.Td>
                    <Table.Td>{figure(point.z, language, 2)}</Table.Td>
                    <Table.Td>
                      <Badge color={STATUS_COLORS[point.status]} variant="light" c={READABLE_BADGE_TEXT}>{t(`qc.status_${point.status}`)}</Badge>
                      {point.iskljucen ? ` ${t('qc.excluded')}` : ''}
                    </Table.Td>
                    <Table.Td>{point.pravila.join(', ') || '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
    </Paper>
  );
}

/** The lot's monthly table (the domain's monthlyStatistics per test and level) for a chosen month, the chart's by default. */
function MonthlyTable({ lot, izvor, initialMonth, language }: { lot: ControlAnswer; izvor: string; initialMonth: string; language: Language }) {
  const { t } = useTranslation();
  const session = useActiveSession();
  const [month, setMonth] = useState<string>(initialMonth);
  const table = useQuery({
    queryKey: qcKeys.monthly(session.siteId, lot._id, month, izvor), queryFn: ({ signal }) => monthly(lot._id, month, izvor, signal),
    placeholderData: keepPreviousData,
  });
  const rows = table.data?.redovi ?? [];
  const columns = ['assay', 'level', 'n', 'mean', 'sd', 'cv', 'target', 'bias', 'tea', 'sigma'] as const;
  const monthText = `${month.slice(5, 7)}.${month.slice(0, 4)}`;
  return (
    <Paper withBorder p="md" radius="md" data-testid="qc-monthly">
      <Group justify="space-between" align="flex-end" mb="xs">
        <Title order={2} size="h4">{t('qc.monthlyTitle')}</Title>
        <MonthPickerInput label={t('qc.month')} value={`${month}-01`} valueFormat="MM.YYYY" locale={language} miw={160}
          onChange={(value) => { if (value) setMonth(value.slice(0, 7)); }} popoverProps={{ withinPortal: true }} />
      </Group>
      <Text size="sm" c="dimmed" mb="xs">{t('qc.monthlyHint')}</Text>
      {table.isError ? <Alert color="red" icon={<IconAlertTriangle />}>{t('qc.failed')}</Alert> : null}
      {table.data && rows.length === 0 ? <Text c="dimmed">{t('qc.noMonthly')}</Text> : null}
      {rows.length > 0 ? (
        <Table.ScrollContainer minWidth={760}>
          <Table striped verticalSpacing={2} captionSide="top">
            <Table.Caption>{t('qc.monthlyCaption', { control: lot.control, lot: lot.lot, month: monthText })}</Table.Caption>
            <Table.Thead>
              <Table.Tr>{columns.map((column) => <Table.Th key={column} ta={column === 'assay' ? undefined : 'right'}>{t(`qc.col_${column}`)}</Table.Th>)}</Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={`${row.labassay}:${row.nivo}`}>
                  <Table.Td>{assayName(row, language)}{row.jedinica ? ` (${row.jedinica})` : ''}</Table.Td>
                  <Table.Td ta="right">{row.nivo}</Table.Td>
                  <Table.Td ta="right">{row.n}</Table.Td>
                  <Table.Td ta="right">{figure(row.mean, language)}</Table.Td>
                  <Table.Td ta="right">{figure(row.sd, language)}</Table.Td>
                  <Table.Td ta="right">{figure(row.cv, language, 2)}</Table.Td>
                  <Table.Td ta="right">{figure(row.cilj, language)}</Table.Td>
                  <Table.Td ta="right">{figure(row.bias, language, 2)}</Table.Td>
                  <Table.Td ta="right">{figure(row.tea, language, 1)}</Table.Td>
                  <Table.Td ta="right">{figure(row.sigma, language, 1)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
    </Paper>
  );
}

/** The held tests of the site, each with the corrective action that releases its patient results. */
function Holds() {
  const { t } = useTranslation();
  const session = useActiveSession();
  const held = useQuery({ queryKey: qcKeys.holds(session.siteId), queryFn: ({ signal }) => holds(signal) });
  const list = held.data?.blokade ?? [];
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="xs">{t('qc.holdsTitle')}</Title>
      {held.data && list.length === 0 ? <Text size="sm" c="dimmed">{t('qc.noHolds')}</Text> : null}
      <Stack gap="sm">
        {list.map((hold) => <HoldEntry key={`${hold.serija}:${hold.analyser ?? ''}`} hold={hold} />)}
      </Stack>
    </Paper>
  );
}

function HoldEntry({ hold }: { hold: Hold }) {
  const { t } = useTranslation();
  const naziv = assayName(hold, useLanguage());
  const queryClient = useQueryClient();
  const [opis, setOpis] = useState('');
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    try {
      await recordCorrectiveAction(hold.serija, opis);
      notify.success(t('qc.correctiveSaved'));
      await queryClient.invalidateQueries({ queryKey: qcKeys.all });
    } catch (error) {
      notify.apiError(error);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle />} styles={READABLE_ALERT_STYLES} data-testid="qc-hold"
      title={t('qc.hold', {
        assay: naziv, source: hold.analyser_ime ?? t('qc.byHand'), time: formatDateTime(hold.izmjereno), rules: hold.pravila.join(', '),
        control: hold.control, lot: hold.lot,
      })}>
      <Text size="sm" mb="xs">{hold.analyser_ime ? t('qc.holdScopeAnalyser', { analyser: hold.analyser_ime }) : t('qc.holdScopeHand')}</Text>
      <Group align="flex-end" gap="sm">
        <Textarea label={t('qc.corrective', { assay: naziv })} placeholder={t('qc.correctivePlaceholder')} value={opis}
          onChange={(event) => setOpis(event.currentTarget.value)} autosize minRows={1} style={{ flex: 1 }} miw={260} />
        <Button color="red" onClick={() => void save()} loading={saving} disabled={opis.trim() === ''}>{t('qc.recordCorrective')}</Button>
      </Group>
    </Alert>
  );
}
