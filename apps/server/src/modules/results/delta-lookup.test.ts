import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../../db/client.ts';
import { createTestDatabase } from '../../test/harness.ts';
import { resultRepository } from './repository.ts';

// The delta check's lookup of a patient's previous verified result, against a plain reference
// implementation over a patient with thousands of samples, and its plan: the partial index
// samples_patient_verified_idx serves it, however many samples the patient and the lab have.

let database: Database;
let siteA: string;
let siteB: string;
let patientId: string;
let assays: string[];

interface GeneratedSample {
  id: string;
  siteId: string;
  status: string;
  datum: Date;
  verifiedAt: Date | null;
  results: Map<string, string | null>;
}
let generated: GeneratedSample[] = [];

const instant = (value: Date | string) => (value instanceof Date ? value : new Date(value));

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  const sites = await queryRows<{ id: string }>(db, sql`select id from sites order by sifra`);
  [siteA, siteB] = sites.map((row) => row.id) as [string, string];
  assays = (await queryRows<{ id: string }>(db, sql`select id from lab_assays where not calculated order by sifra limit 3`)).map((row) => row.id);
  // Other patients' samples, so the patient's are a small part of the table.
  await db.execute(sql`
    insert into patients (jmbg, ime, prezime, spol) select 'DELTA' || lpad(n::text, 8, '0'), 'IME', 'PREZIME', 'MUŠKI' from generate_series(0, 2000) as n`);
  patientId = (await queryRows<{ id: string }>(db, sql`select id from patients where jmbg = 'DELTA00000000'`))[0]!.id;
  await db.execute(sql`
    insert into samples (site_id, patient_id, code, rbr, status, datum, created_at, verified_at)
    select ${siteA}::uuid, p.id, 'DX' || p.jmbg || '-' || k, k, 'VERIFICIRAN', now() - make_interval(days => k), now() - make_interval(days => k),
           now() - make_interval(days => k) + interval '3 hours'
    from patients p cross join generate_series(1, 10) as k where p.jmbg like 'DELTA%' and p.jmbg <> 'DELTA00000000'`);
  // The patient's own 3,000 samples on two sites, in every status; verification times out of step with the sample dates.
  await db.execute(sql`
    insert into samples (site_id, patient_id, code, rbr, status, datum, created_at, verified_at)
    select case when n % 7 = 0 then ${siteB}::uuid else ${siteA}::uuid end, ${patientId}::uuid, 'DP' || n, n,
           case when n % 5 = 0 then 'ODOBREN' when n % 11 = 0 then 'REALIZOVAN' else 'VERIFICIRAN' end,
           timestamptz '2024-01-01 08:00+00' + make_interval(hours => n * 5),
           timestamptz '2024-01-01 08:00+00' + make_interval(hours => n * 5),
           case when n % 5 = 0 or n % 11 = 0 or n % 13 = 0 then null
                else timestamptz '2024-01-01 08:00+00' + make_interval(hours => n * 5 + (n * 37) % 400) end
    from generate_series(1, 3000) as n`);
  await db.execute(sql`
    insert into sample_tests (sample_id, labassay_id, rezultat)
    select s.id, a.id,
           case when (s.rbr + a.n) % 9 = 0 then null when (s.rbr + a.n) % 17 = 0 then ' ' else (s.rbr * 10 + a.n)::text end
    from samples s
    cross join (select id, row_number() over (order by id) as n from lab_assays where id in (${sql.join(assays.map((id) => sql`${id}::uuid`), sql`, `)})) as a
    where s.code like 'D%' and (s.rbr + a.n) % 4 <> 0`);
  await db.execute(sql`analyze`);
  const rows = await queryRows<{ id: string; site_id: string; status: string; datum: Date | string; verified_at: Date | string | null; labassay_id: string | null; rezultat: string | null }>(db, sql`
    select s.id, s.site_id, s.status, s.datum, s.verified_at, t.labassay_id, t.rezultat
    from samples s left join sample_tests t on t.sample_id = s.id where s.patient_id = ${patientId}::uuid`);
  const byId = new Map<string, GeneratedSample>();
  for (const row of rows) {
    const sample = byId.get(row.id) ?? {
      id: row.id, siteId: row.site_id, status: row.status, datum: instant(row.datum), verifiedAt: row.verified_at === null ? null : instant(row.verified_at), results: new Map(),
    };
    if (row.labassay_id) sample.results.set(row.labassay_id, row.rezultat);
    byId.set(row.id, sample);
  }
  generated = [...byId.values()];
}, 120_000);
afterAll(async () => { await database.close(); });

/** The reference: the latest verification among the patient's other verified samples of the site, taken no later, with a result. */
function expected(current: GeneratedSample, siteId: string) {
  return assays.flatMap((assay) => {
    const candidates = generated.filter((sample) => sample.siteId === siteId && sample.status === 'VERIFICIRAN' && sample.verifiedAt !== null
      && sample.id !== current.id && sample.datum <= current.datum && (sample.results.get(assay) ?? '').trim() !== '');
    const latest = candidates.sort((a, b) => b.verifiedAt!.getTime() - a.verifiedAt!.getTime())[0];
    return latest ? [{ labassayId: assay, rezultat: latest.results.get(assay)!, verifiedAt: latest.verifiedAt! }] : [];
  }).sort((a, b) => a.labassayId.localeCompare(b.labassayId));
}

describe('the previous verified result of a patient with thousands of samples', () => {
  it('is the one a plain reference implementation finds, for samples all along the history and on both sites', async () => {
    expect(generated.length).toBe(3000);
    const picks = generated.filter((_sample, index) => index % 97 === 0);
    let compared = 0;
    for (const current of picks) {
      for (const siteId of [siteA, siteB]) {
        const found = await resultRepository(database.db, siteId).previousVerifiedResults({ id: current.id, patientId, datum: current.datum }, assays);
        expect(found.sort((a, b) => a.labassayId.localeCompare(b.labassayId)), `${current.id} at ${siteId}`).toEqual(expected(current, siteId));
        compared += found.length;
      }
    }
    // Most picks have earlier verified results of every assay: the comparison is not of empty lists.
    expect(compared).toBeGreaterThan(picks.length * assays.length);
  });

  it('is served by samples_patient_verified_idx, without reading the samples table through', async () => {
    const latest = [...generated].sort((a, b) => b.datum.getTime() - a.datum.getTime())[0]!;
    const statement = resultRepository(database.db, siteA).previousVerifiedStatement({ id: latest.id, patientId, datum: latest.datum }, assays);
    if (!statement) throw new Error('no statement');
    const rows = await queryRows<Record<string, string>>(database.db, sql`explain ${statement}`);
    const plan = rows.map((row) => Object.values(row).join(' ')).join('\n');
    expect(plan).toContain('samples_patient_verified_idx');
    expect(plan).toContain('sample_tests_sample_assay_key');
    expect(plan).not.toMatch(/Seq Scan on samples/);
  });
});
