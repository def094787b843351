import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ListAnswer, type MovementListRow, type ProductCreatedAnswer, type ProductListRow, type ReadProductAnswer, type ReceiptAnswer,
  type StockAnswer, type ContractSavedAnswer, type InventoryAlertsAnswer, type OpenOrdersAnswer, type Order, type OrderListRow,
  type OrderSavedAnswer, type OrderSuggestionsAnswer, type SupplierListAnswer, addDays, calendarDateOf, toIsoDate,
} from '@lis/domain';
import { inventoryMovements, inventoryOrders, labSections, partners } from '../../db/schema.ts';
import type { SignedIn, TestApp } from '../../test/harness.ts';
import { expectEveryRouteCovered, openCrossSiteApp, type RouteKey } from '../../test/site-scoping.ts';
import type { Api } from '../samples/test-fixtures.ts';
import { inventoryRoutes } from './routes.ts';

// Products and the reference lists are the lab's; lots, movements and stock belong to a site. With a session
// on SA (tehnicar@demo.lab has SA only; admin@demo.lab working on SA), a TZ lot is never listed or counted,
// and naming it answers 404 exactly like a missing one, leaving its stock unchanged.

let t: TestApp;
let client: Api;
let tech: SignedIn;
let admin: SignedIn;
let sarajevo: string;
let tuzla: string;
let sekcija: string;
let product: ProductCreatedAnswer['produkt'];
let tzLot: ReceiptAnswer['lot'];
let supplier: string;
let contract: ContractSavedAnswer['ugovor'];
let tzOrder: Order;
const inDays = (days: number) => toIsoDate(addDays(calendarDateOf(new Date(), 'Europe/Sarajevo'), days));

beforeAll(async () => {
  ({ t, client, tech, admin, sarajevo, tuzla } = await openCrossSiteApp());
  const [section] = await t.database.db.select({ id: labSections.id }).from(labSections).limit(1);
  sekcija = section!.id;
  const created = await client.post(admin, '/inventar/createprodukt', {
    produkt: { LN: 'TZ-SCOPE-1', opis: 'Tuzlanski reagens', sadrzaj: 50, jedinica_mjere: 'test', oj: tuzla, nivo: 3 },
  }, tuzla);
  expect(created.statusCode, created.body).toBe(201);
  product = created.json<ProductCreatedAnswer>().produkt;
  const received = await client.post(admin, '/inventar/ulaz', { produkt: product._id, lot: 'TZ-LOT', rok_trajanja: inDays(90), kolicina: 6 }, tuzla);
  expect(received.statusCode, received.body).toBe(201);
  tzLot = received.json<ReceiptAnswer>().lot;
  const [partner] = await t.database.db.insert(partners).values({ naziv: 'Dobavljač za oba sajta', vrste: ['dobavljac'] }).returning({ id: partners.id });
  supplier = partner!.id;
  const contracted = await client.post(admin, '/inventar/ugovori', {
    ugovor: { dobavljac: supplier, broj: 'UG-SCOPE', vazi_od: inDays(-1), vazi_do: inDays(60), stavke: [{ produkt: product._id, cijena: 2, kolicina: 50 }] },
  }, tuzla);
  expect(contracted.statusCode, contracted.body).toBe(201);
  contract = contracted.json<ContractSavedAnswer>().ugovor;
  const ordered = await client.post(admin, '/inventar/narudzbe', {
    narudzba: { dobavljac: supplier, ugovor: contract._id, stavke: [{ produkt: product._id, kolicina: 8 }] },
  }, tuzla);
  expect(ordered.statusCode, ordered.body).toBe(201);
  tzOrder = ordered.json<OrderSavedAnswer>().narudzba;
  expect((await client.post(admin, `/inventar/narudzbe/${tzOrder._id}/posalji`, {}, tuzla)).statusCode).toBe(200);
});
afterAll(async () => { await t.close(); });

async function unchangedTzStock(): Promise<void> {
  const rows = await t.database.db.select().from(inventoryMovements).where(eq(inventoryMovements.lotId, tzLot._id));
  expect(rows.reduce((sum, row) => sum + row.kolicina, 0)).toBe(6);
}

const referenceListCase = (path: string, field: string) => async () => {
  // Lab-wide by design: every site reads the same list.
  const atSarajevo = (await client.get(tech, path, sarajevo)).json<Record<string, unknown>>();
  const atTuzla = (await client.get(admin, path, tuzla)).json<Record<string, unknown>>();
  expect(atSarajevo[field]).toEqual(atTuzla[field]);
};

