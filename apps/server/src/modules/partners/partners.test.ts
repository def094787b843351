import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ListAnswer, type OrderersAnswer, type Partner, type PartnerListRow, type SampleSavedAnswer, toIsoDate } from '@lis/domain';
import { auditLog, outboxMessages, samples } from '../../db/schema.ts';
import { createTestApp, signIn, type SignedIn, type TestApp } from '../../test/harness.ts';
import { api, createFixtureCatalogue, jmbgFor, registerPatient, todayInSarajevo, type Api, type FixtureCatalogue } from '../samples/test-fixtures.ts';
import { issueFixtureReport } from '../outbox/test-fixtures.ts';

let t: TestApp;
let client: Api;
let admin: SignedIn;
let tech: SignedIn;
let catalogue: FixtureCatalogue;

beforeAll(async () => {
  t = await createTestApp();
  client = api(t);
  [admin, tech] = await Promise.all([signIn(t.app, 'admin@demo.lab'), signIn(t.app, 'tehnicar@demo.lab')]);
  catalogue = await createFixtureCatalogue(t.database.db);
});
afterAll(async () => { await t.close(); });

const uniqueName = (prefix: string) => `${prefix} ${randomBytes(3).toString('hex')}`;

async function savePartner(body: Record<string, unknown>, user = admin): Promise<Partner> {
  const response = await client.post(user, '/partneri/save', body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ partner: Partner }>().partner;
}

describe('partners registry', () => {
  it('creates a partner with contacts, report addresses and prices, lists and filters it, and audits the edit field by field', async () => {
    const naziv = uniqueName('Poliklinika Zdravlje');
    const partner = await savePartner({
      naziv, vrste: ['narucilac'], email: 'info@zdravlje.ba', kontakti: [{ ime: 'Amra Hodžić', telefon: '061 111 222', email: 'amra@zdravlje.ba' }],
      emailNalazi: ['nalazi@zdravlje.ba', 'NALAZI@zdravlje.ba'], cijene: [{ labassay: catalogue.ids.GLU, price: '2,80' }],
    });
    expect(partner.emailNalazi).toEqual(['nalazi@zdravlje.ba']);
    expect(partner.cijene).toEqual([expect.objectContaining({ labassay: catalogue.ids.GLU, price: '2.80', katalog: '3.50' })]);

    const listed = await client.get(tech, `/partneri/list?filter=${encodeURIComponent(naziv.split(' ')[2] ?? '')}`);
    expect(listed.statusCode, listed.body).toBe(200);
    const rows = listed.json<ListAnswer<PartnerListRow>>().data;
    expect(rows).toEqual([expect.objectContaining({ _id: partner._id, naziv, kontakata: 1, cijena: 1, uzoraka: 0 })]);

    const edited = await savePartner({ ...partner, telefon: '033 222 333', cijene: [] });
    expect(edited.cijene).toEqual([]);
    const audit = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entity, 'partner'), eq(auditLog.entityId, partner._id)));
    expect(audit.map((row) => [row.action, row.field]).sort()).toEqual([
      ['partner.create', null], ['partner.update', 'cijene'], ['partner.update', 'telefon'],
    ]);
  });

  it('refuses a name taken (case ignored), a bad address and price, and a save by a read-only role', async () => {
    const naziv = uniqueName('Osiguranje');
    await savePartner({ naziv, vrste: ['osiguranje'] });
    const taken = await client.post(admin, '/partneri/save', { naziv: naziv.toUpperCase() });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'partners.nameTaken', field: 'naziv' });
    const badEmail = await client.post(admin, '/partneri/save', { naziv: uniqueName('X'), emailNalazi: ['ok@lab.ba', 'nije-adresa'] });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json()).toMatchObject({ code: 'partners.emailInvalid', field: 'emailNalazi.1' });
    const badPrice = await client.post(admin, '/partneri/save', { naziv: uniqueName('X'), cijene: [{ labassay: catalogue.ids.GLU, price: '-1' }] });
    expect(badPrice.statusCode).toBe(400);
    expect(badPrice.json()).toMatchObject({ code: 'partners.priceInvalid' });
    const forbidden = await client.post(tech, '/partneri/save', { naziv: uniqueName('X') });
    expect(forbidden.statusCode).toBe(403);
  });
});

