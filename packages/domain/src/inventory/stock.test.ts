import { describe, expect, it } from 'vitest';
import type { CalendarDate } from '../calendar-date.ts';
import { type LotStock, daysToExpiry, expiryState, fefoOrder, isExpired, isLowStock, planConsumption, stockByLot } from './stock.ts';

const today: CalendarDate = { year: 2026, month: 3, day: 10 };
const lot = (lotId: string, rok: string, kolicina: number, number = lotId): LotStock => ({ lotId, lot: number, rok_trajanja: rok, kolicina });

describe('stock from the ledger', () => {
  it('sums each lot\'s movements', () => {
    const stock = stockByLot([{ lotId: 'a', kolicina: 5 }, { lotId: 'b', kolicina: 2 }, { lotId: 'a', kolicina: -3 }, { lotId: 'a', kolicina: -2 }]);
    expect(Object.fromEntries(stock)).toEqual({ a: 0, b: 2 });
  });
});

describe('consumption (first expiring, first out)', () => {
  const lots = [lot('late', '2026-09-01', 5), lot('early', '2026-04-01', 3), lot('old', '2026-03-09', 10), lot('empty', '2026-03-20', 0)];

  it('takes the first-expiring usable lot, skipping expired and empty lots', () => {
    expect(planConsumption(lots, 2, today)).toEqual({ kind: 'ok', allocations: [{ lotId: 'early', lot: 'early', kolicina: 2 }] });
  });

  it('empties a lot before touching the next', () => {
    expect(planConsumption(lots, 6, today)).toEqual({
      kind: 'ok', allocations: [{ lotId: 'early', lot: 'early', kolicina: 3 }, { lotId: 'late', lot: 'late', kolicina: 3 }],
    });
  });

  it('refuses more than the usable stock, naming it (expired stock does not count)', () => {
    expect(planConsumption(lots, 9, today)).toEqual({ kind: 'insufficient', available: 8 });
  });

  it('uses a lot on its expiry day, not after', () => {
    expect(isExpired('2026-03-10', today)).toBe(false);
    expect(isExpired('2026-03-09', today)).toBe(true);
    expect(planConsumption([lot('x', '2026-03-10', 1)], 1, today).kind).toBe('ok');
  });

  it('takes a chosen lot alone, unless expired, short or unknown', () => {
    expect(planConsumption(lots, 4, today, 'late')).toEqual({ kind: 'ok', allocations: [{ lotId: 'late', lot: 'late', kolicina: 4 }] });
    expect(planConsumption(lots, 1, today, 'old')).toEqual({ kind: 'expired' });
    expect(planConsumption(lots, 4, today, 'early')).toEqual({ kind: 'insufficient', available: 3 });
    expect(planConsumption(lots, 1, today, 'nowhere')).toEqual({ kind: 'unknownLot' });
  });

  it('orders equal expiries by lot number, then id', () => {
    const ordered = fefoOrder([lot('2', '2026-05-01', 1, 'B'), lot('1', '2026-05-01', 1, 'B'), lot('3', '2026-05-01', 1, 'A'), lot('4', '2026-04-01', 1, 'Z')]);
    expect(ordered.map((entry) => entry.lotId)).toEqual(['4', '3', '1', '2']);
  });

  it('never plans more than any lot holds (a plan for every quantity up to the stock)', () => {
    const stock = [lot('a', '2026-04-01', 2), lot('b', '2026-04-02', 3), lot('c', '2026-05-01', 4)];
    for (let quantity = 1; quantity <= 10; quantity += 1) {
      const plan = planConsumption(stock, quantity, today);
      if (quantity > 9) {
        expect(plan).toEqual({ kind: 'insufficient', available: 9 });
        continue;
      }
      if (plan.kind !== 'ok') throw new Error(`no plan for ${quantity}`);
      expect(plan.allocations.reduce((sum, entry) => sum + entry.kolicina, 0)).toBe(quantity);
      for (const allocation of plan.allocations) {
        expect(allocation.kolicina).toBeLessThanOrEqual(stock.find((entry) => entry.lotId === allocation.lotId)!.kolicina);
      }
    }
  });
});

describe('alerts', () => {
  it('judges expiry against the product\'s warning days', () => {
    expect(expiryState('2026-03-09', today, 30)).toBe('expired');
    expect(expiryState('2026-03-10', today, 30)).toBe('expiring');
    expect(expiryState('2026-04-09', today, 30)).toBe('expiring');
    expect(expiryState('2026-04-10', today, 30)).toBe('ok');
    expect(expiryState('2026-03-10', today, 0)).toBe('expiring');
    expect(daysToExpiry('2026-04-09', today)).toBe(30);
  });

  it('reports low stock under nivo, never with nivo 0', () => {
    expect(isLowStock(4, 5)).toBe(true);
    expect(isLowStock(5, 5)).toBe(false);
    expect(isLowStock(0, 0)).toBe(false);
  });
});
