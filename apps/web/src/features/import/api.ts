/**
 * The Excel import's calls, typed by their contracts in @lis/domain
 * (import/contracts.ts).
 */
import { type ImportResult, type ImportRow, XLSX_MEDIA_TYPE, importContracts } from '@lis/domain';
import { call } from '../../api/client.ts';

export type { ImportPreviewRow, ImportResult, ImportRow } from '@lis/domain';

export const templateFile = () => call(importContracts.template);
export const previewFile = (file: Blob) => call(importContracts.preview, { body: new Blob([file], { type: XLSX_MEDIA_TYPE }) });
export const importRows = async (rows: readonly ImportRow[]): Promise<ImportResult[]> =>
  (await call(importContracts.import, { body: { rows: [...rows] } })).results;
export const resultFile = (results: readonly ImportResult[]) => call(importContracts.resultFile, { body: { results: [...results] } });
