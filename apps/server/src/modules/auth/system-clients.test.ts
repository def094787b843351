import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bundle, OperationOutcome } from '@medplum/fhirtypes';
import type { Permission, SystemClientSaveAnswer, SystemClientSecretAnswer, SystemClientListAnswer } from '@lis/domain';
import { accessLog, auditLog, samples, users } from '../../db/schema.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { createTestApp, signIn, type TestApp } from '../../test/harness.ts';
import { daysAgo, jmbgFor } from '../samples/test-fixtures.ts';
import { approvedSample, reportFixture, reportPatient, verify, type ReportFixture } from '../reports/test-fixtures.ts';

// System clients through the real app: an administrator makes a client under /postavke, the client trades its
// id and secret for a Bearer token (OAuth 2.0 client credentials) and reads and orders through /fhir/R4 with its
// own permissions and sites, audited under its own account. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.

let t: TestApp;
let f: ReportFixture;
let sarajevo: string;
let tuzla: string;
let addressCounter = 0;

beforeAll(async () => {
  t = await createTestApp();
  f = await reportFixture(t, (email) => signIn(t.app, email));
  sarajevo = f.tech.site;
  tuzla = f.admin.sites.find((site) => site.sifra === 'TZ')!._id;
});
afterAll(async () => { await t.close(); });

/** Each call from its own address unless told, so the throttle's per-address counter stays out of the way. */
function nextAddress(): string {
  addressCounter += 1;
  return `10.77.${Math.floor(addressCounter / 250)}.${addressCounter % 250}`;
}

async function makeClient(naziv: string, permissions: Permission[], sites: string[]): Promise<SystemClientSaveAnswer> {
  const response = await f.client.post(f.admin, '/postavke/klijenti/save', { element: { naziv, permissions, sites } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SystemClientSaveAnswer>();
}

function tokenRequest(body: Record<string, string>, options: { form?: boolean; address?: string; basic?: string } = {}): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST', url: '/api/oauth/token', remoteAddress: options.address ?? nextAddress(),
    headers: {
      'content-type': options.form ? 'application/x-www-form-urlencoded' : 'application/json',
      ...(options.basic ? { authorization: `Basic ${options.basic}` } : {}),
    },
    payload: options.form ? new URLSearchParams(body).toString() : JSON.stringify(body),
  });
}

async function tokenOf(clientId: string, secret: string): Promise<string> {
  const response = await tokenRequest({ grant_type: 'client_credentials', client_id: clientId, client_secret: secret });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ access_token: string }>().access_token;
}

function fhirGet(token: string, url: string, site?: string): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'GET', url: `/fhir/R4${url}`, headers: { authorization: `Bearer ${token}`, ...(site ? { 'x-site': site } : {}) } });
}

const READER: Permission[] = ['patients.read', 'patients.write', 'samples.read', 'samples.write', 'reports.read'];

describe('managing clients', () => {
  it('an administrator makes a client: its secret once, its id, permissions and sites; listed without the secret; audited', async () => {
    const made = await makeClient('Opća bolnica HIS', READER, [sarajevo]);
    expect(made.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(made.element).toMatchObject({ naziv: 'Opća bolnica HIS', clientId: expect.stringMatching(/^klijent-[0-9a-f]{16}$/) as unknown, permissions: READER, sites: [sarajevo], aktivan: true, lastUsedAt: null });
    const list = (await f.client.get(f.admin, '/postavke/klijenti/list')).json<SystemClientListAnswer>();
    const listed = list.data.find((client) => client._id === made.element._id);
    expect(listed).toEqual(made.element);
    expect(JSON.stringify(list)).not.toContain(made.secret);
    const audit = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entityId, made.element._id), eq(auditLog.action, 'client.create')));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.userId).toBe(f.admin.userId);
    expect(JSON.stringify(audit[0]!.newValue)).not.toContain(made.secret);
  });

  it('refuses a client without permissions or with an unknown site, naming the field; a non-administrator gets 403', async () => {
    for (const [element, field] of [
      [{ naziv: 'X', permissions: [], sites: [sarajevo] }, 'element.permissions'],
      [{ naziv: 'X', permissions: ['patients.fly'], sites: [sarajevo] }, 'element.permissions.0'],
      [{ naziv: 'X', permissions: ['patients.read'], sites: ['6f1c1c9e-0b7a-4c55-9d7e-3f0b6d0e2a11'] }, 'element.sites.0'],
      [{ naziv: ' ', permissions: ['patients.read'], sites: [sarajevo] }, 'element.naziv'],
    ] as const) {
      const response = await f.client.post(f.admin, '/postavke/klijenti/save', { element });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ success: false, field });
    }
    expect((await f.client.get(f.specialist, '/postavke/klijenti/list')).statusCode).toBe(403);
    expect((await f.client.post(f.admin, '/postavke/klijenti/active', { _id: '6f1c1c9e-0b7a-4c55-9d7e-3f0b6d0e2a11', aktivan: false })).statusCode).toBe(404);
  });
});

