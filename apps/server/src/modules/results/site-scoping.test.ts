import type { LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Server } from 'socket.io';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SampleStatus } from '@lis/domain';
import { queryRows } from '../../db/client.ts';
import { auditLog, samples, sampleTests } from '../../db/schema.ts';
import type { SignedIn, TestApp } from '../../test/harness.ts';
import { expectEveryRouteCovered, openCrossSiteApp, type RouteKey } from '../../test/site-scoping.ts';
import { daysAgo, jmbgFor, registerPatient, type Api } from '../samples/test-fixtures.ts';
import { resultRepository, type ResultRepository } from './repository.ts';
import { resultRoutes } from './routes.ts';
import { createResultCatalogue, resultCalls, type ResultCalls } from './test-fixtures.ts';

// Results belong to the sample's site. With a session on site SA (tehnicar@demo.lab has SA only), every
// result call on a sample of site TZ answers 404, exactly like a missing sample, and the sample stays as
// it was: same results, status, version and audit trail at TZ, and no event to any room.

let t: TestApp;
let client: Api;
let calls: ResultCalls;
let tech: SignedIn;
let admin: SignedIn;
let sarajevo: string;
let tuzla: string;
let patientId: string;
const emitted: string[] = [];

beforeAll(async () => {
  ({ t, client, tech, admin, sarajevo, tuzla } = await openCrossSiteApp());
  calls = resultCalls(client, await createResultCatalogue(t.database.db));
  patientId = (await registerPatient(client, admin, jmbgFor(daysAgo(40 * 365), 'MUŠKI')))._id;
  t.realtime.attach({ to: (room: string) => ({ emit: (event: string) => { emitted.push(`${room} ${event}`); } }) } as unknown as Server);
});
afterAll(async () => { await t.close(); });

/** A sample of site TZ with GLU and K, brought to the status by the admin working at TZ. */
async function tuzlaSample(status: SampleStatus): Promise<string> {
  const { _id: sid } = await calls.createSample(admin, patientId, ['GLU', 'K'], {}, tuzla);
  if (status === 'ZAPRIMLJEN') return sid;
  await calls.saved(admin, sid, { GLU: '5.0', K: '4.0' }, { site: tuzla });
  if (status === 'REALIZOVAN') return sid;
  await calls.moved(admin, 'odobri', { sid }, tuzla);
  if (status === 'ODOBREN') return sid;
  await calls.moved(admin, 'verifikuj', { sid }, tuzla);
  return sid;
}

/** The sample as TZ sees it: results screen, audit trail, stored rows. */
async function stateAtTuzla(sid: string) {
  const shown = await calls.show(admin, sid, tuzla);
  const audit = await t.database.db.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.entityId, sid));
  const [sample] = await t.database.db.select().from(samples).where(eq(samples.id, sid));
  const tests = await t.database.db.select().from(sampleTests).where(eq(sampleTests.sampleId, sid));
  return { shown, auditRows: audit.length, sample, tests };
}

/** The call from SA answers 404 (a missing record), the TZ sample is exactly as before, and no event went out. */
async function refusedAndUnchanged(status: SampleStatus, call: (sid: string) => Promise<LightMyRequestResponse>): Promise<void> {
  const sid = await tuzlaSample(status);
  const before = await stateAtTuzla(sid);
  emitted.length = 0;
  const response = await call(sid);
  expect(response.statusCode, response.body).toBe(404);
  expect(response.json()).toMatchObject({ success: false, code: 'notFound' });
  expect(await stateAtTuzla(sid)).toEqual(before);
  expect(emitted).toEqual([]);
}

