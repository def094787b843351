import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import {
  calendarDateOf, DEFAULT_TIME_ZONE, sampleCodeDay, startOfDay, type labelDataAnswer, type PatientListAnswer, type PickerAnswer, type sampleCommentAnswer,
  type SampleListAnswer, type SamplePatientAnswer, type SampleReceptionAnswer, type SampleSavedAnswer, type SampleShowAnswer, type SampleUrgentAnswer,
  type ResultsShowAnswer, type UncompletedSamplesAnswer, type Uzorak,
} from '@lis/domain';
import { accessLog, auditLog, labAssays, labSections, sampleTests, samples } from '../../db/schema.ts';
import { createTestApp, signIn, siteId, type SignedIn, type TestApp } from '../../test/harness.ts';
import {
  api, createFixtureCatalogue, daysAgo, jmbgFor, newbornJmbg, registerPatient, type Api, type FixtureCatalogue,
} from './test-fixtures.ts';

let t: TestApp;
let client: Api;
let admin: SignedIn;
let tech: SignedIn;
let viewer: SignedIn;
let tuzla: string;
let cat: FixtureCatalogue;
let man: { _id: string; jmbg: string };
let woman: { _id: string; jmbg: string };

beforeAll(async () => {
  t = await createTestApp();
  client = api(t);
  [admin, tech, viewer] = await Promise.all([signIn(t.app, 'admin@demo.lab'), signIn(t.app, 'tehnicar@demo.lab'), signIn(t.app, 'pregled@demo.lab')]);
  tuzla = siteId(admin, 'TZ');
  cat = await createFixtureCatalogue(t.database.db);
  man = await registerPatient(client, tech, jmbgFor(daysAgo(40 * 365), 'MUŠKI'), { ime: 'Muški', prezime: 'Uzorković' });
  woman = await registerPatient(client, tech, jmbgFor(daysAgo(35 * 365), 'ŽENSKI'), { ime: 'Ženska', prezime: 'Uzorković', spol: 'ŽENSKI' });
});
afterAll(async () => { await t.close(); });

/** Answers whose contracts export no type of their own. */
type LabelDataAnswer = z.output<typeof labelDataAnswer>;
type SampleCommentAnswer = z.output<typeof sampleCommentAnswer>;

async function createSample(payload: Record<string, unknown>, user: SignedIn = tech, site = user.site): Promise<Uzorak> {
  const response = await client.post(user, '/uzorci/save', { pid: man._id, ...payload }, site);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<SampleSavedAnswer>().uzorak;
}

const offeredTo = async (payload: Record<string, unknown>) => {
  const response = await client.post(tech, '/uzorci/labassay/tip', { sekcija: cat.sectionSifra, ...payload });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PickerAnswer>().testovi.map((test) => test._id);
};

describe('POST /api/uzorci/patient', () => {
  it('finds the patient by jmbg or id, with the age from the ID', async () => {
    const byJmbg = await client.post(viewer, '/uzorci/patient', { jmbg: man.jmbg });
    expect(byJmbg.statusCode).toBe(200);
    expect(byJmbg.json<SamplePatientAnswer>().pacijent).toMatchObject({ _id: man._id, ime: 'MUŠKI', prezime: 'UZORKOVIĆ', spol: 'MUŠKI' });
    expect(byJmbg.json<SamplePatientAnswer>().pacijent.jmbgObj?.years).toBeGreaterThanOrEqual(39);
    const byId = await client.post(viewer, '/uzorci/patient', { pid: woman._id });
    expect(byId.json<SamplePatientAnswer>().pacijent._id).toBe(woman._id);
    const views = await t.database.db.select().from(accessLog).where(and(eq(accessLog.entityId, woman._id), eq(accessLog.userId, viewer.userId)));
    expect(views).toHaveLength(1);
  });

  it('answers 404 for an unknown patient and 400 for bad input', async () => {
    expect((await client.post(viewer, '/uzorci/patient', { jmbg: jmbgFor(daysAgo(9000), 'MUŠKI') })).statusCode).toBe(404);
    expect((await client.post(viewer, '/uzorci/patient', {})).json()).toMatchObject({ code: 'form.required' });
    expect((await client.post(viewer, '/uzorci/patient', { pid: 'x' })).statusCode).toBe(400);
  });
});

