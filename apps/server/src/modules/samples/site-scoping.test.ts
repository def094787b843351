import type { LightMyRequestResponse } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessLog, auditLog, samples } from '../../db/schema.ts';
import type { SignedIn, TestApp } from '../../test/harness.ts';
import { expectEveryRouteCovered, openCrossSiteApp, type RouteKey } from '../../test/site-scoping.ts';
import { sampleRepository, type SampleRepository } from './repository.ts';
import { sampleRoutes } from './routes.ts';
import { daysAgo, jmbgFor, registerPatient, type Api, type FixtureCatalogue } from './test-fixtures.ts';

// A sample belongs to the site that registered it. With a session on site SA (tehnicar@demo.lab has
// SA only), a sample of site TZ answers 404 on every call, exactly like a missing one, and stays as it
// was: same answer at TZ, no audit row. The patient and the test catalogue are lab-wide.

let t: TestApp;
let client: Api;
let tech: SignedIn;
let admin: SignedIn;
let sarajevo: string;
let tuzla: string;
let cat: FixtureCatalogue;
let patientId: string;

beforeAll(async () => {
  ({ t, client, tech, admin, sarajevo, tuzla, cat } = await openCrossSiteApp());
  patientId = (await registerPatient(client, admin, jmbgFor(daysAgo(40 * 365), 'MUŠKI')))._id;
});
afterAll(async () => { await t.close(); });

interface SampleRef { _id: string; code: string }

/** A new ZAPRIMLJEN sample of site TZ, with a calculated test and its components. */
async function tuzlaSample(): Promise<SampleRef> {
  const response = await client.post(admin, '/uzorci/save', { pid: patientId, testovi: [cat.ids.GLU, cat.ids.LDL], komentar: 'Tuzla' }, tuzla);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ uzorak: SampleRef }>().uzorak;
}

/** The sample as site TZ sees it, and how many audit rows it has: what a call from SA must leave as it was. */
async function stateAtTuzla(sample: SampleRef) {
  const shown = await client.get(admin, `/uzorci/show/${sample._id}`, tuzla);
  expect(shown.statusCode, shown.body).toBe(200);
  const audit = await t.database.db.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.entityId, sample._id));
  return { answer: shown.json<unknown>(), auditRows: audit.length };
}

/** The call from SA answers 404 (a missing record) and the TZ sample is exactly as before. */
async function refusedAndUnchanged(call: (sample: SampleRef) => Promise<LightMyRequestResponse>): Promise<void> {
  const sample = await tuzlaSample();
  const before = await stateAtTuzla(sample);
  const response = await call(sample);
  expect(response.statusCode, response.body).toBe(404);
  expect(response.json()).toMatchObject({ success: false, code: 'notFound' });
  expect(await stateAtTuzla(sample)).toEqual(before);
}

