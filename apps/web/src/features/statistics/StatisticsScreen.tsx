/**
 * /statistika, the landing screen: for the site worked on and a range of
 * days (at most 366), tiles of samples, tests, urgent and verified samples;
 * charts of samples and tests per day and of samples by status; per section
 * the samples, tests and turnaround time (reception → verification: median,
 * 90th percentile, share within the section's target, which an administrator
 * sets here); samples and tests per partner; the results each analyser gave
 * per day (workload); the positivity of qualitative tests; and the wall
 * display's switch with its key. Every number is the server's (GET /api/statistika).
 */
import { useEffect, useState } from 'react';
import {
  Alert, Box, Button, Code, Group, Loader, NumberInput, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title,
} from '@mantine/core';
import { BarChart } from '@mantine/charts';
import { DatePickerInput } from '@mantine/dates';
import { IconAlertTriangle } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DEFAULT_TURNAROUND_TARGET_MINUTES, MAX_LAB_STATISTICS_DAYS, addDays, epochDay, fromIsoDate, toIsoDate } from '@lis/domain';
import { notify } from '../../components/notify.tsx';
import { SAMPLE_STATUS_COLORS } from '../../components/status.ts';
import { useLanguage } from '../../i18n/index.ts';
import { useAssayName } from '../../lib/catalogue-name.ts';
import { formatDate, siteToday } from '../../lib/date-time.ts';
import { useActiveSession } from '../auth/index.ts';
import { type LabStatistics, labStatistics, saveTarget, setWallDisplay, statisticsKeys, statisticsSettings } from './api.ts';
import { count, minutesText, percent } from './format.ts';
import { SCREEN_CHART_DELAY_MS, useChartDelay } from '../../components/use-chart-delay.ts';

const DEFAULT_DAYS = 30;

function validRange(od: string | null, to: string | null): boolean {
  const from = od ? fromIsoDate(od) : null;
  const end = to ? fromIsoDate(to) : null;
  if (!from || !end) return false;
  const days = epochDay(end) - epochDay(from) + 1;
  return days >= 1 && days <= MAX_LAB_STATISTICS_DAYS;
}

export function StatisticsScreen() {
  const { t } = useTranslation();
  const language = useLanguage();
  const session = useActiveSession();
  const today = siteToday();
  const [range, setRange] = useState<[string | null, string | null]>([toIsoDate(addDays(today, -(DEFAULT_DAYS - 1))), toIsoDate(today)]);
  const [od, to] = range;
  const ready = validRange(od, to);
  const query = useQuery({
    queryKey: statisticsKeys.statistics(session.siteId, od ?? '', to ?? ''),
    queryFn: ({ signal }) => labStatistics(od ?? '', to ?? '', signal),
    enabled: ready,
    placeholderData: keepPreviousData,
  });
  const stats = query.data?.statistika ?? null;
  const admin = session.can('settings.write');

  return (
    <Stack gap="lg" maw={1400} mx="auto">
      <Title order={1} size="h2">{t('statistics.title')}</Title>
      <Paper withBorder p="md" radius="md">
        <DatePickerInput
          type="range"
          label={t('statistics.period')}
          value={range}
          onChange={setRange}
          valueFormat="DD.MM.YYYY"
          locale={language}
          firstDayOfWeek={1}
          maxDate={toIsoDate(today)}
          allowSingleDateInRange
          maw={320}
          error={od && to && !ready ? t('statistics.rangeInvalid') : undefined}
        />
      </Paper>
      {query.isFetching && !query.data ? <Group gap="xs"><Loader size="sm" /><Text>{t('statistics.loading')}</Text></Group> : null}
      {query.isError ? <Alert color="red" icon={<IconAlertTriangle />}>{t('statistics.failed')}</Alert> : null}
      {stats ? <Period stats={stats} language={language} admin={admin} /> : null}
      {admin ? <WallDisplaySwitch /> : null}
    </Stack>
  );
}

function Tile({ label, value, detail, testId }: { label: string; value: string; detail?: string; testId: string }) {
  return (
    <Paper withBorder p="md" radius="md" data-testid={testId}>
      <Text size="sm" c="dimmed">{label}</Text>
      <Text fz={32} fw={700} lh={1.2} data-testid={`${testId}-value`}>{value}</Text>
      {detail ? <Text size="sm">{detail}</Text> : null}
    </Paper>
  );
}

