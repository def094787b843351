import type { CalendarDate, OrderStatus } from '@lis/domain';
import { canReceiveOrder, isContractValid, orderNumberText, receivedStatus, remainingQuantity } from '@lis/domain';
import { writeAudit } from '../../db/audit.ts';
import type { Tx } from '../../db/client.ts';
import type { RequestContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import * as repository from './supply-repository.ts';

/**
 * What a receipt counts against: the line of the purchase order it arrives
 * for and the line of the supplier contract it is delivered under (named, or
 * the order line's). Each line is locked before its receipts are summed, so
 * two receipts at once cannot both take its last packages: receiving beyond
 * what an order or a contract still has is refused.
 */
export type ReceiptBooking =
  | { kind: 'booked'; contractLineId: string | null; orderLineId: string | null; orderId: string | null }
  | { kind: 'exceeded'; code: 'inventory.orderExceeded' | 'inventory.contractExceeded'; broj: string; preostalo: number };

export async function bookReceipt(
  tx: Tx, ctx: RequestContext, productId: string, body: { kolicina: number; ugovor?: string | undefined; narudzba?: string | undefined },
  today: CalendarDate,
): Promise<ReceiptBooking> {
  let orderLineId: string | null = null;
  let contractId = body.ugovor ?? null;
  if (body.narudzba !== undefined) {
    const order = await repository.supplyRepository(tx, ctx.siteId).order(body.narudzba, { forUpdate: true });
    if (!order) throw AppError.notFound();
    if (!canReceiveOrder(order.status as OrderStatus)) throw AppError.conflict('inventory.orderNotReceivable', 'narudzba');
    const broj = orderNumberText(order.broj);
    const line = (await repository.orderLines(tx, order.id)).find((entry) => entry.productId === productId);
    if (!line) throw new AppError(400, 'inventory.notOnOrder', 'produkt', { broj });
    const preostalo = remainingQuantity(line.kolicina, line.primljeno);
    if (body.kolicina > preostalo) return { kind: 'exceeded', code: 'inventory.orderExceeded', broj, preostalo };
    orderLineId = line.id;
    if (line.contractLineId !== null) {
      if (contractId !== null && contractId !== order.contractId) throw AppError.badRequest('form.invalid', 'ugovor');
      contractId = order.contractId;
    }
  }
  let contractLineId: string | null = null;
  if (contractId !== null) {
    const contract = await repository.contract(tx, contractId);
    if (!contract) throw AppError.notFound();
    if (!isContractValid(contract.vaziOd, contract.vaziDo, today)) throw new AppError(409, 'inventory.contractNotValid', 'ugovor', { broj: contract.broj });
    const line = await repository.lockContractLine(tx, contract.id, productId);
    if (!line) throw new AppError(400, 'inventory.notOnContract', 'ugovor', { broj: contract.broj });
    const preostalo = remainingQuantity(line.kolicina, line.primljeno);
    if (body.kolicina > preostalo) return { kind: 'exceeded', code: 'inventory.contractExceeded', broj: contract.broj, preostalo };
    contractLineId = line.id;
  }
  return { kind: 'booked', contractLineId, orderLineId, orderId: orderLineId === null ? null : body.narudzba ?? null };
}

/** After a receipt against an order: its status follows its lines (partly received, received). Audited when it changes. */
export async function settleOrder(tx: Tx, ctx: RequestContext, orderId: string): Promise<void> {
  const order = await repository.supplyRepository(tx, ctx.siteId).order(orderId);
  if (!order) return;
  const status = receivedStatus(await repository.orderLines(tx, orderId));
  if (status === order.status) return;
  await repository.setOrderStatus(tx, order.id, status);
  await writeAudit(tx, ctx, { action: 'inventory.order.received', entity: 'inventory_order', entityId: order.id, field: 'status', oldValue: order.status, newValue: status });
}
