/**
 * Times the hot API calls with a large database behind them.
 *
 *   npm run bench                                   # PGlite in bench/.data, 1,000,000 samples
 *   BENCH_DATABASE_URL=postgres://… npm run bench   # a PostgreSQL server (use an empty database)
 *   BENCH_SAMPLES=100000 BENCH_ITERATIONS=100 npm run bench
 *
 * Calls go through the real Fastify app (routing, auth hook, validation,
 * service, SQL) with app.inject, so the figures are the server's own time per
 * call without network; BENCH_HTTP=1 sends them over real HTTP to the app
 * listening with its default log level (setup.ts). Results are printed and
 * written to bench/results/ with the commit, the load average and the mode.
 */
import { execSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { queryRows } from '@lis/server/src/db/client.ts';
import { startLiveDay } from './live-day.ts';
import { benchDir, generatedDaysRange, log, startBench } from './setup.ts';

const { iterations, database, app, session, auth } = await startBench(200);

const pick = async <T>(query: string): Promise<T[]> =>
  queryRows<T>(database.db, sql.raw(query));
const knownJmbgs = (await pick<{ jmbg: string }>(`select jmbg from patients where jmbg like '____9%' order by jmbg limit 500`)).map((row) => row.jmbg);
const patientIds = (await pick<{ id: string }>(`select id from patients where jmbg like '____9%' order by jmbg limit 500`)).map((row) => row.id);
const sampleIds = (await pick<{ id: string }>(`select id from samples where site_id = '${session.site}' order by created_at desc limit 500`)).map((row) => row.id);
const assayIds = (await pick<{ id: string }>(`select id from lab_assays where not calculated and not disabled and not manual order by sifra limit 40`)).map((row) => row.id);
const prefixes = ['HOD', 'BEG', 'KOV', 'DEL', 'JUR', 'PET', 'BAB', 'OME'];

const status = async (promise: Promise<{ statusCode: number }>) => (await promise).statusCode;
const at = <T>(list: T[], i: number) => list[i % list.length]!;

// Result entry: samples of 40 tests whose results are saved all at once, as a technician does from a printout.
// The assays are ones every adult may be given (no sex-, pregnancy- or menopause-specific range), so the samples save.
const fortyAssayIds = (await pick<{ id: string }>(`select a.id from lab_assays a where not a.calculated and not a.disabled and not a.manual
  and not exists (select 1 from reference_ranges r where r.labassay_id = a.id and (r.spol is not null or r.trudnica is not null or r.menopauza is not null))
  order by a.sifra limit 40`)).map((row) => row.id);
if (fortyAssayIds.length !== 40) throw new Error(`the catalogue has ${fortyAssayIds.length} assays for a 40-test sample, not 40`);
interface EntrySample { sid: string; version: number; tests: { _id: string; vrsta: string; opcije: string[] }[] }
const entrySamples: EntrySample[] = [];
for (let k = 0; entrySamples.length < 20 && k < patientIds.length; k += 1) {
  const created = await app.inject({ method: 'POST', url: '/api/uzorci/save', headers: auth, payload: { pid: patientIds[k], testovi: fortyAssayIds } });
  if (created.statusCode !== 201) continue;
  const sid = created.json<{ uzorak: { _id: string } }>().uzorak._id;
  const shown = (await app.inject({ method: 'GET', url: `/api/rezultati/${sid}`, headers: auth })).json<EntrySample>();
  entrySamples.push({ sid, version: shown.version, tests: shown.tests });
}
if (entrySamples.length < 20) throw new Error('could not create the 40-test samples for the result-entry benchmark');

/** A result each kind of assay takes; every other round of a sample gives the other value, so each save changes all 40 results. */
function resultFor(test: EntrySample['tests'][number], round: number): string {
  const second = round % 2 === 1;
  if (test.vrsta === 'qualitative') return second ? `Pozitivan${test.opcije[0] ? ` (${test.opcije[0]})` : ''}` : 'Negativan';
  if (test.vrsta === 'text') return second ? 'Bistra' : 'Žuta';
  return second ? '5,1' : '4,5';
}

async function saveFortyResults(i: number): Promise<number> {
  const sample = at(entrySamples, i);
  const round = Math.floor(i / entrySamples.length);
  const response = await app.inject({
    method: 'POST', url: '/api/rezultati/save', headers: auth,
    payload: { sid: sample.sid, version: sample.version, rezultati: sample.tests.map((test) => ({ test: test._id, rezultat: resultFor(test, round) })) },
  });
  if (response.statusCode === 200) sample.version = response.json<{ version: number }>().version;
  return response.statusCode;
}

// Approval and verification (which issues the signed report PDF): samples of three numeric tests without a
// critical value to acknowledge, their results saved before timing, each approved once and then verified once
// by the timed calls.
const sampleAssayIds = (await pick<{ id: string }>(`select a.id from lab_assays a where not a.calculated and not a.disabled and not a.manual
  and a.vrsta = 'numeric' and a.critical_low is null and a.critical_high is null
  and not exists (select 1 from reference_ranges r where r.labassay_id = a.id and (r.spol is not null or r.trudnica is not null or r.menopauza is not null))
  order by a.sifra limit 3`)).map((row) => row.id);
interface ReviewSample { sid: string }
const reviewSamples: ReviewSample[] = [];
for (let k = 0; reviewSamples.length < iterations + 10 && k < 10 * (iterations + 10); k += 1) {
  const created = await app.inject({ method: 'POST', url: '/api/uzorci/save', headers: auth, payload: { pid: at(patientIds, k), testovi: sampleAssayIds } });
  if (created.statusCode !== 201) continue;
  const sid = created.json<{ uzorak: { _id: string } }>().uzorak._id;
  const shown = (await app.inject({ method: 'GET', url: `/api/rezultati/${sid}`, headers: auth })).json<EntrySample>();
  const saved = await app.inject({
    method: 'POST', url: '/api/rezultati/save', headers: auth,
    payload: { sid, version: shown.version, rezultati: shown.tests.map((test) => ({ test: test._id, rezultat: resultFor(test, 0) })) },
  });
  if (saved.statusCode === 200) reviewSamples.push({ sid });
}
if (reviewSamples.length < iterations + 10) throw new Error('could not prepare the samples for the approval and verification benchmarks');

interface Scenario {
  name: string;
  call: (i: number) => Promise<number>;
  /** Timed calls when fewer than BENCH_ITERATIONS make sense (a report over a year takes seconds). */
  iterations?: number;
}


const scenarios: Scenario[] = [
  { name: 'patient find by JMBG (POST /api/pacijenti/unos/find)', call: (i) => status(app.inject({ method: 'POST', url: '/api/pacijenti/unos/find', headers: auth, payload: { jmbg: at(knownJmbgs, i) } })) },
  { name: 'patient search by surname prefix (GET /api/pacijenti/list)', call: (i) => status(app.inject({ method: 'GET', url: `/api/pacijenti/list?filter=${encodeURIComponent(at(prefixes, i))}&per_page=15&datum=SVE`, headers: auth })) },
  { name: 'patient search by JMBG prefix (GET /api/pacijenti/list)', call: (i) => status(app.inject({ method: 'GET', url: `/api/pacijenti/list?filter=${at(knownJmbgs, i).slice(0, 7)}&per_page=15&datum=SVE`, headers: auth })) },
  { name: 'patient detail (GET /api/pacijenti/detalji/{id})', call: (i) => status(app.inject({ method: 'GET', url: `/api/pacijenti/detalji/${at(patientIds, i)}`, headers: auth })) },
  { name: 'sample list, newest page (GET /api/uzorci/list)', call: () => status(app.inject({ method: 'GET', url: '/api/uzorci/list?per_page=15&datum=SVE', headers: auth })) },
  { name: 'processing worklist, newest page (GET /api/obrada/list)', call: () => status(app.inject({ method: 'GET', url: '/api/obrada/list?per_page=15', headers: auth })) },
  { name: 'microbiology worklist (GET /api/obrada/list?datum=Mikrobiologija)', call: () => status(app.inject({ method: 'GET', url: '/api/obrada/list?per_page=15&datum=Mikrobiologija', headers: auth })) },
  { name: 'processing list, all days (GET /api/obrada/list?datum=SVE)', call: () => status(app.inject({ method: 'GET', url: '/api/obrada/list?per_page=15&datum=SVE', headers: auth })) },
  { name: 'results check, newest page (GET /api/protokol/list)', call: () => status(app.inject({ method: 'GET', url: '/api/protokol/list?per_page=15', headers: auth })) },
  { name: "a patient's results over time (GET /api/rezultati/pacijent/{id})", call: (i) => status(app.inject({ method: 'GET', url: `/api/rezultati/pacijent/${at(patientIds, i)}`, headers: auth })) },
  { name: 'sample show (GET /api/uzorci/show/{sid})', call: (i) => status(app.inject({ method: 'GET', url: `/api/uzorci/show/${at(sampleIds, i)}`, headers: auth })) },
  { name: 'result screen (GET /api/rezultati/{sid})', call: (i) => status(app.inject({ method: 'GET', url: `/api/rezultati/${at(sampleIds, i)}`, headers: auth })) },
  { name: 'saving the results of a 40-test sample (POST /api/rezultati/save)', call: saveFortyResults },
  { name: 'issued results list, newest page (GET /api/nalazi/list)', call: () => status(app.inject({ method: 'GET', url: '/api/nalazi/list?per_page=15', headers: auth })) },
  { name: 'statistics over 30 days, the screen\'s default (GET /api/statistika)', call: () => status(app.inject({ method: 'GET', url: `/api/statistika?${generatedDaysRange(30)}`, headers: auth })) },
  { name: 'approval of a 3-test sample (POST /api/rezultati/odobri)', call: (i) => status(app.inject({ method: 'POST', url: '/api/rezultati/odobri', headers: auth, payload: { sid: at(reviewSamples, i).sid } })) },
  {
    name: 'verification to the signed PDF served (POST /api/rezultati/verifikuj, then GET /api/nalazi/pdf/{sid})',
    call: async (i) => {
      const { sid } = at(reviewSamples, i);
      const verified = await app.inject({ method: 'POST', url: '/api/rezultati/verifikuj', headers: auth, payload: { sid } });
      if (verified.statusCode !== 200) return verified.statusCode;
      const served = await app.inject({ method: 'GET', url: `/api/nalazi/pdf/${sid}`, headers: auth });
      return served.headers['content-type'] === 'application/pdf' ? served.statusCode : 500;
    },
  },
  {
    name: 'sample creation with 3 tests (POST /api/uzorci/save)',
    call: (i) => status(app.inject({
      method: 'POST', url: '/api/uzorci/save', headers: auth,
      payload: { pid: at(patientIds, i), testovi: [at(assayIds, i), at(assayIds, i + 7), at(assayIds, i + 13)] },
    })),
  },
];

// Izvještaji over the last month and the last year at the site (the generated samples are 500 a day per site):
// every report over a month, the per-day and per-sample ones over a year, and the exports of the heaviest.
const DAY_MS = 86_400_000;
const rangeOf = (days: number) => {
  const end = new Date(Date.now() - DAY_MS);
  return `dateRangeMin=${new Date(end.getTime() - days * DAY_MS).toISOString()}&dateRangeMax=${end.toISOString()}`;
};
const report = (url: string) => () => status(app.inject({ method: 'GET', url: `/api/izvjestaji/${url}`, headers: auth }));
const REPORTS_OVER_A_MONTH = ['fpodanu', 'ppodanu', 'ppomjestu', 'ppolokaciji', 'protokol', 'tatpopacijentu', 'worklists'];
scenarios.push(
  ...REPORTS_OVER_A_MONTH.map((flag) => ({ name: `report ${flag} over a month (GET /api/izvjestaji/${flag})`, call: report(`${flag}?${rangeOf(30)}`), iterations: 20 })),
  ...['fpodanu', 'ppodanu', 'ppomjestu', 'protokol', 'tatpopacijentu'].map((flag) => ({
    name: `report ${flag} over a year (GET /api/izvjestaji/${flag})`, call: report(`${flag}?${rangeOf(365)}`), iterations: 5,
  })),
  { name: 'report fpodanu over a year as PDF (GET /api/izvjestaji/fpodanu/pdf)', call: report(`fpodanu/pdf?${rangeOf(365)}`), iterations: 5 },
  { name: 'report fpodanu over a year as XLSX (GET /api/izvjestaji/fpodanu/xlsx)', call: report(`fpodanu/xlsx?${rangeOf(365)}`), iterations: 5 },
  { name: 'report protokol over a month as PDF (GET /api/izvjestaji/protokol/pdf)', call: report(`protokol/pdf?${rangeOf(30)}`), iterations: 3 },
);

/** BENCH_FILTER: only the scenarios whose name contains it (e.g. 'report'); BENCH_EXCLUDE: not those whose name contains it. */
const filter = process.env.BENCH_FILTER ?? '';
const exclude = process.env.BENCH_EXCLUDE ?? '';

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const liveDay = await startLiveDay(database.db);
const results: { name: string; p50: number; p95: number; p99: number; max: number; errors: number }[] = [];
for (const scenario of scenarios.filter((candidate) => candidate.name.includes(filter) && !(exclude && candidate.name.includes(exclude)))) {
  const rounds = scenario.iterations ?? iterations;
  for (let i = 0; i < Math.min(10, rounds); i += 1) await scenario.call(i); // warm-up: plans and caches
  const times: number[] = [];
  let errors = 0;
  for (let i = 0; i < rounds; i += 1) {
    const t0 = performance.now();
    const code = await scenario.call(i + 10);
    times.push(performance.now() - t0);
    if (code >= 400) errors += 1;
  }
  times.sort((a, b) => a - b);
  const row = { name: scenario.name, p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99), max: times.at(-1)!, errors };
  results.push(row);
  log(`${row.name}: p50 ${row.p50.toFixed(1)} ms, p95 ${row.p95.toFixed(1)} ms, p99 ${row.p99.toFixed(1)} ms${errors ? `, ${errors} errors` : ''}`);
}

