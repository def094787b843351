import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database, type Db } from '../../db/client.ts';
import { explainStatement, planTestDatabase, PLAN_PATIENT_JMBG } from '../../test/explain.ts';
import { surveillanceRepository } from './surveillance-repository.ts';

// The cumulative antibiogram and the WHONET export read a month or a year of a site's verified cultures out of
// years of samples: they must start from samples_micro_verified_idx (site, datum of verified microbiology
// samples), never from the site's whole history. Checked with EXPLAIN on 20,000 verified samples over two
// years, every tenth with a urine culture and an isolate.

let database: Database;
let db: Db;
let siteId: string;

beforeAll(async () => {
  ({ database, db, siteId } = await planTestDatabase());
  await db.execute(sql`insert into micro_organisms (mo, fullname, status, kingdom, rank, genus, species, family, order_name, gram_stain, oxygen_tolerance, prevalence)
    values ('B_PLAN_COLI', 'Planobacter coli', 'accepted', 'Bacteria', 'species', 'Planobacter', 'coli', 'Planaceae', 'Planales', 'Gram-negative', 'aerobe', 1)`);
  await db.execute(sql`
    insert into samples (site_id, patient_id, code, rbr, status, created_at, datum)
    select ${siteId}::uuid, (select id from patients where jmbg = ${PLAN_PATIENT_JMBG}), 'M' || lpad(g::text, 9, '0'), g, 'VERIFICIRAN',
      timestamptz '2024-01-01 00:00+00' + make_interval(mins => g * 52), timestamptz '2024-01-01 00:00+00' + make_interval(mins => g * 52)
    from generate_series(1, 20000) as g`);
  // Every tenth gets the urine culture test (the trigger marks it mikrobiologija), its culture and an isolate.
  await db.execute(sql`
    insert into sample_tests (sample_id, labassay_id)
    select s.id, (select id from lab_assays where sifra = 'UKUL') from samples s where s.code like 'M%' and right(s.code, 1) = '0'`);
  await db.execute(sql`
    insert into sample_cultures (sample_id, sample_test_id, materijal, uti, rast)
    select t.sample_id, t.id, 'Urin', true, true from sample_tests t join samples s on s.id = t.sample_id where s.code like 'M%'`);
  await db.execute(sql`insert into culture_isolates (culture_id, rbr, mo) select id, 1, 'B_PLAN_COLI' from sample_cultures`);
  for (const table of ['samples', 'sample_tests', 'sample_cultures', 'culture_isolates']) await db.execute(sql.raw(`analyze ${table}`));
  const [{ flagged }] = await queryRows<{ flagged: number }>(db, sql`select count(*)::int as flagged from samples where code like 'M%' and mikrobiologija`) as [{ flagged: number }];
  expect(flagged).toBe(2000);
}, 120_000);

afterAll(async () => {
  await database?.close();
});

describe('surveillance reads', () => {
  it('reads a month of verified cultures from samples_micro_verified_idx', async () => {
    const plan = await explainStatement(db, surveillanceRepository(db, siteId).isolatesQuery({
      window: { from: new Date('2024-06-01T00:00:00Z'), before: new Date('2024-07-01T00:00:00Z') }, materijal: null,
    }));
    expect(plan).toContain('samples_micro_verified_idx');
    expect(plan).not.toMatch(/Seq Scan on samples/);
  });
});
