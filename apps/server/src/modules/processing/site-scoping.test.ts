import { and, eq } from 'drizzle-orm';
import type { ApprovalBarcodesAnswer, PatientResultsAnswer, ProcessingListAnswer, SampleSavedAnswer, SampleStatus } from '@lis/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleTests, samples } from '../../db/schema.ts';
import type { SignedIn, TestApp } from '../../test/harness.ts';
import { expectEveryRouteCovered, openCrossSiteApp, type RouteKey } from '../../test/site-scoping.ts';
import { processingRoutes } from './routes.ts';
import { daysAgo, jmbgFor, registerPatient, type Api, type FixtureCatalogue } from '../samples/test-fixtures.ts';

// The processing lists, the approval labels and a patient's results show only the calling site's samples:
// with a session on SA (tehnicar@demo.lab has SA only), a TZ sample is never listed, never labelled and
// never charted, and naming it answers 404 exactly like a missing one. The assay settings are lab-wide.

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
  patientId = (await registerPatient(client, admin, jmbgFor(daysAgo(40 * 365), 'MUŠKI'), { prezime: 'Sajtović' }))._id;
});
afterAll(async () => { await t.close(); });

async function sampleAt(site: string, status: SampleStatus, komentar = ''): Promise<{ _id: string; code: string }> {
  const response = await client.post(admin, '/uzorci/save', { pid: patientId, testovi: [cat.ids.GLU], komentar }, site);
  expect(response.statusCode, response.body).toBe(201);
  const sample = response.json<SampleSavedAnswer>().uzorak;
  await t.database.db.update(samples).set({ status }).where(eq(samples.id, sample._id));
  await t.database.db.update(sampleTests).set({ rezultat: '9.9', flag: 'HH' })
    .where(and(eq(sampleTests.sampleId, sample._id), eq(sampleTests.labassayId, cat.ids.GLU)));
  return sample;
}

async function listedIds(user: SignedIn, site: string, url: string): Promise<string[]> {
  const response = await client.get(user, url, site);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ProcessingListAnswer>().data.map((row) => row._id);
}

/** One case per route of the processing module; `expectEveryRouteCovered` fails when a route has none. */
const crossSiteCases: Record<RouteKey, () => Promise<void>> = {
  'GET /api/obrada/list': async () => {
    const sample = await sampleAt(tuzla, 'U OBRADI');
    for (const query of ['', 'datum=SVE', `datum=SVE&filter=${sample.code}`, 'datum=DANAS&status=U%20OBRADI', 'hitan=false']) {
      const url = `/obrada/list?per_page=0&${query}`;
      expect(await listedIds(tech, sarajevo, url), query).not.toContain(sample._id);
      expect(await listedIds(admin, tuzla, url), query).toContain(sample._id);
    }
  },
  'GET /api/protokol/list': async () => {
    const waiting = await sampleAt(tuzla, 'REALIZOVAN');
    const noted = await sampleAt(tuzla, 'ZAPRIMLJEN', 'Napomena iz Tuzle');
    for (const query of ['', `filter=${waiting.code}`, 'datum=DANAS']) {
      const url = `/protokol/list?per_page=0&${query}`;
      const atSarajevo = await listedIds(tech, sarajevo, url);
      expect(atSarajevo, query).not.toContain(waiting._id);
      expect(atSarajevo, query).not.toContain(noted._id);
      expect(await listedIds(admin, tuzla, url), query).toContain(waiting._id);
    }
  },
  'GET /api/protokol/count': async () => {
    const count = async (user: SignedIn, site: string) => {
      const response = await client.get(user, '/protokol/count', site);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ count: number }>().count;
    };
    const [atSarajevo, atTuzla] = [await count(tech, sarajevo), await count(admin, tuzla)];
    await sampleAt(tuzla, 'REALIZOVAN');
    await sampleAt(tuzla, 'U OBRADI');
    expect(await count(tech, sarajevo)).toBe(atSarajevo);
    expect(await count(admin, tuzla)).toBe(atTuzla + 1);
    // The badge counts exactly what the list lists, over every day.
    expect(await count(admin, tuzla)).toBe((await listedIds(admin, tuzla, '/protokol/list?per_page=0')).length);
    await sampleAt(sarajevo, 'ODOBREN');
    expect(await count(tech, sarajevo)).toBe(atSarajevo + 1);
  },
  'GET /api/rezultati/odobravanje/barcodes/:sampleId/:id': async () => {
    const tuzlaSample = await sampleAt(tuzla, 'REALIZOVAN');
    const refused = await client.get(tech, `/rezultati/odobravanje/barcodes/${tuzlaSample._id}/${patientId}`);
    expect(refused.statusCode, refused.body).toBe(404);
    expect(refused.json()).toMatchObject({ success: false, code: 'notFound' });
    // The patient's sample of the same day at SA labels only SA's samples.
    const sarajevoSample = await sampleAt(sarajevo, 'REALIZOVAN');
    const labels = await client.get(tech, `/rezultati/odobravanje/barcodes/${sarajevoSample._id}/${patientId}`);
    expect(labels.statusCode, labels.body).toBe(200);
    const ids = labels.json<ApprovalBarcodesAnswer>().results.map((label) => label.id);
    expect(ids[0]).toBe(sarajevoSample._id);
    expect(ids).not.toContain(tuzlaSample._id);
  },
  'GET /api/assays/settings': async () => {
    // One record for the lab: both sites get the same comments.
    const [atSarajevo, atTuzla] = await Promise.all([client.get(admin, '/assays/settings', sarajevo), client.get(admin, '/assays/settings', tuzla)]);
    expect(atSarajevo.statusCode).toBe(200);
    expect(atSarajevo.json()).toEqual(atTuzla.json());
  },
  'GET /api/rezultati/pacijent/:id': async () => {
    const tuzlaSample = await sampleAt(tuzla, 'VERIFICIRAN');
    const points = async (user: SignedIn, site: string) => {
      const response = await client.get(user, `/rezultati/pacijent/${patientId}`, site);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<PatientResultsAnswer>().assays.flatMap((assay) => assay.points.map((point) => point.sid));
    };
    expect(await points(tech, sarajevo)).not.toContain(tuzlaSample._id);
    expect(await points(admin, tuzla)).toContain(tuzlaSample._id);
  },
};

describe('processing: samples of site TZ with a session on site SA', () => {
  it('has a case for every route of the module', async () => {
    expect(tech.sites.map((site) => site.sifra)).toEqual(['SA']);
    await expectEveryRouteCovered(processingRoutes, crossSiteCases);
  });

  it.each(Object.entries(crossSiteCases))('%s', async (_route, check) => {
    await check();
  });
});