await liveDay.stop();
log(`the last generated day moved on by ${liveDay.steps()} sample steps while the calls were timed`);
const counts = await pick<{ samples: number; patients: number }>('select (select count(*) from samples)::int as samples, (select count(*) from patients)::int as patients');
const summary = {
  at: new Date().toISOString(),
  commit: execSync('git rev-parse --short HEAD', { cwd: benchDir }).toString().trim(),
  loadAverage: os.loadavg().map((value) => +value.toFixed(2)),
  database: database.kind,
  calls: app.mode === 'http' ? 'over HTTP, default log level' : 'in process (app.inject), no logger',
  rows: counts[0],
  iterations,
  lastDayStepsWhileTiming: liveDay.steps(),
  results: results.map((row) => ({ ...row, p50: +row.p50.toFixed(2), p95: +row.p95.toFixed(2), p99: +row.p99.toFixed(2), max: +row.max.toFixed(2) })),
};
mkdirSync(path.join(benchDir, 'results'), { recursive: true });
writeFileSync(path.join(benchDir, 'results', `${database.kind}${app.mode === 'http' ? '-http' : ''}${filter ? `-${filter.replace(/[^a-z0-9]+/gi, '-')}` : ''}.json`), `${JSON.stringify(summary, null, 2)}\n`);
console.log('\n| call | p50 ms | p95 ms | p99 ms |\n|---|---|---|---|');
for (const row of results) console.log(`| ${row.name} | ${row.p50.toFixed(1)} | ${row.p95.toFixed(1)} | ${row.p99.toFixed(1)} |`);
await app.close();
await database.close();
if (results.some((row) => row.errors > 0)) {
  console.error('Some calls answered errors: the figures above do not measure what they name.');
  process.exitCode = 1;
}
