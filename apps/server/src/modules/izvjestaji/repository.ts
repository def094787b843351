import { sql, type SQL } from 'drizzle-orm';
import { SEARCH_FOLD_FROM, SEARCH_FOLD_TO, type TimeWindow } from '@lis/domain';
import { queryRows, type Db } from '../../db/client.ts';

// The SQL of 'Izvještaji'. Every report reads the caller's site's samples registered in a window of instants
// (site_id = $site and $from <= created_at < $before): a range scan of samples_site_created_idx (site_id,
// created_at, id), or for the work lists of samples_worklist_idx, whose predicate is written out word for
// word below so the planner can match it. A sample's tests are reached through sample_tests' (sample_id,
// labassay_id) key. Days are the site's: the instant at the site's time zone, cut to its date.

/**
 * Runs a report's statements in one read transaction without PostgreSQL's JIT compilation. A year of
 * samples makes the planner's cost estimate large enough to JIT-compile the query, and compiling took
 * longer (3 s on the bench's million samples) than running it (under 1 s); the reports gain nothing from it.
 */
export function reportTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    return work(tx);
  });
}

export interface ReportScope {
  siteId: string;
  window: TimeWindow;
  timeZone: string;
}

/** A scope without its site: what the site-bound repository is asked for. */
export type ReportRange = Omit<ReportScope, 'siteId'>;

export interface Page {
  limit: number;
  offset: number;
}

/** The samples of the scope: the condition every report starts from. */
function inScope(scope: ReportScope, alias = 's'): SQL {
  const column = sql.raw(alias);
  return sql`${column}.site_id = ${scope.siteId} and ${column}.created_at >= ${scope.window.from} and ${column}.created_at < ${scope.window.before}`;
}

/** The site's day of an instant column, as 'YYYY-MM-DD'. */
function siteDay(scope: ReportScope, column: SQL): SQL {
  return sql`((${column} at time zone ${scope.timeZone})::date)::text`;
}

/** Text folded as the domain's townKey folds it (foldForSearch, then every run of other characters one space). */
function townKeySql(expression: SQL): SQL {
  return sql`btrim(regexp_replace(translate(${expression}, ${SEARCH_FOLD_FROM}, ${SEARCH_FOLD_TO}), '[^a-z0-9]+', ' ', 'g'))`;
}

export interface FinanceDayRow { dan: string; uzoraka: number; testova: number; iznos: string }

const QUARTER_HOUR_MS = 15 * 60_000;

/** The whole quarter hours inside the window: its start rounded up and its end rounded down to a quarter hour. */
export function quarterHoursWithin(window: TimeWindow): TimeWindow {
  return {
    from: new Date(Math.ceil(window.from.getTime() / QUARTER_HOUR_MS) * QUARTER_HOUR_MS),
    before: new Date(Math.floor(window.before.getTime() / QUARTER_HOUR_MS) * QUARTER_HOUR_MS),
  };
}

/**
 * Per day: samples, their tests, the sum of the tests' prices (a calculated test's components count 0).
 * The whole quarter hours of the window are summed from sample_totals_by_quarter_hour, which the database
 * keeps in step with samples and their tests (migration 0016): a year is some 35,000 rows of its primary
 * key instead of 180,000 samples and half a million tests. A range of days is whole quarter hours; the
 * minutes of another window before its first and after its last quarter hour are its own samples'
 * totals (samples.test_count, price_total), at most two quarter hours of them.
 */
function financesPerDayQuery(scope: ReportScope): SQL {
  const whole = quarterHoursWithin(scope.window);
  if (whole.from.getTime() >= whole.before.getTime()) return financesPerDayFromSamplesQuery(scope);
  const edges = whole.from.getTime() === scope.window.from.getTime() && whole.before.getTime() === scope.window.before.getTime()
    ? sql``
    : sql`
      union all
      select ${siteDay(scope, sql`s.created_at`)}, 1, s.test_count, s.price_total
      from samples s
      where s.site_id = ${scope.siteId} and (
        (s.created_at >= ${scope.window.from} and s.created_at < ${whole.from})
        or (s.created_at >= ${whole.before} and s.created_at < ${scope.window.before}))`;
  return sql`
    with parts as (
      select ${siteDay(scope, sql`q.quarter_hour`)} as dan, q.uzoraka, q.testova, q.iznos
      from sample_totals_by_quarter_hour q
      where q.site_id = ${scope.siteId} and q.quarter_hour >= ${whole.from} and q.quarter_hour < ${whole.before}${edges}
    )
    select dan, sum(uzoraka)::int as uzoraka, sum(testova)::int as testova, sum(iznos)::numeric(14, 2)::text as iznos
    from parts
    group by dan having sum(uzoraka) > 0 order by dan`;
}

