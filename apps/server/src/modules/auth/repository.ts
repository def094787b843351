import { and, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { loginAttempts, sessions, sites, users, userSites } from '../../db/schema.ts';

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

/** Failed attempts since `since`, for the account and for the address. */
export async function countFailures(db: Db, email: string, ip: string, since: Date): Promise<{ byEmail: number; byIp: number }> {
  const [byEmail] = await db.select({ n: sql<number>`count(*)::int` }).from(loginAttempts)
    .where(and(eq(loginAttempts.email, email), eq(loginAttempts.success, false), gte(loginAttempts.createdAt, since)));
  const [byIp] = await db.select({ n: sql<number>`count(*)::int` }).from(loginAttempts)
    .where(and(eq(loginAttempts.ip, ip), eq(loginAttempts.success, false), gte(loginAttempts.createdAt, since)));
  return { byEmail: byEmail?.n ?? 0, byIp: byIp?.n ?? 0 };
}

export async function createSession(db: Db, session: typeof sessions.$inferInsert): Promise<void> {
  await db.insert(sessions).values(session);
}

export async function updatePasswordHash(db: Db, userId: string, passwordHash: string): Promise<void> {
  // The user's own change: a password an administrator set no longer binds them.
  await db.update(users).set({ passwordHash, passwordChangedAt: new Date(), mustChangePassword: false, updatedAt: new Date() })
    .where(eq(users.id, userId));
}
