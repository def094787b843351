import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CulturesAnswer, SampleSavedAnswer } from '@lis/domain';
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
};

describe('microbiology site scoping', () => {
  it('has a cross-site case for every route of the module', async () => {
    await expectEveryRouteCovered(microbiologyRoutes, crossSiteCases);
  });
  it.each(Object.keys(crossSiteCases))('%s', async (route) => {
    await crossSiteCases[route as RouteKey]!();
  });
});
