import PDFDocument from 'pdfkit';
import type { Letterhead } from '@lis/domain';
import { loadPdfFonts, pdfFonts } from './fonts.ts';

/**
 * The lab's printed A4 documents, one module for all of them: result reports,
 * pro-forma invoices, Izvještaji exports and the monthly temperature record.
 * It opens a document with DejaVu Sans embedded (fonts.ts: every letter of
 * the region, č ć ž š đ; the PDF base fonts lack Č, Ć and Đ), draws the
 * letterhead, tables that carry their header onto the next page, and 'page x
 * of y' with the footer on every page. Pages are buffered so the page count is
 * known before the footers are written.
 */

export const REGULAR = 'regular';
export const BOLD = 'bold';
export const MARGIN = 40;
const FOOTER_HEIGHT = 34;
const RULE_COLOUR = '#9aa3ad';
const MUTED = '#4a5560';
const INK = '#111111';

export interface PrintedDocument {
  doc: PDFKit.PDFDocument;
  /** The document's bytes once `finish` (or `doc.end()`) has been called. */
  bytes: Promise<Buffer>;
}

export interface OpenPdfOptions {
  title: string;
  margins: { top: number; left: number; right: number; bottom: number };
  layout?: 'portrait' | 'landscape';
  /** Where DejaVu Sans is read from (the config's PDF_FONT_DIR); the fonts loaded at start-up when left out. */
  fontDir?: string;
  /** The names the two weights are registered under (REGULAR and BOLD unless a caller has its own). */
  fontNames?: { regular: string; bold: string };
  /** False: the caller adds every page itself. */
  autoFirstPage?: boolean;
  /** The document's language (bs, en, de), for screen readers. */
  lang?: string;
  /** Creation date in the document's metadata: fixed, so a stored report's bytes depend on its content only. */
  createdAt?: Date;
}

/**
 * An A4 document with DejaVu Sans registered (parsed once per process and
 * shared) and its bytes collected. No base font is loaded: pdfkit would read
 * Helvetica for nothing.
 */
export function openPdf(options: OpenPdfOptions): PrintedDocument {
  const fonts = options.fontDir ? loadPdfFonts(options.fontDir) : pdfFonts();
  const names = options.fontNames ?? { regular: REGULAR, bold: BOLD };
  const doc = new PDFDocument({
    font: '',
    size: 'A4',
    layout: options.layout ?? 'portrait',
    margins: options.margins,
    bufferPages: true,
    autoFirstPage: options.autoFirstPage ?? true,
    ...(options.lang ? { lang: options.lang, displayTitle: true } : {}),
    info: {
      Title: options.title, Creator: 'LIS', Producer: 'LIS',
      ...(options.createdAt ? { CreationDate: options.createdAt, ModDate: options.createdAt } : {}),
    },
  });
  // pdfkit takes a parsed fontkit font wherever it takes a font file (its typings name files only).
  doc.registerFont(names.regular, fonts.regular as unknown as PDFKit.Mixins.PDFFontSource);
  doc.registerFont(names.bold, fonts.bold as unknown as PDFKit.Mixins.PDFFontSource);
  // Regular first: the fonts keep the names (F1, F2) they had when bold was opened at its first use.
  shareWordLayouts(doc, names.regular, fonts.regular);
  shareWordLayouts(doc, names.bold, fonts.bold);
  doc.font(names.regular).fontSize(9);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, bytes };
}

/** pdfkit's per-document cache of laid-out words (in PDF units), shared by the documents of one font. */
interface WordLayouts { words: Record<string, unknown>; documents: number }
const wordLayouts = new WeakMap<object, WordLayouts>();
/** After this many documents the shared words start again, so names and free text do not pile up for ever. */
const DOCUMENTS_PER_WORD_CACHE = 2000;

/**
 * pdfkit lays out each word once per document and keeps it in its font object (`layoutCache`, what pdfkit's
 * `fontLayoutCache` option turns on); it never changes a cached word. Handing every document of the same font
 * the same cache lets a report start with the words earlier reports laid out: with the prepared font
 * (prepared-font.ts) this halves a one-page report's time. Relies on pdfkit 0.20's font object (pinned).
 */
function shareWordLayouts(doc: PDFKit.PDFDocument, name: string, font: object): void {
  doc.font(name);
  const embedded = (doc as unknown as { _font?: { layoutCache?: Record<string, unknown> } })._font;
  if (!embedded || typeof embedded.layoutCache !== 'object') return;
  let shared = wordLayouts.get(font);
  if (!shared || shared.documents >= DOCUMENTS_PER_WORD_CACHE) {
    shared = { words: Object.create(null) as Record<string, unknown>, documents: 0 };
    wordLayouts.set(font, shared);
  }
  shared.documents += 1;
  embedded.layoutCache = shared.words;
}

