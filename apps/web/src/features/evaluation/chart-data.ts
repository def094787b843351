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

/**
 * A colour per flag: low or high (or an abnormal text) orange, critical red.
 * A result without a flag keeps the line's colour: the answer does not tell
 * "within range" from "not judged" (no range, or a result stored before flags
 * were computed), so it is not painted as normal.
 */
export const FLAG_COLORS: Record<NonNullable<PointFlag> | 'none', string> = {
  none: 'clinical.7',
  L: 'orange.7',
  H: 'orange.7',
  A: 'orange.7',
  LL: 'red.8',
  HH: 'red.8',
};

export function flagColor(flag: PointFlag): string {
  return FLAG_COLORS[flag ?? 'none'];
}

/**
 * The drawable results. The x-axis names each by its day, and by day and time
 * when the patient gave two samples on one day, so no two labels read alike
 * by accident.
 */
export function chartRows(series: PatientAssaySeries): ChartRow[] {
  const days = series.points.filter((point) => point.value !== null).map((point) => formatDate(point.datum));
  const withTime = new Set(days).size < days.length;
  return series.points.flatMap((point) => (point.value === null ? [] : [{
    label: withTime ? `${formatDate(point.datum)} ${formatTime(point.datum)}` : formatDate(point.datum),
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

/** A step of 1, 2, 2.5 or 5 times a power of ten near `raw`: the steps people read axes in. */
export function niceStep(raw: number): number {
  const power = 10 ** Math.floor(Math.log10(raw));
  const fraction = raw / power;
  const nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 2.5 ? 2.5 : fraction <= 5 ? 5 : 10;
  return nice * power;
}

export interface ValueAxis {
  domain: [number, number];
  /** Round values from one end to the other, about five. */
  ticks: number[];
}

/**
 * The y axis: every value and both reference limits inside, 10 % of the span
 * added on each side (a flat series ±10 % of its value, or ±1 at zero), the
 * ends moved out to round steps. Values that cannot be negative keep a zero
 * floor.
 */
export function valueAxis(rows: readonly ChartRow[], referenca: PatientAssaySeries['referenca']): ValueAxis {
  const values = [...rows.map((row) => row.value), referenca.low, referenca.high].filter((value): value is number => value !== null);
  if (values.length === 0) return { domain: [0, 1], ticks: [0, 1] };
  const min = Math.min(...values);
  const max = Math.max(...values);
  const span = max - min || Math.abs(max) || 1;
  const margin = span * 0.1;
  const step = niceStep((span + 2 * margin) / 4);
  // Steps are decimal fractions: round away float noise (0.30000000000000004) before comparing and printing.
  const exact = (value: number) => Number(value.toPrecision(12));
  let low = exact(Math.floor((min - margin) / step) * step);
  if (min >= 0 && low < 0) low = 0;
  const high = exact(Math.ceil((max + margin) / step) * step);
  const ticks: number[] = [];
  for (let tick = low; tick <= high + step / 2; tick = exact(tick + step)) ticks.push(tick);
  return { domain: [low, high], ticks };
}

/** The shaded band of the reference range within the domain; an open side runs to the domain's edge; null without a range. */
export function referenceBand(referenca: PatientAssaySeries['referenca'], domain: [number, number]): ReferenceBand | null {
  if (referenca.low === null && referenca.high === null) return null;
  return { from: referenca.low ?? domain[0], to: referenca.high ?? domain[1] };
}
