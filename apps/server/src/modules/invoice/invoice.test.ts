import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { InvoiceAnswer, InvoiceCandidatesAnswer, SampleSavedAnswer } from '@lis/domain';
import { queryRows } from '../../db/client.ts';
import { settingRecords } from '../../db/schema.ts';
import { pdfText } from '../../test/pdf-text.ts';
import { createTestApp, signIn, siteId, type SignedIn, type TestApp } from '../../test/harness.ts';
import { api, createFixtureCatalogue, jmbgFor, registerPatient, type Api, type FixtureCatalogue } from '../samples/test-fixtures.ts';

// The pro-forma invoice: the tests at their prices on the samples, a calculated test's components included at 0,
// subtotals and the total exact in KM; the PDF's text (pdftotext) says the same with every Bosnian letter;
// another site's sample or patient, and a sample of another patient, answer 404; bad ids 400 naming uzorci.

let t: TestApp;
let client: Api;
let cat: FixtureCatalogue;
let tech: SignedIn;
let admin: SignedIn;
let patient: { _id: string };
let other: { _id: string };
let first: string;
let second: string;
let tuzla: string;
let othersSample: string;

async function createSample(user: SignedIn, pid: string, testovi: string[], site = user.site): Promise<string> {
  const response = await client.post(user, '/uzorci/save', { pid, testovi }, site);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<SampleSavedAnswer>().uzorak._id;
}

beforeAll(async () => {
  t = await createTestApp();
  client = api(t);
  cat = await createFixtureCatalogue(t.database.db);
  tech = await signIn(t.app, 'tehnicar@demo.lab');
  admin = await signIn(t.app, 'admin@demo.lab');
  patient = await registerPatient(client, tech, jmbgFor({ year: 1980, month: 3, day: 4 }, 'ŽENSKI'), {
    ime: 'Đurđa', prezime: 'Čolić-Šećerović', spol: 'ŽENSKI', adresa: 'Žabljačka 7, Ilidža',
  });
  other = await registerPatient(client, tech, jmbgFor({ year: 1975, month: 5, day: 6 }, 'MUŠKI'));
  // LDL is calculated from CHOL, HDL and TG: they come along at 0. GLU 3.50 + LDL 3.00 = 6.50; HDL ordered by itself costs 6.00.
  first = await createSample(tech, patient._id, [cat.ids.GLU, cat.ids.LDL]);
  second = await createSample(tech, patient._id, [cat.ids.HDL]);
  tuzla = await createSample(admin, patient._id, [cat.ids.GLU], siteId(admin, 'TZ'));
  othersSample = await createSample(tech, other._id, [cat.ids.GLU]);
  await t.database.db.insert(settingRecords).values({ type: 'general_options', data: { labName: 'Laboratorija Ćićić d.o.o.', reportFooter: 'Hvala na povjerenju — žurite polako.' } });
});

afterAll(async () => {
  await t?.close();
});

const show = (user: SignedIn, pid: string, ids: string, site = user.site) => client.get(user, `/predracun/${pid}/pregled?uzorci=${ids}`, site);

