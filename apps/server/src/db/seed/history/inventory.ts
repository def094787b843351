import { addDays, toIsoDate } from '@lis/domain';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../client.ts';
import { inventoryLots, inventoryMovements, inventoryOrderLines, inventoryOrders, inventoryProducts, labSections, partners } from '../../schema.ts';
import { DEMO_SUPPLIERS } from '../../../modules/inventory/demo-suppliers.ts';
import { DEMO_SITE, type HistoryContext, TECHNICIAN, siteDay, siteTime } from './context.ts';

// The demo site's reagents and consumables: lots received over the last months and consumed since, so the
// stock list has products below their reorder level and lots near or past their expiry warning, and purchase
// orders to the demo suppliers in every state. Every stock figure is the sum of its ledger rows, and an order's
// received state agrees with the receipts against its lines (none: nacrt/poslana/otkazana; some: djelimicno;
// all: primljena), as the screens compute them.

interface DemoProduct {
  ln: string; opis: string; zasticeniNaziv: string; jedinicaMjere: string; pakovanje: string; sadrzaj: number; nivo: number; danadoroka: number;
  /** Lots: expiry in days from the seed's day, received `receivedDaysAgo`, packages in, packages used since. */
  lots: { lot: string; expiresIn: number; receivedDaysAgo: number; received: number; used: number }[];
}

const PRODUCTS: DemoProduct[] = [
  {
    ln: '04404483190', opis: 'Glukoza HK reagens', zasticeniNaziv: 'GLUC3', jedinicaMjere: 'kom', pakovanje: 'kaseta 800 testova', sadrzaj: 800, nivo: 4, danadoroka: 30,
    lots: [{ lot: '612384', expiresIn: 12, receivedDaysAgo: 70, received: 6, used: 5 }, { lot: '623017', expiresIn: 210, receivedDaysAgo: 20, received: 4, used: 2 }],
  },
  {
    ln: '05168538190', opis: 'Holesterol reagens', zasticeniNaziv: 'CHOL2', jedinicaMjere: 'kom', pakovanje: 'kaseta 400 testova', sadrzaj: 400, nivo: 3, danadoroka: 30,
    lots: [{ lot: '598210', expiresIn: 160, receivedDaysAgo: 45, received: 4, used: 3 }],
  },
  {
    ln: '11875418216', opis: 'ISE dilucijski pufer', zasticeniNaziv: 'ISE Diluent', jedinicaMjere: 'kom', pakovanje: 'boca 300 mL', sadrzaj: 300, nivo: 6, danadoroka: 20,
    lots: [{ lot: '587743', expiresIn: 9, receivedDaysAgo: 55, received: 10, used: 7 }],
  },
  {
    ln: '05171873190', opis: 'Kreatinin enzimski reagens', zasticeniNaziv: 'CREP2', jedinicaMjere: 'kom', pakovanje: 'kaseta 400 testova', sadrzaj: 400, nivo: 2, danadoroka: 30,
    lots: [{ lot: '601956', expiresIn: 95, receivedDaysAgo: 30, received: 5, used: 2 }],
  },
  {
    ln: 'BD-367525', opis: 'Vakutajner epruveta serum 5 mL', zasticeniNaziv: 'BD Vacutainer SST II', jedinicaMjere: 'kom', pakovanje: 'kutija 100 kom', sadrzaj: 100, nivo: 10, danadoroka: 60,
    lots: [{ lot: '3198472', expiresIn: 300, receivedDaysAgo: 40, received: 20, used: 13 }],
  },
  {
    ln: 'SYS-HBA1C-C', opis: 'HbA1c kontrolni materijal', zasticeniNaziv: 'Lyphochek Diabetes', jedinicaMjere: 'kom', pakovanje: '6 × 0,5 mL', sadrzaj: 6, nivo: 1, danadoroka: 45,
    lots: [{ lot: '33870', expiresIn: 25, receivedDaysAgo: 90, received: 3, used: 1 }, { lot: '33912', expiresIn: 330, receivedDaysAgo: 6, received: 2, used: 0 }],
  },
];

/**
 * The demo orders, one in each state: the lines (product by LN, packages) and the packages received of each line.
 * The low-stock products nobody has ordered yet (glucose, cholesterol) are left for the order suggestions.
 */
const ORDERS = [
  { status: 'nacrt', supplier: 0, daysAgo: 0, sent: false, lines: [{ ln: '05171873190', kolicina: 2, received: 0 }, { ln: 'BD-367525', kolicina: 10, received: 0 }] },
  { status: 'poslana', supplier: 0, daysAgo: 4, sent: true, lines: [{ ln: '11875418216', kolicina: 10, received: 0 }] },
  { status: 'djelimicno', supplier: 1, daysAgo: 9, sent: true, lines: [{ ln: 'BD-367525', kolicina: 20, received: 0 }, { ln: 'SYS-HBA1C-C', kolicina: 4, received: 2 }] },
  { status: 'primljena', supplier: 0, daysAgo: 24, sent: true, lines: [{ ln: '04404483190', kolicina: 4, received: 4 }] },
  { status: 'otkazana', supplier: 1, daysAgo: 15, sent: true, lines: [{ ln: '05171873190', kolicina: 3, received: 0 }] },
] as const;

