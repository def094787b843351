import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows, type Database, type Db } from '../../db/client.ts';
import { createTestDatabase } from '../../test/harness.ts';
import * as repo from './repository.ts';
import { generateReportData } from './test-fixtures.ts';

// Finances per day ('fpodanu') read the per-sample totals and the quarter-hour totals the database keeps with
// triggers (migration 0016). Whatever changes samples and their tests (bulk inserts, a test added, removed or
// repriced, a component's price, results saved, a sample deleted with its tests by the cascade, a sample
// moved to another site or time, a transaction rolled back), the totals must equal a recount from the rows
// themselves, on PGlite and on PostgreSQL. The report over both sites' windows is compared as well.

let database: Database;
let db: Db;
let sites: { sa: string; tz: string };

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await generateReportData(db, 3_000, 60, 41);
  const rows = await queryRows<{ id: string; sifra: string }>(db, sql`select id, sifra from sites where sifra in ('SA', 'TZ')`);
  sites = { sa: rows.find((row) => row.sifra === 'SA')!.id, tz: rows.find((row) => row.sifra === 'TZ')!.id };
}, 120_000);

afterAll(async () => {
  await database?.close();
});

interface Mismatch { what: string; key: string; kept: string; recounted: string }

/** Every sample's kept totals against its tests, and every quarter hour's against its samples: the differences. */
async function mismatches(): Promise<Mismatch[]> {
  return queryRows<Mismatch>(db, sql`
    select 'sample' as what, s.code as key, s.test_count || ' ' || s.price_total as kept, coalesce(t.tests, 0) || ' ' || coalesce(t.price, 0) as recounted
    from samples s left join (
      select sample_id, count(*)::int as tests, coalesce(sum(price) filter (where component_of is null), 0)::numeric(14, 2) as price
      from sample_tests group by sample_id
    ) t on t.sample_id = s.id
    where s.test_count <> coalesce(t.tests, 0) or s.price_total <> coalesce(t.price, 0)
    union all
    select 'quarter hour', coalesce(k.site_id, r.site_id)::text || ' ' || coalesce(k.quarter_hour, r.quarter_hour)::text,
      coalesce(k.uzoraka, 0) || ' ' || coalesce(k.testova, 0) || ' ' || coalesce(k.iznos, 0),
      coalesce(r.uzoraka, 0) || ' ' || coalesce(r.testova, 0) || ' ' || coalesce(r.iznos, 0)
    from sample_totals_by_quarter_hour k full join (
      select s.site_id, date_bin('15 minutes', s.created_at, timestamptz '2000-01-01 00:00:00+00') as quarter_hour, count(*)::int as uzoraka,
        coalesce(sum(t.tests), 0)::int as testova, coalesce(sum(t.price), 0)::numeric(14, 2) as iznos
      from samples s left join (
        select sample_id, count(*)::int as tests, coalesce(sum(price) filter (where component_of is null), 0) as price
        from sample_tests group by sample_id
      ) t on t.sample_id = s.id
      group by 1, 2
    ) r on r.site_id = k.site_id and r.quarter_hour = k.quarter_hour
    where coalesce(k.uzoraka, 0) <> coalesce(r.uzoraka, 0) or coalesce(k.testova, 0) <> coalesce(r.testova, 0)
      or coalesce(k.iznos, 0) <> coalesce(r.iznos, 0)
    order by 1, 2`);
}

const WHOLE_DAYS = { from: new Date('2025-03-01T00:00:00+01:00'), before: new Date('2025-06-01T00:00:00+02:00') };
/** Minutes and seconds at both ends, as a picker with times sends them: quarter-hour totals inside, samples at the edges. */
const ODD_MINUTES = { from: new Date('2025-03-12T07:41:13+01:00'), before: new Date('2025-05-20T16:08:00.001+02:00') };

/** The report from the kept totals and from the rows themselves, at a site over a window. */
async function bothWays(siteId: string, window = WHOLE_DAYS) {
  const scope: repo.ReportScope = { siteId, timeZone: 'Europe/Sarajevo', window };
  return {
    kept: await queryRows<repo.FinanceDayRow>(db, repo.izvjestajiRepository(db, siteId).financesPerDayQuery(scope)),
    recounted: await queryRows<repo.FinanceDayRow>(db, repo.izvjestajiRepository(db, siteId).financesPerDayFromSamplesQuery(scope)),
  };
}

