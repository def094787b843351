import { eq } from 'drizzle-orm';
import type { Server } from 'socket.io';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXCLUSION_WITHOUT_REASON, type ChartAnswer, type HoldsAnswer, type MonthlyAnswer, monthlyStatistics } from '@lis/domain';
import { auditLog, labAssays, qcResults } from '../../db/schema.ts';
import { createTestApp, signIn, type SignedIn, type TestApp } from '../../test/harness.ts';
import { siteIsoMonth } from '../../test/site-day.ts';
import { api, daysAgo, jmbgFor, registerPatient, type Api } from '../samples/test-fixtures.ts';
import { createResultCatalogue, resultCalls, type ResultCalls, type ResultCatalogue } from '../results/test-fixtures.ts';
import { FAR_EXPIRY, defineLot, enterRun } from './test-fixtures.ts';

let t: TestApp;
let client: Api;
let cat: ResultCatalogue;
let calls: ResultCalls;
let tech: SignedIn;
let specialist: SignedIn;
let viewer: SignedIn;
let patient: { _id: string };
const emitted: { event: string; payload: Record<string, unknown> }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  client = api(t);
  [tech, specialist, viewer] = await Promise.all(['tehnicar@demo.lab', 'specijalista@demo.lab', 'pregled@demo.lab'].map((email) => signIn(t.app, email))) as [SignedIn, SignedIn, SignedIn];
  cat = await createResultCatalogue(t.database.db);
  calls = resultCalls(client, cat);
  patient = await registerPatient(client, tech, jmbgFor(daysAgo(40 * 365 + 20), 'MUŠKI'), { ime: 'Kontrolni', prezime: 'Pacijentović' });
  const room = (name: string) => ({ emit: (event: string, payload: Record<string, unknown>) => { if (name.startsWith('site:')) emitted.push({ event, payload }); } });
  t.realtime.attach({ to: room } as unknown as Server);
});
afterAll(async () => { await t.close(); });

/** Minutes before now, as an instant: runs entered in order. */
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

/** A complete sample of the assay for the patient, ready for approval (REALIZOVAN). */
async function completeSample(assay: 'K' | 'GLU' | 'CRP', value: string): Promise<string> {
  const { _id: sid } = await calls.createSample(specialist, patient._id, [assay]);
  await calls.saved(specialist, sid, { [assay]: value });
  return sid;
}

describe('control lots (/kontrole/definicija)', () => {
  it('saves a lot with its targets, lists it, answers it, and audits the change', async () => {
    const lot = await defineLot(client, specialist, [{ labassay: cat.ids.GLU, nivo: 1, mean: 5, sd: 0.2 }, { labassay: cat.ids.GLU, nivo: 2, mean: 15, sd: 0.5 }], { lot: 'GL-2031' });
    expect(lot).toMatchObject({ lot: 'GL-2031', mod: 'Multi', rok_trajanja: FAR_EXPIRY, ciljevi: [{ nivo: 1, mean: 5, sd: 0.2, izvor: 'proizvodjac', naziv: 'GLU test' }, { nivo: 2 }] });
    const list = await client.get(specialist, '/kontrole/list?filter=GL-2031&sort=control|asc');
    expect(list.json<{ data: { _id: string }[] }>().data.map((row) => row._id)).toEqual([lot._id]);
    const shown = await client.get(tech, `/kontrole/definicija/${lot._id}`);
    expect(shown.json()).toMatchObject({ success: true, kontrola: { _id: lot._id, control: lot.control } });
    const changed = await defineLot(client, specialist, [{ labassay: cat.ids.GLU, nivo: 1, mean: 5.1, sd: 0.25 }], { _id: lot._id, control: lot.control, lot: 'GL-2031' });
    expect(changed.ciljevi).toHaveLength(1);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, lot._id));
    expect(audit.map((row) => row.action)).toEqual(['qc.control.create', 'qc.control.update']);
  });

  it('refuses an SD of zero or less naming the field, a second lot of the same name and LOT, and a technician', async () => {
    const zero = await client.post(specialist, '/kontrole/definicija/save', {
      element: { control: 'Nula', lot: 'Z', rok_trajanja: FAR_EXPIRY, ciljevi: [{ labassay: cat.ids.K, nivo: 1, mean: 4, sd: 0 }] },
    });
    expect(zero.statusCode).toBe(400);
    expect(zero.json()).toMatchObject({ code: 'qc.sdNotPositive', field: 'element.ciljevi.0.sd' });
    const lot = await defineLot(client, specialist, [], { control: 'Dupla', lot: 'D-1' });
    const again = await client.post(specialist, '/kontrole/definicija/save', { element: { control: 'dupla', lot: 'd-1', rok_trajanja: FAR_EXPIRY } });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'qc.lotTaken' });
    expect(lot._id).toBeTruthy();
    const byTech = await client.post(tech, '/kontrole/definicija/save', { element: { control: 'Tehničar', lot: 'T', rok_trajanja: FAR_EXPIRY } });
    expect(byTech.statusCode).toBe(403);
  });
});

