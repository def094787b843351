import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AutoverificationAnswer, type SampleAuditAnswer, type SampleJudgementAnswer, type Simulation, addDays } from '@lis/domain';
import { analyserMessages, analyserResults, analysers, auditLog, qcControls, qcResults, reportVersions, samples, sampleTests, users } from '../../db/schema.ts';
import { createTestApp, signIn, siteId, type SignedIn, type TestApp } from '../../test/harness.ts';
import { api, daysAgo, jmbgFor, registerPatient, todayInSarajevo, toIsoDate, type Api } from '../samples/test-fixtures.ts';
import { createResultCatalogue, resultCalls, type ResultCalls, type ResultCatalogue } from '../results/test-fixtures.ts';
import { analyserContext, announce, lockSamplesForAnalyser, saveAnalyserResults } from '../results/service.ts';
import { pdfText } from '../../test/pdf-text.ts';
import { autoverificationIdle } from './service.ts';

let t: TestApp;
let client: Api;
let calls: ResultCalls;
let cat: ResultCatalogue;
let specialist: SignedIn;
let tech: SignedIn;
let sarajevo: string;
let patient: { _id: string };

const HOUR = 3_600_000;

/** A control run of an assay at Sarajevo, `hoursAgo` before now, with its one level's status. */
async function controlRun(labassayId: string, hoursAgo: number, status: 'prihvacen' | 'odbijen') {
  const db = t.database.db;
  const [control] = await db.insert(qcControls).values({ siteId: sarajevo, kontrola: `AV ${Math.random()}`, lot: `L${Math.random()}`, rokTrajanja: '2099-12-31' }).returning({ id: qcControls.id });
  await db.insert(qcResults).values({
    siteId: sarajevo, controlId: control!.id, labassayId, serija: crypto.randomUUID(), nivo: 1, unos: '5', vrijednost: 5,
    izmjereno: new Date(Date.now() - hoursAgo * HOUR), mean: 5, sd: 0.2, z: status === 'odbijen' ? 3.5 : 0, status,
    pravila: status === 'odbijen' ? ['1-3s'] : [],
  });
}

async function ruleSet(conditions: Record<string, unknown>, labassay: string | null = null) {
  const saved = await client.post(specialist, '/autoverifikacija/nacrt', { naziv: 'Biohemija', pravila: { rules: [{ labassay, conditions }] } });
  expect(saved.statusCode, saved.body).toBe(200);
  const shown = (await client.get(specialist, '/autoverifikacija')).json<AutoverificationAnswer>();
  const activated = await client.post(specialist, '/autoverifikacija/aktiviraj', { verzija: shown.nacrt!.verzija, potvrda: true });
  expect(activated.statusCode, activated.body).toBe(200);
  return shown.nacrt!.verzija;
}

async function setSwitch(ukljuceno: boolean) {
  const response = await client.post(specialist, '/autoverifikacija/prekidac', { ukljuceno });
  expect(response.statusCode, response.body).toBe(200);
}

async function sampleWith(values: Record<string, string>, extra: Record<string, unknown> = {}) {
  const sample = await calls.createSample(tech, patient._id, Object.keys(values) as ('GLU')[], extra);
  await calls.saved(tech, sample._id, values);
  await autoverificationIdle();
  return sample;
}

