/** The calls of Izvještaji: GET /api/izvjestaji/{report} (JSON) and its /pdf and /xlsx exports. */
import type { DateRange, ReportAnswer, ReportFlag } from '@lis/domain';
import { api } from '../../api/client.ts';

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
  return api.get<ReportAnswer>(`/izvjestaji/${flag}`, { ...rangeQuery(range), page, per_page: perPage }, { signal });
}

export type ExportFormat = 'pdf' | 'xlsx';

export function fetchExport(flag: ReportFlag, range: DateRange, format: ExportFormat, language: string, signal?: AbortSignal): Promise<Blob> {
  return api.file(`/izvjestaji/${flag}/${format}`, { ...rangeQuery(range), jezik: language }, { signal });
}
