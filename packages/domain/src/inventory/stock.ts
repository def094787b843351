import { type CalendarDate, epochDay, fromIsoDate } from '../calendar-date.ts';

/**
 * Stock rules: stock is the sum of a lot's movements (receipts positive,
 * consumptions negative), never a stored counter; consumption takes the
 * first-expiring usable lot first (FEFO); alerts for stock under the
 * product's level and for lots close to their expiry.
 */

/** One movement of the ledger: + received, − consumed, in whole packages. */
export interface Movement {
  lotId: string;
  kolicina: number;
}

/** Stock per lot: the sum of its movements. Lots without movements are absent. */
export function stockByLot(movements: readonly Movement[]): Map<string, number> {
  const stock = new Map<string, number>();
  for (const movement of movements) stock.set(movement.lotId, (stock.get(movement.lotId) ?? 0) + movement.kolicina);
  return stock;
}

/** A lot as consumption sees it: its number, expiry (YYYY-MM-DD) and stock. */
export interface LotStock {
  lotId: string;
  lot: string;
  rok_trajanja: string;
  kolicina: number;
}

export interface LotAllocation {
  lotId: string;
  lot: string;
  kolicina: number;
}

export type ConsumptionPlan =
  | { kind: 'ok'; allocations: LotAllocation[] }
  /** Not enough usable stock: `available` is what usable lots (or the chosen lot) hold. */
  | { kind: 'insufficient'; available: number }
  /** The chosen lot is past its expiry. */
  | { kind: 'expired' }
  /** The chosen lot is not one of the product's lots at the site. */
  | { kind: 'unknownLot' };

/** A lot may be used up to and including its expiry day. */
export function isExpired(rokTrajanja: string, today: CalendarDate): boolean {
  const expiry = fromIsoDate(rokTrajanja);
  return expiry === null || epochDay(expiry) < epochDay(today);
}

/** First expiring first; equal expiry by lot number, then id, so the choice is always the same. */
export function fefoOrder(lots: readonly LotStock[]): LotStock[] {
  return [...lots].sort((a, b) => a.rok_trajanja.localeCompare(b.rok_trajanja) || a.lot.localeCompare(b.lot) || a.lotId.localeCompare(b.lotId));
}

/**
 * Which lots a consumption of `kolicina` packages takes. With a chosen lot,
 * that lot alone (not expired, holding enough). Without, the usable lots
 * (not expired, with stock) in FEFO order, each emptied before the next is
 * touched. Never plans more than a lot holds, so stock cannot go below zero.
 */
export function planConsumption(lots: readonly LotStock[], kolicina: number, today: CalendarDate, chosenLotId?: string): ConsumptionPlan {
  if (chosenLotId !== undefined) {
    const chosen = lots.find((lot) => lot.lotId === chosenLotId);
    if (!chosen) return { kind: 'unknownLot' };
    if (isExpired(chosen.rok_trajanja, today)) return { kind: 'expired' };
    if (chosen.kolicina < kolicina) return { kind: 'insufficient', available: Math.max(0, chosen.kolicina) };
    return { kind: 'ok', allocations: [{ lotId: chosen.lotId, lot: chosen.lot, kolicina }] };
  }
  const usable = fefoOrder(lots.filter((lot) => lot.kolicina > 0 && !isExpired(lot.rok_trajanja, today)));
  const available = usable.reduce((sum, lot) => sum + lot.kolicina, 0);
  if (available < kolicina) return { kind: 'insufficient', available };
  const allocations: LotAllocation[] = [];
  let remaining = kolicina;
  for (const lot of usable) {
    if (remaining === 0) break;
    const taken = Math.min(lot.kolicina, remaining);
    allocations.push({ lotId: lot.lotId, lot: lot.lot, kolicina: taken });
    remaining -= taken;
  }
  return { kind: 'ok', allocations };
}

/** How a lot with stock stands against its expiry: past it, within the product's warning days, or fine. */
export type ExpiryState = 'expired' | 'expiring' | 'ok';

export function expiryState(rokTrajanja: string, today: CalendarDate, danadoroka: number): ExpiryState {
  const expiry = fromIsoDate(rokTrajanja);
  if (expiry === null) return 'expired';
  const daysLeft = epochDay(expiry) - epochDay(today);
  if (daysLeft < 0) return 'expired';
  return daysLeft <= danadoroka ? 'expiring' : 'ok';
}

/** Days from today to the expiry (negative once past). */
export function daysToExpiry(rokTrajanja: string, today: CalendarDate): number {
  const expiry = fromIsoDate(rokTrajanja);
  return expiry === null ? Number.NEGATIVE_INFINITY : epochDay(expiry) - epochDay(today);
}

/** Low stock: the product's stock at the site is under its level (a level of 0 never alerts). */
export function isLowStock(total: number, nivo: number): boolean {
  return total < nivo;
}