describe('GET /api/predracun/{patient}/pregled', () => {
  it('prices every test, includes the components of a calculated test at 0 and adds exactly', async () => {
    const response = await show(tech, patient._id, `${first},${second}`);
    expect(response.statusCode, response.body).toBe(200);
    const { predracun } = response.json<InvoiceAnswer>();
    expect(predracun.valuta).toBe('KM');
    expect(predracun.pacijent).toMatchObject({ ime: 'ĐURĐA', prezime: 'ČOLIĆ-ŠEĆEROVIĆ' });
    expect(predracun.zaglavlje).toMatchObject({ labName: 'Laboratorija Ćićić d.o.o.', site: { sifra: 'SA', naziv: 'Sarajevo' } });
    expect(predracun.broj).toMatch(/^SA-\d{10}\/2$/);
    const [a, b] = predracun.uzorci;
    expect(a?._id).toBe(first);
    const price = (sifra: string) => a?.testovi.find((test) => test.sifra.startsWith(`${sifra}-`));
    expect(price('GLU')).toMatchObject({ cijena: '3.50', ukljuceno_u: null });
    expect(price('LDL')).toMatchObject({ cijena: '3.00', ukljuceno_u: null });
    for (const component of ['CHOL', 'HDL', 'TG']) expect(price(component)).toMatchObject({ cijena: '0.00', ukljuceno_u: 'LDL test' });
    expect(a?.ukupno).toBe('6.50');
    expect(b?.testovi).toEqual([{ sifra: `HDL-${cat.sectionSifra.slice(1)}`, naziv: 'HDL test', cijena: '6.00', ukljuceno_u: null }]);
    expect(b?.ukupno).toBe('6.00');
    expect(predracun.ukupno).toBe('12.50');
  });

  it('answers 404 for another site\'s sample, another patient\'s sample, an unknown patient and a patient seen from another site', async () => {
    expect((await show(tech, patient._id, `${first},${tuzla}`)).statusCode).toBe(404);
    expect((await show(tech, patient._id, othersSample)).statusCode).toBe(404);
    expect((await show(tech, other._id, first)).statusCode).toBe(404);
    expect((await show(tech, '6b0f1f6e-0000-4000-8000-000000000000', first)).statusCode).toBe(404);
    expect((await show(tech, 'not-a-uuid', first)).statusCode).toBe(404);
    // The same samples seen from Tuzla: not this site's.
    expect((await show(admin, patient._id, first, siteId(admin, 'TZ'))).statusCode).toBe(404);
    const fromTuzla = await show(admin, patient._id, tuzla, siteId(admin, 'TZ'));
    expect(fromTuzla.statusCode).toBe(200);
    expect(fromTuzla.json<InvoiceAnswer>().predracun.broj).toMatch(/^TZ-/);
  });

  it('answers 400 naming uzorci when the ids are missing, empty or not ids', async () => {
    for (const query of ['', '?uzorci=', '?uzorci=,,', '?uzorci=abc', `?uzorci=${first},x`]) {
      const response = await client.get(tech, `/predracun/${patient._id}/pregled${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json<{ field: string }>().field, query).toBe('uzorci');
    }
  });
});

describe('GET /api/predracun/{patient}/uzorci', () => {
  it('offers the patient\'s samples at this site only, newest first, with their totals', async () => {
    const response = await client.get(tech, `/predracun/${patient._id}/uzorci`);
    expect(response.statusCode, response.body).toBe(200);
    const { uzorci } = response.json<InvoiceCandidatesAnswer>();
    expect(uzorci.map((row) => row._id)).toEqual([second, first]);
    expect(uzorci.map((row) => row.ukupno)).toEqual(['6.00', '6.50']);
    expect(uzorci[1]?.testova).toBe(5);
    expect((await client.get(tech, '/predracun/6b0f1f6e-0000-4000-8000-000000000000/uzorci')).statusCode).toBe(404);
  });
});

describe('GET /api/predracun/{patient} (PDF)', () => {
  it('prints the letterhead, the patient with diacritics, each test and price, the subtotals, the total and page x of y', async () => {
    const response = await client.get(tech, `/predracun/${patient._id}?uzorci=${first},${second}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const text = pdfText(response.rawPayload);
    for (const expected of [
      'Laboratorija Ćićić d.o.o.', 'Zmaja od Bosne 1, 71000 Sarajevo', 'PREDRAČUN', 'ČOLIĆ-ŠEĆEROVIĆ ĐURĐA', 'Žabljačka 7, Ilidža',
      'GLU test', '3,50 KM', 'CHOL test (uključeno u LDL test)', '0,00 KM', '6,50 KM', '6,00 KM', 'UKUPNO ZA PLAĆANJE', '12,50 KM',
      'Hvala na povjerenju — žurite polako.', 'Stranica 1 od 1',
    ]) expect(text).toContain(expected);
  });

  it('answers 404 for another site\'s sample as the screen does', async () => {
    expect((await client.get(tech, `/predracun/${patient._id}?uzorci=${tuzla}`)).statusCode).toBe(404);
  });

  it('logs the read of the patient', async () => {
    const [row] = await queryRows<{ count: number }>(t.database.db, sql`select count(*)::int as count from access_log where entity_id = ${patient._id}`);
    expect(row?.count).toBeGreaterThan(0);
  });
});
