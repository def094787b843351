import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ListAnswer, type MovementListRow, type ProductCreatedAnswer, type ProductListRow, type ReadProductAnswer, type ReceiptAnswer,
  type StockAnswer, addDays, calendarDateOf, toIsoDate,
} from '@lis/domain';
import { inventoryMovements, labSections } from '../../db/schema.ts';
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
};

describe('inventory site scoping', () => {
  it('has a cross-site case for every route of the module', async () => {
    await expectEveryRouteCovered(inventoryRoutes, crossSiteCases);
  });
  it.each(Object.keys(crossSiteCases))('%s', async (route) => {
    await crossSiteCases[route as RouteKey]!();
  });
});
