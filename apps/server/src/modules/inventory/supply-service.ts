import type {
  CalendarDate, Contract, InventoryAlert, OpenOrder, Order, OrderLinesRequest, OrderStatus, OrderSuggestion, ProductContract,
  Supplier, contractInputSchema, orderInputSchema, orderLinesInput,
} from '@lis/domain';
import {
  canCancelOrder, canEditOrder, canSendOrder, fromMinorUnits, isContractValid, orderNumberText, remainingQuantity, suggestedOrderQuantity,
  toMinorUnits,
} from '@lis/domain';
import type { z } from 'zod';
import { writeAudit } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import type { ListRequest } from '../../db/list-query.ts';
import type { RequestContext } from '../../lib/context.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import { siteToday } from '../sites/service.ts';
import { stock } from './service.ts';
import * as repository from './supply-repository.ts';
import type { ContractRow, OrderLineValues, OrderRow } from './supply-repository.ts';

// Supplier contracts (lab-wide), purchase orders (the site's) and the inventory alerts. What remains of a
// contract line or an order line is what it holds minus the receipts booked against it in the ledger; every
// change writes its audit row in the same transaction.

const priceText = (value: number): string => value.toFixed(2);

/** GET /inventar/dobavljaci: the partners a contract or an order can name. */
export async function supplierList(db: Db): Promise<Supplier[]> {
  return (await repository.suppliers(db)).map((row) => ({ _id: row.id, naziv: row.naziv }));
}

async function requireSupplier(db: Db, id: string, field: string): Promise<Supplier> {
  const found = await repository.supplier(db, id);
  if (!found) throw AppError.badRequest('inventory.notSupplier', field);
  return { _id: found.id, naziv: found.naziv };
}

/** Each product once, and every one registered. */
async function requireProducts(db: Db, productIds: readonly string[], field: string): Promise<void> {
  if (new Set(productIds).size !== productIds.length) throw AppError.badRequest('inventory.duplicateLine', field);
  const existing = await repository.existingProductIds(db, productIds);
  if (productIds.some((id) => !existing.has(id))) throw AppError.badRequest('form.invalid', field);
}

async function contractAnswer(db: Db, row: ContractRow & { dobavljac: string }, today: CalendarDate): Promise<Contract> {
  const lines = await repository.contractLines(db, row.id);
  return {
    _id: row.id, broj: row.broj, dobavljac: { _id: row.partnerId, naziv: row.dobavljac }, vazi_od: row.vaziOd, vazi_do: row.vaziDo,
    napomena: row.napomena, vazeci: isContractValid(row.vaziOd, row.vaziDo, today), created_at: row.createdAt.toISOString(),
    stavke: lines.map((line) => ({
      _id: line.id, produkt: line.productId, LN: line.ln, opis: line.opis, cijena: line.cijena, kolicina: line.kolicina,
      primljeno: line.primljeno, preostalo: remainingQuantity(line.kolicina, line.primljeno),
    })),
  };
}

/** Registers a contract with a supplier and its lines (each product once). A number the supplier has already is refused. Audited. */
export async function createContract(db: Db, ctx: RequestContext, input: z.output<typeof contractInputSchema>): Promise<Contract> {
  await requireSupplier(db, input.dobavljac, 'ugovor.dobavljac');
  await requireProducts(db, input.stavke.map((line) => line.produkt), 'ugovor.stavke');
  const today = await siteToday(db, ctx.siteId);
  try {
    return await db.transaction(async (tx) => {
      const row = await repository.insertContract(tx, {
        partnerId: input.dobavljac, broj: input.broj, vaziOd: input.vazi_od, vaziDo: input.vazi_do, napomena: input.napomena,
      }, input.stavke.map((line) => ({ productId: line.produkt, cijena: priceText(line.cijena), kolicina: line.kolicina })));
      const stored = await repository.contract(tx, row.id);
      if (!stored) throw new Error('contract not read back');
      const answer = await contractAnswer(tx, stored, today);
      await writeAudit(tx, ctx, { action: 'inventory.contract.create', entity: 'inventory_contract', entityId: row.id, newValue: answer });
      return answer;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'inventory_contracts_broj_key')) throw AppError.conflict('inventory.contractTaken', 'ugovor.broj');
    throw error;
  }
}

