import type { Tx } from './client.ts';
import { auditLog } from './schema.ts';
import type { RequestContext } from '../lib/context.ts';

export interface AuditEntry {
  action: string;
  entity: string;
  entityId: string;
  field?: string | null;
  oldValue?: unknown;
  newValue?: unknown;
  reason?: string | null;
  /**
   * Done by the system rather than by the caller (a calculated result recomputed from its components):
   * the row carries no user, while the request id still ties it to the call that caused it.
   */
  bySystem?: boolean;
}

/**
 * Writes audit rows inside the caller's transaction, so the change and its trail commit together
 * (or neither does). It takes a `Tx`, so a call with the plain database handle does not compile.
 */
export async function writeAudit(tx: Tx, ctx: RequestContext, entries: AuditEntry | AuditEntry[]): Promise<void> {
  const list = Array.isArray(entries) ? entries : [entries];
  if (list.length === 0) return;
  await tx.insert(auditLog).values(list.map((entry) => ({
    userId: entry.bySystem ? null : ctx.userId,
    siteId: ctx.siteId,
    requestId: ctx.requestId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId,
    field: entry.field ?? null,
    oldValue: entry.oldValue === undefined ? null : entry.oldValue,
    newValue: entry.newValue === undefined ? null : entry.newValue,
    reason: entry.reason ?? null,
  })));
}
