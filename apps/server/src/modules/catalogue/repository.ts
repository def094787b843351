import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { runList, type ListRequest } from '../../db/list-query.ts';
import { settingRecords } from '../../db/shared-tables.ts';
import { labAssays, labSections } from './tables.ts';
import { sampleTypes } from '../sample-types/tables.ts';
import { isUuid } from '../../lib/ids.ts';

// The catalogue's SQL: the lab-wide setting records (table setting_records, one `type` per kind, site_id null),
// the lab sections and sample types (tables of their own), and the history of a record from the audit log.
// The catalogue is the lab's: no statement here is scoped to a site.

/** A setting record as stored: its id and its JSON. */
export interface StoredRecord {
  id: string;
  data: Record<string, unknown>;
}

function jsonField(field: string): SQL<string> {
  return sql<string>`(${settingRecords.data} ->> ${field})`;
}

/** The list of one kind of setting record: 'Pretraga' and the sorts on the kind's list fields. */
export function listRecords(db: Db, list: ListRequest<unknown>, type: string, fields: readonly string[]) {
  const sortable: Record<string, SQL> = Object.fromEntries(fields.map((field) => [field, jsonField(field)]));
  return runList(db, list, {
    site: 'lab-wide',
    query: () => db.select({ id: settingRecords.id, data: settingRecords.data }).from(settingRecords).$dynamic(),
    where: and(eq(settingRecords.type, type), isNull(settingRecords.siteId)),
    sortable,
    defaultSort: [{ field: fields[0] ?? 'naziv', direction: 'asc' }],
    primaryKey: settingRecords.id,
    filter: fields.map(jsonField),
  });
}

/** The record of this type, locked for the edit. */
export async function recordForUpdate(tx: Tx, type: string, id: string): Promise<StoredRecord | null> {
  if (!isUuid(id)) return null;
  const [row] = await tx.select({ id: settingRecords.id, data: settingRecords.data }).from(settingRecords)
    .where(and(eq(settingRecords.id, id), eq(settingRecords.type, type), isNull(settingRecords.siteId))).for('update');
  return row ?? null;
}

export async function insertRecord(tx: Tx, type: string, data: Record<string, unknown>): Promise<StoredRecord> {
  const [row] = await tx.insert(settingRecords).values({ type, data, siteId: null })
    .returning({ id: settingRecords.id, data: settingRecords.data });
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateRecord(tx: Tx, type: string, id: string, data: Record<string, unknown>): Promise<StoredRecord> {
  const [row] = await tx.update(settingRecords).set({ data, updatedAt: sql`now()` })
    .where(and(eq(settingRecords.id, id), eq(settingRecords.type, type), isNull(settingRecords.siteId)))
    .returning({ id: settingRecords.id, data: settingRecords.data });
  if (!row) throw new Error('update returned no row');
  return row;
}

/** Which of the ids name a setting record of the type (references between records). */
export async function existingRecordIds(db: Db | Tx, type: string, ids: readonly string[]): Promise<Set<string>> {
  const wanted = [...new Set(ids.filter(isUuid))];
  if (wanted.length === 0) return new Set();
  const rows = await db.select({ id: settingRecords.id }).from(settingRecords)
    .where(and(eq(settingRecords.type, type), isNull(settingRecords.siteId), inArray(settingRecords.id, wanted)));
  return new Set(rows.map((row) => row.id));
}

/** Which of the ids are rows of the table (the column is its primary key). */
async function existingIn(db: Db | Tx, column: typeof labAssays.id | typeof sampleTypes.id | typeof labSections.id, ids: readonly string[]): Promise<Set<string>> {
  const wanted = [...new Set(ids.filter(isUuid))];
  if (wanted.length === 0) return new Set();
  const rows = await db.select({ id: column }).from(column.table).where(inArray(column, wanted));
  return new Set(rows.map((row) => row.id));
}

export const existingAssayIds = (db: Db | Tx, ids: readonly string[]) => existingIn(db, labAssays.id, ids);
export const existingSampleTypeIds = (db: Db | Tx, ids: readonly string[]) => existingIn(db, sampleTypes.id, ids);
export const existingSectionIds = (db: Db | Tx, ids: readonly string[]) => existingIn(db, labSections.id, ids);

// Lab sections (lab_sections).

const sectionColumns = {
  _id: labSections.id,
  sifra: labSections.sifra,
  naziv: labSections.naziv,
  naziv_en: labSections.nazivEn,
  naziv_de: labSections.nazivDe,
  redoslijed: labSections.redoslijed,
  mikrobiologija: labSections.mikrobiologija,
};
export type SectionRow = { _id: string; sifra: string; naziv: string; naziv_en: string; naziv_de: string; redoslijed: number; mikrobiologija: boolean };
export type SectionWrite = Omit<SectionRow, '_id'>;

export function listSections(db: Db, list: ListRequest<unknown>) {
  return runList(db, list, {
    site: 'lab-wide',
    query: () => db.select(sectionColumns).from(labSections).$dynamic(),
    sortable: { redoslijed: labSections.redoslijed, sifra: labSections.sifra, naziv: labSections.naziv },
    defaultSort: [{ field: 'redoslijed', direction: 'asc' }],
    primaryKey: labSections.id,
    filter: [labSections.naziv, labSections.sifra],
  });
}

export async function sectionForUpdate(tx: Tx, id: string): Promise<SectionRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await tx.select(sectionColumns).from(labSections).where(eq(labSections.id, id)).for('update');
  return row ?? null;
}

