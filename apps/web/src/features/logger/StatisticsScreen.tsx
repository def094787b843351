/**
 * /loger/statistika: a refrigerator's temperature over a range of days (at
 * most 366) as a chart of the daily lowest, mean and highest value against
 * its allowed range, the days as a table (readings, min/max/mean, humidity,
 * time out of range) and the alarms of the period; and the printable monthly
 * record (PDF, one page per refrigerator, with a sign-off field).
 */
import { useState } from 'react';
import { Alert, Box, Button, Group, Loader, Paper, Select, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { LineChart } from '@mantine/charts';
import { DatePickerInput, MonthPickerInput } from '@mantine/dates';
import { IconAlertTriangle, IconFileTypePdf } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MAX_STATISTICS_DAYS, addDays, epochDay, fromIsoDate, toIsoDate } from '@lis/domain';
import { notify } from '../../components/notify.tsx';
import { useLanguage } from '../../i18n/index.ts';
import { formatDate, formatDateTime, siteToday } from '../../lib/date-time.ts';
import { downloadBlob } from '../../lib/download.ts';
import { useActiveSession } from '../auth/index.ts';
import { type RefrigeratorStatistics, loggerKeys, monthlyRecord, refrigerators, statistics } from './api.ts';
import { count, duration, measured } from './format.ts';
import { SCREEN_CHART_DELAY_MS, useChartDelay } from '../../components/use-chart-delay.ts';

const DEFAULT_DAYS = 30;

function validRange(od: string | null, to: string | null): boolean {
  const from = od ? fromIsoDate(od) : null;
  const end = to ? fromIsoDate(to) : null;
  if (!from || !end) return false;
  const days = epochDay(end) - epochDay(from) + 1;
  return days >= 1 && days <= MAX_STATISTICS_DAYS;
}

export function StatisticsScreen() {
  const { t } = useTranslation();
  const language = useLanguage();
  const session = useActiveSession();
  const today = siteToday();
  const [range, setRange] = useState<[string | null, string | null]>([toIsoDate(addDays(today, -(DEFAULT_DAYS - 1))), toIsoDate(today)]);
  const [chosen, setChosen] = useState<string | null>(null);
  const [month, setMonth] = useState<string | null>(`${toIsoDate(today).slice(0, 8)}01`);
  const [printing, setPrinting] = useState(false);
  const [od, to] = range;
  const ready = validRange(od, to);
  // The refrigerators for the selector; the statistics are asked for the chosen one only (a year is 365 days of it).
  const fridgeList = useQuery({ queryKey: loggerKeys.refrigerators(session.siteId), queryFn: ({ signal }) => refrigerators(signal) });
  const options = fridgeList.data?.frizideri ?? [];
  const currentId = options.find((fridge) => fridge._id === chosen)?._id ?? options[0]?._id ?? null;
  const query = useQuery({
    queryKey: loggerKeys.statistics(session.siteId, od ?? '', to ?? '', currentId),
    queryFn: ({ signal }) => statistics(od ?? '', to ?? '', currentId, signal),
    enabled: ready && currentId !== null,
    placeholderData: keepPreviousData,
  });
  const current = query.data?.frizideri.find((fridge) => fridge._id === currentId) ?? null;

  const print = async () => {
    if (!month) return;
    setPrinting(true);
    try {
      downloadBlob(await monthlyRecord(month.slice(0, 7)), `temperatura-${month.slice(0, 7)}.pdf`);
    } catch (error) {
      notify.apiError(error);
    } finally {
      setPrinting(false);
    }
  };

  return (
    <Stack gap="lg" maw={1400} mx="auto">
      <Title order={1} size="h2">{t('logger.statisticsTitle')}</Title>
      <Paper withBorder p="md" radius="md">
        <Group align="flex-end" gap="md" wrap="wrap">
          <DatePickerInput
            type="range"
            label={`${t('logger.from')} – ${t('logger.to')}`}
            value={range}
            onChange={setRange}
            valueFormat="DD.MM.YYYY"
            locale={language}
            firstDayOfWeek={1}
            maxDate={toIsoDate(today)}
            allowSingleDateInRange
            miw={260}
            error={od && to && !ready ? t('logger.rangeInvalid') : undefined}
          />
          <Select
            label={t('logger.refrigerator')}
            data={options.map((fridge) => ({ value: fridge._id, label: fridge.naziv }))}
            value={currentId}
            onChange={setChosen}
            allowDeselect={false}
            miw={240}
          />
          <Box style={{ flex: 1 }} />
          <MonthPickerInput
            label={t('logger.month')}
            value={month}
            onChange={setMonth}
            valueFormat="MM.YYYY"
            locale={language}
            maxDate={toIsoDate(today)}
            miw={130}
          />
          <Button leftSection={<IconFileTypePdf size={18} />} onClick={() => void print()} loading={printing} disabled={!month} variant="light">
            {t('logger.monthlyPdf')}
          </Button>
        </Group>
      </Paper>
      {(query.isFetching && !query.data) || fridgeList.isPending ? <Group gap="xs"><Loader size="sm" /><Text>{t('logger.loading')}</Text></Group> : null}
      {query.isError || fridgeList.isError ? <Alert color="red" icon={<IconAlertTriangle />}>{t('logger.failed')}</Alert> : null}
      {fridgeList.data && options.length === 0 ? <Alert color="gray">{t('logger.noRefrigerators')}</Alert> : null}
      {current ? <RefrigeratorPeriod fridge={current} language={language} /> : null}
    </Stack>
  );
}