export async function seedDemoInventory(db: Db, context: HistoryContext): Promise<void> {
  const site = context.sites.get(DEMO_SITE);
  const technician = context.users.get(TECHNICIAN);
  if (!site || !technician) return;
  const supplierRows = await db.select({ id: partners.id, naziv: partners.naziv }).from(partners).where(inArray(partners.naziv, [...DEMO_SUPPLIERS]));
  const supplierIds = DEMO_SUPPLIERS.map((naziv) => supplierRows.find((row) => row.naziv === naziv)?.id);
  const [section] = await db.select({ id: labSections.id }).from(labSections).where(eq(labSections.sifra, 'BIO'));
  if (supplierIds.some((id) => id === undefined)) return;
  const today = siteDay(context, site.timeZone, 0);
  // Today's entries never after the seed: the draft raised this morning is dated just before it when the seed runs earlier.
  const at = (daysAgo: number, minutes: number) => new Date(Math.min(siteTime(context, site.timeZone, daysAgo, minutes).getTime(), context.now.getTime() - 60_000));

  const productRows = await db.insert(inventoryProducts).values(PRODUCTS.map((product) => ({
    ln: product.ln, opis: product.opis, zasticeniNaziv: product.zasticeniNaziv, jedinicaMjere: product.jedinicaMjere, pakovanje: product.pakovanje,
    sadrzaj: product.sadrzaj, nivo: product.nivo, danadoroka: product.danadoroka, ojId: site.id, createdAt: at(120, 9 * 60), updatedAt: at(120, 9 * 60),
  }))).returning({ id: inventoryProducts.id, ln: inventoryProducts.ln });
  const productOf = new Map(productRows.map((row) => [row.ln, row.id]));

  // Numbered in the order they were raised, as the lab's orders are.
  const orderRows = await db.insert(inventoryOrders).values([...ORDERS].sort((a, b) => b.daysAgo - a.daysAgo).map((order) => ({
    siteId: site.id, partnerId: supplierIds[order.supplier]!, status: order.status, createdBy: technician,
    napomena: order.status === 'otkazana' ? 'Otkazano: dobavljač ne može isporučiti prije isteka ugovora.' : '',
    sentAt: order.sent ? at(order.daysAgo, 11 * 60) : null, createdAt: at(order.daysAgo, 8 * 60), updatedAt: at(order.daysAgo, order.sent ? 11 * 60 : 8 * 60),
  }))).returning({ id: inventoryOrders.id, status: inventoryOrders.status });
  const orderOf = new Map(orderRows.map((row) => [row.status, row.id]));
  const lineRows = await db.insert(inventoryOrderLines).values(ORDERS.flatMap((order) => order.lines.map((line) => ({
    orderId: orderOf.get(order.status)!, productId: productOf.get(line.ln)!, kolicina: line.kolicina, cijena: null,
  })))).returning({ id: inventoryOrderLines.id, orderId: inventoryOrderLines.orderId, productId: inventoryOrderLines.productId });
  const lineOf = (status: string, ln: string) => lineRows.find((row) => row.orderId === orderOf.get(status) && row.productId === productOf.get(ln))?.id ?? null;

  const lotRows = await db.insert(inventoryLots).values(PRODUCTS.flatMap((product) => product.lots.map((lot) => ({
    siteId: site.id, productId: productOf.get(product.ln)!, lot: lot.lot, rokTrajanja: toIsoDate(addDays(today, lot.expiresIn)),
    createdAt: at(lot.receivedDaysAgo, 9 * 60 + 30),
  })))).returning({ id: inventoryLots.id, productId: inventoryLots.productId, lot: inventoryLots.lot });
  const lotOf = (ln: string, lot: string) => lotRows.find((row) => row.productId === productOf.get(ln) && row.lot === lot)!.id;

  // Receipts: each lot's delivery, booked against the order line that brought it where an order did (the received
  // order's whole quantity, the partly received order's part); then the consumption, one package at a time, spread
  // over the days since the delivery.
  const receivedBy = (ln: string, lot: string): string | null => {
    for (const order of ORDERS) {
      const line = order.lines.find((candidate) => candidate.ln === ln && candidate.received > 0);
      const product = PRODUCTS.find((candidate) => candidate.ln === ln)!;
      const delivered = product.lots.find((candidate) => candidate.lot === lot)!;
      if (line && delivered.received === line.received && delivered.receivedDaysAgo < order.daysAgo) return lineOf(order.status, ln);
    }
    return null;
  };
  const movements = PRODUCTS.flatMap((product) => product.lots.flatMap((lot) => {
    const lotId = lotOf(product.ln, lot.lot);
    const receipt = {
      siteId: site.id, lotId, productId: productOf.get(product.ln)!, vrsta: 'ulaz', kolicina: lot.received, sekcijaId: null, userId: technician,
      napomena: '', orderLineId: receivedBy(product.ln, lot.lot), createdAt: at(lot.receivedDaysAgo, 9 * 60 + 30),
    };
    const uses = Array.from({ length: lot.used }, (_, index) => ({
      siteId: site.id, lotId, productId: productOf.get(product.ln)!, vrsta: 'izlaz', kolicina: -1, sekcijaId: section?.id ?? null, userId: technician,
      napomena: '', orderLineId: null,
      createdAt: at(Math.max(0, lot.receivedDaysAgo - Math.round(((index + 1) * lot.receivedDaysAgo) / (lot.used + 1))), 8 * 60 + 15 * (index % 8)),
    }));
    return [receipt, ...uses];
  }));
  await db.insert(inventoryMovements).values(movements);
}
