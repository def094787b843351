import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { IMPORT_COLUMNS, XLSX_MEDIA_TYPE, type ImportRow } from '@lis/domain';
import type { SignedIn, TestApp } from '../../test/harness.ts';

export type FileRow = Partial<Omit<ImportRow, 'red'>>;

/** A workbook in the template's layout with these rows. */
export async function importFile(rows: readonly FileRow[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Pacijenti');
  sheet.addRow(IMPORT_COLUMNS.map((column) => column.header));
  for (const row of rows) sheet.addRow(IMPORT_COLUMNS.map((column) => row[column.key] ?? ''));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export function upload(t: TestApp, user: SignedIn, bytes: Buffer, site = user.site, contentType = XLSX_MEDIA_TYPE): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST', url: '/api/import/pregled', payload: bytes,
    headers: { authorization: `Bearer ${user.token}`, 'x-site': site, 'content-type': contentType },
  });
}
