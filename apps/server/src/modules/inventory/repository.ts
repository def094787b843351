import { aliasedTable, and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { ReferenceKind } from '@lis/domain';
import type { Db } from '../../db/client.ts';
import { type ListRequest, runList } from '../../db/list-query.ts';
import { sites, users } from '../../db/shared-tables.ts';
import { labSections } from '../catalogue/tables.ts';
import { inventoryLots, inventoryMovements, inventoryProducts, inventoryReferenceEntries } from './tables.ts';
import { qualified } from '../../db/qualified.ts';
import { isUuid } from '../../lib/ids.ts';

// The only SQL of the inventory. Reference lists and products are lab-wide; lots and movements belong to a
// site, and every statement on them carries `site_id = <the site>`, so another site's lot is never read or moved.

export type ProductRow = typeof inventoryProducts.$inferSelect;
export type ProductValues = Omit<typeof inventoryProducts.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type ReferenceRow = typeof inventoryReferenceEntries.$inferSelect;
export type LotRow = typeof inventoryLots.$inferSelect;

/** Stock of a lot: the sum of its movements. */
const lotStock = sql<number>`coalesce((select sum(${qualified(inventoryMovements.kolicina)}) from ${inventoryMovements}
  where ${qualified(inventoryMovements.lotId)} = ${qualified(inventoryLots.id)}), 0)::int`;

export function referenceEntries(db: Db, vrsta: ReferenceKind): Promise<ReferenceRow[]> {
  return db.select().from(inventoryReferenceEntries).where(eq(inventoryReferenceEntries.vrsta, vrsta))
    .orderBy(asc(sql`lower(${inventoryReferenceEntries.naziv})`), asc(inventoryReferenceEntries.id));
}

export async function findReferenceEntry(db: Db, vrsta: ReferenceKind, id: string, options: { forUpdate?: boolean } = {}): Promise<ReferenceRow | null> {
  if (!isUuid(id)) return null;
  const query = db.select().from(inventoryReferenceEntries)
    .where(and(eq(inventoryReferenceEntries.id, id), eq(inventoryReferenceEntries.vrsta, vrsta)));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

export async function insertReferenceEntry(db: Db, vrsta: ReferenceKind, naziv: string): Promise<ReferenceRow> {
  const [row] = await db.insert(inventoryReferenceEntries).values({ vrsta, naziv }).returning();
  if (!row) throw new Error('reference entry not stored');
  return row;
}

export async function renameReferenceEntry(db: Db, id: string, naziv: string): Promise<ReferenceRow | null> {
  const [row] = await db.update(inventoryReferenceEntries).set({ naziv }).where(eq(inventoryReferenceEntries.id, id)).returning();
  return row ?? null;
}

/** The ids among `ids` that are entries of the kind. */
export async function existingReferenceIds(db: Db, vrsta: ReferenceKind, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: inventoryReferenceEntries.id }).from(inventoryReferenceEntries)
    .where(and(eq(inventoryReferenceEntries.vrsta, vrsta), inArray(inventoryReferenceEntries.id, [...ids])));
  return new Set(rows.map((row) => row.id));
}

export function sitesByIds(db: Db, ids: readonly string[]): Promise<{ id: string; naziv: string }[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.select({ id: sites.id, naziv: sites.naziv }).from(sites).where(inArray(sites.id, [...ids])).orderBy(asc(sites.naziv));
}

export function sections(db: Db): Promise<{ id: string; naziv: string }[]> {
  return db.select({ id: labSections.id, naziv: labSections.naziv }).from(labSections).orderBy(asc(labSections.redoslijed), asc(labSections.naziv));
}

export async function sectionExists(db: Db, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const [row] = await db.select({ id: labSections.id }).from(labSections).where(eq(labSections.id, id));
  return row !== undefined;
}

/** The product under an LN, compared as the unique index compares (upper case). */
export async function productByLn(db: Db, ln: string): Promise<ProductRow | null> {
  const [row] = await db.select().from(inventoryProducts).where(sql`upper(${inventoryProducts.ln}) = upper(${ln})`);
  return row ?? null;
}

export async function findProduct(db: Db, id: string): Promise<ProductRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(inventoryProducts).where(eq(inventoryProducts.id, id));
  return row ?? null;
}

