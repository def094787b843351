import { eq, sql } from 'drizzle-orm';
import type { Server } from 'socket.io';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ResultsShowAnswer, SampleAuditAnswer, SampleShowAnswer, SampleStatus } from '@lis/domain';
import { labAssays, samples, sampleTests, users, userSites } from '../../db/schema.ts';
import { createTestApp, signIn, siteId, type SignedIn, type TestApp } from '../../test/harness.ts';
import { api, daysAgo, jmbgFor, registerPatient, type Api } from '../samples/test-fixtures.ts';
import { createResultCatalogue, resultCalls, type ResultCalls, type ResultCatalogue } from './test-fixtures.ts';

let t: TestApp;
let client: Api;
let calls: ResultCalls;
let cat: ResultCatalogue;
let admin: SignedIn;
let specialist: SignedIn;
let tech: SignedIn;
let viewer: SignedIn;
/** A specialist with access level 1: read-only whatever the role. */
let readOnlySpecialist: SignedIn;
let sarajevo: string;
let tuzla: string;
let man: { _id: string };
let woman: { _id: string };
let child: { _id: string };

/** Everything the hub sent: the room, the event and the payload as a socket would receive it. */
const emitted: { room: string; event: string; payload: Record<string, unknown> }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  client = api(t);
  [admin, specialist, tech, viewer] = await Promise.all(
    ['admin@demo.lab', 'specijalista@demo.lab', 'tehnicar@demo.lab', 'pregled@demo.lab'].map((email) => signIn(t.app, email)),
  ) as [SignedIn, SignedIn, SignedIn, SignedIn];
  sarajevo = siteId(admin, 'SA');
  tuzla = siteId(admin, 'TZ');
  const [template] = await t.database.db.select().from(users).where(eq(users.email, 'specijalista@demo.lab'));
  if (!template) throw new Error('no specialist');
  const [readOnly] = await t.database.db.insert(users).values({
    email: 'specijalista-pregled@demo.lab', passwordHash: template.passwordHash, ime: 'Samo', prezime: 'Čitanje', role: 'specialist', accessLevel: 1,
  }).returning({ id: users.id });
  await t.database.db.insert(userSites).values({ userId: readOnly!.id, siteId: sarajevo });
  readOnlySpecialist = await signIn(t.app, 'specijalista-pregled@demo.lab');
  cat = await createResultCatalogue(t.database.db);
  calls = resultCalls(client, cat);
  man = await registerPatient(client, tech, jmbgFor(daysAgo(40 * 365 + 20), 'MUŠKI'), { ime: 'Marko', prezime: 'Rezultatović' });
  woman = await registerPatient(client, tech, jmbgFor(daysAgo(30 * 365 + 20), 'ŽENSKI'), { ime: 'Lejla', prezime: 'Rezultatović', spol: 'ŽENSKI' });
  child = await registerPatient(client, tech, jmbgFor(daysAgo(5 * 365), 'MUŠKI'), { ime: 'Dino', prezime: 'Rezultatović' });
  // What the site's pages hear; the wall display's content-free nudge that goes with every site event has its own tests (statistics).
  const room = (name: string) => ({ emit: (event: string, payload: Record<string, unknown>) => { if (name.startsWith('site:')) emitted.push({ room: name, event, payload }); } });
  t.realtime.attach({ to: room } as unknown as Server);
});
afterAll(async () => { await t.close(); });
afterEach(() => { emitted.length = 0; });

async function auditOf(sid: string, user: SignedIn = tech, site = user.site): Promise<SampleAuditAnswer['audit']> {
  const response = await client.get(user, `/uzorci/audit/${sid}`, site);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SampleAuditAnswer>().audit;
}

async function storedTests(sid: string) {
  return t.database.db.select({
    labassayId: sampleTests.labassayId, rezultat: sampleTests.rezultat, rezultatF: sampleTests.rezultatF, flag: sampleTests.flag,
    statusT: sampleTests.statusT, unioBy: sampleTests.unioBy, unioSource: sampleTests.unioSource, unioAt: sampleTests.unioAt,
  }).from(sampleTests).where(eq(sampleTests.sampleId, sid));
}

async function storedSample(sid: string) {
  const [row] = await t.database.db.select().from(samples).where(eq(samples.id, sid));
  if (!row) throw new Error('no sample');
  return row;
}

/** What a refused call must leave as it was: the result screen's answer and the audit trail. */
async function snapshot(sid: string, user: SignedIn = specialist, site = user.site) {
  return { shown: await calls.show(user, sid, site), audit: await auditOf(sid, user, site), tests: await storedTests(sid) };
}

/** A sample of GLU and K for the man, brought to the status through the calls themselves. */
async function sampleAt(status: SampleStatus, user: SignedIn = specialist): Promise<string> {
  const { _id: sid } = await calls.createSample(user, man._id, ['GLU', 'K']);
  if (status === 'ZAPRIMLJEN') return sid;
  await calls.saved(user, sid, { GLU: '5.0' });
  if (status === 'U OBRADI') return sid;
  await calls.saved(user, sid, { K: '4.0' });
  if (status === 'REALIZOVAN') return sid;
  await calls.moved(user, 'odobri', { sid });
  if (status === 'ODOBREN') return sid;
  await calls.moved(user, 'verifikuj', { sid });
  return sid;
}

