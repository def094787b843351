import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ContractSavedAnswer, type InventoryAlertsAnswer, type ListAnswer, type OpenOrdersAnswer, type Order, type OrderListRow,
  type OrderSavedAnswer, type OrderSuggestionsAnswer, type ProductContractsAnswer, type ProductCreatedAnswer, type ReceiptAnswer,
  type SupplierListAnswer, addDays, calendarDateOf, toIsoDate,
} from '@lis/domain';
import { auditLog, inventoryContracts, inventoryMovements, partners } from '../../db/schema.ts';
import { createTestApp, signIn, siteId, type SignedIn, type TestApp } from '../../test/harness.ts';
import { pdfText } from '../../test/pdf-text.ts';
import { api, type Api } from '../samples/test-fixtures.ts';

// Supplier contracts and purchase orders over the API (PGlite, or PostgreSQL with TEST_DATABASE_URL): what remains
// of a contract comes from the receipts against it and receiving beyond it is refused, also when two receipts race;
// an order goes draft → sent → partly received → received by its receipts, or is cancelled from draft or sent;
// suggestions come from low stock with the contract price; the order prints as a PDF; the alerts list low stock and
// expiring lots. Every change is audited; another site's order answers 404.

let t: TestApp;
let client: Api;
let admin: SignedIn;
let tech: SignedIn;
let viewer: SignedIn;
let sarajevo: string;
let tuzla: string;
let supplier: string;
let otherSupplier: string;
let orderer: string;

const tag = () => randomBytes(4).toString('hex').toUpperCase();
const inDays = (days: number) => toIsoDate(addDays(calendarDateOf(new Date(), 'Europe/Sarajevo'), days));

beforeAll(async () => {
  t = await createTestApp();
  client = api(t);
  [admin, tech, viewer] = await Promise.all([signIn(t.app, 'admin@demo.lab'), signIn(t.app, 'tehnicar@demo.lab'), signIn(t.app, 'pregled@demo.lab')]);
  sarajevo = siteId(admin, 'SA');
  tuzla = siteId(admin, 'TZ');
  // The partner registry's screens belong to another module: the suppliers the tests need go straight into the table.
  const rows = await t.database.db.insert(partners).values([
    { naziv: `Dobavljač ${tag()}`, vrste: ['dobavljac'] },
    { naziv: `Drugi dobavljač ${tag()}`, vrste: ['dobavljac', 'narucilac'] },
    { naziv: `Naručilac ${tag()}`, vrste: ['narucilac'] },
  ]).returning({ id: partners.id });
  [supplier, otherSupplier, orderer] = rows.map((row) => row.id) as [string, string, string];
});
afterAll(async () => { await t.close(); });

async function createProduct(change: Record<string, unknown> = {}): Promise<ProductCreatedAnswer['produkt']> {
  const response = await client.post(tech, '/inventar/createprodukt', {
    produkt: { LN: `SUP-${tag()}`, opis: 'Kontrolni serum', sadrzaj: 10, jedinica_mjere: 'mL', ...change },
  }, sarajevo);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<ProductCreatedAnswer>().produkt;
}

function contractBody(stavke: { produkt: string; cijena: number; kolicina: number }[], change: Record<string, unknown> = {}) {
  return { ugovor: { dobavljac: supplier, broj: `UG-${tag()}`, vazi_od: inDays(-10), vazi_do: inDays(100), stavke, ...change } };
}

async function createContract(stavke: { produkt: string; cijena: number; kolicina: number }[], change: Record<string, unknown> = {}) {
  const response = await client.post(tech, '/inventar/ugovori', contractBody(stavke, change), sarajevo);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<ContractSavedAnswer>().ugovor;
}

const receipt = (produkt: string, kolicina: number, extra: Record<string, unknown> = {}, user = tech) =>
  client.post(user, '/inventar/ulaz', { produkt, lot: `L-${tag()}`, rok_trajanja: inDays(200), kolicina, ...extra }, sarajevo);

async function createOrder(body: Record<string, unknown>, site = sarajevo, user = tech): Promise<Order> {
  const response = await client.post(user, '/inventar/narudzbe', { narudzba: { dobavljac: supplier, ...body } }, site);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<OrderSavedAnswer>().narudzba;
}