describe('control entry (/kontrole/unos) and the Westgard judgement', () => {
  it('judges each run against the lot\'s history: accepted, 1-2s warning, then 2-2s across runs rejects', async () => {
    const lot = await defineLot(client, specialist, [{ labassay: cat.ids.CRP, nivo: 1, mean: 10, sd: 1 }, { labassay: cat.ids.CRP, nivo: 2, mean: 50, sd: 2 }]);
    const first = await enterRun(client, tech, lot._id, cat.ids.CRP, { 1: '10,5', 2: '49' }, minutesAgo(30));
    expect(first).toMatchObject({ status: 'prihvacen', prekrseno: [], rezultati: [{ nivo: 1, vrijednost: 10.5, z: 0.5 }, { nivo: 2, z: -0.5 }] });
    const warning = await enterRun(client, tech, lot._id, cat.ids.CRP, { 1: '12.1', 2: '50' }, minutesAgo(20));
    expect(warning).toMatchObject({ status: 'upozorenje', prekrseno: [{ rule: '1-2s', levels: [1] }] });
    const rejected = await enterRun(client, tech, lot._id, cat.ids.CRP, { 1: '12.2', 2: '50' }, minutesAgo(10));
    expect(rejected.status).toBe('odbijen');
    expect(rejected.prekrseno).toContainEqual({ rule: '2-2s', levels: [1] });
    expect(rejected.rezultati.map((row) => row.status)).toEqual(['odbijen', 'prihvacen']);
    expect(emitted).toContainEqual({ event: 'qc:rejected', payload: expect.objectContaining({ labassay: cat.ids.CRP, serija: rejected.serija, pravila: ['2-2s'] }) as unknown });

    const chart = (await client.get(tech, `/kontrole/charts?kontrola=${lot._id}&labassay=${cat.ids.CRP}`)).json<ChartAnswer>();
    expect(chart.nivoi.map((level) => [level.nivo, level.mean, level.sd, level.tacke.length])).toEqual([[1, 10, 1, 3], [2, 50, 2, 3]]);
    expect(chart.nivoi[0]!.tacke.at(-1)).toMatchObject({ status: 'odbijen', pravila: ['1-2s', '2-2s'] });
    expect(chart.nivoi[0]!.statistika.n).toBe(3);
  });

  it("a 'prvih20' target is the mean and SD of the lot's first 20 counted results once there are 20", async () => {
    const lot = await defineLot(client, specialist, [{ labassay: cat.ids.TG, nivo: 1, mean: 100, sd: 10, izvor: 'prvih20' }]);
    for (let run = 0; run < 20; run += 1) await enterRun(client, tech, lot._id, cat.ids.TG, { 1: run % 2 === 0 ? '50' : '52' }, minutesAgo(60 - run));
    const chartOf = async () => (await client.get(tech, `/kontrole/charts?kontrola=${lot._id}&labassay=${cat.ids.TG}`)).json<ChartAnswer>().nivoi[0]!;
    const level = await chartOf();
    expect(level).toMatchObject({ izvor: 'prvih20', established: true, mean: 51 });
    expect(level.sd).toBeCloseTo(Math.sqrt(20 / 19), 10);
    // The 21st result is judged against the lot's own target, not the insert's.
    const next = await enterRun(client, tech, lot._id, cat.ids.TG, { 1: '51' }, minutesAgo(30));
    expect(next).toMatchObject({ status: 'prihvacen', rezultati: [{ z: 0 }] });
    await enterRun(client, tech, lot._id, cat.ids.TG, { 1: '60' }, minutesAgo(20));
    expect((await chartOf()).mean).toBe(51);
  });

  it('only the rules in force for the assay apply', async () => {
    const rules = await client.post(specialist, '/kontrole/pravila/save', { labassay: cat.ids.HGB, pravila: ['1-3s'], tea: 7 });
    expect(rules.statusCode, rules.body).toBe(200);
    expect((await client.get(tech, '/kontrole/pravila')).json()).toMatchObject({ pravila: expect.arrayContaining([expect.objectContaining({ labassay: cat.ids.HGB, pravila: ['1-3s'], tea: 7 })]) as unknown });
    const lot = await defineLot(client, specialist, [{ labassay: cat.ids.HGB, nivo: 1, mean: 100, sd: 2 }]);
    await enterRun(client, tech, lot._id, cat.ids.HGB, { 1: '105' }, minutesAgo(5));
    expect(await enterRun(client, tech, lot._id, cat.ids.HGB, { 1: '105' }, minutesAgo(4))).toMatchObject({ status: 'prihvacen', prekrseno: [] });
    expect(await enterRun(client, tech, lot._id, cat.ids.HGB, { 1: '106.1' }, minutesAgo(3))).toMatchObject({ status: 'odbijen', prekrseno: [{ rule: '1-3s', levels: [1] }] });
  });

  it('refuses a value that is not a number, a level without a target, two levels in Single mode and an expired lot, storing nothing', async () => {
    const lot = await defineLot(client, specialist, [{ labassay: cat.ids.ALP, nivo: 1, mean: 80, sd: 4 }, { labassay: cat.ids.ALP, nivo: 2, mean: 200, sd: 8 }]);
    const post = (body: Record<string, unknown>) => client.post(tech, '/kontrole/unos', { kontrola: lot._id, mod: 'Multi', ...body });
    const notNumber = await post({ vrijednosti: [{ labassay: cat.ids.ALP, nivo: 1, vrijednost: '80' }, { labassay: cat.ids.ALP, nivo: 2, vrijednost: 'abc' }] });
    expect(notNumber.statusCode).toBe(400);
    expect(notNumber.json()).toMatchObject({ code: 'qc.notNumeric', field: 'vrijednosti.1.vrijednost' });
    const noTarget = await post({ vrijednosti: [{ labassay: cat.ids.ALP, nivo: 3, vrijednost: '80' }] });
    expect(noTarget.json()).toMatchObject({ code: 'qc.noTarget', field: 'vrijednosti.0' });
    const single = await post({ mod: 'Single', vrijednosti: [{ labassay: cat.ids.ALP, nivo: 1, vrijednost: '80' }, { labassay: cat.ids.ALP, nivo: 2, vrijednost: '200' }] });
    expect(single.json()).toMatchObject({ code: 'qc.singleOneLevel' });
    const expired = await defineLot(client, specialist, [{ labassay: cat.ids.ALP, nivo: 1, mean: 80, sd: 4 }], { rok_trajanja: '2020-01-31' });
    const late = await client.post(tech, '/kontrole/unos', { kontrola: expired._id, mod: 'Single', vrijednosti: [{ labassay: cat.ids.ALP, nivo: 1, vrijednost: '80' }] });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ code: 'qc.lotExpired', message: expect.stringContaining('2020-01-31') as unknown });
    const stored = await t.database.db.select().from(qcResults).where(eq(qcResults.labassayId, cat.ids.ALP));
    expect(stored).toEqual([]);
  });

  it('comments and exclusions: audited, never erased, the viewer only reads', async () => {
    const lot = await defineLot(client, specialist, [{ labassay: cat.ids.TG, nivo: 1, mean: 1, sd: 0.1 }]);
    const run = await enterRun(client, tech, lot._id, cat.ids.TG, { 1: '1.05' });
    const id = run.rezultati[0]!._id;
    expect((await client.post(tech, '/control/comment/set', { id, komentar: 'Nova boca' })).statusCode).toBe(200);
    expect((await client.post(viewer, '/control/comment/get', { id })).json()).toEqual({ success: true, komentar: 'Nova boca' });
    expect((await client.post(viewer, '/control/comment/set', { id, komentar: 'x' })).statusCode).toBe(403);
    expect((await client.post(tech, '/kontrole/pregled/delete/', { _id: id, razlog: 'Pogrešan uzorak' })).statusCode).toBe(200);
    expect((await client.post(tech, '/kontrole/pregled/delete/', { _id: id, razlog: 'Opet' })).statusCode).toBe(409);
    const listed = (await client.get(tech, `/kontrole/obrada/rezultati?kontrola=${lot._id}&datum=SVE`)).json<{ data: { _id: string; iskljucen: boolean; komentar: string; razlog_iskljucenja: string }[] }>();
    expect(listed.data).toEqual([expect.objectContaining({ _id: id, iskljucen: true, komentar: 'Nova boca', razlog_iskljucenja: 'Pogrešan uzorak' })]);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(audit.map((row) => row.action)).toEqual(['qc.result.create', 'qc.result.comment', 'qc.result.exclude']);
    await expect(t.database.db.delete(qcResults).where(eq(qcResults.id, id))).rejects.toThrow();
  });
});

