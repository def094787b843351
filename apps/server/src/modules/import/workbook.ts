import ExcelJS from 'exceljs';
import { IMPORT_COLUMNS, MAX_IMPORT_ROWS, type ImportResult, type ImportRow } from '@lis/domain';
import { AppError } from '../../lib/errors.ts';
import { checkWorkbookArchive } from './workbook-archive.ts';

// The import's workbooks: the template people fill in, reading a filled-in file back into rows, and the
// per-row results. Cells are read as the text a person sees (a date cell as dd.mm.yyyy, a number as typed).

const XLSX_FONT = { bold: true };

/** The template: one sheet 'Pacijenti' with the columns in order, an example row and column widths that fit. */
export async function templateXlsx(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'LIS';
  const sheet = workbook.addWorksheet('Pacijenti');
  sheet.columns = IMPORT_COLUMNS.map((column) => ({ header: column.header, key: column.key, width: Math.max(14, column.header.length + 4, column.example.length + 2) }));
  sheet.getRow(1).font = XLSX_FONT;
  sheet.addRow(Object.fromEntries(IMPORT_COLUMNS.map((column) => [column.key, column.example])));
  // Text cells: a JMBG or a date typed into a number or date cell would lose its leading zeros or its form.
  for (const column of sheet.columns) column.numFmt = '@';
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function two(value: number): string {
  return String(value).padStart(2, '0');
}

/** A cell as text: dates as dd.mm.yyyy (their calendar day as Excel stores it, in UTC), rich text and formulas by their text. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return `${two(value.getUTCDate())}.${two(value.getUTCMonth() + 1)}.${value.getUTCFullYear()}`;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'DA' : 'NE';
  if (typeof value === 'string') return value.trim();
  if ('richText' in value) return value.richText.map((part) => part.text).join('').trim();
  if ('text' in value && typeof value.text === 'string') return value.text.trim();
  if ('result' in value) return cellText(value.result);
  return '';
}

const HEADER_KEYS = new Map<string, ImportRow extends infer R ? keyof R : never>(
  IMPORT_COLUMNS.map((column) => [column.header.toLowerCase(), column.key]),
);

/**
 * The rows of the file's first sheet: the first row names the columns (the template's headers, case
 * ignored, in any order); empty rows are skipped. A file that is not a workbook answers 415; one
 * without a known header, or with more rows than MAX_IMPORT_ROWS, answers 400. The archive is checked
 * first (its declared size, its first sheet's rows counted by streaming), so a file too large to
 * unpack, or of too many rows, is refused before it is unpacked whole.
 */
export async function readImportFile(bytes: Buffer): Promise<ImportRow[]> {
  await checkWorkbookArchive(bytes, MAX_IMPORT_ROWS);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw new AppError(415, 'import.unsupportedStatus');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw AppError.badRequest('import.unreadable');
  const keys = new Map<number, keyof ImportRow>();
  sheet.getRow(1).eachCell((cell, column) => {
    const key = HEADER_KEYS.get(cellText(cell.value).toLowerCase());
    if (key) keys.set(column, key);
  });
  if (!keys.size || ![...keys.values()].includes('jmbg')) throw AppError.badRequest('import.unreadable');
  if (sheet.actualRowCount - 1 > MAX_IMPORT_ROWS) throw new AppError(400, 'import.tooManyRows', undefined, { max: String(MAX_IMPORT_ROWS) });
  const rows: ImportRow[] = [];
  sheet.eachRow((row, number) => {
    if (number === 1) return;
    const values: Record<string, string> = {};
    for (const [column, key] of keys) values[key] = cellText(row.getCell(column).value);
    if (Object.values(values).every((value) => value === '')) return;
    rows.push({
      red: number, jmbg: '', ime: '', prezime: '', spol: '', adresa: '', telefon: '', email: '', referenca: '', testovi: '', datum: '', partner: '', hitan: '',
      ...values,
    });
  });
  return rows;
}

const RESULT_COLUMNS = [
  { header: 'Red', key: 'red', width: 8 },
  { header: 'Referenca uzorka', key: 'referenca', width: 22 },
  { header: 'JMBG', key: 'jmbg', width: 16 },
  { header: 'Rezultat', key: 'status', width: 12 },
  { header: 'Šifra uzorka', key: 'code', width: 14 },
  { header: 'Novi pacijent', key: 'noviPacijent', width: 14 },
  { header: 'Poruka', key: 'poruka', width: 60 },
] as const;

const OUTCOME_TEXT: Record<ImportResult['status'], string> = { kreiran: 'KREIRAN', postoji: 'POSTOJI', greska: 'GREŠKA' };

/** The per-row results as a workbook: a row per file row, the refused ones in red. */
export async function resultXlsx(results: readonly ImportResult[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'LIS';
  const sheet = workbook.addWorksheet('Rezultat uvoza');
  sheet.columns = RESULT_COLUMNS.map((column) => ({ ...column }));
  sheet.getRow(1).font = XLSX_FONT;
  for (const result of results) {
    const row = sheet.addRow({
      ...result, status: OUTCOME_TEXT[result.status], code: result.code ?? '', noviPacijent: result.noviPacijent ? 'DA' : 'NE',
    });
    if (result.status === 'greska') row.font = { color: { argb: 'FFC92A2A' } };
  }
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