export async function showContract(db: Db, ctx: RequestContext, id: string): Promise<Contract> {
  const row = await repository.contract(db, id);
  if (!row) throw AppError.notFound();
  return contractAnswer(db, row, await siteToday(db, ctx.siteId));
}

export function listContracts(db: Db, list: ListRequest<unknown>) {
  return repository.listContracts(db, list);
}

/** The contracts valid today that still have some of each product to deliver, cheapest first. */
async function deliverableContracts(db: Db, productIds: readonly string[], today: CalendarDate): Promise<Map<string, ProductContract[]>> {
  const byProduct = new Map<string, ProductContract[]>();
  for (const line of await repository.contractLinesOfProducts(db, productIds)) {
    const preostalo = remainingQuantity(line.kolicina, line.primljeno);
    if (preostalo === 0 || !isContractValid(line.vaziOd, line.vaziDo, today)) continue;
    byProduct.set(line.productId, [...(byProduct.get(line.productId) ?? []), {
      _id: line.contractId, broj: line.broj, dobavljac: { _id: line.partnerId, naziv: line.dobavljac }, stavka: line.lineId,
      cijena: line.cijena, preostalo, vazi_do: line.vaziDo,
    }]);
  }
  return byProduct;
}

/** GET /inventar/ugovori/za-produkt: what goods in offers as the contract of a receipt. */
export async function contractsForProduct(db: Db, ctx: RequestContext, productId: string): Promise<ProductContract[]> {
  return (await deliverableContracts(db, [productId], await siteToday(db, ctx.siteId))).get(productId) ?? [];
}

// ----- purchase orders -----

async function orderAnswer(db: Db, row: OrderRow): Promise<Order> {
  const details = await repository.orderDetails(db, row);
  const priced = details.lines.filter((line) => line.cijena !== null);
  const total = priced.reduce((sum, line) => sum + (toMinorUnits(line.cijena ?? '0') ?? 0) * line.kolicina, 0);
  return {
    _id: row.id, broj: orderNumberText(row.broj), status: row.status as OrderStatus,
    dobavljac: { _id: row.partnerId, naziv: details.dobavljac },
    ugovor: row.contractId !== null && details.ugovor !== null ? { _id: row.contractId, broj: details.ugovor } : null,
    napomena: row.napomena, kreirao: details.kreirao,
    stavke: details.lines.map((line) => ({
      _id: line.id, produkt: line.productId, LN: line.ln, opis: line.opis, jedinica_mjere: line.jedinicaMjere, kolicina: line.kolicina,
      cijena: line.cijena, ugovorena: line.contractLineId !== null, primljeno: line.primljeno, preostalo: remainingQuantity(line.kolicina, line.primljeno),
    })),
    ukupno: priced.length === 0 ? null : fromMinorUnits(total),
    created_at: row.createdAt.toISOString(), sent_at: row.sentAt?.toISOString() ?? null,
  };
}

/**
 * An order's lines as stored: each product once and registered; a product on
 * the order's contract takes the contract's price (and counts against it when
 * received), any other the price entered (or none).
 */
async function orderLineValues(
  db: Db, lines: z.output<typeof orderLinesInput>, contractId: string | null, field: string,
): Promise<OrderLineValues[]> {
  await requireProducts(db, lines.map((line) => line.produkt), field);
  const onContract = new Map<string, { id: string; cijena: string }>();
  if (contractId !== null) {
    for (const line of await repository.contractLines(db, contractId)) onContract.set(line.productId, { id: line.id, cijena: line.cijena });
  }
  return lines.map((line) => {
    const contracted = onContract.get(line.produkt);
    return {
      productId: line.produkt, kolicina: line.kolicina,
      cijena: contracted ? contracted.cijena : line.cijena === null ? null : priceText(line.cijena), contractLineId: contracted?.id ?? null,
    };
  });
}

