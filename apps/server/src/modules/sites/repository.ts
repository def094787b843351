import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import { GENERAL_OPTIONS_TYPE } from '@lis/domain';
import type { Db, Tx } from '../../db/client.ts';
import { type ListRequest, runList } from '../../db/list-query.ts';
import { qualified } from '../../db/qualified.ts';
import { settingRecords, sites, users, userSites } from '../../db/shared-tables.ts';
import { isUuid } from '../../lib/ids.ts';

/** The site's IANA time zone as stored, or null for an unknown site. */
export async function timeZoneOfSite(db: Db, siteId: string): Promise<string | null> {
  const rows = await db.select({ timeZone: sites.timeZone }).from(sites).where(eq(sites.id, siteId)).limit(1);
  return rows[0]?.timeZone ?? null;
}

/** The columns of a site record as the settings calls answer it (the report header comes from the general options). */
const siteColumns = {
  _id: sites.id,
  id: sites.id,
  sifra: sites.sifra,
  naziv: sites.naziv,
  name: sites.name,
  adresa: sites.adresa,
  timeZone: sites.timeZone,
  mjesta: sites.mjesta,
};

/** GET /postavke/sites/list: the lab's sites (lab-wide), with how many enabled users have each, for the page's rows only. */
export function listSites(db: Db, list: ListRequest<unknown>) {
  return runList(db, list, {
    site: 'lab-wide',
    query: () => db.select({
      ...siteColumns,
      korisnika: sql<number>`(select count(*)::int from ${userSites} join ${users} on ${qualified(users.id)} = ${qualified(userSites.userId)} where ${qualified(userSites.siteId)} = ${qualified(sites.id)} and not ${qualified(users.disabled)})`,
      createdAt: sites.createdAt,
    }).from(sites).$dynamic(),
    sortable: { sifra: sites.sifra, naziv: sites.naziv, name: sites.name, timeZone: sites.timeZone, createdAt: sites.createdAt },
    defaultSort: [{ field: 'sifra', direction: 'asc' }],
    primaryKey: sites.id,
    filter: [sites.sifra, sites.naziv, sites.name, sites.adresa],
  });
}

export type SiteRecordRow = NonNullable<Awaited<ReturnType<typeof findSite>>>;

export async function findSite(db: Db, id: string) {
  if (!isUuid(id)) return null;
  const rows = await db.select(siteColumns).from(sites).where(eq(sites.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function lockSite(tx: Tx, id: string) {
  if (!isUuid(id)) return null;
  const rows = await tx.select(siteColumns).from(sites).where(eq(sites.id, id)).for('update').limit(1);
  return rows[0] ?? null;
}

export interface SiteFields {
  sifra: string;
  naziv: string;
  name: string;
  adresa: string;
  timeZone: string;
}

export async function insertSite(tx: Tx, fields: SiteFields): Promise<string> {
  const rows = await tx.insert(sites).values(fields).returning({ id: sites.id });
  return rows[0]!.id;
}

/** The towns (`mjesta`) are never written here: they have no save. */
export async function updateSite(tx: Tx, id: string, fields: SiteFields): Promise<void> {
  await tx.update(sites).set({ ...fields, updatedAt: new Date() }).where(eq(sites.id, id));
}

export interface SiteHeadingRow {
  sifra: string;
  naziv: string;
  adresa: string;
}

/** What a printed document's letterhead shows of a site; null for an unknown site. */
export async function siteHeading(db: Db, siteId: string): Promise<SiteHeadingRow | null> {
  const rows = await db.select({ sifra: sites.sifra, naziv: sites.naziv, adresa: sites.adresa }).from(sites).where(eq(sites.id, siteId)).limit(1);
  return rows[0] ?? null;
}

/** The general options as stored: the lab-wide record (site_id null) and the site's own, each the newest of its kind, null when absent. */
export async function generalOptionsRecords(db: Db, siteId: string): Promise<{ labWide: unknown; siteOwn: unknown }> {
  const rows = await db.select({ siteId: settingRecords.siteId, data: settingRecords.data }).from(settingRecords)
    .where(and(eq(settingRecords.type, GENERAL_OPTIONS_TYPE), or(eq(settingRecords.siteId, siteId), isNull(settingRecords.siteId))))
    .orderBy(desc(settingRecords.updatedAt));
  return {
    labWide: rows.find((row) => row.siteId === null)?.data ?? null,
    siteOwn: rows.find((row) => row.siteId === siteId)?.data ?? null,
  };
}
