import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ConsumptionAnswer, type ListAnswer, type ProductCreatedAnswer, type ProductListRow, type ReadProductAnswer, type ReceiptAnswer,
  type ReferenceEditAnswer, type StockAnswer, addDays, calendarDateOf, toIsoDate,
} from '@lis/domain';
import { auditLog, inventoryMovements, inventoryProducts, labSections } from '../../db/schema.ts';
import { createTestApp, signIn, siteId, type SignedIn, type TestApp } from '../../test/harness.ts';
import { api, type Api } from '../samples/test-fixtures.ts';

let t: TestApp;
let client: Api;
let admin: SignedIn;
let tech: SignedIn;
let viewer: SignedIn;
let sarajevo: string;
let tuzla: string;
let sekcija: string;

beforeAll(async () => {
  t = await createTestApp();
  client = api(t);
  [admin, tech, viewer] = await Promise.all([signIn(t.app, 'admin@demo.lab'), signIn(t.app, 'tehnicar@demo.lab'), signIn(t.app, 'pregled@demo.lab')]);
  sarajevo = siteId(admin, 'SA');
  tuzla = siteId(admin, 'TZ');
  const [section] = await t.database.db.select({ id: labSections.id }).from(labSections).limit(1);
  if (!section) throw new Error('no lab section in the seed');
  sekcija = section.id;
});
afterAll(async () => { await t.close(); });

const uniqueLn = () => `LN-${randomBytes(4).toString('hex').toUpperCase()}`;
const inDays = (days: number) => toIsoDate(addDays(calendarDateOf(new Date(), 'Europe/Sarajevo'), days));

function productBody(change: Record<string, unknown> = {}) {
  return { produkt: { LN: uniqueLn(), opis: 'Glukoza reagens', sadrzaj: 100, jedinica_mjere: 'test', ...change } };
}

async function createProduct(change: Record<string, unknown> = {}, user = tech): Promise<ProductCreatedAnswer['produkt']> {
  const response = await client.post(user, '/inventar/createprodukt', productBody(change), sarajevo);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<ProductCreatedAnswer>().produkt;
}

async function receive(produkt: string, lot: string, rok: string, kolicina: number, site = sarajevo, user = tech): Promise<ReceiptAnswer['lot']> {
  const response = await client.post(user, '/inventar/ulaz', { produkt, lot, rok_trajanja: rok, kolicina }, site);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<ReceiptAnswer>().lot;
}

async function stockOf(produkt: string, site = sarajevo, user = tech): Promise<StockAnswer> {
  const response = await client.get(user, `/inventar/stanje?produkt=${produkt}`, site);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<StockAnswer>();
}

describe('reference lists', () => {
  it('answers each list under the spec\'s field, adds and renames entries (audited) and refuses a name twice', async () => {
    const naziv = `Hemija ${randomBytes(3).toString('hex')}`;
    const added = await client.post(admin, '/inventar/lista/edit', { vrsta: 'klasa', element: { naziv } });
    expect(added.statusCode, added.body).toBe(200);
    const entry = added.json<ReferenceEditAnswer>().element;
    const klase = (await client.get(tech, '/inventar/listklasa')).json<{ success: true; klase: { naziv: string; _id: string }[] }>();
    expect(klase.klase).toContainEqual({ naziv, _id: entry._id });
    const renamed = await client.post(admin, '/inventar/lista/edit', { vrsta: 'klasa', element: { _id: entry._id, naziv: `${naziv} II` } });
    expect(renamed.json<ReferenceEditAnswer>().element).toEqual({ naziv: `${naziv} II`, _id: entry._id });
    const again = await client.post(admin, '/inventar/lista/edit', { vrsta: 'klasa', element: { naziv: `${naziv.toUpperCase()} ii` } });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'inventory.entryTaken', field: 'element.naziv' });
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, entry._id));
    expect(audit.map((row) => row.action).sort()).toEqual(['inventory.reference.create', 'inventory.reference.update']);
    for (const [path, field] of [['listprogram', 'programi'], ['listplatforma', 'platforme'], ['listproizvodjac', 'proizvodjaci']] as const) {
      const response = await client.get(tech, `/inventar/${path}`);
      expect(response.statusCode).toBe(200);
      expect(Array.isArray(response.json<Record<string, unknown>>()[field])).toBe(true);
    }
  });

  it('lists the caller\'s sites as OJ', async () => {
    const list = (await client.get(tech, '/inventar/listoj')).json<{ list: { naziv: string; _id: string }[] }>().list;
    expect(list.map((entry) => entry._id)).toEqual([sarajevo]);
    const adminList = (await client.get(admin, '/inventar/listoj')).json<{ list: { _id: string }[] }>().list;
    expect(adminList.map((entry) => entry._id).sort()).toEqual([sarajevo, tuzla].sort());
  });

  it('keeps the lists\' settings to administrators', async () => {
    const response = await client.post(tech, '/inventar/lista/edit', { vrsta: 'program', element: { naziv: 'Rutina' } });
    expect(response.statusCode).toBe(403);
    const bad = await client.post(admin, '/inventar/lista/edit', { vrsta: 'boja', element: { naziv: 'Plava' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'vrsta' });
  });
});

