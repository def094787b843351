import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReflexRuleAnswer, ReflexRulesAnswer } from '@lis/domain';
import { auditLog } from '../../db/schema.ts';
import { createTestApp, signIn, siteId, type SignedIn, type TestApp } from '../../test/harness.ts';
import { api, type Api } from '../samples/test-fixtures.ts';
import { createResultCatalogue, type ResultAssay, type ResultCatalogue } from '../results/test-fixtures.ts';

// The reflex rules of one site never reach another: another site's rule is not listed and cannot be edited (404, as
// a missing one); the same pair of tests at another site is that site's own rule. Every change is audited.

let t: TestApp;
let client: Api;
let specialist: SignedIn;
let tech: SignedIn;
let sarajevo: string;
let tuzla: string;
let cat: ResultCatalogue;

beforeAll(async () => {
  t = await createTestApp();
  client = api(t);
  [specialist, tech] = await Promise.all(['specijalista@demo.lab', 'tehnicar@demo.lab'].map((email) => signIn(t.app, email))) as [SignedIn, SignedIn];
  sarajevo = siteId(specialist, 'SA');
  tuzla = siteId(specialist, 'TZ');
  cat = await createResultCatalogue(t.database.db);
});
afterAll(async () => { await t.close(); });

async function rule(trigger: ResultAssay, add: ResultAssay, extra: Record<string, unknown> = {}, site = sarajevo): Promise<ReflexRuleAnswer> {
  const response = await client.post(specialist, '/refleksni-testovi/save', { trigger: cat.ids[trigger], condition: 'above-range', add: cat.ids[add], ...extra }, site);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ pravilo: ReflexRuleAnswer }>().pravilo;
}

describe('the rules of a site', () => {
  it('are listed, edited and audited at their site only; another site neither sees nor edits them', async () => {
    const crp = await rule('CRP', 'HGB', { condition: 'above', value: 10 });
    const list = (site: string) => client.get(specialist, '/refleksni-testovi', site);
    expect((await list(sarajevo)).json<ReflexRulesAnswer>().pravila.map((item) => item._id)).toContain(crp._id);
    expect((await list(tuzla)).json<ReflexRulesAnswer>().pravila.map((item) => item._id)).not.toContain(crp._id);
    // Tuzla cannot edit Sarajevo's rule: 404, as a missing one.
    const foreign = await client.post(specialist, '/refleksni-testovi/save', { _id: crp._id, trigger: cat.ids.CRP, condition: 'above', value: 20, add: cat.ids.HGB }, tuzla);
    expect(foreign.statusCode, foreign.body).toBe(404);
    expect((await list(sarajevo)).json<ReflexRulesAnswer>().pravila.find((item) => item._id === crp._id)?.value).toBe(10);
    // The same pair at Tuzla is Tuzla's own rule.
    await rule('CRP', 'HGB', { condition: 'above', value: 20 }, tuzla);

    const edited = await rule('CRP', 'HGB', { _id: crp._id, condition: 'above', value: 15, charge: 'charged' });
    expect(edited).toMatchObject({ value: 15, charge: 'charged', active: true });
    const audit = await t.database.db.select({ action: auditLog.action, oldValue: auditLog.oldValue, newValue: auditLog.newValue }).from(auditLog)
      .where(eq(auditLog.entityId, crp._id));
    expect(audit.map((row) => row.action).sort()).toEqual(['reflex.rule.create', 'reflex.rule.update']);
    expect(audit.find((row) => row.action === 'reflex.rule.update')).toMatchObject({ oldValue: { value: '10', charge: 'free' }, newValue: { value: '15', charge: 'charged' } });

    const duplicate = await client.post(specialist, '/refleksni-testovi/save', { trigger: cat.ids.CRP, condition: 'above-range', add: cat.ids.HGB }, sarajevo);
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({ code: 'reflex.duplicateRule' });
    const unknown = await client.post(specialist, '/refleksni-testovi/save', { trigger: cat.ids.CRP, condition: 'above-range', add: '00000000-0000-4000-8000-000000000000' }, sarajevo);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'reflex.unknownAssay', field: 'add' });
    const noValue = await client.post(specialist, '/refleksni-testovi/save', { trigger: cat.ids.CRP, condition: 'above', add: cat.ids.K }, sarajevo);
    expect(noValue.statusCode).toBe(400);
    // Defining rules is the verifier's: a technician may not.
    expect((await client.get(tech, '/refleksni-testovi', sarajevo)).statusCode).toBe(403);
  });
});
