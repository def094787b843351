/**
 * Text a spreadsheet program will show as text. A cell of a delimited file (CSV, TSV) that begins with `=`,
 * `+`, `-` or `@` is read as a formula when the file is opened in Excel or LibreOffice (`=HYPERLINK(...)`
 * becomes a live link, DDE payloads run commands), and a leading tab or carriage return can hide such a
 * start. Such a cell gets a leading apostrophe, the spreadsheet's own "this is text" mark (OWASP, CSV
 * injection). A plain signed number ('-4', '+0.5') stays as it is: it is read as that number, not run; so
 * does a lone sign ('-', a common "none"), which is no formula either.
 *
 * The XLSX exports need no escaping: they write every text as a string cell, which no program evaluates.
 * This is the same rule for the files that have no cell types.
 */
export function spreadsheetText(text: string): string {
  if (text.length < 2 || !/^[=+\-@\t\r]/.test(text) || /^[+-]?\d+(?:[.,]\d+)?$/.test(text)) return text;
  return `'${text}`;
}
