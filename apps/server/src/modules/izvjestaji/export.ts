import ExcelJS from 'exceljs';
import {
  REPORT_DEFINITIONS, calendarDateOf, toIsoDate, formatKm, fromIsoDate, reportLabel, toLocalDateText,
  type Letterhead, type ReportCell, type ReportColumn, type ReportFlag,
} from '@lis/domain';
import { siteDateTime } from '../../lib/site-date-time.ts';
import { BOLD, REGULAR, contentWidth, createDocument, drawLetterhead, drawTable, finish } from '../../lib/pdf/document.ts';
import type { ReportResult } from './service.ts';

// The exports of 'Izvještaji': the report's title, the period, the summary figures and the table, as an A4
// PDF (the letterhead, page x of y) and as an Excel workbook (numbers as numbers, so they can be summed).

export type ExportLanguage = 'bs' | 'en' | 'de';

const TEXTS = {
  period: { bs: 'Period', en: 'Period', de: 'Zeitraum' },
  page: { bs: 'Stranica {{page}} od {{pages}}', en: 'Page {{page}} of {{pages}}', de: 'Seite {{page}} von {{pages}}' },
  printed: { bs: 'Izrađeno', en: 'Produced', de: 'Erstellt' },
  empty: { bs: 'Nema podataka u izabranom periodu.', en: 'No data in the chosen period.', de: 'Keine Daten im gewählten Zeitraum.' },
  total: { bs: 'Ukupno', en: 'Total', de: 'Summe' },
} as const;

function decimalText(value: number, language: ExportLanguage): string {
  const text = value.toFixed(1);
  return language === 'en' ? text : text.replace('.', ',');
}

/** A cell as printed: days and instants at the site, KM with thousands, minutes with one decimal, blanks named. */
export function cellText(column: ReportColumn, value: ReportCell, language: ExportLanguage, timeZone: string, blank = ''): string {
  if (value === null || value === '') return column.kind === 'text' ? blank : '';
  switch (column.kind) {
    case 'day': {
      const day = fromIsoDate(String(value));
      return day ? toLocalDateText(day) : String(value);
    }
    case 'instant': return siteDateTime(new Date(String(value)), timeZone);
    case 'money': return formatKm(String(value)).replace(/ KM$/, '');
    case 'minutes': return decimalText(Number(value), language);
    case 'count': return String(value);
    default: return String(value);
  }
}

function periodText(result: ReportResult, timeZone: string): string {
  // The window ends before its last instant: the period names the last minute it holds.
  const last = new Date(result.window.before.getTime() - 1);
  return `${siteDateTime(result.window.from, timeZone)} – ${siteDateTime(last, timeZone)}`;
}

/** A column's share of the page: the tests widest, names and places wide, a day and time on one line, figures narrow. */
function columnWeight(column: ReportColumn): number {
  if (column.key === 'testovi') return 4;
  if (column.key === 'code') return 1.5;
  if (column.kind === 'instant') return 1.8;
  if (column.kind === 'text') return 2.4;
  return 1.2;
}

const fill = (template: string, values: Record<string, string | number>) => template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key] ?? ''));

