/**
 * The upload rules of the Excel upload (spec, section 5 and 9): files are
 * filtered by extension, case ignored, and a file's size is shown in the
 * largest unit from Bytes to YB that keeps the number at least 1.
 */

/** What the Excel import takes: the Office Open XML workbook (the old binary .xls is another format exceljs cannot read). */
export const EXCEL_EXTENSIONS = ['.xlsx'] as const;
export const XLSX_MEDIA_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Whether the file's name ends in one of the extensions ('.xlsx'), case ignored ('NALAZI.XLSX' passes). */
export function hasAllowedExtension(fileName: string, extensions: readonly string[]): boolean {
  const name = fileName.trim().toLowerCase();
  return extensions.some((extension) => name.endsWith(extension.toLowerCase()) && name.length > extension.length);
}


/** An .xlsx is a ZIP archive: its first bytes are 'PK\x03\x04'. Anything else is refused as an unsupported format (415). */
export function looksLikeXlsx(bytes: Uint8Array): boolean {
  return bytes.length > 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}
