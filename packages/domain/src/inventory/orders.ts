import { type CalendarDate, epochDay, fromIsoDate } from '../calendar-date.ts';

/**
 * Supplier contracts and purchase orders. What remains of a contract line and
 * what an order still awaits are always the ordered quantity minus the
 * receipts booked against it (ledger rows), never a stored counter.
 */

/** A contract is valid from its first to its last day, both included. */
export function isContractValid(vaziOd: string, vaziDo: string, today: CalendarDate): boolean {
  const from = fromIsoDate(vaziOd);
  const to = fromIsoDate(vaziDo);
  if (from === null || to === null) return false;
  const day = epochDay(today);
  return epochDay(from) <= day && day <= epochDay(to);
}

/** Packages still to be received under a contract line (or an order line): never below zero. */
export function remainingQuantity(ordered: number, received: number): number {
  return Math.max(0, ordered - received);
}

/**
 * The states of a purchase order. nacrt (draft: lines editable) → poslana (sent
 * to the supplier) → djelimicno (part received) → primljena (all received);
 * otkazana (cancelled) only from nacrt or poslana, nothing received yet.
 */
export const ORDER_STATUSES = ['nacrt', 'poslana', 'djelimicno', 'primljena', 'otkazana'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const canEditOrder = (status: OrderStatus): boolean => status === 'nacrt';
export const canSendOrder = (status: OrderStatus): boolean => status === 'nacrt';
export const canCancelOrder = (status: OrderStatus): boolean => status === 'nacrt' || status === 'poslana';
/** Goods are received against an order once it was sent, until every line is in. */
export const canReceiveOrder = (status: OrderStatus): boolean => status === 'poslana' || status === 'djelimicno';

/** The status an order sent to the supplier takes from its lines' receipts: all in, some in, or none yet. */
export function receivedStatus(lines: readonly { kolicina: number; primljeno: number }[]): 'poslana' | 'djelimicno' | 'primljena' {
  if (lines.length > 0 && lines.every((line) => line.primljeno >= line.kolicina)) return 'primljena';
  return lines.some((line) => line.primljeno > 0) ? 'djelimicno' : 'poslana';
}

/**
 * The packages a low-stock suggestion proposes: enough that the stock, with
 * what open orders still bring, is back above the level (nivo). 0 when the
 * product is not under its level or open orders already cover it.
 */
export function suggestedOrderQuantity(ukupno: number, nivo: number, naOdlasku: number): number {
  if (ukupno >= nivo) return 0;
  return Math.max(0, nivo - ukupno - naOdlasku + 1);
}

/** An order's number as printed: NAR-000042. */
export function orderNumberText(broj: number): string {
  return `NAR-${String(broj).padStart(6, '0')}`;
}