export function renderReportPdf(
  flag: ReportFlag, result: ReportResult, letterhead: Letterhead, language: ExportLanguage, timeZone: string, fontDir: string, now = new Date(),
): Promise<Buffer> {
  const definition = REPORT_DEFINITIONS[flag];
  const title = reportLabel(definition.title, language);
  const printed = createDocument(title, fontDir, definition.columns.length > 4 ? 'landscape' : 'portrait');
  const { doc } = printed;
  const left = doc.page.margins.left;
  const width = contentWidth(doc);
  drawLetterhead(doc, letterhead);
  doc.font(BOLD).fontSize(14).text(title, left, doc.y, { width });
  doc.font(REGULAR).fontSize(9).text(`${TEXTS.period[language]}: ${periodText(result, timeZone)}`, { width });
  doc.fillColor('#4a5560').text(reportLabel(definition.description, language), { width }).fillColor('black');
  doc.moveDown(0.4);
  const summary = definition.summary.map((column) => `${reportLabel(column.label, language)}: ${cellText(column, result.sazetak[column.key] ?? null, language, timeZone)}`);
  doc.font(BOLD).fontSize(9.5).text(summary.join('     '), { width });
  doc.moveDown(0.6);
  const blank = definition.blank ? reportLabel(definition.blank, language) : '';
  if (result.rows.length === 0) {
    doc.font(REGULAR).fontSize(9).text(TEXTS.empty[language], { width });
  } else {
    drawTable(doc, definition.columns.map((column) => ({
      header: reportLabel(column.label, language),
      weight: columnWeight(column),
      align: ['count', 'money', 'minutes'].includes(column.kind) ? 'right' as const : 'left' as const,
    })), [
      ...result.rows.map((row) => ({
        cells: definition.columns.map((column) => cellText(column, row[column.key] ?? null, language, timeZone, blank)),
      })),
      // A report of a row per day, town or location ends with its totals (a patient counted once over the range).
      ...(definition.paged ? [] : [{
        bold: true,
        cells: definition.columns.map((column, index) => (index === 0 ? TEXTS.total[language]
          : column.key in result.sazetak ? cellText(column, result.sazetak[column.key] ?? null, language, timeZone) : '')),
      }]),
    ]);
  }
  const footer = [letterhead.reportFooter, `${TEXTS.printed[language]}: ${siteDateTime(now, timeZone)}`].filter((part) => part !== '').join(' · ');
  return finish(printed, footer, (page, pages) => fill(TEXTS.page[language], { page, pages }));
}

const NUMBER_FORMATS: Partial<Record<ReportColumn['kind'], string>> = { count: '0', money: '#,##0.00', minutes: '0.0' };

/** An Excel cell: numbers as numbers (money from its exact text), the rest as the printed text. */
function excelValue(column: ReportColumn, value: ReportCell, language: ExportLanguage, timeZone: string, blank: string): string | number | null {
  if (value === null) return column.kind === 'text' ? blank : null;
  if (column.kind === 'count' || column.kind === 'minutes') return Number(value);
  if (column.kind === 'money') return Number(value);
  return cellText(column, value, language, timeZone, blank);
}

export async function renderReportXlsx(flag: ReportFlag, result: ReportResult, letterhead: Letterhead, language: ExportLanguage, timeZone: string): Promise<Buffer> {
  const definition = REPORT_DEFINITIONS[flag];
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'LIS';
  const title = reportLabel(definition.title, language);
  // Excel refuses sheet names over 31 characters and some punctuation.
  const sheet = workbook.addWorksheet(title.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31));
  const blank = definition.blank ? reportLabel(definition.blank, language) : '';
  sheet.addRow([letterhead.labName || letterhead.site.naziv]).font = { bold: true, size: 12 };
  sheet.addRow([title]).font = { bold: true, size: 14 };
  sheet.addRow([`${TEXTS.period[language]}: ${periodText(result, timeZone)}`]);
  for (const column of definition.summary) {
    const row = sheet.addRow([reportLabel(column.label, language), excelValue(column, result.sazetak[column.key] ?? null, language, timeZone, blank)]);
    const format = NUMBER_FORMATS[column.kind];
    if (format) row.getCell(2).numFmt = format;
  }
  sheet.addRow([]);
  const header = sheet.addRow(definition.columns.map((column) => reportLabel(column.label, language)));
  header.font = { bold: true };
  header.eachCell((cell) => { cell.border = { bottom: { style: 'thin' } }; });
  const headerRow = header.number;
  for (const values of result.rows) {
    const row = sheet.addRow(definition.columns.map((column) => excelValue(column, values[column.key] ?? null, language, timeZone, blank)));
    definition.columns.forEach((column, index) => {
      const format = NUMBER_FORMATS[column.kind];
      if (format) row.getCell(index + 1).numFmt = format;
    });
  }
  definition.columns.forEach((column, index) => {
    sheet.getColumn(index + 1).width = column.key === 'testovi' ? 50 : column.kind === 'text' ? 28 : 18;
  });
  sheet.views = [{ state: 'frozen', ySplit: headerRow }];
  sheet.autoFilter = { from: { row: headerRow, column: 1 }, to: { row: headerRow, column: definition.columns.length } };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The day of an instant at the site as the file name carries it. */
export function fileDay(instant: Date, timeZone: string): string {
  return toIsoDate(calendarDateOf(instant, timeZone));
}