describe('finances per day from the totals the database keeps', () => {
  it('match a recount after the bulk inserts that generated the data', async () => {
    expect(await mismatches()).toEqual([]);
    for (const siteId of [sites.sa, sites.tz]) {
      for (const window of [WHOLE_DAYS, ODD_MINUTES]) {
        const { kept, recounted } = await bothWays(siteId, window);
        expect(kept.length).toBeGreaterThan(50);
        expect(kept).toEqual(recounted);
      }
    }
  });

  it('follow tests added, repriced, made a component, removed, and results saved', async () => {
    await db.execute(sql`
      insert into sample_tests (sample_id, labassay_id, price)
      select s.id, a.id, 7.25 from samples s cross join (select id from lab_assays where not calculated order by sifra desc limit 2) a
      where s.rbr % 7 = 0 on conflict do nothing`);
    await db.execute(sql`update sample_tests set price = price + 1.10 where sample_id in (select id from samples where rbr % 11 = 0)`);
    await db.execute(sql`update sample_tests set component_of = labassay_id where sample_id in (select id from samples where rbr % 13 = 0)`);
    await db.execute(sql`delete from sample_tests where sample_id in (select id from samples where rbr % 17 = 0) and price > 3`);
    await db.execute(sql`update sample_tests set rezultat = '6.1', rezultat_f = 6.1 where sample_id in (select id from samples where rbr % 5 = 0)`);
    expect(await mismatches()).toEqual([]);
    const { kept, recounted } = await bothWays(sites.sa);
    expect(kept).toEqual(recounted);
  });

  it('follow samples deleted with their tests, moved to another site or time, and new samples', async () => {
    await db.execute(sql`delete from samples where rbr % 19 = 0 and code like 'R%'`);
    await db.execute(sql`update samples set site_id = ${sites.tz} where rbr % 23 = 0 and code like 'R%'`);
    await db.execute(sql`update samples set created_at = created_at + interval '37 minutes' where rbr % 29 = 0 and code like 'R%'`);
    await db.execute(sql`update samples set status = 'VERIFICIRAN', verified_at = created_at + interval '1 hour' where rbr % 31 = 0`);
    await db.execute(sql`
      insert into samples (site_id, patient_id, code, rbr, created_at, datum)
      select ${sites.sa}, (select id from patients order by jmbg limit 1), 'N' || g, 100000 + g,
        timestamptz '2025-04-02 10:00:00+02' + make_interval(mins => g * 3), timestamptz '2025-04-02 10:00:00+02'
      from generate_series(1, 40) as g`);
    await db.execute(sql`
      insert into sample_tests (sample_id, labassay_id, price)
      select s.id, a.id, a.price from samples s cross join (select id, price from lab_assays where not calculated order by sifra limit 3) a
      where s.code like 'N%'`);
    expect(await mismatches()).toEqual([]);
    for (const siteId of [sites.sa, sites.tz]) {
      for (const window of [WHOLE_DAYS, ODD_MINUTES]) {
        const { kept, recounted } = await bothWays(siteId, window);
        expect(kept).toEqual(recounted);
      }
    }
  });

  it('keep nothing of a transaction that rolled back', async () => {
    const before = await queryRows<{ total: string }>(db, sql`select sum(iznos)::text as total from sample_totals_by_quarter_hour`);
    await expect(db.transaction(async (tx) => {
      await tx.execute(sql`insert into sample_tests (sample_id, labassay_id, price)
        select s.id, a.id, 99 from samples s cross join (select id from lab_assays where not calculated order by sifra limit 1 offset 5) a
        where s.rbr % 3 = 0 on conflict do nothing`);
      throw new Error('rolled back');
    })).rejects.toThrow('rolled back');
    expect(await queryRows<{ total: string }>(db, sql`select sum(iznos)::text as total from sample_totals_by_quarter_hour`)).toEqual(before);
    expect(await mismatches()).toEqual([]);
  });
});