/** One case per route of the samples module; `expectEveryRouteCovered` fails when a route has none. */
const crossSiteCases: Record<RouteKey, () => Promise<void>> = {
  'POST /api/uzorci/patient': async () => {
    // Patients are the lab's: SA finds a patient registered at TZ, and the view is logged with SA.
    const tuzlaPatient = await registerPatient(client, admin, jmbgFor(daysAgo(30 * 365), 'ŽENSKI'), { spol: 'ŽENSKI' });
    const response = await client.post(tech, '/uzorci/patient', { pid: tuzlaPatient._id });
    expect(response.statusCode, response.body).toBe(200);
    const views = await t.database.db.select({ siteId: accessLog.siteId }).from(accessLog)
      .where(and(eq(accessLog.entityId, tuzlaPatient._id), eq(accessLog.userId, tech.userId)));
    expect(views).toEqual([{ siteId: sarajevo }]);
  },
  'POST /api/uzorci/labassay/tip': async () => {
    // One catalogue for the lab: SA is offered exactly what TZ is offered.
    const body = { sekcija: cat.sectionSifra, tip: '', pid: patientId };
    const [atSarajevo, atTuzla] = await Promise.all([client.post(tech, '/uzorci/labassay/tip', body), client.post(admin, '/uzorci/labassay/tip', body, tuzla)]);
    expect(atSarajevo.statusCode).toBe(200);
    expect(atSarajevo.json()).toEqual(atTuzla.json());
  },
  'POST /api/uzorci/save': async () => {
    // A session on SA saves at SA only: naming TZ is refused, and what it saves TZ cannot see.
    expect((await client.post(tech, '/uzorci/save', { pid: patientId, testovi: [cat.ids.GLU] }, tuzla)).statusCode).toBe(403);
    const saved = await client.post(tech, '/uzorci/save', { pid: patientId, testovi: [cat.ids.GLU] });
    expect(saved.statusCode, saved.body).toBe(201);
    const { _id: id } = saved.json<{ uzorak: SampleRef }>().uzorak;
    expect((await client.get(admin, `/uzorci/show/${id}`, tuzla)).statusCode).toBe(404);
    const [row] = await t.database.db.select({ siteId: samples.siteId }).from(samples).where(eq(samples.id, id));
    expect(row?.siteId).toBe(sarajevo);
  },
  'POST /api/uzorci/update': () => refusedAndUnchanged((sample) =>
    client.post(tech, '/uzorci/update', { sid: sample._id, doktor: 'dr. Sarajevo', hitan: true, testovi: [cat.ids.GLU] })),
  'GET /api/uzorci/show/:sid': async () => {
    await refusedAndUnchanged((sample) => client.get(tech, `/uzorci/show/${sample._id}`));
    await refusedAndUnchanged((sample) => client.get(tech, `/uzorci/show/${sample.code}`));
  },
  'POST /api/uzorci/delete': () => refusedAndUnchanged((sample) => client.post(tech, '/uzorci/delete', { id: sample._id })),
  'GET /api/uzorci/komentar/:id': () => refusedAndUnchanged((sample) => client.get(tech, `/uzorci/komentar/${sample._id}`)),
  'POST /api/uzorci/komentar/:id': () => refusedAndUnchanged((sample) =>
    client.post(tech, `/uzorci/komentar/${sample._id}`, { komentar: 'Sarajevo' })),
  'POST /api/uzorci/hitan': () => refusedAndUnchanged((sample) => client.post(tech, '/uzorci/hitan', { id: sample._id, hitan: true })),
  'POST /api/uzorci/prijem': () => refusedAndUnchanged((sample) => client.post(tech, '/uzorci/prijem', { code: sample.code })),
  'GET /api/uzorci/barcode/:id': () => refusedAndUnchanged((sample) => client.get(tech, `/uzorci/barcode/${sample._id}`)),
  'GET /api/uzorci/list': async () => {
    const sample = await tuzlaSample();
    const listed = async (user: SignedIn, site: string, query: string) => {
      const response = await client.get(user, `/uzorci/list?per_page=0&${query}`, site);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ data: { _id: string }[] }>().data.map((row) => row._id);
    };
    for (const query of [`datum=SVE&filter=${sample.code}`, 'datum=SVE&status=ZAPRIMLJEN', 'datum=DANAS&hitan=false', 'datum=RADNA%20LISTA']) {
      expect(await listed(tech, sarajevo, query), query).not.toContain(sample._id);
      expect(await listed(admin, tuzla, query), query).toContain(sample._id);
    }
  },
};

describe('samples: a sample of site TZ with a session on site SA', () => {
  it('has a case for every route of the module', async () => {
    expect(tech.sites.map((site) => site.sifra)).toEqual(['SA']);
    await expectEveryRouteCovered(sampleRoutes, crossSiteCases);
  });

  it.each(Object.entries(crossSiteCases))('%s', async (_route, check) => {
    await check();
  });
});

interface RepositoryFixture {
  atSarajevo: SampleRepository;
  atTuzla: SampleRepository;
  sample: SampleRef;
}

/**
 * The repository is the guard even when a service is wrong: with the TZ
 * sample's id, the SA repository reads nothing and changes nothing. The
 * Record over the repository's keys makes a method without a case a type error.
 */
