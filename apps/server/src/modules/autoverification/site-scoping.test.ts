import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AutoverificationAnswer } from '@lis/domain';
import { createTestApp, signIn, siteId, type SignedIn, type TestApp } from '../../test/harness.ts';
import { api, daysAgo, jmbgFor, registerPatient, type Api } from '../samples/test-fixtures.ts';
import { createResultCatalogue, resultCalls } from '../results/test-fixtures.ts';

// Every autoverification call of one site never reaches another's: the rule sets, the kill switch and the
// simulation are the calling site's, and another site's sample answers 404 like a missing one.

let t: TestApp;
let client: Api;
let specialist: SignedIn;
let tech: SignedIn;
let sarajevo: string;
let tuzla: string;

beforeAll(async () => {
  t = await createTestApp();
  client = api(t);
  [specialist, tech] = await Promise.all(['specijalista@demo.lab', 'tehnicar@demo.lab'].map((email) => signIn(t.app, email))) as [SignedIn, SignedIn];
  sarajevo = siteId(specialist, 'SA');
  tuzla = siteId(specialist, 'TZ');
});
afterAll(async () => { await t.close(); });

it('keeps the rule sets, the switch, the simulation and the judgements of each site to itself', async () => {
  const cat = await createResultCatalogue(t.database.db);
  const saved = await client.post(specialist, '/autoverifikacija/nacrt', { naziv: 'Sarajevo', pravila: { rules: [{ labassay: cat.ids.GLU, conditions: {} }] } }, sarajevo);
  expect(saved.statusCode, saved.body).toBe(200);
  const activated = await client.post(specialist, '/autoverifikacija/aktiviraj', { verzija: 1, potvrda: true }, sarajevo);
  expect(activated.statusCode, activated.body).toBe(200);
  expect((await client.post(specialist, '/autoverifikacija/prekidac', { ukljuceno: true }, sarajevo)).statusCode).toBe(200);

  const inTuzla = (await client.get(specialist, '/autoverifikacija', tuzla)).json<AutoverificationAnswer>();
  expect(inTuzla).toMatchObject({ ukljuceno: false, aktivna: null, nacrt: null });
  // Tuzla has no draft of its own to simulate or activate.
  expect((await client.post(specialist, '/autoverifikacija/simulacija', { od: '2026-01-01', do: '2026-01-02' }, tuzla)).statusCode).toBe(409);
  expect((await client.post(specialist, '/autoverifikacija/aktiviraj', { verzija: 1, potvrda: true }, tuzla)).statusCode).toBe(409);
  // Tuzla's draft is its own version 1; Sarajevo's active version stays as it was.
  expect((await client.post(specialist, '/autoverifikacija/nacrt', { naziv: 'Tuzla', pravila: { rules: [] } }, tuzla)).statusCode).toBe(200);
  expect((await client.get(specialist, '/autoverifikacija', tuzla)).json<AutoverificationAnswer>().nacrt?.verzija).toBe(1);
  expect((await client.get(specialist, '/autoverifikacija', sarajevo)).json<AutoverificationAnswer>()).toMatchObject({ ukljuceno: true, aktivna: { naziv: 'Sarajevo' }, nacrt: null });

  const patient = await registerPatient(client, tech, jmbgFor(daysAgo(30 * 365), 'MUŠKI'), { ime: 'Site', prezime: 'Scoping' });
  const sample = await resultCalls(client, cat).createSample(tech, patient._id, ['GLU']);
  expect((await client.get(specialist, `/autoverifikacija/uzorak/${sample._id}`, sarajevo)).statusCode).toBe(200);
  expect((await client.get(specialist, `/autoverifikacija/uzorak/${sample._id}`, tuzla)).statusCode).toBe(404);
});
