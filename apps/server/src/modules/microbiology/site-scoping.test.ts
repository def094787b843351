import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CulturesAnswer, REFERENCE_FILES, type SampleSavedAnswer } from '@lis/domain';
import { loadConfig } from '../../config.ts';
import { labAssays, sampleCultures } from '../../db/schema.ts';
import type { SignedIn, TestApp } from '../../test/harness.ts';
import { expectEveryRouteCovered, openCrossSiteApp, type RouteKey } from '../../test/site-scoping.ts';
import { daysAgo, jmbgFor, registerPatient, type Api } from '../samples/test-fixtures.ts';
import { importReferenceData } from './reference-import.ts';
import { microbiologyRoutes } from './routes.ts';

// Organisms and antimicrobials are the lab's reference tables: every site reads the same. Cultures belong
// to a sample of a site: with a session on SA, a TZ sample's cultures are not read (404) and a save naming
// it answers 404 and changes nothing.

let t: TestApp;
let client: Api;
let tech: SignedIn;
let admin: SignedIn;
let sarajevo: string;
let tuzla: string;
let tzSample: string;
let tzTest: string;

beforeAll(async () => {
  ({ t, client, tech, admin, sarajevo, tuzla } = await openCrossSiteApp());
  await importReferenceData(t.database.db, loadConfig().microReferenceDir!);
  const [ukul] = await t.database.db.select({ id: labAssays.id }).from(labAssays).where(eq(labAssays.sifra, 'UKUL'));
  const patient = await registerPatient(client, admin, jmbgFor(daysAgo(30 * 365 + 9), 'MUŠKI'), { ime: 'Tuzla', prezime: 'Kultura' });
  const saved = await client.post(admin, '/uzorci/save', { pid: patient._id, testovi: [ukul!.id] }, tuzla);
  expect(saved.statusCode, saved.body).toBe(201);
  tzSample = saved.json<SampleSavedAnswer>().uzorak._id;
  const shown = (await client.get(admin, `/mikrobiologija/kulture/${tzSample}`, tuzla)).json<CulturesAnswer>();
  tzTest = shown.testovi[0]!._id;
  const culture = await client.post(admin, '/mikrobiologija/kulture/save', {
    sid: tzSample, version: shown.uzorak.version, test: tzTest, materijal: 'Urin', uti: true, rast: true,
    izolati: [{ organizam: 'B_ESCHR_COLI', kolicina: 5, antibiogram: [{ antibiotik: 'AMP', metoda: 'MIC', vrijednost: '4' }] }],
  }, tuzla);
  expect(culture.statusCode, culture.body).toBe(200);
}, 120_000);
afterAll(async () => { await t?.close(); });

const sameEverywhere = (path: string, field: string) => async () => {
  const atSarajevo = (await client.get(tech, path, sarajevo)).json<Record<string, unknown[]>>();
  const atTuzla = (await client.get(admin, path, tuzla)).json<Record<string, unknown[]>>();
  expect(atSarajevo[field]!.length).toBeGreaterThan(0);
  expect(atSarajevo[field]).toEqual(atTuzla[field]);
};

