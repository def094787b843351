/**
 * The Excel import's calls, typed by their contracts in @lis/domain
 * (import/contracts.ts).
 */
import { type ImportAnswer, type ImportPreviewAnswer, type ImportResult, type ImportRow, XLSX_MEDIA_TYPE } from '@lis/domain';
import { api } from '../../api/client.ts';

export type { ImportPreviewRow, ImportResult, ImportRow } from '@lis/domain';

export const templateFile = () => api.file('/import/predlozak');
export const previewFile = (file: Blob) => api.postBytes<ImportPreviewAnswer>('/import/pregled', file, XLSX_MEDIA_TYPE);
export const importRows = async (rows: readonly ImportRow[]): Promise<ImportResult[]> =>
  (await api.post<ImportAnswer>('/import/uvoz', { rows })).results;
export const resultFile = (results: readonly ImportResult[]) => api.postForFile('/import/rezultat', { results });
