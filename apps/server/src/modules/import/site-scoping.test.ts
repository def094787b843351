import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportAnswer, ImportPreviewAnswer } from '@lis/domain';
import { samples } from '../../db/schema.ts';
import type { SignedIn, TestApp } from '../../test/harness.ts';
import { expectEveryRouteCovered, openCrossSiteApp, type RouteKey } from '../../test/site-scoping.ts';
import { jmbgFor, type Api, type FixtureCatalogue } from '../samples/test-fixtures.ts';
import { importRoutes } from './routes.ts';
import { importFile, upload } from './test-fixtures.ts';

// A sample's import reference is the site's: a reference imported at TZ is not found by an import at SA,
// which creates its own sample there; the template, the preview and the results file hold no site data.

let t: TestApp;
let client: Api;
let tech: SignedIn;
let admin: SignedIn;
let sarajevo: string;
let tuzla: string;
let cat: FixtureCatalogue;

beforeAll(async () => {
  ({ t, client, tech, admin, sarajevo, tuzla, cat } = await openCrossSiteApp());
});
afterAll(async () => { await t.close(); });

const crossSiteCases: Record<RouteKey, () => Promise<void>> = {
  'GET /api/import/predlozak': async () => {
    const at = async (user: SignedIn, site: string) => (await t.app.inject({
      method: 'GET', url: '/api/import/predlozak', headers: { authorization: `Bearer ${user.token}`, 'x-site': site },
    })).statusCode;
    expect([await at(tech, sarajevo), await at(admin, tuzla)]).toEqual([200, 200]);
  },
  'POST /api/import/pregled': async () => {
    const bytes = await importFile([{ jmbg: '1234567890123', referenca: 'X' }]);
    const atSarajevo = (await upload(t, tech, bytes, sarajevo)).json<ImportPreviewAnswer>();
    const atTuzla = (await upload(t, admin, bytes, tuzla)).json<ImportPreviewAnswer>();
    expect(atSarajevo.rows).toEqual(atTuzla.rows);
  },
  'POST /api/import/uvoz': async () => {
    const ref = `SCOPE-${Date.now()}`;
    const row = {
      red: 2, jmbg: jmbgFor({ year: 1982, month: 4, day: 5 }, 'MUŠKI'), ime: 'Sajt', prezime: 'Testović', spol: 'MUŠKI', adresa: 'A 1', telefon: '1',
      email: '', referenca: ref, testovi: cat.sectionSifra.replace(/^T/, 'GLU-'), datum: '', partner: '', hitan: '',
    };
    const atTuzla = (await client.post(admin, '/import/uvoz', { rows: [row] }, tuzla)).json<ImportAnswer>().results;
    expect(atTuzla.map((result) => result.status)).toEqual(['kreiran']);
    const atSarajevo = (await client.post(tech, '/import/uvoz', { rows: [row] }, sarajevo)).json<ImportAnswer>().results;
    expect(atSarajevo.map((result) => result.status)).toEqual(['kreiran']);
    const stored = await t.database.db.select({ siteId: samples.siteId }).from(samples).where(inArray(samples.importRef, [ref]));
    expect(stored.map((sample) => sample.siteId).sort()).toEqual([sarajevo, tuzla].sort());
  },
  'POST /api/import/rezultat': async () => {
    const response = await client.post(tech, '/import/rezultat', { results: [] }, sarajevo);
    expect(response.statusCode).toBe(200);
  },
};

describe('import: site scoping', () => {
  it('has a case for every route of the module', async () => {
    await expectEveryRouteCovered(importRoutes, crossSiteCases);
  });

  it.each(Object.entries(crossSiteCases))('%s', async (_route, check) => {
    await check();
  });
});
