/**
 * Times the lab statistics (/statistika) and the wall display (/dashboard).
 *
 *   npm run statistics -w bench                                   # PGlite in bench/.data, 1,000,000 samples
 *   BENCH_DATABASE_URL=postgres://… npm run statistics -w bench   # a PostgreSQL server (use an empty database)
 *   BENCH_SAMPLES=100000 BENCH_ITERATIONS=50 npm run statistics -w bench
 *
 * The data is bench/generate.ts's (1,000 samples a day over the sites, three tests each, most verified three
 * hours after reception, one in fifty urgent). Calls go through the real Fastify app (routing, auth hook,
 * validation, service, SQL) with app.inject, so the figures are the server's own time per call without
 * network. Results are printed and written to bench/results/statistics-<database>.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { DashboardKeyAnswer } from '@lis/domain';
import { queryRows } from '@lis/server/src/db/client.ts';
import { benchDir, generatedDaysRange, log, startBench } from './setup.ts';

const { iterations, database, app, auth } = await startBench(100);
const issued = await app.inject({ method: 'POST', url: '/api/statistika/dashboard', headers: auth, payload: { ukljuci: true } });
const displayKey = issued.json<DashboardKeyAnswer>().kljuc!;

const get = async (url: string, headers: Record<string, string> = auth) => (await app.inject({ method: 'GET', url, headers })).statusCode;

const scenarios: { name: string; call: () => Promise<number> }[] = [
  { name: 'statistics, a day (`GET /api/statistika`)', call: () => get(`/api/statistika?${generatedDaysRange(1)}`) },
  { name: 'statistics, a week', call: () => get(`/api/statistika?${generatedDaysRange(7)}`) },
  { name: 'statistics, 30 days (the screen\'s default)', call: () => get(`/api/statistika?${generatedDaysRange(30)}`) },
  { name: 'statistics, a year', call: () => get(`/api/statistika?${generatedDaysRange(365)}`) },
  { name: 'wall display, today (`GET /api/dashboard`)', call: () => get(`/api/dashboard?kljuc=${displayKey}`, {}) },
];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const results: { name: string; p50: number; p95: number; p99: number; max: number; errors: number }[] = [];
for (const scenario of scenarios) {
  const rounds = scenario.name.includes('year') ? Math.max(10, Math.floor(iterations / 5)) : iterations;
  for (let i = 0; i < Math.min(5, rounds); i += 1) await scenario.call(); // warm-up: plans and caches
  const times: number[] = [];
  let errors = 0;
  for (let i = 0; i < rounds; i += 1) {
    const t0 = performance.now();
    const code = await scenario.call();
    times.push(performance.now() - t0);
    if (code >= 400) errors += 1;
  }
  times.sort((a, b) => a - b);
  const row = { name: scenario.name, p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99), max: times.at(-1)!, errors };
  results.push(row);
  log(`${row.name}: p50 ${row.p50.toFixed(1)} ms, p95 ${row.p95.toFixed(1)} ms, p99 ${row.p99.toFixed(1)} ms${errors ? `, ${errors} errors` : ''}`);
}

const counts = await queryRows<{ samples: number; tests: number }>(database.db, sql`
  select (select count(*) from samples)::int as samples, (select count(*) from sample_tests)::int as tests`);
const summary = {
  at: new Date().toISOString(),
  database: database.kind,
  rows: counts[0],
  iterations,
  results: results.map((row) => ({ ...row, p50: +row.p50.toFixed(2), p95: +row.p95.toFixed(2), p99: +row.p99.toFixed(2), max: +row.max.toFixed(2) })),
};
mkdirSync(path.join(benchDir, 'results'), { recursive: true });
writeFileSync(path.join(benchDir, 'results', `statistics-${database.kind}.json`), `${JSON.stringify(summary, null, 2)}\n`);
console.log('\n| call | p50 ms | p95 ms | p99 ms |\n|---|---|---|---|');
for (const row of results) console.log(`| ${row.name} | ${row.p50.toFixed(1)} | ${row.p95.toFixed(1)} | ${row.p99.toFixed(1)} |`);
await app.close();
await database.close();
