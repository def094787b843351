import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceAnswer, ReflexRuleAnswer, ResultsSaveAnswer } from '@lis/domain';
import { auditLog, labAssays, samples } from '../../db/schema.ts';
import { createTestApp, signIn, siteId, type SignedIn, type TestApp } from '../../test/harness.ts';
import { api, daysAgo, jmbgFor, registerPatient, type Api } from '../samples/test-fixtures.ts';
import { createResultCatalogue, resultCalls, type ResultAssay, type ResultCatalogue } from '../results/test-fixtures.ts';

// Reflex testing: a site's rule adds a test to the sample when a saved result meets its condition, in the save's
// transaction, marked with the rule, audited, priced as the rule says; the domain's refusals add nothing and are
// answered; another site's rules are neither seen nor edited.

let t: TestApp;
let client: Api;
let specialist: SignedIn;
let tech: SignedIn;
let sarajevo: string;
let cat: ResultCatalogue;
let calls: ReturnType<typeof resultCalls>;
let patient: { _id: string };

beforeAll(async () => {
  t = await createTestApp();
  client = api(t);
  [specialist, tech] = await Promise.all(['specijalista@demo.lab', 'tehnicar@demo.lab'].map((email) => signIn(t.app, email))) as [SignedIn, SignedIn];
  sarajevo = siteId(specialist, 'SA');
  cat = await createResultCatalogue(t.database.db);
  calls = resultCalls(client, cat);
  patient = await registerPatient(client, tech, jmbgFor(daysAgo(40 * 365), 'MUŠKI'), { ime: 'Refleks', prezime: 'Test' });
});
afterAll(async () => { await t.close(); });

async function rule(trigger: ResultAssay, add: ResultAssay, extra: Record<string, unknown> = {}, site = sarajevo): Promise<ReflexRuleAnswer> {
  const response = await client.post(specialist, '/refleksni-testovi/save', { trigger: cat.ids[trigger], condition: 'above-range', add: cat.ids[add], ...extra }, site);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ pravilo: ReflexRuleAnswer }>().pravilo;
}

async function saved(sid: string, values: Partial<Record<ResultAssay, string>>): Promise<ResultsSaveAnswer> {
  const response = await calls.save(tech, sid, values);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ResultsSaveAnswer>();
}

async function invoicePrice(sid: string, name: ResultAssay): Promise<string | undefined> {
  const response = await client.get(tech, `/predracun/${patient._id}/pregled?uzorci=${sid}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<InvoiceAnswer>().predracun.uzorci[0]?.testovi.find((test) => test.sifra === cat.sifra[name])?.cijena;
}

describe('a saved result that fires a rule', () => {
  it('adds the test marked as reflex, audited with the rule, free at 0, and reopens the complete sample; once only', async () => {
    const glu = await rule('GLU', 'K');
    const sample = await calls.createSample(tech, patient._id, ['GLU']);
    const answer = await saved(sample._id, { GLU: '8.4' });
    // GLU was the only test: without the reflex test the sample would be complete; FT4-like K is waiting now.
    expect(answer.status).toBe('U OBRADI');
    expect(answer.refleks).toEqual([expect.objectContaining({ pravilo: glu._id, sifra: cat.sifra.K, dodan: true, razlog: null })]);
    const tests = await calls.tests(tech, sample._id);
    expect(tests.K).toMatchObject({ refleks: glu._id, rezultat: null });
    expect(tests.GLU?.refleks).toBeNull();
    const audit = await t.database.db.select({ field: auditLog.field, newValue: auditLog.newValue, userId: auditLog.userId }).from(auditLog)
      .where(and(eq(auditLog.entityId, sample._id), eq(auditLog.action, 'sample.reflex')));
    expect(audit).toEqual([{ field: cat.sifra.K, userId: null, newValue: expect.objectContaining({ rule: glu._id, rezultat: '8.4', flag: 'H', add: cat.ids.K, charge: 'free', price: '0.00' }) as unknown }]);
    expect(await invoicePrice(sample._id, 'K')).toBe('0.00');
    const [row] = await t.database.db.select({ priceTotal: samples.priceTotal, testCount: samples.testCount }).from(samples).where(eq(samples.id, sample._id));
    expect(row).toEqual({ priceTotal: '2.00', testCount: 2 });

    // A changed GLU still fires the rule, but K is on the sample: nothing is added twice, and the answer says why.
    const again = await saved(sample._id, { GLU: '9.1' });
    expect(again.refleks).toEqual([expect.objectContaining({ pravilo: glu._id, dodan: false, razlog: 'alreadyOrdered' })]);
    expect(Object.keys(await calls.tests(tech, sample._id)).sort()).toEqual(['GLU', 'K']);
    // The same value again enters nothing, so no rule is judged.
    expect((await saved(sample._id, { GLU: '9.1' })).refleks).toEqual([]);
    // The reflex test's own result completes the sample as any other.
    expect((await saved(sample._id, { K: '4.0' })).status).toBe('REALIZOVAN');
  });

  it('adds nothing for a normal result; a complete sample whose result is corrected above the range goes back to not complete', async () => {
    const chol = await rule('CHOL', 'HDL', { charge: 'charged' });
    const sample = await calls.createSample(tech, patient._id, ['CHOL']);
    const normal = await saved(sample._id, { CHOL: '4.1' });
    expect(normal).toMatchObject({ status: 'REALIZOVAN', refleks: [] });
    expect(Object.keys(await calls.tests(tech, sample._id))).toEqual(['CHOL']);

    const high = await saved(sample._id, { CHOL: '7.3' });
    expect(high.status).toBe('U OBRADI');
    expect(high.refleks).toEqual([expect.objectContaining({ pravilo: chol._id, dodan: true })]);
    // Charged: the price the sample's ordering party pays (the catalogue's, without a partner).
    expect(await invoicePrice(sample._id, 'HDL')).toBe('2.00');
    const statusRows = await t.database.db.select({ oldValue: auditLog.oldValue, newValue: auditLog.newValue }).from(auditLog)
      .where(and(eq(auditLog.entityId, sample._id), eq(auditLog.action, 'sample.status')));
    expect(statusRows.at(-1)).toEqual({ oldValue: 'REALIZOVAN', newValue: 'U OBRADI' });
  });

  it('refuses a test whose stability the sample has passed, and a rule switched off adds nothing', async () => {
    const tg = await rule('TG', 'ALP');
    await t.database.db.update(labAssays).set({ stabilnost: [{ uzorak: null, sati: 2 }] }).where(eq(labAssays.id, cat.ids.ALP));
    const old = await calls.createSample(tech, patient._id, ['TG'], { datum: new Date(Date.now() - 3 * 3_600_000).toISOString() });
    const refused = await saved(old._id, { TG: '2.9' });
    expect(refused).toMatchObject({ status: 'REALIZOVAN', refleks: [expect.objectContaining({ pravilo: tg._id, dodan: false, razlog: 'stabilityPassed' })] });
    expect(Object.keys(await calls.tests(tech, old._id))).toEqual(['TG']);

    // Within the stability it is added.
    const fresh = await calls.createSample(tech, patient._id, ['TG'], { datum: new Date(Date.now() - 3_600_000).toISOString() });
    expect((await saved(fresh._id, { TG: '2.9' })).refleks).toEqual([expect.objectContaining({ dodan: true })]);

    await rule('TG', 'ALP', { _id: tg._id, active: false });
    const off = await calls.createSample(tech, patient._id, ['TG']);
    expect(await saved(off._id, { TG: '2.9' })).toMatchObject({ status: 'REALIZOVAN', refleks: [] });
  });
});
