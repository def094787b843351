import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '@lis/server/src/db/client.ts';

const FIRST_NAMES = ['AMAR', 'LEJLA', 'EMIR', 'AMINA', 'HARIS', 'SELMA', 'TARIK', 'AJLA', 'KENAN', 'MEDINA', 'DARKO', 'IVANA', 'MARKO', 'ANA', 'NIKOLA', 'JELENA', 'ADNAN', 'SARA', 'EDIN', 'DŽENANA'];
const LAST_NAMES = ['HODŽIĆ', 'HADŽIĆ', 'BEGOVIĆ', 'DELIĆ', 'KOVAČEVIĆ', 'MEHMEDOVIĆ', 'ČOLAK', 'JURIĆ', 'PETROVIĆ', 'BABIĆ', 'SALIHOVIĆ', 'OMEROVIĆ', 'HASANOVIĆ', 'MARIĆ', 'ŠEHIĆ', 'ALIĆ', 'KARIĆ', 'IBRAHIMOVIĆ', 'TOPIĆ', 'ZUKIĆ'];
/** Samples a day: 1,000, or more when that would spread the samples over more than four years (10 M: 6,845 a day). */
const samplesPerDay = (samples: number) => Math.max(1000, Math.ceil(samples / (4 * 365)));
const BATCH = 100_000;

const n = (value: number) => sql.raw(String(Math.trunc(value)));
const textArray = (values: string[]) => sql.raw(`array[${values.map((value) => `'${value}'`).join(',')}]`);

async function count(db: Db, table: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql.raw(`select count(*)::int as n from ${table}`));
  return Number(row?.n ?? 0);
}

/**
 * Bulk loading, by a superuser only: each batch's transaction sets `session_replication_role = replica`, which
 * turns off the triggers and the foreign-key checks for that transaction. The batch's statement then writes what
 * the triggers would have (a sample's test count, price and microbiology flag with the sample; its share of the
 * statistics and quarter-hour totals, derivedRowsOfBatch), and every reference it writes is to a row it has just
 * joined. Through the triggers, a 100,000-sample batch spent 12 of its 21 s in them and 3.5 s in the foreign-key
 * checks; counting the daily statistics once after the batches instead took minutes of one core at 10 M.
 */
async function bulkLoadAllowed(db: Db): Promise<boolean> {
  const [row] = await queryRows<{ allowed: boolean }>(db, sql`select rolsuper as allowed from pg_roles where rolname = current_user`);
  return row?.allowed === true;
}

/**
 * A version-7 UUID of the row's registration time (milliseconds), with the sample's number and the test's place
 * where a version 7 has random bits: the generated rows' ids follow their registration, as ids drawn by a
 * time-ordered generator do, so a batch's new index entries land on a few neighbouring pages instead of on every
 * page of a primary key that has outgrown memory. (The app draws random version-4 ids; a lookup by id costs the
 * same either way, the index having the same depth.) Unique: one sample number, one place among its tests.
 */
const timeOrderedId = (at: SQL, sample: SQL, place: SQL) =>
  sql`(lpad(to_hex((extract(epoch from ${at}) * 1000)::bigint), 12, '0') || '7' || lpad(to_hex(${place}), 3, '0') || '8' || lpad(to_hex(${sample}), 15, '0'))::uuid`;

/** Batches of `size` numbers, 1 to `total`: `from` is the number before the first. */
function batchesOf(total: number, size: number): { from: number; to: number }[] {
  const batches: { from: number; to: number }[] = [];
  for (let from = 0; from < total; from += size) batches.push({ from, to: Math.min(total, from + size) });
  return batches;
}

/** `work` for every item, on `connections` connections side by side (a statement runs on one core). */
async function inParallel<T>(connections: number, items: T[], work: (item: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  const worker = async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item);
  };
  await Promise.all(Array.from({ length: Math.max(1, connections) }, worker));
}

/**
 * Generated patient `i`'s JMBG: a birth date (DDMMYYY) between 1940 and 1999, 20,160 of them in turn (days 1 to
 * 28 of each month), so a birth date is shared by about as many patients as in a population this size (2.5 M:
 * some 120); its last six digits the patient's number. The fifth digit is 9: the benches find their patients by it.
 */