describe('GET /api/rezultati/{sid}', () => {
  it('answers the status, version, actions, the sample as uzorci/show does, and each test in report order', async () => {
    const { _id: sid } = await calls.createSample(tech, man._id, ['URO', 'GLU', 'CRP', 'LDL', 'BOJA']);
    const shown = await calls.show(tech, sid);
    expect(shown).toMatchObject({ success: true, status: 'ZAPRIMLJEN', version: 0 });
    expect(shown.actions).toEqual(expect.arrayContaining(['delete', 'save', 'check', 'comment']));
    expect(shown.actions).not.toContain('verify');
    const sampleShow = await client.get(tech, `/uzorci/show/${sid}`);
    expect(shown.uzorak).toEqual(sampleShow.json<SampleShowAnswer>().uzorak);
    // Section 'Prva' (900) before 'Druga' (901), then the assays' own order; LDL brought its components.
    expect(shown.tests.map((test) => test.sifra)).toEqual(
      (['CRP', 'GLU', 'CHOL', 'HDL', 'TG', 'LDL', 'URO', 'BOJA'] as const).map((name) => cat.sifra[name]),
    );
    const tests = await calls.tests(tech, sid);
    expect(tests.CRP?.sekcija).toEqual({ _id: cat.sections.first, naziv: expect.stringMatching(/^Prva /) as unknown, naziv_en: '', naziv_de: '', redoslijed: 900 });
    expect(tests.GLU).toMatchObject({
      naziv: 'GLU test', analit: 'GLU', vrsta: 'numeric', opcije: [], decimals: 1, calculated: false, rezultat: null, jedinica: 'mmol/L',
      referenca: { low: 3.9, high: 6.1, text: null }, flag: null, kriticni: false, delta: null, status_t: 'ZAPRIMLJEN', unio: null, unio_at: null,
    });
    expect(tests.URO).toMatchObject({ vrsta: 'qualitative', opcije: ['+', '++', '+++'], referenca: { low: null, high: null, text: 'Negativan' } });
    expect(tests.LDL).toMatchObject({ calculated: true, referenca: { low: null, high: 3.4, text: null } });
  });

  it("chooses the reference range of this patient: sex, age at the sample date, pregnancy", async () => {
    const forMan = await calls.tests(tech, (await calls.createSample(tech, man._id, ['HGB', 'ALP']))._id);
    expect(forMan.HGB?.referenca).toEqual({ low: 130, high: 170, text: null });
    expect(forMan.ALP?.referenca).toEqual({ low: 40, high: 130, text: null });
    const forWoman = await calls.tests(tech, (await calls.createSample(tech, woman._id, ['HGB']))._id);
    expect(forWoman.HGB?.referenca).toEqual({ low: 120, high: 160, text: null });
    const pregnant = await calls.tests(tech, (await calls.createSample(tech, woman._id, ['HGB'], { trudnica: true }))._id);
    expect(pregnant.HGB?.referenca).toEqual({ low: 110, high: 150, text: null });
    const forChild = await calls.tests(tech, (await calls.createSample(tech, child._id, ['ALP']))._id);
    expect(forChild.ALP?.referenca).toEqual({ low: 100, high: 400, text: null });
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const sid of ['5b0e8c3a-2f5e-4f65-9d7c-6f0f0c1f2a10', 'nije-uuid']) {
      const response = await client.get(tech, `/rezultati/${sid}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ success: false, code: 'notFound' });
    }
  });
});

describe('POST /api/rezultati/save', () => {
  it('stores a number with a decimal point and its digits as typed, the exact number and the flag, and says who entered it when', async () => {
    const { _id: sid } = await calls.createSample(tech, man._id, ['GLU', 'K', 'CRP']);
    const before = Date.now();
    expect(await calls.saved(tech, sid, { GLU: '5,40', K: '<2.5', CRP: '12' })).toEqual({ success: true, status: 'REALIZOVAN', version: 1, refleks: [] });
    const stored = await storedTests(sid);
    const glu = stored.find((row) => row.labassayId === cat.ids.GLU);
    expect(glu).toMatchObject({ rezultat: '5.40', flag: 'N', statusT: 'REALIZOVAN', unioBy: tech.userId, unioSource: null });
    expect(Number(glu?.rezultatF)).toBe(5.4);
    expect(glu?.rezultatF?.replace(/0+$/, '')).toBe('5.4');
    expect(glu?.unioAt?.getTime()).toBeGreaterThanOrEqual(before - 1000);
    // A censored value has no exact number; it is still judged: every value below 2.5 is below the critical 2.8.
    expect(stored.find((row) => row.labassayId === cat.ids.K)).toMatchObject({ rezultat: '<2.5', rezultatF: null, flag: 'LL' });
    const tests = await calls.tests(tech, sid);
    expect(tests.GLU).toMatchObject({ rezultat: '5.40', flag: null, kriticni: false, unio: 'Tarik Tehničar' });
    expect(tests.K).toMatchObject({ rezultat: '<2.5', flag: 'LL', kriticni: true });
    expect(tests.CRP).toMatchObject({ rezultat: '12', flag: 'H', kriticni: false });
  });

  it("stores 'HDL 1,1' and 'HDL 1.1' alike, keeps text as typed, and takes an old comma result saved again as no change", async () => {
    const { _id: sid } = await calls.createSample(tech, man._id, ['HDL', 'CHOL', 'BOJA', 'K']);
    await calls.saved(tech, sid, { HDL: '1,1', CHOL: '5.2', BOJA: ' Žuta, bistra ', K: '≤ 2,5' });
    const byAssay = new Map((await storedTests(sid)).map((row) => [row.labassayId, row]));
    expect(byAssay.get(cat.ids.HDL)).toMatchObject({ rezultat: '1.1' });
    expect(Number(byAssay.get(cat.ids.HDL)?.rezultatF)).toBe(1.1);
    expect(byAssay.get(cat.ids.CHOL)).toMatchObject({ rezultat: '5.2' });
    expect(byAssay.get(cat.ids.BOJA)).toMatchObject({ rezultat: ' Žuta, bistra ' });
    expect(byAssay.get(cat.ids.K)).toMatchObject({ rezultat: '<=2.5', flag: 'LL' });

    // A result stored before the rule, with a comma: saved again with either mark it is the same result.
    await t.database.db.update(sampleTests).set({ rezultat: '5,2' }).where(sql`${sampleTests.sampleId} = ${sid} and ${sampleTests.labassayId} = ${cat.ids.CHOL}`);
    const trail = (await auditOf(sid)).length;
    const { version } = await storedSample(sid);
    expect(await calls.saved(tech, sid, { CHOL: '5.2' }, {})).toMatchObject({ success: true, version });
    expect(await calls.saved(tech, sid, { CHOL: '5,2' }, {})).toMatchObject({ success: true, version });
    expect((await storedTests(sid)).find((row) => row.labassayId === cat.ids.CHOL)).toMatchObject({ rezultat: '5,2' });
    expect(await auditOf(sid)).toHaveLength(trail);
    // Another number is a change, stored with a point.
    await calls.saved(tech, sid, { CHOL: '5,3' });
    expect((await storedTests(sid)).find((row) => row.labassayId === cat.ids.CHOL)).toMatchObject({ rezultat: '5.3' });
    expect((await auditOf(sid))[0]).toMatchObject({ akcija: 'result.change', staro: '5,2', novo: '5.3' });
  });

  it('flags against the range of this patient: sex, pregnancy, age', async () => {
    const forMan = (await calls.createSample(tech, man._id, ['HGB', 'ALP']))._id;
    await calls.saved(tech, forMan, { HGB: '125', ALP: '150' });
    expect(await calls.tests(tech, forMan)).toMatchObject({ HGB: { flag: 'L' }, ALP: { flag: 'H' } });
    const forWoman = (await calls.createSample(tech, woman._id, ['HGB']))._id;
    await calls.saved(tech, forWoman, { HGB: '125' });
    expect((await calls.tests(tech, forWoman)).HGB?.flag).toBeNull();
    const pregnant = (await calls.createSample(tech, woman._id, ['HGB'], { trudnica: true }))._id;
    await calls.saved(tech, pregnant, { HGB: '115' });
    expect((await calls.tests(tech, pregnant)).HGB?.flag).toBeNull();
    const notPregnant = (await calls.createSample(tech, woman._id, ['HGB']))._id;
    await calls.saved(tech, notPregnant, { HGB: '115' });
    expect((await calls.tests(tech, notPregnant)).HGB?.flag).toBe('L');
    const forChild = (await calls.createSample(tech, child._id, ['ALP']))._id;
    await calls.saved(tech, forChild, { ALP: '150' });
    expect((await calls.tests(tech, forChild)).ALP?.flag).toBeNull();
    const critical = (await calls.createSample(tech, man._id, ['HGB']))._id;
    await calls.saved(tech, critical, { HGB: '65' });
    expect((await calls.tests(tech, critical)).HGB).toMatchObject({ flag: 'LL', kriticni: true });
  });

  it('takes qualitative answers with their grades and text results against their text reference', async () => {
    const { _id: sid } = await calls.createSample(tech, man._id, ['URO', 'HIV', 'BOJA']);
    const refused = async (values: Parameters<ResultCalls['save']>[2], code: string, field: string) => {
      const response = await calls.save(tech, sid, values);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ success: false, code, field });
    };
    await refused({ URO: 'Pozitivan' }, 'results.positiveNeedsGrade', 'rezultati.0.rezultat');
    await refused({ URO: 'Pozitivan (++++)' }, 'results.positiveNeedsGrade', 'rezultati.0.rezultat');
    await refused({ HIV: 'Možda' }, 'results.notAllowedValue', 'rezultati.0.rezultat');
    expect((await calls.show(tech, sid)).version).toBe(0);
    await calls.saved(tech, sid, { URO: 'Pozitivan (++)', HIV: 'Negativan', BOJA: 'zuta' });
    expect(await calls.tests(tech, sid)).toMatchObject({
      URO: { rezultat: 'Pozitivan (++)', flag: 'A' }, HIV: { rezultat: 'Negativan', flag: null }, BOJA: { rezultat: 'zuta', flag: null },
    });
    await calls.saved(tech, sid, { HIV: 'Pozitivan', BOJA: 'Crvena' });
    expect(await calls.tests(tech, sid)).toMatchObject({ HIV: { flag: 'A' }, BOJA: { flag: 'A' } });
  });

  it('moves the status with the results, clears a result with a blank text and counts the version up', async () => {
    const { _id: sid } = await calls.createSample(tech, man._id, ['GLU', 'K']);
    expect(await calls.saved(tech, sid, { GLU: '5.1' })).toEqual({ success: true, status: 'U OBRADI', version: 1, refleks: [] });
    expect((await calls.tests(tech, sid)).K?.status_t).toBe('U OBRADI');
    expect(await calls.saved(tech, sid, { K: '4.2' })).toEqual({ success: true, status: 'REALIZOVAN', version: 2, refleks: [] });
    expect(await calls.saved(tech, sid, { K: '  ' })).toEqual({ success: true, status: 'U OBRADI', version: 3, refleks: [] });
    expect(await calls.tests(tech, sid)).toMatchObject({ K: { rezultat: null, flag: null, status_t: 'U OBRADI' }, GLU: { status_t: 'REALIZOVAN' } });
    // The same values again change nothing, so the version stays.
    expect(await calls.saved(tech, sid, { GLU: '5.1', K: null })).toEqual({ success: true, status: 'U OBRADI', version: 3, refleks: [] });
    expect((await auditOf(sid)).filter((row) => row.akcija === 'sample.status').map((row) => [row.staro, row.novo])).toEqual([
      ['REALIZOVAN', 'U OBRADI'], ['U OBRADI', 'REALIZOVAN'], ['ZAPRIMLJEN', 'U OBRADI'],
    ]);
  });

  it('refuses a test of another sample, a calculated test and a value the assay does not take, naming the entry, changing nothing', async () => {
    const { _id: sid } = await calls.createSample(tech, man._id, ['GLU', 'LDL']);
    const { _id: other } = await calls.createSample(tech, man._id, ['GLU']);
    const otherTest = (await calls.show(tech, other)).tests[0]!._id;
    const shown = await calls.show(tech, sid);
    const glu = shown.tests.find((test) => test.sifra === cat.sifra.GLU)!._id;
    const ldl = shown.tests.find((test) => test.sifra === cat.sifra.LDL)!._id;
    const before = await snapshot(sid, tech);
    const post = (rezultati: { test: string; rezultat: string | null }[]) => client.post(tech, '/rezultati/save', { sid, version: 0, rezultati });

    const unknown = await post([{ test: glu, rezultat: '5' }, { test: otherTest, rezultat: '5' }]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'results.unknownTest', field: 'rezultati.1.test' });
    expect(unknown.json<{ message: string }>().message).toContain(otherTest);
    const calculated = await post([{ test: ldl, rezultat: '3.1' }]);
    expect(calculated.statusCode).toBe(400);
    expect(calculated.json()).toMatchObject({ code: 'results.calculatedReadOnly', field: 'rezultati.0.test', message: expect.stringContaining('LDL test') as unknown });
    const notNumber = await post([{ test: glu, rezultat: 'visok' }]);
    expect(notNumber.statusCode).toBe(400);
    expect(notNumber.json()).toMatchObject({ code: 'results.notNumeric', field: 'rezultati.0.rezultat', message: expect.stringContaining('GLU test') as unknown });
    expect(await snapshot(sid, tech)).toEqual(before);
    expect((await storedTests(other))[0]?.rezultat).toBeNull();
  });

  it('refuses a save against a stale version with 409 and changes nothing', async () => {
    const { _id: sid } = await calls.createSample(tech, man._id, ['GLU', 'K']);
    await calls.saved(tech, sid, { GLU: '5.0' });
    const before = await snapshot(sid, tech);
    const stale = await calls.save(specialist, sid, { GLU: '9.9', K: '4.0' }, { version: 0 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ success: false, code: 'results.versionConflict' });
    expect(await snapshot(sid, tech)).toEqual(before);
  });

  it('recomputes the calculated LDL when a component changes, and clears it when one is cleared', async () => {
    const { _id: sid } = await calls.createSample(tech, man._id, ['LDL']);
    expect(await calls.saved(tech, sid, { CHOL: '6,2', HDL: '1,1' })).toMatchObject({ status: 'U OBRADI' });
    expect((await calls.tests(tech, sid)).LDL?.rezultat).toBeNull();
    // 6.2 - 1.1 - 2.0 / 2.2 = 4.19: every test has its result, so the sample is complete.
    expect(await calls.saved(tech, sid, { TG: '2.0' })).toMatchObject({ status: 'REALIZOVAN' });
    expect((await calls.tests(tech, sid)).LDL).toMatchObject({ rezultat: '4.19', flag: 'H', unio: 'formula', status_t: 'REALIZOVAN' });
    const [ldlRow] = (await storedTests(sid)).filter((row) => row.labassayId === cat.ids.LDL);
    expect(ldlRow).toMatchObject({ unioBy: null, unioSource: 'formula', flag: 'H' });
    expect(Number(ldlRow?.rezultatF)).toBe(4.19);
    // 6.2 - 1.5 - 0.91 = 3.79
    await calls.saved(tech, sid, { HDL: '1.5' });
    expect((await calls.tests(tech, sid)).LDL?.rezultat).toBe('3.79');
    expect(await calls.saved(tech, sid, { TG: '' })).toMatchObject({ status: 'U OBRADI' });
    expect((await calls.tests(tech, sid)).LDL).toMatchObject({ rezultat: null, flag: null });
    const calculatedSteps = (await auditOf(sid)).filter((row) => row.akcija === 'result.calculate');
    expect(calculatedSteps.map((row) => [row.korisnik, row.polje, row.staro, row.novo])).toEqual([
      [null, cat.sifra.LDL, '3.79', null], [null, cat.sifra.LDL, '4.19', '3.79'], [null, cat.sifra.LDL, null, '4.19'],
    ]);
  });

  it("marks a delta beyond the assay's limit against the patient's previous verified result", async () => {
    const patient = await registerPatient(client, tech, jmbgFor(daysAgo(50 * 365), 'MUŠKI'), { ime: 'Delta', prezime: 'Provjerić' });
    const earlier = (await calls.createSample(specialist, patient._id, ['GLU', 'K']))._id;
    await calls.saved(specialist, earlier, { GLU: '5,0', K: '4.0' });
    // Nothing verified yet: no delta.
    const pending = (await calls.createSample(specialist, patient._id, ['GLU', 'K']))._id;
    await calls.saved(specialist, pending, { GLU: '9.0' });
    expect((await calls.tests(specialist, pending)).GLU?.delta).toBeNull();
    await calls.moved(specialist, 'odobri', { sid: earlier });
    await calls.moved(specialist, 'verifikuj', { sid: earlier });
    const { verifiedAt } = await storedSample(earlier);

    // Absolute limit 2: 9.0 is 4 away from 5,0; 6.9 is 1.9 away. Percent limit 20 %: 4.9 is 22.5 % above 4.0.
    await calls.saved(specialist, pending, { K: '4.9' });
    const tests = await calls.tests(specialist, pending);
    expect(tests.GLU?.delta).toEqual({ previous: '5.0', previousAt: verifiedAt?.toISOString(), exceeded: true });
    expect(tests.K?.delta).toMatchObject({ previous: '4.0', exceeded: true });
    await calls.saved(specialist, pending, { GLU: '6.9', K: '4.7' });
    expect(await calls.tests(specialist, pending)).toMatchObject({ GLU: { delta: { exceeded: false } }, K: { delta: { exceeded: false } } });

    // The verified sample itself has no later sample of its own to compare with: a sample taken afterwards is not "previous".
    expect((await calls.tests(specialist, earlier)).GLU?.delta).toBeNull();
    // Another site's verified sample of the same patient is that site's.
    const atTuzla = (await calls.createSample(admin, patient._id, ['GLU'], {}, tuzla))._id;
    await calls.saved(admin, atTuzla, { GLU: '20' }, { site: tuzla });
    expect((await calls.tests(admin, atTuzla, tuzla)).GLU?.delta).toBeNull();
  });

  it('after an unlock, changing a result needs a reason, and the earlier value stays in the audit trail', async () => {
    const sid = await sampleAt('VERIFICIRAN');
    await calls.moved(specialist, 'verifikuj/undo', { sid, razlog: 'Hemoliza, ponoviti' });
    await calls.moved(specialist, 'odobri/undo', { sid });
    const before = await snapshot(sid);
    const withoutReason = await calls.save(specialist, sid, { GLU: '5.6' });
    expect(withoutReason.statusCode).toBe(400);
    expect(withoutReason.json()).toMatchObject({ code: 'results.reasonRequired', field: 'razlog' });
    expect((await calls.save(specialist, sid, { GLU: '5.6' }, { razlog: '   ' })).statusCode).toBe(400);
    expect(await snapshot(sid)).toEqual(before);
    // The same value again changes no released result: no reason needed.
    expect((await calls.save(specialist, sid, { GLU: '5.0' })).statusCode).toBe(200);
    expect(await calls.saved(specialist, sid, { GLU: '5.6' }, { razlog: 'Ponovljeno mjerenje' })).toMatchObject({ status: 'REALIZOVAN' });
    const [latest] = await auditOf(sid);
    expect(latest).toMatchObject({
      korisnik: 'Selma Specijalista', akcija: 'result.change', polje: cat.sifra.GLU, staro: '5.0', novo: '5.6', razlog: 'Ponovljeno mjerenje',
    });
  });
});

type Move = 'save' | 'approve' | 'unapprove' | 'verify' | 'unverify';
const EVERY_STATUS: SampleStatus[] = ['ZAPRIMLJEN', 'U OBRADI', 'REALIZOVAN', 'ODOBREN', 'VERIFICIRAN'];

/** Each move as its call; save changes GLU only. */
function perform(move: Move, user: SignedIn, sid: string, version: number) {
  switch (move) {
    case 'save':
      return calls.save(user, sid, { GLU: '5.5' }, { version });
    case 'approve':
      return calls.move(user, 'odobri', { sid });
    case 'unapprove':
      return calls.move(user, 'odobri/undo', { sid });
    case 'verify':
      return calls.move(user, 'verifikuj', { sid });
    case 'unverify':
      return calls.move(user, 'verifikuj/undo', { sid, razlog: 'Provjera' });
  }
}

/** What each move does from each status: the new status, or the refusal's code (409; a code has a dot). */
const MOVES_BY_STATUS: Record<Move, Record<SampleStatus, string>> = {
  save: { ZAPRIMLJEN: 'U OBRADI', 'U OBRADI': 'U OBRADI', REALIZOVAN: 'REALIZOVAN', ODOBREN: 'results.locked', VERIFICIRAN: 'results.locked' },
  approve: {
    ZAPRIMLJEN: 'results.incomplete', 'U OBRADI': 'results.incomplete', REALIZOVAN: 'ODOBREN',
    ODOBREN: 'results.transitionNotAllowed', VERIFICIRAN: 'results.transitionNotAllowed',
  },
  unapprove: {
    ZAPRIMLJEN: 'results.transitionNotAllowed', 'U OBRADI': 'results.transitionNotAllowed', REALIZOVAN: 'results.transitionNotAllowed',
    ODOBREN: 'REALIZOVAN', VERIFICIRAN: 'results.transitionNotAllowed',
  },
  verify: {
    ZAPRIMLJEN: 'results.transitionNotAllowed', 'U OBRADI': 'results.transitionNotAllowed', REALIZOVAN: 'results.transitionNotAllowed',
    ODOBREN: 'VERIFICIRAN', VERIFICIRAN: 'results.transitionNotAllowed',
  },
  unverify: {
    ZAPRIMLJEN: 'results.transitionNotAllowed', 'U OBRADI': 'results.transitionNotAllowed', REALIZOVAN: 'results.transitionNotAllowed',
    ODOBREN: 'results.transitionNotAllowed', VERIFICIRAN: 'ODOBREN',
  },
};

describe('every move from every status', () => {
  const cases = (Object.keys(MOVES_BY_STATUS) as Move[]).flatMap((move) => EVERY_STATUS.map((status) => [move, status, MOVES_BY_STATUS[move][status]] as const));

  it.each(cases)('%s from %s: %s', async (move, status, expected) => {
    const sid = await sampleAt(status);
    const before = await snapshot(sid);
    const response = await perform(move, specialist, sid, before.shown.version);
    if (expected.includes('.')) {
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json()).toMatchObject({ success: false, code: expected });
      if (expected === 'results.transitionNotAllowed') expect(response.json<{ message: string }>().message).toContain(status);
      expect(await snapshot(sid)).toEqual(before);
      return;
    }
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true, status: expected, version: before.shown.version + 1, ...(move === 'save' ? { refleks: [] } : {}) });
    const after = await calls.show(specialist, sid);
    expect(after.status).toBe(expected);
    // Every test with a result carries the sample's progress with it.
    expect(after.tests.filter((test) => test.rezultat !== null).map((test) => test.status_t))
      .toEqual(after.tests.filter((test) => test.rezultat !== null).map(() => (expected === 'ODOBREN' || expected === 'VERIFICIRAN' ? expected : 'REALIZOVAN')));
  });

  it('stamps who approved and verified and when, and takes the stamp away with the undo', async () => {
    const sid = await sampleAt('REALIZOVAN');
    await calls.moved(tech, 'odobri', { sid });
    expect(await storedSample(sid)).toMatchObject({ approvedBy: tech.userId, approvedAt: expect.any(Date) as unknown, verifiedAt: null });
    await calls.moved(specialist, 'verifikuj', { sid });
    expect(await storedSample(sid)).toMatchObject({ approvedBy: tech.userId, verifiedBy: specialist.userId, verifiedOnce: true });
    expect((await calls.show(specialist, sid)).actions).toEqual(expect.arrayContaining(['unlock']));
    await calls.moved(specialist, 'verifikuj/undo', { sid, razlog: 'Provjera' });
    expect(await storedSample(sid)).toMatchObject({ verifiedBy: null, verifiedAt: null, verifiedOnce: true, approvedBy: tech.userId });
    await calls.moved(tech, 'odobri/undo', { sid });
    expect(await storedSample(sid)).toMatchObject({ approvedBy: null, approvedAt: null });
  });

  it('approves only a sample whose tests all have a result, whatever its stored status says', async () => {
    const { _id: sid } = await calls.createSample(specialist, man._id, ['GLU', 'K']);
    await calls.saved(specialist, sid, { GLU: '5.0' });
    await t.database.db.update(samples).set({ status: 'REALIZOVAN' }).where(eq(samples.id, sid));
    const response = await calls.move(specialist, 'odobri', { sid });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'results.incomplete' });
    expect((await storedSample(sid)).status).toBe('REALIZOVAN');
  });

  it('needs a reason to unlock, and names the field', async () => {
    const sid = await sampleAt('VERIFICIRAN');
    const before = await snapshot(sid);
    for (const body of [{ sid }, { sid, razlog: '  ' }]) {
      const response = await calls.move(specialist, 'verifikuj/undo', body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'results.reasonRequired', field: 'razlog' });
    }
    expect(await snapshot(sid)).toEqual(before);
  });
});

describe('every move per role', () => {
  /** The status a move starts from, and who may make it (permissions of @lis/domain; access level above 0 is read-only). */
  const MOVES: Record<Move, { from: SampleStatus; allowed: string[] }> = {
    save: { from: 'ZAPRIMLJEN', allowed: ['admin', 'specialist', 'technician'] },
    approve: { from: 'REALIZOVAN', allowed: ['admin', 'specialist', 'technician'] },
    unapprove: { from: 'ODOBREN', allowed: ['admin', 'specialist', 'technician'] },
    verify: { from: 'ODOBREN', allowed: ['admin', 'specialist'] },
    unverify: { from: 'VERIFICIRAN', allowed: ['admin', 'specialist'] },
  };
  const ROLES = ['admin', 'specialist', 'technician', 'viewer', 'read-only specialist'] as const;
  const userOf = (role: (typeof ROLES)[number]) => ({
    admin, specialist, technician: tech, viewer, 'read-only specialist': readOnlySpecialist,
  })[role];
  const cases = (Object.keys(MOVES) as Move[]).flatMap((move) => ROLES.map((role) => [move, role, MOVES[move].allowed.includes(role)] as const));

  it.each(cases)('%s by %s allowed: %s', async (move, role, allowed) => {
    const sid = await sampleAt(MOVES[move].from);
    const before = await snapshot(sid);
    const response = await perform(move, userOf(role), sid, before.shown.version);
    if (allowed) {
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<{ version: number }>().version).toBe(before.shown.version + 1);
      return;
    }
    expect(response.statusCode, response.body).toBe(403);
    expect(response.json()).toMatchObject({ success: false, code: 'auth.forbidden' });
    expect(await snapshot(sid)).toEqual(before);
  });

  it.each(ROLES)('%s reads the results and the audit trail', async (role) => {
    const sid = await sampleAt('VERIFICIRAN');
    const user = userOf(role);
    expect((await calls.show(user, sid)).status).toBe('VERIFICIRAN');
    expect((await auditOf(sid, user)).length).toBeGreaterThan(0);
  });
});

describe('verification and critical values', () => {
  it('asks who was told of a critical value and when, stores it and audits it as its own row', async () => {
    const { _id: sid } = await calls.createSample(specialist, man._id, ['GLU', 'K']);
    await calls.saved(specialist, sid, { GLU: '1,9', K: '4.0' });
    await calls.moved(specialist, 'odobri', { sid });
    const before = await snapshot(sid);
    const missing = await calls.move(specialist, 'verifikuj', { sid });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'results.notifiedRequired', field: 'obavijesten' });
    const future = await calls.move(specialist, 'verifikuj', { sid, obavijesten: { ko: 'dr. Hodžić', kada: new Date(Date.now() + 3_600_000).toISOString() } });
    expect(future.statusCode).toBe(400);
    expect(future.json()).toMatchObject({ code: 'results.notifiedInFuture', field: 'obavijesten' });
    const blankName = await calls.move(specialist, 'verifikuj', { sid, obavijesten: { ko: ' ', kada: new Date().toISOString() } });
    expect(blankName.statusCode).toBe(400);
    expect(await snapshot(sid)).toEqual(before);

    const obavijesten = { ko: 'dr. Hodžić, Hitna', kada: '2026-01-05T09:30:00+01:00' };
    expect(await calls.moved(specialist, 'verifikuj', { sid, obavijesten })).toMatchObject({ status: 'VERIFICIRAN' });
    expect((await storedSample(sid)).obavijesten).toEqual(obavijesten);
    const [acknowledged, verified] = await auditOf(sid);
    expect(verified).toMatchObject({ akcija: 'sample.verify', korisnik: 'Selma Specijalista', staro: 'ODOBREN', novo: 'VERIFICIRAN' });
    expect(acknowledged).toMatchObject({ akcija: 'sample.acknowledge', korisnik: 'Selma Specijalista', polje: 'obavijesten' });
    expect(JSON.parse(acknowledged!.novo!)).toEqual(obavijesten);
  });

  it("judges critical values afresh at verification, with the catalogue's limits of now", async () => {
    const { _id: sid } = await calls.createSample(specialist, man._id, ['K']);
    await calls.saved(specialist, sid, { K: '3.0' });
    await calls.moved(specialist, 'odobri', { sid });
    await t.database.db.update(labAssays).set({ criticalLow: '3.2' }).where(eq(labAssays.id, cat.ids.K));
    try {
      expect((await calls.move(specialist, 'verifikuj', { sid })).json()).toMatchObject({ code: 'results.notifiedRequired' });
    } finally {
      await t.database.db.update(labAssays).set({ criticalLow: '2.8' }).where(eq(labAssays.id, cat.ids.K));
    }
    expect((await calls.move(specialist, 'verifikuj', { sid })).statusCode).toBe(200);
  });
});

describe('GET /api/uzorci/audit/{sid}', () => {
  it('shows each step newest first: who, what, old and new value, and why', async () => {
    const { _id: sid, code } = await calls.createSample(tech, man._id, ['GLU', 'K']);
    await calls.saved(tech, sid, { GLU: '5.0' });
    await calls.saved(tech, sid, { GLU: '5,2', K: '4.1' });
    await calls.moved(tech, 'odobri', { sid });
    await calls.moved(specialist, 'verifikuj', { sid });
    await calls.moved(specialist, 'verifikuj/undo', { sid, razlog: 'Zamjena epruveta' });
    await calls.moved(specialist, 'odobri/undo', { sid });
    await calls.saved(specialist, sid, { K: '' }, { razlog: 'Ponoviti K' });
    const trail = await auditOf(sid);
    const row = (akcija: string, korisnik: string | null, polje: string | null, staro: string | null, novo: string | null, razlog: string | null = null) => (
      { akcija, korisnik, polje, staro, novo, razlog }
    );
    expect(trail.map(({ vrijeme: _vrijeme, ...rest }) => rest)).toEqual([
      row('sample.status', 'Selma Specijalista', 'status', 'REALIZOVAN', 'U OBRADI'),
      row('result.clear', 'Selma Specijalista', cat.sifra.K, '4.1', null, 'Ponoviti K'),
      row('sample.unapprove', 'Selma Specijalista', 'status', 'ODOBREN', 'REALIZOVAN'),
      row('sample.unverify', 'Selma Specijalista', 'status', 'VERIFICIRAN', 'ODOBREN', 'Zamjena epruveta'),
      row('sample.verify', 'Selma Specijalista', 'status', 'ODOBREN', 'VERIFICIRAN'),
      row('sample.approve', 'Tarik Tehničar', 'status', 'REALIZOVAN', 'ODOBREN'),
      row('sample.status', 'Tarik Tehničar', 'status', 'U OBRADI', 'REALIZOVAN'),
      row('result.enter', 'Tarik Tehničar', cat.sifra.K, null, '4.1'),
      row('result.change', 'Tarik Tehničar', cat.sifra.GLU, '5.0', '5.2'),
      row('sample.status', 'Tarik Tehničar', 'status', 'ZAPRIMLJEN', 'U OBRADI'),
      row('result.enter', 'Tarik Tehničar', cat.sifra.GLU, null, '5.0'),
      expect.objectContaining({ akcija: 'sample.create', korisnik: 'Tarik Tehničar' }) as unknown as ReturnType<typeof row>,
    ]);
    const times = trail.map((entry) => Date.parse(entry.vrijeme));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // The registration names its tests by their codes, and carries no patient's or partner's id.
    const registered = JSON.parse(trail.at(-1)?.novo ?? 'null') as Record<string, unknown>;
    expect({ ...registered, tests: (registered.tests as string[]).sort() }).toEqual({
      code, status: 'ZAPRIMLJEN', hitan: false, tests: [cat.sifra.GLU, cat.sifra.K].sort(),
    });
  });

  it('answers 404 for an unknown sample', async () => {
    expect((await client.get(tech, '/uzorci/audit/5b0e8c3a-2f5e-4f65-9d7c-6f0f0c1f2a10')).statusCode).toBe(404);
  });
});

describe('a failed audit write', () => {
  /** Makes every audit row of this sample fail in the database, as a broken audit table would. */
  async function breakAuditOf(sid: string): Promise<() => Promise<void>> {
    const db = t.database.db;
    await db.execute(sql.raw(`create or replace function refuse_audit_of_sample() returns trigger language plpgsql as $$
      begin if new.entity_id = '${sid}' then raise exception 'audit_log is unavailable'; end if; return new; end $$`));
    await db.execute(sql`create trigger refuse_audit_of_sample before insert on audit_log for each row execute function refuse_audit_of_sample()`);
    return async () => { await db.execute(sql`drop trigger refuse_audit_of_sample on audit_log`); };
  }

  it('rolls the save back: no result, no status, no version, no event', async () => {
    const { _id: sid } = await calls.createSample(tech, man._id, ['GLU']);
    const before = await snapshot(sid, tech);
    const repair = await breakAuditOf(sid);
    try {
      const response = await calls.save(tech, sid, { GLU: '5.0' });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toMatchObject({ success: false, code: 'save.failed' });
    } finally {
      await repair();
    }
    expect(await snapshot(sid, tech)).toEqual(before);
    expect(emitted).toEqual([]);
    expect(await calls.saved(tech, sid, { GLU: '5.0' })).toMatchObject({ status: 'REALIZOVAN', version: 1 });
  });

  it('rolls the sample edit back: no test, no calculated result, no status, no version, no event', async () => {
    const { _id: sid } = await calls.createSample(tech, man._id, ['GLU', 'CHOL', 'HDL', 'TG']);
    await calls.saved(tech, sid, { CHOL: '6,2', HDL: '1,1', TG: '2.0' });
    const before = await snapshot(sid, tech);
    emitted.length = 0;
    const repair = await breakAuditOf(sid);
    try {
      const response = await client.post(tech, '/uzorci/update', { sid, testovi: [cat.ids.CHOL, cat.ids.HDL, cat.ids.TG, cat.ids.LDL] });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toMatchObject({ success: false, code: 'sample.updateFailed' });
    } finally {
      await repair();
    }
    expect(await snapshot(sid, tech)).toEqual(before);
    expect(emitted).toEqual([]);
  });

  it('rolls the approval back', async () => {
    const sid = await sampleAt('REALIZOVAN');
    const before = await snapshot(sid);
    emitted.length = 0;
    const repair = await breakAuditOf(sid);
    try {
      expect((await calls.move(specialist, 'odobri', { sid })).statusCode).toBe(500);
    } finally {
      await repair();
    }
    expect(await snapshot(sid)).toEqual(before);
    expect(emitted).toEqual([]);
  });
});

describe('real-time events', () => {
  it("announces a completed sample to its site's room once, after the save, and nothing on a refusal", async () => {
    const { _id: sid, code } = await calls.createSample(admin, man._id, ['GLU', 'K'], {}, tuzla);
    await calls.saved(admin, sid, { GLU: '5.0' }, { site: tuzla });
    expect(emitted).toEqual([]);
    expect((await calls.save(admin, sid, { K: 'x' }, { site: tuzla })).statusCode).toBe(400);
    expect((await calls.save(admin, sid, { K: '4' }, { site: tuzla, version: 0 })).statusCode).toBe(409);
    expect(emitted).toEqual([]);
    await calls.saved(admin, sid, { K: '4.0' }, { site: tuzla });
    expect(emitted).toEqual([{
      room: `site:${tuzla}`, event: 'result:completed', payload: { id: sid, info: `${code} REZULTATOVIĆ MARKO`, site: tuzla },
    }]);
    // Still complete after another change: no second announcement.
    await calls.saved(admin, sid, { K: '4.1' }, { site: tuzla });
    expect(emitted).toHaveLength(1);
  });

  it("announces an approval to the sample's site, and nothing when the approval is refused", async () => {
    const { _id: sid, code } = await calls.createSample(tech, man._id, ['GLU']);
    expect((await calls.move(tech, 'odobri', { sid })).statusCode).toBe(409);
    expect((await calls.move(viewer, 'odobri', { sid })).statusCode).toBe(403);
    await calls.saved(tech, sid, { GLU: '5.0' });
    emitted.length = 0;
    await calls.moved(tech, 'odobri', { sid });
    expect(emitted).toEqual([{ room: `site:${sarajevo}`, event: 'result:approved', payload: { id: sid, info: `${code} REZULTATOVIĆ MARKO`, site: sarajevo } }]);
    await calls.moved(tech, 'odobri/undo', { sid });
    expect(emitted).toHaveLength(1);
  });
});

describe('other writes to a sample and its version', () => {
  it('count the version up, so a save from a screen read before them is refused', async () => {
    const { _id: sid } = await calls.createSample(tech, man._id, ['GLU']);
    const writes = [
      () => client.post(tech, `/uzorci/komentar/${sid}`, { komentar: 'Lipemičan' }),
      () => client.post(tech, '/uzorci/hitan', { id: sid, hitan: true }),
      () => client.post(tech, '/uzorci/update', { sid, doktor: 'dr. Novi' }),
    ];
    for (const write of writes) {
      const { version } = await calls.show(tech, sid);
      expect((await write()).statusCode).toBe(200);
      expect((await calls.show(tech, sid)).version).toBe(version + 1);
      expect((await calls.save(tech, sid, { GLU: '5.0' }, { version })).statusCode).toBe(409);
    }
  });

  it('move the status when tests are added to a complete sample or the one waiting is removed, one version step and one status row each', async () => {
    const { _id: sid, code } = await calls.createSample(tech, man._id, ['GLU']);
    await calls.saved(tech, sid, { GLU: '5.0' });
    const { version } = await calls.show(tech, sid);
    emitted.length = 0;
    const added = await client.post(tech, '/uzorci/update', { sid, testovi: [cat.ids.GLU, cat.ids.CRP] });
    expect(added.statusCode, added.body).toBe(200);
    expect(await calls.show(tech, sid)).toMatchObject({ status: 'U OBRADI', version: version + 1 });
    expect((await calls.tests(tech, sid)).CRP).toMatchObject({ rezultat: null, status_t: 'U OBRADI' });
    expect((await auditOf(sid)).slice(0, 2)).toMatchObject([
      { akcija: 'sample.status', staro: 'REALIZOVAN', novo: 'U OBRADI' }, { akcija: 'sample.tests' },
    ]);
    expect(emitted).toEqual([]);

    const removed = await client.post(tech, '/uzorci/update', { sid, testovi: [cat.ids.GLU] });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json<SampleShowAnswer>().uzorak.status).toBe('REALIZOVAN');
    expect(await calls.show(tech, sid)).toMatchObject({ status: 'REALIZOVAN', version: version + 2 });
    expect((await auditOf(sid)).slice(0, 2)).toMatchObject([
      { akcija: 'sample.status', korisnik: 'Tarik Tehničar', staro: 'U OBRADI', novo: 'REALIZOVAN' }, { akcija: 'sample.tests' },
    ]);
    // Completed by the edit: announced as a save that completes the sample announces it.
    expect(emitted).toEqual([{
      room: `site:${sarajevo}`, event: 'result:completed', payload: { id: sid, info: `${code} REZULTATOVIĆ MARKO`, site: sarajevo },
    }]);
  });

  it('compute a calculated test the edit adds from the results its components have, so a complete sample stays complete', async () => {
    const { _id: sid } = await calls.createSample(tech, man._id, ['CHOL', 'HDL', 'TG']);
    await calls.saved(tech, sid, { CHOL: '6,2', HDL: '1,1', TG: '2.0' });
    const { version, status } = await calls.show(tech, sid);
    expect(status).toBe('REALIZOVAN');
    const before = await auditOf(sid);
    emitted.length = 0;
    const edited = await client.post(tech, '/uzorci/update', { sid, testovi: [cat.ids.CHOL, cat.ids.HDL, cat.ids.TG, cat.ids.LDL] });
    expect(edited.statusCode, edited.body).toBe(200);
    // 6.2 - 1.1 - 2.0 / 2.2 = 4.19, as a save computes it.
    expect(await calls.show(tech, sid)).toMatchObject({ status: 'REALIZOVAN', version: version + 1 });
    expect((await calls.tests(tech, sid)).LDL).toMatchObject({ rezultat: '4.19', flag: 'H', unio: 'formula', status_t: 'REALIZOVAN' });
    const [ldlRow] = (await storedTests(sid)).filter((row) => row.labassayId === cat.ids.LDL);
    expect(ldlRow).toMatchObject({ unioBy: null, unioSource: 'formula', flag: 'H', statusT: 'REALIZOVAN' });
    expect(Number(ldlRow?.rezultatF)).toBe(4.19);
    const trail = await auditOf(sid);
    expect(trail.slice(0, trail.length - before.length).map((row) => [row.akcija, row.korisnik, row.polje, row.staro, row.novo])).toEqual([
      ['result.calculate', null, cat.sifra.LDL, null, '4.19'],
      ['sample.tests', 'Tarik Tehničar', 'tests', expect.any(String), expect.any(String)],
    ]);
    // It was complete before the edit: nothing new to announce.
    expect(emitted).toEqual([]);
  });

  it('complete a sample when the edit drops the test still waiting and adds a calculated test its components answer', async () => {
    const { _id: sid, code } = await calls.createSample(admin, man._id, ['GLU', 'CHOL', 'HDL', 'TG'], {}, tuzla);
    await calls.saved(admin, sid, { CHOL: '6,2', HDL: '1,5', TG: '2.0' }, { site: tuzla });
    const { version, status } = await calls.show(admin, sid, tuzla);
    expect(status).toBe('U OBRADI');
    const before = await auditOf(sid, admin, tuzla);
    emitted.length = 0;
    const edited = await client.post(admin, '/uzorci/update', { sid, testovi: [cat.ids.CHOL, cat.ids.HDL, cat.ids.TG, cat.ids.LDL] }, tuzla);
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<SampleShowAnswer>().uzorak.status).toBe('REALIZOVAN');
    expect(await calls.show(admin, sid, tuzla)).toMatchObject({ status: 'REALIZOVAN', version: version + 1 });
    // 6.2 - 1.5 - 2.0 / 2.2 = 3.79
    expect((await calls.tests(admin, sid, tuzla)).LDL).toMatchObject({ rezultat: '3.79', unio: 'formula', status_t: 'REALIZOVAN' });
    const trail = await auditOf(sid, admin, tuzla);
    expect(trail.slice(0, trail.length - before.length).map((row) => [row.akcija, row.staro, row.novo])).toEqual([
      ['sample.status', 'U OBRADI', 'REALIZOVAN'], ['result.calculate', null, '3.79'], ['sample.tests', expect.any(String), expect.any(String)],
    ]);
    expect(emitted).toEqual([{
      room: `site:${tuzla}`, event: 'result:completed', payload: { id: sid, info: `${code} REZULTATOVIĆ MARKO`, site: tuzla },
    }]);
  });

  it('judge the stored flags afresh when the edit changes what they are judged by', async () => {
    const { _id: sid } = await calls.createSample(tech, woman._id, ['HGB']);
    await calls.saved(tech, sid, { HGB: '115' });
    const flagOf = async () => (await storedTests(sid)).find((row) => row.labassayId === cat.ids.HGB)?.flag;
    // 115 is below a woman's 120-160, within a pregnant woman's 110-150.
    expect(await flagOf()).toBe('L');
    const { version } = await calls.show(tech, sid);
    const edited = await client.post(tech, '/uzorci/update', { sid, trudnica: true });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await flagOf()).toBe('N');
    expect(await calls.show(tech, sid)).toMatchObject({ status: 'REALIZOVAN', version: version + 1 });
    expect((await calls.tests(tech, sid)).HGB).toMatchObject({ rezultat: '115', flag: null });
  });

  it('are refused once the sample is approved', async () => {
    const sid = await sampleAt('ODOBREN');
    const before = await snapshot(sid);
    for (const response of [
      await client.post(tech, `/uzorci/komentar/${sid}`, { komentar: 'Kasno' }),
      await client.post(tech, '/uzorci/hitan', { id: sid, hitan: true }),
      await client.post(tech, '/uzorci/update', { sid, testovi: [cat.ids.GLU, cat.ids.K, cat.ids.CRP] }),
    ]) {
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 'sample.locked' });
    }
    expect(await snapshot(sid)).toEqual(before);
  });
});

describe('two saves of one sample at once', () => {
  it('lets exactly one win; the other gets 409 and the stored values are the winner\'s', async () => {
    const { _id: sid } = await calls.createSample(tech, man._id, ['GLU', 'K']);
    const shown = await calls.show(tech, sid);
    const testOf = (sifra: string) => shown.tests.find((test) => test.sifra === sifra)!._id;
    const body = (glu: string, k: string) => ({
      sid, version: shown.version, rezultati: [{ test: testOf(cat.sifra.GLU), rezultat: glu }, { test: testOf(cat.sifra.K), rezultat: k }],
    });
    const [first, second] = await Promise.all([
      client.post(tech, '/rezultati/save', body('5.1', '4.1')),
      client.post(specialist, '/rezultati/save', body('6.2', '3.9')),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const [winner, loser] = first.statusCode === 200 ? [['5.1', '4.1'], second] : [['6.2', '3.9'], first];
    expect(loser.json()).toMatchObject({ code: 'results.versionConflict' });
    const tests = await calls.tests(tech, sid);
    expect([tests.GLU?.rezultat, tests.K?.rezultat]).toEqual(winner);
    expect((await calls.show(tech, sid)).version).toBe(shown.version + 1);
    const entered = (await auditOf(sid)).filter((row) => row.akcija === 'result.enter');
    expect(entered.map((row) => row.novo).sort()).toEqual([...winner].sort());
  });
});

describe('the answer carries no field the contract does not name', () => {
  it('serialises through the contract', async () => {
    const { _id: sid } = await calls.createSample(tech, man._id, ['GLU']);
    const shown: ResultsShowAnswer = await calls.show(tech, sid);
    expect(Object.keys(shown).sort()).toEqual(['actions', 'obavijesten', 'status', 'success', 'tests', 'uzorak', 'version']);
  });
});
