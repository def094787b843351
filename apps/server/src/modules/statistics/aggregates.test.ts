import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUALITATIVE_POSITIVE } from '@lis/domain';
import { queryRows } from '../../db/client.ts';
import { labAssays, labSections, partners, sampleTests, samples, sites } from '../../db/schema.ts';
import { createTestApp, signIn, siteId, type SignedIn, type TestApp } from '../../test/harness.ts';
import { api, createFixtureCatalogue, jmbgFor, registerPatient, type Api, type FixtureCatalogue } from '../samples/test-fixtures.ts';

// The statistics' pre-aggregated tables (migrations 0033 and 0054) are kept by triggers in the transaction of each
// change. After every kind of change a sample can go through (created, given tests and results, moved through
// the statuses, made urgent, given another partner, moved to another site or day, tests removed, an assay
// moved to another section, a site's time zone changed, deleted), each table must equal a recount from the
// base tables, written here in plain SQL that shares nothing with the triggers.

let t: TestApp;
let client: Api;
let admin: SignedIn;
let sarajevo: string;
let tuzla: string;
let catalogue: FixtureCatalogue;
let otherSectionId: string;
let qualId: string;
let partnerA: string;
let partnerB: string;
let patientId: string;

const num = (value: unknown) => (value === null ? null : Number(value));

async function dailySamples() {
  const stored = await queryRows<Record<string, unknown>>(t.database.db, sql`
    select site_id::text, dan::text, status, hitan, partner_id::text, uzorci, testovi from statistics_samples_daily
    where uzorci <> 0 or testovi <> 0`);
  const recount = await queryRows<Record<string, unknown>>(t.database.db, sql`
    select s.site_id::text, (s.created_at at time zone si.time_zone)::date::text as dan, s.status, s.hitan, s.partner_id::text,
      count(*) as uzorci, sum((select count(*) from sample_tests st where st.sample_id = s.id)) as testovi
    from samples s join sites si on si.id = s.site_id
    group by 1, 2, 3, 4, 5`);
  return { stored, recount };
}

async function sampleSections() {
  const stored = await queryRows<Record<string, unknown>>(t.database.db, sql`
    select sample_id::text, sekcija_id::text, site_id::text, dan::text, testovi, minuta from statistics_sample_sections`);
  const recount = await queryRows<Record<string, unknown>>(t.database.db, sql`
    select s.id::text as sample_id, a.sekcija_id::text, s.site_id::text, (s.created_at at time zone si.time_zone)::date::text as dan,
      count(*) as testovi,
      case when s.status = 'VERIFICIRAN' and s.received_at is not null and s.verified_at is not null
        then (extract(epoch from (s.verified_at - s.received_at)) / 60.0)::float8 end as minuta
    from samples s join sites si on si.id = s.site_id join sample_tests st on st.sample_id = s.id join lab_assays a on a.id = st.labassay_id
    group by s.id, a.sekcija_id, si.time_zone`);
  return { stored, recount };
}

/** Whole minutes from reception to verification, rounded up, of a measured sample (alias s); null otherwise. */
const TURNAROUND_MINUTE = `case when s.status = 'VERIFICIRAN' and s.received_at is not null and s.verified_at is not null
  then ceil(extract(epoch from (s.verified_at - s.received_at)) / 60.0)::int end`;

async function sectionsPerMinute() {
  const stored = await queryRows<Record<string, unknown>>(t.database.db, sql`
    select site_id::text, dan::text, sekcija_id::text, minuta, uzorci, testovi from statistics_sections_daily
    where uzorci <> 0 or testovi <> 0`);
  const recount = await queryRows<Record<string, unknown>>(t.database.db, sql.raw(`
    select per_sample.site_id::text, per_sample.dan::text, per_sample.sekcija_id::text, per_sample.minuta,
      count(*) as uzorci, sum(per_sample.testovi) as testovi
    from (
      select s.id, s.site_id, (s.created_at at time zone si.time_zone)::date as dan, a.sekcija_id, ${TURNAROUND_MINUTE} as minuta, count(*) as testovi
      from samples s join sites si on si.id = s.site_id join sample_tests st on st.sample_id = s.id join lab_assays a on a.id = st.labassay_id
      group by s.id, a.sekcija_id, si.time_zone
    ) as per_sample
    group by 1, 2, 3, 4`));
  return { stored, recount };
}