const generatedJmbg = (i: SQL) =>
  sql`(lpad(((${i} % 28) + 1)::text, 2, '0') || lpad(((${i} / 28 % 12) + 1)::text, 2, '0') || '9' || lpad((40 + ${i} / 336 % 60)::text, 2, '0') || lpad(${i}::text, 6, '0'))`;

/** When generated sample `i` was registered: `perDay` samples a day, going back from yesterday, spread over the day. */
const generatedAt = (i: SQL, perDay: number) =>
  sql`(date_trunc('day', now()) - make_interval(days => 1 + (${i} - 1) / ${n(perDay)}) + make_interval(secs => (${i} * 37) % 86000))`;
/** Generated sample `i`'s code: its day and its number that day (YYMMDDnnnn). */
const generatedCode = (i: SQL, perDay: number) =>
  sql`(to_char(${generatedAt(i, perDay)}, 'YYMMDD') || lpad(((((${i}) - 1) % ${n(perDay)}) + 1)::text, 4, '0'))`;

/**
 * One batch in one statement: samples `from + 1` to `to` (1 is yesterday's first, higher numbers go back in
 * time), their three tests each, and a report of every verified one. The tests take the rows the sample insert
 * returns, so no batch looks for samples without tests (an anti-join over every sample, slower each batch). In a bulk
 * load it also writes what the triggers would: the sample's totals and flag with it, and its lab sections.
 */
function batchStatement(from: number, to: number, perDay: number, patientCount: number, assayCount: number, bulk: boolean): SQL {
  return sql`
    with site_ids as (select id, row_number() over (order by sifra) as n from sites),
         partner_ids as (select id, row_number() over (order by naziv) as n from partners where naziv like 'Bench partner %'),
         assays as (select a.id, a.price, a.sekcija_id, ls.mikrobiologija, row_number() over (order by a.sifra) as n
                    from lab_assays a join lab_sections ls on ls.id = a.sekcija_id where not a.calculated and not a.disabled),
         times as (
           select i, ${generatedAt(sql`i`, perDay)} as at,
                  case when i <= ${n(perDay)} then (array['ZAPRIMLJEN', 'U OBRADI', 'REALIZOVAN', 'ODOBREN', 'VERIFICIRAN', 'VERIFICIRAN'])[1 + i % 6]
                       when i % 97 = 0 then 'ODOBREN' when i % 89 = 0 then 'REALIZOVAN' else 'VERIFICIRAN' end as status,
                  make_interval(mins => (i * 7) % 40) as to_received,
                  make_interval(mins => 15 + (i * 13) % 180) as to_approved,
                  make_interval(mins => 5 + (i * 11) % 120) as to_verified
           from generate_series(${n(from + 1)}, ${n(to)}) as i),
         generated as (select t.*, ${timeOrderedId(sql`t.at`, sql`t.i`, sql`4095`)} as id from times t),
         -- A sample's three tests: results once it is past work (none while registered or in work), two of three from analysers.
         picks as (
           select g.i, j, a.id as labassay_id, a.sekcija_id, a.price, a.mikrobiologija,
                  case when g.status not in ('ZAPRIMLJEN', 'U OBRADI') then round(2 + ((g.i * 31 + j * 17) % 80) / 10.0, 1) end as value,
                  case when g.status in ('ZAPRIMLJEN', 'U OBRADI') then null when j = 0 then 'Cobas c311' when j = 1 then 'Sysmex XN' end as izvor,
                  ${timeOrderedId(sql`g.at`, sql`g.i`, sql`j`)} as id
           from generated g cross join generate_series(0, 2) as j
           join assays a on a.n = 1 + (g.i * 3 + j * 11) % ${n(assayCount)}),
         totals as (select i, count(*)::int as tests, coalesce(sum(price), 0) as price, bool_or(mikrobiologija) as mikrobiologija from picks group by i),
         inserted as (
           insert into samples (id, site_id, patient_id, code, rbr, status, hitan, datum, received_at, created_at, updated_at,
                                approved_at, verified_at, verified_once, partner_id, test_count, price_total, mikrobiologija)
           select g.id, s.id, p.id,
                  ${generatedCode(sql`g.i`, perDay)},
                  ((g.i - 1) % ${n(perDay)}) + 1,
                  g.status, g.i % 50 = 0, g.at, g.at + g.to_received, g.at, g.at + g.to_received,
                  case when g.status in ('ODOBREN', 'VERIFICIRAN') then g.at + g.to_received + g.to_approved end,
                  case when g.status = 'VERIFICIRAN' then g.at + g.to_received + g.to_approved + g.to_verified end,
                  g.status = 'VERIFICIRAN', pa.id,
                  ${bulk ? sql`t.tests` : sql`0`}, ${bulk ? sql`t.price` : sql`0`}, ${bulk ? sql`t.mikrobiologija` : sql`false`}
           from generated g
           join totals t on t.i = g.i
           join bench_patient_numbers p on p.n = 1 + (g.i::bigint * 7919) % ${n(patientCount)}
           join site_ids s on s.n = 1 + g.i % (select count(*) from sites)
           left join partner_ids pa on pa.n = g.i % 7
           on conflict (code) do nothing
           returning id, site_id, status, hitan, partner_id, created_at, received_at, verified_at, test_count, price_total),
         reported as (
           insert into reports (site_id, sample_id, verzija, jezici, first_issued_at, issued_at)
           select site_id, id, 1, array['bs'], verified_at, verified_at from inserted where status = 'VERIFICIRAN')${bulk ? sql`,
         ${derivedRowsOfBatch}` : sql``}
    insert into sample_tests (id, sample_id, labassay_id, price, status_t, rezultat, rezultat_f, unio_source)
    select p.id, x.id, p.labassay_id, p.price, x.status, p.value::text, p.value, p.izvor
    from picks p
    join generated g on g.i = p.i
    join inserted x on x.id = g.id`;
}

