import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CulturesAnswer, CumulativeAnswer, SampleSavedAnswer } from '@lis/domain';
import { loadConfig } from '../../config.ts';
import { labAssays } from '../../db/schema.ts';
import type { SignedIn, TestApp } from '../../test/harness.ts';
import { expectEveryRouteCovered, openCrossSiteApp, type RouteKey } from '../../test/site-scoping.ts';
import { daysAgo, jmbgFor, registerPatient, type Api } from '../samples/test-fixtures.ts';
import { importReferenceData } from './reference-import.ts';
import { surveillanceRoutes } from './surveillance-routes.ts';

// Surveillance reads the calling site's cultures only: a verified culture at TZ is in TZ's cumulative
// antibiogram and WHONET export and in neither of SA's, whoever asks (the admin has both sites); a site the
// caller does not have is refused (403) before anything is read. The calls take no ids, so there is no
// other site's record to answer 404 for.

let t: TestApp;
let client: Api;
let tech: SignedIn;
let admin: SignedIn;
let sarajevo: string;
let tuzla: string;
const PERIOD = 'dateRangeMin=2025-05-01&dateRangeMax=2025-05-31';

beforeAll(async () => {
  ({ t, client, tech, admin, sarajevo, tuzla } = await openCrossSiteApp());
  await importReferenceData(t.database.db, loadConfig().microReferenceDir!);
  const [ukul] = await t.database.db.select({ id: labAssays.id }).from(labAssays).where(eq(labAssays.sifra, 'UKUL'));
  const patient = await registerPatient(client, admin, jmbgFor(daysAgo(30 * 365 + 9), 'MUŠKI'), { ime: 'Tuzla', prezime: 'Nadzor' });
  const saved = await client.post(admin, '/uzorci/save', { pid: patient._id, testovi: [ukul!.id], datum: '2025-05-05T09:00:00+02:00' }, tuzla);
  expect(saved.statusCode, saved.body).toBe(201);
  const sid = saved.json<SampleSavedAnswer>().uzorak._id;
  const shown = (await client.get(admin, `/mikrobiologija/kulture/${sid}`, tuzla)).json<CulturesAnswer>();
  const culture = await client.post(admin, '/mikrobiologija/kulture/save', {
    sid, version: shown.uzorak.version, test: shown.testovi[0]!._id, materijal: 'Urin', uti: true, rast: true,
    izolati: [{ organizam: 'B_ESCHR_COLI', kolicina: 5, antibiogram: [{ antibiotik: 'AMP', metoda: 'MIC', vrijednost: '4' }] }],
  }, tuzla);
  expect(culture.statusCode, culture.body).toBe(200);
  expect((await client.post(admin, '/rezultati/odobri', { sid }, tuzla)).statusCode).toBe(200);
  expect((await client.post(admin, '/rezultati/verifikuj', { sid }, tuzla)).statusCode).toBe(200);
}, 120_000);
afterAll(async () => { await t?.close(); });

const whonetBody = { dateRangeMin: '2025-05-01', dateRangeMax: '2025-05-31', zemlja: 'BIH', laboratorija: 'SA' };

const crossSiteCases: Record<RouteKey, () => Promise<void>> = {
  'GET /api/mikrobiologija/kumulativni-antibiogram': async () => {
    const atTuzla = (await client.get(admin, `/mikrobiologija/kumulativni-antibiogram?${PERIOD}`, tuzla)).json<CumulativeAnswer>();
    expect(atTuzla.prvihIzolata).toBe(1);
    for (const user of [tech, admin]) {
      const atSarajevo = await client.get(user, `/mikrobiologija/kumulativni-antibiogram?${PERIOD}`, sarajevo);
      expect(atSarajevo.statusCode).toBe(200);
      expect(atSarajevo.json<CumulativeAnswer>()).toMatchObject({ prvihIzolata: 0, svihIzolata: 0, redovi: [], materijali: [] });
    }
    expect((await client.get(tech, `/mikrobiologija/kumulativni-antibiogram?${PERIOD}`, tuzla)).statusCode).toBe(403);
  },
  'GET /api/mikrobiologija/kumulativni-antibiogram/xlsx': async () => {
    const response = await client.get(admin, `/mikrobiologija/kumulativni-antibiogram/xlsx?${PERIOD}`, sarajevo);
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const names: unknown[] = [];
    workbook.worksheets[0]!.eachRow((row) => { names.push(row.getCell(1).value); });
    expect(names).not.toContain('Escherichia coli');
    expect((await client.get(tech, `/mikrobiologija/kumulativni-antibiogram/xlsx?${PERIOD}`, tuzla)).statusCode).toBe(403);
  },
  'POST /api/mikrobiologija/whonet': async () => {
    const atSarajevo = await client.post(admin, '/mikrobiologija/whonet', whonetBody, sarajevo);
    expect(atSarajevo.statusCode).toBe(200);
    expect(atSarajevo.body.split('\r\n').filter((line) => line !== '')).toHaveLength(1);
    const atTuzla = await client.post(admin, '/mikrobiologija/whonet', whonetBody, tuzla);
    expect(atTuzla.body).toContain('Escherichia coli');
  },
};

describe('microbiology surveillance site scoping', () => {
  it('has a cross-site case for every route of the module', async () => {
    await expectEveryRouteCovered(surveillanceRoutes, crossSiteCases);
  });
  it.each(Object.keys(crossSiteCases))('%s', async (route) => {
    await crossSiteCases[route as RouteKey]!();
  });
});
