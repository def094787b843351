import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users, userSites } from '../../db/shared-tables.ts';
import { sessions, systemClients } from './tables.ts';

export interface ActiveSession {
  sessionId: string;
  userId: string;
  email: string;
  role: string;
  accessLevel: number;
  language: string;
  siteId: string;
  siteIds: string[];
  lastSeenAt: Date;
  idleSeconds: number;
  mustChangePassword: boolean;
  /** When the session ends unless it is used again: the earliest of the idle deadline, its lifetime and the account's end. */
  endsAt: Date;
  /** A system client's token: the client (row id) and the permissions it was given, which replace the role table. */
  client: { id: string; permissions: string[] } | null;
}

/** The live session behind a token hash: not ended, not idle too long, not past its lifetime, user enabled. */
export async function findActiveSession(db: Db, tokenHash: string, now: Date): Promise<ActiveSession | null> {
  const rows = await db
    .select({
      sessionId: sessions.id,
      userId: users.id,
      email: users.email,
      role: users.role,
      accessLevel: users.accessLevel,
      language: users.language,
      siteId: sessions.siteId,
      lastSeenAt: sessions.lastSeenAt,
      idleSeconds: sessions.idleSeconds,
      expiresAt: sessions.expiresAt,
      userExpiresAt: users.expiresAt,
      mustChangePassword: users.mustChangePassword,
      siteIds: sql<string[]>`coalesce((select array_agg(${userSites.siteId}::text) from ${userSites} where ${userSites.userId} = ${users.id}), '{}')`,
      clientId: systemClients.id,
      clientPermissions: systemClients.permissions,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(systemClients, eq(systemClients.userId, users.id))
    // A person's session needs the account enabled; a system client's (its account is always disabled, so no
    // password opens it) needs the client active: deactivating it refuses its tokens from the next call on.
    .where(and(
      eq(sessions.tokenHash, tokenHash), isNull(sessions.endedAt),
      or(and(isNull(systemClients.id), eq(users.disabled, false)), eq(systemClients.active, true)),
    ))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  const idleDeadline = row.lastSeenAt.getTime() + row.idleSeconds * 1000;
  if (now.getTime() > idleDeadline || now >= row.expiresAt || (row.userExpiresAt && now >= row.userExpiresAt)) {
    await endSession(db, row.sessionId, now.getTime() > idleDeadline ? 'idle' : 'expired');
    return null;
  }
  return {
    sessionId: row.sessionId, userId: row.userId, email: row.email, role: row.role, accessLevel: row.accessLevel,
    language: row.language, siteId: row.siteId, siteIds: row.siteIds, lastSeenAt: row.lastSeenAt, idleSeconds: row.idleSeconds,
    mustChangePassword: row.mustChangePassword,
    endsAt: new Date(Math.min(idleDeadline, row.expiresAt.getTime(), row.userExpiresAt?.getTime() ?? Infinity)),
    client: row.clientId ? { id: row.clientId, permissions: row.clientPermissions ?? [] } : null,
  };
}

export async function touchSession(db: Db, sessionId: string, now: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, sessionId));
}

/** A system client's last use, written with its session's touch (at most once a minute). */
export async function touchClient(db: Db, clientId: string, now: Date): Promise<void> {
  await db.update(systemClients).set({ lastUsedAt: now }).where(eq(systemClients.id, clientId));
}

export async function endSession(db: Db, sessionId: string, reason: string): Promise<void> {
  await db.update(sessions).set({ endedAt: new Date(), endReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.endedAt)));
}

/** Ends the user's open sessions (but `exceptSessionId`) and answers their ids, whose sockets must then be closed. */
export async function endUserSessions(db: Db, userId: string, reason: string, exceptSessionId?: string): Promise<string[]> {
  const ended = await db.update(sessions).set({ endedAt: new Date(), endReason: reason })
    .where(and(
      eq(sessions.userId, userId),
      isNull(sessions.endedAt),
      exceptSessionId ? sql`${sessions.id} <> ${exceptSessionId}` : undefined,
    ))
    .returning({ id: sessions.id });
  return ended.map((row) => row.id);
}

/** Of these sessions, those that have ended (or no longer exist): their sockets must be closed. */
export async function endedSessionsAmong(db: Db, sessionIds: readonly string[]): Promise<string[]> {
  if (sessionIds.length === 0) return [];
  const open = await db.select({ id: sessions.id }).from(sessions)
    .where(and(inArray(sessions.id, [...sessionIds]), isNull(sessions.endedAt)));
  const stillOpen = new Set(open.map((row) => row.id));
  return sessionIds.filter((id) => !stillOpen.has(id));
}
