import { describe, expect, it } from 'vitest';
import { fromIsoDate } from '../calendar-date.ts';
import {
  canCancelOrder, canEditOrder, canReceiveOrder, canSendOrder, isContractValid, orderNumberText, receivedStatus, remainingQuantity,
  suggestedOrderQuantity,
} from './orders.ts';

const day = (text: string) => {
  const date = fromIsoDate(text);
  if (!date) throw new Error(text);
  return date;
};

describe('contracts', () => {
  it('is valid from its first to its last day, both included', () => {
    expect(isContractValid('2026-01-01', '2026-12-31', day('2026-01-01'))).toBe(true);
    expect(isContractValid('2026-01-01', '2026-12-31', day('2026-12-31'))).toBe(true);
    expect(isContractValid('2026-01-01', '2026-12-31', day('2025-12-31'))).toBe(false);
    expect(isContractValid('2026-01-01', '2026-12-31', day('2027-01-01'))).toBe(false);
    expect(isContractValid('bad', '2026-12-31', day('2026-06-01'))).toBe(false);
  });

  it('remaining is ordered minus received, never below zero', () => {
    expect(remainingQuantity(10, 4)).toBe(6);
    expect(remainingQuantity(10, 10)).toBe(0);
    expect(remainingQuantity(10, 12)).toBe(0);
  });
});

describe('purchase orders', () => {
  it('allows each step only from its states', () => {
    expect([canEditOrder('nacrt'), canEditOrder('poslana')]).toEqual([true, false]);
    expect([canSendOrder('nacrt'), canSendOrder('poslana'), canSendOrder('otkazana')]).toEqual([true, false, false]);
    expect(['nacrt', 'poslana', 'djelimicno', 'primljena', 'otkazana'].map((status) => canCancelOrder(status as never)))
      .toEqual([true, true, false, false, false]);
    expect(['nacrt', 'poslana', 'djelimicno', 'primljena', 'otkazana'].map((status) => canReceiveOrder(status as never)))
      .toEqual([false, true, true, false, false]);
  });

  it('takes its received status from the lines\' receipts', () => {
    expect(receivedStatus([{ kolicina: 5, primljeno: 0 }, { kolicina: 2, primljeno: 0 }])).toBe('poslana');
    expect(receivedStatus([{ kolicina: 5, primljeno: 2 }, { kolicina: 2, primljeno: 0 }])).toBe('djelimicno');
    expect(receivedStatus([{ kolicina: 5, primljeno: 5 }, { kolicina: 2, primljeno: 1 }])).toBe('djelimicno');
    expect(receivedStatus([{ kolicina: 5, primljeno: 5 }, { kolicina: 2, primljeno: 2 }])).toBe('primljena');
    expect(receivedStatus([])).toBe('poslana');
  });

  it('suggests enough to bring the stock back above its level, less what open orders bring', () => {
    expect(suggestedOrderQuantity(5, 10, 0)).toBe(6);
    expect(suggestedOrderQuantity(0, 10, 4)).toBe(7);
    expect(suggestedOrderQuantity(5, 10, 6)).toBe(0);
    expect(suggestedOrderQuantity(10, 10, 0)).toBe(0);
    expect(suggestedOrderQuantity(0, 0, 0)).toBe(0);
  });

  it('prints its number as NAR- and six digits', () => {
    expect(orderNumberText(42)).toBe('NAR-000042');
  });
});
