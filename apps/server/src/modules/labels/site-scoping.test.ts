import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settingRecords } from '../../db/schema.ts';
import type { SignedIn, TestApp } from '../../test/harness.ts';
import { expectEveryRouteCovered, openCrossSiteApp, type RouteKey } from '../../test/site-scoping.ts';
import { daysAgo, jmbgFor, registerPatient, type Api, type FixtureCatalogue } from '../samples/test-fixtures.ts';
import { labelRoutes } from './routes.ts';

// Labels print a sample of the calling site with the label setting of that site (else the lab-wide
// one). From site SA, a TZ sample has no label (404), and TZ's own label setting does not size SA's labels.

let t: TestApp;
let client: Api;
let tech: SignedIn;
let admin: SignedIn;
let tuzla: string;
let cat: FixtureCatalogue;
let patientId: string;

beforeAll(async () => {
  ({ t, client, tech, admin, tuzla, cat } = await openCrossSiteApp());
  patientId = (await registerPatient(client, admin, jmbgFor(daysAgo(40 * 365), 'MUŠKI')))._id;
});
afterAll(async () => { await t.close(); });

async function sampleAt(user: SignedIn, site: string): Promise<string> {
  const response = await client.post(user, '/uzorci/save', { pid: patientId, testovi: [cat.ids.GLU] }, site);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ uzorak: { _id: string } }>().uzorak._id;
}

/** Another site's sample has no label from here; the same label prints at its own site. */
async function refusedHereServedThere(label: (user: SignedIn, sampleId: string, site?: string) => Promise<LightMyRequestResponse>): Promise<void> {
  const tuzlaSample = await sampleAt(admin, tuzla);
  const fromSarajevo = await label(tech, tuzlaSample);
  expect(fromSarajevo.statusCode).toBe(404);
  expect(fromSarajevo.json()).toMatchObject({ success: false, code: 'notFound' });
  expect((await label(admin, tuzlaSample, tuzla)).statusCode).toBe(200);
}

const crossSiteCases: Record<RouteKey, () => Promise<void>> = {
  'GET /api/uzorci/barcode/:id/pdf': () => refusedHereServedThere((user, id, site) => client.get(user, `/uzorci/barcode/${id}/pdf`, site)),
  'GET /api/uzorci/barcode/:id/zpl': async () => {
    await refusedHereServedThere((user, id, site) => client.get(user, `/uzorci/barcode/${id}/zpl`, site));
    // TZ's label stock is not SA's: a TZ label setting leaves the size of SA's labels as it was.
    const sarajevoSample = await sampleAt(tech, tech.site);
    const width = async (user: SignedIn, id: string, site?: string) => /\^PW(\d+)/.exec((await client.get(user, `/uzorci/barcode/${id}/zpl`, site)).body)?.[1];
    const before = await width(tech, sarajevoSample);
    await t.database.db.insert(settingRecords).values({ siteId: tuzla, type: 'label', data: { width: 100, height: 50 } });
    expect(await width(tech, sarajevoSample)).toBe(before);
    expect(await width(admin, await sampleAt(admin, tuzla), tuzla)).not.toBe(before);
  },
};

describe('labels: a sample of site TZ with a session on site SA', () => {
  it('has a case for every route of the module', async () => {
    expect(tech.sites.map((site) => site.sifra)).toEqual(['SA']);
    await expectEveryRouteCovered(labelRoutes, crossSiteCases);
  });

  it.each(Object.entries(crossSiteCases))('%s', async (_route, check) => {
    await check();
  });
});
