import { and, asc, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import { QUALITATIVE_POSITIVE, STATISTICS_OPTIONS_TYPE } from '@lis/domain';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import { settingRecords, sites } from '../../db/schema.ts';

// The SQL of the lab statistics (/statistika) and the wall display (/dashboard). Every statement reads the
// site's samples registered in a window of instants (site_id = $site and $from <= created_at < $before): a
// range scan of samples_site_created_idx (site_id, created_at, id). A sample's tests are reached through
// sample_tests' (sample_id, labassay_id) key. Days are the site's: the instant at its time zone, cut to a date.

export interface StatisticsScope {
  siteId: string;
  from: Date;
  before: Date;
  timeZone: string;
}

function inScope(scope: StatisticsScope): SQL {
  return sql`s.site_id = ${scope.siteId} and s.created_at >= ${scope.from} and s.created_at < ${scope.before}`;
}

/** Minutes from reception to verification of a verified sample whose reception is known. */
const TURNAROUND_MINUTES = sql`extract(epoch from (s.verified_at - s.received_at)) / 60.0`;
const MEASURABLE = sql`s.status = 'VERIFICIRAN' and s.received_at is not null and s.verified_at is not null`;

export interface DayRow { dan: string; uzorci: number; testovi: number }
export interface StatusRow { status: string; hitan: boolean; uzorci: number }
export interface SectionRow { sekcija: string; naziv: string; uzorci: number; testovi: number }
export interface TurnaroundRow { sekcija: string; n: number; medijan: number | null; p90: number | null; u_cilju: number }
export interface PositivityRow { analiza: string; naziv: string; rezultati: number; pozitivni: number }

/** PostgreSQL answers count(*) as bigint (a string through node-postgres): numbers at the edge. */
function numbers<Row extends object>(rows: readonly Row[], keys: readonly (keyof Row)[]): Row[] {
  return rows.map((row) => {
    const copy = { ...row } as Record<keyof Row, unknown>;
    for (const key of keys) copy[key] = copy[key] === null ? null : Number(copy[key]);
    return copy as Row;
  });
}

/**
 * Runs the statements in one read transaction (one consistent snapshot) without PostgreSQL's JIT: a year of
 * a busy site makes the planner's estimate large enough to JIT-compile, which takes longer than the query.
 */
export function statisticsTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    return work(tx);
  });
}

export async function site(db: Db, siteId: string): Promise<{ naziv: string; timeZone: string } | null> {
  const rows = await db.select({ naziv: sites.naziv, timeZone: sites.timeZone }).from(sites).where(eq(sites.id, siteId)).limit(1);
  return rows[0] ?? null;
}

/** Per day: samples registered and their tests. */
export async function perDay(db: Db, scope: StatisticsScope): Promise<DayRow[]> {
  const rows = await queryRows<DayRow>(db, sql`
    select ((s.created_at at time zone ${scope.timeZone})::date)::text as dan, count(*) as uzorci,
      coalesce(sum((select count(*) from sample_tests st where st.sample_id = s.id)), 0) as testovi
    from samples s where ${inScope(scope)}
    group by 1 order by 1`);
  return numbers(rows, ['uzorci', 'testovi']);
}

/** Samples by status and urgency. */
export async function perStatus(db: Db, scope: StatisticsScope): Promise<StatusRow[]> {
  const rows = await queryRows<StatusRow>(db, sql`
    select s.status, s.hitan, count(*) as uzorci from samples s where ${inScope(scope)} group by s.status, s.hitan`);
  return numbers(rows, ['uzorci']);
}

/** Per lab section: samples with a test of it, and its tests. */
export async function perSection(db: Db, scope: StatisticsScope): Promise<SectionRow[]> {
  const rows = await queryRows<SectionRow>(db, sql`
    select a.sekcija_id::text as sekcija, sec.naziv, count(distinct s.id) as uzorci, count(*) as testovi
    from samples s
    join sample_tests st on st.sample_id = s.id
    join lab_assays a on a.id = st.labassay_id
    join lab_sections sec on sec.id = a.sekcija_id
    where ${inScope(scope)}
    group by a.sekcija_id, sec.naziv, sec.redoslijed order by sec.redoslijed, sec.naziv`);
  return numbers(rows, ['uzorci', 'testovi']);
}

/**
 * Turnaround (reception → verification, minutes) of the verified samples per section: a sample counts once
 * for each section it has a test of. `targets` maps section ids to minutes; a section not named has `fallback`.
 */
