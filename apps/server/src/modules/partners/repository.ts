import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type ListRequest, runList } from '../../db/list-query.ts';
import { qualified } from '../../db/qualified.ts';
import { labAssays } from '../catalogue/tables.ts';
import { partnerPrices, partners } from './tables.ts';
import { samples } from '../samples/tables.ts';
import { isUuid } from '../../lib/ids.ts';

// The only SQL of the partners. Partners and their price lists are lab-wide; the count of a partner's
// samples in the list is the calling site's.

export type PartnerRow = typeof partners.$inferSelect;
export type PartnerValues = Omit<typeof partners.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

export interface PriceLineRow { labassay: string; sifra: string; naziv: string; price: string; katalog: string }

export function listPartners(db: Db, list: ListRequest<unknown>) {
  const kontakata = sql<number>`jsonb_array_length(${partners.kontakti})::int`;
  const cijena = sql<number>`(select count(*) from ${partnerPrices} where ${qualified(partnerPrices.partnerId)} = ${qualified(partners.id)})::int`;
  const uzoraka = sql<number>`(select count(*) from ${samples} where ${qualified(samples.partnerId)} = ${qualified(partners.id)}
    and ${qualified(samples.siteId)} = ${list.siteId})::int`;
  return runList(db, list, {
    site: 'lab-wide',
    query: () => db.select({
      _id: partners.id,
      naziv: partners.naziv,
      vrste: sql<('narucilac' | 'osiguranje' | 'dobavljac')[]>`${partners.vrste}`,
      email: partners.email,
      telefon: partners.telefon,
      adresa: partners.adresa,
      idBroj: partners.idBroj,
      aktivan: partners.aktivan,
      kontakata,
      cijena,
      uzoraka,
      updated_at: partners.updatedAt,
    }).from(partners).$dynamic(),
    sortable: { naziv: sql`lower(${partners.naziv})`, email: partners.email, telefon: partners.telefon, adresa: partners.adresa, idBroj: partners.idBroj, aktivan: partners.aktivan, updated_at: partners.updatedAt, uzoraka },
    defaultSort: [{ field: 'naziv', direction: 'asc' }],
    primaryKey: partners.id,
    filter: [{ expression: partners.naziv, match: 'contains' }, partners.email, partners.idBroj, { expression: partners.adresa, match: 'contains' }],
  });
}

export async function findPartner(db: Db, id: string, options: { forUpdate?: boolean } = {}): Promise<PartnerRow | null> {
  if (!isUuid(id)) return null;
  const query = db.select().from(partners).where(eq(partners.id, id)).limit(1);
  const rows = options.forUpdate ? await query.for('update') : await query;
  return rows[0] ?? null;
}

export async function insertPartner(db: Db, values: PartnerValues): Promise<PartnerRow> {
  const [row] = await db.insert(partners).values(values).returning();
  if (!row) throw new Error('insert returned no partner');
  return row;
}

export async function updatePartner(db: Db, id: string, values: PartnerValues): Promise<PartnerRow> {
  const [row] = await db.update(partners).set({ ...values, updatedAt: sql`now()` }).where(eq(partners.id, id)).returning();
  if (!row) throw new Error('update found no partner');
  return row;
}

/** The partner's price list with each test's code, name and catalogue price, by code. */
export function priceLines(db: Db, partnerId: string): Promise<PriceLineRow[]> {
  return db.select({
    labassay: partnerPrices.labassayId, sifra: labAssays.sifra, naziv: labAssays.naziv, price: partnerPrices.price, katalog: labAssays.price,
  }).from(partnerPrices).innerJoin(labAssays, eq(labAssays.id, partnerPrices.labassayId))
    .where(eq(partnerPrices.partnerId, partnerId)).orderBy(asc(labAssays.sifra));
}

/** Replaces the partner's whole price list. */
export async function replacePrices(db: Db, partnerId: string, prices: readonly { labassay: string; price: string }[]): Promise<void> {
  await db.delete(partnerPrices).where(eq(partnerPrices.partnerId, partnerId));
  if (prices.length > 0) await db.insert(partnerPrices).values(prices.map((line) => ({ partnerId, labassayId: line.labassay, price: line.price })));
}

/** Which of these ids are lab assays. */
export async function existingAssays(db: Db, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: labAssays.id }).from(labAssays).where(inArray(labAssays.id, [...ids]));
  return new Set(rows.map((row) => row.id));
}

/** The partner's prices of these tests (labassay id -> price text); tests without a line are not in the map. */
export async function partnerPricesOf(db: Db, partnerId: string, labassayIds: readonly string[]): Promise<Map<string, string>> {
  if (labassayIds.length === 0) return new Map();
  const rows = await db.select({ labassay: partnerPrices.labassayId, price: partnerPrices.price }).from(partnerPrices)
    .where(and(eq(partnerPrices.partnerId, partnerId), inArray(partnerPrices.labassayId, [...labassayIds])));
  return new Map(rows.map((row) => [row.labassay, row.price]));
}

/** Active partners that order samples, by name: the choices of the sample's partner picker. */
export function activeOrderers(db: Db): Promise<{ id: string; naziv: string }[]> {
  return db.select({ id: partners.id, naziv: partners.naziv }).from(partners)
    .where(and(eq(partners.aktivan, true), sql`${partners.vrste} @> '["narucilac"]'::jsonb`)).orderBy(asc(sql`lower(${partners.naziv})`));
}

/** Partners by name, case ignored (the import names a partner by its name). */
export async function partnersByName(db: Db): Promise<Map<string, PartnerRow>> {
  const rows = await db.select().from(partners);
  return new Map(rows.map((row) => [row.naziv.toLowerCase(), row]));
}
