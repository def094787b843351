/**
 * A report's figures over days as a bar chart (@mantine/charts), for
 * comparing one day with another; the table below carries the same numbers
 * as text, so the chart is an image to screen readers.
 */
import { Box } from '@mantine/core';
import { BarChart } from '@mantine/charts';
import { fromIsoDate, toLocalDateText, type ReportAnswer, type ReportDefinition } from '@lis/domain';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/format.ts';

const COLOURS = ['teal.6', 'indigo.5', 'orange.6'];

export function ReportChart({ definition, rows, language }: { definition: ReportDefinition; rows: ReportAnswer['rows']; language: string }) {
  const { t } = useTranslation();
  const chart = definition.chart;
  if (!chart || rows.length < 2) return null;
  const data = rows.map((row) => {
    const day = fromIsoDate(String(row[chart.x]));
    const point: Record<string, string | number> = { [chart.x]: day ? toLocalDateText(day).slice(0, 5) : String(row[chart.x]) };
    for (const key of chart.series) point[key] = Number(row[key] ?? 0);
    return point;
  });
  const texts = `izvjestaji.reports.${definition.flag}` as const;
  const title = t(`${texts}.title`);
  const series = chart.series.map((key, index) => {
    const column = definition.columns.find((candidate) => candidate.key === key);
    const label = column ? t(`${texts}.columns.${column.key}`) : key;
    return { name: key, label, color: COLOURS[index % COLOURS.length]! };
  });
  return (
    <Box role="img" aria-label={t('izvjestaji.chart', { title })} data-testid="report-chart">
      <BarChart
        h={240}
        data={data}
        dataKey={chart.x}
        series={series}
        withLegend={series.length > 1}
        tickLine="y"
        gridAxis="y"
        valueFormatter={(value) => formatNumber(value, language, { maxDecimals: 2, grouped: true })}
      />
    </Box>
  );
}