const repositoryCases: Record<keyof SampleRepository, (fixture: RepositoryFixture) => Promise<void>> = {
  insertSample: async ({ atSarajevo }) => {
    const [template] = await t.database.db.select().from(samples).limit(1);
    if (!template) throw new Error('no sample to copy');
    const { id: _id, siteId: _site, ...values } = template;
    const created = await atSarajevo.insertSample({ ...values, code: `SCOPE-${Date.now()}` });
    expect(created.siteId).toBe(sarajevo);
  },
  insertSamplesWithTests: async ({ atSarajevo }) => {
    const [template] = await t.database.db.select().from(samples).limit(1);
    if (!template) throw new Error('no sample to copy');
    const { id: _id, siteId: _site, ...values } = template;
    const [created] = await atSarajevo.insertSamplesWithTests([{
      sample: { ...values, code: `SCOPEB-${Date.now()}`, importRef: null }, tests: [{ labassayId: cat.ids.GLU, price: '1.00', componentOf: null }],
    }]);
    expect(created?.siteId).toBe(sarajevo);
  },
  findSamplesByImportRef: async ({ atSarajevo, atTuzla, sample }) => {
    const importRef = `REF-${sample.code}`;
    await t.database.db.update(samples).set({ importRef }).where(eq(samples.id, sample._id));
    expect((await atTuzla.findSamplesByImportRef([importRef])).map((row) => row.id)).toEqual([sample._id]);
    expect(await atSarajevo.findSamplesByImportRef([importRef])).toEqual([]);
  },
  findSample: async ({ atSarajevo, sample }) => {
    expect(await atSarajevo.findSample(sample._id)).toBeNull();
    expect(await atSarajevo.findSample(sample._id, { forUpdate: true })).toBeNull();
  },
  findSampleByCode: async ({ atSarajevo, sample }) => {
    expect(await atSarajevo.findSampleByCode(sample.code)).toBeNull();
  },
  updateSample: async ({ atSarajevo, atTuzla, sample }) => {
    const before = await atTuzla.findSample(sample._id);
    await expect(atSarajevo.updateSample(sample._id, { hitan: true, komentar: 'Sarajevo' }, tech.userId)).rejects.toThrow();
    expect(await atTuzla.findSample(sample._id)).toEqual(before);
  },
  deleteSample: async ({ atSarajevo, atTuzla, sample }) => {
    await expect(atSarajevo.deleteSample(sample._id)).rejects.toThrow();
    expect(await atTuzla.findSample(sample._id)).not.toBeNull();
  },
  testsOfSample: async ({ atSarajevo, atTuzla, sample }) => {
    expect(await atTuzla.testsOfSample(sample._id)).not.toEqual([]);
    expect(await atSarajevo.testsOfSample(sample._id)).toEqual([]);
  },
  insertSampleTests: async ({ atSarajevo, atTuzla, sample }) => {
    const before = await atTuzla.testsOfSample(sample._id);
    await expect(atSarajevo.insertSampleTests(sample._id, [{ labassayId: cat.ids.PSA, price: '1.00', componentOf: null }])).rejects.toThrow();
    expect(await atTuzla.testsOfSample(sample._id)).toEqual(before);
  },
  deleteSampleTests: async ({ atSarajevo, atTuzla, sample }) => {
    const before = await atTuzla.testsOfSample(sample._id);
    await atSarajevo.deleteSampleTests(sample._id, before.map((test) => test.labassayId));
    expect(await atTuzla.testsOfSample(sample._id)).toEqual(before);
  },
  updateSampleTest: async ({ atSarajevo, atTuzla, sample }) => {
    const before = await atTuzla.testsOfSample(sample._id);
    await atSarajevo.updateSampleTest(sample._id, cat.ids.GLU, { price: '999.00', componentOf: null });
    expect(await atTuzla.testsOfSample(sample._id)).toEqual(before);
  },
};

describe('sampleRepository(db, SA) with the id of a TZ sample', () => {
  it('has a case for every method', () => {
    expect(Object.keys(sampleRepository(t.database.db, sarajevo)).sort()).toEqual(Object.keys(repositoryCases).sort());
  });

  it.each(Object.entries(repositoryCases))('%s', async (_method, check) => {
    const sample = await tuzlaSample();
    await check({ atSarajevo: sampleRepository(t.database.db, sarajevo), atTuzla: sampleRepository(t.database.db, tuzla), sample });
  });
});
