import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { GroupMailAnswer, OrderersAnswer, OutboxListAnswer } from '@lis/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages } from '../../db/schema.ts';
import type { SignedIn, TestApp } from '../../test/harness.ts';
import { expectEveryRouteCovered, openCrossSiteApp, type RouteKey } from '../../test/site-scoping.ts';
import { daysAgo, jmbgFor, registerPatient, toIsoDate, todayInSarajevo, type Api, type FixtureCatalogue } from '../samples/test-fixtures.ts';
import { outboxRoutes } from './routes.ts';
import { contextOf, fixtureSample, issueFixtureReport, queueInTransaction } from './test-fixtures.ts';

// The outbox of site TZ with a session on site SA (tehnicar@demo.lab has SA only): a TZ message is never
// listed, shown, resent or deleted (404, unchanged), and a group e-mail from SA never carries a TZ report.
// Orderers' addresses are lab-wide: an address set at one site is the address at every site.

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
  patientId = (await registerPatient(client, admin, jmbgFor(daysAgo(30 * 365), 'MUŠKI'), { prezime: 'Sajtović', email: 'sajt@example.test' }))._id;
});
afterAll(async () => { await t.close(); });

async function tuzlaMessage(lokacija = ''): Promise<{ id: string; sampleId: string }> {
  const sample = await fixtureSample(client, admin, cat, patientId, tuzla, lokacija);
  const report = await issueFixtureReport(t.database.db, sample, admin.userId, ['bs']);
  const id = await queueInTransaction(t.database.db, contextOf(admin, tuzla), report);
  return { id: id!, sampleId: sample.id };
}

async function unchanged(id: string) {
  const [row] = await t.database.db.select({ status: outboxMessages.status, deletedAt: outboxMessages.deletedAt, messageId: outboxMessages.messageId })
    .from(outboxMessages).where(eq(outboxMessages.id, id));
  return row;
}

function expectNotFound(response: { statusCode: number; json: () => unknown }) {
  expect(response.statusCode).toBe(404);
  expect(response.json()).toMatchObject({ success: false, code: 'notFound' });
}

const today = toIsoDate(todayInSarajevo());

/** One case per route of the outbox module; `expectEveryRouteCovered` fails when a route has none. */
const crossSiteCases: Record<RouteKey, () => Promise<void>> = {
  'GET /api/outbox/list': async () => {
    const { id } = await tuzlaMessage();
    for (const query of ['datum=SVE', 'datum=DANAS', 'status=queued', 'filter=sajt']) {
      const listed = async (user: SignedIn, site: string) =>
        (await client.get(user, `/outbox/list?per_page=0&${query}`, site)).json<OutboxListAnswer>().data.map((row) => row._id);
      expect(await listed(tech, sarajevo), query).not.toContain(id);
      expect(await listed(admin, tuzla), query).toContain(id);
    }
  },
  'GET /api/outbox/:id': async () => {
    const { id } = await tuzlaMessage();
    expectNotFound(await client.get(tech, `/outbox/${id}`, sarajevo));
    expect((await client.get(admin, `/outbox/${id}`, tuzla)).statusCode).toBe(200);
  },
  'POST /api/outbox/resend': async () => {
    const { id } = await tuzlaMessage();
    const before = await unchanged(id);
    expectNotFound(await client.post(tech, '/outbox/resend', { id }, sarajevo));
    expect(await unchanged(id)).toEqual(before);
  },
  'POST /api/outbox/delete': async () => {
    const { id, sampleId } = await tuzlaMessage();
    const before = await unchanged(id);
    expectNotFound(await client.post(tech, '/outbox/delete', { eNalaz: id, idNalaza: sampleId, status: 'queued' }, sarajevo));
    expect(await unchanged(id)).toEqual(before);
  },
  'GET /api/narucioci/list': async () => {
    await tuzlaMessage('Ambulanta Tuzla-Sjever');
    const named = async (user: SignedIn, site: string) => (await client.get(user, `/narucioci/list?dateRangeMin=${today}&dateRangeMax=${today}`, site))
      .json<OrderersAnswer>().narucioci.map((row) => row.naziv);
    expect(await named(tech, sarajevo)).not.toContain('Ambulanta Tuzla-Sjever');
    expect(await named(admin, tuzla)).toContain('Ambulanta Tuzla-Sjever');
  },
  'POST /api/narucioci/email': async () => {
    // Lab-wide: set at SA, the same address at TZ.
    const saved = await client.post(tech, '/narucioci/email', { naziv: 'Dom zdravlja Lukavac', email: 'dz.lukavac@example.test' }, sarajevo);
    expect(saved.statusCode, saved.body).toBe(200);
    const atTuzla = (await client.get(admin, '/narucioci/list', tuzla)).json<OrderersAnswer>().narucioci;
    expect(atTuzla).toContainEqual({ vrsta: 'lokacija', naziv: 'Dom zdravlja Lukavac', email: 'dz.lukavac@example.test', nalaza: 0 });
  },
  'POST /api/narucioci/send': async () => {
    const { sampleId } = await tuzlaMessage('Dom zdravlja Lukavac');
    await client.post(admin, '/narucioci/email', { naziv: 'Dom zdravlja Lukavac', email: 'dz.lukavac@example.test' }, tuzla);
    const started = await client.post(tech, '/narucioci/send', { dateRangeMin: today, dateRangeMax: today }, sarajevo);
    expect(started.statusCode, started.body).toBe(202);
    let job = started.json<GroupMailAnswer>().job;
    while (job.state === 'running') job = (await client.get(tech, `/narucioci/send/${job.id}`, sarajevo)).json<GroupMailAnswer>().job;
    expect(job.state).toBe('done');
    const groupMails = await t.database.db.select({ siteId: outboxMessages.siteId, attachments: outboxMessages.attachmentIds })
      .from(outboxMessages).where(eq(outboxMessages.orderer, 'Dom zdravlja Lukavac'));
    expect(groupMails.every((message) => message.siteId === sarajevo)).toBe(true);
    const [tuzlaVersion] = await t.database.db.select({ attachments: outboxMessages.attachmentIds }).from(outboxMessages).where(eq(outboxMessages.sampleId, sampleId));
    expect(groupMails.flatMap((message) => message.attachments)).not.toContain(tuzlaVersion!.attachments[0]);
  },
  'GET /api/narucioci/send/:id': async () => {
    const started = await client.post(admin, '/narucioci/send', { dateRangeMin: today, dateRangeMax: today }, tuzla);
    expect(started.statusCode, started.body).toBe(202);
    const job = started.json<GroupMailAnswer>().job;
    expectNotFound(await client.get(tech, `/narucioci/send/${job.id}`, sarajevo));
    expectNotFound(await client.get(tech, `/narucioci/send/${randomUUID()}`, sarajevo));
    expect((await client.get(admin, `/narucioci/send/${job.id}`, tuzla)).statusCode).toBe(200);
  },
};

describe('outbox: messages of site TZ with a session on site SA', () => {
  it('has a case for every route of the module', async () => {
    expect(tech.sites.map((site) => site.sifra)).toEqual(['SA']);
    await expectEveryRouteCovered(outboxRoutes, crossSiteCases);
  });

  it.each(Object.entries(crossSiteCases))('%s', async (_route, check) => {
    await check();
  });
});
