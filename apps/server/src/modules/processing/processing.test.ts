import { and, eq, inArray } from 'drizzle-orm';
import {
  type ApprovalBarcodesAnswer, type AssaySettingsAnswer, type PatientResultsAnswer, type ProcessingListAnswer, type SampleSavedAnswer,
  type SampleStatus, calendarDateOf, toLocalDateText,
} from '@lis/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessLog, labAssays, labSections, referenceRanges, sampleTests, samples } from '../../db/schema.ts';
import { PREDEFINED_COMMENTS } from '../../db/seed/catalogue-data/comments.ts';
import { createTestApp, signIn, siteId, type SignedIn, type TestApp } from '../../test/harness.ts';
import { api, createFixtureCatalogue, daysAgo, jmbgFor, registerPatient, type Api, type FixtureCatalogue } from '../samples/test-fixtures.ts';

let t: TestApp;
let client: Api;
let admin: SignedIn;
let tech: SignedIn;
let viewer: SignedIn;
let cat: FixtureCatalogue;
let tuzla: string;
/** A microbiology section of this test file with one culture. */
let cultureId: string;

beforeAll(async () => {
  t = await createTestApp();
  client = api(t);
  [admin, tech, viewer] = await Promise.all([signIn(t.app, 'admin@demo.lab'), signIn(t.app, 'tehnicar@demo.lab'), signIn(t.app, 'pregled@demo.lab')]);
  cat = await createFixtureCatalogue(t.database.db);
  tuzla = siteId(admin, 'TZ');
  const [section] = await t.database.db.insert(labSections).values({ sifra: `MIK-${cat.sectionSifra}`, naziv: 'Mikro test', mikrobiologija: true, redoslijed: 998 }).returning();
  const [culture] = await t.database.db.insert(labAssays).values({
    sifra: `KUL-${cat.sectionSifra}`, naziv: 'Kultura test', analit: 'Kultura', sekcijaId: section!.id, vrsta: 'text', manual: true,
  }).returning();
  cultureId = culture!.id;
});
afterAll(async () => { await t.close(); });

const db = () => t.database.db;

/** A new patient of this test with a surname no other test uses, so 'Pretraga' finds only its samples. */
async function newPatient(prezime: string, spol: 'MUŠKI' | 'ŽENSKI' = 'MUŠKI', years = 45) {
  return registerPatient(client, admin, jmbgFor(daysAgo(years * 365 + 20), spol), { prezime, spol });
}

async function newSample(pid: string, testovi: string[], options: { site?: string; hitan?: boolean; komentar?: string } = {}) {
  const response = await client.post(admin, '/uzorci/save', { pid, testovi, hitan: options.hitan ?? false, komentar: options.komentar ?? '' }, options.site ?? admin.site);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<SampleSavedAnswer>().uzorak;
}

/** Writes results and flags as the results module stores them (rezultat text, the computed flag). */
async function setResult(sampleId: string, labassayId: string, rezultat: string | null, flag: string | null = null) {
  await db().update(sampleTests).set({ rezultat, flag }).where(and(eq(sampleTests.sampleId, sampleId), eq(sampleTests.labassayId, labassayId)));
}

async function setStatus(sampleId: string, status: SampleStatus, extra: Partial<typeof samples.$inferInsert> = {}) {
  await db().update(samples).set({ status, ...extra }).where(eq(samples.id, sampleId));
}

async function listed(user: SignedIn, path: string, query: string, site?: string) {
  const response = await client.get(user, `${path}?per_page=0&${query}`, site);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ProcessingListAnswer>();
}

const EVERY_STATUS = ['ZAPRIMLJEN', 'U OBRADI', 'REALIZOVAN', 'ODOBREN', 'VERIFICIRAN'] as const;

