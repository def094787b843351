/**
 * The printable label of a sample as a file: the PDF (GET
 * /api/uzorci/barcode/{id}/pdf) and the ZPL for Zebra printers (…/zpl).
 * A plain link cannot carry the session token in a header, so the file is
 * fetched with it here and shown through an object URL. A 401 ends the
 * session, as in the API client.
 */
import { ApiError } from '../../api/client.ts';
import { sessionStore } from '../../lib/session-store.ts';

export type LabelFormat = 'pdf' | 'zpl';

export function labelUrl(sampleId: string, format: LabelFormat, site: string | null): string {
  const query = site ? `?site=${encodeURIComponent(site)}` : '';
  return `/api/uzorci/barcode/${encodeURIComponent(sampleId)}/${format}${query}`;
}

async function failure(response: Response): Promise<ApiError> {
  let answer: { message?: unknown; code?: unknown } = {};
  try {
    answer = (await response.json()) as typeof answer;
  } catch {
    // Not JSON: the status alone tells what went wrong.
  }
  return new ApiError(
    response.status,
    typeof answer.message === 'string' ? answer.message : 'Greška na serveru.',
    typeof answer.code === 'string' ? answer.code : 'server.error',
  );
}

export async function fetchLabel(sampleId: string, format: LabelFormat, signal?: AbortSignal): Promise<Blob> {
  const token = sessionStore.token();
  let response: Response;
  try {
    response = await fetch(labelUrl(sampleId, format, sessionStore.siteId()), {
      headers: token ? { Authorization: `Bearer ${token}` } : {}, signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, 'Server nije dostupan.', 'network');
  }
  if (response.status === 401) sessionStore.clear();
  if (!response.ok) throw await failure(response);
  return response.blob();
}

/** Saves a blob under a file name through a temporary link. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started once click() returns; the URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
