/**
 * The temperature logger with a year of one-minute readings behind it.
 *
 *   BENCH_DATABASE_URL=postgres://… npm run logger -w bench   # a PostgreSQL server (an empty database)
 *   npm run logger -w bench                                   # PGlite in bench/.data-logger
 *   LOGGER_FRIDGES=20 LOGGER_HISTORY_DAYS=365 LOGGER_INGEST_MINUTES=4320 npm run logger -w bench
 *
 * 1. History: LOGGER_HISTORY_DAYS of one-minute readings for LOGGER_FRIDGES refrigerators (365 × 20 =
 *    10,512,000 rows) written set-based, with their daily sums, as years of ingest would leave them.
 * 2. Ingest: the last LOGGER_INGEST_MINUTES minutes of every refrigerator sent through the real ingest
 *    (ReadingIngest: parse, dedup insert, daily sums, alarm rules, monitor state) in gateway-sized batches
 *    of 1,000 readings, into the table already holding the history; readings per second.
 * 3. GET /api/loger/statistika for a month and for a year, for one refrigerator and for all of them, and
 *    the monthly PDF, through the real app (app.inject); p50/p95/p99.
 * Results are printed and written to bench/results/logger-<database>.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '@lis/server/src/app.ts';
import { openDatabase, queryRows } from '@lis/server/src/db/client.ts';
import { DEMO_PASSWORD, seedDemo } from '@lis/server/src/db/seed/index.ts';
import { ReadingIngest } from '@lis/server/src/modules/logger/ingest.ts';
import type { LoginAnswer, RefrigeratorListAnswer } from '@lis/domain';

const fridges = Number(process.env.LOGGER_FRIDGES ?? 20);
const historyDays = Number(process.env.LOGGER_HISTORY_DAYS ?? 365);
const ingestMinutes = Number(process.env.LOGGER_INGEST_MINUTES ?? 3 * 24 * 60);
const iterations = Number(process.env.BENCH_ITERATIONS ?? 50);
const BATCH = 1000;
const here = import.meta.dirname;
const log = (line: string) => console.log(`[bench:logger] ${line}`);

const database = await openDatabase({
  databaseUrl: process.env.BENCH_DATABASE_URL,
  dataDir: process.env.BENCH_DATABASE_URL ? undefined : path.join(here, '.data-logger'),
});
await seedDemo(database.db);
const db = database.db;
const app = await buildApp({ db, logger: false, config: { acmeDir: undefined, sessionMaxHours: 12, webDist: '/nonexistent', logLevel: 'silent' } });
await app.ready();
const login = await app.inject({ method: 'POST', url: '/api/login/users', payload: { email: 'admin@demo.lab', password: DEMO_PASSWORD } });
const session = login.json<LoginAnswer>().data;
const auth = { authorization: `Bearer ${session.idToken}`, 'x-site': session.site };

// The refrigerators (sensors 101 ...), made through the JSON editor's call.
let list = (await app.inject({ method: 'GET', url: '/api/loger/frizider/list', headers: auth })).json<RefrigeratorListAnswer>().frizideri;
for (let k = list.length; k < fridges; k += 1) {
  const response = await app.inject({
    method: 'POST', url: '/api/loger/frizider/edit', headers: auth,
    payload: { element: { naziv: `Frižider ${k + 1}`, site: session.site, slave_id: 101 + k, temperatura: { min: 2, max: 8 }, vlaznost: { min: 20, max: 80 }, odgoda_alarma_min: 15, limit_tisine_min: 30 } },
  });
  if (response.statusCode !== 200) throw new Error(response.body);
}
list = (await app.inject({ method: 'GET', url: '/api/loger/frizider/list', headers: auth })).json<RefrigeratorListAnswer>().frizideri;
const ids = list.map((fridge) => fridge._id);

// 1. History, set-based: each refrigerator's minutes from historyDays ago up to where the timed ingest starts.
const now = new Date(Math.floor(Date.now() / 60_000) * 60_000);
const ingestStart = new Date(now.getTime() - ingestMinutes * 60_000);
const historyStart = new Date(ingestStart.getTime() - historyDays * 24 * 3_600_000);
const [{ n: stored } = { n: 0 }] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from temperature_readings`);
let filled = 0;
if (stored === 0) {
  const started = performance.now();
  for (const [index, id] of ids.entries()) {
    // A month at a time keeps each statement's work bounded on a shared machine.
    for (let from = historyStart.getTime(); from < ingestStart.getTime(); from += 30 * 24 * 3_600_000) {
      const to = Math.min(ingestStart.getTime(), from + 30 * 24 * 3_600_000);
      await db.execute(sql`
        insert into temperature_readings (refrigerator_id, time, temperatura, vlaznost)
        select ${id}::uuid, t,
          round((5 + 2.2 * sin(extract(epoch from t) / 5400 + ${index}) + case when extract(hour from t) = 14 and extract(minute from t) < 20 then 4 else 0 end)::numeric, 1),
          round((45 + 10 * cos(extract(epoch from t) / 7200))::numeric, 0)
        from generate_series(${new Date(from).toISOString()}::timestamptz, ${new Date(to - 60_000).toISOString()}::timestamptz, interval '1 minute') as t`);
    }
    log(`history: refrigerator ${index + 1} / ${ids.length}`);
  }
  await db.execute(sql`
    insert into temperature_daily (refrigerator_id, dan, n, t_min, t_max, t_sum, h_n, h_min, h_max, h_sum, van_opsega)
    select r.refrigerator_id, (r.time at time zone s.time_zone)::date, count(*), min(r.temperatura), max(r.temperatura), sum(r.temperatura::float8),
      count(r.vlaznost), min(r.vlaznost), max(r.vlaznost), coalesce(sum(r.vlaznost::float8), 0),
      count(*) filter (where r.temperatura < f.temp_min or r.temperatura > f.temp_max or r.vlaznost < f.hum_min or r.vlaznost > f.hum_max)
    from temperature_readings r join refrigerators f on f.id = r.refrigerator_id join sites s on s.id = f.site_id
    group by 1, 2`);
  await db.execute(sql`analyze`);
  const [{ n } = { n: 0 }] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from temperature_readings`);
  filled = n;
  log(`history: ${n.toLocaleString('en')} readings and their daily sums in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

// 2. The timed ingest: every refrigerator's last minutes, interleaved as gateways send them, 1,000 a batch.
const ingest = new ReadingIngest(db, undefined);
const items: Parameters<ReadingIngest['ingest']>[0][number][] = [];
for (let minute = 0; minute < ingestMinutes; minute += 1) {
  const time = new Date(ingestStart.getTime() + minute * 60_000).toISOString();
  for (const [index, id] of ids.entries()) {
    items.push({ sensor: { refrigeratorId: id }, payload: { time, temperatura: Math.round((5 + 2 * Math.sin(minute / 90 + index)) * 10) / 10, vlaznost: 45 } });
  }
}
const ingestStarted = performance.now();
let storedNow = 0;
for (let offset = 0; offset < items.length; offset += BATCH) {
  const outcome = await ingest.ingest(items.slice(offset, offset + BATCH), new Date());
  storedNow += outcome.stored;
}
const ingestSeconds = (performance.now() - ingestStarted) / 1000;
const perSecond = Math.round(storedNow / ingestSeconds);
log(`ingest: ${storedNow.toLocaleString('en')} readings in ${ingestSeconds.toFixed(1)} s = ${perSecond.toLocaleString('en')} readings/s`);

// 3. Statistics and the monthly record.
const day = (date: Date) => date.toISOString().slice(0, 10);
const monthAgo = day(new Date(now.getTime() - 29 * 24 * 3_600_000));
const yearAgo = day(new Date(now.getTime() - 365 * 24 * 3_600_000));
const today = day(now);
const one = ids[0];
const calls: Array<{ name: string; url: string }> = [
  { name: 'statistics, one refrigerator, a month', url: `/api/loger/statistika?od=${monthAgo}&do=${today}&frizider=${one}` },
  { name: 'statistics, one refrigerator, a year', url: `/api/loger/statistika?od=${yearAgo}&do=${today}&frizider=${one}` },
  { name: `statistics, all ${ids.length} refrigerators, a month`, url: `/api/loger/statistika?od=${monthAgo}&do=${today}` },
  { name: `statistics, all ${ids.length} refrigerators, a year`, url: `/api/loger/statistika?od=${yearAgo}&do=${today}` },
  { name: `monthly record PDF, ${ids.length} pages`, url: `/api/loger/statistika/pdf?mjesec=${today.slice(0, 7)}` },
  { name: 'tiles (/loger/pregled)', url: '/api/loger/pregled' },
];
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const results: Array<{ name: string; p50: number; p95: number; p99: number }> = [];
for (const call of calls) {
  const times: number[] = [];
  const runs = call.name.includes('PDF') ? Math.min(iterations, 20) : iterations;
  for (let i = 0; i < runs + 3; i += 1) {
    const started = performance.now();
    const response = await app.inject({ method: 'GET', url: call.url, headers: auth });
    const took = performance.now() - started;
    if (response.statusCode !== 200) throw new Error(`${call.name}: ${response.statusCode} ${response.body.slice(0, 200)}`);
    if (i >= 3) times.push(took);
  }
  times.sort((a, b) => a - b);
  const row = { name: call.name, p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99) };
  results.push(row);
  log(`${row.name.padEnd(48)} p50 ${row.p50.toFixed(1)} ms  p95 ${row.p95.toFixed(1)} ms  p99 ${row.p99.toFixed(1)} ms`);
}
const [{ n: total } = { n: 0 }] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from temperature_readings`);

mkdirSync(path.join(here, 'results'), { recursive: true });
const file = path.join(here, 'results', `logger-${database.kind}.json`);
writeFileSync(file, `${JSON.stringify({
  recorded: new Date().toISOString(), database: database.kind, refrigerators: ids.length, readings: total, historyFilledNow: filled,
  ingest: { readings: storedNow, seconds: Number(ingestSeconds.toFixed(1)), perSecond, batch: BATCH }, calls: results,
}, null, 2)}\n`);
log(`written to ${path.relative(process.cwd(), file)}`);
await app.close();
await database.close();
