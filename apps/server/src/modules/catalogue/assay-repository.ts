import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { runList, type ListRequest } from '../../db/list-query.ts';
import { labAssays, labSections, referenceRanges } from './tables.ts';
import { sampleTests } from '../samples/tables.ts';
import { isUuid } from '../../lib/ids.ts';
import { referenceRangeColumns, type RangeRow } from '../../db/reference-ranges.ts';

// The lab assays and their reference ranges (the lab's catalogue; no site).

export interface AssayRow {
  id: string;
  sifra: string;
  naziv: string;
  nazivEn: string;
  nazivDe: string;
  analit: string;
  price: string;
  sekcijaId: string;
  sampleTypeId: string | null;
  jedinica: string;
  loinc: string | null;
  decimals: number;
  manual: boolean;
  calculated: boolean;
  formula: string | null;
  calculatedTests: string[];
  disabled: boolean;
  tip: string;
  redoslijed: number;
  vrsta: string;
  opcije: string[];
  criticalLow: string | null;
  criticalHigh: string | null;
  deltaKind: string | null;
  deltaLimit: string | null;
  stabilnost: { uzorak: string | null; sati: number }[];
}

/** A reference range as the catalogue writes it: the stored range without its assay. */
export type RangeWrite = Omit<RangeRow, 'labassayId'>;

const assayColumns = {
  id: labAssays.id,
  sifra: labAssays.sifra,
  naziv: labAssays.naziv,
  nazivEn: labAssays.nazivEn,
  nazivDe: labAssays.nazivDe,
  analit: labAssays.analit,
  price: labAssays.price,
  sekcijaId: labAssays.sekcijaId,
  sampleTypeId: labAssays.sampleTypeId,
  jedinica: labAssays.jedinica,
  loinc: labAssays.loinc,
  decimals: labAssays.decimals,
  manual: labAssays.manual,
  calculated: labAssays.calculated,
  formula: labAssays.formula,
  calculatedTests: labAssays.calculatedTests,
  disabled: labAssays.disabled,
  tip: labAssays.tip,
  redoslijed: labAssays.redoslijed,
  vrsta: labAssays.vrsta,
  opcije: labAssays.opcije,
  criticalLow: labAssays.criticalLow,
  criticalHigh: labAssays.criticalHigh,
  deltaKind: labAssays.deltaKind,
  deltaLimit: labAssays.deltaLimit,
  stabilnost: labAssays.stabilnost,
};


/**
 * The lab assay list (/postavke/analize, /assays): by section order, then the assay's own order and name;
 * `sekcija` keeps one section's assays, `disabled` only enabled or disabled ones.
 */
export function listAssays(db: Db, list: ListRequest<{ sekcija?: string | undefined; disabled?: 'true' | 'false' | undefined }>) {
  const conditions = [
    list.extra.sekcija ? eq(labAssays.sekcijaId, list.extra.sekcija) : undefined,
    list.extra.disabled ? eq(labAssays.disabled, list.extra.disabled === 'true') : undefined,
  ].filter((condition) => condition !== undefined);
  return runList(db, list, {
    site: 'lab-wide',
    query: () => db.select({
      _id: labAssays.id,
      sifra: labAssays.sifra,
      naziv: labAssays.naziv,
      naziv_en: labAssays.nazivEn,
      naziv_de: labAssays.nazivDe,
      analit: labAssays.analit,
      sekcija: labAssays.sekcijaId,
      sekcija_naziv: labSections.naziv,
      jedinica: labAssays.jedinica,
      price: sql<number>`${labAssays.price}::float8`,
      manual: labAssays.manual,
      calculated: labAssays.calculated,
      disabled: labAssays.disabled,
      tip: labAssays.tip,
      vrsta: labAssays.vrsta,
      redoslijed: labAssays.redoslijed,
      referenci: sql<number>`(select count(*)::int from ${referenceRanges} as rr where rr.labassay_id = ${labAssays}.id)`,
    }).from(labAssays).innerJoin(labSections, eq(labSections.id, labAssays.sekcijaId)).$dynamic(),
    where: conditions.length > 0 ? and(...conditions) : undefined,
    sortable: {
      sekcija: labSections.redoslijed, sifra: labAssays.sifra, naziv: labAssays.naziv, analit: labAssays.analit,
      price: labAssays.price, redoslijed: labAssays.redoslijed,
    },
    defaultSort: [{ field: 'sekcija', direction: 'asc' }, { field: 'redoslijed', direction: 'asc' }, { field: 'naziv', direction: 'asc' }],
    primaryKey: labAssays.id,
    filter: [labAssays.naziv, labAssays.sifra, labAssays.analit],
  });
}

