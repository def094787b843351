import type { AuditEntry as AuditAnswerEntry } from '@lis/domain';
import type { Db } from '../../db/client.ts';
import type { RequestContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { resultRepository } from './repository.ts';

/** A stored old or new value as the trail shows it: text as it is (a result exactly as entered, a status); anything else as compact JSON. */
function asText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function parsed(json: string | null): unknown {
  return json === null ? null : JSON.parse(json);
}

function isIdList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

/**
 * The tests a step names, by their codes rather than their ids, so the trail reads 'GLU, KREA': the tests of a new
 * sample (`tests` of 'sample.create') and the old and new selection of 'sample.tests'. The person reading the trail
 * wants the tests; the ids and the patient's and partner's ids say nothing to them and are left out of the
 * registration's value. An id whose test is gone stays as it was stored.
 */
function withTestCodes(action: string, value: unknown, codes: ReadonlyMap<string, string>): unknown {
  const named = (ids: string[]) => ids.map((id) => codes.get(id) ?? id);
  if (action === 'sample.tests' && isIdList(value)) return named(value);
  if (action === 'sample.create' && typeof value === 'object' && value !== null) {
    const { tests, patient_id: _patient, partner_id: _partner, panels: _panels, ...rest } = value as Record<string, unknown>;
    return { ...rest, tests: isIdList(tests) ? named(tests) : [] };
  }
  return value;
}

function testIdsOf(action: string, value: unknown): string[] {
  if (action === 'sample.tests' && isIdList(value)) return value;
  if (action === 'sample.create' && typeof value === 'object' && value !== null) {
    const { tests } = value as Record<string, unknown>;
    return isIdList(tests) ? tests : [];
  }
  return [];
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
  const rows = (await results.auditOfSample(sample.id)).map((row) => ({ ...row, old: parsed(row.oldJson), new: parsed(row.newJson) }));
  const codes = await results.assayCodes(rows.flatMap((row) => [...testIdsOf(row.action, row.old), ...testIdsOf(row.action, row.new)]));
  return rows.map((row) => ({
    korisnik: row.ime === null && row.prezime === null ? null : `${row.ime ?? ''} ${row.prezime ?? ''}`.trim(),
    vrijeme: row.at.toISOString(),
    akcija: row.action,
    polje: row.field,
    staro: asText(withTestCodes(row.action, row.old, codes)),
    novo: asText(withTestCodes(row.action, row.new, codes)),
    razlog: row.reason,
  }));
}