/** Finances per day read from the samples and their tests themselves: any window, and the oracle the totals are tested against. */
function financesPerDayFromSamplesQuery(scope: ReportScope): SQL {
  // Each sample's tests summed first (a plain join, so the planner picks index lookups for a month and one
  // hash join over the tests for a year, twice as fast there as a lookup per sample), then the days.
  return sql`
    with per_sample as (
      select s.created_at, count(st.sample_id) as testova,
        coalesce(sum(st.price) filter (where st.component_of is null), 0) as iznos
      from samples s left join sample_tests st on st.sample_id = s.id
      where ${inScope(scope)}
      group by s.id
    )
    select ${siteDay(scope, sql`per_sample.created_at`)} as dan, count(*)::int as uzoraka, coalesce(sum(testova), 0)::int as testova,
      coalesce(sum(iznos), 0)::numeric(14, 2)::text as iznos
    from per_sample
    group by 1 order by 1`;
}

function financesPerDay(db: Db, scope: ReportScope): Promise<FinanceDayRow[]> {
  return queryRows<FinanceDayRow>(db, financesPerDayQuery(scope));
}

export interface PatientDayRow { dan: string; pacijenata: number; uzoraka: number }

/** Per day: distinct patients with a sample, and the samples. */
function patientsPerDayQuery(scope: ReportScope): SQL {
  return sql`
    select ${siteDay(scope, sql`s.created_at`)} as dan, count(distinct s.patient_id)::int as pacijenata, count(*)::int as uzoraka
    from samples s where ${inScope(scope)}
    group by 1 order by 1`;
}

function patientsPerDay(db: Db, scope: ReportScope): Promise<PatientDayRow[]> {
  return queryRows<PatientDayRow>(db, patientsPerDayQuery(scope));
}

export interface ScopeTotals { pacijenata: number; uzoraka: number }

/** Distinct patients and samples of the whole window. */
function patientTotalsQuery(scope: ReportScope): SQL {
  return sql`
    select count(distinct s.patient_id)::int as pacijenata, count(*)::int as uzoraka from samples s where ${inScope(scope)}`;
}

async function patientTotals(db: Db, scope: ReportScope): Promise<ScopeTotals> {
  const [row] = await queryRows<ScopeTotals>(db, patientTotalsQuery(scope));
  return row ?? { pacijenata: 0, uzoraka: 0 };
}

export interface GroupRow { grupa: string | null; pacijenata: number; uzoraka: number }

/**
 * Per town: each patient of the window once, in the first of the site's towns (`sites.mjesta`, in their
 * order) their address names as whole words; null for none (the domain's townOfAddress).
 */
function patientsPerTownQuery(scope: ReportScope): SQL {
  return sql`
    with per_patient as (
      select s.patient_id, count(*)::int as uzoraka from samples s where ${inScope(scope)} group by s.patient_id
    ), towns as (
      select m.value as mjesto, m.ord, ${townKeySql(sql`m.value`)} as kljuc
      from sites, jsonb_array_elements_text(sites.mjesta) with ordinality as m(value, ord)
      where sites.id = ${scope.siteId}
    )
    select t.mjesto as grupa, count(*)::int as pacijenata, sum(pp.uzoraka)::int as uzoraka
    from per_patient pp
    join patients p on p.id = pp.patient_id
    left join lateral (
      select towns.mjesto, towns.ord from towns
      where towns.kljuc <> '' and (' ' || ${townKeySql(sql`p.adresa`)} || ' ') like ('% ' || towns.kljuc || ' %')
      order by towns.ord limit 1
    ) t on true
    group by t.mjesto, t.ord
    order by pacijenata desc, t.ord nulls last`;
}

function patientsPerTown(db: Db, scope: ReportScope): Promise<GroupRow[]> {
  return queryRows<GroupRow>(db, patientsPerTownQuery(scope));
}

/** Per referring location: the sample's, else the one recorded with the patient; null for neither. */
function patientsPerLocationQuery(scope: ReportScope): SQL {
  return sql`
    select nullif(coalesce(nullif(btrim(s.lokacija), ''), btrim(p.lokacija)), '') as grupa,
      count(distinct s.patient_id)::int as pacijenata, count(*)::int as uzoraka
    from samples s join patients p on p.id = s.patient_id
    where ${inScope(scope)}
    group by 1 order by pacijenata desc, uzoraka desc, 1`;
}

function patientsPerLocation(db: Db, scope: ReportScope): Promise<GroupRow[]> {
  return queryRows<GroupRow>(db, patientsPerLocationQuery(scope));
}

