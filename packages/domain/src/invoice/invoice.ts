import { fromMinorUnits, sumMinorUnits, toMinorUnits, type MinorUnits } from '../money.ts';

/**
 * The pro-forma invoice (predračun) of a patient's samples: every ordered
 * test at the price it carries on the sample, a subtotal per sample and the
 * total in KM. A test pulled in as a component of a calculated test is part
 * of that test and costs nothing of its own: it is listed as included, at 0,
 * whatever price the row carries. Amounts are added in minor units (fening),
 * never as floats, and printed back as exact decimal text.
 */

export interface InvoiceTestInput {
  sifra: string;
  naziv: string;
  /** The test's price on the sample, exact decimal text (PostgreSQL numeric): '12.50'. */
  price: string;
  /** The name of the calculated test that pulled this one in; null when ordered by itself. */
  componentOf: string | null;
}

export interface InvoiceSampleInput {
  id: string;
  code: string;
  /** When the sample was taken (ISO instant). */
  datum: string;
  tests: readonly InvoiceTestInput[];
}

export interface InvoiceTestLine {
  sifra: string;
  naziv: string;
  /** The price charged, exact decimal text ('0.00' for an included component). */
  cijena: string;
  /** The calculated test this one is included in; null when charged on its own. */
  ukljuceno_u: string | null;
}

export interface InvoiceSampleLines {
  _id: string;
  code: string;
  datum: string;
  testovi: InvoiceTestLine[];
  ukupno: string;
}

export interface InvoiceLines {
  uzorci: InvoiceSampleLines[];
  ukupno: string;
}

function priceOf(test: InvoiceTestInput): MinorUnits {
  if (test.componentOf !== null) return 0;
  const units = toMinorUnits(test.price);
  // The column is numeric(10,2): anything else is a broken row, not a price to guess at.
  if (units === null) throw new RangeError(`not a price: ${test.price}`);
  return units;
}

/** The invoice's lines: samples in the order given, each test priced, subtotals and the total. */
export function invoiceLines(samples: readonly InvoiceSampleInput[]): InvoiceLines {
  const totals: MinorUnits[] = [];
  const uzorci = samples.map((sample) => {
    const prices = sample.tests.map(priceOf);
    const subtotal = sumMinorUnits(prices);
    totals.push(subtotal);
    return {
      _id: sample.id,
      code: sample.code,
      datum: sample.datum,
      testovi: sample.tests.map((test, index) => ({
        sifra: test.sifra, naziv: test.naziv, cijena: fromMinorUnits(prices[index]!), ukljuceno_u: test.componentOf,
      })),
      ukupno: fromMinorUnits(subtotal),
    };
  });
  return { uzorci, ukupno: fromMinorUnits(sumMinorUnits(totals)) };
}

/**
 * The invoice's number: the site's code and the code of the earliest sample
 * on it, with the number of samples when there are more (SA-2611240007/3).
 * The same selection always gets the same number, so the screen and the PDF
 * agree, and two selections differ as soon as their first sample or count does.
 */
export function invoiceNumber(siteSifra: string, sampleCodes: readonly string[]): string {
  const first = [...sampleCodes].sort()[0] ?? '';
  return sampleCodes.length > 1 ? `${siteSifra}-${first}/${sampleCodes.length}` : `${siteSifra}-${first}`;
}

/** KM as printed on the invoice and the reports: '1234.50' -> '1.234,50 KM'. */
export function formatKm(amount: string): string {
  const match = /^(-?)(\d+)\.(\d{2})$/.exec(amount);
  if (!match) return `${amount} KM`;
  const whole = match[2]!.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${match[1]}${whole},${match[3]} KM`;
}