describe("the spec's exclusion body", () => {
  it("accepts { _id, site, token } without a reason: excluded (not erased), recorded and audited as 'bez navedenog razloga'", async () => {
    const lot = await defineLot(client, specialist, [{ labassay: cat.ids.TG, nivo: 1, mean: 1, sd: 0.1 }]);
    const run = await enterRun(client, tech, lot._id, cat.ids.TG, { 1: '1.02' });
    const id = run.rezultati[0]!._id;
    // Token and site in the body, as the spec's client sends them; no header, no reason.
    const answer = await t.app.inject({ method: 'POST', url: '/api/kontrole/pregled/delete/', payload: { _id: id, site: tech.site, token: tech.token } });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ success: true });
    const [row] = await t.database.db.select().from(qcResults).where(eq(qcResults.id, id));
    expect(row).toMatchObject({ iskljucen: true, razlogIskljucenja: EXCLUSION_WITHOUT_REASON });
    expect(EXCLUSION_WITHOUT_REASON).toBe('bez navedenog razloga');
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, id)).orderBy(auditLog.id);
    expect(audit.at(-1)).toMatchObject({ action: 'qc.result.exclude', reason: 'bez navedenog razloga', oldValue: false, newValue: true });
    // A blank reason counts as none; a second exclusion is still refused.
    const again = await client.post(tech, '/kontrole/pregled/delete/', { _id: id, razlog: '   ' });
    expect(again.statusCode).toBe(409);
    const listed = (await client.get(tech, `/kontrole/obrada/rezultati?kontrola=${lot._id}&datum=SVE`)).json<{ data: { _id: string; razlog_iskljucenja: string }[] }>();
    expect(listed.data).toEqual([expect.objectContaining({ _id: id, razlog_iskljucenja: 'bez navedenog razloga' })]);
  });
});