/** A sample's tests as codes in report order (section, then assay), one text. */
const TEST_CODES = sql`(
  select string_agg(a.sifra, ', ' order by sec.redoslijed, a.redoslijed, a.sifra)
  from sample_tests st join lab_assays a on a.id = st.labassay_id join lab_sections sec on sec.id = a.sekcija_id
  where st.sample_id = s.id)`;

export interface ProtocolRow {
  registrovan: Date | string; code: string; pacijent: string; godiste: number | null; testovi: string | null; status: string;
}

/** The protocol book: the window's samples in order of registration, a page of them. */
function protocolPageQuery(scope: ReportScope, page: Page): SQL {
  return sql`
    select s.created_at as registrovan, s.code, p.prezime || ' ' || p.ime as pacijent, p.godiste, ${TEST_CODES} as testovi, s.status
    from (
      select s.id from samples s where ${inScope(scope)} order by s.created_at, s.id limit ${page.limit} offset ${page.offset}
    ) as chosen
    join samples s on s.id = chosen.id
    join patients p on p.id = s.patient_id
    order by s.created_at, s.id`;
}

function protocolPage(db: Db, scope: ReportScope, page: Page): Promise<ProtocolRow[]> {
  return queryRows<ProtocolRow>(db, protocolPageQuery(scope, page));
}

/** When a sample reached the lab: its scan at reception, else its registration. */
const RECEIVED = sql`coalesce(s.received_at, s.created_at)`;
const VERIFIED_IN_SCOPE = sql`s.status = 'VERIFICIRAN' and s.verified_at is not null`;

export interface TurnaroundRow {
  pacijent: string; code: string; zaprimljen: Date | string; verificiran: Date | string; minuta: number;
}

/** Verified samples of the window, received -> verified in minutes, patient by patient (Bosnian alphabetical order), a page of them. */
function turnaroundPageQuery(scope: ReportScope, page: Page): SQL {
  return sql`
    select p.prezime || ' ' || p.ime as pacijent, s.code, ${RECEIVED} as zaprimljen, s.verified_at as verificiran,
      (extract(epoch from (s.verified_at - ${RECEIVED})) / 60)::float8 as minuta
    from samples s join patients p on p.id = s.patient_id
    where ${inScope(scope)} and ${VERIFIED_IN_SCOPE}
    order by p.prezime_sort, p.ime_sort, p.id, s.created_at, s.id
    limit ${page.limit} offset ${page.offset}`;
}

function turnaroundPage(db: Db, scope: ReportScope, page: Page): Promise<TurnaroundRow[]> {
  return queryRows<TurnaroundRow>(db, turnaroundPageQuery(scope, page));
}

export interface TurnaroundTotals { uzoraka: number; medijan: number | null; p90: number | null }

/** Count, median and 90th percentile (linear interpolation, percentile_cont) of the window's turnaround times in minutes. */
function turnaroundTotalsQuery(scope: ReportScope): SQL {
  return sql`
    select count(*)::int as uzoraka,
      percentile_cont(0.5) within group (order by extract(epoch from (s.verified_at - ${RECEIVED})) / 60)::float8 as medijan,
      percentile_cont(0.9) within group (order by extract(epoch from (s.verified_at - ${RECEIVED})) / 60)::float8 as p90
    from samples s where ${inScope(scope)} and ${VERIFIED_IN_SCOPE}`;
}

async function turnaroundTotals(db: Db, scope: ReportScope): Promise<TurnaroundTotals> {
  const [row] = await queryRows<TurnaroundTotals>(db, turnaroundTotalsQuery(scope));
  return row ?? { uzoraka: 0, medijan: null, p90: null };
}

/**
 * Pending tests: a test without a result on a sample of the worklist (not yet approved). The status literals
 * are samples_worklist_idx's predicate word for word. Each sample's pending tests are grouped by section in a
 * lateral subquery of its own (read through sample_tests' key), so the plan never scans all tests.
 */
const PENDING_BY_SECTION = sql`samples s
  cross join lateral (
    select a.sekcija_id, string_agg(a.sifra, ', ' order by a.redoslijed, a.sifra) as testovi, count(*)::int as testova
    from sample_tests st join lab_assays a on a.id = st.labassay_id
    where st.sample_id = s.id and (st.rezultat is null or btrim(st.rezultat) = '')
    group by a.sekcija_id
  ) as pending
  join lab_sections sec on sec.id = pending.sekcija_id`;
const WORKLIST_SAMPLE = sql`s.status in ('ZAPRIMLJEN', 'U OBRADI', 'REALIZOVAN')`;