function sectionValues(write: SectionWrite) {
  return {
    sifra: write.sifra, naziv: write.naziv, nazivEn: write.naziv_en, nazivDe: write.naziv_de,
    redoslijed: write.redoslijed, mikrobiologija: write.mikrobiologija,
  };
}

export async function saveSection(tx: Tx, id: string | null, write: SectionWrite): Promise<SectionRow> {
  const [row] = id
    ? await tx.update(labSections).set(sectionValues(write)).where(eq(labSections.id, id)).returning(sectionColumns)
    : await tx.insert(labSections).values(sectionValues(write)).returning(sectionColumns);
  if (!row) throw new Error('section write returned no row');
  return row;
}

// Sample types (sample_types).

const sampleTypeColumns = {
  _id: sampleTypes.id, sifra: sampleTypes.sifra, naziv: sampleTypes.naziv, naziv_en: sampleTypes.nazivEn, naziv_de: sampleTypes.nazivDe,
};
export type SampleTypeRow = { _id: string; sifra: string; naziv: string; naziv_en: string; naziv_de: string };

export function listSampleTypes(db: Db, list: ListRequest<unknown>) {
  return runList(db, list, {
    site: 'lab-wide',
    query: () => db.select(sampleTypeColumns).from(sampleTypes).$dynamic(),
    sortable: { naziv: sampleTypes.naziv, sifra: sampleTypes.sifra },
    defaultSort: [{ field: 'naziv', direction: 'asc' }],
    primaryKey: sampleTypes.id,
    filter: [sampleTypes.naziv, sampleTypes.sifra],
  });
}

export async function sampleTypeForUpdate(tx: Tx, id: string): Promise<SampleTypeRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await tx.select(sampleTypeColumns).from(sampleTypes).where(eq(sampleTypes.id, id)).for('update');
  return row ?? null;
}

export async function saveSampleType(tx: Tx, id: string | null, fields: Omit<SampleTypeRow, '_id'>): Promise<SampleTypeRow> {
  const write = { sifra: fields.sifra, naziv: fields.naziv, nazivEn: fields.naziv_en, nazivDe: fields.naziv_de };
  const [row] = id
    ? await tx.update(sampleTypes).set(write).where(eq(sampleTypes.id, id)).returning(sampleTypeColumns)
    : await tx.insert(sampleTypes).values(write).returning(sampleTypeColumns);
  if (!row) throw new Error('sample type write returned no row');
  return row;
}

// History.

/** The changes of one record, newest first: the audit rows every settings history reads. */
export { auditRowsOf as historyOf } from '../../db/audit-history.ts';

// Referral choices of sample entry.

/** The active records of a kind (aktivan not false), as stored. */
export async function activeRecords(db: Db, type: string): Promise<StoredRecord[]> {
  return db.select({ id: settingRecords.id, data: settingRecords.data }).from(settingRecords)
    .where(and(eq(settingRecords.type, type), isNull(settingRecords.siteId), sql`coalesce((${settingRecords.data} ->> 'aktivan')::boolean, true)`));
}

/** The lab-wide record of a single-record type (options), locked when asked for an edit. */
export async function singleRecord(db: Db | Tx, type: string, { forUpdate = false } = {}): Promise<StoredRecord | null> {
  const query = db.select({ id: settingRecords.id, data: settingRecords.data }).from(settingRecords)
    .where(and(eq(settingRecords.type, type), isNull(settingRecords.siteId))).orderBy(settingRecords.createdAt).limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

/** The lab-wide records of a kind whose `naziv` is `name` (trimmed), oldest first. */
export async function recordsByName(db: Db | Tx, type: string, name: string): Promise<StoredRecord[]> {
  return db.select({ id: settingRecords.id, data: settingRecords.data }).from(settingRecords)
    .where(and(eq(settingRecords.type, type), isNull(settingRecords.siteId), sql`btrim(${settingRecords.data} ->> 'naziv') = ${name}`))
    .orderBy(settingRecords.createdAt);
}