describe('GET /api/obrada/list', () => {
  it('shows the worklist without datum: every sample of the site not yet approved, whatever its day', async () => {
    const patient = await newPatient('Obradović');
    const ids = new Map<SampleStatus, string>();
    for (const status of EVERY_STATUS) {
      const sample = await newSample(patient._id, [cat.ids.GLU]);
      await setStatus(sample._id, status);
      ids.set(status, sample._id);
    }
    // An old sample still in work belongs on the worklist; an old approved one does not.
    await db().update(samples).set({ createdAt: new Date(Date.now() - 40 * 86_400_000) }).where(eq(samples.id, ids.get('U OBRADI')!));
    await newSample(patient._id, [cat.ids.GLU], { site: tuzla });

    const rows = (await listed(tech, '/obrada/list', 'filter=obradov')).data;
    expect(rows.map((row) => row._id).sort()).toEqual([ids.get('ZAPRIMLJEN'), ids.get('U OBRADI'), ids.get('REALIZOVAN')].sort());
    const same = (await listed(tech, '/obrada/list', 'filter=obradov&datum=RADNA%20LISTA')).data;
    expect(same.map((row) => row._id)).toEqual(rows.map((row) => row._id));

    const all = (await listed(tech, '/obrada/list', 'filter=obradov&datum=SVE')).data;
    expect(all).toHaveLength(5);
    const today = (await listed(tech, '/obrada/list', 'filter=obradov&datum=DANAS')).data;
    expect(today.map((row) => row._id)).not.toContain(ids.get('U OBRADI'));
    expect(today).toHaveLength(4);
  });

  it('narrows by status (repeatable) and hitan, and sorts as the sample list does', async () => {
    const patient = await newPatient('Filtrović');
    const urgent = await newSample(patient._id, [cat.ids.GLU], { hitan: true });
    const plain = await newSample(patient._id, [cat.ids.GLU]);
    const done = await newSample(patient._id, [cat.ids.GLU]);
    await setStatus(plain._id, 'U OBRADI');
    await setStatus(done._id, 'REALIZOVAN');

    const byStatus = await listed(tech, '/obrada/list', 'filter=filtrov&status=ZAPRIMLJEN&status=REALIZOVAN');
    expect(byStatus.data.map((row) => row._id).sort()).toEqual([urgent._id, done._id].sort());
    const urgentOnly = await listed(tech, '/obrada/list', 'filter=filtrov&hitan=true');
    expect(urgentOnly.data.map((row) => row._id)).toEqual([urgent._id]);
    const oldestFirst = await listed(tech, '/obrada/list', 'filter=filtrov&sort=created_at|asc');
    expect(oldestFirst.data.map((row) => row._id)).toEqual([urgent._id, plain._id, done._id]);
    const urgentFirst = await listed(tech, '/obrada/list', 'filter=filtrov&sort=hitan|desc,created_at|desc');
    expect(urgentFirst.data[0]?._id).toBe(urgent._id);
  });

  it('adds each row\'s results in, critical and abnormal flags and whether it was verified before', async () => {
    const patient = await newPatient('Rezultatović');
    const sample = await newSample(patient._id, [cat.ids.GLU, cat.ids.CHOL, cat.ids.HDL, cat.ids.TG, cat.ids.PSA]);
    const empty = await newSample(patient._id, [cat.ids.GLU]);
    await setResult(sample._id, cat.ids.GLU, '2,1', 'LL');
    await setResult(sample._id, cat.ids.CHOL, '7.9', 'H');
    await setResult(sample._id, cat.ids.HDL, '1.2', 'N');
    await setResult(sample._id, cat.ids.TG, '  ', null);
    await setStatus(sample._id, 'U OBRADI', { verifiedOnce: true });

    const rows = (await listed(tech, '/obrada/list', 'filter=rezultatov')).data;
    const row = rows.find((candidate) => candidate._id === sample._id);
    // A blank text is no result; N is within range, so only LL and H count as abnormal.
    expect(row).toMatchObject({ testova: 5, rezultata: 3, kriticni: true, abnormalni: 2, verified_once: true, status: 'U OBRADI' });
    expect(rows.find((candidate) => candidate._id === empty._id)).toMatchObject({ testova: 1, rezultata: 0, kriticni: false, abnormalni: 0, verified_once: false });
  });

  it('shows the microbiology worklist under Mikrobiologija: samples not yet approved with a test of a microbiology section', async () => {
    const patient = await newPatient('Kulturović');
    const culture = await newSample(patient._id, [cultureId]);
    const mixed = await newSample(patient._id, [cat.ids.GLU, cultureId]);
    const chemistry = await newSample(patient._id, [cat.ids.GLU]);
    const approvedCulture = await newSample(patient._id, [cultureId]);
    await setStatus(approvedCulture._id, 'ODOBREN');

    const rows = (await listed(tech, '/obrada/list', 'filter=kulturov&datum=Mikrobiologija')).data;
    expect(rows.map((row) => row._id).sort()).toEqual([culture._id, mixed._id].sort());
    expect(rows.map((row) => row._id)).not.toContain(chemistry._id);

    // The list follows the tests: a culture added to the chemistry sample brings it in, removed from the mixed one takes that out.
    for (const [sid, testovi] of [[chemistry._id, [cat.ids.GLU, cultureId]], [mixed._id, [cat.ids.GLU]]] as const) {
      const updated = await client.post(admin, '/uzorci/update', { sid, testovi: [...testovi] });
      expect(updated.statusCode, updated.body).toBe(200);
    }
    const after = (await listed(tech, '/obrada/list', 'filter=kulturov&datum=Mikrobiologija')).data;
    expect(after.map((row) => row._id).sort()).toEqual([culture._id, chemistry._id].sort());
  });

  it('pages with the list pagination and refuses unknown presets and sort fields naming the field', async () => {
    const patient = await newPatient('Stranović');
    for (let i = 0; i < 3; i += 1) await newSample(patient._id, [cat.ids.GLU]);
    const page = await client.get(tech, '/obrada/list?filter=stranov&per_page=2&page=2');
    expect(page.statusCode).toBe(200);
    expect(page.json<ProcessingListAnswer>().pagination).toMatchObject({ total: 3, current_page: 2, last_page: 2, from: 3, to: 3 });

    const badPreset = await client.get(tech, '/obrada/list?datum=SUTRA');
    expect(badPreset.statusCode).toBe(400);
    expect(badPreset.json()).toMatchObject({ success: false, field: 'datum' });
    const badSort = await client.get(tech, '/obrada/list?sort=rezultata|asc');
    expect(badSort.statusCode).toBe(400);
    expect(badSort.json()).toMatchObject({ field: 'sort' });
    const badStatus = await client.get(tech, '/obrada/list?status=GOTOV');
    expect(badStatus.statusCode).toBe(400);
  });

  it('is open to every role that reads samples, and to no one without a session', async () => {
    expect((await client.get(viewer, '/obrada/list')).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/obrada/list' })).statusCode).toBe(401);
  });
});

describe('GET /api/protokol/list', () => {
  it('shows samples waiting for approval or verification, and commented samples not yet verified, of every day', async () => {
    const patient = await newPatient('Provjerović');
    const byStatus = new Map<SampleStatus, string>();
    for (const status of EVERY_STATUS) {
      const sample = await newSample(patient._id, [cat.ids.GLU]);
      await setStatus(sample._id, status);
      byStatus.set(status, sample._id);
    }
    const noted = await newSample(patient._id, [cat.ids.GLU], { komentar: 'Ponoviti uzorkovanje.' });
    const notedVerified = await newSample(patient._id, [cat.ids.GLU], { komentar: 'Hemolitičan.' });
    await setStatus(notedVerified._id, 'VERIFICIRAN');
    await db().update(samples).set({ createdAt: new Date(Date.now() - 90 * 86_400_000) }).where(eq(samples.id, byStatus.get('ODOBREN')!));

    const rows = (await listed(tech, '/protokol/list', 'filter=provjerov')).data;
    expect(rows.map((row) => row._id).sort()).toEqual([byStatus.get('REALIZOVAN'), byStatus.get('ODOBREN'), noted._id].sort());
    expect(rows.every((row) => typeof row.rezultata === 'number' && typeof row.kriticni === 'boolean')).toBe(true);
    const today = (await listed(tech, '/protokol/list', 'filter=provjerov&datum=DANAS')).data;
    expect(today.map((row) => row._id).sort()).toEqual([byStatus.get('REALIZOVAN'), noted._id].sort());
  });
});

describe('GET /api/rezultati/odobravanje/barcodes/:sampleId/:id', () => {
  it("answers the labels of the patient's samples of that day, the named sample first", async () => {
    const patient = await newPatient('Naljepnić');
    const other = await newPatient('Tuđić');
    const first = await newSample(patient._id, [cat.ids.GLU]);
    const second = await newSample(patient._id, [cat.ids.CHOL]);
    const yesterday = await newSample(patient._id, [cat.ids.HDL]);
    const yesterdayAt = new Date(Date.now() - 86_400_000);
    await db().update(samples).set({ datum: yesterdayAt }).where(eq(samples.id, yesterday._id));
    await newSample(other._id, [cat.ids.GLU]);
    await newSample(patient._id, [cat.ids.GLU], { site: tuzla });

    const response = await client.get(tech, `/rezultati/odobravanje/barcodes/${second._id}/${patient._id}`);
    expect(response.statusCode, response.body).toBe(200);
    const { results } = response.json<ApprovalBarcodesAnswer>();
    expect(results.map((label) => label.id)).toEqual([second._id, first._id]);
    const today = toLocalDateText(calendarDateOf(new Date(), 'Europe/Sarajevo'));
    expect(results[0]).toEqual({
      patient: { jmbg: patient.jmbg, ime: 'UZORAK', prezime: 'NALJEPNIĆ' },
      id: second._id,
      created_at: second.created_at,
      sample: { pid: patient._id, datum: today, code: second.code },
    });

    const yesterdayText = toLocalDateText(calendarDateOf(yesterdayAt, 'Europe/Sarajevo')).replaceAll('.', '-');
    const byDate = await client.get(tech, `/rezultati/odobravanje/barcodes/${first._id}/${patient._id}?date=${yesterdayText}`);
    expect(byDate.json<ApprovalBarcodesAnswer>().results.map((label) => label.id)).toEqual([first._id, yesterday._id]);
  });

  it('answers 404 for a patient that is not the sample\'s and 400 naming date for a day that does not exist', async () => {
    const patient = await newPatient('Pogrešnić');
    const other = await newPatient('Drugić');
    const sample = await newSample(patient._id, [cat.ids.GLU]);
    const mismatch = await client.get(tech, `/rezultati/odobravanje/barcodes/${sample._id}/${other._id}`);
    expect(mismatch.statusCode).toBe(404);
    expect(mismatch.json()).toMatchObject({ success: false, code: 'notFound' });
    expect((await client.get(tech, `/rezultati/odobravanje/barcodes/not-a-uuid/${patient._id}`)).statusCode).toBe(404);
    for (const date of ['31-02-2024', '2024-02-01', '01.02.2024']) {
      const bad = await client.get(tech, `/rezultati/odobravanje/barcodes/${sample._id}/${patient._id}?date=${date}`);
      expect(bad.statusCode, date).toBe(400);
      expect(bad.json(), date).toMatchObject({ success: false, field: 'date' });
    }
  });
});

describe('GET /api/assays/settings', () => {
  it("answers the lab's predefined comments for every role that reads samples", async () => {
    const response = await client.get(viewer, '/assays/settings');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<AssaySettingsAnswer>()).toEqual({ success: true, settings: [{ komentari: [...PREDEFINED_COMMENTS] }] });
  });
});