/** An invoice or an export: 40 pt margins, room for the footer at the foot of every page. `fontDir`: the config's PDF_FONT_DIR. */
export function createDocument(title: string, fontDir: string, layout: 'portrait' | 'landscape' = 'portrait'): PrintedDocument {
  return openPdf({ title, fontDir, layout, margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN + FOOTER_HEIGHT } });
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
 * The letterhead as printed: the lab's name, its address, the header lines as
 * written, and the performing site (printed at the right; empty when the lab's
 * name already is the site's).
 */
export interface PrintedLetterhead {
  name: string;
  address: string;
  lines: readonly string[];
  site: string;
}

/**
 * The printed letterhead of the site's documents from its general options: the
 * lab's name (the site's when the lab has none set), its address (the site's
 * when none is set), the header's non-blank lines, and the performing site
 * with its address when it differs from the lab's.
 */
export function printedLetterhead(letterhead: Letterhead): PrintedLetterhead {
  const name = letterhead.labName.trim() || letterhead.site.naziv;
  const address = letterhead.labAddress.trim() || letterhead.site.adresa;
  const showSite = letterhead.labName.trim() !== '' && letterhead.site.naziv !== name;
  return {
    name, address,
    lines: letterhead.reportHeader.split(/\r?\n/).map((line) => line.trim()).filter((line) => line !== ''),
    site: showSite ? `${letterhead.site.naziv}${letterhead.site.adresa && letterhead.site.adresa !== address ? `, ${letterhead.site.adresa}` : ''}` : '',
  };
}

/** Text in a box of `width` from (x, y); answers the height it took. */
function writeBox(
  doc: PDFKit.PDFDocument, text: string, x: number, y: number, width: number,
  options: { font: string; size: number; colour: string; align?: 'left' | 'right' },
): number {
  doc.font(options.font).fontSize(options.size).fillColor(options.colour);
  doc.text(text, x, y, { width, lineGap: 1, align: options.align ?? 'left' });
  // pdfkit leaves its cursor under the text it wrote: the height taken without laying the text out twice.
  return doc.y - y;
}

const SITE_COLUMN = 170;

/**
 * Draws the letterhead from (x, top) across `width`: name, address and header
 * lines on the left, the performing site on the right, a rule under the taller
 * of the two; answers the y where the document's body begins. Every printed
 * document of the lab starts with it.
 */
export function drawLetterheadAt(
  doc: PDFKit.PDFDocument, letterhead: PrintedLetterhead, x: number, top: number, width: number,
  fonts: { regular: string; bold: string } = { regular: REGULAR, bold: BOLD },
): number {
  const leftWidth = letterhead.site ? width - SITE_COLUMN - 12 : width;
  let left = top;
  left += writeBox(doc, letterhead.name, x, left, leftWidth, { font: fonts.bold, size: 13, colour: INK });
  if (letterhead.address) left += writeBox(doc, letterhead.address, x, left + 1, leftWidth, { font: fonts.regular, size: 8.5, colour: MUTED }) + 1;
  for (const line of letterhead.lines) left += writeBox(doc, line, x, left + 1, leftWidth, { font: fonts.regular, size: 7.5, colour: MUTED }) + 1;
  const right = letterhead.site
    ? top + 2 + writeBox(doc, letterhead.site, x + width - SITE_COLUMN, top + 2, SITE_COLUMN, { font: fonts.bold, size: 9, colour: INK, align: 'right' })
    : top;
  const bottom = Math.max(left, right) + 6;
  doc.save().moveTo(x, bottom).lineTo(x + width, bottom).lineWidth(0.8).strokeColor(INK).stroke().restore();
  doc.fillColor('black');
  return bottom + 10;
}

/** The letterhead at the top of the first page of an invoice or an export; the text continues under it. */
export function drawLetterhead(doc: PDFKit.PDFDocument, letterhead: Letterhead): void {
  doc.y = drawLetterheadAt(doc, printedLetterhead(letterhead), doc.page.margins.left, doc.page.margins.top, contentWidth(doc)) + 4;
  doc.x = doc.page.margins.left;
  doc.font(REGULAR).fontSize(9);
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

// Room left and right in a cell, so a right-aligned number never runs into the text of the next column; and above and below.
const CELL_PADDING = 4.5;
const CELL_PADDING_Y = 3;

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
    return Math.max(...cells.map((cell, index) => (fits(cell, index) ? line : doc.heightOfString(cell, { width: inner(index) })))) + 2 * CELL_PADDING_Y;
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
        doc.text(cell, x, y + CELL_PADDING_Y, { lineBreak: false });
      } else {
        doc.text(cell, left, y + CELL_PADDING_Y, { width: inner(index), align });
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
