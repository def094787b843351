/**
 * A Levey-Jennings chart of one level (@mantine/charts on recharts): the results in time order against
 * the target mean and the ±1, ±2 and ±3 SD lines; a result that violated a rule is drawn larger in its
 * status colour with the rules named above it, an excluded result hollow and grey. The chart draws 600 ms
 * after it is shown (the spec's chart delay), so it measures its real size. For screen readers it is an
 * image; the table below it carries the same results as text.
 */
import { Box, Skeleton, getThemeColor, useMantineTheme } from '@mantine/core';
import { LineChart } from '@mantine/charts';
import { useTranslation } from 'react-i18next';
import { useChartDelay } from '../../components/use-chart-delay.ts';
import { formatDateTime } from '../../lib/date-time.ts';
import type { ChartLevel } from './api.ts';
import { STATUS_COLORS, figure } from './format.ts';


interface Row {
  label: string;
  value: number;
  status: keyof typeof STATUS_COLORS;
  rules: string;
  excluded: boolean;
}

interface DotProps {
  cx?: number;
  cy?: number;
  index?: number;
  payload?: Row;
}

/** The value axis: ±4 SD around the mean, widened to hold every point. */
function domainOf(level: ChartLevel): [number, number] {
  const values = level.tacke.map((point) => point.vrijednost);
  const low = Math.min(level.mean - 4 * level.sd, ...values);
  const high = Math.max(level.mean + 4 * level.sd, ...values);
  return [low, high];
}

export function LeveyJenningsChart({ level, assay, language, height = 280 }: { level: ChartLevel; assay: string; language: string; height?: number }) {
  const { t } = useTranslation();
  const theme = useMantineTheme();
  const ready = useChartDelay();
  const rows: Row[] = level.tacke.map((point) => ({
    label: formatDateTime(point.izmjereno), value: point.vrijednost, status: point.status, excluded: point.iskljucen,
    rules: point.pravila.join(', '),
  }));
  const dot = ({ cx, cy, index, payload }: DotProps) => {
    if (cx === undefined || cy === undefined || !payload) return <g key={`dot-${index ?? 0}`} />;
    const flagged = payload.status !== 'prihvacen' && !payload.excluded;
    const color = payload.excluded ? getThemeColor('gray.6', theme) : getThemeColor(`${STATUS_COLORS[payload.status]}.7`, theme);
    return (
      <g key={`dot-${index ?? 0}`} data-status={payload.excluded ? 'iskljucen' : payload.status}>
        <circle cx={cx} cy={cy} r={flagged ? 6.5 : 4.5} fill={payload.excluded ? 'white' : color} stroke={payload.excluded ? color : 'white'} strokeWidth={1.5} />
        {flagged && payload.rules ? <text x={cx} y={cy - 11} textAnchor="middle" fontSize={11} fontWeight={600} fill={color}>{payload.rules}</text> : null}
      </g>
    );
  };
  const line = (k: number) => ({
    y: level.mean + k * level.sd,
    label: k === 0 ? t('qc.line_mean') : `${k > 0 ? '+' : '−'}${Math.abs(k)} SD`,
    color: Math.abs(k) === 3 ? 'red.7' : Math.abs(k) === 2 ? 'orange.7' : k === 0 ? 'clinical.7' : 'gray.5',
  });
  return (
    <Box role="img" aria-label={t('qc.chartLabel', { assay, level: level.nivo, count: rows.length })} data-testid={`lj-chart-${level.nivo}`}>
      {ready ? (
        <LineChart
          h={height}
          data={rows}
          dataKey="label"
          series={[{ name: 'value', label: `${assay} N${level.nivo}`, color: 'clinical.6' }]}
          curveType="linear"
          strokeWidth={1.5}
          withXAxis={false}
          yAxisProps={{ domain: domainOf(level), allowDataOverflow: false }}
          valueFormatter={(value) => figure(value, language)}
          referenceLines={[-3, -2, -1, 0, 1, 2, 3].map(line)}
          lineProps={{ dot, activeDot: { r: 7 }, isAnimationActive: false }}
          // Room above and to the right for the rule names over the newest points.
          lineChartProps={{ margin: { top: 18, right: 36 } }}
        />
      ) : <Skeleton h={height} radius="sm" />}
    </Box>
  );
}
