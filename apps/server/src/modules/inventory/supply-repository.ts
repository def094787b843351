import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { OrderStatus } from '@lis/domain';
import type { Db } from '../../db/client.ts';
import { type ListRequest, runList } from '../../db/list-query.ts';
import { qualified } from '../../db/qualified.ts';
import { users } from '../../db/shared-tables.ts';
import { inventoryContractLines, inventoryContracts, inventoryMovements, inventoryOrderLines, inventoryOrders, inventoryProducts } from './tables.ts';
import { partners } from '../partners/tables.ts';
import { isUuid } from '../../lib/ids.ts';

// The SQL of supplier contracts and purchase orders. Contracts are the lab's (like products and partners);
// orders belong to a site and every statement on them carries `site_id = <the site>`. What was received
// against a contract line or an order line is always summed from the ledger (inventory_movements).

export type ContractRow = typeof inventoryContracts.$inferSelect;
export type OrderRow = typeof inventoryOrders.$inferSelect;

/** Packages received against a contract line: the sum of the receipts that name it. */
const receivedOnContractLine = sql<number>`coalesce((select sum(${qualified(inventoryMovements.kolicina)}) from ${inventoryMovements}
  where ${qualified(inventoryMovements.contractLineId)} = ${qualified(inventoryContractLines.id)}), 0)::int`;
/** Packages received against an order line. */
const receivedOnOrderLine = sql<number>`coalesce((select sum(${qualified(inventoryMovements.kolicina)}) from ${inventoryMovements}
  where ${qualified(inventoryMovements.orderLineId)} = ${qualified(inventoryOrderLines.id)}), 0)::int`;

const isSupplierPartner = sql`${partners.vrste} @> '["dobavljac"]'::jsonb`;

/** Active partners whose roles include 'dobavljac', by name. */
export function suppliers(db: Db): Promise<{ id: string; naziv: string }[]> {
  return db.select({ id: partners.id, naziv: partners.naziv }).from(partners)
    .where(and(isSupplierPartner, eq(partners.aktivan, true))).orderBy(asc(sql`lower(${partners.naziv})`));
}

export async function supplier(db: Db, id: string): Promise<{ id: string; naziv: string } | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select({ id: partners.id, naziv: partners.naziv }).from(partners)
    .where(and(eq(partners.id, id), isSupplierPartner, eq(partners.aktivan, true)));
  return row ?? null;
}

/** The ids among `ids` that are products. */
export async function existingProductIds(db: Db, ids: readonly string[]): Promise<Set<string>> {
  const valid = ids.filter(isUuid);
  if (valid.length === 0) return new Set();
  const rows = await db.select({ id: inventoryProducts.id }).from(inventoryProducts).where(inArray(inventoryProducts.id, valid));
  return new Set(rows.map((row) => row.id));
}

export async function insertContract(
  db: Db, values: typeof inventoryContracts.$inferInsert, lines: { productId: string; cijena: string; kolicina: number }[],
): Promise<ContractRow> {
  const [row] = await db.insert(inventoryContracts).values(values).returning();
  if (!row) throw new Error('contract not stored');
  await db.insert(inventoryContractLines).values(lines.map((line) => ({ ...line, contractId: row.id })));
  return row;
}

export async function contract(db: Db, id: string): Promise<(ContractRow & { dobavljac: string }) | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select({ contract: inventoryContracts, dobavljac: partners.naziv }).from(inventoryContracts)
    .innerJoin(partners, eq(partners.id, inventoryContracts.partnerId)).where(eq(inventoryContracts.id, id));
  return row ? { ...row.contract, dobavljac: row.dobavljac } : null;
}

/** A contract's lines with their products and what has been received against each. */
export function contractLines(db: Db, contractId: string) {
  return db.select({
    id: inventoryContractLines.id, productId: inventoryContractLines.productId, ln: inventoryProducts.ln, opis: inventoryProducts.opis,
    cijena: inventoryContractLines.cijena, kolicina: inventoryContractLines.kolicina, primljeno: receivedOnContractLine,
  }).from(inventoryContractLines)
    .innerJoin(inventoryProducts, eq(inventoryProducts.id, inventoryContractLines.productId))
    .where(eq(inventoryContractLines.contractId, contractId))
    .orderBy(asc(inventoryProducts.ln));
}

/**
 * The product's line on the contract, locked: two receipts against one line
 * wait for each other here, so the second sums what the first booked and the
 * contract can never be received beyond its quantity.
 */
export async function lockContractLine(db: Db, contractId: string, productId: string) {
  const [line] = await db.select({ id: inventoryContractLines.id, kolicina: inventoryContractLines.kolicina, cijena: inventoryContractLines.cijena })
    .from(inventoryContractLines)
    .where(and(eq(inventoryContractLines.contractId, contractId), eq(inventoryContractLines.productId, productId))).for('update');
  if (!line) return null;
  const [received] = await db.select({ kolicina: sql<number>`coalesce(sum(${inventoryMovements.kolicina}), 0)::int` })
    .from(inventoryMovements).where(eq(inventoryMovements.contractLineId, line.id));
  return { ...line, primljeno: received?.kolicina ?? 0 };
}

