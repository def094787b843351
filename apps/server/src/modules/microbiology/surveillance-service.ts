import { createHmac } from 'node:crypto';
import {
  EARLIEST_DAY, MIN_RELIABLE_ISOLATES, calendarDateOf, cumulativeAntibiogram, patientAge, reportedCategory, resolveDateRange, startOfDay,
  toIsoDate, whonetFile, whonetSex,
  type AstMethod, type CumulativeAnswer, type CumulativeQuery, type SirCategory, type SurveillanceIsolate, type WhonetExportRequest,
  type WhonetIsolate, whonetExportRequest,
} from '@lis/domain';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../db/audit.ts';
import type { RequestContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { siteTimeZone } from '../sites/service.ts';
import { surveillanceRepository, type IsolateRow, type SurveillanceScope, type SusceptibilityRow } from './surveillance-repository.ts';

// Microbiology surveillance of the caller's site: the cumulative antibiogram (the rules are @lis/domain's
// cumulativeAntibiogram: first isolate per patient and species, verified results, routine agents) and the
// WHONET export of the period's isolates. The period is the picker's (both ends, the end inclusive; bare days
// are whole days at the site), counted by the date the specimen was taken.

async function scopeOf(db: Db, ctx: RequestContext, query: { dateRangeMin?: string; dateRangeMax?: string; materijal?: string }) {
  const timeZone = await siteTimeZone(db, ctx.siteId);
  const range = resolveDateRange(query.dateRangeMin, query.dateRangeMax, timeZone);
  if (range.kind === 'invalid') throw AppError.badRequest('form.invalid', range.field);
  if (range.kind === 'none') throw AppError.badRequest('form.required', 'dateRangeMin');
  if (range.window.from.getTime() < startOfDay(EARLIEST_DAY, timeZone).getTime()) throw AppError.badRequest('form.invalid', 'dateRangeMin');
  const materijal = query.materijal?.trim() || null;
  const scope: SurveillanceScope = { siteId: ctx.siteId, window: range.window, materijal };
  return { scope, timeZone };
}

function byIsolate(rows: readonly SusceptibilityRow[]): Map<string, SusceptibilityRow[]> {
  const grouped = new Map<string, SusceptibilityRow[]>();
  for (const row of rows) {
    const list = grouped.get(row.isolateId) ?? [];
    list.push(row);
    grouped.set(row.isolateId, list);
  }
  return grouped;
}

function surveillanceIsolate(isolate: IsolateRow, rows: readonly SusceptibilityRow[]): SurveillanceIsolate {
  return {
    patientId: isolate.patientId, takenAt: isolate.datum, sampleCode: isolate.sampleCode, rbr: isolate.rbr, materijal: isolate.materijal,
    organism: { mo: isolate.mo, naziv: isolate.fullname },
    results: rows.map((row) => ({
      ab: row.ab, naziv: row.name, grupa: row.grupa,
      // What the report says: a person's override, else the interpretation.
      kategorija: reportedCategory(row.tumacenje as SirCategory | null, row.izmjena as SirCategory | null),
    })),
  };
}

/** GET /mikrobiologija/kumulativni-antibiogram: the site's cumulative antibiogram over the period. */
export async function cumulative(db: Db, ctx: RequestContext, query: CumulativeQuery): Promise<CumulativeAnswer & { timeZone: string }> {
  const { scope, timeZone } = await scopeOf(db, ctx, query);
  const repository = surveillanceRepository(db, ctx.siteId);
  const [isolates, rows, materijali] = await Promise.all([repository.isolates(scope), repository.susceptibilities(scope), repository.specimens(scope)]);
  const grouped = byIsolate(rows);
  const table = cumulativeAntibiogram(
    isolates.map((isolate) => surveillanceIsolate(isolate, grouped.get(isolate.isolateId) ?? [])),
    { from: scope.window.from, before: scope.window.before, materijal: scope.materijal },
  );
  return {
    success: true, od: scope.window.from.toISOString(), do: scope.window.before.toISOString(), materijal: scope.materijal, materijali,
    ...table, minIzolata: MIN_RELIABLE_ISOLATES, timeZone,
  };
}

/** The secret that keys WHONET's PATIENT_ID (lab_secrets). */
export const PSEUDONYM_SECRET = 'whonet_pseudonym';

/**
 * A patient's PATIENT_ID in the WHONET export: HMAC-SHA256 of the patient's internal id under the lab's own
 * secret, 16 hex digits. Never the JMBG or the name: the same patient has the same pseudonym in every export
 * (WHONET's first-isolate and duplicate rules need that), and without the secret, which never leaves the
 * database, the pseudonym cannot be traced back to the patient.
 */
export function pseudonym(secret: string, patientId: string): string {
  return createHmac('sha256', secret).update(patientId).digest('hex').slice(0, 16);
}

export interface WhonetExport {
  text: string;
  name: string;
  isolates: number;
}

/**
 * POST /mikrobiologija/whonet: the period's isolates as a WHONET file, one row per isolate (WHONET applies its
 * own first-isolate rule). Patient data leaves the system: an audit row records who exported which period,
 * how many isolates and patients, in the same transaction that reads them.
 */
export async function whonetExport(db: Db, ctx: RequestContext, body: WhonetExportRequest): Promise<WhonetExport> {
  const input = whonetExportRequest.parse(body);
  const { scope, timeZone } = await scopeOf(db, ctx, input);
  return db.transaction(async (tx) => {
    const repository = surveillanceRepository(tx, ctx.siteId);
    const secret = await repository.secret(PSEUDONYM_SECRET);
    const isolates = await repository.isolates(scope);
    const grouped = byIsolate(await repository.susceptibilities(scope));
    const rows = isolates.map((isolate): WhonetIsolate => {
      const day = calendarDateOf(isolate.datum, timeZone);
      const age = patientAge({ jmbg: isolate.jmbg, godiste: isolate.godiste }, day);
      return {
        guideline: isolate.guideline,
        fields: {
          COUNTRY_A: input.zemlja, LABORATORY: input.laboratorija, PATIENT_ID: pseudonym(secret, isolate.patientId),
          SEX: whonetSex(isolate.spol), AGE: age ? String(age.jmbgObj.years) : '', SPEC_NUM: isolate.sampleCode, SPEC_DATE: toIsoDate(day),
          SPEC_TYPE: '', SPEC_CODE: isolate.materijal, ISOL_NUM: String(isolate.rbr), ORGANISM: isolate.fullname,
        },
        results: (grouped.get(isolate.isolateId) ?? []).map((row) => ({ ab: row.ab, method: row.method as AstMethod, vrijednost: row.vrijednost, diskDose: row.diskDose })),
      };
    });
    const od = scope.window.from.toISOString();
    const doTime = scope.window.before.toISOString();
    await writeAudit(tx, ctx, {
      action: 'micro.whonetExport', entity: 'micro_export', entityId: ctx.siteId, field: 'whonet',
      newValue: {
        od, do: doTime, materijal: scope.materijal, zemlja: input.zemlja, laboratorija: input.laboratorija,
        izolata: rows.length, pacijenata: new Set(isolates.map((isolate) => isolate.patientId)).size,
      },
    });
    const first = toIsoDate(calendarDateOf(scope.window.from, timeZone));
    const last = toIsoDate(calendarDateOf(new Date(scope.window.before.getTime() - 1), timeZone));
    return { text: whonetFile(rows), name: `whonet-${first}-${last}.txt`, isolates: rows.length };
  });
}
