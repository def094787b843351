import { sql } from 'drizzle-orm';
import type { Tx } from './client.ts';
import { auditLog } from './schema.ts';
import type { RequestContext } from '../lib/context.ts';
import { jsonText, unnestRows } from './unnest.ts';

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
  // One statement with one array per column, however many rows (a save of twenty results writes twenty-one).
  const rows = unnestRows(list, [
    ['uuid', (entry) => (entry.bySystem ? null : ctx.userId)],
    ['text', (entry) => entry.action],
    ['text', (entry) => entry.entity],
    ['text', (entry) => entry.entityId],
    ['text', (entry) => entry.field ?? null],
    ['jsonb', (entry) => jsonText(entry.oldValue)],
    ['jsonb', (entry) => jsonText(entry.newValue)],
    ['text', (entry) => entry.reason ?? null],
  ]);
  await tx.execute(sql`
    insert into ${auditLog} (user_id, site_id, request_id, action, entity, entity_id, field, old_value, new_value, reason)
    select v.user_id, ${ctx.siteId}::uuid, ${ctx.requestId}::text, v.action, v.entity, v.entity_id, v.field, v.old_value, v.new_value, v.reason
    from ${rows} as v(user_id, action, entity, entity_id, field, old_value, new_value, reason)`);
}