/** A draft order to a supplier, under one of its contracts valid today or none. Audited. */
export async function createOrder(db: Db, ctx: RequestContext, input: z.output<typeof orderInputSchema>): Promise<Order> {
  await requireSupplier(db, input.dobavljac, 'narudzba.dobavljac');
  if (input.ugovor !== null) {
    const contract = await repository.contract(db, input.ugovor);
    if (!contract) throw AppError.badRequest('form.invalid', 'narudzba.ugovor');
    if (contract.partnerId !== input.dobavljac) throw AppError.badRequest('inventory.contractOfOtherSupplier', 'narudzba.ugovor');
    if (!isContractValid(contract.vaziOd, contract.vaziDo, await siteToday(db, ctx.siteId))) {
      throw new AppError(400, 'inventory.contractNotValid', 'narudzba.ugovor', { broj: contract.broj });
    }
  }
  const lines = await orderLineValues(db, input.stavke, input.ugovor, 'narudzba.stavke');
  return db.transaction(async (tx) => {
    const row = await repository.supplyRepository(tx, ctx.siteId).insertOrder({
      partnerId: input.dobavljac, contractId: input.ugovor, napomena: input.napomena, createdBy: ctx.userId,
    }, lines);
    const answer = await orderAnswer(tx, row);
    await writeAudit(tx, ctx, { action: 'inventory.order.create', entity: 'inventory_order', entityId: row.id, newValue: answer });
    return answer;
  });
}

/** Replaces the lines (and note) of a draft; a sent order is refused. Audited with the lines before and after. */
export async function editOrderLines(db: Db, ctx: RequestContext, id: string, body: OrderLinesRequest & { stavke: z.output<typeof orderLinesInput>; napomena: string }): Promise<Order> {
  return db.transaction(async (tx) => {
    const row = await repository.supplyRepository(tx, ctx.siteId).order(id, { forUpdate: true });
    if (!row) throw AppError.notFound();
    if (!canEditOrder(row.status as OrderStatus)) throw AppError.conflict('inventory.orderNotEditable');
    const before = await orderAnswer(tx, row);
    await repository.replaceOrderLines(tx, row.id, await orderLineValues(tx, body.stavke, row.contractId, 'stavke'), body.napomena);
    const after = await repository.supplyRepository(tx, ctx.siteId).order(id);
    if (!after) throw AppError.notFound();
    const answer = await orderAnswer(tx, after);
    await writeAudit(tx, ctx, {
      action: 'inventory.order.lines', entity: 'inventory_order', entityId: row.id, field: 'stavke',
      oldValue: { stavke: before.stavke, napomena: before.napomena }, newValue: { stavke: answer.stavke, napomena: answer.napomena },
    });
    return answer;
  });
}

const ORDER_STEPS = {
  posalji: { allowed: canSendOrder, status: 'poslana', action: 'inventory.order.send' },
  otkazi: { allowed: canCancelOrder, status: 'otkazana', action: 'inventory.order.cancel' },
} as const;
export type OrderStep = keyof typeof ORDER_STEPS;