function Period({ stats, language, admin }: { stats: LabStatistics; language: string; admin: boolean }) {
  const { t } = useTranslation();
  const laidOut = useChartDelay(SCREEN_CHART_DELAY_MS);
  const days = stats.po_danu.map((day) => ({ dan: formatDate(`${day.dan}T12:00:00Z`).slice(0, 6), uzorci: day.uzorci, testovi: day.testovi }));
  const statuses = stats.po_statusu.map((row) => ({ status: t(SAMPLE_STATUS_COLORS[row.status].labelKey), uzorci: row.uzorci }));
  const urgentTat = stats.hitni.tat;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        <Tile testId="tile-samples" label={t('statistics.samples')} value={count(stats.ukupno.uzorci, language)} />
        <Tile testId="tile-tests" label={t('statistics.tests')} value={count(stats.ukupno.testovi, language)} />
        <Tile
          testId="tile-urgent"
          label={t('statistics.urgent')}
          value={count(stats.hitni.ukupno, language)}
          detail={t('statistics.urgentWaiting', { count: stats.hitni.cekaju })}
        />
        <Tile testId="tile-verified" label={t('statistics.verified')} value={count(stats.ukupno.verificirani, language)} />
      </SimpleGrid>
      {stats.ukupno.uzorci === 0 ? <Alert color="gray">{t('statistics.noData')}</Alert> : (
        <>
          <SimpleGrid cols={{ base: 1, lg: 2 }}>
            <Paper withBorder p="md" radius="md">
              <Title order={2} size="h4" mb="sm">{t('statistics.perDay')}</Title>
              <Box role="img" aria-label={t('statistics.perDayChart')} data-testid="chart-per-day">
                {laidOut ? (
                  <BarChart
                    h={260}
                    data={days}
                    dataKey="dan"
                    withLegend
                    tickLine="y"
                    gridAxis="y"
                    yAxisProps={{ allowDecimals: false }}
                    series={[{ name: 'uzorci', label: t('statistics.samples'), color: 'clinical.6' }, { name: 'testovi', label: t('statistics.tests'), color: 'orange.6' }]}
                    valueFormatter={(value) => count(value, language)}
                    barProps={{ isAnimationActive: false }}
                  />
                ) : <Skeleton h={260} radius="sm" />}
              </Box>
            </Paper>
            <Paper withBorder p="md" radius="md">
              <Title order={2} size="h4" mb="sm">{t('statistics.perStatus')}</Title>
              <Box role="img" aria-label={t('statistics.perStatusChart')} data-testid="chart-per-status">
                {laidOut ? (
                  <BarChart
                    h={260}
                    data={statuses}
                    dataKey="status"
                    orientation="vertical"
                    yAxisProps={{ width: 110 }}
                    xAxisProps={{ allowDecimals: false }}
                    tickLine="x"
                    gridAxis="x"
                    series={[{ name: 'uzorci', label: t('statistics.samples'), color: 'indigo.6' }]}
                    valueFormatter={(value) => count(value, language)}
                    barProps={{ isAnimationActive: false }}
                  />
                ) : <Skeleton h={260} radius="sm" />}
              </Box>
              <Text size="sm" mt="xs">
                {t('statistics.urgentTat', { median: minutesText(urgentTat.medijan_min, language), p90: minutesText(urgentTat.p90_min, language) })}
              </Text>
            </Paper>
          </SimpleGrid>
          <SectionTable stats={stats} language={language} admin={admin} />
          <SimpleGrid cols={{ base: 1, lg: 2 }}>
            <PartnerTable stats={stats} language={language} />
            <AnalyserWorkload stats={stats} language={language} laidOut={laidOut} />
          </SimpleGrid>
          <PositivityTable stats={stats} language={language} />
        </>
      )}
    </Stack>
  );
}