describe('products (createprodukt, readprodukt)', () => {
  it('registers a product with the defaults nivo 0, danadoroka 30 and OJ the current site, audited, and finds it by LN', async () => {
    const ln = uniqueLn();
    const produkt = await createProduct({ LN: ln, pakovanje: '4 x 25 mL', zemlja_porijekla: 'Germany' });
    expect(produkt).toMatchObject({ LN: ln, nivo: 0, danadoroka: 30, oj: sarajevo, pakovanje: '4 x 25 mL', zemlja_porijekla: 'Germany' });
    const read = await client.post(tech, '/inventar/readprodukt', { LN: ` ${ln.toLowerCase()} ` });
    expect(read.json<ReadProductAnswer>()).toMatchObject({ success: true, produkt: { _id: produkt._id, opis: 'Glukoza reagens', pakovanje: '4 x 25 mL', jedinica_mjere: 'test' } });
    const none = await client.post(tech, '/inventar/readprodukt', { LN: uniqueLn() });
    expect(none.json<ReadProductAnswer>()).toEqual({ success: true, produkt: null });
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, produkt._id));
    expect(audit.map((row) => row.action)).toEqual(['inventory.product.create']);
  });

  it.each([
    [{ opis: '' }, 'produkt.opis', 'form.required'],
    [{ opis: undefined }, 'produkt.opis', 'form.required'],
    [{ LN: '' }, 'produkt.LN', 'form.required'],
    [{ sadrzaj: undefined }, 'produkt.sadrzaj', 'form.required'],
    [{ jedinica_mjere: '' }, 'produkt.jedinica_mjere', 'form.required'],
    [{ jedinica_mjere: 'kutija' }, 'produkt.jedinica_mjere', 'form.invalid'],
    [{ LN: 'AB' }, 'produkt.LN', 'inventory.lnTooShort'],
    [{ opis: 'Gl' }, 'produkt.opis', 'inventory.opisTooShort'],
    [{ zemlja_porijekla: 'Mars' }, 'produkt.zemlja_porijekla', 'form.invalid'],
    [{ nivo: -1 }, 'produkt.nivo', 'form.invalid'],
    [{ danadoroka: 1.5 }, 'produkt.danadoroka', 'form.invalid'],
    [{ klasa: '00000000-0000-4000-8000-000000000000' }, 'produkt.klasa', 'form.invalid'],
    [{ oj: 'TUZLA' }, 'produkt.oj', 'inventory.siteForbidden'],
  ])('refuses %j naming the field', async (change, field, code) => {
    const body = productBody(change);
    // The site ids exist only once the app has started; the tuple names Tuzla, the technician's site it is not.
    const produkt: Record<string, unknown> = body.produkt;
    if (produkt.oj === 'TUZLA') produkt.oj = tuzla;
    const response = await client.post(tech, '/inventar/createprodukt', body, sarajevo);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code, field });
  });

  it('answers a registered LN (any case) with \'Uneseni LN je već registriran!\' and the product', async () => {
    const first = await createProduct();
    const response = await client.post(admin, '/inventar/createprodukt', productBody({ LN: first.LN.toLowerCase(), opis: 'Drugi opis' }), sarajevo);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      success: false, message: 'Uneseni LN je već registriran!', code: 'inventory.duplicateLn', field: 'produkt.LN', produkt: first,
    });
  });

  it('lets exactly one of simultaneous registrations of one LN succeed', async () => {
    const ln = uniqueLn();
    const responses = await Promise.all([tech, admin, tech, admin].map((user, index) =>
      client.post(user, '/inventar/createprodukt', productBody({ LN: index % 2 === 0 ? ln : ln.toLowerCase(), opis: `Opis ${index}` }), sarajevo)));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409, 409, 409]);
    const winner = responses.find((response) => response.statusCode === 201)!.json<ProductCreatedAnswer>().produkt;
    for (const loser of responses.filter((response) => response.statusCode === 409)) {
      expect(loser.json()).toMatchObject({ message: 'Uneseni LN je već registriran!', produkt: { _id: winner._id } });
    }
    const rows = await t.database.db.select().from(inventoryProducts).where(eq(inventoryProducts.id, winner._id));
    expect(rows).toHaveLength(1);
  });

  it('keeps registration from a read-only user', async () => {
    const response = await client.post(viewer, '/inventar/createprodukt', productBody(), sarajevo);
    expect(response.statusCode).toBe(403);
  });

  it('lists products with the stock at the site, filtered by LN', async () => {
    const produkt = await createProduct();
    await receive(produkt._id, 'L1', inDays(100), 7);
    const response = await client.get(tech, `/inventar/produkti/list?filter=${produkt.LN}&datum=SVE`);
    expect(response.statusCode, response.body).toBe(200);
    const list = response.json<ListAnswer<ProductListRow>>();
    expect(list.data).toHaveLength(1);
    expect(list.data[0]).toMatchObject({ _id: produkt._id, LN: produkt.LN, stanje: 7, oj: 'Sarajevo' });
    const tuzlaList = (await client.get(admin, `/inventar/produkti/list?filter=${produkt.LN}&datum=SVE`, tuzla)).json<ListAnswer<ProductListRow>>();
    expect(tuzlaList.data[0]).toMatchObject({ _id: produkt._id, stanje: 0 });
  });
});

