/** The calls of Izvještaji: GET /api/izvjestaji/{report} (JSON) and its /pdf and /xlsx exports. */
import type { DateRange, ReportAnswer, ReportFlag, Language } from '@lis/domain';
import { call } from '../../api/client.ts';
import { reportContracts } from '@lis/domain';

export interface ReportRequest {
  flag: ReportFlag;
  range: DateRange;
  page: number;
  perPage: number;
}

function rangeQuery(range: DateRange) {
  return { dateRangeMin: range.from.toISOString(), dateRangeMax: range.to.toISOString() };
}

export function fetchReport({ flag, range, page, perPage }: ReportRequest, signal?: AbortSignal): Promise<ReportAnswer> {
  return call(reportContracts.show, { params: { report: flag }, query: { ...rangeQuery(range), page, per_page: perPage } }, { signal });
}

export type ExportFormat = 'pdf' | 'xlsx';

export function fetchExport(flag: ReportFlag, range: DateRange, format: ExportFormat, language: Language, signal?: AbortSignal): Promise<Blob> {
  return call(format === 'pdf' ? reportContracts.pdf : reportContracts.xlsx, { params: { report: flag }, query: { ...rangeQuery(range), jezik: language } }, { signal });
}
