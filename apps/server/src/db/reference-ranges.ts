import { asc, inArray } from 'drizzle-orm';
import { isUuid } from '../lib/ids.ts';
import type { Db } from './client.ts';
import { referenceRanges } from './schema.ts';

/** A reference interval as stored (lab-wide catalogue): limits still as the database's exact numeric text. */
export interface RangeRow {
  labassayId: string;
  spol: string | null;
  ageMinDays: number;
  ageMaxDays: number;
  trudnica: boolean | null;
  menopauza: boolean | null;
  low: string | null;
  high: string | null;
  tekst: string | null;
  /** This range's critical limits and unit; null: the assay's. */
  criticalLow: string | null;
  criticalHigh: string | null;
  jedinica: string | null;
}

/** The columns of a stored range, as RangeRow names them (without its assay). */
export const referenceRangeColumns = {
  spol: referenceRanges.spol,
  ageMinDays: referenceRanges.ageMinDays,
  ageMaxDays: referenceRanges.ageMaxDays,
  trudnica: referenceRanges.trudnica,
  menopauza: referenceRanges.menopauza,
  low: referenceRanges.low,
  high: referenceRanges.high,
  tekst: referenceRanges.tekst,
  criticalLow: referenceRanges.criticalLow,
  criticalHigh: referenceRanges.criticalHigh,
  jedinica: referenceRanges.jedinica,
};

/**
 * The reference intervals of the assays, for every module that judges or
 * shows results against them (the catalogue is the lab's, not a site's).
 */
export async function referenceRangesOf(db: Db, labassayIds: readonly string[]): Promise<RangeRow[]> {
  const ids = [...new Set(labassayIds.filter(isUuid))];
  if (ids.length === 0) return [];
  return db.select({ labassayId: referenceRanges.labassayId, ...referenceRangeColumns }).from(referenceRanges)
    .where(inArray(referenceRanges.labassayId, ids)).orderBy(asc(referenceRanges.id));
}
