import {
  EARLIEST_DAY, REPORT_DEFINITIONS, fromMinorUnits, sumMinorUnits, toMinorUnits, REPORT_EXPORT_MAX_ROWS, resolveDateRange, startOfDay,
  type ReportAnswer, type ReportCell, type ReportFlag, type ReportQuery, type TimeWindow,
} from '@lis/domain';
import type { Db } from '../../db/client.ts';
import type { RequestContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { sessionReportFlags } from '../auth/service.ts';
import { siteTimeZone } from '../sites/service.ts';
import * as repo from './repository.ts';

// 'Izvještaji': each report of the caller's site over a date range, refused (403) to a session whose report
// flag for it is not set. The range is the picker's (both ends, the end inclusive; bare days are whole days
// at the site), starting no earlier than the pickers' earliest day.

type Row = Record<string, ReportCell>;

export interface ReportResult {
  window: TimeWindow;
  rows: Row[];
  sazetak: Row;
  total: number;
}

const iso = (value: Date | string): string => new Date(value).toISOString();

/** Minutes as the reports give them: one decimal, half away from zero. */
export function roundMinutes(minutes: number | null): number | null {
  if (minutes === null) return null;
  return Math.sign(minutes) * Math.round(Math.abs(minutes) * 10) / 10;
}

async function scopeOf(db: Db, ctx: RequestContext, flag: ReportFlag, query: ReportQuery): Promise<repo.ReportScope> {
  const flags = await sessionReportFlags(db, ctx);
  if (flags[flag] !== true) throw AppError.forbidden('izvjestaji.forbidden');
  const timeZone = await siteTimeZone(db, ctx.siteId);
  const range = resolveDateRange(query.dateRangeMin, query.dateRangeMax, timeZone);
  if (range.kind === 'invalid') throw AppError.badRequest('form.invalid', range.field);
  if (range.kind === 'none') throw AppError.badRequest('form.required', 'dateRangeMin');
  if (range.window.from.getTime() < startOfDay(EARLIEST_DAY, timeZone).getTime()) throw AppError.badRequest('form.invalid', 'dateRangeMin');
  return { siteId: ctx.siteId, window: range.window, timeZone };
}

/** The rows of one report: a page of the per-sample reports, every row of the others. */
async function compute(db: Db, flag: ReportFlag, scope: repo.ReportScope, page: repo.Page): Promise<Omit<ReportResult, 'window'>> {
  const reports = repo.izvjestajiRepository(db, scope.siteId);
  switch (flag) {
    case 'fpodanu': {
      const rows = await reports.financesPerDay(scope);
      // Exact: the days' sums are added in minor units, never as floats.
      const iznos = fromMinorUnits(sumMinorUnits(rows.map((row) => toMinorUnits(row.iznos) ?? 0)));
      return {
        rows: rows.map((row) => ({ ...row })), total: rows.length,
        sazetak: { uzoraka: rows.reduce((sum, row) => sum + row.uzoraka, 0), testova: rows.reduce((sum, row) => sum + row.testova, 0), iznos },
      };
    }
    case 'ppodanu': {
      const [rows, totals] = await Promise.all([reports.patientsPerDay(scope), reports.patientTotals(scope)]);
      return { rows: rows.map((row) => ({ ...row })), total: rows.length, sazetak: { ...totals } };
    }
    case 'ppomjestu':
    case 'ppolokaciji': {
      const key = flag === 'ppomjestu' ? 'mjesto' : 'lokacija';
      const [groups, totals] = await Promise.all([
        flag === 'ppomjestu' ? reports.patientsPerTown(scope) : reports.patientsPerLocation(scope), reports.patientTotals(scope),
      ]);
      return {
        rows: groups.map((row) => ({ [key]: row.grupa, pacijenata: row.pacijenata, uzoraka: row.uzoraka })),
        total: groups.length, sazetak: { ...totals },
      };
    }
    case 'protokol': {
      const [rows, total] = await Promise.all([reports.protocolPage(scope, page), reports.sampleCount(scope)]);
      return {
        rows: rows.map((row) => ({ ...row, registrovan: iso(row.registrovan), testovi: row.testovi ?? '' })),
        total, sazetak: { uzoraka: total },
      };
    }
    case 'tatpopacijentu': {
      const [rows, totals] = await Promise.all([reports.turnaroundPage(scope, page), reports.turnaroundTotals(scope)]);
      return {
        rows: rows.map((row) => ({
          ...row, zaprimljen: iso(row.zaprimljen), verificiran: iso(row.verificiran), minuta: roundMinutes(Number(row.minuta)),
        })),
        total: totals.uzoraka,
        sazetak: { uzoraka: totals.uzoraka, medijan: roundMinutes(totals.medijan), p90: roundMinutes(totals.p90) },
      };
    }
    case 'worklists': {
      const [rows, totals] = await Promise.all([reports.worklistPage(scope, page), reports.worklistTotals(scope)]);
      return {
        rows: rows.map((row) => ({ ...row, registrovan: iso(row.registrovan) })),
        total: totals.redova, sazetak: { uzoraka: totals.uzoraka, testova: totals.testova },
      };
    }
  }
}

/** GET /izvjestaji/{report}: the report as the screen shows it (a page of the per-sample reports). */
export async function report(db: Db, ctx: RequestContext, flag: ReportFlag, query: ReportQuery): Promise<ReportAnswer> {
  const scope = await scopeOf(db, ctx, flag, query);
  const page = { limit: query.per_page, offset: (query.page - 1) * query.per_page };
  const result = await repo.reportTransaction(db, (tx) => compute(tx, flag, scope, page));
  return {
    success: true,
    izvjestaj: flag,
    od: scope.window.from.toISOString(),
    do: scope.window.before.toISOString(),
    rows: result.rows,
    sazetak: result.sazetak,
    pagination: { page: query.page, per_page: REPORT_DEFINITIONS[flag].paged ? query.per_page : result.total, total: result.total },
  };
}

/** The whole report for an export; a range with more rows than an export holds is refused, naming its end. */
export async function reportForExport(db: Db, ctx: RequestContext, flag: ReportFlag, query: ReportQuery): Promise<ReportResult & { timeZone: string }> {
  const scope = await scopeOf(db, ctx, flag, query);
  const result = await repo.reportTransaction(db, (tx) => compute(tx, flag, scope, { limit: REPORT_EXPORT_MAX_ROWS + 1, offset: 0 }));
  if (result.rows.length > REPORT_EXPORT_MAX_ROWS) {
    throw new AppError(400, 'izvjestaji.tooManyRows', 'dateRangeMax', { max: String(REPORT_EXPORT_MAX_ROWS) });
  }
  return { ...result, window: scope.window, timeZone: scope.timeZone };
}
