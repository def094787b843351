/**
 * The printable label of a sample as a file: the PDF (GET
 * /api/uzorci/barcode/{id}/pdf) and the ZPL for Zebra printers (…/zpl),
 * fetched with the session token by the API client and shown through an
 * object URL.
 */
import { labelContracts } from '@lis/domain';
import { call } from '../../api/client.ts';
import type { FileRequest } from '../../api/use-file-url.ts';

export { downloadBlob } from '../../lib/download.ts';

export type LabelFormat = 'pdf' | 'zpl';

export function fetchLabel(sampleId: string, format: LabelFormat, signal?: AbortSignal): Promise<Blob> {
  return call(format === 'pdf' ? labelContracts.pdf : labelContracts.zpl, { params: { id: sampleId } }, { signal });
}

/** The label as a file for useFileUrl (the dialog's preview). */
export function labelFile(sampleId: string, format: LabelFormat): FileRequest {
  return { key: `${sampleId}/${format}`, load: (signal) => fetchLabel(sampleId, format, signal) };
}
