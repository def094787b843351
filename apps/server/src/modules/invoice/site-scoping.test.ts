import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceCandidatesAnswer } from '@lis/domain';
import type { SignedIn, TestApp } from '../../test/harness.ts';
import { expectEveryRouteCovered, openCrossSiteApp, type RouteKey } from '../../test/site-scoping.ts';
import { daysAgo, jmbgFor, registerPatient, type Api, type FixtureCatalogue } from '../samples/test-fixtures.ts';
import { invoiceRoutes } from './routes.ts';

// The invoice names a patient (lab-wide) and samples (of a site). From site SA a TZ sample is not found
// (404), whichever form of the invoice is asked for, and the samples offered for an invoice are SA's only.

let t: TestApp;
let client: Api;
let tech: SignedIn;
let admin: SignedIn;
let tuzla: string;
let cat: FixtureCatalogue;
let patientId: string;
let tuzlaSample: string;

beforeAll(async () => {
  ({ t, client, tech, admin, tuzla, cat } = await openCrossSiteApp());
  patientId = (await registerPatient(client, admin, jmbgFor(daysAgo(40 * 365), 'MUŠKI')))._id;
  const response = await client.post(admin, '/uzorci/save', { pid: patientId, testovi: [cat.ids.GLU] }, tuzla);
  expect(response.statusCode, response.body).toBe(201);
  tuzlaSample = response.json<{ uzorak: { _id: string } }>().uzorak._id;
});
afterAll(async () => { await t.close(); });

const crossSiteCases: Record<RouteKey, () => Promise<void>> = {
  'GET /api/predracun/:patient': async () => {
    const fromSarajevo = await client.get(tech, `/predracun/${patientId}?uzorci=${tuzlaSample}`);
    expect(fromSarajevo.statusCode).toBe(404);
    expect(fromSarajevo.json()).toMatchObject({ success: false, code: 'notFound' });
    expect((await client.get(admin, `/predracun/${patientId}?uzorci=${tuzlaSample}`, tuzla)).statusCode).toBe(200);
  },
  'GET /api/predracun/:patient/pregled': async () => {
    expect((await client.get(tech, `/predracun/${patientId}/pregled?uzorci=${tuzlaSample}`)).statusCode).toBe(404);
    expect((await client.get(admin, `/predracun/${patientId}/pregled?uzorci=${tuzlaSample}`, tuzla)).statusCode).toBe(200);
  },
  'GET /api/predracun/:patient/uzorci': async () => {
    const offered = async (user: SignedIn, site?: string) => (await client.get(user, `/predracun/${patientId}/uzorci`, site))
      .json<InvoiceCandidatesAnswer>().uzorci.map((row) => row._id);
    expect(await offered(tech)).not.toContain(tuzlaSample);
    expect(await offered(admin, tuzla)).toContain(tuzlaSample);
  },
};

describe('invoice: a sample of site TZ with a session on site SA', () => {
  it('has a case for every route of the module', async () => {
    await expectEveryRouteCovered(invoiceRoutes, crossSiteCases);
  });

  it.each(Object.entries(crossSiteCases))('%s', async (_route, check) => {
    await check();
  });
});