export interface WorklistRow {
  sekcija: string; registrovan: Date | string; code: string; pacijent: string; testovi: string; testova: number;
}

/** The work lists: per lab section (in report order) each sample with tests pending there, oldest first, a page of them. */
function worklistPageQuery(scope: ReportScope, page: Page): SQL {
  return sql`
    select sec.naziv as sekcija, s.created_at as registrovan, s.code, p.prezime || ' ' || p.ime as pacijent, pending.testovi, pending.testova
    from ${PENDING_BY_SECTION} join patients p on p.id = s.patient_id
    where ${inScope(scope)} and ${WORKLIST_SAMPLE}
    order by sec.redoslijed, sec.sifra, s.created_at, s.id
    limit ${page.limit} offset ${page.offset}`;
}

function worklistPage(db: Db, scope: ReportScope, page: Page): Promise<WorklistRow[]> {
  return queryRows<WorklistRow>(db, worklistPageQuery(scope, page));
}

export interface WorklistTotals { redova: number; uzoraka: number; testova: number }

/** Rows (section and sample), samples and tests pending in the window. */
function worklistTotalsQuery(scope: ReportScope): SQL {
  return sql`
    select count(*)::int as redova, count(distinct s.id)::int as uzoraka, coalesce(sum(pending.testova), 0)::int as testova
    from ${PENDING_BY_SECTION}
    where ${inScope(scope)} and ${WORKLIST_SAMPLE}`;
}

async function worklistTotals(db: Db, scope: ReportScope): Promise<WorklistTotals> {
  const [row] = await queryRows<WorklistTotals>(db, worklistTotalsQuery(scope));
  return row ?? { redova: 0, uzoraka: 0, testova: 0 };
}

/** Samples of the window (the protocol book's length). */
function sampleCountQuery(scope: ReportScope): SQL {
  return sql`select count(*)::int as count from samples s where ${inScope(scope)}`;
}

async function sampleCount(db: Db, scope: ReportScope): Promise<number> {
  const [row] = await queryRows<{ count: number }>(db, sampleCountQuery(scope));
  return row?.count ?? 0;
}

/**
 * The reports of one site: the statements above are reached only through this factory, made with the
 * request's site, so a report cannot be read for another site (the `*Query` statements are here for their
 * plan tests).
 */
export function izvjestajiRepository(db: Db, siteId: string) {
  const at = (range: ReportRange): ReportScope => ({ ...range, siteId });
  return {
    financesPerDayQuery: (range: ReportRange) => financesPerDayQuery(at(range)),
    financesPerDayFromSamplesQuery: (range: ReportRange) => financesPerDayFromSamplesQuery(at(range)),
    financesPerDay: (range: ReportRange) => financesPerDay(db, at(range)),
    patientsPerDayQuery: (range: ReportRange) => patientsPerDayQuery(at(range)),
    patientsPerDay: (range: ReportRange) => patientsPerDay(db, at(range)),
    patientTotalsQuery: (range: ReportRange) => patientTotalsQuery(at(range)),
    patientTotals: (range: ReportRange) => patientTotals(db, at(range)),
    patientsPerTownQuery: (range: ReportRange) => patientsPerTownQuery(at(range)),
    patientsPerTown: (range: ReportRange) => patientsPerTown(db, at(range)),
    patientsPerLocationQuery: (range: ReportRange) => patientsPerLocationQuery(at(range)),
    patientsPerLocation: (range: ReportRange) => patientsPerLocation(db, at(range)),
    protocolPageQuery: (range: ReportRange, page: Page) => protocolPageQuery(at(range), page),
    protocolPage: (range: ReportRange, page: Page) => protocolPage(db, at(range), page),
    turnaroundPageQuery: (range: ReportRange, page: Page) => turnaroundPageQuery(at(range), page),
    turnaroundPage: (range: ReportRange, page: Page) => turnaroundPage(db, at(range), page),
    turnaroundTotalsQuery: (range: ReportRange) => turnaroundTotalsQuery(at(range)),
    turnaroundTotals: (range: ReportRange) => turnaroundTotals(db, at(range)),
    worklistPageQuery: (range: ReportRange, page: Page) => worklistPageQuery(at(range), page),
    worklistPage: (range: ReportRange, page: Page) => worklistPage(db, at(range), page),
    worklistTotalsQuery: (range: ReportRange) => worklistTotalsQuery(at(range)),
    worklistTotals: (range: ReportRange) => worklistTotals(db, at(range)),
    sampleCountQuery: (range: ReportRange) => sampleCountQuery(at(range)),
    sampleCount: (range: ReportRange) => sampleCount(db, at(range)),
  };
}