const step = (id: string, what: 'posalji' | 'otkazi', site = sarajevo) => client.post(tech, `/inventar/narudzbe/${id}/${what}`, {}, site);
const showOrder = async (id: string) => (await client.get(tech, `/inventar/narudzbe/${id}`, sarajevo)).json<{ narudzba: Order }>().narudzba;

describe('suppliers', () => {
  it('lists the partners whose roles include dobavljac, not the others', async () => {
    const answer = (await client.get(tech, '/inventar/dobavljaci', sarajevo)).json<SupplierListAnswer>();
    const ids = answer.dobavljaci.map((entry) => entry._id);
    expect(ids).toEqual(expect.arrayContaining([supplier, otherSupplier]));
    expect(ids).not.toContain(orderer);
  });
});

describe('contracts', () => {
  it('registers a contract (audited) and counts what remains from the receipts against it', async () => {
    const [a, b] = [await createProduct(), await createProduct()];
    const ugovor = await createContract([{ produkt: a._id, cijena: 12.5, kolicina: 10 }, { produkt: b._id, cijena: 3, kolicina: 4 }]);
    expect(ugovor).toMatchObject({ vazeci: true, dobavljac: { _id: supplier } });
    expect(ugovor.stavke.find((line) => line.produkt === a._id)).toMatchObject({ cijena: '12.50', kolicina: 10, primljeno: 0, preostalo: 10 });
    const received = await receipt(a._id, 6, { ugovor: ugovor._id });
    expect(received.statusCode, received.body).toBe(201);
    // A receipt without the contract does not count against it.
    expect((await receipt(a._id, 50)).statusCode).toBe(201);
    const shown = (await client.get(tech, `/inventar/ugovori/${ugovor._id}`, sarajevo)).json<ContractSavedAnswer>().ugovor;
    expect(shown.stavke.find((line) => line.produkt === a._id)).toMatchObject({ primljeno: 6, preostalo: 4 });
    const ledger = await t.database.db.select().from(inventoryMovements).where(eq(inventoryMovements.productId, a._id));
    expect(ledger.filter((row) => row.contractLineId !== null).map((row) => row.kolicina)).toEqual([6]);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, ugovor._id));
    expect(audit.map((row) => row.action)).toEqual(['inventory.contract.create']);
    const list = (await client.get(tech, `/inventar/ugovori/list?filter=${ugovor.broj}`, sarajevo)).json<ListAnswer<{ _id: string; ugovoreno: number; primljeno: number }>>();
    expect(list.data).toEqual([expect.objectContaining({ _id: ugovor._id, ugovoreno: 14, primljeno: 6 })]);
  });

  it('refuses receiving beyond what remains, with a clear message', async () => {
    const produkt = await createProduct();
    const ugovor = await createContract([{ produkt: produkt._id, cijena: 1, kolicina: 5 }]);
    expect((await receipt(produkt._id, 3, { ugovor: ugovor._id })).statusCode).toBe(201);
    const over = await receipt(produkt._id, 3, { ugovor: ugovor._id });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({
      success: false, code: 'inventory.contractExceeded', field: 'kolicina', preostalo: 2,
      message: `Ugovor ${ugovor.broj} dozvoljava još 2 pakovanja ovog produkta.`,
    });
    expect((await receipt(produkt._id, 2, { ugovor: ugovor._id })).statusCode).toBe(201);
    expect((await receipt(produkt._id, 1, { ugovor: ugovor._id })).json()).toMatchObject({ code: 'inventory.contractExceeded', preostalo: 0 });
  });

  it('lets simultaneous receipts against one contract line never take more than it holds', async () => {
    const produkt = await createProduct();
    const ugovor = await createContract([{ produkt: produkt._id, cijena: 1, kolicina: 5 }]);
    const responses = await Promise.all(Array.from({ length: 6 }, (_, index) => receipt(produkt._id, 2, { ugovor: ugovor._id }, index % 2 === 0 ? tech : admin)));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 201, 409, 409, 409, 409]);
    const ledger = await t.database.db.select().from(inventoryMovements).where(eq(inventoryMovements.productId, produkt._id));
    expect(ledger.reduce((sum, row) => sum + row.kolicina, 0)).toBe(4);
  });

  it('refuses a receipt under a contract that is not valid today or lacks the product', async () => {
    const [produkt, other] = [await createProduct(), await createProduct()];
    const expired = await createContract([{ produkt: produkt._id, cijena: 1, kolicina: 5 }], { vazi_od: inDays(-60), vazi_do: inDays(-1) });
    expect(expired.vazeci).toBe(false);
    expect((await receipt(produkt._id, 1, { ugovor: expired._id })).json()).toMatchObject({ code: 'inventory.contractNotValid', field: 'ugovor' });
    const future = await createContract([{ produkt: produkt._id, cijena: 1, kolicina: 5 }], { vazi_od: inDays(1), vazi_do: inDays(30) });
    expect((await receipt(produkt._id, 1, { ugovor: future._id })).statusCode).toBe(409);
    const valid = await createContract([{ produkt: produkt._id, cijena: 1, kolicina: 5 }]);
    const notOn = await receipt(other._id, 1, { ugovor: valid._id });
    expect(notOn.statusCode).toBe(400);
    expect(notOn.json()).toMatchObject({ code: 'inventory.notOnContract', field: 'ugovor', message: `Produkt nije na ugovoru ${valid.broj}.` });
    expect((await receipt(produkt._id, 1, { ugovor: produkt._id })).statusCode).toBe(404);
  });

  it('offers for a receipt only the valid contracts with some of the product left, cheapest first', async () => {
    const produkt = await createProduct();
    const dear = await createContract([{ produkt: produkt._id, cijena: 9, kolicina: 5 }]);
    const cheap = await createContract([{ produkt: produkt._id, cijena: 4, kolicina: 1 }]);
    await createContract([{ produkt: produkt._id, cijena: 1, kolicina: 5 }], { vazi_od: inDays(-60), vazi_do: inDays(-1) });
    const offered = async () => (await client.get(tech, `/inventar/ugovori/za-produkt?produkt=${produkt._id}`, sarajevo)).json<ProductContractsAnswer>().ugovori;
    expect((await offered()).map((entry) => [entry._id, entry.cijena, entry.preostalo])).toEqual([[cheap._id, '4.00', 1], [dear._id, '9.00', 5]]);
    await receipt(produkt._id, 1, { ugovor: cheap._id });
    expect((await offered()).map((entry) => entry._id)).toEqual([dear._id]);
  });

  it.each([
    ['a partner that is not a supplier', (p: string) => contractBody([{ produkt: p, cijena: 1, kolicina: 1 }], { dobavljac: orderer }), 400, 'inventory.notSupplier', 'ugovor.dobavljac'],
    ['an end before the start', (p: string) => contractBody([{ produkt: p, cijena: 1, kolicina: 1 }], { vazi_od: inDays(5), vazi_do: inDays(4) }), 400, 'inventory.contractDates', 'ugovor.vazi_do'],
    ['no lines', () => contractBody([]), 400, 'inventory.contractLinesRequired', 'ugovor.stavke'],
    ['a product twice', (p: string) => contractBody([{ produkt: p, cijena: 1, kolicina: 1 }, { produkt: p, cijena: 2, kolicina: 1 }]), 400, 'inventory.duplicateLine', 'ugovor.stavke'],
    ['an unknown product', () => contractBody([{ produkt: '00000000-0000-4000-8000-000000000000', cijena: 1, kolicina: 1 }]), 400, 'form.invalid', 'ugovor.stavke'],
    ['three decimals in a price', (p: string) => contractBody([{ produkt: p, cijena: 1.005, kolicina: 1 }]), 400, 'form.invalid', 'ugovor.stavke.0.cijena'],
    ['no number', (p: string) => contractBody([{ produkt: p, cijena: 1, kolicina: 1 }], { broj: ' ' }), 400, 'form.required', 'ugovor.broj'],
  ])('refuses %s', async (_name, body, status, code, field) => {
    const produkt = await createProduct();
    const response = await client.post(tech, '/inventar/ugovori', body(produkt._id), sarajevo);
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json()).toMatchObject({ success: false, code, field });
  });

  it('refuses a number the supplier has already (case ignored), also when two saves race', async () => {
    const produkt = await createProduct();
    const broj = `UG-${tag()}`;
    const responses = await Promise.all([broj, broj.toLowerCase(), broj].map((value) =>
      client.post(tech, '/inventar/ugovori', contractBody([{ produkt: produkt._id, cijena: 1, kolicina: 1 }], { broj: value }), sarajevo)));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409, 409]);
    expect(responses.find((response) => response.statusCode === 409)?.json()).toMatchObject({ code: 'inventory.contractTaken', field: 'ugovor.broj' });
    // Another supplier may use the same number.
    const other = await client.post(tech, '/inventar/ugovori', contractBody([{ produkt: produkt._id, cijena: 1, kolicina: 1 }], { broj, dobavljac: otherSupplier }), sarajevo);
    expect(other.statusCode).toBe(201);
    expect(await t.database.db.select().from(inventoryContracts).where(sql`upper(${inventoryContracts.broj}) = ${broj}`)).toHaveLength(2);
  });

  it('keeps contracts from a read-only user', async () => {
    const produkt = await createProduct();
    expect((await client.post(viewer, '/inventar/ugovori', contractBody([{ produkt: produkt._id, cijena: 1, kolicina: 1 }]), sarajevo)).statusCode).toBe(403);
  });
});

