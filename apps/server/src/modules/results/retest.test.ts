import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProcessingListAnswer, ResultsStatusAnswer, SampleAuditAnswer } from '@lis/domain';
import { createTestApp, signIn, type SignedIn, type TestApp } from '../../test/harness.ts';
import { api, daysAgo, jmbgFor, registerPatient, type Api } from '../samples/test-fixtures.ts';
import { createResultCatalogue, resultCalls, type ResultAssay, type ResultCalls, type ResultCatalogue } from './test-fixtures.ts';

/**
 * POST /rezultati/retest: a technician takes a result back for a retest with a reason; the sample shows it on
 * the worklist and cannot be approved until the retest's value comes, which is recorded as a change of the
 * earlier value with that reason. Both steps stay in the audit trail.
 */
let t: TestApp;
let client: Api;
let calls: ResultCalls;
let cat: ResultCatalogue;
let tech: SignedIn;
let specialist: SignedIn;
let patient: { _id: string };

beforeAll(async () => {
  t = await createTestApp();
  client = api(t);
  [tech, specialist] = await Promise.all(['tehnicar@demo.lab', 'specijalista@demo.lab'].map((email) => signIn(t.app, email))) as [SignedIn, SignedIn];
  cat = await createResultCatalogue(t.database.db);
  calls = resultCalls(client, cat);
  patient = await registerPatient(client, tech, jmbgFor(daysAgo(45 * 365), 'MUŠKI'), { ime: 'Ponovko', prezime: 'Retestović' });
});
afterAll(async () => { await t.close(); });

/** A complete (REALIZOVAN) sample with GLU 5.0 and K 4.1, plus LDL's components when asked. */
async function completeSample(tests: readonly ResultAssay[] = ['GLU', 'K']): Promise<{ sid: string; code: string }> {
  const { _id: sid, code } = await calls.createSample(tech, patient._id, tests);
  const values: Partial<Record<ResultAssay, string>> = { GLU: '5.0', K: '4.1', CHOL: '5.0', HDL: '1.2', TG: '1.5' };
  await calls.saved(tech, sid, Object.fromEntries(tests.filter((name) => name !== 'LDL').map((name) => [name, values[name]])));
  return { sid, code };
}

async function retest(user: SignedIn, sid: string, test: ResultAssay, razlog: unknown, version?: number) {
  const shown = await calls.show(user, sid);
  const entry = shown.tests.find((row) => row.sifra === cat.sifra[test]);
  return client.post(user, '/rezultati/retest', { sid, version: version ?? shown.version, test: entry?._id, razlog });
}