describe('goods in, goods out, stock', () => {
  it('receives lots, adds to a known lot, and refuses a past expiry or another expiry for a known lot', async () => {
    const produkt = await createProduct();
    const first = await receive(produkt._id, 'A-100', inDays(60), 3);
    expect(first).toMatchObject({ lot: 'A-100', rok_trajanja: inDays(60), kolicina: 3, rok: 'ok', dana: 60 });
    const again = await receive(produkt._id, 'A-100', inDays(60), 2);
    expect(again).toMatchObject({ _id: first._id, kolicina: 5 });
    const past = await client.post(tech, '/inventar/ulaz', { produkt: produkt._id, lot: 'OLD', rok_trajanja: inDays(-1), kolicina: 1 });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ code: 'inventory.lotExpired', field: 'rok_trajanja' });
    const mismatch = await client.post(tech, '/inventar/ulaz', { produkt: produkt._id, lot: 'A-100', rok_trajanja: inDays(90), kolicina: 1 });
    expect(mismatch.statusCode).toBe(409);
    expect(mismatch.json()).toMatchObject({ code: 'inventory.lotExpiryMismatch', field: 'rok_trajanja' });
    const missing = await client.post(tech, '/inventar/ulaz', { produkt: produkt._id, lot: 'X', rok_trajanja: inDays(9), kolicina: 0 });
    expect(missing.json()).toMatchObject({ field: 'kolicina' });
    const audit = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entityId, first._id), eq(auditLog.action, 'inventory.receipt')));
    expect(audit).toHaveLength(2);
  });

  it('consumes from the first-expiring lot first, across lots when needed, or from the chosen lot', async () => {
    const produkt = await createProduct();
    const late = await receive(produkt._id, 'LATE', inDays(200), 5);
    const early = await receive(produkt._id, 'EARLY', inDays(40), 3);
    const out = await client.post(tech, '/inventar/izlaz', { produkt: produkt._id, kolicina: 2, sekcija });
    expect(out.statusCode, out.body).toBe(201);
    expect(out.json<ConsumptionAnswer>().izdano).toEqual([{ _id: early._id, lot: 'EARLY', kolicina: 2 }]);
    const split = await client.post(tech, '/inventar/izlaz', { produkt: produkt._id, kolicina: 3, sekcija });
    expect(split.json<ConsumptionAnswer>().izdano).toEqual([{ _id: early._id, lot: 'EARLY', kolicina: 1 }, { _id: late._id, lot: 'LATE', kolicina: 2 }]);
    const chosen = await client.post(tech, '/inventar/izlaz', { produkt: produkt._id, kolicina: 1, sekcija, lot: late._id });
    expect(chosen.json<ConsumptionAnswer>().izdano).toEqual([{ _id: late._id, lot: 'LATE', kolicina: 1 }]);
    const stock = await stockOf(produkt._id);
    expect(stock.produkti[0]).toMatchObject({ ukupno: 2, lotovi: [{ _id: late._id, kolicina: 2 }] });
    const ledger = await t.database.db.select().from(inventoryMovements).where(eq(inventoryMovements.productId, produkt._id));
    expect(ledger.reduce((sum, row) => sum + row.kolicina, 0)).toBe(2);
    expect(ledger.filter((row) => row.vrsta === 'izlaz').every((row) => row.sekcijaId === sekcija)).toBe(true);
  });

  it('refuses more than the stock, naming what is available, and leaves the ledger as it was', async () => {
    const produkt = await createProduct();
    await receive(produkt._id, 'ONLY', inDays(30), 2);
    const response = await client.post(tech, '/inventar/izlaz', { produkt: produkt._id, kolicina: 3, sekcija });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      success: false, message: 'Nema dovoljno na stanju: dostupno 2.', code: 'inventory.insufficientStock', field: 'kolicina', dostupno: 2,
    });
    expect((await stockOf(produkt._id)).produkti[0]?.ukupno).toBe(2);
    const badSection = await client.post(tech, '/inventar/izlaz', { produkt: produkt._id, kolicina: 1, sekcija: produkt._id });
    expect(badSection.json()).toMatchObject({ code: 'form.invalid', field: 'sekcija' });
  });

  it('never lets simultaneous consumptions take stock below zero', async () => {
    const produkt = await createProduct();
    await receive(produkt._id, 'R1', inDays(50), 3);
    await receive(produkt._id, 'R2', inDays(80), 2);
    const responses = await Promise.all(Array.from({ length: 6 }, (_, index) =>
      client.post(index % 2 === 0 ? tech : admin, '/inventar/izlaz', { produkt: produkt._id, kolicina: 2, sekcija }, sarajevo)));
    const codes = responses.map((response) => response.statusCode).sort();
    expect(codes).toEqual([201, 201, 409, 409, 409, 409]);
    const stock = await stockOf(produkt._id);
    expect(stock.produkti[0]?.ukupno).toBe(1);
    const ledger = await t.database.db.select().from(inventoryMovements).where(eq(inventoryMovements.productId, produkt._id));
    const perLot = new Map<string, number>();
    for (const row of ledger) perLot.set(row.lotId, (perLot.get(row.lotId) ?? 0) + row.kolicina);
    expect([...perLot.values()].every((value) => value >= 0)).toBe(true);
  });

  it('reports stock under nivo and lots expiring within danadoroka days', async () => {
    const produkt = await createProduct({ nivo: 5, danadoroka: 20 });
    const before = await stockOf(produkt._id);
    expect(before.produkti[0]).toMatchObject({ ukupno: 0, nisko: true, lotovi: [] });
    await receive(produkt._id, 'SOON', inDays(10), 2);
    await receive(produkt._id, 'LATER', inDays(21), 2);
    const stock = await stockOf(produkt._id);
    expect(stock.produkti[0]).toMatchObject({
      ukupno: 4, nisko: true,
      lotovi: [{ lot: 'SOON', rok: 'expiring', dana: 10 }, { lot: 'LATER', rok: 'ok', dana: 21 }],
    });
    await receive(produkt._id, 'LATER', inDays(21), 1);
    expect((await stockOf(produkt._id)).produkti[0]).toMatchObject({ ukupno: 5, nisko: false });
    const all = (await client.get(tech, '/inventar/stanje')).json<StockAnswer>();
    expect(all.upozorenja.rok).toBeGreaterThanOrEqual(1);
  });

  it('keeps lots and stock to their site: another site\'s lot answers 404', async () => {
    const produkt = await createProduct();
    const lot = await receive(produkt._id, 'SA-1', inDays(40), 4);
    const elsewhere = await client.post(admin, '/inventar/izlaz', { produkt: produkt._id, kolicina: 1, sekcija, lot: lot._id }, tuzla);
    expect(elsewhere.statusCode).toBe(404);
    const tuzlaStock = await stockOf(produkt._id, tuzla, admin);
    expect(tuzlaStock.produkti).toEqual([]);
    const fromTuzla = await client.post(admin, '/inventar/izlaz', { produkt: produkt._id, kolicina: 1, sekcija }, tuzla);
    expect(fromTuzla.json()).toMatchObject({ code: 'inventory.insufficientStock', dostupno: 0 });
    const movements = (await client.get(admin, '/inventar/kretanja/list?datum=SVE&per_page=0', tuzla)).json<ListAnswer<{ lot: string }>>();
    expect(movements.data.some((row) => row.lot === 'SA-1')).toBe(false);
    const own = (await client.get(tech, `/inventar/kretanja/list?datum=SVE&filter=${produkt.LN}&vrsta=ulaz`)).json<ListAnswer<{ lot: string; kolicina: number; korisnik: string }>>();
    expect(own.data).toEqual([expect.objectContaining({ lot: 'SA-1', kolicina: 4, korisnik: 'Tarik Tehničar' })]);
    const noTech = await client.get(tech, '/inventar/stanje', tuzla);
    expect(noTech.statusCode).toBe(403);
  });
});