describe('POST /api/uzorci/labassay/tip', () => {
  it("offers tests by the patient's sex", async () => {
    const forMan = await offeredTo({ pid: man._id });
    expect(forMan).toContain(cat.ids.PSA);
    expect(forMan).not.toContain(cat.ids.AMH);
    const forWoman = await offeredTo({ pid: woman._id });
    expect(forWoman).toContain(cat.ids.AMH);
    expect(forWoman).not.toContain(cat.ids.PSA);
  });

  it('offers pregnancy- and menopause-specific tests by the flags', async () => {
    expect(await offeredTo({ pid: woman._id })).not.toContain(cat.ids.HCG);
    expect(await offeredTo({ pid: woman._id, trudnica: true })).toContain(cat.ids.HCG);
    expect(await offeredTo({ pid: woman._id, menopauza: true })).not.toContain(cat.ids.AMH);
  });

  it('offers tests by age in days', async () => {
    const baby = await registerPatient(client, tech, newbornJmbg(10), { ime: 'Beba', spol: 'ŽENSKI' });
    const forBaby = await offeredTo({ pid: baby._id });
    expect(forBaby).toContain(cat.ids.NEO);
    expect(forBaby).not.toContain(cat.ids.PSA);
    expect(await offeredTo({ pid: man._id })).not.toContain(cat.ids.NEO);
  });

  it('offers everything age-, sex- and pregnancy-neutral without a patient, and lists disabled tests flagged', async () => {
    const response = await client.post(viewer, '/uzorci/labassay/tip', { sekcija: cat.sectionId });
    const { testovi, sekcije } = response.json<PickerAnswer>();
    const ids = testovi.map((test) => test._id);
    for (const name of ['GLU', 'CHOL', 'LDL', 'PSA', 'NEO', 'AMH', 'OFF'] as const) expect(ids, name).toContain(cat.ids[name]);
    expect(ids).not.toContain(cat.ids.HCG);
    expect(testovi.find((test) => test._id === cat.ids.OFF)?.disabled).toBe(true);
    const ldl = testovi.find((test) => test._id === cat.ids.LDL);
    expect(ldl).toMatchObject({ klasa: 'Calc', price: '3.00', calculatedTests: [cat.ids.CHOL, cat.ids.HDL, cat.ids.TG] });
    expect(sekcije).toEqual([{ _id: cat.sectionId, sifra: cat.sectionSifra, naziv: cat.sectionNaziv, naziv_en: '', naziv_de: '', redoslijed: 999 }]);
    // Report order within the section.
    expect(ids.indexOf(cat.ids.GLU)).toBeLessThan(ids.indexOf(cat.ids.LDL));
  });

  it('refuses wrong types and unknown patients', async () => {
    expect((await client.post(tech, '/uzorci/labassay/tip', { trudnica: 'da' })).json()).toMatchObject({ field: 'trudnica' });
    expect((await client.post(tech, '/uzorci/labassay/tip', { sekcija: 'x'.repeat(101) })).statusCode).toBe(400);
    expect((await client.post(tech, '/uzorci/labassay/tip', { pid: '5b0e8c3a-2f5e-4f65-9d7c-6f0f0c1f2a10' })).statusCode).toBe(404);
  });
});

