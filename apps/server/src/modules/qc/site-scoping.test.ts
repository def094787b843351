import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ControlAnswer, EntryRun, HoldsAnswer } from '@lis/domain';
import { qcControls, qcCorrectiveActions, qcResults } from '../../db/schema.ts';
import type { SignedIn, TestApp } from '../../test/harness.ts';
import { expectEveryRouteCovered, openCrossSiteApp, type RouteKey } from '../../test/site-scoping.ts';
import { siteIsoMonth } from '../../test/site-day.ts';
import type { Api, FixtureCatalogue } from '../samples/test-fixtures.ts';
import { qcRoutes } from './routes.ts';
import { FAR_EXPIRY, defineLot, enterRun } from './test-fixtures.ts';

// Control lots and results belong to a site. With a session on SA (tehnicar@demo.lab has SA only; admin@demo.lab
// working on SA), a TZ lot or result is never listed, charted or counted, and naming it answers 404 exactly like a
// missing one, leaving it unchanged. A rejected TZ run holds the assay at TZ only.

let t: TestApp;
let client: Api;
let tech: SignedIn;
let admin: SignedIn;
let sarajevo: string;
let tuzla: string;
let cat: FixtureCatalogue;
let tzLot: ControlAnswer;
let tzRun: EntryRun;

beforeAll(async () => {
  ({ t, client, tech, admin, sarajevo, tuzla, cat } = await openCrossSiteApp());
  tzLot = await defineLot(client, admin, [{ labassay: cat.ids.PSA, nivo: 1, mean: 2, sd: 0.1 }], { control: 'Tuzlanska kontrola', lot: 'TZ-9' }, tuzla);
  tzRun = await enterRun(client, admin, tzLot._id, cat.ids.PSA, { 1: '2.5' }, undefined, tuzla);
  expect(tzRun.status).toBe('odbijen');
});
afterAll(async () => { await t.close(); });

async function unchangedTzResult(): Promise<void> {
  const [row] = await t.database.db.select().from(qcResults).where(eq(qcResults.id, tzRun.rezultati[0]!._id));
  expect(row).toMatchObject({ siteId: tuzla, komentar: '', iskljucen: false });
}

