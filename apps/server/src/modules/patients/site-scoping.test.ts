import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessLog, auditLog } from '../../db/schema.ts';
import type { SignedIn, TestApp } from '../../test/harness.ts';
import { expectEveryRouteCovered, openCrossSiteApp, type RouteKey } from '../../test/site-scoping.ts';
import { daysAgo, jmbgFor, registerPatient, type Api, type FixtureCatalogue } from '../samples/test-fixtures.ts';
import { patientRoutes } from './routes.ts';

// Patients belong to the lab: a patient registered at site TZ is seen and edited from site SA too,
// and the access-log and audit rows of those calls carry SA. What is a site's is the patient's
// samples: from SA, a TZ sample is neither counted nor listed.

let t: TestApp;
let client: Api;
let tech: SignedIn;
let admin: SignedIn;
let sarajevo: string;
let tuzla: string;
let cat: FixtureCatalogue;

beforeAll(async () => {
  ({ t, client, tech, admin, sarajevo, tuzla, cat } = await openCrossSiteApp());
});
afterAll(async () => { await t.close(); });

/** A patient registered at TZ, with one uncompleted sample there. */
async function tuzlaPatientWithSample(): Promise<{ patientId: string; jmbg: string; sampleId: string }> {
  const jmbg = jmbgFor(daysAgo(50 * 365), 'MUŠKI');
  const response = await client.post(admin, '/pacijenti/unos/save', {
    jmbg, ime: 'Tuzla', prezime: 'Pacijent', spol: 'MUŠKI', adresa: 'Tuzlanska 1', telefon: '035 000 000', symptoms: { pacijentbezsimptoma: true },
  }, tuzla);
  expect(response.statusCode, response.body).toBe(201);
  const patientId = response.json<{ pacijent: { _id: string } }>().pacijent._id;
  const sample = await client.post(admin, '/uzorci/save', { pid: patientId, testovi: [cat.ids.GLU] }, tuzla);
  expect(sample.statusCode, sample.body).toBe(201);
  return { patientId, jmbg, sampleId: sample.json<{ uzorak: { _id: string } }>().uzorak._id };
}

async function accessSites(patientId: string, userId: string): Promise<(string | null)[]> {
  const rows = await t.database.db.select({ siteId: accessLog.siteId }).from(accessLog)
    .where(and(eq(accessLog.entityId, patientId), eq(accessLog.userId, userId)));
  return rows.map((row) => row.siteId);
}

async function auditSites(patientId: string, action: string): Promise<(string | null)[]> {
  const rows = await t.database.db.select({ siteId: auditLog.siteId }).from(auditLog)
    .where(and(eq(auditLog.entityId, patientId), eq(auditLog.action, action)));
  return rows.map((row) => row.siteId);
}

/** One case per route of the patients module; `expectEveryRouteCovered` fails when a route has none. */
const crossSiteCases: Record<RouteKey, () => Promise<void>> = {
  'POST /api/pacijenti/unos/find': async () => {
    const { patientId, jmbg } = await tuzlaPatientWithSample();
    const response = await client.post(tech, '/pacijenti/unos/find', { jmbg });
    expect(response.json()).toMatchObject({ exists: true, pacijent: { _id: patientId } });
    expect(await accessSites(patientId, tech.userId)).toEqual([sarajevo]);
  },
  'POST /api/pacijenti/unos/save': async () => {
    // One registry: the ID registered at TZ is a duplicate at SA, answered with that patient.
    const { patientId, jmbg } = await tuzlaPatientWithSample();
    const again = await client.post(tech, '/pacijenti/unos/save', {
      jmbg, ime: 'Isti', prezime: 'Pacijent', spol: 'MUŠKI', adresa: 'Sarajevska 1', telefon: '033 000 000', symptoms: { pacijentbezsimptoma: true },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'patient.duplicate', pacijent: { _id: patientId } });
    const fresh = await registerPatient(client, tech, jmbgFor(daysAgo(20 * 365), 'ŽENSKI'), { spol: 'ŽENSKI' });
    expect(await auditSites(fresh._id, 'patient.create')).toEqual([sarajevo]);
  },
  'GET /api/pacijenti/detalji/:id': async () => {
    const { patientId } = await tuzlaPatientWithSample();
    const response = await client.get(tech, `/pacijenti/detalji/${patientId}`);
    expect(response.statusCode).toBe(200);
    expect(await accessSites(patientId, tech.userId)).toEqual([sarajevo]);
  },
  'POST /api/pacijenti/detalji/update/:id': async () => {
    const { patientId } = await tuzlaPatientWithSample();
    const response = await client.post(tech, `/pacijenti/detalji/update/${patientId}`, { adresa: 'Sarajevska 2' });
    expect(response.statusCode, response.body).toBe(200);
    expect(await auditSites(patientId, 'patient.update')).toEqual([sarajevo]);
  },
  // The portal shows a patient's reports at every site of the lab, so revoking ends their access lab-wide, from any
  // site; the audit row names the site the revocation was made at.
  'POST /api/pacijenti/portal/opozovi/:id': async () => {
    const { patientId } = await tuzlaPatientWithSample();
    const response = await client.post(tech, `/pacijenti/portal/opozovi/${patientId}`, {});
    expect(response.statusCode, response.body).toBe(200);
    expect(await auditSites(patientId, 'patient.portalRevoke')).toEqual([sarajevo]);
  },
  'GET /api/pacijenti/list': async () => {
    const { patientId, jmbg } = await tuzlaPatientWithSample();
    const row = async (user: SignedIn, site: string) => {
      const response = await client.get(user, `/pacijenti/list?datum=SVE&filter=${jmbg}`, site);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ data: { _id: string; nezavrseni: number }[] }>().data.find((item) => item._id === patientId);
    };
    expect(await row(tech, sarajevo)).toMatchObject({ nezavrseni: 0 });
    expect(await row(admin, tuzla)).toMatchObject({ nezavrseni: 1 });
  },
  'GET /api/pacijenti/:id/uzorci': async () => {
    const { patientId, sampleId } = await tuzlaPatientWithSample();
    const listed = async (user: SignedIn, site: string) => {
      const response = await client.get(user, `/pacijenti/${patientId}/uzorci?datum=SVE`, site);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ data: { _id: string }[] }>().data.map((item) => item._id);
    };
    expect(await listed(tech, sarajevo)).toEqual([]);
    expect(await listed(admin, tuzla)).toEqual([sampleId]);
  },
};

describe('patients: a patient of the lab and a sample of site TZ, with a session on site SA', () => {
  it('has a case for every route of the module', async () => {
    expect(tech.sites.map((site) => site.sifra)).toEqual(['SA']);
    await expectEveryRouteCovered(patientRoutes, crossSiteCases);
  });

  it.each(Object.entries(crossSiteCases))('%s', async (_route, check) => {
    await check();
  });
});