describe('POST /api/uzorci/save', () => {
  it('creates a ZAPRIMLJEN sample with a code of today and catalogue prices', async () => {
    const uzorak = await createSample({ testovi: [cat.ids.GLU, { labassay: cat.ids.LDL, price: '0.01' }], hitan: true, doktor: 'dr. Test', lokacija: 'Dom zdravlja' });
    expect(uzorak.status).toBe('ZAPRIMLJEN');
    expect(uzorak.code).toMatch(new RegExp(`^${sampleCodeDay(calendarDateOf(new Date(), 'Europe/Sarajevo'))}\\d{4}$`));
    expect(uzorak.code.endsWith(String(uzorak.pacijentRBr).padStart(4, '0'))).toBe(true);
    expect(uzorak).toMatchObject({ hitan: true, doktor: 'dr. Test', lokacija: { lokacija: 'Dom zdravlja' }, patient: { _id: man._id } });
    const price = (id: string) => uzorak.tests.find((test) => test.labassay === id);
    expect(price(cat.ids.GLU)).toMatchObject({ price: '3.50', component_of: null, klasa: 'Lab' });
    expect(price(cat.ids.LDL)).toMatchObject({ price: '3.00', component_of: null, klasa: 'Calc' });
    for (const component of [cat.ids.CHOL, cat.ids.HDL, cat.ids.TG]) {
      expect(price(component)).toMatchObject({ price: '0.00', component_of: cat.ids.LDL, disable: true });
    }
    expect(uzorak.ukupno).toBe('6.50');
    expect(uzorak.actions).toContain('delete');
  });

  it('writes an audit row', async () => {
    const uzorak = await createSample({ testovi: [cat.ids.GLU] });
    const rows = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entity, 'sample'), eq(auditLog.entityId, uzorak._id)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'sample.create', userId: tech.userId, siteId: tech.site });
    expect(rows[0]?.newValue).toMatchObject({ code: uzorak.code, tests: [cat.ids.GLU] });
  });

  it('gives concurrent saves distinct, consecutive codes', async () => {
    const responses = await Promise.all(Array.from({ length: 12 }, (_, i) => client.post(i % 2 ? tech : admin, '/uzorci/save', { pid: man._id, testovi: [cat.ids.GLU] })));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(12).fill(201));
    const numbers = responses.map((response) => response.json<SampleSavedAnswer>().uzorak.pacijentRBr).sort((a, b) => a - b);
    const codes = new Set(responses.map((response) => response.json<SampleSavedAnswer>().uzorak.code));
    expect(codes.size).toBe(12);
    expect(numbers.at(-1)! - numbers[0]!).toBe(11);
  });

  it('never gives a deleted sample\'s code again', async () => {
    const first = await createSample({ testovi: [cat.ids.GLU] });
    expect((await client.post(tech, '/uzorci/delete', { id: first._id })).statusCode).toBe(200);
    const next = await createSample({ testovi: [cat.ids.GLU] });
    expect(next.code).not.toBe(first.code);
    expect(next.pacijentRBr).toBeGreaterThan(first.pacijentRBr);
  });

  it('refuses tests the patient cannot have, disabled and unknown tests', async () => {
    const psaForWoman = await client.post(tech, '/uzorci/save', { pid: woman._id, testovi: [cat.ids.GLU, cat.ids.PSA] });
    expect(psaForWoman.statusCode).toBe(400);
    expect(psaForWoman.json()).toMatchObject({ code: 'sample.testUnavailable', field: 'testovi.1', message: 'Test nije dostupan za ovog pacijenta: PSA test.' });
    expect((await client.post(tech, '/uzorci/save', { pid: man._id, testovi: [cat.ids.OFF] })).json()).toMatchObject({ code: 'sample.testUnavailable' });
    expect((await client.post(tech, '/uzorci/save', { pid: man._id, testovi: ['5b0e8c3a-2f5e-4f65-9d7c-6f0f0c1f2a10'] })).json())
      .toMatchObject({ code: 'form.invalid', field: 'testovi.0' });
    expect((await client.post(tech, '/uzorci/save', { pid: woman._id, testovi: [cat.ids.HCG], trudnica: true })).statusCode).toBe(201);
  });

  it('refuses pregnancy or menopause for a man, and both at once', async () => {
    expect((await client.post(tech, '/uzorci/save', { pid: man._id, testovi: [cat.ids.GLU], trudnica: true })).json())
      .toMatchObject({ code: 'sample.flagsNeedFemale', field: 'trudnica' });
    expect((await client.post(tech, '/uzorci/save', { pid: woman._id, testovi: [cat.ids.GLU], trudnica: true, menopauza: true })).json())
      .toMatchObject({ code: 'sample.flagsConflict' });
  });

  it('refuses missing and malformed input without a 500', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ testovi: [] }, 'testovi', 'form.required'],
      [{ testovi: undefined }, 'testovi', 'form.invalid'],
      [{ pid: undefined, testovi: [cat.ids.GLU] }, 'pid', 'form.required'],
      [{ testovi: 'GLU' }, 'testovi', 'form.invalid'],
      [{ testovi: [cat.ids.GLU], hitan: 'yes' }, 'hitan', 'form.invalid'],
      [{ testovi: [cat.ids.GLU], komentar: 'k'.repeat(2001) }, 'komentar', 'form.invalid'],
      [{ testovi: [cat.ids.GLU], doktor: 'd'.repeat(201) }, 'doktor', 'form.invalid'],
      [{ testovi: [cat.ids.GLU], datum: '2019-01-01T00:00:00Z' }, 'datum', 'sample.datumInvalid'],
      [{ testovi: [cat.ids.GLU], datum: new Date(Date.now() + 86_400_000).toISOString() }, 'datum', 'sample.datumInvalid'],
    ];
    for (const [change, field, code] of cases) {
      const response = await client.post(tech, '/uzorci/save', { pid: man._id, ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json(), JSON.stringify(change)).toMatchObject({ success: false, field, code });
    }
    expect((await client.post(tech, '/uzorci/save', { pid: '5b0e8c3a-2f5e-4f65-9d7c-6f0f0c1f2a10', testovi: [cat.ids.GLU] })).statusCode).toBe(404);
  });

  it('refuses a read-only user and a site the user does not have', async () => {
    expect((await client.post(viewer, '/uzorci/save', { pid: man._id, testovi: [cat.ids.GLU] })).statusCode).toBe(403);
    expect((await client.post(tech, '/uzorci/save', { pid: man._id, testovi: [cat.ids.GLU] }, tuzla)).statusCode).toBe(403);
  });
});

describe('unexpected failures', () => {
  it("answer the spec's failure texts, not a bare server error", async () => {
    // A calculated test whose component is missing from the catalogue (a broken catalogue edit).
    const [broken] = await t.database.db.insert(labAssays).values({
      sifra: `BROKEN-${cat.sectionSifra}`, naziv: 'Neispravan izračun', analit: 'X', sekcijaId: cat.sectionId, price: '1.00',
      calculated: true, calculatedTests: ['5b0e8c3a-2f5e-4f65-9d7c-6f0f0c1f2a10'],
    }).returning({ id: labAssays.id });
    const saved = await client.post(tech, '/uzorci/save', { pid: man._id, testovi: [broken!.id] });
    expect(saved.statusCode).toBe(500);
    expect(saved.json()).toEqual({ success: false, message: 'Greška prilikom upisa!', code: 'save.failed' });
    const uzorak = await createSample({ testovi: [cat.ids.GLU] });
    const updated = await client.post(tech, '/uzorci/update', { sid: uzorak._id, testovi: [cat.ids.GLU, broken!.id] });
    expect(updated.statusCode).toBe(500);
    expect(updated.json()).toEqual({ success: false, message: 'Greška prilikom izmjene uzorka!', code: 'sample.updateFailed' });
    // Nothing of the failed edit was kept.
    expect((await client.get(tech, `/uzorci/show/${uzorak._id}`)).json<SampleShowAnswer>().uzorak.tests).toHaveLength(1);
  });
});

