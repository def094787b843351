import type { ChartLevel } from './api.ts';

/** A run's two levels as one Youden point: the z-score of the first level (x) against that of the second (y). */
export interface YoudenPoint {
  x: number;
  y: number;
}

/**
 * The Youden plot's points of two levels: one per run in which both were measured and neither was excluded.
 * Points near the diagonal (x = y) mean a systematic error shared by both levels; points off it, random error.
 */
export function youdenPoints(first: ChartLevel, second: ChartLevel): YoudenPoint[] {
  const secondByRun = new Map(second.tacke.filter((point) => !point.iskljucen).map((point) => [point.serija, point.z]));
  return first.tacke.flatMap((point) => {
    const y = secondByRun.get(point.serija);
    return point.iskljucen || y === undefined ? [] : [{ x: point.z, y }];
  });
}