/** Every contract line of the product (any contract) with its contract's validity, supplier and what was received. */
export function contractLinesOfProducts(db: Db, productIds: readonly string[]) {
  if (productIds.length === 0) return Promise.resolve([]);
  return db.select({
    contractId: inventoryContracts.id, broj: inventoryContracts.broj, vaziOd: inventoryContracts.vaziOd, vaziDo: inventoryContracts.vaziDo,
    partnerId: partners.id, dobavljac: partners.naziv, lineId: inventoryContractLines.id, productId: inventoryContractLines.productId,
    cijena: inventoryContractLines.cijena, kolicina: inventoryContractLines.kolicina, primljeno: receivedOnContractLine,
  }).from(inventoryContractLines)
    .innerJoin(inventoryContracts, eq(inventoryContracts.id, inventoryContractLines.contractId))
    .innerJoin(partners, eq(partners.id, inventoryContracts.partnerId))
    .where(inArray(inventoryContractLines.productId, [...productIds]))
    .orderBy(asc(inventoryContractLines.cijena), asc(inventoryContracts.vaziDo), asc(inventoryContracts.id));
}

/** GET /inventar/ugovori/list: the lab's contracts with their supplier, lines, contracted and received packages. */
export function listContracts(db: Db, list: ListRequest<unknown>) {
  const stavki = sql<number>`(select count(*) from ${inventoryContractLines}
    where ${qualified(inventoryContractLines.contractId)} = ${qualified(inventoryContracts.id)})::int`;
  const ugovoreno = sql<number>`coalesce((select sum(${qualified(inventoryContractLines.kolicina)}) from ${inventoryContractLines}
    where ${qualified(inventoryContractLines.contractId)} = ${qualified(inventoryContracts.id)}), 0)::int`;
  const primljeno = sql<number>`coalesce((select sum(${qualified(inventoryMovements.kolicina)}) from ${inventoryMovements}
    join ${inventoryContractLines} on ${qualified(inventoryContractLines.id)} = ${qualified(inventoryMovements.contractLineId)}
    where ${qualified(inventoryContractLines.contractId)} = ${qualified(inventoryContracts.id)}), 0)::int`;
  return runList(db, list, {
    site: 'lab-wide',
    query: () => db.select({
      _id: inventoryContracts.id, broj: inventoryContracts.broj, dobavljac: partners.naziv, vazi_od: inventoryContracts.vaziOd,
      vazi_do: inventoryContracts.vaziDo, stavki, ugovoreno, primljeno, created_at: inventoryContracts.createdAt,
    }).from(inventoryContracts).innerJoin(partners, eq(partners.id, inventoryContracts.partnerId)).$dynamic(),
    sortable: {
      broj: inventoryContracts.broj, dobavljac: partners.naziv, vazi_od: inventoryContracts.vaziOd, vazi_do: inventoryContracts.vaziDo,
      created_at: inventoryContracts.createdAt,
    },
    defaultSort: [{ field: 'vazi_do', direction: 'desc' }],
    primaryKey: inventoryContracts.id,
    filter: [{ expression: inventoryContracts.broj, match: 'contains' }, { expression: partners.naziv, match: 'contains' }],
    date: inventoryContracts.createdAt,
  });
}

export type OrderLineValues = { productId: string; kolicina: number; cijena: string | null; contractLineId: string | null };

/** Replaces a draft's lines (a draft has no receipts, so no ledger row points at them). */
export async function replaceOrderLines(db: Db, orderId: string, lines: OrderLineValues[], napomena: string): Promise<void> {
  await db.delete(inventoryOrderLines).where(eq(inventoryOrderLines.orderId, orderId));
  await db.insert(inventoryOrderLines).values(lines.map((line) => ({ ...line, orderId })));
  await db.update(inventoryOrders).set({ napomena, updatedAt: new Date() }).where(eq(inventoryOrders.id, orderId));
}

export async function orderDetails(db: Db, row: OrderRow) {
  const [[heading], lines] = await Promise.all([
    db.select({ dobavljac: partners.naziv, ugovor: inventoryContracts.broj, kreirao: sql<string>`trim(coalesce(${users.ime}, '') || ' ' || coalesce(${users.prezime}, ''))` })
      .from(inventoryOrders)
      .innerJoin(partners, eq(partners.id, inventoryOrders.partnerId))
      .innerJoin(users, eq(users.id, inventoryOrders.createdBy))
      .leftJoin(inventoryContracts, eq(inventoryContracts.id, inventoryOrders.contractId))
      .where(eq(inventoryOrders.id, row.id)),
    orderLines(db, row.id),
  ]);
  if (!heading) throw new Error('order heading missing');
  return { ...heading, lines };
}

