import { eq } from 'drizzle-orm';
import type { Server } from 'socket.io';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ResultsStatusAnswer, SampleAuditAnswer } from '@lis/domain';
import { reportVersions, samples, sampleTests } from '../../db/schema.ts';
import { createTestApp, signIn, siteId, type SignedIn, type TestApp } from '../../test/harness.ts';
import { api, daysAgo, jmbgFor, registerPatient, type Api } from '../samples/test-fixtures.ts';
import { createResultCatalogue, resultCalls, type ResultAssay, type ResultCalls, type ResultCatalogue } from './test-fixtures.ts';

// Critical values as they are typed and saved (the answer's limits, the 'result:critical' event), and the
// one-act correction of a verified sample (POST /rezultati/ispravi) against the long path it replaces.

let t: TestApp;
let client: Api;
let calls: ResultCalls;
let cat: ResultCatalogue;
let admin: SignedIn;
let specialist: SignedIn;
let tech: SignedIn;
let patient: { _id: string };

const emitted: { room: string; event: string; payload: Record<string, unknown> }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  client = api(t);
  [admin, specialist, tech] = await Promise.all(
    ['admin@demo.lab', 'specijalista@demo.lab', 'tehnicar@demo.lab'].map((email) => signIn(t.app, email)),
  ) as [SignedIn, SignedIn, SignedIn];
  cat = await createResultCatalogue(t.database.db);
  calls = resultCalls(client, cat);
  patient = await registerPatient(client, tech, jmbgFor(daysAgo(50 * 365 + 11), 'MUŠKI'), { ime: 'Ivo', prezime: 'Ispravković' });
  const room = (name: string) => ({ emit: (event: string, payload: Record<string, unknown>) => { if (name.startsWith('site:')) emitted.push({ room: name, event, payload }); } });
  t.realtime.attach({ to: room } as unknown as Server);
});
afterAll(async () => { await t.close(); });
afterEach(() => { emitted.length = 0; });

const told = () => ({ ko: 'dr. Hodžić, hitna', kada: new Date(Date.now() - 60_000).toISOString() });

