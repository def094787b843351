/**
 * A patient's results of one assay as a chart draws them: the results that
 * are exact numbers, oldest first, each with its flag's colour, the value
 * range the y axis must show (every point and the reference band, with a
 * margin), and the band itself. Censored values ("<0.5") and text results
 * have no place on a number line: they stay in the table only.
 */
import type { PatientAssaySeries } from '@lis/domain';
import { formatDate, formatTime } from '../../lib/date-time.ts';

export type ResultPoint = PatientAssaySeries['points'][number];
export type PointFlag = ResultPoint['flag'];

export interface ChartRow {
  /** The x-axis label: the day the sample was taken (dd.mm.yyyy at the site). */
  label: string;
  value: number;
  flag: PointFlag;
  rezultat: string;
  code: string;
  /** Date and time the sample was taken, for the tooltip. */
  when: string;
  status: ResultPoint['status'];
}

/** A colour per flag: within range teal, low or high (or an abnormal text) orange, critical red. */
export const FLAG_COLORS: Record<NonNullable<PointFlag> | 'N', string> = {
  N: 'teal.7',
  L: 'orange.7',
  H: 'orange.7',
  A: 'orange.7',
  LL: 'red.8',
  HH: 'red.8',
};

export function flagColor(flag: PointFlag): string {
  return FLAG_COLORS[flag ?? 'N'];
}

export function chartRows(series: PatientAssaySeries): ChartRow[] {
  return series.points.flatMap((point) => (point.value === null ? [] : [{
    label: formatDate(point.datum),
    value: point.value,
    flag: point.flag,
    rezultat: point.rezultat,
    code: point.code,
    when: `${formatDate(point.datum)} ${formatTime(point.datum)}`,
    status: point.status,
  }]));
}

/** How many results of the series the chart cannot draw (censored or text). */
export function undrawnCount(series: PatientAssaySeries): number {
  return series.points.filter((point) => point.value === null).length;
}

export interface ReferenceBand {
  from: number;
  to: number;
}

/**
 * The y range: every value and both reference limits, 10 % of the span added
 * on each side (a flat series gets ±10 % of its value, or ±1 at zero).
 */
export function valueDomain(rows: readonly ChartRow[], referenca: PatientAssaySeries['referenca']): [number, number] {
  const values = [...rows.map((row) => row.value), referenca.low, referenca.high].filter((value): value is number => value !== null);
  if (values.length === 0) return [0, 1];
  const min = Math.min(...values);
  const max = Math.max(...values);
  const span = max - min || Math.abs(max) || 1;
  const margin = span * 0.1;
  const low = min - margin;
  // Results that cannot be negative keep a zero floor when the margin would cross it.
  return [min >= 0 && low < 0 ? 0 : low, max + margin];
}

/** The shaded band of the reference range within the domain; an open side runs to the domain's edge; null without a range. */
export function referenceBand(referenca: PatientAssaySeries['referenca'], domain: [number, number]): ReferenceBand | null {
  if (referenca.low === null && referenca.high === null) return null;
  return { from: referenca.low ?? domain[0], to: referenca.high ?? domain[1] };
}
