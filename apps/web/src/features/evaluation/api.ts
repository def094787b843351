import { referenceText as sharedReferenceText } from '../../lib/reference-range-text.ts';
/**
 * The call of a patient's results over time (GET /api/rezultati/pacijent/{id}),
 * typed by its contract in @lis/domain (results/processing-contracts.ts).
 */
import type { PatientAssaySeries, PatientResultsAnswer } from '@lis/domain';
import { call } from '../../api/client.ts';
import { processingContracts } from '@lis/domain';

export type { PatientAssaySeries, PatientResultsAnswer } from '@lis/domain';

export const evaluationKeys = {
  patient: (patientId: string) => ['evaluation', 'patient', patientId] as const,
};

export function patientResults(patientId: string, signal?: AbortSignal): Promise<PatientResultsAnswer> {
  return call(processingContracts.patientResults, { params: { id: patientId } }, { signal });
}

/** The reference range with its unit ("3,9 – 6,1 mmol/L", "≤ 4 IU/mL"), or its text ("Negativan"); null without one. */
export function referenceText(series: Pick<PatientAssaySeries, 'referenca' | 'jedinica'>): string | null {
  const range = sharedReferenceText(series.referenca);
  if (!range) return null;
  return series.referenca.text || !series.jedinica ? range : `${range} ${series.jedinica}`;
}