async function judgement(sid: string) {
  const response = await client.get(specialist, `/autoverifikacija/uzorak/${sid}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SampleJudgementAnswer>().presuda;
}

async function failuresOf(sid: string) {
  return (await judgement(sid))?.rezultati.flatMap((result) => result.neuspjesno.map((failure) => failure.code)) ?? null;
}

async function statusOf(sid: string) {
  const [row] = await t.database.db.select({ status: samples.status, verifiedBy: samples.verifiedBy }).from(samples).where(eq(samples.id, sid));
  return row!;
}

const LIMITS = { limits: { limits: [{ low: 3.9, high: 6.1 }] } };

beforeAll(async () => {
  t = await createTestApp();
  client = api(t);
  [specialist, tech] = await Promise.all(['specijalista@demo.lab', 'tehnicar@demo.lab'].map((email) => signIn(t.app, email))) as [SignedIn, SignedIn];
  sarajevo = siteId(specialist, 'SA');
  cat = await createResultCatalogue(t.database.db);
  calls = resultCalls(client, cat);
  patient = await registerPatient(client, tech, jmbgFor(daysAgo(40 * 365 + 20), 'MUŠKI'), { ime: 'Auto', prezime: 'Verifikatović' });
  await controlRun(cat.ids.GLU, 2, 'prihvacen');
  await ruleSet({ ...LIMITS, qc: { hours: 24 } }, cat.ids.GLU);
  await setSwitch(true);
});
afterAll(async () => { await t.close(); });

describe('autoverification', () => {
  it('verifies a normal GLU saved by hand as the system, with its report and audit', async () => {
    const sample = await sampleWith({ GLU: '5.0' });
    const stored = await statusOf(sample._id);
    expect(stored.status).toBe('VERIFICIRAN');
    const [verifier] = await t.database.db.select({ ime: users.ime, disabled: users.disabled }).from(users).where(eq(users.id, stored.verifiedBy!));
    expect(verifier).toEqual({ ime: 'Autoverifikacija', disabled: true });
    const reports = await t.database.db.select({ verzija: reportVersions.verzija }).from(reportVersions).where(eq(reportVersions.sampleId, sample._id));
    expect(reports.length).toBeGreaterThan(0);
    const audit = await t.database.db.select({ action: auditLog.action, userId: auditLog.userId }).from(auditLog).where(eq(auditLog.entityId, sample._id));
    expect(audit.map((row) => row.action)).toEqual(expect.arrayContaining(['sample.approve', 'sample.verify', 'sample.autoverify']));
    expect(audit.filter((row) => row.action === 'sample.verify').map((row) => row.userId)).toEqual([stored.verifiedBy]);
    // The sample's trail as the screen shows it names the system's verifier.
    const trail = (await client.get(specialist, `/uzorci/audit/${sample._id}`)).json<SampleAuditAnswer>().audit;
    expect(trail.some((row) => row.korisnik === 'Autoverifikacija')).toBe(true);
    const [row] = await t.database.db.select({ reason: auditLog.reason, requestId: auditLog.requestId }).from(auditLog)
      .where(eq(auditLog.action, 'sample.autoverify'));
    expect(row?.reason).toMatch(/^Biohemija v\d+$/);
    expect(await judgement(sample._id)).toMatchObject({ naziv: 'Biohemija', pusten: true, zastarjela: false });
  });

  it('stops a critical value and says why', async () => {
    const sample = await sampleWith({ GLU: '30' });
    expect((await statusOf(sample._id)).status).toBe('REALIZOVAN');
    // 30 is also 25 away from the patient's previous 5.0.
    expect(await failuresOf(sample._id)).toEqual(['limits', 'critical', 'delta']);
  });

  it('stops a failed delta check and says why', async () => {
    // The patient's previous verified GLU is 5.0 (the first test): 6.1 moves 1.1, within the assay's delta limit of 2.
    const sample = await sampleWith({ GLU: '6.1' });
    expect((await statusOf(sample._id)).status).toBe('VERIFICIRAN');
    // From 6.1 to 3.9 is 2.2: within the rule's limits, beyond the delta limit.
    const jump = await sampleWith({ GLU: '3.9' });
    expect((await statusOf(jump._id)).status).toBe('REALIZOVAN');
    expect(await failuresOf(jump._id)).toEqual(['delta']);
  });

  it('stops a result an analyser flagged and says why', async () => {
    const sample = await calls.createSample(tech, patient._id, ['GLU']);
    const db = t.database.db;
    const [analyser] = await db.insert(analysers).values({ siteId: sarajevo, ime: 'AV-analyser', protokol: 'astm', transport: { mode: 'listen', port: 0 }, element: {} }).returning({ id: analysers.id });
    const [message] = await db.insert(analyserMessages).values({ siteId: sarajevo, analyserId: analyser!.id, protokol: 'astm', raw: 'R|1|GLU|5.0|H', contentHash: crypto.randomUUID(), outcome: 'applied' }).returning({ id: analyserMessages.id });
    const [test] = await db.select({ id: sampleTests.id }).from(sampleTests).where(eq(sampleTests.sampleId, sample._id));
    const events = await db.transaction(async (tx) => {
      const ctx = analyserContext(sarajevo, message!.id);
      const locked = await lockSamplesForAnalyser(tx, sarajevo, [sample.code]);
      const target = locked.get(sample.code)!;
      const completions = await saveAnalyserResults(tx, ctx, [{ sample: target, rezultati: [{ test: test!.id, rezultat: '5.0' }] }], 'AV-analyser');
      await tx.insert(analyserResults).values({ messageId: message!.id, sampleTestId: test!.id, testCode: 'GLU', vrijednost: '5.0', flag: 'HEM' });
      return completions;
    });
    announce(undefined, sarajevo, events);
    await autoverificationIdle();
    expect((await statusOf(sample._id)).status).toBe('REALIZOVAN');
    expect(await failuresOf(sample._id)).toEqual(['instrumentFlag']);
  });

  it('stops results of an assay on QC hold and says why', async () => {
    await controlRun(cat.ids.GLU, 1, 'odbijen');
    const sample = await sampleWith({ GLU: '5.0' }, {});
    expect((await statusOf(sample._id)).status).toBe('REALIZOVAN');
    expect(await failuresOf(sample._id)).toEqual(['qcHold']);
    await controlRun(cat.ids.GLU, 0.5, 'prihvacen');
  });

  it('judges nothing while the kill switch is off, and audits the switch', async () => {
    await setSwitch(false);
    const sample = await sampleWith({ GLU: '5.0' });
    expect((await statusOf(sample._id)).status).toBe('REALIZOVAN');
    expect(await judgement(sample._id)).toBeNull();
    const switches = await t.database.db.select({ newValue: auditLog.newValue }).from(auditLog).where(eq(auditLog.action, 'autoverification.switch'));
    expect(switches.map((row) => row.newValue)).toEqual([true, false]);
    await setSwitch(true);
  });

  it('names the rule set and the site\'s responsible specialist on the report it releases; only a verifier of the site can be named', async () => {
    const shown = (await client.get(specialist, '/autoverifikacija')).json<AutoverificationAnswer>();
    expect(shown.odgovorni).toBeNull();
    const emails = shown.verifikatori.map((user) => user.email);
    expect(emails).toContain('specijalista@demo.lab');
    expect(emails).not.toContain('tehnicar@demo.lab');
    for (const odgovorni of [tech.userId, crypto.randomUUID()]) {
      const refused = await client.post(specialist, '/autoverifikacija/odgovorni', { odgovorni });
      expect(refused.statusCode).toBe(400);
      expect(refused.json<{ code: string; field: string }>()).toMatchObject({ code: 'autoverification.responsibleInvalid', field: 'odgovorni' });
    }
    const named = await client.post(specialist, '/autoverifikacija/odgovorni', { odgovorni: specialist.userId });
    expect(named.statusCode, named.body).toBe(200);
    expect((await client.get(specialist, '/autoverifikacija')).json<AutoverificationAnswer>().odgovorni).toBe(specialist.userId);
    const [audited] = await t.database.db.select({ newValue: auditLog.newValue, userId: auditLog.userId }).from(auditLog).where(eq(auditLog.action, 'autoverification.responsible'));
    expect(audited).toEqual({ newValue: specialist.userId, userId: specialist.userId });
    const [me] = await t.database.db.select({ ime: users.ime, prezime: users.prezime }).from(users).where(eq(users.id, specialist.userId));

    const sample = await sampleWith({ GLU: '5.2' });
    expect((await statusOf(sample._id)).status).toBe('VERIFICIRAN');
    const pdf = await client.get(specialist, `/nalazi/pdf/${sample._id}`);
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload).replace(/\s+/g, ' ');
    expect(text).toMatch(/Autoverifikacija \(Biohemija v\d+\), \d\d\.\d\d\.\d{4} \d\d:\d\d/);
    expect(text).toContain(`Odgovorni specijalista: ${me!.ime} ${me!.prezime}`);
    const cleared = await client.post(specialist, '/autoverifikacija/odgovorni', { odgovorni: null });
    expect(cleared.statusCode, cleared.body).toBe(200);
  });

  it('audits every change of the rules and each activation, and asks a second confirmation without a clean simulation', async () => {
    const saved = await client.post(specialist, '/autoverifikacija/nacrt', { naziv: 'Nova', pravila: { rules: [{ labassay: cat.ids.K, conditions: {} }] } });
    expect(saved.statusCode, saved.body).toBe(200);
    const shown = (await client.get(specialist, '/autoverifikacija')).json<AutoverificationAnswer>();
    const refused = await client.post(specialist, '/autoverifikacija/aktiviraj', { verzija: shown.nacrt!.verzija });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ code: string }>().code).toBe('autoverification.confirmationRequired');
    const stale = await client.post(specialist, '/autoverifikacija/aktiviraj', { verzija: shown.nacrt!.verzija + 1, potvrda: true });
    expect(stale.statusCode).toBe(409);
    const actions = await t.database.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.entity, 'autoverification_rule_set'));
    expect(actions.map((row) => row.action)).toEqual(expect.arrayContaining(['autoverification.draft.create', 'autoverification.activate']));
    const twice = await client.post(specialist, '/autoverifikacija/nacrt', { naziv: 'Nova', pravila: { rules: [{ labassay: cat.ids.K, conditions: {} }, { labassay: cat.ids.K, conditions: {} }] } });
    expect(twice.statusCode).toBe(400);
    const unknown = await client.post(specialist, '/autoverifikacija/nacrt', { naziv: 'Nova', pravila: { rules: [{ labassay: crypto.randomUUID(), conditions: {} }] } });
    expect(unknown.json<{ code: string }>().code).toBe('autoverification.unknownAssay');
  });

  it('refuses the rule set to a technician and another site\'s sample', async () => {
    expect((await client.get(tech, '/autoverifikacija')).statusCode).toBe(403);
    const sample = await calls.createSample(tech, patient._id, ['GLU']);
    expect((await client.get(specialist, `/autoverifikacija/uzorak/${sample._id}`, siteId(specialist, 'TZ'))).statusCode).toBe(404);
  });

  it('simulates the draft over the verified history as it was, naming the released results a person later changed', async () => {
    const other = await registerPatient(client, tech, jmbgFor(daysAgo(50 * 365 + 3), 'ŽENSKI'), { ime: 'Simu', prezime: 'Lacija', spol: 'ŽENSKI' });
    const verifiedByHand = async (value: string) => {
      const sample = await calls.createSample(tech, other._id, ['K']);
      await calls.saved(tech, sample._id, { K: value });
      await autoverificationIdle();
      await calls.moved(specialist, 'odobri', { sid: sample._id });
      await calls.moved(specialist, 'verifikuj', { sid: sample._id });
      return sample;
    };
    await verifiedByHand('4.0');
    await verifiedByHand('5.8');
    const corrected = await verifiedByHand('4.2');
    // Unlocked and changed after its verification: the rules would have released the 4.2 it was verified with.
    await calls.moved(specialist, 'verifikuj/undo', { sid: corrected._id, razlog: 'Zamjena epruveta' });
    await calls.moved(specialist, 'odobri/undo', { sid: corrected._id });
    await calls.saved(specialist, corrected._id, { K: '4.8' }, { razlog: 'Ponovljeno' });
    await autoverificationIdle();
    const draft = await client.post(specialist, '/autoverifikacija/nacrt', {
      naziv: 'Kalij', pravila: { rules: [{ labassay: cat.ids.K, conditions: { limits: { limits: [{ low: 3.5, high: 5.1 }] }, qc: { on: false }, delta: { on: false } } }] },
    });
    expect(draft.statusCode, draft.body).toBe(200);
    const today = toIsoDate(todayInSarajevo());
    const response = await client.post(specialist, '/autoverifikacija/simulacija', { od: today, do: today });
    expect(response.statusCode, response.body).toBe(200);
    const simulation = response.json<{ simulacija: Simulation }>().simulacija;
    expect(simulation.poTestu.find((row) => row.labassay === cat.ids.K)).toMatchObject({ rezultata: 3, pusteno: 2 });
    // GLU has no rule in this draft: its verified results count, none released.
    expect(simulation.poTestu.find((row) => row.labassay === cat.ids.GLU)).toMatchObject({ pusteno: 0 });
    expect(simulation.uzorakaPusteno).toBe(2);
    expect(simulation.rizicni.map((risk) => [risk.code, risk.vrsta, risk.rezultat, risk.razlog])).toEqual([
      [corrected.code, 'change', '4.2', 'Ponovljeno'],
      [corrected.code, 'unverify', '', 'Zamjena epruveta'],
    ]);
    // Judged day by day: a week ending today counts the same, its progress row counts the week's days while it
    // runs (polled as the screen does) and is gone when it ends.
    const weekAgo = toIsoDate(addDays(todayInSarajevo(), -6));
    const seen: { gotovo: number; ukupno: number }[] = [];
    let running = true;
    const week = client.post(specialist, '/autoverifikacija/simulacija', { od: weekAgo, do: today }).finally(() => { running = false; });
    while (running) {
      const polled = (await client.get(specialist, '/autoverifikacija/simulacija/napredak')).json<{ napredak: { gotovo: number; ukupno: number } | null }>().napredak;
      if (polled) seen.push(polled);
      // The screen's poll interval, shortened: polls back to back in one process starve the simulation on PGlite's one connection.
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect((await week).json<{ simulacija: Simulation }>().simulacija).toMatchObject({ uzoraka: simulation.uzoraka, rezultataPusteno: simulation.rezultataPusteno });
    expect(seen.every((polled) => polled.ukupno === 7 && polled.gotovo >= 0 && polled.gotovo <= 7)).toBe(true);
    expect((await client.get(specialist, '/autoverifikacija/simulacija/napredak')).json<{ napredak: unknown }>().napredak).toBeNull();
    // With results at risk, activation takes the second confirmation; the answer keeps the simulation on the draft.
    const shown = (await client.get(specialist, '/autoverifikacija')).json<AutoverificationAnswer>();
    expect(shown.simulacija?.rizicni).toHaveLength(2);
    expect((await client.post(specialist, '/autoverifikacija/aktiviraj', { verzija: shown.nacrt!.verzija })).statusCode).toBe(409);
    // A period before the history: nothing judged, nothing at risk, and the draft activates without the second confirmation.
    const empty = await client.post(specialist, '/autoverifikacija/simulacija', { od: '2020-01-01', do: '2020-01-31' });
    expect(empty.json<{ simulacija: Simulation }>().simulacija).toMatchObject({ uzoraka: 0, rezultata: 0, rizicni: [] });
    expect((await client.post(specialist, '/autoverifikacija/aktiviraj', { verzija: shown.nacrt!.verzija })).statusCode).toBe(200);
    expect((await client.post(specialist, '/autoverifikacija/simulacija', { od: today, do: '2020-01-01' })).statusCode).toBe(400);
  });
});