describe('the hold on patient results', () => {
  it('refuses approval of a held assay naming it and the rule, until a corrective action is recorded; audited', async () => {
    const lot = await defineLot(client, specialist, [{ labassay: cat.ids.K, nivo: 1, mean: 4, sd: 0.1 }, { labassay: cat.ids.K, nivo: 2, mean: 6, sd: 0.2 }]);
    await enterRun(client, tech, lot._id, cat.ids.K, { 1: '4.0', 2: '6.0' }, minutesAgo(10));
    const rejected = await enterRun(client, tech, lot._id, cat.ids.K, { 1: '4.25', 2: '6.45' }, minutesAgo(5));
    expect(rejected).toMatchObject({ status: 'odbijen' });
    expect(rejected.prekrseno).toContainEqual({ rule: '2-2s', levels: [1, 2] });
    const holds = (await client.get(tech, '/kontrole/blokade')).json<HoldsAnswer>().blokade;
    expect(holds).toContainEqual(expect.objectContaining({ labassay: cat.ids.K, naziv: 'K test', serija: rejected.serija, pravila: ['2-2s'] }));

    const sid = await completeSample('K', '4.2');
    const refused = await calls.move(specialist, 'odobri', { sid });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'qc.hold', message: expect.stringMatching(/K test.*2-2s/) as unknown });
    expect((await calls.show(specialist, sid)).status).toBe('REALIZOVAN');
    // Another assay is not held.
    const other = await completeSample('GLU', '5.0');
    await calls.moved(specialist, 'odobri', { sid: other });

    const empty = await client.post(tech, '/kontrole/korektivna', { serija: rejected.serija, opis: '  ' });
    expect(empty.json()).toMatchObject({ code: 'qc.actionRequired' });
    const ok = await client.post(tech, '/kontrole/korektivna', { serija: rejected.serija, opis: 'Nova kalibracija, kontrola ponovljena' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await client.get(tech, '/kontrole/blokade')).json<HoldsAnswer>().blokade.map((hold) => hold.labassay)).not.toContain(cat.ids.K);
    await calls.moved(specialist, 'odobri', { sid });
    const release = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, rejected.serija));
    expect(release).toEqual([expect.objectContaining({ action: 'qc.corrective.create', newValue: expect.objectContaining({ opis: 'Nova kalibracija, kontrola ponovljena' }) as unknown })]);
  });

  it('a later passing run ends the hold; a corrective action for a run that was not rejected is refused', async () => {
    const lot = await defineLot(client, specialist, [{ labassay: cat.ids.HDL, nivo: 1, mean: 1.2, sd: 0.05 }]);
    const rejected = await enterRun(client, tech, lot._id, cat.ids.HDL, { 1: '1.5' }, minutesAgo(10));
    expect(rejected.status).toBe('odbijen');
    expect((await client.get(tech, '/kontrole/blokade')).json<HoldsAnswer>().blokade.map((hold) => hold.labassay)).toContain(cat.ids.HDL);
    const passing = await enterRun(client, tech, lot._id, cat.ids.HDL, { 1: '1.2' }, minutesAgo(5));
    expect(passing.status).toBe('prihvacen');
    expect((await client.get(tech, '/kontrole/blokade')).json<HoldsAnswer>().blokade.map((hold) => hold.labassay)).not.toContain(cat.ids.HDL);
    const notNeeded = await client.post(tech, '/kontrole/korektivna', { serija: passing.serija, opis: 'Ništa' });
    expect(notNeeded.statusCode).toBe(409);
    expect(notNeeded.json()).toMatchObject({ code: 'qc.notRejected' });
  });

  it('excluding the rejected result ends the hold', async () => {
    const lot = await defineLot(client, specialist, [{ labassay: cat.ids.CHOL, nivo: 1, mean: 5, sd: 0.1 }]);
    const rejected = await enterRun(client, tech, lot._id, cat.ids.CHOL, { 1: '5.5' });
    expect((await client.get(tech, '/kontrole/blokade')).json<HoldsAnswer>().blokade.map((hold) => hold.labassay)).toContain(cat.ids.CHOL);
    await client.post(tech, '/kontrole/pregled/delete/', { _id: rejected.rezultati[0]!._id, razlog: 'Kontrola nije bila otopljena' });
    expect((await client.get(tech, '/kontrole/blokade')).json<HoldsAnswer>().blokade.map((hold) => hold.labassay)).not.toContain(cat.ids.CHOL);
  });
});

