import { and, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sites, users, userSites } from '../../db/shared-tables.ts';
import { loginAttempts, loginThrottles, sessions } from './tables.ts';
import { queryRows } from '../../db/client.ts';

export type UserRow = typeof users.$inferSelect;
export type SiteRow = typeof sites.$inferSelect;

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const rows = await db.select().from(users).where(eq(sql`lower(${users.email})`, email.toLowerCase())).limit(1);
  return rows[0] ?? null;
}

export async function findUserById(db: Db, userId: string): Promise<UserRow | null> {
  const rows = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return rows[0] ?? null;
}

/** The user's sites in code order. */
export async function sitesOfUser(db: Db, userId: string): Promise<SiteRow[]> {
  return db.select({ site: sites }).from(userSites).innerJoin(sites, eq(sites.id, userSites.siteId))
    .where(eq(userSites.userId, userId)).orderBy(sites.sifra).then((rows) => rows.map((row) => row.site));
}

export async function recordLoginAttempt(db: Db, attempt: { email: string; ip: string; success: boolean; reason: string }): Promise<void> {
  await db.insert(loginAttempts).values(attempt);
}

/** The reasons of attempts whose password was checked and wrong: only these count as failures. */
export const FAILED_REASONS = ['wrong-password', 'unknown-user'] as const;

/** Checked failed attempts on the account since `since`, from every address (the account-wide ceiling's count). */
export async function countAccountFailures(db: Db, email: string, since: Date): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(loginAttempts)
    .where(and(eq(loginAttempts.email, email), sql`${loginAttempts.reason} in ${FAILED_REASONS}`, gte(loginAttempts.createdAt, since)));
  return row?.n ?? 0;
}

/**
 * Reserves one attempt on the counter of (email, ip) (`email` empty: the address alone), counting it as a
 * failure until its password proves right. One statement, atomic under concurrency: the row lock of the upsert
 * orders parallel attempts, and the one that would pass `limit` in the window gets no row back. A window older
 * than `windowSeconds` starts again at one.
 */
export async function reserveAttempt(db: Db, email: string, ip: string, limit: number, windowSeconds: number): Promise<boolean> {
  const rows = await queryRows<{ failures: number }>(db, sql`
    insert into login_throttles (email, ip, window_start, failures) values (${email}, ${ip}, now(), 1)
    on conflict (email, ip) do update set
      window_start = case when login_throttles.window_start <= now() - make_interval(secs => ${windowSeconds}) then now() else login_throttles.window_start end,
      failures = case when login_throttles.window_start <= now() - make_interval(secs => ${windowSeconds}) then 1 else login_throttles.failures + 1 end
    where login_throttles.window_start <= now() - make_interval(secs => ${windowSeconds}) or login_throttles.failures < ${limit}
    returning failures`);
  return rows.length > 0;
}

/** A correct password: the account-and-address counter starts again, the address's own counter gives back one. */
export async function releaseAttempt(db: Db, email: string, ip: string): Promise<void> {
  await db.delete(loginThrottles).where(and(eq(loginThrottles.email, email), eq(loginThrottles.ip, ip)));
  await db.update(loginThrottles).set({ failures: sql`greatest(${loginThrottles.failures} - 1, 0)` })
    .where(and(eq(loginThrottles.email, ''), eq(loginThrottles.ip, ip)));
}

/** Counters whose window has passed count nothing more: deleted, so the table holds the attacks of the last minutes only. */
export async function pruneThrottles(db: Db, windowSeconds: number): Promise<void> {
  await db.delete(loginThrottles).where(sql`${loginThrottles.windowStart} <= now() - make_interval(secs => ${windowSeconds})`);
}

export interface AccountUnderAttack {
  email: string;
  failures: number;
  refused: number;
  addresses: string[];
  lastAttempt: Date;
}

/** Accounts with checked failed attempts since `since`, most failures first: the administrator's view of attacks. */
export async function accountsUnderAttack(db: Db, since: Date, limit: number): Promise<AccountUnderAttack[]> {
  return queryRows<AccountUnderAttack>(db, sql`
    select email,
      (count(*) filter (where reason in ${FAILED_REASONS}))::int as failures,
      (count(*) filter (where reason = 'throttled'))::int as refused,
      array_agg(distinct ip order by ip) filter (where reason in ${FAILED_REASONS} or reason = 'throttled') as addresses,
      max(created_at) as "lastAttempt"
    from login_attempts
    where created_at >= ${since} and success = false
    group by email
    having count(*) filter (where reason in ${FAILED_REASONS}) > 0
    order by failures desc, "lastAttempt" desc
    limit ${limit}`);
}

export async function createSession(db: Db, session: typeof sessions.$inferInsert): Promise<void> {
  await db.insert(sessions).values(session);
}

/** The user's own interface language; answers the language stored before, null when there is no such user. */
export async function updateLanguage(db: Db, userId: string, language: string): Promise<string | null> {
  const [before] = await db.select({ language: users.language }).from(users).where(eq(users.id, userId)).for('update');
  if (!before) return null;
  await db.update(users).set({ language, updatedAt: new Date() }).where(eq(users.id, userId));
  return before.language;
}

export async function updatePasswordHash(db: Db, userId: string, passwordHash: string): Promise<void> {
  // The user's own change: a password an administrator set no longer binds them.
  await db.update(users).set({ passwordHash, passwordChangedAt: new Date(), mustChangePassword: false, updatedAt: new Date() })
    .where(eq(users.id, userId));
}
