import { eq } from 'drizzle-orm';
import type { Hl7ListAnswer, Partner, SampleSavedAnswer } from '@lis/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hl7Messages } from '../../db/schema.ts';
import type { SignedIn, TestApp } from '../../test/harness.ts';
import { expectEveryRouteCovered, openCrossSiteApp, type RouteKey } from '../../test/site-scoping.ts';
import { daysAgo, jmbgFor, registerPatient, type Api, type FixtureCatalogue } from '../samples/test-fixtures.ts';
import { contextOf } from '../outbox/test-fixtures.ts';
import { hl7Routes } from './routes.ts';
import { queueResultMessage } from './service.ts';

// The HL7 outbound queue of site TZ with a session on site SA (tehnicar@demo.lab has SA only): a TZ message
// is never listed, shown or resent from SA (404, unchanged).

let t: TestApp;
let client: Api;
let tech: SignedIn;
let admin: SignedIn;
let sarajevo: string;
let tuzla: string;
let cat: FixtureCatalogue;
let patientId: string;
let partnerId: string;

beforeAll(async () => {
  ({ t, client, tech, admin, sarajevo, tuzla, cat } = await openCrossSiteApp());
  patientId = (await registerPatient(client, admin, jmbgFor(daysAgo(40 * 365), 'MUŠKI'), { prezime: 'Hlsedmić' }))._id;
  const saved = await client.post(admin, '/partneri/save', { naziv: 'Bolnica Tuzla HIS', vrste: ['narucilac'], hl7Host: '127.0.0.1', hl7Port: 2575 });
  partnerId = saved.json<{ partner: Partner }>().partner._id;
});
afterAll(async () => { await t.close(); });

/** A message of TZ queued as a verification there queues it. */
async function tuzlaMessage(): Promise<string> {
  const response = await client.post(admin, '/uzorci/save', { pid: patientId, testovi: [cat.ids.GLU], partner: partnerId }, tuzla);
  expect(response.statusCode, response.body).toBe(201);
  const sampleId = response.json<SampleSavedAnswer>().uzorak._id;
  const [id] = await t.database.db.transaction((tx) => queueResultMessage(tx, contextOf(admin, tuzla), { sampleId, verzija: 1 }));
  return id!;
}

async function unchanged(id: string) {
  const [row] = await t.database.db.select({ status: hl7Messages.status, attempts: hl7Messages.attempts, controlId: hl7Messages.controlId, next: hl7Messages.nextAttemptAt })
    .from(hl7Messages).where(eq(hl7Messages.id, id));
  return row;
}

function expectNotFound(response: { statusCode: number; json: () => unknown }) {
  expect(response.statusCode).toBe(404);
  expect(response.json()).toMatchObject({ success: false, code: 'notFound' });
}

const crossSiteCases: Record<RouteKey, () => Promise<void>> = {
  'GET /api/hl7/list': async () => {
    const id = await tuzlaMessage();
    for (const query of ['datum=SVE', 'datum=DANAS', 'status=queued', 'filter=hlsedmi']) {
      const listed = async (user: SignedIn, site: string) =>
        (await client.get(user, `/hl7/list?per_page=0&${query}`, site)).json<Hl7ListAnswer>().data.map((row) => row._id);
      expect(await listed(tech, sarajevo), query).not.toContain(id);
      expect(await listed(admin, tuzla), query).toContain(id);
    }
  },
  'GET /api/hl7/:id': async () => {
    const id = await tuzlaMessage();
    expectNotFound(await client.get(tech, `/hl7/${id}`, sarajevo));
    expect((await client.get(admin, `/hl7/${id}`, tuzla)).statusCode).toBe(200);
  },
  'POST /api/hl7/resend': async () => {
    const id = await tuzlaMessage();
    const before = await unchanged(id);
    expectNotFound(await client.post(tech, '/hl7/resend', { id }, sarajevo));
    expect(await unchanged(id)).toEqual(before);
  },
  'GET /api/hl7/ulaz': async () => {
    // The listener's port is the site's own: set at TZ, SA does not see it.
    expect((await client.post(admin, '/hl7/ulaz', { port: 2601 }, tuzla)).statusCode).toBe(200);
    const atSarajevo = await client.get(admin, '/hl7/ulaz', sarajevo);
    expect(atSarajevo.json()).toMatchObject({ ulaz: { port: null } });
    expect((await client.get(admin, '/hl7/ulaz', tuzla)).json()).toMatchObject({ ulaz: { port: 2601 } });
  },
  'POST /api/hl7/ulaz': async () => {
    expect((await client.post(admin, '/hl7/ulaz', { port: 2602 }, tuzla)).statusCode).toBe(200);
    expect((await client.post(admin, '/hl7/ulaz', { port: 2603 }, sarajevo)).statusCode).toBe(200);
    expect((await client.get(admin, '/hl7/ulaz', tuzla)).json()).toMatchObject({ ulaz: { port: 2602 } });
    const bad = await client.post(admin, '/hl7/ulaz', { port: 0 }, sarajevo);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'port' });
  },
};

describe('hl7: messages of site TZ with a session on site SA', () => {
  it('has a case for every route of the module', async () => {
    expect(tech.sites.map((site) => site.sifra)).toEqual(['SA']);
    await expectEveryRouteCovered(hl7Routes, crossSiteCases);
  });

  it.each(Object.entries(crossSiteCases))('%s', async (_route, check) => {
    await check();
  });
});