describe('excluding a result judges the later runs again', () => {
  it('a 2-2s across runs falls back to a warning once the earlier result is excluded; the verdict change is audited', async () => {
    const lot = await defineLot(client, specialist, [{ labassay: cat.ids.ALP, nivo: 1, mean: 100, sd: 10 }]);
    const first = await enterRun(client, tech, lot._id, cat.ids.ALP, { 1: '125' }, minutesAgo(20));
    expect(first).toMatchObject({ status: 'upozorenje' });
    const second = await enterRun(client, tech, lot._id, cat.ids.ALP, { 1: '125' }, minutesAgo(10));
    expect(second).toMatchObject({ status: 'odbijen' });
    expect(second.prekrseno.map((violation) => violation.rule)).toContain('2-2s');
    expect((await client.get(tech, '/kontrole/blokade')).json<HoldsAnswer>().blokade.map((hold) => hold.serija)).toContain(second.serija);

    const excluded = await client.post(tech, '/kontrole/pregled/delete/', { _id: first.rezultati[0]!._id, razlog: 'Pogrešna boca' });
    expect(excluded.statusCode, excluded.body).toBe(200);
    const [row] = await t.database.db.select().from(qcResults).where(eq(qcResults.id, second.rezultati[0]!._id));
    expect(row).toMatchObject({ status: 'upozorenje', pravila: ['1-2s'], z: 2.5 });
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, second.rezultati[0]!._id)).orderBy(auditLog.id);
    expect(audit.map((entry) => entry.action)).toEqual(['qc.result.create', 'qc.result.rejudge']);
    expect(audit[1]).toMatchObject({
      oldValue: { status: 'odbijen', pravila: ['1-2s', '2-2s'] },
      newValue: { status: 'upozorenje', pravila: ['1-2s'], iskljucen: first.rezultati[0]!._id },
    });
    // The hold follows the verdict as it now stands.
    expect((await client.get(tech, '/kontrole/blokade')).json<HoldsAnswer>().blokade.map((hold) => hold.labassay)).not.toContain(cat.ids.ALP);
  });

  it('excluding one level judges the rest of its run again (R-4s needs both levels); runs not affected are left as they were', async () => {
    const lot = await defineLot(client, specialist, [{ labassay: cat.ids.TG, nivo: 1, mean: 1, sd: 0.1 }, { labassay: cat.ids.TG, nivo: 2, mean: 3, sd: 0.1 }]);
    const calm = await enterRun(client, tech, lot._id, cat.ids.TG, { 1: '1.0', 2: '3.0' }, minutesAgo(30));
    const spread = await enterRun(client, tech, lot._id, cat.ids.TG, { 1: '1.25', 2: '2.75' }, minutesAgo(20));
    expect(spread.prekrseno.map((violation) => violation.rule)).toContain('R-4s');
    const levelOne = spread.rezultati.find((result) => result.nivo === 1)!;
    const levelTwo = spread.rezultati.find((result) => result.nivo === 2)!;
    expect((await client.post(tech, '/kontrole/pregled/delete/', { _id: levelOne._id, razlog: 'Mjehurić u kiveti' })).statusCode).toBe(200);
    const [two] = await t.database.db.select().from(qcResults).where(eq(qcResults.id, levelTwo._id));
    expect(two).toMatchObject({ status: 'upozorenje', pravila: ['1-2s'] });
    const calmAudit = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, calm.rezultati[0]!._id)).orderBy(auditLog.id);
    expect(calmAudit.map((entry) => entry.action)).toEqual(['qc.result.create']);
  });
});

