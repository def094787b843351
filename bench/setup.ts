/**
 * The start every timed-call bench shares: a database (PostgreSQL from BENCH_DATABASE_URL, else PGlite in
 * bench/.data) with the demo seed and BENCH_SAMPLES generated samples, the real Fastify app on it, and the
 * demo admin signed in. BENCH_ITERATIONS sets how often each call is timed (each bench gives its default).
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { LoginAnswer } from '@lis/domain';
import { buildApp } from '@lis/server/src/app.ts';
import { openDatabase } from '@lis/server/src/db/client.ts';
import { DEMO_PASSWORD, seedDemo } from '@lis/server/src/db/seed/index.ts';
import { generateVolume } from './generate.ts';

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
  await generateVolume(database.db, samples, log);
  log(`data ready in ${((performance.now() - started) / 1000).toFixed(0)} s`);

  const app = await buildApp({
    db: database.db, logger: false,
    config: { acmeDir: undefined, sessionMaxHours: 12, webDist: '/nonexistent', logLevel: 'silent' },
  });
  await app.ready();

  const login = await app.inject({ method: 'POST', url: '/api/login/users', payload: { email: 'admin@demo.lab', password: DEMO_PASSWORD } });
  const session = login.json<LoginAnswer>().data;
  const auth = { authorization: `Bearer ${session.idToken}`, 'x-site': session.site };
  return { samples, iterations, database, app, session, auth };
}