describe('purchase orders', () => {
  it('suggests low-stock products with what brings them back above the level and the contract price', async () => {
    const low = await createProduct({ nivo: 10 });
    const fine = await createProduct({ nivo: 2 });
    await receipt(low._id, 4);
    await receipt(fine._id, 5);
    const ugovor = await createContract([{ produkt: low._id, cijena: 7.25, kolicina: 100 }]);
    const suggestions = async () => (await client.get(tech, '/inventar/narudzbe/prijedlozi', sarajevo)).json<OrderSuggestionsAnswer>().prijedlozi;
    const first = await suggestions();
    expect(first.find((entry) => entry.produkt === fine._id)).toBeUndefined();
    expect(first.find((entry) => entry.produkt === low._id)).toMatchObject({
      ukupno: 4, nivo: 10, naruceno: 0, kolicina: 7, ugovor: { _id: ugovor._id, cijena: '7.25', dobavljac: { _id: supplier } },
    });
    // What a sent order still brings is not suggested again.
    const order = await createOrder({ ugovor: ugovor._id, stavke: [{ produkt: low._id, kolicina: 3 }] });
    expect((await suggestions()).find((entry) => entry.produkt === low._id)?.kolicina).toBe(7);
    await step(order._id, 'posalji');
    expect((await suggestions()).find((entry) => entry.produkt === low._id)).toMatchObject({ naruceno: 3, kolicina: 4 });
  });

  it('goes draft → sent → partly received → received through its receipts, each step audited, and prints as a PDF', async () => {
    const [a, b] = [await createProduct({ nivo: 5 }), await createProduct()];
    const ugovor = await createContract([{ produkt: a._id, cijena: 2.5, kolicina: 10 }]);
    const order = await createOrder({ ugovor: ugovor._id, napomena: 'Hitno', stavke: [{ produkt: a._id, kolicina: 4, cijena: 99 }, { produkt: b._id, kolicina: 2, cijena: 1.2 }] });
    expect(order).toMatchObject({ status: 'nacrt', ugovor: { _id: ugovor._id }, ukupno: '12.40', sent_at: null });
    expect(order.broj).toMatch(/^NAR-\d{6}$/);
    // The contract's price wins over the one entered for a product on the contract.
    expect(order.stavke.find((line) => line.produkt === a._id)).toMatchObject({ cijena: '2.50', ugovorena: true, preostalo: 4 });
    expect(order.stavke.find((line) => line.produkt === b._id)).toMatchObject({ cijena: '1.20', ugovorena: false });

    // Nothing is received against a draft; its lines can still change.
    expect((await receipt(a._id, 1, { narudzba: order._id })).json()).toMatchObject({ code: 'inventory.orderNotReceivable', field: 'narudzba' });
    const edited = await client.post(tech, `/inventar/narudzbe/${order._id}/stavke`, { stavke: [{ produkt: a._id, kolicina: 5 }, { produkt: b._id, kolicina: 2, cijena: 1.2 }], napomena: 'Hitno!' }, sarajevo);
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<OrderSavedAnswer>().narudzba).toMatchObject({ napomena: 'Hitno!', ukupno: '14.90' });

    const sent = await step(order._id, 'posalji');
    expect(sent.json<OrderSavedAnswer>().narudzba.status).toBe('poslana');
    expect((await client.post(tech, `/inventar/narudzbe/${order._id}/stavke`, { stavke: [{ produkt: a._id, kolicina: 1 }] }, sarajevo)).json())
      .toMatchObject({ code: 'inventory.orderNotEditable' });
    expect((await step(order._id, 'posalji')).statusCode).toBe(409);

    const open = (await client.get(tech, `/inventar/narudzbe/otvorene?produkt=${a._id}`, sarajevo)).json<OpenOrdersAnswer>().narudzbe;
    expect(open).toEqual([{ _id: order._id, broj: order.broj, dobavljac: order.dobavljac.naziv, preostalo: 5 }]);
    expect((await receipt(a._id, 3, { narudzba: order._id })).statusCode).toBe(201);
    expect((await showOrder(order._id)).status).toBe('djelimicno');
    // Cancelling is refused once goods came in.
    expect((await step(order._id, 'otkazi')).json()).toMatchObject({ code: 'inventory.orderStepRefused' });
    const over = await receipt(a._id, 3, { narudzba: order._id });
    expect(over.json()).toMatchObject({ code: 'inventory.orderExceeded', preostalo: 2, message: `Narudžba ${order.broj} čeka još 2 pakovanja ovog produkta.` });
    const notOn = await receipt((await createProduct())._id, 1, { narudzba: order._id });
    expect(notOn.json()).toMatchObject({ code: 'inventory.notOnOrder', field: 'produkt' });
    expect((await receipt(a._id, 2, { narudzba: order._id })).statusCode).toBe(201);
    expect((await receipt(b._id, 2, { narudzba: order._id })).json<ReceiptAnswer>().lot.kolicina).toBe(2);
    const done = await showOrder(order._id);
    expect(done.status).toBe('primljena');
    expect(done.stavke.map((line) => line.preostalo)).toEqual([0, 0]);
    // The order's contract line counted the receipts of its product.
    const contract = (await client.get(tech, `/inventar/ugovori/${ugovor._id}`, sarajevo)).json<ContractSavedAnswer>().ugovor;
    expect(contract.stavke[0]).toMatchObject({ primljeno: 5, preostalo: 5 });
    expect((await receipt(a._id, 1, { narudzba: order._id })).json()).toMatchObject({ code: 'inventory.orderNotReceivable' });

    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, order._id));
    expect(audit.map((row) => [row.action, row.newValue])).toEqual(expect.arrayContaining([
      ['inventory.order.create', expect.anything()], ['inventory.order.lines', expect.anything()], ['inventory.order.send', 'poslana'],
      ['inventory.order.received', 'djelimicno'], ['inventory.order.received', 'primljena'],
    ]));
    expect(audit).toHaveLength(5);

    const pdf = await t.app.inject({ method: 'GET', url: `/api/inventar/narudzbe/${order._id}/pdf`, headers: { authorization: `Bearer ${tech.token}`, 'x-site': sarajevo } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('NARUDŽBENICA');
    expect(text).toContain(order.broj);
    expect(text).toContain(`Dobavljač: ${order.dobavljac.naziv}`);
    expect(text).toContain(`Ugovor: ${ugovor.broj}`);
    expect(text).toContain(a.LN);
    expect(text).toContain('12,50 KM');
    expect(text).toContain('14,90 KM');
    expect(text).toContain('Stranica 1 od 1');
  });

  it('cancels from draft or sent only', async () => {
    const produkt = await createProduct();
    const draft = await createOrder({ stavke: [{ produkt: produkt._id, kolicina: 1 }] });
    expect(draft.ukupno).toBeNull();
    expect((await step(draft._id, 'otkazi')).json<OrderSavedAnswer>().narudzba.status).toBe('otkazana');
    expect((await step(draft._id, 'posalji')).statusCode).toBe(409);
    const sent = await createOrder({ stavke: [{ produkt: produkt._id, kolicina: 1 }] });
    await step(sent._id, 'posalji');
    expect((await step(sent._id, 'otkazi')).json<OrderSavedAnswer>().narudzba.status).toBe('otkazana');
    expect((await receipt(produkt._id, 1, { narudzba: sent._id })).json()).toMatchObject({ code: 'inventory.orderNotReceivable' });
    const list = (await client.get(tech, '/inventar/narudzbe/list?status=otkazana&per_page=0', sarajevo)).json<ListAnswer<OrderListRow>>();
    expect(list.data.map((row) => row._id)).toEqual(expect.arrayContaining([draft._id, sent._id]));
    expect(list.data.every((row) => row.status === 'otkazana')).toBe(true);
  });

  it('lets simultaneous receipts of one order line never take more than was ordered', async () => {
    const produkt = await createProduct();
    const order = await createOrder({ stavke: [{ produkt: produkt._id, kolicina: 3 }] });
    await step(order._id, 'posalji');
    const responses = await Promise.all(Array.from({ length: 4 }, (_, index) => receipt(produkt._id, 2, { narudzba: order._id }, index % 2 === 0 ? tech : admin)));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409, 409, 409]);
    expect((await showOrder(order._id)).stavke[0]).toMatchObject({ primljeno: 2, preostalo: 1 });
  });

  it.each([
    ['a partner that is not a supplier', () => ({ dobavljac: orderer }), 'inventory.notSupplier', 'narudzba.dobavljac'],
    ['a contract of another supplier', (ugovor: string) => ({ dobavljac: otherSupplier, ugovor }), 'inventory.contractOfOtherSupplier', 'narudzba.ugovor'],
    ['no lines', () => ({ stavke: [] }), 'inventory.orderLinesRequired', 'narudzba.stavke'],
    ['a zero quantity', (_u: string, produkt: string) => ({ stavke: [{ produkt, kolicina: 0 }] }), 'form.invalid', 'narudzba.stavke.0.kolicina'],
  ])('refuses an order with %s', async (_name, change, code, field) => {
    const produkt = await createProduct();
    const ugovor = await createContract([{ produkt: produkt._id, cijena: 1, kolicina: 1 }]);
    const response = await client.post(tech, '/inventar/narudzbe', {
      narudzba: { dobavljac: supplier, stavke: [{ produkt: produkt._id, kolicina: 1 }], ...change(ugovor._id, produkt._id) },
    }, sarajevo);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ code, field });
  });

  it('refuses an order under a contract not valid today', async () => {
    const produkt = await createProduct();
    const expired = await createContract([{ produkt: produkt._id, cijena: 1, kolicina: 1 }], { vazi_od: inDays(-9), vazi_do: inDays(-2) });
    const response = await client.post(tech, '/inventar/narudzbe', { narudzba: { dobavljac: supplier, ugovor: expired._id, stavke: [{ produkt: produkt._id, kolicina: 1 }] } }, sarajevo);
    expect(response.json()).toMatchObject({ code: 'inventory.contractNotValid', field: 'narudzba.ugovor' });
  });

  it('keeps another site\'s order out of reach: 404, unchanged, unlisted', async () => {
    const produkt = await createProduct();
    const order = await createOrder({ stavke: [{ produkt: produkt._id, kolicina: 2 }] }, tuzla, admin);
    for (const response of [
      await client.get(tech, `/inventar/narudzbe/${order._id}`, sarajevo),
      await client.get(tech, `/inventar/narudzbe/${order._id}/pdf`, sarajevo),
      await step(order._id, 'posalji'),
      await client.post(tech, `/inventar/narudzbe/${order._id}/stavke`, { stavke: [{ produkt: produkt._id, kolicina: 1 }] }, sarajevo),
    ]) expect(response.statusCode).toBe(404);
    const list = (await client.get(admin, '/inventar/narudzbe/list?per_page=0', sarajevo)).json<ListAnswer<OrderListRow>>();
    expect(list.data.map((row) => row._id)).not.toContain(order._id);
    const atTuzla = (await client.get(admin, `/inventar/narudzbe/${order._id}`, tuzla)).json<{ narudzba: Order }>().narudzba;
    expect(atTuzla).toMatchObject({ status: 'nacrt', stavke: [expect.objectContaining({ kolicina: 2 })] });
    await client.post(admin, `/inventar/narudzbe/${order._id}/posalji`, {}, tuzla);
    expect((await receipt(produkt._id, 1, { narudzba: order._id })).statusCode).toBe(404);
  });

  it('keeps orders from a read-only user', async () => {
    const produkt = await createProduct();
    const response = await client.post(viewer, '/inventar/narudzbe', { narudzba: { dobavljac: supplier, stavke: [{ produkt: produkt._id, kolicina: 1 }] } }, sarajevo);
    expect(response.statusCode).toBe(403);
  });
});