const crossSiteCases: Record<RouteKey, () => Promise<void>> = {
  'GET /api/inventar/listklasa': referenceListCase('/inventar/listklasa', 'klase'),
  'GET /api/inventar/listprogram': referenceListCase('/inventar/listprogram', 'programi'),
  'GET /api/inventar/listplatforma': referenceListCase('/inventar/listplatforma', 'platforme'),
  'GET /api/inventar/listproizvodjac': referenceListCase('/inventar/listproizvodjac', 'proizvodjaci'),
  'GET /api/inventar/listoj': async () => {
    const list = (await client.get(tech, '/inventar/listoj', sarajevo)).json<{ list: { _id: string }[] }>().list;
    expect(list.map((entry) => entry._id)).toEqual([sarajevo]);
  },
  'POST /api/inventar/lista/edit': async () => {
    const response = await client.post(tech, '/inventar/lista/edit', { vrsta: 'klasa', element: { naziv: 'Tuđa' } }, tuzla);
    expect(response.statusCode).toBe(403);
  },
  'POST /api/inventar/readprodukt': async () => {
    // Products are the lab's: an LN is one product wherever it is stocked.
    const read = (await client.post(tech, '/inventar/readprodukt', { LN: 'tz-scope-1' }, sarajevo)).json<ReadProductAnswer>();
    expect(read.produkt?._id).toBe(product._id);
  },
  'POST /api/inventar/createprodukt': async () => {
    const response = await client.post(tech, '/inventar/createprodukt', {
      produkt: { LN: 'SA-NOT-TZ', opis: 'Pokušaj za Tuzlu', sadrzaj: 1, jedinica_mjere: 'kom', oj: tuzla },
    }, sarajevo);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'inventory.siteForbidden', field: 'produkt.oj' });
  },
  'GET /api/inventar/produkti/list': async () => {
    const list = (await client.get(tech, '/inventar/produkti/list?filter=TZ-SCOPE-1', sarajevo)).json<ListAnswer<ProductListRow>>();
    expect(list.data).toEqual([expect.objectContaining({ _id: product._id, stanje: 0 })]);
  },
  'GET /api/inventar/sekcije': async () => {
    const answer = (await client.get(tech, '/inventar/sekcije', sarajevo)).json<{ sekcije: { _id: string }[] }>();
    expect(answer.sekcije.map((entry) => entry._id)).toContain(sekcija);
  },
  'POST /api/inventar/ulaz': async () => {
    // The same lot number received at SA is SA's own lot; the TZ lot keeps its stock.
    const response = await client.post(tech, '/inventar/ulaz', { produkt: product._id, lot: 'TZ-LOT', rok_trajanja: inDays(30), kolicina: 1 }, sarajevo);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<ReceiptAnswer>().lot._id).not.toBe(tzLot._id);
    await unchangedTzStock();
  },
  'POST /api/inventar/izlaz': async () => {
    const named = await client.post(tech, '/inventar/izlaz', { produkt: product._id, kolicina: 1, sekcija, lot: tzLot._id }, sarajevo);
    expect(named.statusCode).toBe(404);
    await unchangedTzStock();
  },
  'GET /api/inventar/stanje': async () => {
    const answer = (await client.get(tech, `/inventar/stanje?produkt=${product._id}`, sarajevo)).json<StockAnswer>();
    expect(answer.produkti.flatMap((entry) => entry.lotovi.map((lot) => lot._id))).not.toContain(tzLot._id);
    const atTuzla = (await client.get(admin, `/inventar/stanje?produkt=${product._id}`, tuzla)).json<StockAnswer>();
    expect(atTuzla.produkti[0]?.lotovi.map((lot) => lot._id)).toEqual([tzLot._id]);
  },
  'GET /api/inventar/kretanja/list': async () => {
    const list = (await client.get(tech, '/inventar/kretanja/list?datum=SVE&filter=TZ-SCOPE-1', sarajevo)).json<ListAnswer<MovementListRow>>();
    expect(list.data.every((row) => row.rok_trajanja !== tzLot.rok_trajanja)).toBe(true);
  },
  'GET /api/inventar/dobavljaci': async () => {
    // Partners are the lab's: every site offers the same suppliers.
    const atSarajevo = (await client.get(tech, '/inventar/dobavljaci', sarajevo)).json<SupplierListAnswer>();
    expect(atSarajevo.dobavljaci.map((entry) => entry._id)).toContain(supplier);
  },
  'POST /api/inventar/ugovori': async () => {
    // Contracts are the lab's: one registered at TZ is the contract SA receives under, so its number is taken for SA too.
    const response = await client.post(tech, '/inventar/ugovori', {
      ugovor: { dobavljac: supplier, broj: 'ug-scope', vazi_od: inDays(0), vazi_do: inDays(5), stavke: [{ produkt: product._id, cijena: 1, kolicina: 1 }] },
    }, sarajevo);
    expect(response.json()).toMatchObject({ code: 'inventory.contractTaken' });
  },
  'GET /api/inventar/ugovori/list': async () => {
    const list = (await client.get(tech, '/inventar/ugovori/list?filter=UG-SCOPE', sarajevo)).json<ListAnswer<{ _id: string }>>();
    expect(list.data.map((row) => row._id)).toEqual([contract._id]);
  },
  'GET /api/inventar/ugovori/za-produkt': async () => {
    const answer = (await client.get(tech, `/inventar/ugovori/za-produkt?produkt=${product._id}`, sarajevo)).json<{ ugovori: { _id: string }[] }>();
    expect(answer.ugovori.map((entry) => entry._id)).toContain(contract._id);
  },
  'GET /api/inventar/ugovori/:id': async () => {
    const response = await client.get(tech, `/inventar/ugovori/${contract._id}`, sarajevo);
    expect(response.statusCode).toBe(200);
  },
  'GET /api/inventar/narudzbe/prijedlozi': async () => {
    // TZ's product is under its level at TZ (6 of 3 is not, so no), and SA has none of it: SA is never told about TZ's stock.
    const answer = (await client.get(tech, '/inventar/narudzbe/prijedlozi', sarajevo)).json<OrderSuggestionsAnswer>();
    expect(answer.prijedlozi.some((entry) => entry.produkt === product._id && entry.ukupno === 6)).toBe(false);
  },
  'GET /api/inventar/narudzbe/otvorene': async () => {
    const atSarajevo = (await client.get(tech, `/inventar/narudzbe/otvorene?produkt=${product._id}`, sarajevo)).json<OpenOrdersAnswer>();
    expect(atSarajevo.narudzbe).toEqual([]);
    const atTuzla = (await client.get(admin, `/inventar/narudzbe/otvorene?produkt=${product._id}`, tuzla)).json<OpenOrdersAnswer>();
    expect(atTuzla.narudzbe.map((entry) => entry._id)).toEqual([tzOrder._id]);
  },
  'GET /api/inventar/narudzbe/list': async () => {
    const list = (await client.get(admin, '/inventar/narudzbe/list?per_page=0', sarajevo)).json<ListAnswer<OrderListRow>>();
    expect(list.data.map((row) => row._id)).not.toContain(tzOrder._id);
  },
  'POST /api/inventar/narudzbe': async () => {
    const response = await client.post(tech, '/inventar/narudzbe', { narudzba: { dobavljac: supplier, stavke: [{ produkt: product._id, kolicina: 1 }] } }, sarajevo);
    const created = response.json<OrderSavedAnswer>().narudzba;
    const [row] = await t.database.db.select({ siteId: inventoryOrders.siteId }).from(inventoryOrders).where(eq(inventoryOrders.id, created._id));
    expect(row?.siteId).toBe(sarajevo);
  },
  'GET /api/inventar/narudzbe/:id': async () => {
    expect((await client.get(tech, `/inventar/narudzbe/${tzOrder._id}`, sarajevo)).statusCode).toBe(404);
  },
  'POST /api/inventar/narudzbe/:id/stavke': async () => {
    expect((await client.post(tech, `/inventar/narudzbe/${tzOrder._id}/stavke`, { stavke: [{ produkt: product._id, kolicina: 1 }] }, sarajevo)).statusCode).toBe(404);
  },
  'POST /api/inventar/narudzbe/:id/posalji': async () => {
    expect((await client.post(tech, `/inventar/narudzbe/${tzOrder._id}/posalji`, {}, sarajevo)).statusCode).toBe(404);
  },
  'POST /api/inventar/narudzbe/:id/otkazi': async () => {
    expect((await client.post(tech, `/inventar/narudzbe/${tzOrder._id}/otkazi`, {}, sarajevo)).statusCode).toBe(404);
    const atTuzla = (await client.get(admin, `/inventar/narudzbe/${tzOrder._id}`, tuzla)).json<{ narudzba: Order }>().narudzba;
    expect(atTuzla.status).toBe('poslana');
  },
  'GET /api/inventar/narudzbe/:id/pdf': async () => {
    expect((await client.get(tech, `/inventar/narudzbe/${tzOrder._id}/pdf`, sarajevo)).statusCode).toBe(404);
  },
  'GET /api/inventar/upozorenja': async () => {
    const atSarajevo = (await client.get(tech, '/inventar/upozorenja', sarajevo)).json<InventoryAlertsAnswer>();
    expect(atSarajevo.upozorenja.some((alert) => alert.id === `rok:${tzLot._id}`)).toBe(false);
  },
};

describe('inventory site scoping', () => {
  it('has a cross-site case for every route of the module', async () => {
    await expectEveryRouteCovered(inventoryRoutes, crossSiteCases);
  });
  it.each(Object.keys(crossSiteCases))('%s', async (route) => {
    await crossSiteCases[route as RouteKey]!();
  });
});
