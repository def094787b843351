import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CulturesAnswer, MicroWorkListAnswer, MicroWorkListRow, SampleSavedAnswer } from '@lis/domain';
import { loadConfig } from '../../config.ts';
import { labAssays, labSections, samples } from '../../db/schema.ts';
import { createTestApp, signIn, type SignedIn, type TestApp } from '../../test/harness.ts';
import { api, daysAgo, jmbgFor, registerPatient, type Api } from '../samples/test-fixtures.ts';
import { importReferenceData } from './reference-import.ts';

// GET /mikrobiologija/list, the microbiology work list: the site's culture tests of a period, each with its
// specimen, the organisms grown and its stage, filtered by specimen, organism and stage.

let t: TestApp;
let client: Api;
let tech: SignedIn;
let specialist: SignedIn;
let patient: { _id: string };
let urineCulture: string;
let otherTest: string;
const sids: Record<'setUp' | 'read' | 'isolates' | 'antibiogram' | 'verified' | 'old' | 'plain', string> = {
  setUp: '', read: '', isolates: '', antibiogram: '', verified: '', old: '', plain: '',
};

async function newSample(tests: string[]): Promise<string> {
  const response = await client.post(tech, '/uzorci/save', { pid: patient._id, testovi: tests });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<SampleSavedAnswer>().uzorak._id;
}

async function saveCulture(sid: string, materijal: string, izolati: { organizam: string; antibiogram: { antibiotik: string; metoda: 'MIC'; vrijednost: string }[] }[]) {
  const shown = (await client.get(tech, `/mikrobiologija/kulture/${sid}`)).json<CulturesAnswer>();
  const response = await client.post(tech, '/mikrobiologija/kulture/save', {
    sid, version: shown.uzorak.version, test: shown.testovi[0]!._id, materijal, uti: materijal.startsWith('Urin'), rast: izolati.length > 0,
    napomena: '', izolati: izolati.map((isolate) => ({ kolicina: 5, napomena: '', ...isolate })),
  });
  expect(response.statusCode, response.body).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp();
  client = api(t);
  await importReferenceData(t.database.db, loadConfig().microReferenceDir!);
  [tech, specialist] = await Promise.all(['tehnicar@demo.lab', 'specijalista@demo.lab'].map((email) => signIn(t.app, email))) as [SignedIn, SignedIn];
  const [ukul] = await t.database.db.select({ id: labAssays.id }).from(labAssays).where(eq(labAssays.sifra, 'UKUL'));
  urineCulture = ukul!.id;
  const [plain] = await t.database.db.select({ id: labAssays.id }).from(labAssays).innerJoin(labSections, eq(labSections.id, labAssays.sekcijaId))
    .where(sql`${labSections.mikrobiologija} = false and ${labAssays.calculated} = false`).limit(1);
  otherTest = plain!.id;
  patient = await registerPatient(client, tech, jmbgFor(daysAgo(33 * 365 + 5), 'ŽENSKI'), { ime: 'Radna', prezime: 'Mikrolistić', spol: 'ŽENSKI' });

  sids.setUp = await newSample([urineCulture]);
  sids.read = await newSample([urineCulture]);
  await saveCulture(sids.read, 'Urin, srednji mlaz', []);
  sids.isolates = await newSample([urineCulture]);
  await saveCulture(sids.isolates, 'Bris rane', [{ organizam: 'B_STPHY_AURS', antibiogram: [] }]);
  sids.antibiogram = await newSample([urineCulture]);
  await saveCulture(sids.antibiogram, 'Urin, kateter', [{ organizam: 'B_ESCHR_COLI', antibiogram: [{ antibiotik: 'AMP', metoda: 'MIC', vrijednost: '4' }] }]);
  sids.verified = await newSample([urineCulture]);
  await saveCulture(sids.verified, 'Urin, srednji mlaz', []);
  for (const path of ['odobri', 'verifikuj']) {
    const moved = await client.post(specialist, `/rezultati/${path}`, { sid: sids.verified });
    expect(moved.statusCode, moved.body).toBe(200);
  }
  // Registered three days ago: outside DANAS, inside SVE.
  sids.old = await newSample([urineCulture]);
  await t.database.db.update(samples).set({ createdAt: sql`now() - interval '3 days'` }).where(eq(samples.id, sids.old));
  // A sample without a culture test is not on the list.
  sids.plain = await newSample([otherTest]);
}, 180_000);
afterAll(async () => { await t?.close(); });