export async function insertProduct(db: Db, values: ProductValues): Promise<ProductRow> {
  const [row] = await db.insert(inventoryProducts).values(values).returning();
  if (!row) throw new Error('product not stored');
  return row;
}

/** GET /inventar/produkti/list: products of the lab with their reference names and their stock at the calling site. */
export function listProducts(db: Db, list: ListRequest<unknown>) {
  const klasa = aliasedTable(inventoryReferenceEntries, 'klasa');
  const proizvodjac = aliasedTable(inventoryReferenceEntries, 'proizvodjac');
  const stanje = sql<number>`coalesce((select sum(${qualified(inventoryMovements.kolicina)}) from ${inventoryMovements}
    where ${qualified(inventoryMovements.productId)} = ${qualified(inventoryProducts.id)}
      and ${qualified(inventoryMovements.siteId)} = ${list.siteId}), 0)::int`;
  return runList(db, list, {
    site: 'lab-wide',
    query: () => db.select({
      _id: inventoryProducts.id,
      LN: inventoryProducts.ln,
      opis: inventoryProducts.opis,
      zasticeni_naziv: inventoryProducts.zasticeniNaziv,
      jedinica_mjere: inventoryProducts.jedinicaMjere,
      sadrzaj: inventoryProducts.sadrzaj,
      pakovanje: inventoryProducts.pakovanje,
      nivo: inventoryProducts.nivo,
      danadoroka: inventoryProducts.danadoroka,
      klasa: klasa.naziv,
      proizvodjac: proizvodjac.naziv,
      oj: sites.naziv,
      stanje,
      created_at: inventoryProducts.createdAt,
    }).from(inventoryProducts)
      .innerJoin(sites, eq(sites.id, inventoryProducts.ojId))
      .leftJoin(klasa, eq(klasa.id, inventoryProducts.klasaId))
      .leftJoin(proizvodjac, eq(proizvodjac.id, inventoryProducts.proizvodjacId))
      .$dynamic(),
    sortable: {
      LN: inventoryProducts.ln, opis: inventoryProducts.opis, zasticeni_naziv: inventoryProducts.zasticeniNaziv,
      jedinica_mjere: inventoryProducts.jedinicaMjere, nivo: inventoryProducts.nivo, klasa: klasa.naziv,
      proizvodjac: proizvodjac.naziv, oj: sites.naziv, stanje, created_at: inventoryProducts.createdAt,
    },
    defaultSort: [{ field: 'LN', direction: 'asc' }],
    primaryKey: inventoryProducts.id,
    filter: [
      { expression: inventoryProducts.ln, match: 'contains' }, { expression: inventoryProducts.opis, match: 'contains' },
      { expression: inventoryProducts.zasticeniNaziv, match: 'contains' },
    ],
    date: inventoryProducts.createdAt,
  });
}

