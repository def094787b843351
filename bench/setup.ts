/**
 * The start every timed-call bench shares: a database (PostgreSQL from BENCH_DATABASE_URL, else PGlite in
 * bench/.data) with the demo seed and BENCH_SAMPLES generated samples, the real Fastify app on it, and the
 * demo admin signed in. BENCH_ITERATIONS sets how often each call is timed (each bench gives its default).
 *
 * BENCH_HTTP=1: the calls go over real HTTP to the app listening on 127.0.0.1 (a port of its own), with the
 * server's default log level (LOG_LEVEL, else info: one line per request to stdout, as in production), instead of
 * app.inject without a logger. The figures then include Node's HTTP parsing, the socket and the log line.
 */
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { addDays, calendarDateOf, toIsoDate, type LoginAnswer } from '@lis/domain';
import { buildApp } from '@lis/server/src/app.ts';
import { openDatabase } from '@lis/server/src/db/client.ts';
import { DEMO_PASSWORD, seedDemo } from '@lis/server/src/db/seed/index.ts';
import { generateVolume } from './generate.ts';

/** PostgreSQL fills on a connection per core (BENCH_FILL_CONNECTIONS to choose); PGlite has one. */
const fillConnections = (server: boolean) => (server ? Number(process.env.BENCH_FILL_CONNECTIONS ?? os.availableParallelism()) : 1);

/** /statistika's `od` and `do` for the last `days` generated days: the generated days end yesterday (Sarajevo). */
export function generatedDaysRange(days: number): string {
  const yesterday = addDays(calendarDateOf(new Date(), 'Europe/Sarajevo'), -1);
  return `od=${toIsoDate(addDays(yesterday, -(days - 1)))}&do=${toIsoDate(yesterday)}`;
}

export const benchDir = import.meta.dirname;
export const log = (line: string) => console.log(`[bench] ${line}`);

export async function startBench(defaultIterations: number) {
  const samples = Number(process.env.BENCH_SAMPLES ?? 1_000_000);
  const iterations = Number(process.env.BENCH_ITERATIONS ?? defaultIterations);
  const database = await openDatabase({
    databaseUrl: process.env.BENCH_DATABASE_URL,
    dataDir: process.env.BENCH_DATABASE_URL ? undefined : path.join(benchDir, '.data'),
  });
  await seedDemo(database.db);
  const started = performance.now();
  // Filling runs statements of 100,000 rows through the statistics triggers: on PostgreSQL on a connection of its
  // own without the server's 30 s statement timeout, which the timed calls keep.
  const filler = process.env.BENCH_DATABASE_URL
    ? await openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL, settings: { statementTimeoutMs: 0 } })
    : database;
  await generateVolume(filler.db, samples, log, { connections: fillConnections(Boolean(process.env.BENCH_DATABASE_URL)) });
  if (filler !== database) await filler.close();
  log(`data ready in ${((performance.now() - started) / 1000).toFixed(0)} s`);

  const http = process.env.BENCH_HTTP === '1';
  const fastify = await buildApp({
    db: database.db, logger: http,
    config: { acmeDir: undefined, sessionMaxHours: 12, webDist: '/nonexistent', logLevel: http ? (process.env.LOG_LEVEL ?? 'info') : 'silent' },
  });
  await fastify.ready();
  const app = http ? await overHttp(fastify) : inProcess(fastify);
  log(`calls ${http ? 'over HTTP' : 'in process (app.inject)'}`);

  const login = await app.inject({ method: 'POST', url: '/api/login/users', payload: { email: 'admin@demo.lab', password: DEMO_PASSWORD } });
  const session = login.json<LoginAnswer>().data;
  const auth = { authorization: `Bearer ${session.idToken}`, 'x-site': session.site };
  return { samples, iterations, database, app, session, auth };
}

/** What the benches read of an answer, the same in process and over HTTP. */
export interface BenchResponse {
  statusCode: number;
  body: string;
  headers: Record<string, string | string[] | number | undefined>;
  json<T = unknown>(): T;
}

export interface BenchApp {
  mode: 'inject' | 'http';
  inject(options: { method: string; url: string; headers?: Record<string, string>; payload?: unknown }): Promise<BenchResponse>;
  close(): Promise<void>;
}

function inProcess(fastify: FastifyInstance): BenchApp {
  return {
    mode: 'inject',
    inject: async (options) => fastify.inject(options as InjectOptions),
    close: async () => { await fastify.close(); },
  };
}

async function overHttp(fastify: FastifyInstance): Promise<BenchApp> {
  const address = await fastify.listen({ host: '127.0.0.1', port: Number(process.env.BENCH_HTTP_PORT ?? 0) });
  return {
    mode: 'http',
    inject: async ({ method, url, headers = {}, payload }) => {
      const body = payload === undefined ? undefined : JSON.stringify(payload);
      const response = await fetch(`${address}${url}`, {
        method, body, headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      });
      const text = await response.text();
      return {
        statusCode: response.status, body: text, headers: Object.fromEntries(response.headers),
        json: <T>() => JSON.parse(text) as T,
      };
    },
    close: async () => { await fastify.close(); },
  };
}