describe('excluding a result can reject a later run', () => {
  it('the result between two beyond +2 SD excluded: the later one violates 2-2s, holds the assay and is announced', async () => {
    const lot = await defineLot(client, specialist, [{ labassay: cat.ids.CRP, nivo: 1, mean: 10, sd: 1 }]);
    const high = await enterRun(client, tech, lot._id, cat.ids.CRP, { 1: '12.5' }, minutesAgo(30));
    const between = await enterRun(client, tech, lot._id, cat.ids.CRP, { 1: '10' }, minutesAgo(20));
    const later = await enterRun(client, tech, lot._id, cat.ids.CRP, { 1: '12.5' }, minutesAgo(10));
    expect([high.status, between.status, later.status]).toEqual(['upozorenje', 'prihvacen', 'upozorenje']);
    emitted.length = 0;
    expect((await client.post(tech, '/kontrole/pregled/delete/', { _id: between.rezultati[0]!._id, razlog: 'Zamijenjen nivo' })).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(qcResults).where(eq(qcResults.id, later.rezultati[0]!._id));
    expect(row).toMatchObject({ status: 'odbijen', pravila: ['1-2s', '2-2s'] });
    expect((await client.get(tech, '/kontrole/blokade')).json<HoldsAnswer>().blokade).toContainEqual(
      expect.objectContaining({ labassay: cat.ids.CRP, serija: later.serija, pravila: ['2-2s'], analyser: null }),
    );
    expect(emitted).toContainEqual({ event: 'qc:rejected', payload: expect.objectContaining({ serija: later.serija, pravila: ['2-2s'], lot: lot.lot }) as unknown });
    // Released as any hold is: here by a corrective action.
    expect((await client.post(tech, '/kontrole/korektivna', { serija: later.serija, opis: 'Provjereno' })).statusCode).toBe(200);
  });
});

describe('the monthly table (/kontrole/mjesecno)', () => {
  it("per test and level: n, mean, SD, CV, bias against the target and Sigma from the assay's TEa, the month's counted results only", async () => {
    const lot = await defineLot(client, specialist, [{ labassay: cat.ids.LDL, nivo: 1, mean: 3, sd: 0.1 }, { labassay: cat.ids.LDL, nivo: 2, mean: 5, sd: 0.2 }]);
    expect((await client.post(specialist, '/kontrole/pravila/save', { labassay: cat.ids.LDL, pravila: ['1-3s'], tea: 12 })).statusCode).toBe(200);
    const values = ['3.05', '2.95', '3.10', '3.00'];
    for (const [index, value] of values.entries()) await enterRun(client, tech, lot._id, cat.ids.LDL, { 1: value }, minutesAgo(40 - index));
    const dropped = await enterRun(client, tech, lot._id, cat.ids.LDL, { 1: '3.9' }, minutesAgo(30));
    await client.post(tech, '/kontrole/pregled/delete/', { _id: dropped.rezultati[0]!._id, razlog: 'Pogrešan nivo' });
    const month = siteIsoMonth();
    const response = await client.get(tech, `/kontrole/mjesecno?kontrola=${lot._id}&mjesec=${month}`);
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<MonthlyAnswer>();
    const expected = monthlyStatistics(values.map(Number), 3, 12);
    expect(expected.n).toBe(4);
    expect(answer.redovi).toEqual([
      expect.objectContaining({ labassay: cat.ids.LDL, nivo: 1, cilj: 3, tea: 12, ...expected }),
      expect.objectContaining({ nivo: 2, n: 0, mean: null, sigma: null }),
    ]);
    expect(answer.redovi[0]!.bias).toBeCloseTo(0.8333, 3);
    expect(answer.redovi[0]!.sigma).toBeCloseTo((12 - 0.8333) / answer.redovi[0]!.cv!, 3);
    const earlier = (await client.get(tech, `/kontrole/mjesecno?kontrola=${lot._id}&mjesec=2020-01`)).json<MonthlyAnswer>();
    expect(earlier.redovi.map((row) => row.n)).toEqual([0, 0]);
    const bad = await client.get(tech, `/kontrole/mjesecno?kontrola=${lot._id}&mjesec=2026-13`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'qc.badMonth', field: 'mjesec' });
  });
});

