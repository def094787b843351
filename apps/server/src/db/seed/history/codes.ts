import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../client.ts';
import { unnestRows } from '../../unnest.ts';

/**
 * Running numbers for samples of the given code days (yymmdd, one entry per sample, in the samples' order),
 * taken from the same day counters as a registration takes them, every day in one statement: later samples
 * of those days never collide with these.
 */
export async function allocateDemoCounters(db: Db, days: readonly string[]): Promise<number[]> {
  const perDay = new Map<string, number>();
  for (const day of days) perDay.set(day, (perDay.get(day) ?? 0) + 1);
  const counters = await queryRows<{ day: string; last: number }>(db, sql`
    insert into sample_code_counters (day, last)
    select * from ${unnestRows([...perDay], [['text', ([day]) => day], ['integer', ([, count]) => count]])} as v(day, last)
    on conflict (day) do update set last = sample_code_counters.last + excluded.last
    returning day, last`);
  const next = new Map(counters.map((row) => [row.day, Number(row.last) - perDay.get(row.day)! + 1]));
  return days.map((day) => {
    const rbr = next.get(day)!;
    next.set(day, rbr + 1);
    return rbr;
  });
}