describe('alerts', () => {
  it('lists low stock and lots expiring within danadoroka days or expired, while the condition lasts', async () => {
    const produkt = await createProduct({ nivo: 5, danadoroka: 15 });
    const alertsOf = async () => (await client.get(viewer, '/inventar/upozorenja', sarajevo)).json<InventoryAlertsAnswer>().upozorenja
      .filter((alert) => alert.produkt === produkt._id);
    expect(await alertsOf()).toEqual([expect.objectContaining({ id: `nisko:${produkt._id}`, vrsta: 'nisko', ukupno: 0, nivo: 5, lot: null })]);
    const soon = (await receipt(produkt._id, 2, { lot: 'SOON', rok_trajanja: inDays(15) })).json<ReceiptAnswer>().lot;
    await receipt(produkt._id, 3, { lot: 'LATER', rok_trajanja: inDays(16) });
    expect(await alertsOf()).toEqual([expect.objectContaining({ id: `rok:${soon._id}`, vrsta: 'rok', lot: 'SOON', dana: 15, rok_trajanja: inDays(15) })]);
    // Another site sees none of it.
    const atTuzla = (await client.get(admin, '/inventar/upozorenja', tuzla)).json<InventoryAlertsAnswer>().upozorenja;
    expect(atTuzla.some((alert) => alert.produkt === produkt._id)).toBe(false);
  });
});