/**
 * A bulk batch's share of what the triggers keep, added to the rows of its days and quarter hours (a batch
 * boundary splits a day between two batches). Each table's rows are added in key order, as the triggers add
 * them, so two batches sharing a day wait for each other instead of deadlocking.
 * - Per sample and lab section, its tests and a verified sample's turnaround from reception to verification, on
 *   the site's day (statistics_recount_sample_sections); and from those rows, samples and tests per site, day,
 *   section and turnaround minute (statistics_sections_daily, whose trigger the bulk load turns off too).
 * - Verified samples per site, day, urgency and turnaround minute (statistics_turnaround_daily).
 * - Samples and tests per site, day, status, urgency and partner; results and positive results per site, day,
 *   assay and source (statistics_samples_daily, statistics_results_daily).
 * - Samples, tests and price per site and quarter hour of registration (sample_totals_by_quarter_hour).
 */
const derivedRowsOfBatch = sql`
         sections as (
           insert into statistics_sample_sections (sample_id, sekcija_id, site_id, dan, testovi, minuta)
           select x.id, p.sekcija_id, x.site_id, (x.created_at at time zone si.time_zone)::date, count(*)::int,
                  case when x.status = 'VERIFICIRAN' then extract(epoch from (x.verified_at - x.received_at)) / 60.0 end
           from picks p join generated g on g.i = p.i join inserted x on x.id = g.id join sites si on si.id = x.site_id
           group by x.id, p.sekcija_id, x.site_id, x.created_at, si.time_zone, x.status, x.verified_at, x.received_at
           returning site_id, dan, sekcija_id, testovi, minuta),
         sections_daily as (
           insert into statistics_sections_daily as d (site_id, dan, sekcija_id, minuta, uzorci, testovi)
           select site_id, dan, sekcija_id, ceil(minuta)::int, count(*)::int, sum(testovi)::int
           from sections group by 1, 2, 3, 4 order by 1, 2, 3, 4
           on conflict on constraint statistics_sections_daily_key
             do update set uzorci = d.uzorci + excluded.uzorci, testovi = d.testovi + excluded.testovi),
         turnaround_daily as (
           insert into statistics_turnaround_daily as d (site_id, dan, hitan, minuta, uzorci)
           select x.site_id, (x.created_at at time zone si.time_zone)::date, x.hitan,
                  ceil(extract(epoch from (x.verified_at - x.received_at)) / 60.0)::int, count(*)::int
           from inserted x join sites si on si.id = x.site_id
           where x.status = 'VERIFICIRAN'
           group by 1, 2, 3, 4 order by 1, 2, 3, 4
           on conflict on constraint statistics_turnaround_daily_key do update set uzorci = d.uzorci + excluded.uzorci),
         samples_daily as (
           insert into statistics_samples_daily as d (site_id, dan, status, hitan, partner_id, uzorci, testovi)
           select x.site_id, (x.created_at at time zone si.time_zone)::date, x.status, x.hitan, x.partner_id, count(*)::int, sum(x.test_count)::int
           from inserted x join sites si on si.id = x.site_id
           group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5
           on conflict on constraint statistics_samples_daily_key
             do update set uzorci = d.uzorci + excluded.uzorci, testovi = d.testovi + excluded.testovi),
         results_daily as (
           insert into statistics_results_daily as d (site_id, dan, labassay_id, izvor, rezultati, pozitivni)
           -- The generated results are numbers: none is a qualitative 'Pozitivan'.
           select x.site_id, (x.created_at at time zone si.time_zone)::date, p.labassay_id, p.izvor, count(*)::int, 0
           from picks p join generated g on g.i = p.i join inserted x on x.id = g.id join sites si on si.id = x.site_id
           where p.value is not null
           group by 1, 2, 3, 4 order by 1, 2, 3, 4
           on conflict on constraint statistics_results_daily_key
             do update set rezultati = d.rezultati + excluded.rezultati, pozitivni = d.pozitivni + excluded.pozitivni),
         quarter_hours as (
           insert into sample_totals_by_quarter_hour as q (site_id, quarter_hour, uzoraka, testova, iznos)
           select site_id, date_bin('15 minutes', created_at, timestamptz '2000-01-01 00:00:00+00'), count(*)::int, sum(test_count)::int, sum(price_total)
           from inserted group by 1, 2 order by 1, 2
           on conflict (site_id, quarter_hour)
             do update set uzoraka = q.uzoraka + excluded.uzoraka, testova = q.testova + excluded.testova, iznos = q.iznos + excluded.iznos)`;

