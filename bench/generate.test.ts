import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { queryRows, type Database, type Db } from '@lis/server/src/db/client.ts';
import { createTestDatabase } from '@lis/server/src/test/harness.ts';
import { generateVolume } from './generate.ts';

/**
 * What the triggers keep, each row named by what it counts (sites, partners, sections and assays by their
 * codes and names: each database draws its own ids) and counted: a key's count is added up over its rows.
 */
const DERIVED: Record<string, string> = {
  'samples per site, day, status, urgency and partner': `
    select si.sifra || ' ' || d.dan || ' ' || d.status || ' ' || d.hitan || ' ' || coalesce(p.naziv, '-') as key, d.uzorci || '/' || d.testovi as value
    from statistics_samples_daily d join sites si on si.id = d.site_id left join partners p on p.id = d.partner_id`,
  'results per site, day, assay and source': `
    select si.sifra || ' ' || d.dan || ' ' || a.sifra || ' ' || coalesce(d.izvor, '-') as key, d.rezultati || '/' || d.pozitivni as value
    from statistics_results_daily d join sites si on si.id = d.site_id join lab_assays a on a.id = d.labassay_id`,
  'tests and turnaround per sample and lab section': `
    select s.code || ' ' || ls.sifra || ' ' || si.sifra || ' ' || d.dan as key, d.testovi || '/' || coalesce(round(d.minuta::numeric, 3)::text, '-') as value
    from statistics_sample_sections d join samples s on s.id = d.sample_id join lab_sections ls on ls.id = d.sekcija_id join sites si on si.id = d.site_id`,
  'samples and tests per site, day, lab section and turnaround minute': `
    select si.sifra || ' ' || d.dan || ' ' || ls.sifra || ' ' || coalesce(d.minuta::text, '-') as key, d.uzorci || '/' || d.testovi as value
    from statistics_sections_daily d join lab_sections ls on ls.id = d.sekcija_id join sites si on si.id = d.site_id`,
  'verified samples per site, day, urgency and turnaround minute': `
    select si.sifra || ' ' || d.dan || ' ' || d.hitan || ' ' || d.minuta as key, d.uzorci::text as value
    from statistics_turnaround_daily d join sites si on si.id = d.site_id`,
  'samples, tests and price per site and quarter hour': `
    select si.sifra || ' ' || q.quarter_hour as key, q.uzoraka || '/' || q.testova || '/' || q.iznos as value
    from sample_totals_by_quarter_hour q join sites si on si.id = q.site_id`,
  "each sample's test count, price and microbiology flag": `
    select code as key, test_count || '/' || price_total || '/' || mikrobiologija as value from samples`,
};

/** A derived table as key → value, keys unique (the tables' keys are, the samples' codes are). */
async function snapshot(db: Db, query: string): Promise<Map<string, string>> {
  return new Map((await queryRows<{ key: string; value: string }>(db, sql.raw(query))).map((row) => [row.key, row.value]));
}

/** What the fill added or changed: the keys whose value differs from before the fill, with their new value ('gone' if none). */
function changes(before: Map<string, string>, after: Map<string, string>): Record<string, string> {
  const changed: Record<string, string> = {};
  for (const [key, value] of after) if (before.get(key) !== value) changed[key] = value;
  for (const key of before.keys()) if (!after.has(key)) changed[key] = 'gone';
  return changed;
}

async function fillAndDiff(database: Database, fill: (db: Db) => Promise<void>): Promise<Record<string, Record<string, string>>> {
  const before = Object.fromEntries(await Promise.all(Object.entries(DERIVED).map(async ([name, query]) => [name, await snapshot(database.db, query)] as const)));
  await fill(database.db);
  const diff: Record<string, Record<string, string>> = {};
  for (const [name, query] of Object.entries(DERIVED)) diff[name] = changes(before[name]!, await snapshot(database.db, query));
  return diff;
}

describe('bench/generate.ts', () => {
  const opened: Database[] = [];
  afterAll(async () => { await Promise.all(opened.map((database) => database.close())); });

  // The bulk fill turns the triggers off and writes what they would: the statistics must come out the same as a
  // fill through the triggers, or every figure timed on them measures tables no lab would have.
  it('a bulk fill leaves the statistics and totals a fill through the triggers leaves', async () => {
    const viaTriggers = await createTestDatabase();
    opened.push(viaTriggers);
    const bulk = await createTestDatabase();
    opened.push(bulk);
    const samples = 2_500; // yesterday's samples in every status, and two days before
    const expected = await fillAndDiff(viaTriggers, (db) => generateVolume(db, samples, () => {}, { throughTriggers: true }));
    // Batches of 700 side by side: most days are split between two batches, which add to the same rows at once.
    const actual = await fillAndDiff(bulk, (db) => generateVolume(db, samples, () => {}, { connections: 2, batchSize: 700 }));
    expect(Object.keys(expected['tests and turnaround per sample and lab section']!).length).toBeGreaterThan(samples);
    // A few generated codes meet the demo seed's samples of the same days and are left out, in both.
    expect(Object.keys(expected["each sample's test count, price and microbiology flag"]!).length).toBeGreaterThan(samples - 10);
    for (const name of Object.keys(DERIVED)) expect(actual[name], name).toEqual(expected[name]);
  });

  it('tops up: a second fill to the same count adds nothing', async () => {
    const database = opened[1]!;
    const [before] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from sample_tests`);
    await generateVolume(database.db, 2_500, () => {}, { connections: 2, batchSize: 700 });
    const [after] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from sample_tests`);
    expect(after!.n).toBe(before!.n);
  });
});
