import { exactNumericValue, type ResultFlag } from '../assays/result-flags.ts';
import type { FrozenReportInput } from '../nalazi/frozen.ts';

/**
 * The patient portal's results over time, built from what the lab issued: the content frozen with each
 * sample's current report version (never results not yet verified, never a superseded version's values).
 * One series per assay (its Bosnian name and unit: an assay renamed or re-united starts a new series),
 * in report order, each point with the range that applied on that report and its plain-words standing.
 */

/** How a result stands against its reference range, as the portal says it to a patient. */
export type PlainStanding = 'within' | 'high' | 'low' | 'abnormal' | null;

/** 'u granicama', 'povišeno', 'sniženo' from a report's flag: critical flags read as high or low; no range, no word. */
export function plainStanding(flag: ResultFlag | null): PlainStanding {
  switch (flag) {
    case 'N': return 'within';
    case 'H': case 'HH': return 'high';
    case 'L': case 'LL': return 'low';
    case 'A': return 'abnormal';
    default: return null;
  }
}

export interface PortalTrendPoint {
  sid: string;
  code: string;
  /** When the sample was taken (ISO). */
  datum: string;
  rezultat: string;
  value: number | null;
  low: number | null;
  high: number | null;
  standing: PlainStanding;
}

export interface PortalTrend {
  naziv: string;
  naziv_en: string;
  naziv_de: string;
  jedinica: string;
  points: PortalTrendPoint[];
}

/** The series of a patient's issued reports (each sample's current version content), oldest sample first within each. */
export function portalTrends(reports: readonly { sid: string; content: FrozenReportInput }[]): PortalTrend[] {
  const ordered = [...reports].sort((a, b) => a.content.sample.collectedAt.localeCompare(b.content.sample.collectedAt));
  const series = new Map<string, PortalTrend & { order: [number, number] }>();
  for (const { sid, content } of ordered) {
    for (const test of content.tests) {
      if (test.rezultat === null || test.rezultat.trim() === '') continue;
      const key = `${test.name.naziv}\u0000${test.jedinica}`;
      let trend = series.get(key);
      if (!trend) {
        trend = {
          naziv: test.name.naziv, naziv_en: test.name.nazivEn, naziv_de: test.name.nazivDe, jedinica: test.jedinica, points: [],
          order: [test.section.redoslijed, test.redoslijed],
        };
        series.set(key, trend);
      }
      trend.points.push({
        sid, code: content.sample.code, datum: content.sample.collectedAt, rezultat: test.rezultat, value: exactNumericValue(test.rezultat),
        low: test.range?.low ?? null, high: test.range?.high ?? null, standing: plainStanding(test.flag),
      });
    }
  }
  return [...series.values()]
    .sort((a, b) => a.order[0] - b.order[0] || a.order[1] - b.order[1] || a.naziv.localeCompare(b.naziv))
    .map(({ order: _order, ...trend }) => trend);
}
