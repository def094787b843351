import { and, asc, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import { CALCULATED_RESULT_SOURCE, STATISTICS_OPTIONS_TYPE, type MinuteCount } from '@lis/domain';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import { settingRecords, sites } from '../../db/shared-tables.ts';

// The SQL of the lab statistics (/statistika) and the wall display (/dashboard). Counts come from the
// pre-aggregated tables the database keeps in the transaction of every change (migrations 0033 and 0054, see
// statistics/tables.ts): statistics_samples_daily, statistics_sections_daily, statistics_turnaround_daily and
// statistics_results_daily, read by the site and its days (site_id = $site and dan between $first and $last:
// the leading columns of their keys).
// A day is the site's: created_at at its time zone, cut to a date. The turnaround (reception to verification)
// is kept as counts of samples per whole minute, rounded up (migration 0054): the median and 90th percentile
// are taken from them by @lis/domain turnaroundOfCounts.

export interface StatisticsScope {
  siteId: string;
  /** The first and last day of the range (YYYY-MM-DD, the site's calendar). */
  firstDay: string;
  lastDay: string;
}

/** A scope without its site: what a site-bound repository is asked for (the site is the repository's). */
export type StatisticsRange = Omit<StatisticsScope, 'siteId'>;

function daysOf(alias: string, scope: StatisticsScope): SQL {
  return sql`${sql.raw(alias)}.site_id = ${scope.siteId} and ${sql.raw(alias)}.dan between ${scope.firstDay}::date and ${scope.lastDay}::date`;
}

export interface DayRow { dan: string; uzorci: number; testovi: number }
export interface StatusRow { status: string; hitan: boolean; uzorci: number }
export interface SectionRow { sekcija: string; naziv: string; naziv_en: string; naziv_de: string; uzorci: number; testovi: number }
export interface SectionMinuteRow extends MinuteCount { sekcija: string }
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

    /** Per lab section: samples with a test of it (each once) and its tests, in the section's order. */
    async perSection(range: StatisticsRange): Promise<SectionRow[]> {
      const scope: StatisticsScope = { ...range, siteId };
      const rows = await queryRows<SectionRow>(db, sql`
        select d.sekcija_id::text as sekcija, sec.naziv, sec.naziv_en, sec.naziv_de, sum(d.uzorci) as uzorci, sum(d.testovi) as testovi
        from statistics_sections_daily d
        join lab_sections sec on sec.id = d.sekcija_id
        where ${daysOf('d', scope)}
        group by d.sekcija_id, sec.naziv, sec.naziv_en, sec.naziv_de, sec.redoslijed
        having sum(d.uzorci) <> 0
        order by sec.redoslijed, sec.naziv`);
      return numbers(rows, ['uzorci', 'testovi']);
    },

    /** The measured samples of each lab section per turnaround minute (whole minutes, rounded up). */
    async sectionTurnaroundMinutes(range: StatisticsRange): Promise<SectionMinuteRow[]> {
      const scope: StatisticsScope = { ...range, siteId };
      const rows = await queryRows<SectionMinuteRow>(db, sql`
        select d.sekcija_id::text as sekcija, d.minuta, sum(d.uzorci) as uzorci
        from statistics_sections_daily d
        where ${daysOf('d', scope)} and d.minuta is not null
        group by d.sekcija_id, d.minuta having sum(d.uzorci) <> 0`);
      return numbers(rows, ['minuta', 'uzorci']);
    },

    /** The measured samples per turnaround minute (whole minutes, rounded up): only the urgent ones when `urgentOnly`. */
    async turnaroundMinutes(range: StatisticsRange, urgentOnly: boolean): Promise<MinuteCount[]> {
      const scope: StatisticsScope = { ...range, siteId };
      const rows = await queryRows<MinuteCount>(db, sql`
        select d.minuta, sum(d.uzorci) as uzorci
        from statistics_turnaround_daily d
        where ${daysOf('d', scope)} ${urgentOnly ? sql`and d.hitan` : sql``}
        group by d.minuta having sum(d.uzorci) <> 0`);
      return numbers(rows, ['minuta', 'uzorci']);
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
