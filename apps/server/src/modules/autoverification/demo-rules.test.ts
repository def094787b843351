import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { labAssays, samples, users } from '../../db/schema.ts';
import { createTestApp, signIn, siteId, type SignedIn, type TestApp } from '../../test/harness.ts';
import { api, daysAgo, jmbgFor, registerPatient, type Api } from '../samples/test-fixtures.ts';
import { seedDemoAutoverification } from './demo-rules.ts';
import { autoverificationIdle } from './service.ts';

// The demo's rule set as the started demo seeds it: a new patient's normal GLU and CHOL entered by hand at SA are
// verified by the rules at once; a GLU above its reference range waits for a person.

let t: TestApp;
let client: Api;
let tech: SignedIn;
let assays: Map<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  client = api(t);
  tech = await signIn(t.app, 'tehnicar@demo.lab');
  const [specialist] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'specijalista@demo.lab'));
  await seedDemoAutoverification(t.database.db, siteId(tech, 'SA'), specialist?.id, new Date());
  const rows = await t.database.db.select({ id: labAssays.id, sifra: labAssays.sifra }).from(labAssays).where(inArray(labAssays.sifra, ['GLU', 'CHOL']));
  assays = new Map(rows.map((row) => [row.sifra, row.id]));
});
afterAll(async () => { await t.close(); });

async function enteredSample(values: Record<'GLU' | 'CHOL', string>) {
  const patient = await registerPatient(client, tech, jmbgFor(daysAgo(45 * 365 + 11), 'ŽENSKI'), { ime: 'Demo', prezime: 'Autoverifikacija', spol: 'ŽENSKI' });
  const saved = await client.post(tech, '/uzorci/save', { pid: patient._id, testovi: [assays.get('GLU'), assays.get('CHOL')] });
  expect(saved.statusCode, saved.body).toBe(201);
  const sid = saved.json<{ uzorak: { _id: string } }>().uzorak._id;
  const shown = (await client.get(tech, `/rezultati/${sid}`)).json<{ version: number; tests: { _id: string; sifra: string }[] }>();
  const rezultati = shown.tests.map((test) => ({ test: test._id, rezultat: values[test.sifra as 'GLU' | 'CHOL'] }));
  const response = await client.post(tech, '/rezultati/save', { sid, version: shown.version, rezultati });
  expect(response.statusCode, response.body).toBe(200);
  await autoverificationIdle();
  const [row] = await t.database.db.select({ status: samples.status }).from(samples).where(eq(samples.id, sid));
  return row?.status;
}

it('verifies a new patient\'s normal GLU and CHOL entered by hand', async () => {
  expect(await enteredSample({ GLU: '5,1', CHOL: '4,2' })).toBe('VERIFICIRAN');
});

it('leaves a GLU above its range for a person', async () => {
  expect(await enteredSample({ GLU: '9,4', CHOL: '4,2' })).toBe('REALIZOVAN');
});