/**
 * The generated patients numbered once (a join key for every batch), in an unlogged table the fill drops at its
 * end: numbering 2.5 M patients by sorting them in each of a 10 M fill's hundred statements cost more than the
 * inserts. Answers how many there are.
 */
async function numberGeneratedPatients(db: Db): Promise<number> {
  await db.execute(sql`create unlogged table if not exists bench_patient_numbers (n bigint primary key, id uuid not null)`);
  if ((await count(db, 'bench_patient_numbers')) !== (await count(db, "patients where jmbg like '____9%'"))) {
    await db.execute(sql`truncate bench_patient_numbers`);
    await db.execute(sql`insert into bench_patient_numbers select row_number() over (order by jmbg), id from patients where jmbg like '____9%'`);
  }
  return count(db, 'bench_patient_numbers');
}

/** The assays a generated sample may be given: measured ones (not calculated), not disabled, of a lab section. */
function fillableAssayCount(db: Db): Promise<number> {
  return count(db, 'lab_assays a join lab_sections ls on ls.id = a.sekcija_id where not a.calculated and not a.disabled');
}

/** A batch's transaction settings, as the fill runs it (and its profile, profileNextBatch). */
async function setBatchTransaction(tx: Db, bulk: boolean): Promise<void> {
  if (bulk) await tx.execute(sql`set local session_replication_role = replica`);
  // Compiling a statement this size costs a second and saves nothing; its sorts and hashes fit in 256 MB.
  await tx.execute(sql`set local jit = off`);
  await tx.execute(sql`set local work_mem = '256MB'`);
}

export interface FillOptions {
  /** Batches filled side by side, each on a connection of its own (PostgreSQL: one per core). */
  connections?: number;
  /** Fill through the triggers and foreign-key checks, as the app writes, even as a superuser (generate.test.ts compares the two). */
  throughTriggers?: boolean;
  /** Samples (and patients) per statement: 100,000 unless a test wants batches that split days. */
  batchSize?: number;
}

/**
 * Fills the database with `samples` samples of `samples / 4` fictitious
 * patients, three tests each (two of their results from analysers), five in
 * seven ordered by one of five partners, a report issued for each verified one,
 * spread over past days (1,000 a day, more when that would take more than four
 * years: a regional network's 10 M keep four years online) so that no generated
 * code can meet a code the allocator hands out today. Shapes as a lab's: results
 * vary (2.0 to 9.9), turnaround times vary (received within 40 minutes, approved
 * 15 minutes to 3 hours later, verified 5 minutes to 2 hours after that),
 * yesterday's samples are still in every status (registered, in work, done,
 * approved, verified; those not yet in work without results), older days almost
 * all verified. The statistics tables and totals hold what the triggers keep
 * (bulkLoadAllowed says how a superuser's fill writes them; generate.test.ts
 * checks they come out the same). Set-based INSERT ... SELECT generate_series in
 * batches of 100,000, side by side on `connections`, so a million rows take a
 * minute, not hours. Idempotent: tops up to the wanted count.
 *
 * A report's PDF versions are not generated: a real one is 30 to 40 KB, 300 to
 * 400 GB for 10 M, more than the machine's disk; the benches' own verifications
 * issue real ones.
 */