describe("a sample's partner", () => {
  it("prices the sample's tests by the partner's list (components of a calculated test stay at 0) and reprices them when the partner changes", async () => {
    const partner = await savePartner({ naziv: uniqueName('Dom zdravlja'), vrste: ['narucilac'], cijene: [{ labassay: catalogue.ids.GLU, price: '1.00' }, { labassay: catalogue.ids.LDL, price: '2.00' }] });
    const patient = await registerPatient(client, tech, jmbgFor({ year: 1980, month: 3, day: 4 }, 'MUŠKI'));
    const saved = await client.post(tech, '/uzorci/save', { pid: patient._id, partner: partner._id, testovi: [catalogue.ids.GLU, catalogue.ids.LDL, catalogue.ids.PSA] });
    expect(saved.statusCode, saved.body).toBe(201);
    const uzorak = saved.json<SampleSavedAnswer>().uzorak;
    expect(uzorak.partner).toEqual({ _id: partner._id, naziv: partner.naziv });
    const price = (id: string) => uzorak.tests.find((test) => test.labassay === id)?.price;
    expect([price(catalogue.ids.GLU), price(catalogue.ids.LDL), price(catalogue.ids.CHOL), price(catalogue.ids.PSA)]).toEqual(['1.00', '2.00', '0.00', '18.00']);
    expect(uzorak.ukupno).toBe('21.00');
    const [row] = await t.database.db.select({ priceTotal: samples.priceTotal, partnerId: samples.partnerId }).from(samples).where(eq(samples.id, uzorak._id));
    expect(row).toEqual({ priceTotal: '21.00', partnerId: partner._id });

    const cleared = await client.post(tech, '/uzorci/update', { sid: uzorak._id, partner: null });
    expect(cleared.statusCode, cleared.body).toBe(200);
    const after = cleared.json<SampleSavedAnswer>().uzorak;
    expect(after.partner).toBeNull();
    expect(after.ukupno).toBe('24.50');
    const audit = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entityId, uzorak._id), eq(auditLog.field, 'partnerId')));
    expect(audit).toHaveLength(1);
  });

  it('refuses an inactive or unknown partner, naming the field', async () => {
    const inactive = await savePartner({ naziv: uniqueName('Stari partner'), vrste: ['narucilac'], aktivan: false });
    const patient = await registerPatient(client, tech, jmbgFor({ year: 1990, month: 5, day: 6 }, 'ŽENSKI'));
    const refused = await client.post(tech, '/uzorci/save', { pid: patient._id, partner: inactive._id, testovi: [catalogue.ids.GLU] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'partners.inactive', field: 'partner' });
    const unknown = await client.post(tech, '/uzorci/save', { pid: patient._id, partner: '00000000-0000-4000-8000-000000000000', testovi: [catalogue.ids.GLU] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ field: 'partner' });
    const orderers = await client.get(tech, '/partneri/narucioci');
    expect(orderers.json<{ partneri: { _id: string }[] }>().partneri.map((choice) => choice._id)).not.toContain(inactive._id);
  });
});

describe('partners as orderers of the group e-mail', () => {
  it("lists a partner with its report addresses and queues its reports to each address, beside the referring locations", async () => {
    const sarajevo = tech.site;
    const partner = await savePartner({ naziv: uniqueName('Poliklinika Nalazi'), vrste: ['narucilac'], emailNalazi: ['a@poliklinika.example', 'b@poliklinika.example'] });
    const patient = await registerPatient(client, tech, jmbgFor({ year: 1979, month: 8, day: 9 }, 'MUŠKI'));
    const saved = await client.post(tech, '/uzorci/save', { pid: patient._id, partner: partner._id, lokacija: 'Dom zdravlja Centar', testovi: [catalogue.ids.GLU] });
    expect(saved.statusCode, saved.body).toBe(201);
    const uzorak = saved.json<SampleSavedAnswer>().uzorak;
    await issueFixtureReport(t.database.db, { id: uzorak._id, siteId: sarajevo, code: uzorak.code }, admin.userId, ['bs']);
    const today = toIsoDate(todayInSarajevo());

    const listed = (await client.get(admin, `/narucioci/list?dateRangeMin=${today}&dateRangeMax=${today}`, sarajevo)).json<OrderersAnswer>().narucioci;
    expect(listed).toEqual(expect.arrayContaining([
      { vrsta: 'partner', naziv: partner.naziv, email: 'a@poliklinika.example, b@poliklinika.example', nalaza: 1 },
      expect.objectContaining({ vrsta: 'lokacija', naziv: 'Dom zdravlja Centar' }),
    ]));
    const refused = await client.post(admin, '/narucioci/email', { vrsta: 'partner', naziv: partner.naziv, email: 'x@y.example' }, sarajevo);
    expect(refused.statusCode).toBe(400);

    const started = await client.post(admin, '/narucioci/send', { dateRangeMin: today, dateRangeMax: today }, sarajevo);
    expect(started.statusCode, started.body).toBe(202);
    const queued = await t.database.db.select().from(outboxMessages).where(and(eq(outboxMessages.ordererKind, 'partner'), eq(outboxMessages.orderer, partner.naziv)));
    expect(queued.map((row) => row.recipient).sort()).toEqual(['a@poliklinika.example', 'b@poliklinika.example']);
    expect(queued.every((row) => row.attachmentIds.length === 1)).toBe(true);
    const byLocation = await t.database.db.select().from(outboxMessages).where(and(eq(outboxMessages.ordererKind, 'lokacija'), eq(outboxMessages.orderer, 'Dom zdravlja Centar')));
    // The referring location has no address here: it is named among those without one, and nothing is queued for it.
    expect(byLocation).toEqual([]);
    expect(started.json<{ job: { bezAdrese: string[] } }>().job.bezAdrese).toContain('Dom zdravlja Centar');
  });
});
