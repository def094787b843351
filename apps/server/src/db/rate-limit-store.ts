import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from './client.ts';

/** Expired windows are swept after this many counts in one process, so the table holds only live windows. */
const SWEEP_EVERY = 500;

/**
 * @fastify/rate-limit's store, kept in the database (rate_limit_counters) rather than in the process: every
 * server process behind one address counts the same requests, so the limit of a public call (sign-in, wall
 * display, temperature readings) is the limit whatever server a client reaches. A fixed window per route
 * and client key: the first request opens it, the count restarts once it has ended. One upsert per request;
 * two requests at the same moment are serialised by the row, so none is lost.
 */
export function databaseRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  let counted = 0;

  async function count(key: string, timeWindowMs: number): Promise<{ current: number; ttl: number }> {
    const [row] = await queryRows<{ hits: number; ttl: number }>(db, sql`
      insert into rate_limit_counters as c (key, hits, window_ends_at)
      values (${key}, 1, now() + make_interval(secs => ${timeWindowMs / 1000}))
      on conflict (key) do update set
        hits = case when c.window_ends_at <= now() then 1 else c.hits + 1 end,
        window_ends_at = case when c.window_ends_at <= now() then excluded.window_ends_at else c.window_ends_at end
      returning hits, greatest(0, ceil(extract(epoch from (window_ends_at - now())) * 1000))::int as ttl`);
    counted += 1;
    if (counted % SWEEP_EVERY === 0) await db.execute(sql`delete from rate_limit_counters where window_ends_at < now()`);
    return { current: row?.hits ?? 1, ttl: row?.ttl ?? timeWindowMs };
  }

  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    constructor(private readonly route = '') {}

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      count(`${this.route}${key}`, timeWindow).then((result) => callback(null, result), (error: unknown) => callback(error as Error));
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      // The plugin hands the route's own options in as `routeInfo` (typed only as the merged limit options).
      const route = (routeOptions as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo;
      const method = Array.isArray(route?.method) ? route.method.join(',') : route?.method ?? '';
      return new DatabaseRateLimitStore(`${method} ${route?.url ?? ''} `);
    }
  }
  return DatabaseRateLimitStore as unknown as FastifyRateLimitStoreCtor;
}