describe('GET /api/uzorci/show/{sid}', () => {
  it('shows a sample by id or by its code, with results', async () => {
    const uzorak = await createSample({ testovi: [cat.ids.GLU, cat.ids.CHOL] });
    const byId = await client.get(viewer, `/uzorci/show/${uzorak._id}`);
    expect(byId.statusCode).toBe(200);
    expect(byId.json()).toMatchObject({ success: true, uzorak: { _id: uzorak._id, sid: uzorak._id, code: uzorak.code }, rezultat: { rezultati: [] } });
    await t.database.db.update(sampleTests).set({ rezultat: '5.2', rezultatF: '5.2' })
      .where(and(eq(sampleTests.sampleId, uzorak._id), eq(sampleTests.labassayId, cat.ids.GLU)));
    const byCode = await client.get(viewer, `/uzorci/show/${uzorak.code}`);
    expect(byCode.json<SampleShowAnswer>().rezultat.rezultati).toEqual([{ labassay: cat.ids.GLU, rezultat: '5.2', rezultat_f: '5.2' }]);
    expect(byCode.json<SampleShowAnswer>().uzorak.tests.find((test) => test.labassay === cat.ids.GLU)?.disable).toBe(true);
  });

  it("answers 404 for another site's sample, an unknown id or code", async () => {
    const tuzlaSample = await createSample({ testovi: [cat.ids.GLU] }, admin, tuzla);
    expect((await client.get(tech, `/uzorci/show/${tuzlaSample._id}`)).statusCode).toBe(404);
    expect((await client.get(admin, `/uzorci/show/${tuzlaSample._id}`)).statusCode).toBe(404);
    expect((await client.get(admin, `/uzorci/show/${tuzlaSample.code}`)).statusCode).toBe(404);
    expect((await client.get(admin, `/uzorci/show/${tuzlaSample._id}`, tuzla)).statusCode).toBe(200);
    expect((await client.get(tech, '/uzorci/show/5b0e8c3a-2f5e-4f65-9d7c-6f0f0c1f2a10')).statusCode).toBe(404);
    expect((await client.get(tech, '/uzorci/show/nepostojeci')).statusCode).toBe(404);
  });
});

