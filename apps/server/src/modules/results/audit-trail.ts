import type { AuditEntry as AuditAnswerEntry } from '@lis/domain';
import type { Db } from '../../db/client.ts';
import type { RequestContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { resultRepository } from './repository.ts';

/** A stored old or new value (its JSON text) as the trail shows it: text as it is (a result exactly as entered, a status); anything else as compact JSON. */
function asText(json: string | null): string | null {
  if (json === null) return null;
  const value: unknown = JSON.parse(json);
  if (value === null) return null;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * GET /uzorci/audit/{sid}: every audit row of a sample of this site, newest
 * first: who (the user's display name; null for what the system did, such as
 * a calculated result recomputed), when, the action key (SAMPLE_AUDIT_ACTIONS
 * of @lis/domain), the field or assay code, old and new value, and the reason.
 */
export async function auditTrail(db: Db, ctx: RequestContext, sid: string): Promise<AuditAnswerEntry[]> {
  const results = resultRepository(db, ctx.siteId);
  const sample = await results.findSample(sid);
  if (!sample) throw AppError.notFound();
  const rows = await results.auditOfSample(sample.id);
  return rows.map((row) => ({
    korisnik: row.ime === null && row.prezime === null ? null : `${row.ime ?? ''} ${row.prezime ?? ''}`.trim(),
    vrijeme: row.at.toISOString(),
    akcija: row.action,
    polje: row.field,
    staro: asText(row.oldJson),
    novo: asText(row.newJson),
    razlog: row.reason,
  }));
}
