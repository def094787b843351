/**
 * Times the Levey-Jennings chart call (/kontrole/charts) on a lot with a year of daily runs of 3 levels.
 *
 *   npm run qc -w bench                                   # PGlite in bench/.data
 *   BENCH_DATABASE_URL=postgres://… npm run qc -w bench   # a PostgreSQL server (use an empty database)
 *
 * The samples startBench generates play no part in quality control, so this bench asks for 1,000 of them
 * unless BENCH_SAMPLES says otherwise. A control lot of glucose with three levels gets 365 daily runs
 * through the real entry call (each judged by the Westgard rules against the lot's history, as a year of
 * entry would leave it; about one run in twelve drifts high, so warnings and rejections are among them).
 * Then, through the real app (routing, auth, validation, SQL) with app.inject: the chart of the whole year,
 * of the screen's default month, and one more run entered on top of the year. Results are printed and
 * written to bench/results/qc-<database>.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { ControlAnswer, LabAssayListRow } from '@lis/domain';
import { queryRows } from '@lis/server/src/db/client.ts';

process.env.BENCH_SAMPLES ??= '1000';
const { benchDir, log, startBench } = await import('./setup.ts');
const { iterations, database, app, auth } = await startBench(200);

const DAYS = 365;
const LEVELS = [{ nivo: 1, mean: 5, sd: 0.15 }, { nivo: 2, mean: 10, sd: 0.3 }, { nivo: 3, mean: 20, sd: 0.6 }];
const assays = (await app.inject({ method: 'GET', url: '/api/assays/lab/list?per_page=0&datum=SVE', headers: auth })).json<{ data: LabAssayListRow[] }>().data;
const glucose = assays.find((assay) => assay.sifra === 'GLU');
if (!glucose) throw new Error('the demo catalogue has no GLU');

const expiry = `${new Date().getUTCFullYear() + 2}-12-31`;
const saved = await app.inject({
  method: 'POST', url: '/api/kontrole/definicija/save', headers: auth,
  payload: { element: { control: `Bench ${Date.now()}`, lot: 'BENCH', rok_trajanja: expiry, ciljevi: LEVELS.map((level) => ({ labassay: glucose._id, ...level })) } },
});
if (saved.statusCode !== 200) throw new Error(saved.body);
const lot = saved.json<{ kontrola: ControlAnswer }>().kontrola;

/** A level's value on day `day`: within ±1.5 SD by a fixed pattern, and 2.3 SD high every twelfth day. */
const valueOf = (day: number, level: (typeof LEVELS)[number]) =>
  (level.mean + level.sd * (day % 12 === 11 ? 2.3 : Math.sin(day * 1.7 + level.nivo) * 1.5)).toFixed(3);
const enter = (izmjereno: Date, day: number) => app.inject({
  method: 'POST', url: '/api/kontrole/unos', headers: auth,
  payload: { kontrola: lot._id, mod: 'Multi', izmjereno: izmjereno.toISOString(), vrijednosti: LEVELS.map((level) => ({ labassay: glucose._id, nivo: level.nivo, vrijednost: valueOf(day, level) })) },
});
const now = Date.now();
const started = performance.now();
for (let day = 0; day < DAYS; day += 1) {
  const response = await enter(new Date(now - (DAYS - day) * 86_400_000), day);
  if (response.statusCode !== 200) throw new Error(response.body);
}
log(`${DAYS} daily runs of ${LEVELS.length} levels entered in ${((performance.now() - started) / 1000).toFixed(1)} s`);
const statuses = await queryRows<{ status: string; n: number }>(database.db, sql`
  select status, count(*)::int as n from qc_results where control_id = ${lot._id} group by status order by status`);
log(`results by status: ${statuses.map((row) => `${row.status} ${row.n}`).join(', ')}`);

const day = (offset: number) => new Date(now + offset * 86_400_000).toISOString().slice(0, 10);
const chart = (from: string, to: string) => app.inject({
  method: 'GET', url: `/api/kontrole/charts?kontrola=${lot._id}&labassay=${glucose._id}&dateRangeMin=${from}&dateRangeMax=${to}`, headers: auth,
});
let extraDay = DAYS;
const scenarios: { name: string; call: () => Promise<number> }[] = [
  { name: 'chart, a year of daily runs, 3 levels (`GET /api/kontrole/charts`)', call: async () => (await chart(day(-DAYS - 1), day(0))).statusCode },
  { name: 'chart, the last 31 days (the screen\'s default)', call: async () => (await chart(day(-30), day(0))).statusCode },
  { name: 'for scale: the held tests, a small answer (`GET /api/kontrole/blokade`)', call: async () => (await app.inject({ method: 'GET', url: '/api/kontrole/blokade', headers: auth })).statusCode },
  { name: 'one more run of 3 levels on top of the year (`POST /api/kontrole/unos`)', call: async () => (await enter(new Date(), (extraDay += 1))).statusCode },
];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

// Besides wall-clock time, the process's own CPU time per call (user + system): what a call costs whatever
// else the machine runs (on PGlite it includes the database's work, on PostgreSQL only the app's).
const results: { name: string; p50: number; p95: number; p99: number; max: number; cpu: number; errors: number }[] = [];
for (const scenario of scenarios) {
  const rounds = scenario.name.includes('more run') ? Math.min(50, iterations) : iterations;
  for (let i = 0; i < 5; i += 1) await scenario.call(); // warm-up: plans and caches
  const times: number[] = [];
  let errors = 0;
  const cpuBefore = process.cpuUsage();
  for (let i = 0; i < rounds; i += 1) {
    const t0 = performance.now();
    const code = await scenario.call();
    times.push(performance.now() - t0);
    if (code >= 400) errors += 1;
  }
  const cpuUsed = process.cpuUsage(cpuBefore);
  times.sort((a, b) => a - b);
  const cpu = (cpuUsed.user + cpuUsed.system) / 1000 / rounds;
  const row = { name: scenario.name, p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99), max: times.at(-1)!, cpu, errors };
  results.push(row);
  log(`${row.name}: p50 ${row.p50.toFixed(1)} ms, p95 ${row.p95.toFixed(1)} ms, p99 ${row.p99.toFixed(1)} ms, CPU ${cpu.toFixed(1)} ms/call${errors ? `, ${errors} errors` : ''}`);
}

const summary = {
  at: new Date().toISOString(),
  database: database.kind,
  runs: DAYS,
  levels: LEVELS.length,
  iterations,
  loadAverage: loadavg(),
  results: results.map((row) => ({ ...row, p50: +row.p50.toFixed(2), p95: +row.p95.toFixed(2), p99: +row.p99.toFixed(2), max: +row.max.toFixed(2), cpu: +row.cpu.toFixed(2) })),
};
mkdirSync(path.join(benchDir, 'results'), { recursive: true });
writeFileSync(path.join(benchDir, 'results', `qc-${database.kind}.json`), `${JSON.stringify(summary, null, 2)}\n`);
console.log('\n| call | p50 ms | p95 ms | p99 ms | CPU ms/call |\n|---|---|---|---|---|');
for (const row of results) console.log(`| ${row.name} | ${row.p50.toFixed(1)} | ${row.p95.toFixed(1)} | ${row.p99.toFixed(1)} | ${row.cpu.toFixed(1)} |`);
await app.close();
await database.close();
