/**
 * The call of a patient's results over time (GET /api/rezultati/pacijent/{id}),
 * typed by its contract in @lis/domain (results/processing-contracts.ts).
 */
import type { PatientAssaySeries, PatientResultsAnswer } from '@lis/domain';
import { api } from '../../api/client.ts';

export type { PatientAssaySeries, PatientResultsAnswer } from '@lis/domain';

export const evaluationKeys = {
  patient: (patientId: string) => ['evaluation', 'patient', patientId] as const,
};

export function patientResults(patientId: string, signal?: AbortSignal): Promise<PatientResultsAnswer> {
  return api.get<PatientResultsAnswer>(`/rezultati/pacijent/${encodeURIComponent(patientId)}`, {}, { signal });
}

/** The reference range as a lab writes it: "3.9–6.1 mmol/L", "< 4", "> 1", or its text ("Negativan"); null without one. */
export function referenceText(series: Pick<PatientAssaySeries, 'referenca' | 'jedinica'>): string | null {
  const { low, high, text } = series.referenca;
  const unit = series.jedinica ? ` ${series.jedinica}` : '';
  if (low !== null && high !== null) return `${low}–${high}${unit}`;
  if (high !== null) return `< ${high}${unit}`;
  if (low !== null) return `> ${low}${unit}`;
  return text;
}