/** One case per route of the results module; `expectEveryRouteCovered` fails when a route has none. */
const crossSiteCases: Record<RouteKey, () => Promise<void>> = {
  'GET /api/rezultati/:sid': () => refusedAndUnchanged('REALIZOVAN', (sid) => client.get(tech, `/rezultati/${sid}`)),
  'POST /api/rezultati/save': async () => {
    // The TZ sample's real test ids and version: still not found from SA.
    const saveEverything = (rezultat: string) => async (sid: string) => {
      const { version, tests } = await calls.show(admin, sid, tuzla);
      return client.post(tech, '/rezultati/save', { sid, version, rezultati: tests.map((test) => ({ test: test._id, rezultat })), razlog: 'Sarajevo' });
    };
    await refusedAndUnchanged('ZAPRIMLJEN', saveEverything('9.9'));
    await refusedAndUnchanged('REALIZOVAN', saveEverything(''));
  },
  'POST /api/rezultati/retest': () => refusedAndUnchanged('REALIZOVAN', async (sid) => {
    const { version, tests } = await calls.show(admin, sid, tuzla);
    return client.post(tech, '/rezultati/retest', { sid, version, test: tests[0]?._id, razlog: 'Sarajevo' });
  }),
  'POST /api/rezultati/odobri': () => refusedAndUnchanged('REALIZOVAN', (sid) => client.post(tech, '/rezultati/odobri', { sid })),
  'POST /api/rezultati/odobri/undo': () => refusedAndUnchanged('ODOBREN', (sid) => client.post(tech, '/rezultati/odobri/undo', { sid })),
  'POST /api/rezultati/verifikuj': async () => {
    // The technician may not verify at all (403 before the lookup); the admin working at SA finds nothing of TZ.
    const sid = await tuzlaSample('ODOBREN');
    expect((await client.post(tech, '/rezultati/verifikuj', { sid })).statusCode).toBe(403);
    expect((await client.post(admin, '/rezultati/verifikuj', { sid }, tuzla)).statusCode).toBe(200);
    await refusedAndUnchanged('ODOBREN', (other) => client.post(admin, '/rezultati/verifikuj', {
      sid: other, obavijesten: { ko: 'dr. Sarajevo', kada: new Date().toISOString() },
    }, sarajevo));
  },
  'POST /api/rezultati/verifikuj/undo': () => refusedAndUnchanged('VERIFICIRAN', (sid) =>
    client.post(admin, '/rezultati/verifikuj/undo', { sid, razlog: 'Sarajevo' }, sarajevo)),
  'POST /api/rezultati/ispravi': () => refusedAndUnchanged('VERIFICIRAN', async (sid) => {
    // The TZ sample's real version and test id, sent by the admin (who may verify) working at SA: not found.
    const { version, tests } = await calls.show(admin, sid, tuzla);
    return client.post(admin, '/rezultati/ispravi', { sid, version, rezultati: [{ test: tests[0]?._id, rezultat: '6.1' }], razlog: 'Sarajevo' }, sarajevo);
  }),
  'GET /api/uzorci/audit/:sid': () => refusedAndUnchanged('VERIFICIRAN', (sid) => client.get(tech, `/uzorci/audit/${sid}`)),
};

describe('results: a sample of site TZ with a session on site SA', () => {
  it('has a case for every route of the module', async () => {
    expect(tech.sites.map((site) => site.sifra)).toEqual(['SA']);
    await expectEveryRouteCovered(resultRoutes, crossSiteCases);
  });

  it.each(Object.entries(crossSiteCases))('%s', async (_route, check) => {
    await check();
  });

  it("compares a result only with the patient's verified results of the same site", async () => {
    // The same patient verified at TZ; a new sample at SA has nothing to compare with.
    await tuzlaSample('VERIFICIRAN');
    const { _id: sid } = await calls.createSample(tech, patientId, ['GLU']);
    await calls.saved(tech, sid, { GLU: '15' });
    expect((await calls.tests(tech, sid)).GLU?.delta).toBeNull();
  });
});

interface RepositoryFixture {
  atSarajevo: ResultRepository;
  atTuzla: ResultRepository;
  sid: string;
}