export async function findAssay(db: Db | Tx, id: string, { forUpdate = false } = {}): Promise<AssayRow | null> {
  if (!isUuid(id)) return null;
  const query = db.select(assayColumns).from(labAssays).where(eq(labAssays.id, id));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

export async function rangesOfAssay(db: Db | Tx, id: string): Promise<RangeWrite[]> {
  return db.select(referenceRangeColumns).from(referenceRanges).where(eq(referenceRanges.labassayId, id))
    .orderBy(referenceRanges.spol, referenceRanges.trudnica, referenceRanges.menopauza, referenceRanges.ageMinDays, referenceRanges.id);
}

/** The ids of the assays with these codes (formula components). */
export async function assayIdsByCode(db: Db | Tx, codes: readonly string[]): Promise<Map<string, string>> {
  if (codes.length === 0) return new Map();
  const rows = await db.select({ id: labAssays.id, sifra: labAssays.sifra }).from(labAssays).where(inArray(labAssays.sifra, [...codes]));
  return new Map(rows.map((row) => [row.sifra, row.id]));
}

export type AssayWrite = Omit<AssayRow, 'id'>;

/** The analyte names of these assays by id (an id the catalogue does not hold is left out). */
export async function assayNamesByIds(db: Db | Tx, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: labAssays.id, analit: labAssays.analit }).from(labAssays).where(inArray(labAssays.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row.analit]));
}

export async function saveAssay(tx: Tx, id: string | null, write: AssayWrite): Promise<string> {
  const values = { ...write, updatedAt: sql`now()` };
  const [row] = id
    ? await tx.update(labAssays).set(values).where(eq(labAssays.id, id)).returning({ id: labAssays.id })
    : await tx.insert(labAssays).values(write).returning({ id: labAssays.id });
  if (!row) throw new Error('assay write returned no row');
  return row.id;
}

/** Replaces the assay's reference ranges with these, in one delete and one insert. */
export async function replaceRanges(tx: Tx, labassayId: string, ranges: readonly RangeWrite[]): Promise<void> {
  await tx.delete(referenceRanges).where(eq(referenceRanges.labassayId, labassayId));
  if (ranges.length > 0) await tx.insert(referenceRanges).values(ranges.map((range) => ({ ...range, labassayId })));
}

/** Whether any sample (of any site) has the assay among its tests. */
export async function assayIsOnSamples(tx: Tx, id: string): Promise<boolean> {
  const [row] = await tx.select({ id: sampleTests.id }).from(sampleTests).where(eq(sampleTests.labassayId, id)).limit(1);
  return row !== undefined;
}

/** A calculated assay (other than itself) that reads the assay as a component. */
export async function calculatedUsing(tx: Tx, id: string): Promise<{ naziv: string } | null> {
  const [row] = await tx.select({ naziv: labAssays.naziv }).from(labAssays)
    .where(and(ne(labAssays.id, id), sql`${labAssays.calculatedTests} @> ${JSON.stringify([id])}::jsonb`)).limit(1);
  return row ?? null;
}

export async function deleteAssay(tx: Tx, id: string): Promise<void> {
  await tx.delete(labAssays).where(eq(labAssays.id, id));
}