async function list(query: string, user = tech): Promise<MicroWorkListAnswer> {
  const response = await client.get(user, `/mikrobiologija/list?filter=Mikrolisti%C4%87&per_page=100&${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<MicroWorkListAnswer>();
}

const stageBySample = (rows: readonly MicroWorkListRow[]) => Object.fromEntries(rows.map((row) => [row.sid, row.faza]));

describe('GET /api/mikrobiologija/list', () => {
  it("lists today's culture tests with their specimen, organisms and stage, newest first", async () => {
    const answer = await list('datum=DANAS');
    expect(stageBySample(answer.data)).toEqual({
      [sids.setUp]: 'postavljena', [sids.read]: 'ocitana', [sids.isolates]: 'izolati', [sids.antibiogram]: 'antibiogram', [sids.verified]: 'verificirana',
    });
    expect(answer.pagination.total).toBe(5);
    expect(answer.data.map((row) => row.sid)).toEqual([sids.verified, sids.antibiogram, sids.isolates, sids.read, sids.setUp]);
    const bySid = new Map(answer.data.map((row) => [row.sid, row]));
    expect(bySid.get(sids.antibiogram)).toMatchObject({ materijal: 'Urin, kateter', rast: true, izolati: ['Escherichia coli'], sifra: 'UKUL', prezime: 'MIKROLISTIĆ' });
    expect(bySid.get(sids.isolates)).toMatchObject({ materijal: 'Bris rane', izolati: ['Staphylococcus aureus'] });
    expect(bySid.get(sids.read)).toMatchObject({ rast: false, izolati: [] });
    // Before a culture is saved: the assay's sample type (urine for the urine culture), no growth read.
    expect(bySid.get(sids.setUp)).toMatchObject({ rast: null, izolati: [] });
    expect(bySid.get(sids.setUp)?.materijal).toMatch(/^Urin/);
  });

  it('takes the period: SVE adds the older culture', async () => {
    const answer = await list('datum=SVE');
    expect(answer.data.map((row) => row.sid)).toContain(sids.old);
    expect(answer.data.map((row) => row.sid)).not.toContain(sids.plain);
    expect(answer.pagination.total).toBe(6);
  });

  it('filters by specimen (start, case ignored), organism and stage', async () => {
    expect((await list('datum=DANAS&materijal=urin')).data.map((row) => row.sid).sort())
      .toEqual([sids.setUp, sids.read, sids.antibiogram, sids.verified].sort());
    expect((await list('datum=DANAS&materijal=BRIS')).data.map((row) => row.sid)).toEqual([sids.isolates]);
    expect((await list('datum=DANAS&organizam=B_ESCHR_COLI')).data.map((row) => row.sid)).toEqual([sids.antibiogram]);
    expect((await list('datum=DANAS&faza=izolati')).data.map((row) => row.sid)).toEqual([sids.isolates]);
    expect((await list('datum=DANAS&materijal=urin&faza=ocitana')).data.map((row) => row.sid).sort()).toEqual([sids.read]);
  });

  it('sorts by stage in the order the work goes, and pages', async () => {
    const sorted = await list('datum=DANAS&sort=faza|asc');
    expect(sorted.data.map((row) => row.faza)).toEqual(['postavljena', 'ocitana', 'izolati', 'antibiogram', 'verificirana']);
    const page = (await client.get(tech, '/mikrobiologija/list?filter=Mikrolisti%C4%87&datum=DANAS&per_page=2&page=2&sort=faza|desc')).json<MicroWorkListAnswer>();
    expect(page.data.map((row) => row.faza)).toEqual(['izolati', 'ocitana']);
    expect(page.pagination).toMatchObject({ total: 5, current_page: 2, last_page: 3 });
  });

  it('refuses an unknown stage and an unknown sort field, naming the field', async () => {
    const stage = await client.get(tech, '/mikrobiologija/list?faza=gotova');
    expect(stage.statusCode).toBe(400);
    expect(stage.json()).toMatchObject({ field: 'faza' });
    const sort = await client.get(tech, '/mikrobiologija/list?sort=jmbg|asc');
    expect(sort.statusCode).toBe(400);
    expect(sort.json()).toMatchObject({ field: 'sort' });
  });
});