describe('POST /api/uzorci/update', () => {
  it('adds and removes tests and changes fields, with the spec message and audit rows', async () => {
    const uzorak = await createSample({ testovi: [cat.ids.GLU, cat.ids.CHOL] });
    const response = await client.post(tech, '/uzorci/update', {
      sid: uzorak._id, jmbg: man.jmbg, spol: 'MUŠKI', testovi: [cat.ids.GLU, cat.ids.LDL], doktor: 'dr. Novi', trudnica: false,
      menstc: '', anticoag: true, menopauza: false, jmbgObj: { years: 40, months: 0, days: 0 },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ success: true, message: 'Uzorak uspješno izmijenjen!', code: 'sample.updated' });
    const updated = response.json<SampleSavedAnswer>().uzorak;
    expect(updated).toMatchObject({ doktor: 'dr. Novi', anticoag: true });
    // CHOL was left out of the list, so it is no longer ordered by hand: LDL pulls it in at price 0.
    const chol = updated.tests.find((test) => test.labassay === cat.ids.CHOL);
    expect(chol).toMatchObject({ price: '0.00', component_of: cat.ids.LDL, disable: true });
    expect(updated.tests.map((test) => test.labassay).sort()).toEqual([cat.ids.GLU, cat.ids.CHOL, cat.ids.HDL, cat.ids.TG, cat.ids.LDL].sort());
    expect(updated.ukupno).toBe('6.50');
    const rows = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entityId, uzorak._id)));
    expect(rows.map((row) => row.field).filter(Boolean).sort()).toEqual(['anticoag', 'doktor', 'tests']);

    const removed = await client.post(tech, '/uzorci/update', { sid: uzorak._id, testovi: [cat.ids.CHOL] });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json<SampleSavedAnswer>().uzorak.tests).toEqual([expect.objectContaining({ labassay: cat.ids.CHOL, price: '4.50', component_of: null })]);

    const kept = await client.post(tech, '/uzorci/update', { sid: uzorak._id, testovi: [cat.ids.CHOL, cat.ids.LDL] });
    expect(kept.json<SampleSavedAnswer>().uzorak.tests.find((test) => test.labassay === cat.ids.CHOL)).toMatchObject({ price: '4.50', component_of: null });
    expect(kept.json<SampleSavedAnswer>().uzorak.ukupno).toBe('7.50');
  });

  it("refuses removing the last test with the spec's message", async () => {
    const uzorak = await createSample({ testovi: [cat.ids.GLU] });
    const response = await client.post(tech, '/uzorci/update', { sid: uzorak._id, testovi: [] });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'sample.lastTest', message: 'Test nije moguće ukloniti. Zatvorite prozor i obrišite uzorak.' });
  });

  it('refuses removing a test with a result, or one a calculated test needs', async () => {
    const uzorak = await createSample({ testovi: [cat.ids.GLU, cat.ids.CHOL, cat.ids.LDL] });
    const needed = await client.post(tech, '/uzorci/update', { sid: uzorak._id, testovi: [cat.ids.GLU, cat.ids.LDL] });
    expect(needed.statusCode).toBe(409);
    expect(needed.json()).toMatchObject({ code: 'sample.testLocked', message: 'Test nije moguće ukloniti!' });
    await t.database.db.update(sampleTests).set({ rezultat: '5.0' }).where(and(eq(sampleTests.sampleId, uzorak._id), eq(sampleTests.labassayId, cat.ids.GLU)));
    const withResult = await client.post(tech, '/uzorci/update', { sid: uzorak._id, testovi: [cat.ids.CHOL, cat.ids.LDL] });
    expect(withResult.json()).toMatchObject({ code: 'sample.testLocked' });
  });

  it('refuses an approved or verified sample', async () => {
    const uzorak = await createSample({ testovi: [cat.ids.GLU] });
    for (const status of ['ODOBREN', 'VERIFICIRAN']) {
      await t.database.db.update(samples).set({ status }).where(eq(samples.id, uzorak._id));
      const response = await client.post(tech, '/uzorci/update', { sid: uzorak._id, doktor: 'dr. X' });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 'sample.locked', message: 'Uzorak je odobren ili verificiran i ne može se mijenjati.' });
    }
    const shown = await client.get(tech, `/uzorci/show/${uzorak._id}`);
    expect(shown.json<SampleShowAnswer>().uzorak.actions).toEqual(['unlock']);
  });

  it("answers 404 for another site's sample and refuses bad input and read-only users", async () => {
    const tuzlaSample = await createSample({ testovi: [cat.ids.GLU] }, admin, tuzla);
    expect((await client.post(admin, '/uzorci/update', { sid: tuzlaSample._id, doktor: 'x' })).statusCode).toBe(404);
    expect((await client.post(tech, '/uzorci/update', { doktor: 'x' })).json()).toMatchObject({ code: 'form.required', field: 'sid' });
    expect((await client.post(tech, '/uzorci/update', { sid: tuzlaSample._id, testovi: [1] })).statusCode).toBe(400);
    expect((await client.post(viewer, '/uzorci/update', { sid: tuzlaSample._id })).statusCode).toBe(403);
  });

  it('changes nothing when nothing differs', async () => {
    const uzorak = await createSample({ testovi: [cat.ids.GLU], doktor: 'dr. Isti' });
    const response = await client.post(tech, '/uzorci/update', { sid: uzorak._id, testovi: [cat.ids.GLU], doktor: 'dr. Isti' });
    expect(response.statusCode).toBe(200);
    const rows = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entityId, uzorak._id), eq(auditLog.action, 'sample.update')));
    expect(rows).toHaveLength(0);
  });
});

describe('POST /api/uzorci/delete', () => {
  it("deletes a ZAPRIMLJEN sample with the spec's message and keeps an audit row", async () => {
    const uzorak = await createSample({ testovi: [cat.ids.GLU] });
    const response = await client.post(tech, '/uzorci/delete', { id: uzorak._id, email: 'tehnicar@demo.lab' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'Zapis uspješno obrisan!', code: 'delete.ok' });
    expect((await client.get(tech, `/uzorci/show/${uzorak._id}`)).statusCode).toBe(404);
    const rows = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entityId, uzorak._id), eq(auditLog.action, 'sample.delete')));
    expect(rows[0]?.oldValue).toMatchObject({ code: uzorak.code, status: 'ZAPRIMLJEN' });
  });

  it('refuses a sample past ZAPRIMLJEN, another site\'s sample and a read-only user', async () => {
    const uzorak = await createSample({ testovi: [cat.ids.GLU] });
    await t.database.db.update(samples).set({ status: 'U OBRADI' }).where(eq(samples.id, uzorak._id));
    const refused = await client.post(tech, '/uzorci/delete', { id: uzorak._id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'sample.deleteNotAllowed' });
    const tuzlaSample = await createSample({ testovi: [cat.ids.GLU] }, admin, tuzla);
    expect((await client.post(admin, '/uzorci/delete', { id: tuzlaSample._id })).statusCode).toBe(404);
    expect((await client.post(viewer, '/uzorci/delete', { id: uzorak._id })).statusCode).toBe(403);
    expect((await client.post(tech, '/uzorci/delete', {})).json()).toMatchObject({ code: 'form.required', field: 'id' });
  });
});

