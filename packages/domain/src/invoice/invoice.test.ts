import { describe, expect, it } from 'vitest';
import { formatKm, invoiceLines, invoiceNumber } from './invoice.ts';
import { invoiceQuery } from './contracts.ts';

describe('invoiceLines', () => {
  it('charges each test its price, a calculated test\'s components nothing, and adds exactly', () => {
    const lines = invoiceLines([
      {
        id: 'a', code: '2611240001', datum: '2026-11-24T08:00:00.000Z', tests: [
          { sifra: 'GLU', naziv: 'Glukoza', price: '3.10', componentOf: null },
          // A component keeps whatever the row says, and still costs 0 on the invoice.
          { sifra: 'CHOL', naziv: 'Holesterol', price: '4.50', componentOf: 'LDL holesterol' },
          { sifra: 'LDL', naziv: 'LDL holesterol', price: '10.00', componentOf: null },
        ],
      },
      { id: 'b', code: '2611240002', datum: '2026-11-24T09:00:00.000Z', tests: [{ sifra: 'CRP', naziv: 'CRP', price: '0.20', componentOf: null }] },
    ]);
    expect(lines.uzorci[0]?.testovi.map((test) => test.cijena)).toEqual(['3.10', '0.00', '10.00']);
    expect(lines.uzorci[0]?.testovi[1]?.ukljuceno_u).toBe('LDL holesterol');
    expect(lines.uzorci.map((sample) => sample.ukupno)).toEqual(['13.10', '0.20']);
    // 0.1 + 0.2 as floats is 0.30000000000000004: minor units never drift.
    expect(invoiceLines([{ id: 'c', code: 'x', datum: '', tests: [
      { sifra: 'A', naziv: 'A', price: '0.10', componentOf: null }, { sifra: 'B', naziv: 'B', price: '0.20', componentOf: null },
    ] }]).ukupno).toBe('0.30');
    expect(lines.ukupno).toBe('13.30');
  });

  it('refuses a price that is not a price rather than guessing', () => {
    expect(() => invoiceLines([{ id: 'a', code: 'x', datum: '', tests: [{ sifra: 'A', naziv: 'A', price: '1.234', componentOf: null }] }])).toThrow(RangeError);
  });
});

describe('invoiceNumber and formatKm', () => {
  it('numbers an invoice by the site and its earliest sample, with the count when there are more', () => {
    expect(invoiceNumber('SA', ['2611240007'])).toBe('SA-2611240007');
    expect(invoiceNumber('SA', ['2611240009', '2611230001', '2611240007'])).toBe('SA-2611230001/3');
  });

  it('prints KM with the decimal comma and thousands points', () => {
    expect(formatKm('0.00')).toBe('0,00 KM');
    expect(formatKm('1234567.50')).toBe('1.234.567,50 KM');
    expect(formatKm('-3.05')).toBe('-3,05 KM');
  });
});

describe('invoiceQuery', () => {
  const id = '6b0f1f6e-0000-4000-8000-000000000000';
  it('reads the ids separated by commas, once each', () => {
    expect(invoiceQuery.parse({ uzorci: `${id}, ${id.toUpperCase()},` }).uzorci).toEqual([id]);
  });

  it('refuses missing, empty and non-id values', () => {
    for (const uzorci of [undefined, '', ',', 'abc', `${id},1`]) expect(invoiceQuery.safeParse({ uzorci }).success, String(uzorci)).toBe(false);
  });
});