describe('the token endpoint', () => {
  it('gives a Bearer token for the right id and secret, as JSON, a form or HTTP Basic; never cached', async () => {
    const { element, secret } = await makeClient('Token klijent', READER, [sarajevo]);
    const json = await tokenRequest({ grant_type: 'client_credentials', client_id: element.clientId, client_secret: secret! });
    expect(json.statusCode, json.body).toBe(200);
    expect(json.json()).toEqual({ access_token: expect.any(String) as unknown, token_type: 'Bearer', expires_in: 3600 });
    expect(json.headers['cache-control']).toBe('no-store');
    const form = await tokenRequest({ grant_type: 'client_credentials', client_id: element.clientId, client_secret: secret! }, { form: true });
    expect(form.statusCode, form.body).toBe(200);
    const basic = await tokenRequest({ grant_type: 'client_credentials' }, { form: true, basic: Buffer.from(`${element.clientId}:${secret!}`).toString('base64') });
    expect(basic.statusCode, basic.body).toBe(200);
    const used = (await f.client.get(f.admin, '/postavke/klijenti/list')).json<SystemClientListAnswer>().data.find((client) => client._id === element._id);
    expect(used?.lastUsedAt).not.toBeNull();
  });

  it('answers an unknown client, a wrong secret and a missing part with the same 401, saying nothing of which', async () => {
    const { element, secret } = await makeClient('Pogrešna tajna', READER, [sarajevo]);
    const wrongSecret = await tokenRequest({ grant_type: 'client_credentials', client_id: element.clientId, client_secret: `${secret!}x` });
    const unknownClient = await tokenRequest({ grant_type: 'client_credentials', client_id: 'klijent-0000000000000000', client_secret: secret! });
    const missing = await tokenRequest({ grant_type: 'client_credentials', client_id: element.clientId });
    for (const response of [wrongSecret, unknownClient, missing]) {
      expect(response.statusCode, response.body).toBe(401);
      expect(response.json()).toEqual({ success: false, code: 'auth.invalidClient', message: 'Pogrešan klijent ili tajna.' });
    }
    const otherGrant = await tokenRequest({ grant_type: 'password', client_id: element.clientId, client_secret: secret! });
    expect(otherGrant.statusCode).toBe(400);
    expect(otherGrant.json()).toMatchObject({ code: 'auth.grantTypeUnsupported', field: 'grant_type' });
  });

  it('is throttled like sign-in: the 6th wrong secret from one address is refused with 429, the right secret from another address still works', async () => {
    const { element, secret } = await makeClient('Napadnut klijent', READER, [sarajevo]);
    const address = nextAddress();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await tokenRequest({ grant_type: 'client_credentials', client_id: element.clientId, client_secret: 'pogađam' }, { address });
      expect(response.statusCode).toBe(401);
    }
    const refused = await tokenRequest({ grant_type: 'client_credentials', client_id: element.clientId, client_secret: secret! }, { address });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'auth.throttled' });
    expect((await tokenRequest({ grant_type: 'client_credentials', client_id: element.clientId, client_secret: secret! })).statusCode).toBe(200);
  });

  it('is in the OpenAPI document with the settings calls', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{ paths: Record<string, unknown> }>();
    for (const path of ['/api/oauth/token', '/api/postavke/klijenti/list', '/api/postavke/klijenti/save', '/api/postavke/klijenti/secret', '/api/postavke/klijenti/active']) {
      expect(Object.keys(document.paths), path).toContain(path);
    }
  });

  it("a client's account never signs in with a password", async () => {
    const { element } = await makeClient('Bez prijave', READER, [sarajevo]);
    const [account] = await t.database.db.select().from(users).where(eq(users.email, `${element.clientId}@system.lis`));
    expect(account).toMatchObject({ disabled: true, passwordHash: '!', ime: 'Bez prijave' });
    // Even enabled by hand with a password set, the account is refused: a client's only way in is the token endpoint.
    await t.database.db.update(users).set({ disabled: false, passwordHash: await hashPassword('Klijent-lozinka-2026!') }).where(eq(users.id, account!.id));
    const response = await t.app.inject({
      method: 'POST', url: '/api/login/users', remoteAddress: nextAddress(), payload: { email: account!.email, password: 'Klijent-lozinka-2026!' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'auth.clientAccount' });
  });
});

