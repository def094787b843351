/**
 * One assay's results over time as a line chart (@mantine/charts on
 * recharts): the patient's reference range shaded, each point coloured by
 * its flag, the exact result text in the tooltip. Results that are not exact
 * numbers are left out and counted below the chart. The chart is an image to
 * screen readers; the table view carries the same results as text.
 */
import { Box, Group, Paper, Skeleton, Stack, Text, getThemeColor, useMantineTheme } from '@mantine/core';
import { LineChart } from '@mantine/charts';
import { useTranslation } from 'react-i18next';
import type { PatientAssaySeries } from './api.ts';
import { type ChartRow, chartRows, flagColor, referenceBand, undrawnCount, valueAxis } from './chart-data.ts';
import { FlagText } from './FlagText.tsx';
import { useChartDelay } from '../../components/use-chart-delay.ts';
import { shownResult } from '../../lib/reference-range-text.ts';
import { useAssayShortName } from '../../lib/catalogue-name.ts';


interface DotProps {
  cx?: number;
  cy?: number;
  index?: number;
  payload?: ChartRow;
}

export function ResultChart({ series, height = 260 }: { series: PatientAssaySeries; height?: number }) {
  const { t } = useTranslation();
  const analit = useAssayShortName()(series);
  const theme = useMantineTheme();
  const ready = useChartDelay();
  const rows = chartRows(series);
  const undrawn = undrawnCount(series);
  if (rows.length === 0) return <Text c="dimmed" size="sm" py="md">{t('evaluation.noNumbers')}</Text>;
  const axis = valueAxis(rows, series.referenca);
  const band = referenceBand(series.referenca, axis.domain);

  const dot = ({ cx, cy, index, payload }: DotProps) => (cx === undefined || cy === undefined ? null : (
    <circle
      key={`dot-${index ?? 0}`}
      cx={cx}
      cy={cy}
      r={payload?.flag ? 6 : 4.5}
      fill={getThemeColor(flagColor(payload?.flag ?? null), theme)}
      stroke="white"
      strokeWidth={1.5}
    />
  ));

  return (
    <Stack gap={4}>
      <Box role="img" aria-label={t('evaluation.chartLabel', { analit, count: rows.length })} data-testid="result-chart">
        {ready ? (
          <LineChart
            h={height}
            data={rows}
            dataKey="label"
            series={[{ name: 'value', label: analit, color: 'clinical.6' }]}
            curveType="linear"
            strokeWidth={2}
            yAxisProps={{ domain: axis.domain, ticks: axis.ticks, allowDataOverflow: false }}
            valueFormatter={(value) => String(Number(value.toPrecision(6)))}
            referenceAreas={band ? [{
              y1: band.from, y2: band.to, color: 'teal', fillOpacity: 0.12, strokeOpacity: 0.4, label: t('evaluation.reference'), labelPosition: 'insideTopRight',
            }] : []}
            lineProps={{ dot, activeDot: { r: 7 }, isAnimationActive: false }}
            tooltipProps={{ content: ({ payload }) => <PointTooltip row={payload?.[0]?.payload as ChartRow | undefined} unit={series.jedinica} /> }}
          />
        ) : <Skeleton h={height} radius="sm" />}
      </Box>
      {undrawn > 0 ? <Text size="xs" c="dimmed">{t('evaluation.undrawn', { count: undrawn })}</Text> : null}
    </Stack>
  );
}

function PointTooltip({ row, unit }: { row: ChartRow | undefined; unit: string }) {
  if (!row) return null;
  return (
    <Paper withBorder shadow="sm" p="xs" radius="sm">
      <Text size="xs" c="dimmed">{`${row.when} · ${row.code}`}</Text>
      <Group gap={6} wrap="nowrap">
        <Text fw={700} size="sm">{unit ? `${shownResult(row.rezultat)} ${unit}` : shownResult(row.rezultat)}</Text>
        <FlagText flag={row.flag} />
      </Group>
    </Paper>
  );
}