/** The site's lots and movements: every read and write is bound to the site the repository was made for. */
export function inventoryRepository(db: Db, siteId: string) {
  const repository = {
    /** The site's lots: one product's, or all. */
    lotsOfSite(productId?: string) {
      return db.select({
        id: inventoryLots.id, productId: inventoryLots.productId, lot: inventoryLots.lot, rokTrajanja: inventoryLots.rokTrajanja, kolicina: lotStock,
      }).from(inventoryLots)
        .where(and(eq(inventoryLots.siteId, siteId), productId === undefined ? undefined : eq(inventoryLots.productId, productId)))
        .orderBy(asc(inventoryLots.rokTrajanja), asc(inventoryLots.lot), asc(inventoryLots.id));
    },

    /** Products that have a lot at the site, or whose OJ is the site (so a product under its level shows before its first receipt). */
    productsOfSite(productId?: string): Promise<ProductRow[]> {
      const atSite = sql`(${qualified(inventoryProducts.ojId)} = ${siteId} or exists (select 1 from ${inventoryLots}
        where ${qualified(inventoryLots.productId)} = ${qualified(inventoryProducts.id)} and ${qualified(inventoryLots.siteId)} = ${siteId}))`;
      return db.select().from(inventoryProducts)
        .where(and(atSite, productId === undefined ? undefined : eq(inventoryProducts.id, productId)))
        .orderBy(asc(inventoryProducts.ln));
    },

    /** The lot of a product at the site under its number, locked for the receipt that adds to it. */
    async lotByNumber(productId: string, lot: string): Promise<LotRow | null> {
      const [row] = await db.select().from(inventoryLots)
        .where(and(eq(inventoryLots.siteId, siteId), eq(inventoryLots.productId, productId), eq(inventoryLots.lot, lot))).for('update');
      return row ?? null;
    },

    /**
     * The product's lots at the site with their stock, each lot row locked: two
     * consumptions of one product wait for each other here, so the second sees
     * the stock the first left and the ledger can never go below zero.
     */
    async lockLotsWithStock(productId: string) {
      const locked = await db.select({ id: inventoryLots.id }).from(inventoryLots)
        .where(and(eq(inventoryLots.siteId, siteId), eq(inventoryLots.productId, productId)))
        .orderBy(asc(inventoryLots.id)).for('update');
      if (locked.length === 0) return [];
      return repository.lotsOfSite(productId);
    },

    /** Adds the lot at the site unless a receipt that raced this one added it first; either way answers the stored lot. */
    async insertLot(values: { productId: string; lot: string; rokTrajanja: string }): Promise<LotRow | null> {
      const [row] = await db.insert(inventoryLots).values({ ...values, siteId }).onConflictDoNothing().returning();
      return row ?? null;
    },

    /** Receipts and consumptions at the site. */
    async insertMovements(values: MovementValues[]): Promise<{ id: string; lotId: string; kolicina: number }[]> {
      if (values.length === 0) return [];
      return db.insert(inventoryMovements).values(values.map((value) => ({ ...value, siteId })))
        .returning({ id: inventoryMovements.id, lotId: inventoryMovements.lotId, kolicina: inventoryMovements.kolicina });
    },
  };
  return repository;
}

export async function stockOfLot(db: Db, lotId: string): Promise<number> {
  const [row] = await db.select({ kolicina: sql<number>`coalesce(sum(${inventoryMovements.kolicina}), 0)::int` })
    .from(inventoryMovements).where(eq(inventoryMovements.lotId, lotId));
  return row?.kolicina ?? 0;
}

export type MovementValues = Omit<typeof inventoryMovements.$inferInsert, 'id' | 'createdAt' | 'siteId'>;

/** GET /inventar/kretanja/list: the site's movements (receipts, consumptions), newest first by default. */
export function listMovements(db: Db, list: ListRequest<{ vrsta?: 'ulaz' | 'izlaz' | undefined }>) {
  return runList(db, list, {
    site: inventoryMovements.siteId,
    where: list.extra.vrsta === undefined ? undefined : eq(inventoryMovements.vrsta, list.extra.vrsta),
    query: () => db.select({
      _id: inventoryMovements.id,
      vrsta: sql<'ulaz' | 'izlaz'>`${inventoryMovements.vrsta}`,
      kolicina: inventoryMovements.kolicina,
      LN: inventoryProducts.ln,
      opis: inventoryProducts.opis,
      lot: inventoryLots.lot,
      rok_trajanja: inventoryLots.rokTrajanja,
      sekcija: labSections.naziv,
      napomena: inventoryMovements.napomena,
      korisnik: sql<string>`trim(coalesce(${users.ime}, '') || ' ' || coalesce(${users.prezime}, ''))`,
      created_at: inventoryMovements.createdAt,
    }).from(inventoryMovements)
      .innerJoin(inventoryLots, eq(inventoryLots.id, inventoryMovements.lotId))
      .innerJoin(inventoryProducts, eq(inventoryProducts.id, inventoryMovements.productId))
      .innerJoin(users, eq(users.id, inventoryMovements.userId))
      .leftJoin(labSections, eq(labSections.id, inventoryMovements.sekcijaId))
      .$dynamic(),
    sortable: {
      created_at: inventoryMovements.createdAt, LN: inventoryProducts.ln, opis: inventoryProducts.opis, lot: inventoryLots.lot,
      rok_trajanja: inventoryLots.rokTrajanja, kolicina: inventoryMovements.kolicina, vrsta: inventoryMovements.vrsta,
    },
    defaultSort: [{ field: 'created_at', direction: 'desc' }],
    primaryKey: inventoryMovements.id,
    filter: [{ expression: inventoryProducts.ln, match: 'contains' }, { expression: inventoryProducts.opis, match: 'contains' },
      { expression: inventoryLots.lot, match: 'contains' }],
    date: inventoryMovements.createdAt,
  });
}
