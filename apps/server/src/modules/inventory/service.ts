import type {
  CalendarDate, Lot, Product, ProductValues as ProductInput, ReferenceEntry, ReferenceKind, StockAnswer, StockProduct, consumptionRequest,
  receiptRequest,
} from '@lis/domain';
import { daysToExpiry, expiryState, isExpired, isLowStock, planConsumption, toIsoDate } from '@lis/domain';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../db/audit.ts';
import type { ListRequest } from '../../db/list-query.ts';
import type { RequestContext } from '../../lib/context.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import { siteToday } from '../sites/service.ts';
import { bookReceipt, type ReceiptBooking, settleOrder } from './receipt-booking.ts';
import * as repository from './repository.ts';
import type { ProductRow, ReferenceRow } from './repository.ts';

// Products and reference lists are the lab's; lots, movements and stock are the calling site's. Stock is
// always the sum of a lot's movements, and every change writes its audit row in the same transaction.

const referenceEntry = (row: ReferenceRow): ReferenceEntry => ({ naziv: row.naziv, _id: row.id });

function productAnswer(row: ProductRow): Product {
  return {
    _id: row.id,
    LN: row.ln,
    opis: row.opis,
    zasticeni_naziv: row.zasticeniNaziv,
    zemlja_porijekla: row.zemljaPorijekla,
    jedinica_mjere: row.jedinicaMjere,
    pakovanje: row.pakovanje,
    sadrzaj: row.sadrzaj,
    upozorenje: row.upozorenje,
    nivo: row.nivo,
    danadoroka: row.danadoroka,
    klasa: row.klasaId,
    program: row.programId,
    platforma: row.platformaId,
    proizvodjac: row.proizvodjacId,
    oj: row.ojId,
    created_at: row.createdAt.toISOString(),
  };
}

export async function referenceList(db: Db, vrsta: ReferenceKind): Promise<ReferenceEntry[]> {
  return (await repository.referenceEntries(db, vrsta)).map(referenceEntry);
}

/** OJ: the organisational units a product may belong to, the caller's sites. */
export async function organisationalUnits(db: Db, ctx: RequestContext): Promise<ReferenceEntry[]> {
  return (await repository.sitesByIds(db, ctx.siteIds)).map((site) => ({ naziv: site.naziv, _id: site.id }));
}

/** Adds an entry to a reference list (without `_id`) or renames one; a name the list has already is refused. Audited. */
export async function editReferenceEntry(
  db: Db, ctx: RequestContext, vrsta: ReferenceKind, element: { _id?: string | undefined; naziv: string },
): Promise<ReferenceEntry> {
  try {
    return await db.transaction(async (tx) => {
      if (element._id === undefined) {
        const created = await repository.insertReferenceEntry(tx, vrsta, element.naziv);
        await writeAudit(tx, ctx, { action: 'inventory.reference.create', entity: `inventory_${vrsta}`, entityId: created.id, newValue: { naziv: created.naziv } });
        return referenceEntry(created);
      }
      const before = await repository.findReferenceEntry(tx, vrsta, element._id, { forUpdate: true });
      if (!before) throw AppError.notFound();
      const renamed = await repository.renameReferenceEntry(tx, before.id, element.naziv);
      if (!renamed) throw AppError.notFound();
      await writeAudit(tx, ctx, {
        action: 'inventory.reference.update', entity: `inventory_${vrsta}`, entityId: before.id, field: 'naziv', oldValue: before.naziv, newValue: renamed.naziv,
      });
      return referenceEntry(renamed);
    });
  } catch (error) {
    if (isUniqueViolation(error, 'inventory_reference_entries_name_key')) throw AppError.conflict('inventory.entryTaken', 'element.naziv');
    throw error;
  }
}

export async function readProduct(db: Db, ln: string): Promise<Product | null> {
  const row = await repository.productByLn(db, ln);
  return row ? productAnswer(row) : null;
}

export type CreateOutcome = { kind: 'created'; produkt: Product } | { kind: 'duplicate'; produkt: Product | null };

/**
 * Registers a product. Each reference id must be an entry of its list and
 * the OJ one of the caller's sites (the site worked on when left out). The
 * LN's unique index decides a duplicate, also between two saves that race:
 * the loser answers with the product registered under the LN. Audited.
 */