/** Sends a draft to the supplier, or cancels a draft or a sent order nothing was received for. Audited. */
export async function orderStep(db: Db, ctx: RequestContext, id: string, step: OrderStep): Promise<Order> {
  const rule = ORDER_STEPS[step];
  return db.transaction(async (tx) => {
    const row = await repository.supplyRepository(tx, ctx.siteId).order(id, { forUpdate: true });
    if (!row) throw AppError.notFound();
    if (!rule.allowed(row.status as OrderStatus)) throw new AppError(409, 'inventory.orderStepRefused', 'status', { status: row.status });
    await repository.setOrderStatus(tx, row.id, rule.status, rule.status === 'poslana' ? new Date() : undefined);
    await writeAudit(tx, ctx, { action: rule.action, entity: 'inventory_order', entityId: row.id, field: 'status', oldValue: row.status, newValue: rule.status });
    const after = await repository.supplyRepository(tx, ctx.siteId).order(id);
    if (!after) throw AppError.notFound();
    return orderAnswer(tx, after);
  });
}

export async function showOrder(db: Db, ctx: RequestContext, id: string): Promise<Order> {
  const row = await repository.supplyRepository(db, ctx.siteId).order(id);
  if (!row) throw AppError.notFound();
  return orderAnswer(db, row);
}

export function listOrders(db: Db, list: ListRequest<{ status?: string | undefined }>) {
  return repository.listOrders(db, list);
}

/** GET /inventar/narudzbe/otvorene: the site's sent orders still awaiting some of the product. */
export async function openOrdersForProduct(db: Db, ctx: RequestContext, productId: string): Promise<OpenOrder[]> {
  return (await repository.supplyRepository(db, ctx.siteId).openOrderLines(productId))
    .map((line) => ({ _id: line.orderId, broj: orderNumberText(line.broj), dobavljac: line.dobavljac, preostalo: remainingQuantity(line.kolicina, line.primljeno) }))
    .filter((line) => line.preostalo > 0);
}

/**
 * Low-stock suggestions: each product under its level at the site, the
 * packages that bring it back above the level counting what sent orders still
 * bring, and the cheapest contract valid today with some of it left.
 */
export async function orderSuggestions(db: Db, ctx: RequestContext): Promise<OrderSuggestion[]> {
  const [current, open, today] = await Promise.all([stock(db, ctx), repository.supplyRepository(db, ctx.siteId).openOrderLines(), siteToday(db, ctx.siteId)]);
  const onTheWay = new Map<string, number>();
  for (const line of open) onTheWay.set(line.productId, (onTheWay.get(line.productId) ?? 0) + remainingQuantity(line.kolicina, line.primljeno));
  const low = current.produkti.filter((product) => product.nisko);
  const contracts = await deliverableContracts(db, low.map((product) => product._id), today);
  return low.flatMap((product) => {
    const naruceno = onTheWay.get(product._id) ?? 0;
    const kolicina = suggestedOrderQuantity(product.ukupno, product.nivo, naruceno);
    if (kolicina === 0) return [];
    return [{
      produkt: product._id, LN: product.LN, opis: product.opis, jedinica_mjere: product.jedinica_mjere, ukupno: product.ukupno, nivo: product.nivo,
      naruceno, kolicina, ugovor: contracts.get(product._id)?.[0] ?? null,
    }];
  });
}

/** The site's inventory alerts for the bell and the screens: products under their level, lots with stock expiring or expired. */
export async function alerts(db: Db, ctx: RequestContext): Promise<InventoryAlert[]> {
  const current = await stock(db, ctx);
  return current.produkti.flatMap((product) => {
    const base = { produkt: product._id, LN: product.LN, opis: product.opis, ukupno: product.ukupno, nivo: product.nivo };
    const low: InventoryAlert[] = product.nisko
      ? [{ ...base, id: `nisko:${product._id}`, vrsta: 'nisko', lot: null, rok_trajanja: null, dana: null }] : [];
    const expiring: InventoryAlert[] = product.lotovi.filter((lot) => lot.rok !== 'ok').map((lot) => ({
      ...base, id: `rok:${lot._id}`, vrsta: lot.rok === 'expired' ? 'istekao' : 'rok', lot: lot.lot, rok_trajanja: lot.rok_trajanja, dana: lot.dana,
    }));
    return [...low, ...expiring];
  });
}