// Last: its runs would join the earlier tests' judgements of the same assays.
describe('the control results list sorted by test name', () => {
  it("sorts by the name the reader sees: the Bosnian name for a Bosnian reader, the English one for an English reader", async () => {
    // Bosnian order GLU before K ('GLU test' < 'K test'); the English names reverse it.
    await t.database.db.update(labAssays).set({ nazivEn: 'Zymotic glucose' }).where(eq(labAssays.id, cat.ids.GLU));
    await t.database.db.update(labAssays).set({ nazivEn: 'Alpha potassium' }).where(eq(labAssays.id, cat.ids.K));
    const lot = await defineLot(client, specialist, [
      { labassay: cat.ids.GLU, nivo: 1, mean: 5, sd: 0.2 }, { labassay: cat.ids.K, nivo: 1, mean: 4, sd: 0.2 },
    ]);
    await enterRun(client, tech, lot._id, cat.ids.GLU, { 1: '5.1' });
    await enterRun(client, tech, lot._id, cat.ids.K, { 1: '4.1' });
    const codes = async () => (await client.get(tech, `/kontrole/obrada/rezultati?kontrola=${lot._id}&datum=SVE&sort=naziv|asc`))
      .json<{ data: { sifra: string }[] }>().data.map((row) => row.sifra);
    const language = (value: string) => t.app.inject({
      method: 'PUT', url: '/api/sesija/jezik', headers: { authorization: `Bearer ${tech.token}` }, payload: { language: value },
    });
    expect(await codes()).toEqual([cat.sifra.GLU, cat.sifra.K]);
    try {
      expect((await language('en')).statusCode).toBe(200);
      expect(await codes()).toEqual([cat.sifra.K, cat.sifra.GLU]);
    } finally {
      await language('bs');
    }
  });
});