describe('GET /api/rezultati/pacijent/:id', () => {
  it("answers the patient's results of this site per assay in report order, oldest first, with today's range", async () => {
    const patient = await newPatient('Tokovićka', 'ŽENSKI', 30);
    const older = await newSample(patient._id, [cat.ids.CHOL, cat.ids.GLU]);
    const newer = await newSample(patient._id, [cat.ids.GLU, cat.ids.AMH]);
    const unfinished = await newSample(patient._id, [cat.ids.GLU]);
    const elsewhere = await newSample(patient._id, [cat.ids.GLU], { site: tuzla });
    const twoWeeksAgo = new Date(Date.now() - 14 * 86_400_000);
    await db().update(samples).set({ datum: twoWeeksAgo }).where(eq(samples.id, older._id));
    await setResult(older._id, cat.ids.GLU, '6,80', 'H');
    await setResult(older._id, cat.ids.CHOL, '5.1', 'N');
    await setResult(newer._id, cat.ids.GLU, '<0.5', 'L');
    await setResult(newer._id, cat.ids.AMH, 'Pozitivan', 'A');
    await setResult(elsewhere._id, cat.ids.GLU, '9.9', 'HH');
    await setStatus(older._id, 'VERIFICIRAN');
    await setStatus(newer._id, 'ODOBREN');

    const response = await client.get(tech, `/rezultati/pacijent/${patient._id}`);
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<PatientResultsAnswer>();
    expect(answer.pacijent).toMatchObject({ _id: patient._id, prezime: 'TOKOVIĆKA', spol: 'ŽENSKI', jmbg: patient.jmbg });
    expect(answer.assays.map((assay) => assay.analit)).toEqual(['GLU', 'CHOL', 'AMH']);
    const [glu, chol, amh] = answer.assays;
    expect(glu).toMatchObject({ sifra: `GLU-${cat.sectionSifra.slice(1)}`, jedinica: '', decimals: 2, vrsta: 'numeric', referenca: { low: 3.9, high: 6.1, text: null } });
    expect(glu!.points).toEqual([
      { sid: older._id, code: older.code, datum: twoWeeksAgo.toISOString(), rezultat: '6,80', value: 6.8, flag: 'H', status: 'VERIFICIRAN' },
      { sid: newer._id, code: newer.code, datum: newer.datum, rezultat: '<0.5', value: null, flag: 'L', status: 'ODOBREN' },
    ]);
    // N is within range: no flag. No range for CHOL in the fixture: nothing to shade.
    expect(chol).toMatchObject({ referenca: { low: null, high: null, text: null }, points: [{ rezultat: '5.1', value: 5.1, flag: null }] });
    // AMH's range is for women not in menopause: menopause is unknown today, so the patient counts as not in it.
    expect(amh).toMatchObject({ referenca: { low: 1, high: 10 }, points: [{ rezultat: 'Pozitivan', value: null, flag: 'A' }] });
    expect(JSON.stringify(answer)).not.toContain(unfinished._id);
    expect(JSON.stringify(answer)).not.toContain(elsewhere._id);
  });

  it('narrows to the assays asked for and logs the read in the access log', async () => {
    const patient = await newPatient('Pregledić');
    const sample = await newSample(patient._id, [cat.ids.GLU, cat.ids.CHOL]);
    await setResult(sample._id, cat.ids.GLU, '5.0');
    await setResult(sample._id, cat.ids.CHOL, '4.0');
    const glu = `GLU-${cat.sectionSifra.slice(1)}`;
    const response = await client.get(viewer, `/rezultati/pacijent/${patient._id}?assay=${glu}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<PatientResultsAnswer>().assays.map((assay) => assay.sifra)).toEqual([glu]);
    const views = await db().select({ siteId: accessLog.siteId, entity: accessLog.entity }).from(accessLog)
      .where(and(eq(accessLog.entityId, patient._id), eq(accessLog.userId, viewer.userId)));
    expect(views).toEqual([{ siteId: viewer.site, entity: 'patient' }]);
  });

  it('answers an empty list for a patient without results here and 404 for an unknown patient', async () => {
    const patient = await newPatient('Praznić');
    const empty = await client.get(tech, `/rezultati/pacijent/${patient._id}`);
    expect(empty.statusCode).toBe(200);
    expect(empty.json<PatientResultsAnswer>().assays).toEqual([]);
    const unknown = await client.get(tech, '/rezultati/pacijent/00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ success: false, code: 'notFound' });
    expect((await client.get(tech, '/rezultati/pacijent/nije-id')).statusCode).toBe(404);
  });

  it('picks the range for the patient\'s sex and age today', async () => {
    const man = await newPatient('Muškić', 'MUŠKI', 50);
    const woman = await newPatient('Ženskić', 'ŽENSKI', 50);
    for (const patient of [man, woman]) {
      const sample = await newSample(patient._id, [cat.ids.GLU]);
      await setResult(sample._id, cat.ids.GLU, '5.0');
    }
    // A sex-specific range of GLU for men beats the range for both sexes.
    await db().insert(referenceRanges).values({ labassayId: cat.ids.GLU, spol: 'MUŠKI', ageMinDays: 0, ageMaxDays: 54_750, low: '4.1', high: '5.9' });
    const forMan = (await client.get(tech, `/rezultati/pacijent/${man._id}`)).json<PatientResultsAnswer>();
    const forWoman = (await client.get(tech, `/rezultati/pacijent/${woman._id}`)).json<PatientResultsAnswer>();
    expect(forMan.assays[0]?.referenca).toEqual({ low: 4.1, high: 5.9, text: null });
    expect(forWoman.assays[0]?.referenca).toEqual({ low: 3.9, high: 6.1, text: null });
    await db().delete(referenceRanges).where(and(eq(referenceRanges.labassayId, cat.ids.GLU), inArray(referenceRanges.spol, ['MUŠKI'])));
  });
});