export async function generateVolume(db: Db, samples: number, log: (line: string) => void, { connections = 1, throughTriggers = false, batchSize = BATCH }: FillOptions = {}): Promise<void> {
  const perDay = samplesPerDay(samples);
  const patients = Math.max(1, Math.floor(samples / 4));
  await inParallel(connections, batchesOf(patients, batchSize), async ({ from, to }) => {
    const [done] = await queryRows<{ done: boolean }>(db, sql`select exists (select 1 from patients where jmbg = ${generatedJmbg(sql`${n(to)}`)}) as done`);
    if (done?.done) return;
    await db.execute(sql`
      insert into patients (jmbg, ime, prezime, spol, godiste, adresa, telefon)
      select ${generatedJmbg(sql`i`)},
             (${textArray(FIRST_NAMES)})[1 + i % ${n(FIRST_NAMES.length)}],
             (${textArray(LAST_NAMES)})[1 + (i / 7) % ${n(LAST_NAMES.length)}],
             case when i % 2 = 0 then 'MUŠKI' else 'ŽENSKI' end,
             1940 + i / 336 % 60, 'Ulica ' || (i % 300), '061' || lpad((i % 1000000)::text, 6, '0')
      from generate_series(${n(from + 1)}, ${n(to)}) as i
      on conflict (jmbg) do nothing`);
    log(`patients ${(from + 1).toLocaleString('en')} to ${to.toLocaleString('en')} of ${patients.toLocaleString('en')}`);
  });

  // Five ordering partners: most samples name one of them, two in seven none (the statistics per partner).
  await db.execute(sql`
    insert into partners (naziv, vrste)
    select 'Bench partner ' || k, '["narucilac"]'::jsonb from generate_series(1, 5) as k
    on conflict do nothing`);
  const patientCount = await numberGeneratedPatients(db);
  const assayCount = await fillableAssayCount(db);
  // A sample's three assays are the catalogue's (3i, 3i + 11, 3i + 22)th, counted round: distinct unless the
  // catalogue has 1, 2, 11 or 22 of them, and the sample's totals below count three tests.
  if ([1, 2, 11, 22].includes(assayCount)) throw new Error(`a catalogue of ${assayCount} assays would give a sample the same test twice`);
  const bulk = !throughTriggers && (await bulkLoadAllowed(db));
  if (!bulk && !throughTriggers) log('not a superuser: the samples go through the triggers, statement by statement (slower)');
  let filled = 0;
  // Each batch in its own transaction, so a batch is there whole or not at all: one whose last sample is there is done.
  await inParallel(connections, batchesOf(samples, batchSize), async ({ from, to }) => {
    const [done] = await queryRows<{ done: boolean }>(db, sql`select exists (select 1 from samples where code = ${generatedCode(sql`${n(to)}`, perDay)}) as done`);
    if (done?.done) return;
    const started = Date.now();
    await db.transaction(async (tx) => {
      await setBatchTransaction(tx, bulk);
      await tx.execute(batchStatement(from, to, perDay, patientCount, assayCount, bulk));
    });
    filled += 1;
    log(`samples ${(from + 1).toLocaleString('en')} to ${to.toLocaleString('en')} of ${samples.toLocaleString('en')} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  });
  await db.execute(sql`drop table if exists bench_patient_numbers`);
  if (filled === 0) return;
  // Vacuumed as autovacuum would have kept the years of history: the statistics' index-only scans need the
  // visibility map. Only after filling: a bench that finds its data there times it as it finds it, the last
  // day changing (live-day.ts), not freshly vacuumed.
  for (const table of ['patients', 'samples', 'sample_tests', 'reports', 'statistics_samples_daily', 'statistics_sample_sections', 'statistics_results_daily']) {
    await db.execute(sql.raw(`vacuum analyze ${table}`));
  }
  await db.execute(sql`analyze`);
}

/** A node of PostgreSQL's EXPLAIN (ANALYZE, FORMAT JSON) plan, as far as profileNextBatch reads it. */
interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Subplan Name'?: string;
  'CTE Name'?: string;
  'Actual Total Time': number;
  'Actual Loops': number;
  'Actual Rows': number;
  'Shared Dirtied Blocks'?: number;
  Plans?: PlanNode[];
}

/** Where a batch's time went: one line per step of its statement. */
export interface BatchProfileStep { step: string; ms: number; rows: number; dirtiedBlocks: number }

/**
 * Runs the batch after the `samples` filled (samples `samples + 1` onwards) under EXPLAIN ANALYZE, as the fill
 * runs it (bulk when allowed), and rolls it back: the database is left as it was. Returns the statement's time and
 * its steps' own times, largest first: each table's insert (its heap, its indexes and conflict checks, less the
 * time of the rows fed to it) and each computing node. A CTE's rows are computed once, where first read, and the
 * CTE Scan reading them includes that time in its own, which the CTE's plan reports already: a scan's own time is
 * what it took beyond its CTE's (reading the stored rows).
 */
export async function profileNextBatch(db: Db, samples: number, batchSize = BATCH): Promise<{ executionMs: number; steps: BatchProfileStep[] }> {
  // The fill's own spread (samples a day for `samples`): the batch goes on into older days, so none of its codes
  // meets one already there (a spread for more samples would re-date them onto the filled days, where they conflict).
  const perDay = samplesPerDay(samples);
  const patientCount = await numberGeneratedPatients(db);
  const assayCount = await fillableAssayCount(db);
  const bulk = await bulkLoadAllowed(db);
  let plan: { Plan: PlanNode; 'Execution Time': number } | undefined;
  const rolledBack = new Error('profile only: rolled back');
  try {
    await db.transaction(async (tx) => {
      await setBatchTransaction(tx, bulk);
      const rows = await queryRows<{ 'QUERY PLAN': unknown }>(tx,
        sql`explain (analyze, buffers, format json) ${batchStatement(samples, samples + batchSize, perDay, patientCount, assayCount, bulk)}`);
      const explained = rows[0]!['QUERY PLAN'];
      plan = ((typeof explained === 'string' ? JSON.parse(explained) : explained) as (typeof plan)[])[0];
      throw rolledBack;
    });
  } catch (error) {
    if (error !== rolledBack) throw error;
  }
  await db.execute(sql`drop table if exists bench_patient_numbers`);
  const inclusive = (node: PlanNode) => node['Actual Total Time'] * node['Actual Loops'];
  const cteTimes = new Map<string, number>();
  const collect = (node: PlanNode) => {
    if (node['Subplan Name']?.startsWith('CTE ')) cteTimes.set(node['Subplan Name'].slice(4), inclusive(node));
    node.Plans?.forEach(collect);
  };
  collect(plan!.Plan);
  const steps: BatchProfileStep[] = [];
  const visit = (node: PlanNode) => {
    const children = node.Plans ?? [];
    // A CTE's own plan hangs under the node that declares it: its time is not the declaring node's.
    const fed = children.filter((child) => !child['Subplan Name']?.startsWith('CTE '));
    const computedElsewhere = node['CTE Name'] ? cteTimes.get(node['CTE Name']) ?? 0 : 0;
    const own = inclusive(node) - computedElsewhere - fed.reduce((sum, child) => sum + inclusive(child), 0);
    const name = node['Node Type'] === 'ModifyTable' ? `insert into ${node['Relation Name']}`
      : `${node['Node Type']}${node['Relation Name'] ? ` on ${node['Relation Name']}` : ''}${node['CTE Name'] ? ` of ${node['CTE Name']}` : ''}`;
    steps.push({ step: node['Subplan Name'] ? `${node['Subplan Name']}: ${name}` : name, ms: Math.max(0, own), rows: node['Actual Rows'] * node['Actual Loops'], dirtiedBlocks: node['Shared Dirtied Blocks'] ?? 0 });
    children.forEach(visit);
  };
  visit(plan!.Plan);
  return { executionMs: plan!['Execution Time'], steps: steps.sort((a, b) => b.ms - a.ms) };
}