export async function createProduct(db: Db, ctx: RequestContext, input: ProductInput): Promise<CreateOutcome> {
  const oj = input.oj ?? ctx.siteId;
  if (!ctx.siteIds.includes(oj)) throw AppError.badRequest('inventory.siteForbidden', 'produkt.oj');
  for (const vrsta of ['klasa', 'program', 'platforma', 'proizvodjac'] as const) {
    const id = input[vrsta];
    if (id !== null && !(await repository.existingReferenceIds(db, vrsta, [id])).has(id)) throw AppError.badRequest('form.invalid', `produkt.${vrsta}`);
  }
  const existing = await repository.productByLn(db, input.LN);
  if (existing) return { kind: 'duplicate', produkt: productAnswer(existing) };
  try {
    const created = await db.transaction(async (tx) => {
      const row = await repository.insertProduct(tx, {
        ln: input.LN, opis: input.opis, zasticeniNaziv: input.zasticeni_naziv, zemljaPorijekla: input.zemlja_porijekla,
        jedinicaMjere: input.jedinica_mjere, pakovanje: input.pakovanje, sadrzaj: input.sadrzaj, upozorenje: input.upozorenje,
        nivo: input.nivo, danadoroka: input.danadoroka, klasaId: input.klasa, programId: input.program, platformaId: input.platforma,
        proizvodjacId: input.proizvodjac, ojId: oj,
      });
      const produkt = productAnswer(row);
      await writeAudit(tx, ctx, { action: 'inventory.product.create', entity: 'inventory_product', entityId: row.id, newValue: produkt });
      return produkt;
    });
    return { kind: 'created', produkt: created };
  } catch (error) {
    if (!isUniqueViolation(error, 'inventory_products_ln_key')) throw error;
    const winner = await repository.productByLn(db, input.LN);
    return { kind: 'duplicate', produkt: winner ? productAnswer(winner) : null };
  }
}

export function listProducts(db: Db, list: ListRequest<unknown>) {
  return repository.listProducts(db, list);
}

export function listMovements(db: Db, list: ListRequest<{ vrsta?: 'ulaz' | 'izlaz' | undefined }>) {
  return repository.listMovements(db, list);
}

export async function sectionList(db: Db): Promise<{ _id: string; naziv: string }[]> {
  return (await repository.sections(db)).map((section) => ({ _id: section.id, naziv: section.naziv }));
}

function lotAnswer(lot: { id: string; lot: string; rokTrajanja: string; kolicina: number }, today: CalendarDate, danadoroka: number): Lot {
  return {
    _id: lot.id, lot: lot.lot, rok_trajanja: lot.rokTrajanja, kolicina: lot.kolicina,
    rok: expiryState(lot.rokTrajanja, today, danadoroka), dana: daysToExpiry(lot.rokTrajanja, today),
  };
}

export type ReceiveOutcome = { kind: 'received'; lot: Lot } | Extract<ReceiptBooking, { kind: 'exceeded' }>;

/**
 * Goods in: `kolicina` packages of a lot at the caller's site. A lot number
 * received before adds to that lot and must carry the same expiry; an expiry
 * already past is refused. A receipt may name the purchase order it arrives
 * for and the supplier contract it is delivered under: it counts against
 * their lines and is refused beyond what they still have (receipt-booking.ts);
 * the order's status then follows its lines. Audited with the movement.
 */
export async function receive(db: Db, ctx: RequestContext, body: z.output<typeof receiptRequest>): Promise<ReceiveOutcome> {
  const product = await repository.findProduct(db, body.produkt);
  if (!product) throw AppError.notFound();
  const today = await siteToday(db, ctx.siteId);
  if (isExpired(body.rok_trajanja, today)) throw AppError.badRequest('inventory.lotExpired', 'rok_trajanja');
  return db.transaction(async (tx) => {
    const booking = await bookReceipt(tx, ctx, product.id, body, today);
    if (booking.kind === 'exceeded') return booking;
    const lots = repository.inventoryRepository(tx, ctx.siteId);
    const lot = await lots.insertLot({ productId: product.id, lot: body.lot, rokTrajanja: body.rok_trajanja })
      ?? await lots.lotByNumber(product.id, body.lot);
    if (!lot) throw new Error('lot neither stored nor found');
    if (lot.rokTrajanja !== body.rok_trajanja) {
      throw new AppError(409, 'inventory.lotExpiryMismatch', 'rok_trajanja', { lot: lot.lot, rok: lot.rokTrajanja });
    }
    const [movement] = await lots.insertMovements([{
      lotId: lot.id, productId: product.id, vrsta: 'ulaz', kolicina: body.kolicina, napomena: body.napomena, userId: ctx.userId,
      contractLineId: booking.contractLineId, orderLineId: booking.orderLineId,
    }]);
    if (!movement) throw new Error('movement not stored');
    await writeAudit(tx, ctx, {
      action: 'inventory.receipt', entity: 'inventory_lot', entityId: lot.id,
      newValue: {
        produkt: product.id, LN: product.ln, lot: lot.lot, rok_trajanja: lot.rokTrajanja, kolicina: body.kolicina, kretanje: movement.id,
        ugovor_stavka: booking.contractLineId, narudzba_stavka: booking.orderLineId,
      },
    });
    if (booking.orderId !== null) await settleOrder(tx, ctx, booking.orderId);
    return { kind: 'received', lot: lotAnswer({ ...lot, kolicina: await repository.stockOfLot(tx, lot.id) }, today, product.danadoroka) };
  });
}