describe('comment, urgent star, label data', () => {
  it('reads and writes the comment, refused once approved', async () => {
    const uzorak = await createSample({ testovi: [cat.ids.GLU], komentar: 'Prvi' });
    expect((await client.get(viewer, `/uzorci/komentar/${uzorak._id}`)).json()).toEqual({ success: true, komentar: 'Prvi' });
    const saved = await client.post(tech, `/uzorci/komentar/${uzorak._id}`, { komentar: 'Hemoliza' });
    expect(saved.json()).toMatchObject({ success: true, komentar: 'Hemoliza', code: 'sample.commentSaved' });
    expect((await client.get(viewer, `/uzorci/komentar/${uzorak._id}`)).json<SampleCommentAnswer>().komentar).toBe('Hemoliza');
    expect((await client.post(tech, `/uzorci/komentar/${uzorak._id}`, { komentar: 'x'.repeat(2001) })).statusCode).toBe(400);
    expect((await client.post(tech, `/uzorci/komentar/${uzorak._id}`, {})).json()).toMatchObject({ code: 'form.required' });
    expect((await client.post(viewer, `/uzorci/komentar/${uzorak._id}`, { komentar: 'y' })).statusCode).toBe(403);
    await t.database.db.update(samples).set({ status: 'ODOBREN' }).where(eq(samples.id, uzorak._id));
    expect((await client.post(tech, `/uzorci/komentar/${uzorak._id}`, { komentar: 'Kasno' })).json()).toMatchObject({ code: 'sample.locked' });
    const tuzlaSample = await createSample({ testovi: [cat.ids.GLU] }, admin, tuzla);
    expect((await client.get(admin, `/uzorci/komentar/${tuzlaSample._id}`)).statusCode).toBe(404);
  });

  it('sets and clears the urgent star, with an audit row for each change', async () => {
    const uzorak = await createSample({ testovi: [cat.ids.GLU] });
    expect((await client.post(tech, '/uzorci/hitan', { id: uzorak._id, hitan: true })).json()).toEqual({ success: true, hitan: true });
    expect((await client.post(tech, '/uzorci/hitan', { id: uzorak._id, hitan: true })).json()).toEqual({ success: true, hitan: true });
    expect((await client.get(tech, `/uzorci/show/${uzorak._id}`)).json<SampleShowAnswer>().uzorak.hitan).toBe(true);
    expect((await client.post(tech, '/uzorci/hitan', { id: uzorak._id, hitan: false })).json<SampleUrgentAnswer>().hitan).toBe(false);
    const rows = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entityId, uzorak._id), eq(auditLog.field, 'hitan'))).orderBy(auditLog.id);
    expect(rows.map((row) => row.newValue)).toEqual([true, false]);
    expect((await client.post(tech, '/uzorci/hitan', { id: uzorak._id })).json()).toMatchObject({ code: 'form.required', field: 'hitan' });
    expect((await client.post(viewer, '/uzorci/hitan', { id: uzorak._id, hitan: true })).statusCode).toBe(403);
    const tuzlaSample = await createSample({ testovi: [cat.ids.GLU] }, admin, tuzla);
    expect((await client.post(admin, '/uzorci/hitan', { id: tuzlaSample._id, hitan: true })).statusCode).toBe(404);
  });

  it('answers the label data', async () => {
    const uzorak = await createSample({ testovi: [cat.ids.GLU] });
    const response = await client.get(viewer, `/uzorci/barcode/${uzorak._id}`);
    const label = response.json<LabelDataAnswer>();
    expect(label).toMatchObject({ success: true, code: uzorak.code, pacijentRBr: uzorak.pacijentRBr, ime: 'MUŠKI', prezime: 'UZORKOVIĆ' });
    expect(label.datum).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
    expect(label.godiste).toBe(daysAgo(40 * 365).year);
    const tuzlaSample = await createSample({ testovi: [cat.ids.GLU] }, admin, tuzla);
    expect((await client.get(admin, `/uzorci/barcode/${tuzlaSample._id}`)).statusCode).toBe(404);
    expect((await client.get(admin, `/uzorci/barcode/${tuzlaSample._id}`, tuzla)).json<LabelDataAnswer>().code).toBe(tuzlaSample.code);
  });
});

describe('POST /api/uzorci/prijem', () => {
  it('receives a scanned sample once and says so the second time', async () => {
    const uzorak = await createSample({ testovi: [cat.ids.GLU] });
    const first = await client.post(tech, '/uzorci/prijem', { code: `${uzorak.code}\n` });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ success: true, received: true, code: 'sample.received', uzorak: { _id: uzorak._id, status: 'U OBRADI' } });
    expect(first.json<SampleReceptionAnswer>().uzorak.received_at).toEqual(expect.any(String));
    const second = await client.post(tech, '/uzorci/prijem', { code: uzorak.code });
    expect(second.json()).toMatchObject({ success: true, received: false, code: 'sample.alreadyReceived', message: 'Uzorak je već zaprimljen.' });
    const rows = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entityId, uzorak._id), eq(auditLog.action, 'sample.receive')));
    expect(rows.map((row) => [row.oldValue, row.newValue])).toEqual([['ZAPRIMLJEN', 'U OBRADI']]);
  });

  it("answers 404 for another site's code or an unknown one, 400 for none, 403 read-only", async () => {
    const tuzlaSample = await createSample({ testovi: [cat.ids.GLU] }, admin, tuzla);
    expect((await client.post(admin, '/uzorci/prijem', { code: tuzlaSample.code })).statusCode).toBe(404);
    expect((await client.post(tech, '/uzorci/prijem', { code: '9901019999' })).statusCode).toBe(404);
    expect((await client.post(tech, '/uzorci/prijem', { code: '' })).json()).toMatchObject({ code: 'form.required', field: 'code' });
    expect((await client.post(viewer, '/uzorci/prijem', { code: tuzlaSample.code })).statusCode).toBe(403);
  });
});

