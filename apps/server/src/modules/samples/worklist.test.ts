import { eq } from 'drizzle-orm';
import type { SampleListAnswer, SampleSavedAnswer } from '@lis/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samples } from '../../db/schema.ts';
import { createTestApp, signIn, siteId, type SignedIn, type TestApp } from '../../test/harness.ts';
import { api, createFixtureCatalogue, daysAgo, jmbgFor, registerPatient, type Api, type FixtureCatalogue } from './test-fixtures.ts';

let t: TestApp;
let client: Api;
let admin: SignedIn;
let tech: SignedIn;
let cat: FixtureCatalogue;

beforeAll(async () => {
  t = await createTestApp();
  client = api(t);
  [admin, tech] = await Promise.all([signIn(t.app, 'admin@demo.lab'), signIn(t.app, 'tehnicar@demo.lab')]);
  cat = await createFixtureCatalogue(t.database.db);
});
afterAll(async () => { await t.close(); });

const EVERY_STATUS = ['ZAPRIMLJEN', 'U OBRADI', 'REALIZOVAN', 'ODOBREN', 'VERIFICIRAN'] as const;

/** One sample per status for the patient at the site, the status written directly as the later modules will move it. */
async function sampleOfEveryStatus(user: SignedIn, pid: string, site: string): Promise<Map<string, string>> {
  const idsByStatus = new Map<string, string>();
  for (const status of EVERY_STATUS) {
    const response = await client.post(user, '/uzorci/save', { pid, testovi: [cat.ids.GLU] }, site);
    expect(response.statusCode, response.body).toBe(201);
    const id = response.json<SampleSavedAnswer>().uzorak._id;
    await t.database.db.update(samples).set({ status }).where(eq(samples.id, id));
    idsByStatus.set(id, status);
  }
  return idsByStatus;
}

describe("the sample list's RADNA LISTA preset", () => {
  it('shows exactly the samples of the site that are not yet approved', async () => {
    const patient = await registerPatient(client, tech, jmbgFor(daysAgo(45 * 365), 'MUŠKI'), { ime: 'Radna', prezime: 'Listović' });
    const here = await sampleOfEveryStatus(tech, patient._id, tech.site);
    const tuzla = await sampleOfEveryStatus(admin, patient._id, siteId(admin, 'TZ'));

    const response = await client.get(tech, `/uzorci/list?datum=${encodeURIComponent('RADNA LISTA')}&filter=listovi&per_page=100`);
    expect(response.statusCode, response.body).toBe(200);
    const rows = response.json<SampleListAnswer>().data;

    expect(rows.map((row) => row.status).sort()).toEqual(['REALIZOVAN', 'U OBRADI', 'ZAPRIMLJEN']);
    const expected = [...here].filter(([, status]) => status !== 'ODOBREN' && status !== 'VERIFICIRAN').map(([id]) => id);
    expect(rows.map((row) => row._id).sort()).toEqual(expected.sort());
    expect(rows.some((row) => tuzla.has(row._id))).toBe(false);
  });
});
