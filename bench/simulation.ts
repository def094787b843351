/**
 * Times the autoverification simulation: a draft with one rule for every assay (every condition on except the
 * limits, which the generated assays have none of, and QC, for which the generated data has no control runs)
 * simulated over the last 30 generated days of the admin's site, the screen's default period, through the real app.
 *
 *   BENCH_DATABASE_URL=postgres://… BENCH_SAMPLES=1000000 npm run simulation -w bench
 *   BENCH_ITERATIONS=3 npm run simulation -w bench          # PGlite in bench/.data
 *
 * Each run judges every sample of the period as it was at its first verification (history, control runs,
 * analyser flags, the patient's previous result). Results are printed and written to
 * bench/results/simulation-<database>.json with the commit, the row counts and the machine's load average.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { addDays, calendarDateOf, toIsoDate, type AutoverificationAnswer, type Simulation } from '@lis/domain';
import { queryRows } from '@lis/server/src/db/client.ts';
import { benchDir, log, startBench } from './setup.ts';

const { iterations, database, app, auth } = await startBench(3);
const loadBefore = loadavg();

const draft = await app.inject({
  method: 'POST', url: '/api/autoverifikacija/nacrt', headers: auth,
  payload: { naziv: 'Bench', pravila: { rules: [{ labassay: null, conditions: { limits: { on: false }, qc: { on: false } } }] } },
});
if (draft.statusCode !== 200) throw new Error(`the draft was refused: ${draft.body}`);
const shown = (await app.inject({ method: 'GET', url: '/api/autoverifikacija', headers: auth })).json<AutoverificationAnswer>();
if (!shown.nacrt) throw new Error('no draft after saving one');

// The generated days end yesterday: the period is the 30 days up to it.
const yesterday = addDays(calendarDateOf(new Date(), 'Europe/Sarajevo'), -1);
const period = { od: toIsoDate(addDays(yesterday, -29)), do: toIsoDate(yesterday) };

const runs: { ms: number; uzoraka: number; rezultata: number; pusteno: number }[] = [];
for (let index = 0; index < iterations; index += 1) {
  const started = performance.now();
  const response = await app.inject({ method: 'POST', url: '/api/autoverifikacija/simulacija', headers: auth, payload: period });
  const ms = performance.now() - started;
  if (response.statusCode !== 200) throw new Error(`the simulation failed: ${response.body.slice(0, 300)}`);
  const simulation = response.json<{ simulacija: Simulation }>().simulacija;
  runs.push({ ms, uzoraka: simulation.uzoraka, rezultata: simulation.rezultata, pusteno: simulation.rezultataPusteno });
  log(`run ${index + 1}: ${(ms / 1000).toFixed(1)} s for ${simulation.uzoraka.toLocaleString('en')} samples, `
    + `${simulation.rezultata.toLocaleString('en')} results (${simulation.rezultataPusteno.toLocaleString('en')} released)`);
}

const [counts] = await queryRows<{ samples: number; tests: number }>(database.db, sql`
  select (select count(*) from samples)::int as samples, (select count(*) from sample_tests)::int as tests`);
const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
const summary = {
  at: new Date().toISOString(), commit, database: database.kind, mode: app.mode, rows: counts, period,
  loadAverageBefore: loadBefore.map((value) => +value.toFixed(2)), loadAverageAfter: loadavg().map((value) => +value.toFixed(2)),
  runs: runs.map((run) => ({ ...run, ms: Math.round(run.ms) })),
};
mkdirSync(path.join(benchDir, 'results'), { recursive: true });
writeFileSync(path.join(benchDir, 'results', `simulation-${database.kind}.json`), `${JSON.stringify(summary, null, 2)}\n`);
await app.close();
await database.close();
