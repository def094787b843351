/**
 * The surveillance calls: GET /api/mikrobiologija/kumulativni-antibiogram (JSON) and its /xlsx export, and
 * POST /api/mikrobiologija/whonet (the WHONET flat file). Answer and request types are the contracts of
 * @lis/domain (microbiology/surveillance-contracts.ts).
 */
import type { CumulativeAnswer, DateRange, Language, WhonetExportRequest } from '@lis/domain';
import { call } from '../../../api/client.ts';
import { surveillanceContracts } from '@lis/domain';

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
  return call(surveillanceContracts.cumulative, { query: periodQuery(period) }, { signal });
}

export function fetchCumulativeXlsx(period: SurveillancePeriod, language: Language): Promise<Blob> {
  return call(surveillanceContracts.cumulativeXlsx, { query: { ...periodQuery(period), jezik: language } });
}

export function fetchWhonet(period: SurveillancePeriod, codes: Pick<WhonetExportRequest, 'zemlja' | 'laboratorija'>): Promise<Blob> {
  return call(surveillanceContracts.whonet, { body: { ...periodQuery(period), ...codes } });
}