describe("a client's token on /fhir/R4", () => {
  it('reads its own sites only: another site\'s sample answers 404 and is absent from searches; another site in x-site is 403', async () => {
    const { element, secret } = await makeClient('HIS Sarajevo', READER, [sarajevo]);
    const token = await tokenOf(element.clientId, secret!);
    const own = await approvedSample(f, await reportPatient(f, ['Bosanski jezik']));
    await verify(f, own._id);
    const tuzlaPatient = await reportPatient(f, ['Bosanski jezik'], tuzla);
    const other = await approvedSample(f, tuzlaPatient, tuzla);
    await verify(f, other._id, tuzla);

    expect((await fhirGet(token, `/Specimen/${own._id}`)).statusCode).toBe(200);
    expect((await fhirGet(token, `/DiagnosticReport/${own._id}-1`)).statusCode).toBe(200);
    for (const url of [`/Specimen/${other._id}`, `/DiagnosticReport/${other._id}-1`]) {
      const response = await fhirGet(token, url, sarajevo);
      expect(response.statusCode, url).toBe(404);
      expect(response.json<OperationOutcome>().issue[0]?.code).toBe('not-found');
    }
    for (const type of ['Specimen', 'Observation', 'DiagnosticReport']) {
      const bundle = (await fhirGet(token, `/${type}?patient=${tuzlaPatient}`)).json<Bundle>();
      expect(bundle.total, type).toBe(0);
    }
    // The client cannot switch to a site that is not on its list, as a person cannot.
    expect((await fhirGet(token, `/Specimen/${other._id}`, tuzla)).statusCode).toBe(403);
    // Given the site, it reads it.
    await f.client.post(f.admin, '/postavke/klijenti/save', { element: { _id: element._id, naziv: element.naziv, permissions: READER, sites: [sarajevo, tuzla] } });
    expect((await fhirGet(token, `/Specimen/${other._id}`, tuzla)).statusCode).toBe(200);
  });

  it('does what its permissions allow and nothing else: without samples.read or reports.read the results are refused', async () => {
    const { element, secret } = await makeClient('Samo pacijenti', ['patients.read'], [sarajevo]);
    const token = await tokenOf(element.clientId, secret!);
    const patientId = await reportPatient(f, ['Bosanski jezik']);
    const sample = await approvedSample(f, patientId);
    await verify(f, sample._id);
    expect((await fhirGet(token, `/Patient/${patientId}`)).statusCode).toBe(200);
    for (const url of [`/Observation?patient=${patientId}`, `/Specimen/${sample._id}`, `/DiagnosticReport/${sample._id}-1`]) {
      expect((await fhirGet(token, url)).statusCode, url).toBe(403);
    }
    // The rest of the API: the same list decides (the results list needs samples.read, the users list users.manage).
    const api = (url: string) => t.app.inject({ method: 'GET', url: `/api${url}`, headers: { authorization: `Bearer ${token}` } });
    expect((await api('/postavke/users/list')).statusCode).toBe(403);
    expect((await api(`/uzorci/show/${sample._id}`)).statusCode).toBe(403);
  });

  it("audits what a client does under the client's own account: the order it sends, the patient it reads", async () => {
    const { element, secret } = await makeClient('HIS narudžbe', READER, [sarajevo]);
    const token = await tokenOf(element.clientId, secret!);
    const [account] = await t.database.db.select({ id: users.id, ime: users.ime }).from(users).where(eq(users.email, `${element.clientId}@system.lis`));
    expect(account?.ime).toBe('HIS narudžbe');
    const jmbg = jmbgFor(daysAgo(41 * 365), 'ŽENSKI');
    const bundle = {
      resourceType: 'Bundle', type: 'transaction',
      entry: [
        {
          fullUrl: 'urn:uuid:6f1c1c9e-0b7a-4c55-9d7e-3f0b6d0e2a12',
          resource: {
            resourceType: 'Patient', identifier: [{ system: 'urn:lis:jmbg', value: jmbg }], name: [{ family: 'Klijentović', given: ['Amra'] }],
            gender: 'female', telecom: [{ system: 'phone', value: '033 111 222' }], address: [{ text: 'Bolnička 25, Sarajevo' }],
          },
          request: { method: 'POST', url: 'Patient' },
        },
        {
          resource: {
            resourceType: 'ServiceRequest', identifier: [{ system: 'urn:oid:1.2.3.4.his', value: 'KLIJENT-1' }], status: 'active', intent: 'order',
            code: { coding: [{ system: 'urn:lis:assay', code: f.cat.sifra.K }] }, subject: { reference: 'urn:uuid:6f1c1c9e-0b7a-4c55-9d7e-3f0b6d0e2a12' },
          },
          request: { method: 'POST', url: 'ServiceRequest' },
        },
      ],
    };
    const ordered = await t.app.inject({
      method: 'POST', url: '/fhir/R4', payload: JSON.stringify(bundle),
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/fhir+json' },
    });
    expect(ordered.statusCode, ordered.body).toBe(200);
    const answer = ordered.json<Bundle>();
    const patientId = answer.entry![0]!.resource!.id!;
    const [sample] = await t.database.db.select().from(samples).where(eq(samples.patientId, patientId));
    expect(sample).toMatchObject({ createdBy: account!.id, siteId: sarajevo });
    const audit = await t.database.db.select({ action: auditLog.action, userId: auditLog.userId, siteId: auditLog.siteId }).from(auditLog)
      .where(eq(auditLog.entityId, sample!.id));
    expect(audit.map((row) => row.action)).toContain('sample.create');
    expect(new Set(audit.map((row) => row.userId))).toEqual(new Set([account!.id]));
    const patientAudit = await t.database.db.select({ action: auditLog.action, userId: auditLog.userId }).from(auditLog).where(eq(auditLog.entityId, patientId));
    expect(patientAudit).toContainEqual({ action: 'patient.create', userId: account!.id });

    expect((await fhirGet(token, `/Patient/${patientId}`)).statusCode).toBe(200);
    const reads = await t.database.db.select({ userId: accessLog.userId }).from(accessLog).where(eq(accessLog.entityId, patientId));
    expect(reads.map((row) => row.userId)).toContain(account!.id);
  });
});