async function turnaroundPerMinute() {
  const stored = await queryRows<Record<string, unknown>>(t.database.db, sql`
    select site_id::text, dan::text, hitan, minuta, uzorci from statistics_turnaround_daily where uzorci <> 0`);
  const recount = await queryRows<Record<string, unknown>>(t.database.db, sql.raw(`
    select s.site_id::text, (s.created_at at time zone si.time_zone)::date::text as dan, s.hitan, ${TURNAROUND_MINUTE} as minuta, count(*) as uzorci
    from samples s join sites si on si.id = s.site_id
    where s.status = 'VERIFICIRAN' and s.received_at is not null and s.verified_at is not null
    group by 1, 2, 3, 4`));
  return { stored, recount };
}

async function dailyResults() {
  const stored = await queryRows<Record<string, unknown>>(t.database.db, sql`
    select site_id::text, dan::text, labassay_id::text, izvor, rezultati, pozitivni from statistics_results_daily
    where rezultati <> 0 or pozitivni <> 0`);
  const recount = await queryRows<Record<string, unknown>>(t.database.db, sql`
    select s.site_id::text, (s.created_at at time zone si.time_zone)::date::text as dan, st.labassay_id::text, st.unio_source as izvor,
      count(*) as rezultati,
      count(*) filter (where st.rezultat = ${QUALITATIVE_POSITIVE} or st.rezultat like ${`${QUALITATIVE_POSITIVE} (%`}) as pozitivni
    from samples s join sites si on si.id = s.site_id join sample_tests st on st.sample_id = s.id
    where st.rezultat is not null
    group by 1, 2, 3, 4`);
  return { stored, recount };
}

/** Rows as sorted JSON lines with numbers as numbers (node-postgres answers bigint as text). */
function normalised(rows: Record<string, unknown>[], numeric: string[]): string[] {
  return rows.map((row) => JSON.stringify(Object.fromEntries(Object.keys(row).sort()
    .map((key) => [key, numeric.includes(key) ? num(row[key]) : row[key]])))).sort();
}

async function expectAggregatesMatchRecount(): Promise<void> {
  const days = await dailySamples();
  expect(normalised(days.stored, ['uzorci', 'testovi'])).toEqual(normalised(days.recount, ['uzorci', 'testovi']));
  const sections = await sampleSections();
  expect(normalised(sections.stored, ['testovi', 'minuta'])).toEqual(normalised(sections.recount, ['testovi', 'minuta']));
  const results = await dailyResults();
  expect(normalised(results.stored, ['rezultati', 'pozitivni'])).toEqual(normalised(results.recount, ['rezultati', 'pozitivni']));
  const sectionMinutes = await sectionsPerMinute();
  expect(normalised(sectionMinutes.stored, ['minuta', 'uzorci', 'testovi'])).toEqual(normalised(sectionMinutes.recount, ['minuta', 'uzorci', 'testovi']));
  const minutes = await turnaroundPerMinute();
  expect(normalised(minutes.stored, ['minuta', 'uzorci'])).toEqual(normalised(minutes.recount, ['minuta', 'uzorci']));
}

let serial = 0;
function sampleRow(site: string, createdAt: string, extra: Partial<typeof samples.$inferInsert> = {}): typeof samples.$inferInsert {
  serial += 1;
  return {
    siteId: site, patientId, code: `AG${randomBytes(4).toString('hex')}`, rbr: 7000 + serial,
    createdAt: new Date(createdAt), datum: new Date(createdAt), ...extra,
  };
}

beforeAll(async () => {
  t = await createTestApp();
  client = api(t);
  admin = await signIn(t.app, 'admin@demo.lab');
  sarajevo = siteId(admin, 'SA');
  tuzla = siteId(admin, 'TZ');
  catalogue = await createFixtureCatalogue(t.database.db);
  const tag = randomBytes(3).toString('hex').toUpperCase();
  const [section] = await t.database.db.insert(labSections).values({ sifra: `U${tag}`, naziv: `Druga sekcija ${tag}`, redoslijed: 998 }).returning();
  otherSectionId = section!.id;
  const [qual] = await t.database.db.insert(labAssays).values({
    sifra: `AGQ-${tag}`, naziv: 'Kvalitativni', analit: 'AGQ', sekcijaId: otherSectionId, vrsta: 'qualitative',
  }).returning({ id: labAssays.id });
  qualId = qual!.id;
  const made = await t.database.db.insert(partners).values([{ naziv: `Partner A ${tag}` }, { naziv: `Partner B ${tag}` }]).returning({ id: partners.id });
  partnerA = made[0]!.id;
  partnerB = made[1]!.id;
  patientId = (await registerPatient(client, admin, jmbgFor({ year: 1970, month: 3, day: 9 }, 'ŽENSKI')))._id;
});

afterAll(async () => {
  await t.close();
});

describe('the statistics aggregates', () => {
  it('equal a recount from the base tables after every kind of change to samples and their tests', async () => {
    const db = t.database.db;
    await expectAggregatesMatchRecount();

    // Created in one statement: both sites, around Sarajevo's midnight (23:30 and 00:30 local), with and without a partner.
    const created = await db.insert(samples).values([
      sampleRow(sarajevo, '2025-03-10T22:30:00Z', { partnerId: partnerA }),
      sampleRow(sarajevo, '2025-03-10T23:30:00Z', { hitan: true }),
      sampleRow(sarajevo, '2025-03-11T09:00:00Z', { partnerId: partnerB }),
      sampleRow(tuzla, '2025-03-11T09:00:00Z', { partnerId: partnerA, hitan: true }),
    ]).returning({ id: samples.id });
    const [first, second, third, fourth] = created.map((row) => row.id) as [string, string, string, string];
    await expectAggregatesMatchRecount();

    // Tests, some with results (an analyser's, a person's, positive and negative qualitative ones).
    await db.insert(sampleTests).values([
      { sampleId: first, labassayId: catalogue.ids.GLU, rezultat: '5.1', unioSource: 'Cobas' },
      { sampleId: first, labassayId: catalogue.ids.CHOL },
      { sampleId: first, labassayId: qualId, rezultat: `${QUALITATIVE_POSITIVE} (++)`, unioSource: 'Cobas' },
      { sampleId: second, labassayId: qualId, rezultat: 'Negativan' },
      { sampleId: third, labassayId: catalogue.ids.GLU },
      { sampleId: fourth, labassayId: catalogue.ids.GLU, rezultat: '4.0', unioSource: 'Sysmex' },
      { sampleId: fourth, labassayId: qualId, rezultat: QUALITATIVE_POSITIVE },
    ]);
    await expectAggregatesMatchRecount();

    // Results saved and cleared; a source changed.
    await db.update(sampleTests).set({ rezultat: '6.2', unioSource: 'Sysmex' }).where(eq(sampleTests.sampleId, third));
    await db.update(sampleTests).set({ rezultat: `${QUALITATIVE_POSITIVE} (+)` }).where(eq(sampleTests.sampleId, second));
    await db.update(sampleTests).set({ rezultat: null }).where(eq(sampleTests.labassayId, catalogue.ids.GLU));
    await expectAggregatesMatchRecount();

    // Status moves: received, verified (measured turnaround), an approval taken back.
    await db.update(samples).set({ status: 'U OBRADI', receivedAt: new Date('2025-03-11T09:10:00Z') }).where(inArray(samples.id, [third, fourth]));
    await db.update(samples).set({ status: 'VERIFICIRAN', verifiedAt: new Date('2025-03-11T11:47:30Z') }).where(eq(samples.id, third));
    await db.update(samples).set({ status: 'VERIFICIRAN', receivedAt: new Date('2025-03-10T22:40:00Z'), verifiedAt: new Date('2025-03-11T01:00:00Z') })
      .where(eq(samples.id, first));
    await expectAggregatesMatchRecount();
    await db.update(samples).set({ status: 'ODOBREN', verifiedAt: null }).where(eq(samples.id, first));
    await expectAggregatesMatchRecount();

    // Urgency, partner, site and registration day (across Sarajevo's midnight) changed.
    await db.update(samples).set({ hitan: true, partnerId: partnerB }).where(eq(samples.id, first));
    await db.update(samples).set({ partnerId: null }).where(eq(samples.id, third));
    await expectAggregatesMatchRecount();
    // A verified sample made urgent: its turnaround moves to the urgent counts.
    await db.update(samples).set({ hitan: true }).where(eq(samples.id, third));
    await expectAggregatesMatchRecount();
    await db.update(samples).set({ siteId: tuzla }).where(eq(samples.id, second));
    await db.update(samples).set({ createdAt: new Date('2025-03-11T00:10:00Z') }).where(eq(samples.id, first));
    await expectAggregatesMatchRecount();

    // Tests removed and added, an assay moved to another section.
    await db.delete(sampleTests).where(and(eq(sampleTests.sampleId, first), eq(sampleTests.labassayId, catalogue.ids.CHOL)));
    await db.insert(sampleTests).values({ sampleId: third, labassayId: qualId, rezultat: 'Negativan', unioSource: 'Cobas' });
    await expectAggregatesMatchRecount();
    await db.update(labAssays).set({ sekcijaId: otherSectionId }).where(eq(labAssays.id, catalogue.ids.GLU));
    await expectAggregatesMatchRecount();
    await db.update(labAssays).set({ sekcijaId: catalogue.sectionId }).where(eq(labAssays.id, catalogue.ids.GLU));

    // A site's time zone changed: its days are cut elsewhere.
    await db.update(sites).set({ timeZone: 'America/New_York' }).where(eq(sites.id, sarajevo));
    await expectAggregatesMatchRecount();
    await db.update(sites).set({ timeZone: 'Europe/Sarajevo' }).where(eq(sites.id, sarajevo));
    await expectAggregatesMatchRecount();

    // Deleted, tests and results with them (the foreign key's cascade).
    await db.delete(samples).where(inArray(samples.id, [first, fourth]));
    await expectAggregatesMatchRecount();
  });

  it('count samples created, given results and deleted through the API like any other', async () => {
    const created = await client.post(admin, '/uzorci/save', { pid: patientId, testovi: [catalogue.ids.GLU, catalogue.ids.CHOL], hitan: true }, sarajevo);
    expect(created.statusCode, created.body).toBe(201);
    const sid = created.json<{ uzorak: { _id: string } }>().uzorak._id;
    await expectAggregatesMatchRecount();
    const shown = await client.get(admin, `/rezultati/${sid}`, sarajevo);
    const { version, tests } = shown.json<{ version: number; tests: { _id: string }[] }>();
    const saved = await client.post(admin, '/rezultati/save', { sid, version, rezultati: tests.map((test) => ({ test: test._id, rezultat: '5.0' })) }, sarajevo);
    expect(saved.statusCode, saved.body).toBe(200);
    await expectAggregatesMatchRecount();
    // Deleting is allowed while the sample is ZAPRIMLJEN: a second one, deleted at once.
    const other = await client.post(admin, '/uzorci/save', { pid: patientId, testovi: [catalogue.ids.CHOL] }, sarajevo);
    expect(other.statusCode, other.body).toBe(201);
    await expectAggregatesMatchRecount();
    const removed = await client.post(admin, '/uzorci/delete', { id: other.json<{ uzorak: { _id: string } }>().uzorak._id }, sarajevo);
    expect(removed.statusCode, removed.body).toBe(200);
    await expectAggregatesMatchRecount();
  });

  /**
   * Two transactions whose counts cross: A counts a sample into the first day and stays open; B counts one into
   * each day in one statement (listed second day first); while B waits for A's row of the first day, A counts a
   * sample into the second day and commits. The triggers write each statement's rows in key order (day first),
   * so B waits before it holds anything of the second day and both commit; in any other order B would hold the
   * second day's row that A needs, and PostgreSQL would end one of them as a deadlock. `contended` names the
   * aggregate both transactions meet (the others differ between A and B: the quarter-hours by the hour, and
   * either the daily counts by the partner or the turnaround by the minute). Answers how each one ended.
   */
  async function crossingCounts(contended: 'daily counts' | 'turnaround minutes', firstDay: string, secondDay: string): Promise<string[]> {
    const db = t.database.db;
    const verified = (at: string, minutes: number, extra: Partial<typeof samples.$inferInsert> = {}) => {
      const created = new Date(at);
      return sampleRow(sarajevo, at, {
        status: 'VERIFICIRAN', receivedAt: new Date(created.getTime() + 5 * 60_000), verifiedAt: new Date(created.getTime() + (5 + minutes) * 60_000), ...extra,
      });
    };
    const a = (day: string) => verified(`${day}T09:00:00Z`, 95);
    const b = (day: string) => (contended === 'turnaround minutes' ? verified(`${day}T14:00:00Z`, 95, { partnerId: partnerA }) : verified(`${day}T14:00:00Z`, 120));

    let continueA!: () => void;
    const aMayContinue = new Promise<void>((resolve) => { continueA = resolve; });
    let firstInserted!: () => void;
    const aHasFirst = new Promise<void>((resolve) => { firstInserted = resolve; });
    const transactionA = db.transaction(async (tx) => {
      await tx.insert(samples).values([a(firstDay)]);
      firstInserted();
      await aMayContinue;
      await tx.insert(samples).values([a(secondDay)]);
    });
    await aHasFirst;
    const transactionB = db.transaction(async (tx) => {
      await tx.insert(samples).values([b(secondDay), b(firstDay)]);
    });
    const waiting = async () => Number((await queryRows<{ n: number }>(db, sql`
      select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`))[0]?.n ?? 0);
    for (let polls = 0; (await waiting()) === 0; polls += 1) {
      if (polls > 500) throw new Error('the second transaction never waited for the first: the test would not test concurrency');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    continueA();
    const outcomes = await Promise.allSettled([transactionA, transactionB]);
    return outcomes.map((outcome) => (outcome.status === 'rejected' ? String(outcome.reason) : 'committed'));
  }

  // Two sessions are needed for two transactions at once: PostgreSQL only (PGlite runs one transaction at a time).
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))('count two transactions whose days cross: both commit, no deadlock, no lost count', async () => {
    const db = t.database.db;
    const dayCounts = async () => (await queryRows<{ dan: string; uzorci: number; u_minuti: number }>(db, sql`
      select d.dan::text, d.uzorci, t.uzorci as u_minuti from statistics_samples_daily d
      left join statistics_turnaround_daily t on t.site_id = d.site_id and t.dan = d.dan and not t.hitan and t.minuta = 95
      where d.site_id = ${sarajevo} and d.dan in ('2025-04-02', '2025-04-03') and d.status = 'VERIFICIRAN' and not d.hitan and d.partner_id is null
      order by d.dan`)).map((row) => `${row.dan} ${Number(row.uzorci)} ${Number(row.u_minuti)}`);

    // The daily counts: A and B meet there (the same days, status and no partner), B's turnaround is another minute.
    expect(await crossingCounts('daily counts', '2025-04-02', '2025-04-03')).toEqual(['committed', 'committed']);
    // Each day: A's sample and B's in the daily counts, A's alone in minute 95.
    expect(await dayCounts()).toEqual(['2025-04-02 2 1', '2025-04-03 2 1']);
    await expectAggregatesMatchRecount();

    // The turnaround minutes: A and B meet there (the same days and minute), B's daily counts are its partner's.
    expect(await crossingCounts('turnaround minutes', '2025-04-02', '2025-04-03')).toEqual(['committed', 'committed']);
    expect(await dayCounts()).toEqual(['2025-04-02 3 3', '2025-04-03 3 3']);
    await expectAggregatesMatchRecount();
  });
});
