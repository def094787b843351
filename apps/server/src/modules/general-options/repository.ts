import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { settingRecords } from '../../db/shared-tables.ts';

/**
 * The single-record setting types (general options, label size): one lab-wide row (site_id null) and at
 * most one row per site. The table also holds the many-row record types of the catalogue, so no unique
 * index can say "one per type and site"; writers take a transaction-scoped advisory lock on the type
 * instead, so two saves at once update one row rather than inserting two.
 */
export async function lockSettingType(tx: Tx, type: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`setting_records:${type}`}))`);
}

/** The stored data of the type's row for the site (null: the lab-wide row); null when there is none. */
export async function settingData(db: Db, type: string, siteId: string | null): Promise<unknown> {
  const rows = await db.select({ data: settingRecords.data }).from(settingRecords)
    .where(and(eq(settingRecords.type, type), siteId === null ? isNull(settingRecords.siteId) : eq(settingRecords.siteId, siteId)))
    .orderBy(asc(settingRecords.createdAt))
    .limit(1);
  return rows[0]?.data ?? null;
}

/** Writes the type's row for the site (null: lab-wide), inserting it when there is none. Call under `lockSettingType`. */
export async function writeSettingData(tx: Tx, type: string, siteId: string | null, data: Record<string, unknown>): Promise<void> {
  const where = and(eq(settingRecords.type, type), siteId === null ? isNull(settingRecords.siteId) : eq(settingRecords.siteId, siteId));
  const existing = await tx.select({ id: settingRecords.id }).from(settingRecords).where(where).orderBy(asc(settingRecords.createdAt)).limit(1);
  const row = existing[0];
  if (row) await tx.update(settingRecords).set({ data, updatedAt: new Date() }).where(eq(settingRecords.id, row.id));
  else await tx.insert(settingRecords).values({ type, siteId, data });
}

/** The stored data of the type's rows of many sites in one query, by site id (a site without a row is absent). */
export async function settingDataOfSites(db: Db, type: string, siteIds: readonly string[]): Promise<Map<string, unknown>> {
  if (siteIds.length === 0) return new Map();
  const rows = await db.select({ siteId: settingRecords.siteId, data: settingRecords.data }).from(settingRecords)
    .where(and(eq(settingRecords.type, type), inArray(settingRecords.siteId, [...siteIds])))
    .orderBy(asc(settingRecords.createdAt));
  const bySite = new Map<string, unknown>();
  // The oldest row of a site is its record, as `settingData` reads it.
  for (const row of rows) if (row.siteId !== null && !bySite.has(row.siteId)) bySite.set(row.siteId, row.data);
  return bySite;
}