describe('deactivation and a new secret', () => {
  it("a deactivated client's token stops at once and it gets no new one; reactivated, only new tokens work", async () => {
    const { element, secret } = await makeClient('Isključeni HIS', READER, [sarajevo]);
    const token = await tokenOf(element.clientId, secret!);
    expect((await fhirGet(token, '/Patient?_count=1')).statusCode).toBe(200);
    const off = await f.client.post(f.admin, '/postavke/klijenti/active', { _id: element._id, aktivan: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ element: { aktivan: false } });
    expect((await fhirGet(token, '/Patient?_count=1')).statusCode).toBe(401);
    const refused = await tokenRequest({ grant_type: 'client_credentials', client_id: element.clientId, client_secret: secret! });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'auth.invalidClient' });
    const audit = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entityId, element._id), eq(auditLog.action, 'client.deactivate')));
    expect(audit).toHaveLength(1);

    expect((await f.client.post(f.admin, '/postavke/klijenti/active', { _id: element._id, aktivan: true })).statusCode).toBe(200);
    expect((await fhirGet(token, '/Patient?_count=1')).statusCode).toBe(401);
    expect((await fhirGet(await tokenOf(element.clientId, secret!), '/Patient?_count=1')).statusCode).toBe(200);
  });

  it('a new secret: answered once, the old secret and its tokens stop at once', async () => {
    const { element, secret } = await makeClient('Nova tajna', READER, [sarajevo]);
    const token = await tokenOf(element.clientId, secret!);
    const rotated = await f.client.post(f.admin, '/postavke/klijenti/secret', { _id: element._id });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const { secret: fresh } = rotated.json<SystemClientSecretAnswer>();
    expect(fresh).not.toBe(secret);
    expect((await fhirGet(token, '/Patient?_count=1')).statusCode).toBe(401);
    expect((await tokenRequest({ grant_type: 'client_credentials', client_id: element.clientId, client_secret: secret! })).statusCode).toBe(401);
    expect((await fhirGet(await tokenOf(element.clientId, fresh), '/Patient?_count=1')).statusCode).toBe(200);
    const audit = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entityId, element._id), eq(auditLog.action, 'client.secret')));
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit[0])).not.toContain(fresh);
  });
});