const crossSiteCases: Record<RouteKey, () => Promise<void>> = {
  'GET /api/mikrobiologija/organizmi': sameEverywhere('/mikrobiologija/organizmi?q=coli', 'organizmi'),
  'GET /api/mikrobiologija/antibiotici': sameEverywhere('/mikrobiologija/antibiotici?q=amp', 'antibiotici'),
  'GET /api/mikrobiologija/kulture/:sid': async () => {
    expect((await client.get(tech, `/mikrobiologija/kulture/${tzSample}`, sarajevo)).statusCode).toBe(404);
    expect((await client.get(admin, `/mikrobiologija/kulture/${tzSample}`, sarajevo)).statusCode).toBe(404);
  },
  'POST /api/mikrobiologija/kulture/save': async () => {
    const refused = await client.post(tech, '/mikrobiologija/kulture/save', {
      sid: tzSample, version: 1, test: tzTest, materijal: 'Urin', uti: true, rast: false, izolati: [],
    }, sarajevo);
    expect(refused.statusCode).toBe(404);
    const [stored] = await t.database.db.select({ rast: sampleCultures.rast }).from(sampleCultures).where(eq(sampleCultures.sampleId, tzSample));
    expect(stored).toEqual({ rast: true });
  },
  'GET /api/mikrobiologija/list': async () => {
    // The TZ culture is listed at TZ and never at SA, whoever asks.
    const sids = async (user: SignedIn, site: string) => {
      const response = await client.get(user, '/mikrobiologija/list?datum=SVE&per_page=0', site);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ data: { sid: string }[] }>().data.map((row) => row.sid);
    };
    expect(await sids(admin, tuzla)).toContain(tzSample);
    expect(await sids(admin, sarajevo)).not.toContain(tzSample);
    expect(await sids(tech, sarajevo)).not.toContain(tzSample);
  },
  // Antibiogram panels are the lab's settings: what one site defines, every site reads and may change.
  'GET /api/mikrobiologija/paneli': sameEverywhere('/mikrobiologija/paneli', 'paneli'),
  'GET /api/mikrobiologija/paneli/izbor': async () => {
    const path = '/mikrobiologija/paneli/izbor?mo=B_ESCHR_COLI&materijal=Urin';
    const atSarajevo = (await client.get(tech, path, sarajevo)).json<{ panel: { naziv: string } | null }>();
    expect(atSarajevo.panel?.naziv).toBe('Enterobacterales, urin');
    expect((await client.get(admin, path, tuzla)).json()).toEqual(atSarajevo);
  },
  'POST /api/mikrobiologija/paneli/edit': async () => {
    const created = await client.post(admin, '/mikrobiologija/paneli/edit', { naziv: 'Kampilobakter', grupa: 'B_CMPYL', antibiotici: ['CIP', 'ERY'] }, tuzla);
    expect(created.statusCode, created.body).toBe(200);
    const list = (await client.get(tech, '/mikrobiologija/paneli', sarajevo)).json<{ paneli: { naziv: string }[] }>().paneli;
    expect(list.map((panel) => panel.naziv)).toContain('Kampilobakter');
  },
  'POST /api/mikrobiologija/paneli/delete': async () => {
    const created = await client.post(admin, '/mikrobiologija/paneli/edit', { naziv: 'Moraksela', grupa: 'B_MRXLL', antibiotici: ['AMC'] }, tuzla);
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json<{ panel: { _id: string } }>().panel._id;
    expect((await client.post(admin, '/mikrobiologija/paneli/delete', { _id: id }, sarajevo)).statusCode).toBe(200);
  },
  // The reference data is the lab's; the count of cultures interpreted by each guideline is the site's own.
  'GET /api/mikrobiologija/referentni-podaci': async () => {
    const atSarajevo = (await client.get(tech, '/mikrobiologija/referentni-podaci', sarajevo)).json<{ setovi: { guideline: string; kulture: number }[] }>();
    const atTuzla = (await client.get(admin, '/mikrobiologija/referentni-podaci', tuzla)).json<{ setovi: { guideline: string; kulture: number }[] }>();
    expect(atSarajevo.setovi.map((set) => set.guideline)).toEqual(atTuzla.setovi.map((set) => set.guideline));
    expect(atTuzla.setovi.find((set) => set.guideline === 'EUCAST 2025')?.kulture).toBe(1);
    expect(atSarajevo.setovi.find((set) => set.guideline === 'EUCAST 2025')?.kulture).toBe(0);
  },
  'POST /api/mikrobiologija/referentni-podaci/import': async () => {
    // Imported at TZ, the guideline is every site's.
    const breakpoints = readFileSync(path.join(loadConfig().microReferenceDir!, REFERENCE_FILES.breakpoints), 'utf8').replaceAll('EUCAST 2025', 'EUCAST 2024');
    const imported = await client.post(admin, '/mikrobiologija/referentni-podaci/import', { datoteke: { breakpoints } }, tuzla);
    expect(imported.statusCode, imported.body).toBe(200);
    const atSarajevo = (await client.get(tech, '/mikrobiologija/referentni-podaci', sarajevo)).json<{ setovi: { guideline: string }[] }>();
    expect(atSarajevo.setovi.map((set) => set.guideline)).toContain('EUCAST 2024');
  },
};

describe('microbiology site scoping', () => {
  it('has a cross-site case for every route of the module', async () => {
    await expectEveryRouteCovered(microbiologyRoutes, crossSiteCases);
  });
  it.each(Object.keys(crossSiteCases))('%s', async (route) => {
    await crossSiteCases[route as RouteKey]!();
  });
});
