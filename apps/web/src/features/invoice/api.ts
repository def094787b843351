/** The pro-forma invoice calls (GET /api/predracun/...) and the screen's address. */
import type { InvoiceAnswer, InvoiceCandidatesAnswer } from '@lis/domain';
import { call } from '../../api/client.ts';
import { invoiceContracts } from '@lis/domain';

/** The invoice screen of a patient's samples: /obrada/predracun/{patient}?uzorci=id,id. */
export function invoicePath(patientId: string, sampleIds: readonly string[]): string {
  return `/obrada/predracun/${encodeURIComponent(patientId)}?uzorci=${sampleIds.map(encodeURIComponent).join(',')}`;
}

export function fetchCandidates(patientId: string, signal?: AbortSignal): Promise<InvoiceCandidatesAnswer> {
  return call(invoiceContracts.candidates, { params: { patient: patientId } }, { signal });
}

export function fetchInvoice(patientId: string, sampleIds: readonly string[], signal?: AbortSignal): Promise<InvoiceAnswer> {
  return call(invoiceContracts.show, { params: { patient: patientId }, query: { uzorci: sampleIds.join(',') } }, { signal });
}

export function fetchInvoicePdf(patientId: string, sampleIds: readonly string[]): Promise<Blob> {
  return call(invoiceContracts.pdf, { params: { patient: patientId }, query: { uzorci: sampleIds.join(',') } });
}