export async function turnaroundPerSection(db: Db, scope: StatisticsScope, targets: Record<string, number>, fallback: number): Promise<TurnaroundRow[]> {
  const rows = await queryRows<TurnaroundRow>(db, sql`
    with measured as (
      select distinct s.id, a.sekcija_id, ${TURNAROUND_MINUTES} as minuta
      from samples s
      join sample_tests st on st.sample_id = s.id
      join lab_assays a on a.id = st.labassay_id
      where ${inScope(scope)} and ${MEASURABLE}
    )
    select m.sekcija_id::text as sekcija, count(*) as n,
      percentile_cont(0.5) within group (order by m.minuta) as medijan,
      percentile_cont(0.9) within group (order by m.minuta) as p90,
      count(*) filter (where m.minuta <= coalesce((${JSON.stringify(targets)}::jsonb ->> m.sekcija_id::text)::numeric, ${fallback})) as u_cilju
    from measured m group by m.sekcija_id`);
  return numbers(rows, ['n', 'medijan', 'p90', 'u_cilju']);
}

/** Turnaround of the scope's verified samples (only the urgent ones when `urgentOnly`) against one target. */
export async function turnaround(db: Db, scope: StatisticsScope, target: number, urgentOnly: boolean): Promise<Omit<TurnaroundRow, 'sekcija'>> {
  const rows = await queryRows<Omit<TurnaroundRow, 'sekcija'>>(db, sql`
    select count(*) as n,
      percentile_cont(0.5) within group (order by ${TURNAROUND_MINUTES}) as medijan,
      percentile_cont(0.9) within group (order by ${TURNAROUND_MINUTES}) as p90,
      count(*) filter (where ${TURNAROUND_MINUTES} <= ${target}) as u_cilju
    from samples s where ${inScope(scope)} and ${MEASURABLE} ${urgentOnly ? sql`and s.hitan` : sql``}`);
  return numbers(rows, ['n', 'medijan', 'p90', 'u_cilju'])[0] ?? { n: 0, medijan: null, p90: null, u_cilju: 0 };
}

/** Qualitative tests with a result: how many, and how many positive ("Pozitivan" or "Pozitivan (grade)"). */
export async function positivity(db: Db, scope: StatisticsScope): Promise<PositivityRow[]> {
  const rows = await queryRows<PositivityRow>(db, sql`
    select a.id::text as analiza, a.naziv, count(*) as rezultati,
      count(*) filter (where st.rezultat = ${QUALITATIVE_POSITIVE} or st.rezultat like ${`${QUALITATIVE_POSITIVE} (%`}) as pozitivni
    from samples s
    join sample_tests st on st.sample_id = s.id
    join lab_assays a on a.id = st.labassay_id
    where ${inScope(scope)} and a.vrsta = 'qualitative' and st.rezultat is not null
    group by a.id, a.naziv order by a.naziv`);
  return numbers(rows, ['rezultati', 'pozitivni']);
}

/** The stored statistics options of a site (null: none saved). */
export async function optionsData(db: Db, siteId: string): Promise<unknown> {
  const rows = await db.select({ data: settingRecords.data }).from(settingRecords)
    .where(and(eq(settingRecords.type, STATISTICS_OPTIONS_TYPE), eq(settingRecords.siteId, siteId)))
    .orderBy(asc(settingRecords.createdAt)).limit(1);
  return rows[0]?.data ?? null;
}

/** Every site's stored statistics options (the wall display's key lookup compares each hash). */
export async function allOptions(db: Db): Promise<{ siteId: string; data: unknown }[]> {
  const rows = await db.select({ siteId: settingRecords.siteId, data: settingRecords.data }).from(settingRecords)
    .where(and(eq(settingRecords.type, STATISTICS_OPTIONS_TYPE), isNotNull(settingRecords.siteId)));
  return rows.map((row) => ({ siteId: row.siteId as string, data: row.data }));
}

/**
 * Takes the transaction-scoped lock of the statistics options: the setting table holds many-row record types
 * too, so no unique index can say "one row per site"; two saves at once update one row rather than insert two.
 */
export async function lockOptions(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`setting_records:${STATISTICS_OPTIONS_TYPE}`}))`);
}

/** Writes the site's statistics options, inserting the row when there is none. Call under `lockOptions`. */
export async function writeOptions(tx: Tx, siteId: string, data: Record<string, unknown>): Promise<void> {
  const where = and(eq(settingRecords.type, STATISTICS_OPTIONS_TYPE), eq(settingRecords.siteId, siteId));
  const existing = await tx.select({ id: settingRecords.id }).from(settingRecords).where(where).orderBy(asc(settingRecords.createdAt)).limit(1);
  const row = existing[0];
  if (row) await tx.update(settingRecords).set({ data, updatedAt: new Date() }).where(eq(settingRecords.id, row.id));
  else await tx.insert(settingRecords).values({ type: STATISTICS_OPTIONS_TYPE, siteId, data });
}