describe('list calls', () => {
  it("lists the site's samples only, filtered by status and patient name", async () => {
    const patient = await registerPatient(client, tech, jmbgFor(daysAgo(50 * 365), 'ŽENSKI'), { ime: 'Lista', prezime: 'Filtrović', spol: 'ŽENSKI' });
    const here = await createSample({ pid: patient._id, testovi: [cat.ids.GLU] });
    const there = await createSample({ pid: patient._id, testovi: [cat.ids.GLU] }, admin, tuzla);
    const list = await client.get(tech, '/uzorci/list?datum=DANAS&filter=filtrov&per_page=50');
    expect(list.statusCode, list.body).toBe(200);
    const ids = list.json<SampleListAnswer>().data.map((row) => row._id);
    expect(ids).toContain(here._id);
    expect(ids).not.toContain(there._id);
    expect(list.json<SampleListAnswer>().data[0]).toMatchObject({ prezime: 'FILTROVIĆ', testova: 1, ukupno: '3.50', status: 'ZAPRIMLJEN' });
    await client.post(tech, '/uzorci/prijem', { code: here.code });
    const inProcess = await client.get(tech, '/uzorci/list?datum=SVE&status=U%20OBRADI&per_page=100');
    expect(inProcess.json<SampleListAnswer>().data.every((row) => row.status === 'U OBRADI')).toBe(true);
    expect(inProcess.json<SampleListAnswer>().data.map((row) => row._id)).toContain(here._id);
    const both = await client.get(tech, '/uzorci/list?datum=SVE&status=ZAPRIMLJEN&status=U%20OBRADI&filter=filtrov');
    expect(both.json<SampleListAnswer>().pagination.total).toBe(1);
    expect((await client.get(tech, '/uzorci/list?status=GOTOV')).statusCode).toBe(400);
    expect((await client.get(tech, '/uzorci/list?sort=jmbg|asc')).statusCode).toBe(400);
  });

  it("lists a patient's uncompleted samples at this site and counts them in the patients list", async () => {
    const patient = await registerPatient(client, tech, jmbgFor(daysAgo(60 * 365), 'MUŠKI'), { ime: 'Nezavrseni', prezime: 'Brojić' });
    const open = await createSample({ pid: patient._id, testovi: [cat.ids.GLU] });
    const done = await createSample({ pid: patient._id, testovi: [cat.ids.GLU] });
    await t.database.db.update(samples).set({ status: 'VERIFICIRAN' }).where(eq(samples.id, done._id));
    await createSample({ pid: patient._id, testovi: [cat.ids.GLU] }, admin, tuzla);
    const dialog = await client.get(viewer, `/pacijenti/${patient._id}/uzorci?datum=SVE`);
    expect(dialog.statusCode, dialog.body).toBe(200);
    expect(dialog.json<UncompletedSamplesAnswer>().data).toEqual([expect.objectContaining({ _id: open._id, status: 'ZAPRIMLJEN', code: open.code, testova: 1 })]);
    const patients = await client.get(viewer, `/pacijenti/list?datum=SVE&filter=${encodeURIComponent('brojić')}`);
    expect(patients.json<PatientListAnswer>().data).toEqual([expect.objectContaining({ _id: patient._id, nezavrseni: 1 })]);
    const fromTuzla = await client.get(admin, `/pacijenti/list?datum=SVE&filter=${encodeURIComponent('brojić')}`, tuzla);
    expect(fromTuzla.json<PatientListAnswer>().data).toEqual([expect.objectContaining({ _id: patient._id, nezavrseni: 1 })]);
    expect((await client.get(viewer, '/pacijenti/5b0e8c3a-2f5e-4f65-9d7c-6f0f0c1f2a10/uzorci')).statusCode).toBe(404);
  });
});

