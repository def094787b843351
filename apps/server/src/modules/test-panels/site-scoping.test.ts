import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestPanel } from '@lis/domain';
import type { SignedIn, TestApp } from '../../test/harness.ts';
import { expectEveryRouteCovered, openCrossSiteApp, type RouteKey } from '../../test/site-scoping.ts';
import type { Api, FixtureCatalogue } from '../samples/test-fixtures.ts';
import { testPanelRoutes } from './routes.ts';

// A panel belongs to its site. From site SA a TZ panel is not listed, not changed, not deleted and has no
// history (404, as a missing id), and the TZ panel is left exactly as it was.

let t: TestApp;
let client: Api;
let tech: SignedIn;
let admin: SignedIn;
let sarajevo: string;
let tuzla: string;
let cat: FixtureCatalogue;
let tuzlaPanel: TestPanel;

beforeAll(async () => {
  ({ t, client, tech, admin, sarajevo, tuzla, cat } = await openCrossSiteApp());
  const response = await client.post(admin, '/assays/paneli/edit', {
    panel: { sifra: 'TZONLY', naziv: 'Samo Tuzla', testovi: [cat.ids.GLU], price: 1, naplata: 'testovi' },
  }, tuzla);
  expect(response.statusCode, response.body).toBe(200);
  tuzlaPanel = response.json<{ panel: TestPanel }>().panel;
});
afterAll(async () => { await t.close(); });

async function tuzlaPanels(): Promise<TestPanel[]> {
  return (await client.get(admin, '/assays/paneli/list', tuzla)).json<{ paneli: TestPanel[] }>().paneli;
}

const crossSiteCases: Record<RouteKey, () => Promise<void>> = {
  'GET /api/assays/paneli/list': async () => {
    const fromSarajevo = (await client.get(tech, '/assays/paneli/list')).json<{ paneli: TestPanel[] }>().paneli;
    expect(fromSarajevo.map((panel) => panel._id)).not.toContain(tuzlaPanel._id);
    expect(fromSarajevo.map((panel) => panel.sifra)).toContain('KKS');
    expect((await tuzlaPanels()).map((panel) => panel._id)).toContain(tuzlaPanel._id);
  },
  'POST /api/assays/paneli/edit': async () => {
    const response = await client.post(admin, '/assays/paneli/edit', {
      panel: { _id: tuzlaPanel._id, sifra: 'TZONLY', naziv: 'Promijenjen iz Sarajeva', testovi: [cat.ids.GLU], price: 2, naplata: 'panel' },
    }, sarajevo);
    expect(response.statusCode, response.body).toBe(404);
    expect(response.json()).toMatchObject({ success: false, code: 'notFound' });
    expect((await tuzlaPanels()).find((panel) => panel._id === tuzlaPanel._id)).toEqual(tuzlaPanel);
    // The same code at another site is another panel, not a clash.
    const own = await client.post(admin, '/assays/paneli/edit', {
      panel: { sifra: 'TZONLY', naziv: 'Sarajevo', testovi: [cat.ids.GLU], price: 1, naplata: 'testovi' },
    }, sarajevo);
    expect(own.statusCode, own.body).toBe(200);
  },
  'POST /api/assays/paneli/delete': async () => {
    const response = await client.post(admin, '/assays/paneli/delete', { _id: tuzlaPanel._id }, sarajevo);
    expect(response.statusCode, response.body).toBe(404);
    expect((await tuzlaPanels()).map((panel) => panel._id)).toContain(tuzlaPanel._id);
  },
  'GET /api/assays/paneli/history/:id': async () => {
    expect((await client.get(admin, `/assays/paneli/history/${tuzlaPanel._id}`, sarajevo)).statusCode).toBe(404);
    expect((await client.get(admin, `/assays/paneli/history/${tuzlaPanel._id}`, tuzla)).statusCode).toBe(200);
  },
};

describe('test panels: a panel of site TZ with a session on site SA', () => {
  it('has a case for every route of the module', async () => {
    await expectEveryRouteCovered(testPanelRoutes, crossSiteCases);
  });

  it.each(Object.entries(crossSiteCases))('%s', async (_route, check) => {
    await check();
  });
});
