/**
 * Where a batch of the fill (bench/generate.ts) spends its time, on a database the fill has filled:
 *
 *   BENCH_DATABASE_URL=postgres://…/filled_db BENCH_SAMPLES=10000000 npx tsx fill-profile.ts
 *
 * Runs the next batch of 100,000 samples (after BENCH_SAMPLES) under EXPLAIN ANALYZE, as the fill runs it, and
 * rolls it back, so the database stays as filled. Prints the batch's time and its steps' own times, largest first.
 */
import { openDatabase } from '@lis/server/src/db/client.ts';
import { profileNextBatch } from './generate.ts';

const samples = Number(process.env.BENCH_SAMPLES ?? 1_000_000);
if (!process.env.BENCH_DATABASE_URL) throw new Error('BENCH_DATABASE_URL: the PostgreSQL database the fill filled');
const database = await openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL, settings: { statementTimeoutMs: 0 } });
try {
  const { executionMs, steps } = await profileNextBatch(database.db, samples);
  console.log(`[fill-profile] the batch after ${samples.toLocaleString('en')} samples: ${(executionMs / 1000).toFixed(1)} s, rolled back`);
  for (const step of steps.filter((candidate) => candidate.ms >= executionMs / 200)) {
    console.log(`[fill-profile] ${(step.ms / 1000).toFixed(2).padStart(7)} s ${String(Math.round(step.ms / executionMs * 100)).padStart(3)} %  ${step.rows.toLocaleString('en').padStart(11)} rows  ${step.dirtiedBlocks.toLocaleString('en').padStart(9)} blocks dirtied  ${step.step}`);
  }
} finally {
  await database.close();
}
