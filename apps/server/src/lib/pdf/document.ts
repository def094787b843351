import { existsSync } from 'node:fs';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import type { Letterhead } from '@lis/domain';

/**
 * Printed A4 documents of the lab (pro-forma invoices, report exports):
 * DejaVu Sans, a Unicode font with every letter of the region (č ć ž š đ; the
 * PDF base fonts lack Č, Ć and Đ), the letterhead, tables that carry their
 * header onto the next page, and 'page x of y' with the footer on every page.
 * Pages are buffered so the page count is known before the footers are written.
 */


export const REGULAR = 'regular';
export const BOLD = 'bold';
export const MARGIN = 40;
const FOOTER_HEIGHT = 34;
const RULE_COLOUR = '#9aa3ad';
const MUTED = '#4a5560';

export interface PrintedDocument {
  doc: PDFKit.PDFDocument;
  /** The document's bytes once `finish` has been called. */
  bytes: Promise<Buffer>;
}

/** `fontDir`: where DejaVuSans.ttf and DejaVuSans-Bold.ttf are (the config's PDF_FONT_DIR). */
export function createDocument(title: string, fontDir: string, layout: 'portrait' | 'landscape' = 'portrait'): PrintedDocument {
  const regularFont = path.join(fontDir, 'DejaVuSans.ttf');
  const boldFont = path.join(fontDir, 'DejaVuSans-Bold.ttf');
  if (!existsSync(regularFont) || !existsSync(boldFont)) {
    throw new Error(`DejaVu Sans not found in ${fontDir} (Debian: fonts-dejavu-core; or set PDF_FONT_DIR)`);
  }
  const doc = new PDFDocument({
    size: 'A4', layout, bufferPages: true,
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN + FOOTER_HEIGHT },
    info: { Title: title, Creator: 'LIS' },
  });
  doc.registerFont(REGULAR, regularFont);
  doc.registerFont(BOLD, boldFont);
  doc.font(REGULAR).fontSize(9).fillColor('black');
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, bytes };
}

/** The printable width between the margins. */
export function contentWidth(doc: PDFKit.PDFDocument): number {
  return doc.page.width - doc.page.margins.left - doc.page.margins.right;
}

/** The lowest y a line may start at before the footer. */
function bottomOf(doc: PDFKit.PDFDocument): number {
  return doc.page.height - doc.page.margins.bottom;
}

/**
 * The letterhead at the top of the first page: the lab's name (the site's name
 * when the lab has none set), its address (the site's when none is set), the
 * header lines as written, the performing site, then a rule.
 */
export function drawLetterhead(doc: PDFKit.PDFDocument, letterhead: Letterhead): void {
  const width = contentWidth(doc);
  const left = doc.page.margins.left;
  const name = letterhead.labName || letterhead.site.naziv;
  const address = letterhead.labAddress || letterhead.site.adresa;
  doc.font(BOLD).fontSize(14).fillColor('black').text(name, left, doc.page.margins.top, { width });
  doc.font(REGULAR).fontSize(9).fillColor(MUTED);
  if (address) doc.text(address, { width });
  if (letterhead.reportHeader) doc.text(letterhead.reportHeader, { width });
  if (letterhead.labName && letterhead.site.naziv !== letterhead.labName) {
    doc.text(`${letterhead.site.naziv}${letterhead.site.adresa && letterhead.site.adresa !== address ? `, ${letterhead.site.adresa}` : ''}`, { width });
  }
  doc.fillColor('black');
  rule(doc, doc.y + 6);
  doc.y += 14;
}

export function rule(doc: PDFKit.PDFDocument, y: number, colour = RULE_COLOUR): void {
  doc.save().moveTo(doc.page.margins.left, y).lineTo(doc.page.width - doc.page.margins.right, y).lineWidth(0.6).strokeColor(colour).stroke().restore();
}

/** Starts a new page when fewer than `height` points are left above the footer. */
export function ensureSpace(doc: PDFKit.PDFDocument, height: number): void {
  if (doc.y + height > bottomOf(doc)) {
    doc.addPage();
    doc.y = doc.page.margins.top;
  }
}

export interface TableColumn {
  header: string;
  /** A share of the printable width; the shares of a table are scaled to fill it. */
  weight: number;
  align?: 'left' | 'right' | 'center';
}

