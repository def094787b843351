/**
 * The surveillance calls: GET /api/mikrobiologija/kumulativni-antibiogram (JSON) and its /xlsx export, and
 * POST /api/mikrobiologija/whonet (the WHONET flat file). Answer and request types are the contracts of
 * @lis/domain (microbiology/surveillance-contracts.ts).
 */
import type { CumulativeAnswer, DateRange, WhonetExportRequest } from '@lis/domain';
import { api } from '../../../api/client.ts';

export interface SurveillancePeriod {
  range: DateRange;
  /** One specimen, or null for every specimen. */
  materijal: string | null;
}

function periodQuery({ range, materijal }: SurveillancePeriod) {
  return { dateRangeMin: range.from.toISOString(), dateRangeMax: range.to.toISOString(), materijal: materijal ?? undefined };
}

export const surveillanceKeys = {
  cumulative: (period: SurveillancePeriod) => ['microbiology', 'cumulative', period.range.from.toISOString(), period.range.to.toISOString(), period.materijal] as const,
};

export function fetchCumulative(period: SurveillancePeriod, signal?: AbortSignal): Promise<CumulativeAnswer> {
  return api.get<CumulativeAnswer>('/mikrobiologija/kumulativni-antibiogram', periodQuery(period), { signal });
}

export function fetchCumulativeXlsx(period: SurveillancePeriod, language: string): Promise<Blob> {
  return api.file('/mikrobiologija/kumulativni-antibiogram/xlsx', { ...periodQuery(period), jezik: language });
}

export function fetchWhonet(period: SurveillancePeriod, codes: Pick<WhonetExportRequest, 'zemlja' | 'laboratorija'>): Promise<Blob> {
  return api.postForFile('/mikrobiologija/whonet', { ...periodQuery(period), ...codes });
}
