/**
 * One assay's results in the portal: a line chart (@mantine/charts, as the staff evaluation screen draws it)
 * with the reference range of the latest report shaded, and under it the same results as a table in plain
 * words ('u granicama', 'povišeno', 'sniženo'), which is also what a screen reader reads: the chart is an image.
 */
import { Badge, Box, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { LineChart } from '@mantine/charts';
import { useTranslation } from 'react-i18next';
import type { PlainStanding, PortalTrendAnswer } from '@lis/domain';
import { useChartDelay } from '../../components/use-chart-delay.ts';
import { currentLanguage } from '../../i18n/index.ts';
import { formatDate } from '../../lib/date-time.ts';
import { shownResult, withDecimalMark } from '../../lib/reference-range-text.ts';

const STANDING_COLORS: Record<NonNullable<PlainStanding>, string> = { within: 'teal', high: 'orange', low: 'orange', abnormal: 'orange' };

export function trendName(trend: PortalTrendAnswer): string {
  const language = currentLanguage();
  const translated = language === 'en' ? trend.naziv_en : language === 'de' ? trend.naziv_de : '';
  return translated.trim() || trend.naziv;
}

function StandingBadge({ standing }: { standing: PlainStanding }) {
  const { t } = useTranslation();
  if (standing === null) return <Text size="sm" c="dimmed">{t('portal.none')}</Text>;
  return <Badge variant="light" color={STANDING_COLORS[standing]} radius="sm" tt="none" c="dark.7">{t(`portal.${standing}`)}</Badge>;
}

/** A step of 1, 2, 2.5 or 5 times a power of ten near `raw`: the steps people read axes in. */
function niceStep(raw: number): number {
  const power = 10 ** Math.floor(Math.log10(raw));
  const fraction = raw / power;
  return (fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 2.5 ? 2.5 : fraction <= 5 ? 5 : 10) * power;
}

/** The y axis: every value and the band's limits inside, on round ticks (about four steps). */
function axisOf(values: number[]): { domain: [number, number]; ticks: number[] } {
  const min = Math.min(...values);
  const max = Math.max(...values);
  const step = niceStep((max - min || Math.abs(max) || 1) / 4);
  const from = Math.floor(min / step) * step;
  const to = Math.ceil(max / step) * step;
  const ticks: number[] = [];
  for (let tick = from; tick <= to + step / 2; tick += step) ticks.push(Number(tick.toPrecision(6)));
  return { domain: [ticks[0] ?? from, ticks[ticks.length - 1] ?? to], ticks };
}

export function TrendChart({ trend }: { trend: PortalTrendAnswer }) {
  const { t } = useTranslation();
  const ready = useChartDelay();
  const naziv = trendName(trend);
  const rows = trend.points.flatMap((point) => (point.value === null ? [] : [{ label: formatDate(point.datum), value: point.value }]));
  const latest = trend.points[trend.points.length - 1];
  const limits = [latest?.low ?? null, latest?.high ?? null];
  const values = [...rows.map((row) => row.value), ...limits.filter((value): value is number => value !== null)];
  const { domain, ticks } = values.length > 0 ? axisOf(values) : { domain: [0, 1] as [number, number], ticks: [0, 1] };
  const band = latest && (latest.low !== null || latest.high !== null) ? { y1: latest.low ?? domain[0], y2: latest.high ?? domain[1] } : null;
  const unit = trend.jedinica ? ` ${trend.jedinica}` : '';
  const headingId = `trend-${naziv.replace(/\W+/g, '-')}`;

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={3} size="h5" id={headingId}>{trend.jedinica ? `${naziv} (${trend.jedinica})` : naziv}</Title>
        {rows.length > 0 ? (
          <Box role="img" aria-label={t('portal.chartLabel', { naziv, count: rows.length })} data-testid="portal-trend-chart">
            {ready ? (
              <LineChart
                h={200}
                data={rows}
                dataKey="label"
                series={[{ name: 'value', label: naziv, color: 'clinical.6' }]}
                curveType="linear"
                strokeWidth={2}
                yAxisProps={{ domain, ticks, allowDataOverflow: false }}
                valueFormatter={(value) => withDecimalMark(String(Number(value.toPrecision(6))))}
                referenceAreas={band ? [{ ...band, color: 'teal', fillOpacity: 0.15, strokeOpacity: 0.4, label: t('portal.reference'), labelPosition: 'insideTopRight' }] : []}
                lineProps={{ isAnimationActive: false }}
              />
            ) : <Skeleton h={200} radius="sm" />}
          </Box>
        ) : null}
        <Table.ScrollContainer minWidth={320}>
          <Table verticalSpacing={4} fz="sm">
            <Table.Thead>
              <Table.Tr><Table.Th>{t('portal.date')}</Table.Th><Table.Th>{t('portal.result')}</Table.Th><Table.Th>{t('portal.standing')}</Table.Th></Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {trend.points.map((point) => (
                <Table.Tr key={`${point.sid}-${point.datum}`}>
                  <Table.Td>{formatDate(point.datum)}</Table.Td>
                  <Table.Td fw={600}>{`${shownResult(point.rezultat)}${unit}`}</Table.Td>
                  <Table.Td><StandingBadge standing={point.standing} /></Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Paper>
  );
}