function RefrigeratorPeriod({ fridge, language }: { fridge: RefrigeratorStatistics; language: 'bs' | 'en' | 'de' }) {
  const { t } = useTranslation();
  const total = fridge.ukupno;
  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md">
        <Title order={2} size="h4">{fridge.naziv}</Title>
        <Text size="sm" c="dimmed">
          {t('logger.allowed', { min: measured(fridge.temperatura.min, language), max: measured(fridge.temperatura.max, language) })}
        </Text>
        {total.n === 0 ? <Text mt="sm" c="dimmed">{t('logger.noData')}</Text> : (
          <>
            <Text size="sm" mt={4} c={total.van_opsega_min > 0 ? 'red.9' : undefined} data-testid="period-summary">
              {t('logger.summary', {
                n: count(total.n, language), min: measured(total.t_min, language),
                max: measured(total.t_max, language), avg: measured(total.t_avg, language), out: duration(total.van_opsega_min),
              })}
            </Text>
            <DailyChart fridge={fridge} language={language} />
          </>
        )}
      </Paper>
      {fridge.dani.length > 0 ? <DaysTable fridge={fridge} language={language} /> : null}
      <Paper withBorder p="md" radius="md">
        <Title order={3} size="h5">{t('logger.alarmsTitle')}</Title>
        {fridge.alarmi.length === 0 ? <Text size="sm" c="dimmed">{t('logger.noAlarms')}</Text> : (
          <Stack gap={4} mt={4} component="ul" p={0} style={{ listStyle: 'none' }}>
            {fridge.alarmi.map((alarm) => (
              <Text component="li" size="sm" key={alarm._id}>
                {alarm.vrsta === 'opseg'
                  ? t('logger.alarm_opseg', { since: formatDateTime(alarm.pocetak), value: measured(alarm.vrijednost, language) })
                  : t('logger.alarm_tisina', { since: formatDateTime(alarm.pocetak) })}
                {alarm.potvrden ? ` · ${t('logger.alarmAcknowledged', { who: alarm.potvrdio ?? '', note: alarm.napomena ?? '' })}` : ''}
              </Text>
            ))}
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}

function DailyChart({ fridge, language }: { fridge: RefrigeratorStatistics; language: 'bs' | 'en' | 'de' }) {
  const { t } = useTranslation();
  const ready = useChartDelay(SCREEN_CHART_DELAY_MS);
  const data = fridge.dani.map((day) => ({ dan: formatDate(`${day.dan}T12:00:00Z`).slice(0, 6), min: day.t_min, avg: day.t_avg, max: day.t_max }));
  const values = fridge.dani.flatMap((day) => [day.t_min, day.t_max]).concat([fridge.temperatura.min, fridge.temperatura.max]);
  const low = Math.floor(Math.min(...values) - 1);
  const high = Math.ceil(Math.max(...values) + 1);
  return (
    <Box mt="md" role="img" aria-label={t('logger.chartLabel', { naziv: fridge.naziv })} data-testid="statistics-chart">
      {ready ? (
        <LineChart
          h={300}
          data={data}
          dataKey="dan"
          withLegend
          curveType="linear"
          strokeWidth={2}
          yAxisProps={{ domain: [low, high] }}
          valueFormatter={(value) => `${measured(value, language)} °C`}
          series={[
            { name: 'max', label: t('logger.series_max'), color: 'orange.7' },
            { name: 'avg', label: t('logger.series_avg'), color: 'clinical.6' },
            { name: 'min', label: t('logger.series_min'), color: 'indigo.7' },
          ]}
          referenceLines={[
            { y: fridge.temperatura.max, label: t('logger.limitHigh'), color: 'red.7' },
            { y: fridge.temperatura.min, label: t('logger.limitLow'), color: 'red.7' },
          ]}
          lineProps={{ isAnimationActive: false }}
        />
      ) : <Skeleton h={300} radius="sm" />}
    </Box>
  );
}

function DaysTable({ fridge, language }: { fridge: RefrigeratorStatistics; language: 'bs' | 'en' | 'de' }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md">
      <Table.ScrollContainer minWidth={720}>
        <Table striped verticalSpacing={4} captionSide="top">
          <Table.Caption>{t('logger.tableCaption', { naziv: fridge.naziv })}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              {(['dan', 'n', 'min', 'max', 'avg', 'hum', 'out'] as const).map((column) => <Table.Th key={column}>{t(`logger.col_${column}`)}</Table.Th>)}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {[...fridge.dani].reverse().map((day) => (
              <Table.Tr key={day.dan}>
                <Table.Td>{formatDate(`${day.dan}T12:00:00Z`)}</Table.Td>
                <Table.Td>{count(day.n, language)}</Table.Td>
                <Table.Td>{measured(day.t_min, language)}</Table.Td>
                <Table.Td>{measured(day.t_max, language)}</Table.Td>
                <Table.Td>{measured(day.t_avg, language)}</Table.Td>
                <Table.Td>{day.h_min === null ? '—' : `${measured(day.h_min, language, 0)} – ${measured(day.h_max, language, 0)}`}</Table.Td>
                <Table.Td c={day.van_opsega_min > 0 ? 'red.9' : undefined} fw={day.van_opsega_min > 0 ? 600 : undefined}>
                  {day.van_opsega_min > 0 ? duration(day.van_opsega_min) : '—'}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
