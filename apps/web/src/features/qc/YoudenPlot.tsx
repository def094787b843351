/**
 * The Youden plot of two levels of a lot's test (@mantine/charts on recharts): each run as a point, the
 * z-score of the first level against that of the second, within the ±2 and ±3 SD square. Drawn after the
 * charts' 600 ms delay; for screen readers an image, the level tables carry the same results as text.
 */
import { Box, Paper, Skeleton, Text, Title } from '@mantine/core';
import { ScatterChart } from '@mantine/charts';
import { useTranslation } from 'react-i18next';
import { useChartDelay } from '../../components/use-chart-delay.ts';
import type { ChartLevel } from './api.ts';
import { figure } from './format.ts';
import { youdenPoints } from './youden.ts';

const LIMIT = 4;

export function YoudenPlot({ first, second, assay, language }: { first: ChartLevel; second: ChartLevel; assay: string; language: string }) {
  const { t } = useTranslation();
  const ready = useChartDelay();
  const points = youdenPoints(first, second).map((point) => ({ x: clamp(point.x), y: clamp(point.y) }));
  const lines = [-3, -2, 2, 3].flatMap((k) => {
    const color = Math.abs(k) === 3 ? 'red.7' : 'orange.7';
    return [{ x: k, color }, { y: k, color }];
  });
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4">{t('qc.youdenTitle', { first: first.nivo, second: second.nivo })}</Title>
      {points.length === 0 ? <Text c="dimmed" mt="sm">{t('qc.noPoints')}</Text> : (
        <Box role="img" aria-label={t('qc.youdenLabel', { assay, first: first.nivo, second: second.nivo, count: points.length })} data-testid="youden-plot" maw={420}>
          {ready ? (
            <ScatterChart
              h={360}
              data={[{ color: 'clinical.6', name: assay, data: points }]}
              dataKey={{ x: 'x', y: 'y' }}
              labels={{ x: t('qc.youdenAxis', { level: first.nivo }), y: t('qc.youdenAxis', { level: second.nivo }) }}
              xAxisProps={{ domain: [-LIMIT, LIMIT], type: 'number', ticks: [-3, -2, -1, 0, 1, 2, 3] }}
              yAxisProps={{ domain: [-LIMIT, LIMIT], ticks: [-3, -2, -1, 0, 1, 2, 3] }}
              valueFormatter={(value) => figure(value, language, 2)}
              referenceLines={lines}
              scatterProps={{ isAnimationActive: false }}
            />
          ) : <Skeleton h={360} radius="sm" />}
        </Box>
      )}
    </Paper>
  );
}

/** A point beyond ±4 SD is drawn on the plot's edge rather than lost outside it. */
function clamp(z: number): number {
  return Math.max(-LIMIT, Math.min(LIMIT, z));
}