describe('OpenAPI', () => {
  it('documents every patient, sample and label call with its request contract', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const { paths } = response.json<{ paths: Record<string, Record<string, { summary?: string; description?: string; requestBody?: unknown }>> }>();
    const calls: [string, string][] = [
      ['post', '/api/pacijenti/unos/find'], ['post', '/api/pacijenti/unos/save'], ['get', '/api/pacijenti/detalji/{id}'],
      ['post', '/api/pacijenti/detalji/update/{id}'], ['get', '/api/pacijenti/list'], ['get', '/api/pacijenti/{id}/uzorci'],
      ['post', '/api/uzorci/patient'], ['post', '/api/uzorci/labassay/tip'], ['post', '/api/uzorci/save'], ['post', '/api/uzorci/update'],
      ['get', '/api/uzorci/show/{sid}'], ['post', '/api/uzorci/delete'], ['get', '/api/uzorci/komentar/{id}'], ['post', '/api/uzorci/komentar/{id}'],
      ['post', '/api/uzorci/hitan'], ['post', '/api/uzorci/prijem'], ['get', '/api/uzorci/barcode/{id}'], ['get', '/api/uzorci/list'],
      ['get', '/api/uzorci/barcode/{id}/pdf'], ['get', '/api/uzorci/barcode/{id}/zpl'],
    ];
    for (const [method, path] of calls) {
      const operation = paths[path]?.[method];
      expect(operation?.summary, `${method} ${path}`).toBeTruthy();
      expect(operation?.description?.length, `${method} ${path}`).toBeGreaterThan(40);
      if (method === 'post') expect(operation?.requestBody, `${method} ${path}`).toBeDefined();
    }
    expect(JSON.stringify(paths['/api/pacijenti/unos/save'])).toContain('pacijentbezsimptoma');
  });
});

describe("a sample's day", () => {
  // The code's day, the datum given by none and the created_at the statistics count by are one reading of the
  // application's clock. Moved here to the last half-second of the sites' yesterday, only the JS clock moves:
  // on PostgreSQL, a created_at left to the database's now() lands on today and fails this.
  it('comes from one reading of the application clock, not from the database now()', async () => {
    const instant = new Date(startOfDay(daysAgo(0), DEFAULT_TIME_ZONE).getTime() - 500);
    vi.useFakeTimers({ now: instant, toFake: ['Date'] });
    let created: Uzorak;
    try {
      created = await createSample({ testovi: [cat.ids.GLU] });
    } finally {
      vi.useRealTimers();
    }
    expect(created.code.slice(0, 6)).toBe(sampleCodeDay(daysAgo(1)));
    const [row] = await t.database.db.select({ createdAt: samples.createdAt, datum: samples.datum }).from(samples).where(eq(samples.id, created._id));
    expect(row?.createdAt.toISOString()).toBe(instant.toISOString());
    expect(row?.datum.toISOString()).toBe(instant.toISOString());
  });
});

describe('test and section names in English and German', () => {
  // A screen shows a test and its section in the reader's language: every answer that names them carries the
  // catalogue's English and German names beside the Bosnian one, blank where the catalogue has none.
  it('come with the picker, the sample and the result answers', async () => {
    const { db } = t.database;
    await db.update(labAssays).set({ nazivEn: 'Glucose', nazivDe: 'Glukose' }).where(eq(labAssays.id, cat.ids.GLU));
    await db.update(labSections).set({ nazivEn: 'Test section', nazivDe: 'Testbereich' }).where(eq(labSections.id, cat.sectionId));
    try {
      const picker = (await client.post(tech, '/uzorci/labassay/tip', { sekcija: cat.sectionId })).json<PickerAnswer>();
      expect(picker.testovi.find((test) => test._id === cat.ids.GLU)).toMatchObject({ naziv: 'GLU test', naziv_en: 'Glucose', naziv_de: 'Glukose' });
      expect(picker.testovi.find((test) => test._id === cat.ids.CHOL)).toMatchObject({ naziv: 'CHOL test', naziv_en: '', naziv_de: '' });
      expect(picker.sekcije[0]).toMatchObject({ naziv: cat.sectionNaziv, naziv_en: 'Test section', naziv_de: 'Testbereich' });

      const uzorak = await createSample({ testovi: [cat.ids.GLU, cat.ids.CHOL] });
      const shown = (await client.get(tech, `/uzorci/show/${uzorak._id}`)).json<SampleShowAnswer>().uzorak;
      expect(shown.tests.find((test) => test.labassay === cat.ids.GLU)).toMatchObject({
        ime_testa: 'GLU test', naziv_en: 'Glucose', naziv_de: 'Glukose', sekcija_naziv: cat.sectionNaziv, sekcija_naziv_en: 'Test section', sekcija_naziv_de: 'Testbereich',
      });

      const results = (await client.get(tech, `/rezultati/${uzorak._id}`)).json<ResultsShowAnswer>();
      const glu = results.tests.find((test) => test.sifra.startsWith('GLU-'));
      expect(glu).toMatchObject({ naziv: 'GLU test', naziv_en: 'Glucose', naziv_de: 'Glukose' });
      expect(glu?.sekcija).toMatchObject({ naziv: cat.sectionNaziv, naziv_en: 'Test section', naziv_de: 'Testbereich' });
      expect(results.tests.find((test) => test.sifra.startsWith('CHOL-'))).toMatchObject({ naziv_en: '', naziv_de: '' });
    } finally {
      await db.update(labAssays).set({ nazivEn: '', nazivDe: '' }).where(eq(labAssays.id, cat.ids.GLU));
      await db.update(labSections).set({ nazivEn: '', nazivDe: '' }).where(eq(labSections.id, cat.sectionId));
    }
  });
});