const crossSiteCases: Record<RouteKey, () => Promise<void>> = {
  'GET /api/kontrole/list': async () => {
    const atSarajevo = (await client.get(tech, '/kontrole/list?datum=SVE', sarajevo)).json<{ data: { _id: string }[] }>();
    expect(atSarajevo.data.map((row) => row._id)).not.toContain(tzLot._id);
    const atTuzla = (await client.get(admin, '/kontrole/list?datum=SVE', tuzla)).json<{ data: { _id: string }[] }>();
    expect(atTuzla.data.map((row) => row._id)).toContain(tzLot._id);
  },
  'GET /api/kontrole/definicija/:id': async () => {
    expect((await client.get(admin, `/kontrole/definicija/${tzLot._id}`, sarajevo)).statusCode).toBe(404);
    expect((await client.get(admin, '/kontrole/definicija/not-an-id', sarajevo)).statusCode).toBe(404);
  },
  'POST /api/kontrole/definicija/save': async () => {
    const response = await client.post(admin, '/kontrole/definicija/save', {
      element: { _id: tzLot._id, control: 'Preuzeta', lot: 'TZ-9', rok_trajanja: FAR_EXPIRY },
    }, sarajevo);
    expect(response.statusCode).toBe(404);
    const [row] = await t.database.db.select().from(qcControls).where(eq(qcControls.id, tzLot._id));
    expect(row).toMatchObject({ kontrola: 'Tuzlanska kontrola', siteId: tuzla });
    // The same name and LOT at SA is another site's own lot, not a duplicate.
    expect((await defineLot(client, admin, [], { control: 'Tuzlanska kontrola', lot: 'TZ-9' }, sarajevo)).lot).toBe('TZ-9');
  },
  'GET /api/kontrole/pravila': async () => {
    expect((await client.post(admin, '/kontrole/pravila/save', { labassay: cat.ids.NEO, pravila: ['1-3s'], tea: null }, tuzla)).statusCode).toBe(200);
    const atSarajevo = (await client.get(tech, '/kontrole/pravila', sarajevo)).json<{ pravila: { labassay: string }[] }>();
    expect(atSarajevo.pravila.map((row) => row.labassay)).not.toContain(cat.ids.NEO);
  },
  'POST /api/kontrole/pravila/save': async () => {
    expect((await client.post(admin, '/kontrole/pravila/save', { labassay: cat.ids.HCG, pravila: ['1-3s'], tea: 10 }, sarajevo)).statusCode).toBe(200);
    const atTuzla = (await client.get(admin, '/kontrole/pravila', tuzla)).json<{ pravila: { labassay: string }[] }>();
    expect(atTuzla.pravila.map((row) => row.labassay)).not.toContain(cat.ids.HCG);
  },
  'POST /api/kontrole/unos': async () => {
    const response = await client.post(tech, '/kontrole/unos', {
      kontrola: tzLot._id, mod: 'Single', vrijednosti: [{ labassay: cat.ids.PSA, nivo: 1, vrijednost: '2' }],
    }, sarajevo);
    expect(response.statusCode).toBe(404);
    expect(await t.database.db.select().from(qcResults).where(eq(qcResults.controlId, tzLot._id))).toHaveLength(1);
  },
  'GET /api/kontrole/obrada/rezultati': async () => {
    const named = (await client.get(tech, `/kontrole/obrada/rezultati?datum=SVE&kontrola=${tzLot._id}`, sarajevo)).json<{ data: unknown[] }>();
    expect(named.data).toEqual([]);
    const all = (await client.get(tech, '/kontrole/obrada/rezultati?datum=SVE&per_page=0', sarajevo)).json<{ data: { _id: string }[] }>();
    expect(all.data.map((row) => row._id)).not.toContain(tzRun.rezultati[0]!._id);
  },
  'POST /api/control/comment/get': async () => {
    expect((await client.post(tech, '/control/comment/get', { id: tzRun.rezultati[0]!._id }, sarajevo)).statusCode).toBe(404);
  },
  'POST /api/control/comment/set': async () => {
    expect((await client.post(tech, '/control/comment/set', { id: tzRun.rezultati[0]!._id, komentar: 'Tuđe' }, sarajevo)).statusCode).toBe(404);
    await unchangedTzResult();
  },
  'POST /api/kontrole/pregled/delete/': async () => {
    expect((await client.post(tech, '/kontrole/pregled/delete/', { _id: tzRun.rezultati[0]!._id, razlog: 'Tuđe' }, sarajevo)).statusCode).toBe(404);
    await unchangedTzResult();
  },
  'GET /api/kontrole/charts': async () => {
    expect((await client.get(admin, `/kontrole/charts?kontrola=${tzLot._id}&labassay=${cat.ids.PSA}`, sarajevo)).statusCode).toBe(404);
    expect((await client.get(admin, `/kontrole/charts?kontrola=${tzLot._id}&labassay=${cat.ids.PSA}`, tuzla)).statusCode).toBe(200);
  },
  'GET /api/kontrole/mjesecno': async () => {
    const month = siteIsoMonth();
    expect((await client.get(admin, `/kontrole/mjesecno?kontrola=${tzLot._id}&mjesec=${month}`, sarajevo)).statusCode).toBe(404);
    const atTuzla = await client.get(admin, `/kontrole/mjesecno?kontrola=${tzLot._id}&mjesec=${month}`, tuzla);
    expect(atTuzla.statusCode).toBe(200);
    expect(atTuzla.json<{ redovi: { labassay: string }[] }>().redovi.map((row) => row.labassay)).toEqual([cat.ids.PSA]);
  },
  'GET /api/kontrole/blokade': async () => {
    const atSarajevo = (await client.get(tech, '/kontrole/blokade', sarajevo)).json<HoldsAnswer>();
    expect(atSarajevo.blokade.map((hold) => hold.labassay)).not.toContain(cat.ids.PSA);
    const atTuzla = (await client.get(admin, '/kontrole/blokade', tuzla)).json<HoldsAnswer>();
    expect(atTuzla.blokade.map((hold) => hold.serija)).toContain(tzRun.serija);
  },
  'POST /api/kontrole/korektivna': async () => {
    expect((await client.post(tech, '/kontrole/korektivna', { serija: tzRun.serija, opis: 'Tuđe' }, sarajevo)).statusCode).toBe(404);
    expect(await t.database.db.select().from(qcCorrectiveActions).where(eq(qcCorrectiveActions.serija, tzRun.serija))).toEqual([]);
  },
};

describe('quality control site scoping', () => {
  it('has a cross-site case for every route of the module', async () => {
    await expectEveryRouteCovered(qcRoutes, crossSiteCases);
  });
  it.each(Object.keys(crossSiteCases))('%s', async (route) => {
    await crossSiteCases[route as RouteKey]!();
  });
});
