import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database } from './client.ts';
import { labAssays, labSections, patients, sampleTests, samples, sites } from './schema.ts';
import { createTestDatabase } from '../test/harness.ts';

// samples.mikrobiologija is kept by the database from the sample's tests (migration 0007), whichever
// statement changes them: the 'Mikrobiologija' worklist reads it from an index.

let database: Database;
let sampleId: string;
let culture: string;
let chemistry: string;

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  const [site] = await db.select({ id: sites.id }).from(sites).limit(1);
  const [patient] = await db.insert(patients).values({ jmbg: '0202990170001', ime: 'MIKRO', prezime: 'FLAGOVIĆ', spol: 'MUŠKI' }).returning();
  const [micro] = await db.insert(labSections).values({ sifra: 'MIKT', naziv: 'Mikro', mikrobiologija: true }).returning();
  const [plain] = await db.insert(labSections).values({ sifra: 'BIOT', naziv: 'Bio' }).returning();
  const assays = await db.insert(labAssays).values([
    { sifra: 'KULT-T', naziv: 'Kultura', analit: 'Kultura', sekcijaId: micro!.id },
    { sifra: 'GLUT-T', naziv: 'Glukoza', analit: 'GLU', sekcijaId: plain!.id },
  ]).returning();
  [culture, chemistry] = [assays[0]!.id, assays[1]!.id];
  const [sample] = await db.insert(samples).values({ siteId: site!.id, patientId: patient!.id, code: 'MIKRO00001', rbr: 1 }).returning();
  sampleId = sample!.id;
});
afterAll(async () => { await database?.close(); });

async function flag(): Promise<boolean> {
  const [row] = await database.db.select({ mikrobiologija: samples.mikrobiologija }).from(samples).where(eq(samples.id, sampleId));
  return row!.mikrobiologija;
}

/** The row version of the sample: it changes only when the sample row is written. */
async function rowVersion(): Promise<string> {
  const [row] = await queryRows<{ xmin: string }>(database.db, sql`select xmin::text as xmin from samples where id = ${sampleId}`);
  return row!.xmin;
}

describe('samples.mikrobiologija', () => {
  it('follows the tests a sample has: added, moved to another assay, removed', async () => {
    const { db } = database;
    await db.insert(sampleTests).values({ sampleId, labassayId: chemistry });
    expect(await flag()).toBe(false);
    await db.insert(sampleTests).values({ sampleId, labassayId: culture });
    expect(await flag()).toBe(true);
    await db.delete(sampleTests).where(eq(sampleTests.labassayId, culture));
    expect(await flag()).toBe(false);
    await db.update(sampleTests).set({ labassayId: culture }).where(eq(sampleTests.labassayId, chemistry));
    expect(await flag()).toBe(true);
  });

  it('leaves the sample row alone when a result is saved', async () => {
    const before = await rowVersion();
    await database.db.update(sampleTests).set({ rezultat: 'Sterilno', flag: 'N' }).where(eq(sampleTests.sampleId, sampleId));
    expect(await rowVersion()).toBe(before);
    expect(await flag()).toBe(true);
  });
});
