import { sql } from 'drizzle-orm';
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
 * Fills the database with `samples` samples of `samples / 4` fictitious
 * patients, three tests each (two of their results from analysers), five in
 * seven ordered by one of five partners, spread over past days (1,000 a day, more
 * when that would take more than four years: a regional network's 10 M keep four
 * years online) so that no generated code can meet a code the allocator hands out
 * today. Shapes as a lab's: results vary (2.0 to 9.9), turnaround times vary
 * (received within 40 minutes, approved 15 minutes to 3 hours later, verified
 * 5 minutes to 2 hours after that), yesterday's samples are still in every status
 * (registered, in work, done, approved, verified; those not yet in work without
 * results), older days almost all verified. Statistics tables are kept by the
 * triggers as in production, statement by statement. Set-based
 * INSERT ... SELECT generate_series in batches, so a million rows take minutes,
 * not hours. Idempotent: tops up to the wanted count.
 */
export async function generateVolume(db: Db, samples: number, log: (line: string) => void): Promise<void> {
  const SAMPLES_PER_DAY = samplesPerDay(samples);
  const patients = Math.max(1, Math.floor(samples / 4));
  const havePatients = await count(db, 'patients');
  for (let from = havePatients; from < patients; from += BATCH) {
    const to = Math.min(patients, from + BATCH);
    await db.execute(sql`
      insert into patients (jmbg, ime, prezime, spol, godiste, adresa, telefon)
      select lpad(((i % 28) + 1)::text, 2, '0') || lpad(((i % 12) + 1)::text, 2, '0') || '9'
               || lpad((40 + i % 60)::text, 2, '0') || lpad(i::text, 6, '0'),
             (${textArray(FIRST_NAMES)})[1 + i % ${n(FIRST_NAMES.length)}],
             (${textArray(LAST_NAMES)})[1 + (i / 7) % ${n(LAST_NAMES.length)}],
             case when i % 2 = 0 then 'MUŠKI' else 'ŽENSKI' end,
             1940 + i % 60, 'Ulica ' || (i % 300), '061' || lpad((i % 1000000)::text, 6, '0')
      from generate_series(${n(from + 1)}, ${n(to)}) as i
      on conflict (jmbg) do nothing`);
    log(`patients ${to.toLocaleString('en')} / ${patients.toLocaleString('en')}`);
  }

  // Five ordering partners: most samples name one of them, two in seven none (the statistics per partner).
  await db.execute(sql`
    insert into partners (naziv, vrste)
    select 'Bench partner ' || k, '["narucilac"]'::jsonb from generate_series(1, 5) as k
    on conflict do nothing`);
  // The generated patients numbered once (a join key for every batch): numbering 2.5 M patients by sorting them
  // in each of a 10 M fill's hundred statements cost more than the inserts.
  await db.execute(sql`create unlogged table if not exists bench_patient_numbers (n bigint primary key, id uuid not null)`);
  if ((await count(db, 'bench_patient_numbers')) !== (await count(db, "patients where jmbg like '____9%'"))) {
    await db.execute(sql`truncate bench_patient_numbers`);
    await db.execute(sql`insert into bench_patient_numbers select row_number() over (order by jmbg), id from patients where jmbg like '____9%'`);
  }
  const patientCount = await count(db, 'bench_patient_numbers');
  const haveSamples = await count(db, 'samples where code like \'1%\' or code like \'2%\'');
  for (let from = haveSamples; from < samples; from += BATCH) {
    const to = Math.min(samples, from + BATCH);
    const started = Date.now();
    // The batch's samples and their three tests in one statement: the tests take the rows the sample insert
    // returns, so no batch looks for samples without tests (an anti-join over every sample, slower each batch).
    await db.execute(sql`
      with site_ids as (select id, row_number() over (order by sifra) as n from sites),
           partner_ids as (select id, row_number() over (order by naziv) as n from partners where naziv like 'Bench partner %'),
           generated as (
             select i, date_trunc('day', now()) - make_interval(days => 1 + (i - 1) / ${n(SAMPLES_PER_DAY)}) + make_interval(secs => (i * 37) % 86000) as at,
                    case when i <= ${n(SAMPLES_PER_DAY)} then (array['ZAPRIMLJEN', 'U OBRADI', 'REALIZOVAN', 'ODOBREN', 'VERIFICIRAN', 'VERIFICIRAN'])[1 + i % 6]
                         when i % 97 = 0 then 'ODOBREN' when i % 89 = 0 then 'REALIZOVAN' else 'VERIFICIRAN' end as status,
                    make_interval(mins => (i * 7) % 40) as to_received,
                    make_interval(mins => 15 + (i * 13) % 180) as to_approved,
                    make_interval(mins => 5 + (i * 11) % 120) as to_verified
             from generate_series(${n(from + 1)}, ${n(to)}) as i),
           inserted as (
             insert into samples (site_id, patient_id, code, rbr, status, hitan, datum, received_at, created_at, updated_at,
                                  approved_at, verified_at, verified_once, partner_id)
             select s.id, p.id,
                    to_char(g.at, 'YYMMDD') || lpad((((g.i - 1) % ${n(SAMPLES_PER_DAY)}) + 1)::text, 4, '0'),
                    ((g.i - 1) % ${n(SAMPLES_PER_DAY)}) + 1,
                    g.status, g.i % 50 = 0, g.at, g.at + g.to_received, g.at, g.at + g.to_received,
                    case when g.status in ('ODOBREN', 'VERIFICIRAN') then g.at + g.to_received + g.to_approved end,
                    case when g.status = 'VERIFICIRAN' then g.at + g.to_received + g.to_approved + g.to_verified end,
                    g.status = 'VERIFICIRAN', pa.id
             from generated g
             join bench_patient_numbers p on p.n = 1 + (g.i::bigint * 7919) % ${n(patientCount)}
             join site_ids s on s.n = 1 + g.i % (select count(*) from sites)
             left join partner_ids pa on pa.n = g.i % 7
             on conflict (code) do nothing
             returning id, status),
           assays as (select id, price, row_number() over (order by sifra) as n from lab_assays where not calculated and not disabled),
           numbered as (select id, status, row_number() over () as k from inserted),
           valued as (select f.id, f.status, f.k, j, round(2 + ((f.k * 31 + j * 17) % 80) / 10.0, 1) as value
                      from numbered f cross join generate_series(0, 2) as j)
      insert into sample_tests (sample_id, labassay_id, price, status_t, rezultat, rezultat_f, unio_source)
      select f.id, a.id, a.price, f.status,
             case when f.status not in ('ZAPRIMLJEN', 'U OBRADI') then f.value::text end,
             case when f.status not in ('ZAPRIMLJEN', 'U OBRADI') then f.value end,
             case when f.status in ('ZAPRIMLJEN', 'U OBRADI') then null when f.j = 0 then 'Cobas c311' when f.j = 1 then 'Sysmex XN' end
      from valued f
      join assays a on a.n = 1 + (f.k * 3 + f.j * 11) % (select count(*) from assays)
      on conflict do nothing`);
    log(`samples ${to.toLocaleString('en')} / ${samples.toLocaleString('en')} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  }
  await db.execute(sql`drop table if exists bench_patient_numbers`);
  // Vacuumed as autovacuum would keep a live database: the statistics' index-only scans need the visibility map.
  for (const table of ['samples', 'sample_tests', 'statistics_samples_daily', 'statistics_sample_sections', 'statistics_results_daily']) {
    await db.execute(sql.raw(`vacuum analyze ${table}`));
  }
  await db.execute(sql`analyze`);
}
