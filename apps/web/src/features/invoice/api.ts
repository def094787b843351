/** The pro-forma invoice calls (GET /api/predracun/...) and the screen's address. */
import type { InvoiceAnswer, InvoiceCandidatesAnswer } from '@lis/domain';
import { api } from '../../api/client.ts';

/** The invoice screen of a patient's samples: /obrada/predracun/{patient}?uzorci=id,id. */
export function invoicePath(patientId: string, sampleIds: readonly string[]): string {
  return `/obrada/predracun/${encodeURIComponent(patientId)}?uzorci=${sampleIds.map(encodeURIComponent).join(',')}`;
}

export function fetchCandidates(patientId: string, signal?: AbortSignal): Promise<InvoiceCandidatesAnswer> {
  return api.get<InvoiceCandidatesAnswer>(`/predracun/${encodeURIComponent(patientId)}/uzorci`, {}, { signal });
}

export function fetchInvoice(patientId: string, sampleIds: readonly string[], signal?: AbortSignal): Promise<InvoiceAnswer> {
  return api.get<InvoiceAnswer>(`/predracun/${encodeURIComponent(patientId)}/pregled`, { uzorci: sampleIds.join(',') }, { signal });
}

export function fetchInvoicePdf(patientId: string, sampleIds: readonly string[]): Promise<Blob> {
  return api.file(`/predracun/${encodeURIComponent(patientId)}`, { uzorci: sampleIds.join(',') });
}