function SectionTable({ stats, language, admin }: { stats: LabStatistics; language: string; admin: boolean }) {
  const { t } = useTranslation();
  const nameOf = useAssayName();
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4">{t('statistics.perSection')}</Title>
      <Text size="sm" c="dimmed" mb="sm">{t('statistics.tatNote')}</Text>
      <Table.ScrollContainer minWidth={720} type="native" tabIndex={0}>
        <Table striped data-testid="section-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('statistics.section')}</Table.Th>
              <Table.Th ta="right">{t('statistics.samples')}</Table.Th>
              <Table.Th ta="right">{t('statistics.tests')}</Table.Th>
              <Table.Th ta="right">{t('statistics.tatMedian')}</Table.Th>
              <Table.Th ta="right">{t('statistics.tatP90')}</Table.Th>
              <Table.Th ta="right">{t('statistics.target')}</Table.Th>
              <Table.Th ta="right">{t('statistics.withinTarget')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {stats.po_sekciji.map((section) => (
              <Table.Tr key={section.sekcija} data-section={section.sekcija}>
                <Table.Td>{nameOf(section)}</Table.Td>
                <Table.Td ta="right">{count(section.uzorci, language)}</Table.Td>
                <Table.Td ta="right">{count(section.testovi, language)}</Table.Td>
                <Table.Td ta="right">{minutesText(section.tat.medijan_min, language)}</Table.Td>
                <Table.Td ta="right">{minutesText(section.tat.p90_min, language)}</Table.Td>
                <Table.Td ta="right">
                  {admin ? <TargetInput sectionId={section.sekcija} naziv={nameOf(section)} current={section.tat.cilj_min} /> : section.tat.cilj_min}
                </Table.Td>
                <Table.Td ta="right">{percent(section.tat.u_cilju, language)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

function TargetInput({ sectionId, naziv, current }: { sectionId: string; naziv: string; current: number }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [value, setValue] = useState<number | string>(current);
  useEffect(() => setValue(current), [current]);
  const save = useMutation({
    mutationFn: () => saveTarget(sectionId, typeof value === 'number' && value !== DEFAULT_TURNAROUND_TARGET_MINUTES ? value : null),
    onSuccess: async () => {
      notify.success(t('statistics.targetSaved'));
      await client.invalidateQueries({ queryKey: ['statistics'] });
    },
    onError: (error) => notify.apiError(error),
  });
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      <NumberInput
        aria-label={t('statistics.targetLabel', { naziv })}
        value={value}
        onChange={setValue}
        min={1}
        max={43_200}
        allowDecimal={false}
        w={90}
        size="xs"
        hideControls
      />
      <Button size="xs" variant="light" onClick={() => save.mutate()} loading={save.isPending} disabled={value === current}>
        {t('statistics.saveTarget')}
      </Button>
    </Group>
  );
}

function PartnerTable({ stats, language }: { stats: LabStatistics; language: string }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="sm">{t('statistics.perPartner')}</Title>
      <Table.ScrollContainer minWidth={360} type="native" tabIndex={0}>
        <Table striped data-testid="partner-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('statistics.partner')}</Table.Th>
              <Table.Th ta="right">{t('statistics.samples')}</Table.Th>
              <Table.Th ta="right">{t('statistics.tests')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {stats.po_partneru.map((row) => (
              <Table.Tr key={row.partner ?? ''} data-partner={row.partner ?? ''}>
                <Table.Td>{row.naziv ?? t('statistics.noPartner')}</Table.Td>
                <Table.Td ta="right">{count(row.uzorci, language)}</Table.Td>
                <Table.Td ta="right">{count(row.testovi, language)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

const ANALYSER_COLORS = ['teal.6', 'grape.6', 'orange.6', 'indigo.6', 'lime.7', 'pink.6', 'cyan.7', 'yellow.7'];

/** Results per analyser and day, stacked; an analyser's name is only a label (a chart key must not hold dots). */
function AnalyserWorkload({ stats, language, laidOut }: { stats: LabStatistics; language: string; laidOut: boolean }) {
  const { t } = useTranslation();
  const names = stats.po_analizatoru.map((row) => row.analizator);
  const key = (name: string) => `a${names.indexOf(name)}`;
  const byDay = new Map<string, Record<string, string | number>>();
  for (const row of stats.analizatori_po_danu) {
    const day = byDay.get(row.dan) ?? { dan: formatDate(`${row.dan}T12:00:00Z`).slice(0, 6) };
    day[key(row.analizator)] = row.rezultati;
    byDay.set(row.dan, day);
  }
  const data = [...byDay.values()].map((day) => {
    const row: Record<string, string | number> = { ...day };
    for (const name of names) row[key(name)] ??= 0;
    return row;
  });
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="sm">{t('statistics.workload')}</Title>
      {names.length === 0 ? <Text size="sm" c="dimmed">{t('statistics.noWorkload')}</Text> : (
        <Stack gap="sm">
          <Box role="img" aria-label={t('statistics.workloadChart')} data-testid="chart-workload">
            {laidOut ? (
              <BarChart
                h={220}
                data={data}
                dataKey="dan"
                type="stacked"
                withLegend
                tickLine="y"
                gridAxis="y"
                yAxisProps={{ allowDecimals: false }}
                series={names.map((name, index) => ({ name: key(name), label: name, color: ANALYSER_COLORS[index % ANALYSER_COLORS.length]! }))}
                valueFormatter={(value) => count(value, language)}
                barProps={{ isAnimationActive: false }}
              />
            ) : <Skeleton h={220} radius="sm" />}
          </Box>
          <Table striped data-testid="workload-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('statistics.analyser')}</Table.Th>
                <Table.Th ta="right">{t('statistics.results')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {stats.po_analizatoru.map((row) => (
                <Table.Tr key={row.analizator}>
                  <Table.Td>{row.analizator}</Table.Td>
                  <Table.Td ta="right">{count(row.rezultati, language)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      )}
    </Paper>
  );
}

function PositivityTable({ stats, language }: { stats: LabStatistics; language: string }) {
  const { t } = useTranslation();
  const nameOf = useAssayName();
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="sm">{t('statistics.positivity')}</Title>
      {stats.pozitivnost.length === 0 ? <Text size="sm" c="dimmed">{t('statistics.noPositivity')}</Text> : (
        <Table.ScrollContainer minWidth={480} type="native" tabIndex={0}>
          <Table striped data-testid="positivity-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('statistics.test')}</Table.Th>
                <Table.Th ta="right">{t('statistics.results')}</Table.Th>
                <Table.Th ta="right">{t('statistics.positive')}</Table.Th>
                <Table.Th ta="right">{t('statistics.share')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {stats.pozitivnost.map((row) => (
                <Table.Tr key={row.analiza}>
                  <Table.Td>{nameOf(row)}</Table.Td>
                  <Table.Td ta="right">{count(row.rezultati, language)}</Table.Td>
                  <Table.Td ta="right">{count(row.pozitivni, language)}</Table.Td>
                  <Table.Td ta="right">{percent(row.udio, language)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}

/** The wall display of the site: on with a new key (its address shown this once) or off. */
function WallDisplaySwitch() {
  const { t } = useTranslation();
  const session = useActiveSession();
  const client = useQueryClient();
  const [address, setAddress] = useState<string | null>(null);
  const settings = useQuery({ queryKey: statisticsKeys.settings(session.siteId), queryFn: ({ signal }) => statisticsSettings(signal) });
  const change = useMutation({
    mutationFn: (enabled: boolean) => setWallDisplay(enabled),
    onSuccess: async (answer) => {
      notify.success(answer.message);
      setAddress(answer.kljuc === null ? null : `${window.location.origin}/dashboard?kljuc=${encodeURIComponent(answer.kljuc)}`);
      await client.invalidateQueries({ queryKey: statisticsKeys.settings(session.siteId) });
    },
    onError: (error) => notify.apiError(error),
  });
  const enabled = settings.data?.dashboard ?? false;
  return (
    <Paper withBorder p="md" radius="md" data-testid="wall-display">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Box maw={640}>
          <Title order={2} size="h4">{t('statistics.wallDisplay')}</Title>
          <Text size="sm" c="dimmed">{t('statistics.wallDisplayHint')}</Text>
          <Text size="sm" mt={4} fw={600} data-testid="wall-display-state">{enabled ? t('statistics.wallDisplayOn') : t('statistics.wallDisplayOff')}</Text>
        </Box>
        <Group gap="xs">
          <Button variant="light" onClick={() => change.mutate(true)} loading={change.isPending && change.variables}>{t('statistics.issueKey')}</Button>
          {enabled ? (
            <Button variant="default" onClick={() => change.mutate(false)} loading={change.isPending && !change.variables}>{t('statistics.revokeKey')}</Button>
          ) : null}
        </Group>
      </Group>
      {address ? (
        <Stack gap={4} mt="sm">
          <Text size="sm">{t('statistics.keyOnce')}</Text>
          <Code block data-testid="wall-display-address" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>{address}</Code>
        </Stack>
      ) : null}
    </Paper>
  );
}