async function auditOf(sid: string) {
  const response = await client.get(tech, `/uzorci/audit/${sid}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SampleAuditAnswer>().audit;
}

async function worklistRow(code: string) {
  const response = await client.get(tech, `/obrada/list?datum=RADNA%20LISTA&filter=${encodeURIComponent(code)}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ProcessingListAnswer>().data.find((row) => row.code === code);
}

describe('POST /api/rezultati/retest', () => {
  it('takes the result back with its reason: the earlier value stays, the sample reopens, shows on the worklist and cannot be approved', async () => {
    const { sid, code } = await completeSample();
    const before = await calls.show(tech, sid);
    expect(before.status).toBe('REALIZOVAN');
    expect((await worklistRow(code))?.retest).toBe(0);

    const response = await retest(tech, sid, 'GLU', 'Lipemija, ponoviti');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<ResultsStatusAnswer>()).toMatchObject({ status: 'U OBRADI', version: before.version + 1 });

    const tests = await calls.tests(tech, sid);
    expect(tests.GLU).toMatchObject({ rezultat: '5.0', retest: 'Lipemija, ponoviti', status_t: 'U OBRADI' });
    expect(tests.K).toMatchObject({ rezultat: '4.1', retest: null, status_t: 'REALIZOVAN' });
    expect((await worklistRow(code))?.retest).toBe(1);

    const approval = await calls.move(specialist, 'odobri', { sid });
    expect(approval.statusCode).toBe(409);
    expect((await calls.show(tech, sid)).status).toBe('U OBRADI');

    const [status, mark] = await auditOf(sid);
    expect(mark).toMatchObject({ akcija: 'result.retest', polje: cat.sifra.GLU, staro: '5.0', razlog: 'Lipemija, ponoviti' });
    expect(status).toMatchObject({ akcija: 'sample.status', staro: 'REALIZOVAN', novo: 'U OBRADI' });
  });

  it("records the retest's value as a change of the earlier one with the retest's reason, then the sample completes again", async () => {
    const { sid, code } = await completeSample();
    expect((await retest(tech, sid, 'GLU', 'Hemoliza')).statusCode).toBe(200);
    expect(await calls.saved(tech, sid, { GLU: '5.4' })).toMatchObject({ status: 'REALIZOVAN' });

    const tests = await calls.tests(tech, sid);
    expect(tests.GLU).toMatchObject({ rezultat: '5.4', retest: null, status_t: 'REALIZOVAN' });
    expect((await worklistRow(code))?.retest).toBe(0);
    const trail = await auditOf(sid);
    const change = trail.find((row) => row.akcija === 'result.change');
    expect(change).toMatchObject({ polje: cat.sifra.GLU, staro: '5.0', novo: '5.4', razlog: 'Hemoliza' });
    // Both steps are kept: the mark before the change.
    expect(trail.findIndex((row) => row.akcija === 'result.retest')).toBeGreaterThan(trail.indexOf(change!));
    expect((await calls.move(specialist, 'odobri', { sid })).statusCode).toBe(200);
  });

  it('records a retest that confirms the same value as a change too', async () => {
    const { sid } = await completeSample();
    expect((await retest(tech, sid, 'K', 'Kontrola van granica')).statusCode).toBe(200);
    expect(await calls.saved(tech, sid, { K: '4.1' })).toMatchObject({ status: 'REALIZOVAN' });
    expect((await calls.tests(tech, sid)).K).toMatchObject({ rezultat: '4.1', retest: null });
    expect((await auditOf(sid))[1]).toMatchObject({ akcija: 'result.change', staro: '4.1', novo: '4.1', razlog: 'Kontrola van granica' });
  });

  it('after an unlock, the retest reason is the reason of the change', async () => {
    const { sid } = await completeSample();
    await calls.moved(specialist, 'odobri', { sid });
    await calls.moved(specialist, 'verifikuj', { sid });
    await calls.moved(specialist, 'verifikuj/undo', { sid, razlog: 'Reklamacija' });
    await calls.moved(specialist, 'odobri/undo', { sid });
    expect((await retest(tech, sid, 'GLU', 'Reklamacija doktora')).statusCode).toBe(200);
    expect((await calls.save(tech, sid, { GLU: '6.0' })).statusCode).toBe(200);
    expect((await auditOf(sid)).find((row) => row.akcija === 'result.change')).toMatchObject({ staro: '5.0', novo: '6.0', razlog: 'Reklamacija doktora' });
  });

  it('refuses without a reason, a test without a result, a calculated test, a stale version and an approved sample, changing nothing', async () => {
    const { sid } = await completeSample(['GLU', 'CHOL', 'HDL', 'TG', 'LDL']);
    const before = await calls.show(tech, sid);
    const expectUnchanged = async () => expect(await calls.show(tech, sid)).toEqual(before);

    for (const razlog of [undefined, '', '   ']) {
      const response = await retest(tech, sid, 'GLU', razlog);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'results.reasonRequired', field: 'razlog' });
    }
    const calculated = await retest(tech, sid, 'LDL', 'Provjera');
    expect(calculated.statusCode).toBe(400);
    expect(calculated.json()).toMatchObject({ code: 'results.calculatedReadOnly', field: 'test' });
    const stale = await retest(tech, sid, 'GLU', 'Provjera', before.version - 1);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'results.versionConflict' });
    await expectUnchanged();

    const { _id: empty } = await calls.createSample(tech, patient._id, ['GLU', 'K']);
    const noResult = await retest(tech, empty, 'GLU', 'Provjera');
    expect(noResult.statusCode).toBe(400);
    expect(noResult.json()).toMatchObject({ code: 'results.retestNoResult', field: 'test' });

    await calls.moved(specialist, 'odobri', { sid });
    const approved = await calls.show(tech, sid);
    const locked = await retest(tech, sid, 'GLU', 'Provjera');
    expect(locked.statusCode).toBe(409);
    expect(locked.json()).toMatchObject({ code: 'results.locked' });
    expect(await calls.show(tech, sid)).toEqual(approved);
  });

  it('is refused to a user who may not enter results', async () => {
    const viewer = await signIn(t.app, 'pregled@demo.lab');
    const { sid } = await completeSample();
    const before = await calls.show(tech, sid);
    const response = await client.post(viewer, '/rezultati/retest', { sid, version: before.version, test: before.tests[0]?._id, razlog: 'x' });
    expect(response.statusCode).toBe(403);
    expect(await calls.show(tech, sid)).toEqual(before);
  });
});
