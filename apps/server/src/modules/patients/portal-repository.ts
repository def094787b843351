import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { accessLog } from '../../db/shared-tables.ts';
import { patientPortalCodes, patientPortalSessions, patients } from './tables.ts';

// The patient portal's SQL: its codes and sessions, and the access-log rows of its sign-ins and reads.

/** Access-log entities of the portal (no user: the caller is a patient, known by the entity id and the address). */
export const PORTAL_LOG = {
  /** A sign-in that opened a session: the patient's id. */
  signIn: 'portal_sign_in',
  /** A wrong, expired, used or revoked code: the SHA-256 of the address tried (never the address or the code). */
  failed: 'portal_sign_in_failed',
  /** A try while the address was locked: the same key. */
  locked: 'portal_sign_in_locked',
  /** The portal's overview read by a patient: the patient's id. */
  view: 'portal_view',
  /** A report PDF downloaded in the portal: the report version's id. */
  report: 'portal_report',
} as const;

export interface PortalLogEntry {
  entity: (typeof PORTAL_LOG)[keyof typeof PORTAL_LOG];
  entityId: string;
  siteId?: string | null;
  ip: string;
  requestId: string;
}

export async function logPortal(db: Db | Tx, entry: PortalLogEntry): Promise<void> {
  await db.insert(accessLog).values({ userId: null, siteId: entry.siteId ?? null, entity: entry.entity, entityId: entry.entityId, ip: entry.ip, requestId: entry.requestId });
}

/** When the failed sign-ins of the address key happened since `since`. */
export async function failuresSince(db: Db | Tx, emailKeyHash: string, since: Date): Promise<Date[]> {
  const rows = await db.select({ at: accessLog.at }).from(accessLog)
    .where(and(eq(accessLog.entity, PORTAL_LOG.failed), eq(accessLog.entityId, emailKeyHash), gt(accessLog.at, since)));
  return rows.map((row) => row.at);
}

/** Serialises the sign-ins of one address for the transaction: five wrong codes sent at once cannot slip past the count. */
export async function lockAddress(tx: Tx, emailKeyHash: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`portal:${emailKeyHash}`}))`);
}

export async function insertCode(tx: Tx, row: typeof patientPortalCodes.$inferInsert): Promise<string> {
  const [inserted] = await tx.insert(patientPortalCodes).values(row).returning({ id: patientPortalCodes.id });
  return inserted!.id;
}

/**
 * The code with this hash that still opens the portal at `now`: unused, not revoked, not expired, of a patient
 * who consents and whose e-mail address (trimmed, any case) is `emailKey`. Null for anything else.
 */
export async function usableCode(tx: Tx, codeHash: string, emailKey: string, now: Date): Promise<{ id: string; patientId: string; siteId: string } | null> {
  const [row] = await tx.select({ id: patientPortalCodes.id, patientId: patientPortalCodes.patientId, siteId: patientPortalCodes.siteId })
    .from(patientPortalCodes).innerJoin(patients, eq(patients.id, patientPortalCodes.patientId))
    .where(and(
      eq(patientPortalCodes.codeHash, codeHash), isNull(patientPortalCodes.usedAt), isNull(patientPortalCodes.revokedAt),
      gt(patientPortalCodes.expiresAt, now), eq(patients.portalConsent, true), sql`lower(btrim(${patients.email})) = ${emailKey}`,
    )).limit(1);
  return row ?? null;
}

/** Marks the code used, only if it still is unused: answers false when another sign-in took it first. */
export async function useCode(tx: Tx, codeId: string, now: Date): Promise<boolean> {
  const used = await tx.update(patientPortalCodes).set({ usedAt: now })
    .where(and(eq(patientPortalCodes.id, codeId), isNull(patientPortalCodes.usedAt))).returning({ id: patientPortalCodes.id });
  return used.length > 0;
}

export async function insertSession(tx: Tx, row: typeof patientPortalSessions.$inferInsert): Promise<void> {
  await tx.insert(patientPortalSessions).values(row);
}

/** The open session with this token hash, of a patient who still consents; null otherwise. */
export async function openSession(db: Db, tokenHash: string, now: Date): Promise<{ id: string; patientId: string } | null> {
  const [row] = await db.select({ id: patientPortalSessions.id, patientId: patientPortalSessions.patientId })
    .from(patientPortalSessions).innerJoin(patients, eq(patients.id, patientPortalSessions.patientId))
    .where(and(
      eq(patientPortalSessions.tokenHash, tokenHash), isNull(patientPortalSessions.revokedAt), gt(patientPortalSessions.expiresAt, now),
      eq(patients.portalConsent, true),
    )).limit(1);
  return row ?? null;
}

export async function endSession(db: Db, sessionId: string, now: Date): Promise<void> {
  await db.update(patientPortalSessions).set({ revokedAt: now }).where(and(eq(patientPortalSessions.id, sessionId), isNull(patientPortalSessions.revokedAt)));
}

/** Revokes the patient's unused codes and open sessions; answers how many of each. */
export async function revokeAll(tx: Tx, patientId: string, now: Date): Promise<{ codes: number; sessions: number }> {
  const codes = await tx.update(patientPortalCodes).set({ revokedAt: now })
    .where(and(eq(patientPortalCodes.patientId, patientId), isNull(patientPortalCodes.usedAt), isNull(patientPortalCodes.revokedAt), gt(patientPortalCodes.expiresAt, now)))
    .returning({ id: patientPortalCodes.id });
  const sessions = await tx.update(patientPortalSessions).set({ revokedAt: now })
    .where(and(eq(patientPortalSessions.patientId, patientId), isNull(patientPortalSessions.revokedAt), gt(patientPortalSessions.expiresAt, now)))
    .returning({ id: patientPortalSessions.id });
  return { codes: codes.length, sessions: sessions.length };
}