describe('the period of the product, contract and order lists (DANAS first on their screens)', () => {
  it('selects by when each was registered, in SQL: DANAS, JUČER, SVE and a date range', async () => {
    const oldProduct = await createProduct({ opis: 'Stari produkt' });
    const oldContract = await createContract([{ produkt: oldProduct._id, cijena: 2, kolicina: 5 }]);
    const oldOrder = await createOrder({ stavke: [{ produkt: oldProduct._id, kolicina: 1 }] });
    // Registered the day before yesterday, as far as the lists can tell.
    const twoDaysAgo = sql`now() - interval '2 days'`;
    await t.database.db.execute(sql`update inventory_products set created_at = ${twoDaysAgo} where id = ${oldProduct._id}`);
    await t.database.db.update(inventoryContracts).set({ createdAt: twoDaysAgo }).where(eq(inventoryContracts.id, oldContract._id));
    await t.database.db.execute(sql`update inventory_orders set created_at = ${twoDaysAgo} where id = ${oldOrder._id}`);
    const newProduct = await createProduct({ opis: 'Novi produkt' });
    const newContract = await createContract([{ produkt: newProduct._id, cijena: 2, kolicina: 5 }]);
    const newOrder = await createOrder({ stavke: [{ produkt: newProduct._id, kolicina: 1 }] });

    const ids = async (path: string, query: string) => {
      const response = await client.get(tech, `${path}?per_page=0&${query}`, sarajevo);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<ListAnswer<{ _id: string }>>().data.map((row) => row._id);
    };
    const from = inDays(-2);
    const lists = [
      ['/inventar/produkti/list', oldProduct._id, newProduct._id],
      ['/inventar/ugovori/list', oldContract._id, newContract._id],
      ['/inventar/narudzbe/list', oldOrder._id, newOrder._id],
    ] as const;
    for (const [path, older, newer] of lists) {
      const today = await ids(path, 'datum=DANAS');
      expect(today, path).toContain(newer);
      expect(today, path).not.toContain(older);
      expect(await ids(path, 'datum=SVE'), path).toEqual(expect.arrayContaining([older, newer]));
      const range = await ids(path, `dateRangeMin=${from}&dateRangeMax=${from}`);
      expect(range, path).toContain(older);
      expect(range, path).not.toContain(newer);
      expect((await client.get(tech, `${path}?datum=JUTRO`, sarajevo)).json(), path).toMatchObject({ code: 'form.invalid', field: 'datum' });
    }
  });
});
