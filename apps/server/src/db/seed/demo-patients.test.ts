import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  calendarDateOf, isValidJmbg, parseSampleCode, sampleCodeDay, type PickerAnswer, type SampleListAnswer, type SampleSavedAnswer, type SampleShowAnswer,
} from '@lis/domain';
import { labAssays, patients, samples } from '../schema.ts';
import { createTestApp, signIn, siteId, type SignedIn, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let tech: SignedIn;
let admin: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  [tech, admin] = await Promise.all([signIn(t.app, 'tehnicar@demo.lab'), signIn(t.app, 'admin@demo.lab')]);
});
afterAll(async () => { await t.close(); });

const get = (user: SignedIn, url: string, site = user.site) =>
  t.app.inject({ method: 'GET', url: `/api${url}`, headers: { authorization: `Bearer ${user.token}`, 'x-site': site } });
const post = (user: SignedIn, url: string, payload: Record<string, unknown>, site = user.site) =>
  t.app.inject({ method: 'POST', url: `/api${url}`, headers: { authorization: `Bearer ${user.token}`, 'x-site': site }, payload });

describe('demo patients and samples', () => {
  it('seeds valid patients with samples in every status, with unique day codes', async () => {
    const patientRows = await t.database.db.select().from(patients);
    expect(patientRows.length).toBeGreaterThanOrEqual(6);
    for (const row of patientRows) expect(isValidJmbg(row.jmbg), row.jmbg).toBe(true);
    const sampleRows = await t.database.db.select().from(samples);
    expect(new Set(sampleRows.map((row) => row.status))).toEqual(new Set(['ZAPRIMLJEN', 'U OBRADI', 'REALIZOVAN', 'ODOBREN', 'VERIFICIRAN']));
    expect(new Set(sampleRows.map((row) => row.code)).size).toBe(sampleRows.length);
    for (const row of sampleRows) expect(parseSampleCode(row.code)?.counter, row.code).toBe(row.rbr);
  });

  it("shows each site only its own demo samples, and a calculated test's components at price 0", async () => {
    const sarajevo = await get(tech, '/uzorci/list?datum=SVE&per_page=100');
    const tuzla = await get(admin, '/uzorci/list?datum=SVE&per_page=100', siteId(admin, 'TZ'));
    const saCodes = sarajevo.json<SampleListAnswer>().data;
    const tzCodes = tuzla.json<SampleListAnswer>().data;
    expect(saCodes.length).toBeGreaterThan(0);
    expect(tzCodes.length).toBeGreaterThan(0);
    expect(saCodes.some((row) => tzCodes.some((other) => other.code === row.code))).toBe(false);
    expect(tzCodes.map((row) => row.prezime)).toContain('UZORKOVIĆ');
    expect(saCodes.map((row) => row.prezime)).not.toContain('UZORKOVIĆ');

    const [ldl] = await t.database.db.select().from(labAssays).where(eq(labAssays.sifra, 'LDL'));
    const demic = saCodes.find((row) => row.prezime === 'DEMIĆ' && row.status === 'ZAPRIMLJEN');
    const shown = await get(tech, `/uzorci/show/${demic!._id}`);
    const { tests } = shown.json<SampleShowAnswer>().uzorak;
    const components = tests.filter((test) => test.component_of === ldl!.id);
    expect(components.length).toBe(3);
    expect(components.every((test) => test.price === '0.00')).toBe(true);
  });

  it('continues the day counter after the demo samples', async () => {
    const today = sampleCodeDay(calendarDateOf(new Date(), 'Europe/Sarajevo'));
    const seededToday = (await t.database.db.select().from(samples)).filter((row) => row.code.startsWith(today));
    expect(seededToday.length).toBeGreaterThan(0);
    const [patient] = await t.database.db.select().from(patients).where(eq(patients.jmbg, '2207965170015'));
    const [glu] = await t.database.db.select().from(labAssays).where(eq(labAssays.sifra, 'GLU'));
    const response = await post(tech, '/uzorci/save', { pid: patient!.id, testovi: [glu!.id] });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<SampleSavedAnswer>().uzorak.pacijentRBr).toBe(seededToday.length + 1);
    expect(response.json<SampleSavedAnswer>().uzorak.code).toBe(`${today}${String(seededToday.length + 1).padStart(4, '0')}`);
  });
});

describe('the test picker on the demo catalogue', () => {
  it("filters the seeded assays by the patient's sex, age and pregnancy", async () => {
    const codes = async (payload: Record<string, unknown>) => {
      const response = await post(tech, '/uzorci/labassay/tip', payload);
      expect(response.statusCode, response.body).toBe(200);
      const { testovi } = response.json<PickerAnswer>();
      const rows = await t.database.db.select({ id: labAssays.id, sifra: labAssays.sifra }).from(labAssays);
      return testovi.map((test) => rows.find((row) => row.id === test._id)?.sifra);
    };
    const man = await codes({ jmbg: '2207965170015' });
    expect(man).toContain('PSA');
    expect(man).toContain('LDL');
    const woman = await codes({ jmbg: '1503978175002' });
    expect(woman).not.toContain('PSA');
    const pregnant = await codes({ jmbg: '0311990185129', trudnica: true });
    expect(pregnant).toContain('BHCG');
  });
});