export interface TableRow {
  cells: readonly string[];
  bold?: boolean;
  /** Greyed (an included component at no charge). */
  muted?: boolean;
}

const CELL_PADDING = 3;

/**
 * A table from the current position: a bold header row over a rule, rows that
 * wrap inside their cells, a new page (with the header again) when a row no
 * longer fits above the footer.
 */
export function drawTable(doc: PDFKit.PDFDocument, columns: readonly TableColumn[], rows: readonly TableRow[], fontSize = 8.5): void {
  const width = contentWidth(doc);
  const left = doc.page.margins.left;
  const totalWeight = columns.reduce((sum, column) => sum + column.weight, 0);
  const widths = columns.map((column) => (column.weight / totalWeight) * width);
  const xs = widths.map((_, index) => left + widths.slice(0, index).reduce((sum, value) => sum + value, 0));

  // Most cells fit on one line: they are measured and placed directly, and only a longer cell goes through
  // pdfkit's line wrapping, which is the slow part of a table of thousands of rows.
  const inner = (index: number) => widths[index]! - 2 * CELL_PADDING;
  const fits = (cell: string, index: number) => doc.widthOfString(cell) <= inner(index);
  const heightOf = (cells: readonly string[], font: string): number => {
    doc.font(font).fontSize(fontSize);
    const line = doc.currentLineHeight(true);
    return Math.max(...cells.map((cell, index) => (fits(cell, index) ? line : doc.heightOfString(cell, { width: inner(index) })))) + 2 * CELL_PADDING;
  };
  const drawCells = (cells: readonly string[], font: string, colour: string, y: number) => {
    doc.font(font).fontSize(fontSize).fillColor(colour);
    cells.forEach((cell, index) => {
      const align = columns[index]!.align ?? 'left';
      const left = xs[index]! + CELL_PADDING;
      if (cell === '') return;
      if (fits(cell, index)) {
        const width = doc.widthOfString(cell);
        const x = align === 'right' ? left + inner(index) - width : align === 'center' ? left + (inner(index) - width) / 2 : left;
        doc.text(cell, x, y + CELL_PADDING, { lineBreak: false });
      } else {
        doc.text(cell, left, y + CELL_PADDING, { width: inner(index), align });
      }
    });
    doc.fillColor('black');
  };
  const header = () => {
    const cells = columns.map((column) => column.header);
    const height = heightOf(cells, BOLD);
    ensureSpace(doc, height + 14);
    const y = doc.y;
    drawCells(cells, BOLD, 'black', y);
    rule(doc, y + height, '#333333');
    doc.y = y + height + 1;
  };

  header();
  for (const row of rows) {
    const font = row.bold ? BOLD : REGULAR;
    const height = heightOf(row.cells, font);
    if (doc.y + height > bottomOf(doc)) {
      doc.addPage();
      doc.y = doc.page.margins.top;
      header();
    }
    const y = doc.y;
    drawCells(row.cells, font, row.muted ? MUTED : 'black', y);
    if (row.bold) rule(doc, y, '#333333');
    doc.y = y + height;
  }
  doc.x = left;
}

/**
 * Writes the footer on every page (its text and 'page x of y' as the caller
 * words it) and ends the document.
 */
export function finish(printed: PrintedDocument, footer: string, pageLabel: (page: number, pages: number) => string): Promise<Buffer> {
  const { doc } = printed;
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index += 1) {
    doc.switchToPage(index);
    const bottom = doc.page.margins.bottom;
    // Writing below the bottom margin would start a new page: the margin is lifted while the footer is written.
    doc.page.margins.bottom = 0;
    const y = doc.page.height - MARGIN - FOOTER_HEIGHT + 10;
    const left = doc.page.margins.left;
    const width = contentWidth(doc);
    rule(doc, y - 4);
    doc.font(REGULAR).fontSize(7.5).fillColor(MUTED);
    if (footer) doc.text(footer, left, y, { width: width - 90, height: FOOTER_HEIGHT - 8, ellipsis: true });
    doc.text(pageLabel(index - range.start + 1, range.count), left + width - 90, y, { width: 90, align: 'right', lineBreak: false });
    doc.fillColor('black');
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return printed.bytes;
}