async function auditOf(sid: string): Promise<SampleAuditAnswer['audit']> {
  const response = await client.get(specialist, `/uzorci/audit/${sid}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SampleAuditAnswer>().audit;
}

/** The audit rows as a person reads them, oldest first, without the times (two samples are compared). */
async function steps(sid: string) {
  return (await auditOf(sid)).reverse().map(({ korisnik, akcija, polje, staro, novo, razlog }) => ({ korisnik, akcija, polje, staro, novo, razlog }));
}

async function stored(sid: string) {
  const [sample] = await t.database.db.select().from(samples).where(eq(samples.id, sid));
  const tests = await t.database.db.select({ id: sampleTests.id, rezultat: sampleTests.rezultat, flag: sampleTests.flag, statusT: sampleTests.statusT })
    .from(sampleTests).where(eq(sampleTests.sampleId, sid)).orderBy(sampleTests.id);
  const reports = await t.database.db.select({ verzija: reportVersions.verzija }).from(reportVersions).where(eq(reportVersions.sampleId, sid));
  return { sample, tests, reports: reports.map((row) => row.verzija).sort() };
}

/** A verified sample of GLU and K, GLU critical (30) and acknowledged. */
async function verifiedCritical(glu = '30'): Promise<string> {
  const { _id: sid } = await calls.createSample(specialist, patient._id, ['GLU', 'K']);
  await calls.saved(specialist, sid, { GLU: glu, K: '4.0' });
  await calls.moved(specialist, 'odobri', { sid });
  await calls.moved(specialist, 'verifikuj', { sid, obavijesten: told() });
  return sid;
}

async function testIds(sid: string): Promise<Partial<Record<ResultAssay, string>>> {
  const tests = await calls.tests(specialist, sid);
  return Object.fromEntries(Object.entries(tests).map(([name, test]) => [name, test._id]));
}

async function correction(user: SignedIn, sid: string, values: Partial<Record<ResultAssay, string>>, extra: Record<string, unknown> = {}) {
  const shown = await calls.show(user, sid);
  const ids = await testIds(sid);
  const rezultati = Object.entries(values).map(([name, rezultat]) => ({ test: ids[name as ResultAssay], rezultat }));
  return client.post(user, '/rezultati/ispravi', { sid, version: shown.version, rezultati, razlog: 'Pogrešno prepisan rezultat', ...extra });
}

describe('critical values while typing and on save', () => {
  it("answers each test's critical limits, and the acknowledgement of the last verification", async () => {
    const { _id: sid } = await calls.createSample(tech, patient._id, ['GLU', 'HGB', 'ALP']);
    const tests = await calls.tests(tech, sid);
    expect(tests.GLU?.kriticno).toEqual({ low: 2.2, high: 25 });
    expect(tests.HGB?.kriticno).toEqual({ low: 70, high: null });
    expect(tests.ALP?.kriticno).toEqual({ low: null, high: null });
    expect((await calls.show(tech, sid)).obavijesten).toBeNull();
    const verified = await verifiedCritical();
    expect((await calls.show(tech, verified)).obavijesten).toEqual({ ko: 'dr. Hodžić, hitna', kada: expect.any(String) as unknown });
  });

  it("announces a newly stored critical value with the test, value and unit, and not again when it stays", async () => {
    const { _id: sid } = await calls.createSample(tech, patient._id, ['GLU', 'K']);
    await calls.saved(tech, sid, { GLU: '30' });
    const critical = emitted.filter((entry) => entry.event === 'result:critical');
    expect(critical).toHaveLength(1);
    expect(critical[0]?.payload).toMatchObject({
      id: sid, info: expect.stringContaining('ISPRAVKOVIĆ') as unknown,
      kriticno: [{ naziv: 'GLU test', naziv_en: '', naziv_de: '', rezultat: '30', jedinica: 'mmol/L', flag: 'HH' }],
    });
    emitted.length = 0;
    // Another test saved beside the stored critical value: nothing new is critical.
    await calls.saved(tech, sid, { K: '4.1' });
    expect(emitted.filter((entry) => entry.event === 'result:critical')).toEqual([]);
    // A value within range, then a low critical one: announced as LL.
    await calls.saved(tech, sid, { GLU: '5,0' });
    expect(emitted.filter((entry) => entry.event === 'result:critical')).toEqual([]);
    await calls.saved(tech, sid, { GLU: '1,9' });
    expect(emitted.filter((entry) => entry.event === 'result:critical').map((entry) => entry.payload.kriticno))
      .toEqual([[{ naziv: 'GLU test', naziv_en: '', naziv_de: '', rezultat: '1.9', jedinica: 'mmol/L', flag: 'LL' }]]);
  });
});

describe('POST /api/rezultati/ispravi', () => {
  it('corrects a verified sample in one act, leaving the audit rows the long path leaves and the next report version', async () => {
    const obavijesten = told();
    const short = await verifiedCritical();
    const long = await verifiedCritical();
    const shortBefore = (await steps(short)).length;
    const longBefore = (await steps(long)).length;

    const response = await correction(specialist, short, { GLU: '31' }, { obavijesten });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<ResultsStatusAnswer>()).toMatchObject({ success: true, status: 'VERIFICIRAN' });

    // The long path, step by step, with the same reason and acknowledgement.
    const razlog = 'Pogrešno prepisan rezultat';
    await calls.moved(specialist, 'verifikuj/undo', { sid: long, razlog });
    await calls.moved(specialist, 'odobri/undo', { sid: long });
    await calls.saved(specialist, long, { GLU: '31' }, { razlog });
    await calls.moved(specialist, 'odobri', { sid: long });
    await calls.moved(specialist, 'verifikuj', { sid: long, obavijesten });

    const shortSteps = (await steps(short)).slice(shortBefore);
    expect(shortSteps).toEqual((await steps(long)).slice(longBefore));
    // Each step is there, the reason on the unlock and on the changed result.
    expect(shortSteps.map((step) => step.akcija)).toEqual([
      'sample.unverify', 'sample.unapprove', 'result.change', 'sample.approve', 'sample.verify', 'sample.acknowledge',
    ]);
    expect(shortSteps.filter((step) => step.razlog === razlog).map((step) => step.akcija)).toEqual(['sample.unverify', 'result.change']);

    const after = await stored(short);
    expect(after.sample).toMatchObject({ status: 'VERIFICIRAN', obavijesten });
    expect(after.tests.map((test) => test.rezultat).sort()).toEqual(['31', '4.0']);
    expect(after.reports).toEqual((await stored(long)).reports);
    expect(new Set(after.reports).size).toBeGreaterThan(1);
  });

  it('changes nothing at all when a later step refuses (atomic): a critical value without who was told', async () => {
    const sid = await verifiedCritical();
    const before = await stored(sid);
    const auditBefore = await auditOf(sid);
    // The unlock, the approval taken back and the save would pass; the verification refuses.
    const response = await correction(specialist, sid, { GLU: '35' });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'results.notifiedRequired', field: 'obavijesten' });
    expect(await stored(sid)).toEqual(before);
    expect(await auditOf(sid)).toEqual(auditBefore);
  });

  it('refuses a stale version, a correction that changes nothing, a cleared result, and a user who may not verify', async () => {
    const sid = await verifiedCritical('5.0');
    const before = await stored(sid);
    const ids = await testIds(sid);
    const stale = await client.post(specialist, '/rezultati/ispravi', {
      sid, version: before.sample!.version - 1, rezultati: [{ test: ids.GLU, rezultat: '5.5' }], razlog: 'x',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'results.versionConflict' });
    const unchanged = await correction(specialist, sid, { GLU: '5.0' });
    expect(unchanged.statusCode).toBe(400);
    expect(unchanged.json()).toMatchObject({ code: 'results.correctionUnchanged', field: 'rezultati' });
    const cleared = await correction(specialist, sid, { GLU: '' });
    expect(cleared.statusCode).toBe(409);
    expect(cleared.json()).toMatchObject({ code: 'results.incomplete' });
    const noReason = await correction(specialist, sid, { GLU: '5.5' }, { razlog: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toMatchObject({ code: 'results.reasonRequired', field: 'razlog' });
    const byTech = await correction(tech, sid, { GLU: '5.5' });
    expect(byTech.statusCode).toBe(403);
    expect(await stored(sid)).toEqual(before);
  });

  it('answers 409 for a sample that is not verified, and 404 for another site', async () => {
    const { _id: sid } = await calls.createSample(specialist, patient._id, ['GLU']);
    await calls.saved(specialist, sid, { GLU: '5.0' });
    const notVerified = await correction(specialist, sid, { GLU: '5.2' });
    expect(notVerified.statusCode).toBe(409);
    expect(notVerified.json()).toMatchObject({ code: 'results.transitionNotAllowed' });
    const verified = await verifiedCritical('5.0');
    const shown = await calls.show(specialist, verified);
    const ids = await testIds(verified);
    // The admin works at both sites: the Sarajevo sample, asked for at Tuzla, is not there.
    const elsewhere = await client.post(admin, '/rezultati/ispravi', {
      sid: verified, version: shown.version, rezultati: [{ test: ids.GLU, rezultat: '5.5' }], razlog: 'x',
    }, siteId(admin, 'TZ'));
    expect(elsewhere.statusCode).toBe(404);
  });
});
