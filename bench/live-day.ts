/**
 * The generator's last day going on while calls are timed: a lab's database is never freshly vacuumed and
 * still. Every `intervalMs`, a few of the last generated day's samples move a step on, through the triggers
 * as the app's writes do: a registered sample goes into work, one in work gets its results (done), a done one
 * is approved, an approved one verified; and a verified one has a result entered again (a correction's
 * re-entry), so the day keeps changing after all its samples are through. Each step leaves dead row versions
 * and pages not yet all-visible in the day's samples, tests and statistics rows, as between two autovacuums.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '@lis/server/src/db/client.ts';

export interface LiveDay {
  /** Samples moved a step so far. */
  steps(): number;
  stop(): Promise<void>;
}

export async function startLiveDay(db: Db, { samplesPerTick = 4, intervalMs = 100 } = {}): Promise<LiveDay> {
  // The last generated day (before today), found per site through (site_id, created_at): a scan of every sample
  // by its time would itself be most of what the timed calls measure.
  const [last] = await queryRows<{ day: string | null }>(db, sql`
    select date_trunc('day', max(latest))::text as day from sites si
    cross join lateral (select max(created_at) as latest from samples s where s.site_id = si.id and s.created_at < date_trunc('day', now())) as m`);
  const day = last?.day;
  const siteIds = (await queryRows<{ id: string }>(db, sql`select id from sites`)).map((row) => row.id);
  let steps = 0;
  let running = day != null;
  const loop = (async () => {
    while (running) {
      const started = Date.now();
      const moved = await queryRows<{ id: string }>(db, sql`
        with chosen as (
               -- A few samples registered one after another from a random moment of the day at a random site:
               -- a short walk of (site_id, created_at), not a sort of the day's thousands.
               select s.id, s.status from samples s
               where s.site_id = ${siteIds[Math.floor(Math.random() * siteIds.length)]}::uuid
                 and s.created_at >= ${day}::timestamptz + ${`${Math.floor(Math.random() * 86_400)} seconds`}::interval
                 and s.created_at < ${day}::timestamptz + interval '1 day'
               order by s.created_at limit ${samplesPerTick}),
             tests as (
               update sample_tests t set
                 rezultat = v.value::text, rezultat_f = v.value,
                 status_t = case c.status when 'ZAPRIMLJEN' then 'U OBRADI' when 'U OBRADI' then 'REALIZOVAN'
                                          when 'REALIZOVAN' then 'ODOBREN' when 'ODOBREN' then 'VERIFICIRAN' else c.status end
               from chosen c cross join lateral (select round(2 + (random() * 8)::numeric, 1) as value where c.id is not null) v
               where t.sample_id = c.id and c.status <> 'ZAPRIMLJEN'
               returning t.id)
        update samples s set
          status = case c.status when 'ZAPRIMLJEN' then 'U OBRADI' when 'U OBRADI' then 'REALIZOVAN'
                                 when 'REALIZOVAN' then 'ODOBREN' when 'ODOBREN' then 'VERIFICIRAN' else c.status end,
          approved_at = case when c.status = 'REALIZOVAN' then now() else s.approved_at end,
          verified_at = case when c.status = 'ODOBREN' then now() else s.verified_at end,
          verified_once = s.verified_once or c.status = 'ODOBREN',
          updated_at = now(), version = s.version + 1
        from chosen c where s.id = c.id
        returning s.id`);
      steps += moved.length;
      const rest = intervalMs - (Date.now() - started);
      if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest));
    }
  })();
  return {
    steps: () => steps,
    stop: async () => { running = false; await loop; },
  };
}
