/**
 * The printable label of a sample as a file: the PDF (GET
 * /api/uzorci/barcode/{id}/pdf) and the ZPL for Zebra printers (…/zpl),
 * fetched with the session token by the API client and shown through an
 * object URL.
 */
import { apiFile } from '../../api/client.ts';

export { downloadBlob } from '../../lib/download.ts';

export type LabelFormat = 'pdf' | 'zpl';

/** The label file's path (without '/api'). */
export function labelPath(sampleId: string, format: LabelFormat): string {
  return `/uzorci/barcode/${encodeURIComponent(sampleId)}/${format}`;
}

export function fetchLabel(sampleId: string, format: LabelFormat, signal?: AbortSignal): Promise<Blob> {
  return apiFile(labelPath(sampleId, format), {}, { signal });
}
