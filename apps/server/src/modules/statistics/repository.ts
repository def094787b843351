import { and, asc, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import { CALCULATED_RESULT_SOURCE, STATISTICS_OPTIONS_TYPE } from '@lis/domain';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import { settingRecords, sites } from '../../db/shared-tables.ts';

// The SQL of the lab statistics (/statistika) and the wall display (/dashboard). Counts come from the
// pre-aggregated tables the database keeps in the transaction of every change (migration 0028, see
// db/schema.ts): statistics_samples_daily, statistics_sample_sections and statistics_results_daily, read by
// the site and its days (site_id = $site and dan between $first and $last: the leading columns of their keys).
// A day is the site's: created_at at its time zone, cut to a date, the same cut as the instants below.
// The turnaround of the urgent samples and the wall display's read the samples themselves (a range scan of
// a partial index of the verified ones, or today's samples only).

export interface StatisticsScope {
  siteId: string;
  /** The first and last day of the range (YYYY-MM-DD, the site's calendar). */
  firstDay: string;
  lastDay: string;
  /** The same range as instants: the first day's midnight and the midnight after the last day. */
  from: Date;
  before: Date;
  timeZone: string;
}

/** A scope without its site: what a site-bound repository is asked for (the site is the repository's). */
export type StatisticsRange = Omit<StatisticsScope, 'siteId'>;

function inScope(scope: StatisticsScope): SQL {
  return sql`s.site_id = ${scope.siteId} and s.created_at >= ${scope.from} and s.created_at < ${scope.before}`;
}

function daysOf(alias: string, scope: StatisticsScope): SQL {
  return sql`${sql.raw(alias)}.site_id = ${scope.siteId} and ${sql.raw(alias)}.dan between ${scope.firstDay}::date and ${scope.lastDay}::date`;
}

/** Minutes from reception to verification of a verified sample whose reception is known. */
const TURNAROUND_MINUTES = sql`extract(epoch from (s.verified_at - s.received_at)) / 60.0`;
const MEASURABLE = sql`s.status = 'VERIFICIRAN' and s.received_at is not null and s.verified_at is not null`;

export interface DayRow { dan: string; uzorci: number; testovi: number }
export interface StatusRow { status: string; hitan: boolean; uzorci: number }
export interface SectionRow {
  sekcija: string; naziv: string; naziv_en: string; naziv_de: string; uzorci: number; testovi: number;
  n: number; medijan: number | null; p90: number | null; u_cilju: number;
}
export interface TurnaroundRow { n: number; medijan: number | null; p90: number | null; u_cilju: number }
export interface PositivityRow { analiza: string; naziv: string; naziv_en: string; naziv_de: string; rezultati: number; pozitivni: number }
export interface PartnerRow { partner: string | null; naziv: string | null; uzorci: number; testovi: number }
export interface AnalyserDayRow { dan: string; analizator: string; rezultati: number }

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

/** The statistics of one site: every statement is bound to the site the repository was made for. */
export function statisticsRepository(db: Db, siteId: string) {
  return {
    /** The site's name and time zone. */
    async site(): Promise<{ naziv: string; timeZone: string } | null> {
      const rows = await db.select({ naziv: sites.naziv, timeZone: sites.timeZone }).from(sites).where(eq(sites.id, siteId)).limit(1);
      return rows[0] ?? null;
    },

    /** Per day: samples registered and their tests (days without a sample are left out). */
    async perDay(range: StatisticsRange): Promise<DayRow[]> {
      const scope: StatisticsScope = { ...range, siteId };
      const rows = await queryRows<DayRow>(db, sql`
        select d.dan::text as dan, sum(d.uzorci) as uzorci, sum(d.testovi) as testovi
        from statistics_samples_daily d where ${daysOf('d', scope)}
        group by d.dan having sum(d.uzorci) <> 0 order by d.dan`);
      return numbers(rows, ['uzorci', 'testovi']);
    },

    /** Samples by status and urgency. */
    async perStatus(range: StatisticsRange): Promise<StatusRow[]> {
      const scope: StatisticsScope = { ...range, siteId };
      const rows = await queryRows<StatusRow>(db, sql`
        select d.status, d.hitan, sum(d.uzorci) as uzorci
        from statistics_samples_daily d where ${daysOf('d', scope)}
        group by d.status, d.hitan having sum(d.uzorci) <> 0`);
      return numbers(rows, ['uzorci']);
    },

    /** Samples and tests per ordering partner (null: samples without one), most samples first. */
    async perPartner(range: StatisticsRange): Promise<PartnerRow[]> {
      const scope: StatisticsScope = { ...range, siteId };
      const rows = await queryRows<PartnerRow>(db, sql`
        select d.partner_id::text as partner, p.naziv, sum(d.uzorci) as uzorci, sum(d.testovi) as testovi
        from statistics_samples_daily d left join partners p on p.id = d.partner_id
        where ${daysOf('d', scope)}
        group by d.partner_id, p.naziv having sum(d.uzorci) <> 0
        order by sum(d.uzorci) desc, p.naziv nulls last`);
      return numbers(rows, ['uzorci', 'testovi']);
    },

    /**
     * Per lab section: samples with a test of it (each once), its tests, and the turnaround (reception →
     * verification, minutes) of its verified samples: PostgreSQL's percentile_cont median and 90th percentile,
     * and how many within the target. `targets` maps section ids to minutes; a section not named has `fallback`.
     */
    async perSection(range: StatisticsRange, targets: Record<string, number>, fallback: number): Promise<SectionRow[]> {
      const scope: StatisticsScope = { ...range, siteId };
      const rows = await queryRows<SectionRow>(db, sql`
        select ss.sekcija_id::text as sekcija, sec.naziv, sec.naziv_en, sec.naziv_de, count(*) as uzorci, sum(ss.testovi) as testovi,
          count(ss.minuta) as n,
          percentile_cont(0.5) within group (order by ss.minuta) as medijan,
          percentile_cont(0.9) within group (order by ss.minuta) as p90,
          count(*) filter (where ss.minuta <= coalesce((${JSON.stringify(targets)}::jsonb ->> ss.sekcija_id::text)::numeric, ${fallback})) as u_cilju
        from statistics_sample_sections ss
        join lab_sections sec on sec.id = ss.sekcija_id
        where ${daysOf('ss', scope)}
        group by ss.sekcija_id, sec.naziv, sec.naziv_en, sec.naziv_de, sec.redoslijed order by sec.redoslijed, sec.naziv`);
      return numbers(rows, ['uzorci', 'testovi', 'n', 'medijan', 'p90', 'u_cilju']);
    },

    /**
     * Turnaround of the scope's verified samples (only the urgent ones when `urgentOnly`: a range scan of
     * samples_urgent_turnaround_idx) against one target.
     */
    async turnaround(range: StatisticsRange, target: number, urgentOnly: boolean): Promise<TurnaroundRow> {
      const scope: StatisticsScope = { ...range, siteId };
      const rows = await queryRows<TurnaroundRow>(db, sql`
        select count(*) as n,
          percentile_cont(0.5) within group (order by ${TURNAROUND_MINUTES}) as medijan,
          percentile_cont(0.9) within group (order by ${TURNAROUND_MINUTES}) as p90,
          count(*) filter (where ${TURNAROUND_MINUTES} <= ${target}) as u_cilju
        from samples s where ${inScope(scope)} and ${MEASURABLE} ${urgentOnly ? sql`and s.hitan` : sql``}`);
      return numbers(rows, ['n', 'medijan', 'p90', 'u_cilju'])[0] ?? { n: 0, medijan: null, p90: null, u_cilju: 0 };
    },

    /** Qualitative tests with a result: how many, and how many positive ("Pozitivan" or "Pozitivan (grade)"). */
    async positivity(range: StatisticsRange): Promise<PositivityRow[]> {
      const scope: StatisticsScope = { ...range, siteId };
      const rows = await queryRows<PositivityRow>(db, sql`
        select a.id::text as analiza, a.naziv, a.naziv_en, a.naziv_de, sum(r.rezultati) as rezultati, sum(r.pozitivni) as pozitivni
        from statistics_results_daily r join lab_assays a on a.id = r.labassay_id
        where ${daysOf('r', scope)} and a.vrsta = 'qualitative'
        group by a.id, a.naziv, a.naziv_en, a.naziv_de having sum(r.rezultati) <> 0 order by a.naziv`);
      return numbers(rows, ['rezultati', 'pozitivni']);
    },

    /** Results each analyser gave per day (the source of a result no person typed and no formula computed). */
    async perAnalyserAndDay(range: StatisticsRange): Promise<AnalyserDayRow[]> {
      const scope: StatisticsScope = { ...range, siteId };
      const rows = await queryRows<AnalyserDayRow>(db, sql`
        select r.dan::text as dan, r.izvor as analizator, sum(r.rezultati) as rezultati
        from statistics_results_daily r
        where ${daysOf('r', scope)} and r.izvor is not null and r.izvor <> ${CALCULATED_RESULT_SOURCE}
        group by r.dan, r.izvor having sum(r.rezultati) <> 0 order by r.dan, r.izvor`);
      return numbers(rows, ['rezultati']);
    },

    /** The stored statistics options of a site (null: none saved). */
    async optionsData(): Promise<unknown> {
      const rows = await db.select({ data: settingRecords.data }).from(settingRecords)
        .where(and(eq(settingRecords.type, STATISTICS_OPTIONS_TYPE), eq(settingRecords.siteId, siteId)))
        .orderBy(asc(settingRecords.createdAt)).limit(1);
      return rows[0]?.data ?? null;
    },

    /** Writes the site's statistics options, inserting the row when there is none. Call under `lockOptions`. */
    async writeOptions(data: Record<string, unknown>): Promise<void> {
      const where = and(eq(settingRecords.type, STATISTICS_OPTIONS_TYPE), eq(settingRecords.siteId, siteId));
      const existing = await db.select({ id: settingRecords.id }).from(settingRecords).where(where).orderBy(asc(settingRecords.createdAt)).limit(1);
      const row = existing[0];
      if (row) await db.update(settingRecords).set({ data, updatedAt: new Date() }).where(eq(settingRecords.id, row.id));
      else await db.insert(settingRecords).values({ type: STATISTICS_OPTIONS_TYPE, siteId, data });
    },
  };
}