export type ConsumeOutcome =
  | { kind: 'consumed'; izdano: { _id: string; lot: string; kolicina: number }[] }
  | { kind: 'insufficient'; dostupno: number };

/**
 * Goods out: `kolicina` packages of a product used by a lab section at the
 * caller's site: from the chosen lot, or from the first-expiring usable lots.
 * The product's lots are locked while the stock is summed and the movements
 * written, so two consumptions at once cannot take the same packages and no
 * lot goes below zero. Audited.
 */
export async function consume(db: Db, ctx: RequestContext, body: z.output<typeof consumptionRequest>): Promise<ConsumeOutcome> {
  const product = await repository.findProduct(db, body.produkt);
  if (!product) throw AppError.notFound();
  if (!await repository.sectionExists(db, body.sekcija)) throw AppError.badRequest('form.invalid', 'sekcija');
  const today = await siteToday(db, ctx.siteId);
  return db.transaction(async (tx) => {
    const siteLots = repository.inventoryRepository(tx, ctx.siteId);
    const lots = await siteLots.lockLotsWithStock(product.id);
    const plan = planConsumption(
      lots.map((lot) => ({ lotId: lot.id, lot: lot.lot, rok_trajanja: lot.rokTrajanja, kolicina: lot.kolicina })), body.kolicina, today, body.lot,
    );
    if (plan.kind === 'unknownLot') throw AppError.notFound();
    if (plan.kind === 'expired') throw new AppError(409, 'inventory.lotExpired', 'lot');
    if (plan.kind === 'insufficient') return { kind: 'insufficient', dostupno: plan.available };
    const movements = await siteLots.insertMovements(plan.allocations.map((allocation) => ({
      lotId: allocation.lotId, productId: product.id, vrsta: 'izlaz', kolicina: -allocation.kolicina,
      sekcijaId: body.sekcija, napomena: body.napomena, userId: ctx.userId,
    })));
    await writeAudit(tx, ctx, plan.allocations.map((allocation, index) => ({
      action: 'inventory.consumption', entity: 'inventory_lot', entityId: allocation.lotId,
      newValue: { produkt: product.id, LN: product.ln, lot: allocation.lot, kolicina: allocation.kolicina, sekcija: body.sekcija, kretanje: movements[index]?.id },
    })));
    return { kind: 'consumed', izdano: plan.allocations.map((allocation) => ({ _id: allocation.lotId, lot: allocation.lot, kolicina: allocation.kolicina })) };
  });
}

/**
 * Stock at the caller's site per product and lot, summed from the ledger,
 * with the alerts: a product under its level (nivo), a lot with stock within
 * its product's warning days (danadoroka) of its expiry or past it.
 */
export async function stock(db: Db, ctx: RequestContext, productId?: string): Promise<Omit<StockAnswer, 'success'>> {
  const today = await siteToday(db, ctx.siteId);
  const [products, lots] = await Promise.all([
    repository.inventoryRepository(db, ctx.siteId).productsOfSite(productId), repository.inventoryRepository(db, ctx.siteId).lotsOfSite(productId),
  ]);
  const lotsByProduct = new Map<string, typeof lots>();
  for (const lot of lots) lotsByProduct.set(lot.productId, [...(lotsByProduct.get(lot.productId) ?? []), lot]);
  const produkti: StockProduct[] = products.map((product) => {
    const lotovi = (lotsByProduct.get(product.id) ?? []).filter((lot) => lot.kolicina > 0)
      .map((lot) => lotAnswer(lot, today, product.danadoroka));
    const ukupno = lotovi.reduce((sum, lot) => sum + lot.kolicina, 0);
    return {
      _id: product.id, LN: product.ln, opis: product.opis, jedinica_mjere: product.jedinicaMjere, sadrzaj: product.sadrzaj,
      nivo: product.nivo, danadoroka: product.danadoroka, ukupno, nisko: isLowStock(ukupno, product.nivo), lotovi,
    };
  });
  return {
    danas: toIsoDate(today),
    produkti,
    upozorenja: {
      nisko: produkti.filter((product) => product.nisko).length,
      rok: produkti.reduce((count, product) => count + product.lotovi.filter((lot) => lot.rok !== 'ok').length, 0),
    },
  };
}