/**
 * The repository is the guard even when a service is wrong: with the TZ
 * sample's id, the SA repository reads nothing and changes nothing. The
 * Record over the repository's keys makes a method without a case a type error.
 */
const repositoryCases: Record<keyof ResultRepository, (fixture: RepositoryFixture) => Promise<void>> = {
  findSample: async ({ atSarajevo, atTuzla, sid }) => {
    expect(await atTuzla.findSample(sid)).not.toBeNull();
    expect(await atSarajevo.findSample(sid)).toBeNull();
    expect(await t.database.db.transaction((tx) => resultRepository(tx, sarajevo).findSample(sid, { forUpdate: true }))).toBeNull();
  },
  findSamplesByCodeForUpdate: async ({ atTuzla, sid }) => {
    const sample = await atTuzla.findSample(sid);
    if (!sample) throw new Error('no sample');
    const byCode = (siteId: string) => t.database.db.transaction((tx) => resultRepository(tx, siteId).findSamplesByCodeForUpdate([sample.code, 'NEPOSTOJECI']));
    expect((await byCode(tuzla)).map((row) => row.id)).toEqual([sid]);
    expect(await byCode(sarajevo)).toEqual([]);
  },
  testsOfSample: async ({ atSarajevo, atTuzla, sid }) => {
    expect(await atTuzla.testsOfSample(sid)).not.toEqual([]);
    expect(await atSarajevo.testsOfSample(sid)).toEqual([]);
  },
  testsOfSamples: async ({ atSarajevo, atTuzla, sid }) => {
    const tests = await atTuzla.testsOfSamples([sid]);
    expect(tests).not.toEqual([]);
    expect(tests.every((test) => test.sampleId === sid)).toBe(true);
    expect(await atSarajevo.testsOfSamples([sid])).toEqual([]);
  },
  previousVerifiedResults: async ({ atSarajevo, atTuzla, sid }) => {
    // A later sample of the same patient at TZ finds the verified one from TZ, not from SA.
    const sample = await atTuzla.findSample(sid);
    if (!sample) throw new Error('no sample');
    const later = { id: '00000000-0000-4000-8000-000000000000', patientId: sample.patientId, datum: new Date() };
    const tests = await atTuzla.testsOfSample(sid);
    expect((await atTuzla.previousVerifiedResults(later, tests.map((test) => test.labassayId))).length).toBe(2);
    expect(await atSarajevo.previousVerifiedResults(later, tests.map((test) => test.labassayId))).toEqual([]);
  },
  previousVerifiedStatement: async ({ atSarajevo, atTuzla, sid }) => {
    // The statement itself is bound to its site: run as built by SA, it finds none of TZ's verified results.
    const sample = await atTuzla.findSample(sid);
    if (!sample) throw new Error('no sample');
    const later = { id: '00000000-0000-4000-8000-000000000000', patientId: sample.patientId, datum: new Date() };
    const assays = (await atTuzla.testsOfSample(sid)).map((test) => test.labassayId);
    const run = (repository: ResultRepository) => {
      const statement = repository.previousVerifiedStatement(later, assays);
      if (!statement) throw new Error('no statement');
      return queryRows(t.database.db, statement);
    };
    expect(await run(atTuzla)).toHaveLength(2);
    expect(await run(atSarajevo)).toEqual([]);
  },
  writeTests: async ({ atSarajevo, atTuzla, sid }) => {
    const before = await atTuzla.testsOfSample(sid);
    await atSarajevo.writeTests(before.map((test) => ({
      id: test.id, sampleId: sid, rezultat: '1', rezultatF: '1', flag: 'L', statusT: 'U OBRADI', entered: true, unioBy: tech.userId, unioSource: null, referenca: null,
    })));
    expect(await atTuzla.testsOfSample(sid)).toEqual(before);
  },
  markRetest: async ({ atSarajevo, atTuzla, sid }) => {
    const before = await atTuzla.testsOfSample(sid);
    await atSarajevo.markRetest(sid, before[0]!.id, 'Sarajevo');
    expect(await atTuzla.testsOfSample(sid)).toEqual(before);
    // The same call bound to the sample's own site does mark it: the case above proves the site, not a broken update.
    await atTuzla.markRetest(sid, before[0]!.id, 'Tuzla');
    expect((await atTuzla.testsOfSample(sid))[0]?.retestRazlog).toBe('Tuzla');
  },
  releaseTests: async ({ atSarajevo, atTuzla, sid }) => {
    const before = await atTuzla.testsOfSample(sid);
    expect(await atSarajevo.releaseTests(sid, before.map((test) => test.id), 'Sarajevo v1')).toEqual([]);
    expect(await atTuzla.testsOfSample(sid)).toEqual(before);
    // Bound to the sample's own site the same call releases the tests with results: the site is what refused above.
    const released = await atTuzla.releaseTests(sid, before.map((test) => test.id), 'Tuzla v1');
    expect(released.sort()).toEqual(before.filter((test) => test.rezultat !== null).map((test) => test.id).sort());
    expect((await atTuzla.testsOfSample(sid)).filter((test) => test.releasedByRules === 'Tuzla v1')).toHaveLength(released.length);
  },
  writeReferences: async ({ atSarajevo, atTuzla, sid }) => {
    const before = await atTuzla.testsOfSample(sid);
    const referenca = { low: '1', high: '2', tekst: null, jedinica: 'g/L', criticalLow: null, criticalHigh: null };
    await atSarajevo.writeReferences(sid, before.map((test) => ({ id: test.id, referenca })));
    expect(await atTuzla.testsOfSample(sid)).toEqual(before);
  },
  writeTestStatuses: async ({ atSarajevo, atTuzla, sid }) => {
    const before = await atTuzla.testsOfSample(sid);
    await atSarajevo.writeTestStatuses(sid, before.map((test) => ({ id: test.id, statusT: 'ZAPRIMLJEN' })));
    expect(await atTuzla.testsOfSample(sid)).toEqual(before);
  },
  moveSamples: async ({ atSarajevo, atTuzla, sid }) => {
    const before = await atTuzla.findSample(sid);
    expect((await atSarajevo.moveSamples([{ id: sid, status: 'REALIZOVAN' }], tech.userId)).size).toBe(0);
    expect(await atTuzla.findSample(sid)).toEqual(before);
  },
  updateSample: async ({ atSarajevo, atTuzla, sid }) => {
    const before = await atTuzla.findSample(sid);
    await expect(atSarajevo.updateSample(sid, { status: 'ODOBREN', verification: 'clear' }, tech.userId)).rejects.toThrow();
    expect(await atTuzla.findSample(sid)).toEqual(before);
  },
  auditOfSample: async ({ atSarajevo, atTuzla, sid }) => {
    expect(await atTuzla.auditOfSample(sid)).not.toEqual([]);
    expect(await atSarajevo.auditOfSample(sid)).toEqual([]);
  },
  assayCodes: async ({ atSarajevo, atTuzla, sid }) => {
    // The test catalogue is one for all sites: a code is no site's data, both sites read the same one.
    const ids = (await atTuzla.testsOfSample(sid)).map((test) => test.labassayId);
    const codes = await atTuzla.assayCodes(ids);
    expect(codes.size).toBe(ids.length);
    expect(await atSarajevo.assayCodes(ids)).toEqual(codes);
  },
};

describe('resultRepository(db, SA) with the id of a TZ sample', () => {
  it('has a case for every method', () => {
    expect(Object.keys(resultRepository(t.database.db, sarajevo)).sort()).toEqual(Object.keys(repositoryCases).sort());
  });

  it.each(Object.entries(repositoryCases))('%s', async (_method, check) => {
    const sid = await tuzlaSample('VERIFICIRAN');
    await check({ atSarajevo: resultRepository(t.database.db, sarajevo), atTuzla: resultRepository(t.database.db, tuzla), sid });
  });
});
