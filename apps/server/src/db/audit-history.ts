import { and, desc, eq, sql } from 'drizzle-orm';
import type { SettingsHistoryEntry } from '@lis/domain';
import type { Db } from './client.ts';
import { auditLog, users } from './schema.ts';

/** A stored old or new value: read as its JSON text and parsed once (drizzle's jsonb column would parse a second time). */
function parsed(json: string | null): unknown {
  return json === null ? null : JSON.parse(json);
}

/** One audit row of a record's history, as stored: the old and new values still as their JSON text. */
export interface AuditHistoryRow {
  at: Date;
  action: string;
  oldJson: string | null;
  newJson: string | null;
  ime: string | null;
  prezime: string | null;
}

/** The audit rows of one record, newest first, with who made each change. Served by `audit_log_entity_idx` (entity, entity_id, at). */
export function auditRowsOf(db: Db, entity: string, entityId: string): Promise<AuditHistoryRow[]> {
  return db.select({
    at: auditLog.at,
    action: auditLog.action,
    oldJson: sql<string | null>`${auditLog.oldValue}::text`,
    newJson: sql<string | null>`${auditLog.newValue}::text`,
    ime: users.ime,
    prezime: users.prezime,
  }).from(auditLog).leftJoin(users, eq(users.id, auditLog.userId))
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(500);
}

/**
 * The change history of one settings record (a user, a site, the general options): its audit rows newest
 * first, who made each change (display name; null for the system), the action key and the whole record
 * before and after.
 */
export async function settingsHistory(db: Db, entity: string, entityId: string): Promise<SettingsHistoryEntry[]> {
  const rows = await auditRowsOf(db, entity, entityId);
  return rows.map((row) => ({
    korisnik: row.ime === null && row.prezime === null ? null : `${row.ime ?? ''} ${row.prezime ?? ''}`.trim(),
    vrijeme: row.at.toISOString(),
    akcija: row.action,
    staro: parsed(row.oldJson),
    novo: parsed(row.newJson),
  }));
}