/** An order's lines with their products and what has been received against each. */
export function orderLines(db: Db, orderId: string) {
  return db.select({
    id: inventoryOrderLines.id, productId: inventoryOrderLines.productId, ln: inventoryProducts.ln, opis: inventoryProducts.opis,
    jedinicaMjere: inventoryProducts.jedinicaMjere, kolicina: inventoryOrderLines.kolicina, cijena: inventoryOrderLines.cijena,
    contractLineId: inventoryOrderLines.contractLineId, primljeno: receivedOnOrderLine,
  }).from(inventoryOrderLines)
    .innerJoin(inventoryProducts, eq(inventoryProducts.id, inventoryOrderLines.productId))
    .where(eq(inventoryOrderLines.orderId, orderId))
    .orderBy(asc(inventoryProducts.ln));
}

export async function setOrderStatus(db: Db, id: string, status: OrderRow['status'], sentAt?: Date): Promise<void> {
  await db.update(inventoryOrders).set({ status, updatedAt: new Date(), ...(sentAt ? { sentAt } : {}) }).where(eq(inventoryOrders.id, id));
}

/** The site's orders: found and created only at the site the repository was made for (by id, an order found here is changed below). */
export function supplyRepository(db: Db, siteId: string) {
  return {
    /** A new order of the site (a draft) with its lines. */
    async insertOrder(values: Omit<typeof inventoryOrders.$inferInsert, 'broj' | 'siteId'>, lines: OrderLineValues[]): Promise<OrderRow> {
      const [row] = await db.insert(inventoryOrders).values({ ...values, siteId }).returning();
      if (!row) throw new Error('order not stored');
      await db.insert(inventoryOrderLines).values(lines.map((line) => ({ ...line, orderId: row.id })));
      return row;
    },

    /** The site's order; `forUpdate` locks it, so status changes and receipts against it happen one at a time. */
    async order(id: string, options: { forUpdate?: boolean } = {}): Promise<OrderRow | null> {
      if (!isUuid(id)) return null;
      const query = db.select().from(inventoryOrders).where(and(eq(inventoryOrders.id, id), eq(inventoryOrders.siteId, siteId)));
      const [row] = options.forUpdate ? await query.for('update') : await query;
      return row ?? null;
    },

    /** The lines of the site's sent (or partly received) orders, for one product or all, with what was received on each. */
    openOrderLines(productId?: string) {
      return db.select({
        orderId: inventoryOrders.id, broj: inventoryOrders.broj, dobavljac: partners.naziv, productId: inventoryOrderLines.productId,
        kolicina: inventoryOrderLines.kolicina, primljeno: receivedOnOrderLine,
      }).from(inventoryOrderLines)
        .innerJoin(inventoryOrders, eq(inventoryOrders.id, inventoryOrderLines.orderId))
        .innerJoin(partners, eq(partners.id, inventoryOrders.partnerId))
        .where(and(
          eq(inventoryOrders.siteId, siteId), inArray(inventoryOrders.status, ['poslana', 'djelimicno']),
          productId === undefined ? undefined : eq(inventoryOrderLines.productId, productId),
        ))
        .orderBy(asc(inventoryOrders.broj));
    },
  };
}

/** GET /inventar/narudzbe/list: the site's orders, newest first by default. */
export function listOrders(db: Db, list: ListRequest<{ status?: string | undefined }>) {
  const stavki = sql<number>`(select count(*) from ${inventoryOrderLines}
    where ${qualified(inventoryOrderLines.orderId)} = ${qualified(inventoryOrders.id)})::int`;
  return runList(db, list, {
    site: inventoryOrders.siteId,
    where: list.extra.status === undefined ? undefined : eq(inventoryOrders.status, list.extra.status),
    query: () => db.select({
      // Printed as orderNumberText (@lis/domain) prints it: NAR- and six digits.
      _id: inventoryOrders.id, broj: sql<string>`'NAR-' || lpad(${inventoryOrders.broj}::text, 6, '0')`, status: sql<OrderStatus>`${inventoryOrders.status}`, dobavljac: partners.naziv,
      ugovor: inventoryContracts.broj, stavki, created_at: inventoryOrders.createdAt,
    }).from(inventoryOrders)
      .innerJoin(partners, eq(partners.id, inventoryOrders.partnerId))
      .leftJoin(inventoryContracts, eq(inventoryContracts.id, inventoryOrders.contractId))
      .$dynamic(),
    sortable: { broj: inventoryOrders.broj, status: sql<OrderStatus>`${inventoryOrders.status}`, dobavljac: partners.naziv, created_at: inventoryOrders.createdAt },
    defaultSort: [{ field: 'created_at', direction: 'desc' }],
    primaryKey: inventoryOrders.id,
    filter: [{ expression: partners.naziv, match: 'contains' }, { expression: sql`${inventoryOrders.broj}::text`, match: 'contains' }],
    date: inventoryOrders.createdAt,
  });
}

/** Adds suppliers by name (the demo seed); a name the registry has already is left as it is. */
export async function insertSuppliersUnlessNamed(db: Db, names: readonly string[]): Promise<void> {
  await db.insert(partners).values(names.map((naziv) => ({ naziv, vrste: ['dobavljac'] }))).onConflictDoNothing();
}
