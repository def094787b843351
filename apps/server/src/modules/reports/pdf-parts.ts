import type { ReportEmphasis, ReportField } from '@lis/domain';
import { BOLD, REGULAR } from '../../lib/pdf/document.ts';
import { drawQrCode, type QrModules } from '../../lib/pdf/qr.ts';

// The pieces every report the lab prints for a patient shares (the result report, pdf.ts, and the cumulative
// report, cumulative-pdf.ts): the ink, the text box that places a one-line text directly, the rules, the
// running header of a continuation page and the footer band with 'page x of y'. Each piece measures the page
// it is drawn on (doc.page), so a portrait and a landscape document draw them alike.

export const INK = '#111111';
export const MUTED = '#555555';
export const RULE = '#b8b8b8';
export const FAINT = '#e4e4e4';
export const SHADE = '#f0f0f0';
export const CRITICAL = '#b00020';

/** How a value stands out: plain, bold when out of range (with its flag), bold in red when critical. */
export const EMPHASIS_STYLE: Readonly<Record<ReportEmphasis, { font: string; color: string }>> = {
  normal: { font: REGULAR, color: INK },
  abnormal: { font: BOLD, color: INK },
  critical: { font: BOLD, color: CRITICAL },
};

/** Room left and right inside a table cell; the size of a table row's text. */
export const CELL_PAD = 4;
export const ROW_FONT = 8.5;
/**
 * The footer's band at the foot of every page; content stops above it. Tall enough for the QR code to
 * end 13 pt (4.6 mm) above the paper's edge, inside what office printers print.
 */
export const FOOTER_HEIGHT = 60;
/** The verification QR code's side, at the right of every page's footer band. */
const QR_SIZE = 44;

export type Doc = PDFKit.PDFDocument;

const LINE_GAP = 1;

/**
 * The width of `text` in the current font when it fits on one line of `width`, else null. Most texts of a report
 * (a result, a unit, a range, a short name) do: they are placed directly, and only a longer text goes through
 * pdfkit's line wrapping, which laid every text out twice (measured, then drawn) and took most of a page's time.
 */
function singleLine(doc: Doc, text: string, width: number, font: string, size: number): number | null {
  if (text.trim() === '' || text.includes('\n')) return null;
  const textWidth = widthAtOnePoint(doc, text, font, size) * size;
  return textWidth <= width ? textWidth : null;
}

/**
 * A text's width at 1 pt in `font`, the document's current font at `size`: each cell is measured for its row's
 * height and again where it is drawn.
 */
const widths = new WeakMap<Doc, Map<string, number>>();
function widthAtOnePoint(doc: Doc, text: string, font: string, size: number): number {
  let known = widths.get(doc);
  if (!known) {
    known = new Map();
    widths.set(doc, known);
  }
  const key = `${font}\u0000${text}`;
  let width = known.get(key);
  if (width === undefined) {
    width = doc.widthOfString(text) / size;
    known.set(key, width);
  }
  return width;
}

/** Writes text in a box, wrapping at its width; returns the height it took. */
export function write(doc: Doc, text: string, x: number, y: number, width: number, options: { font?: string; size: number; color?: string; align?: 'left' | 'right' | 'center' }): number {
  const font = options.font ?? REGULAR;
  doc.font(font).fontSize(options.size).fillColor(options.color ?? INK);
  const align = options.align ?? 'left';
  const textWidth = singleLine(doc, text, width, font, options.size);
  if (textWidth !== null) {
    const left = align === 'right' ? x + width - textWidth : align === 'center' ? x + (width - textWidth) / 2 : x;
    doc.text(text, left, y, { lineBreak: false, lineGap: LINE_GAP });
    doc.x = x;
    return doc.currentLineHeight(true) + LINE_GAP;
  }
  doc.text(text, x, y, { width, lineGap: LINE_GAP, align });
  // pdfkit leaves its cursor under the text it wrote: the height taken without laying the text out twice.
  return doc.y - y;
}

export function measure(doc: Doc, text: string, width: number, font: string, size: number): number {
  doc.font(font).fontSize(size);
  if (singleLine(doc, text, width, font, size) !== null) return doc.currentLineHeight(true) + LINE_GAP;
  return doc.heightOfString(text, { width, lineGap: LINE_GAP });
}

/** The page's left margin and the width between its margins. */
export function frameOf(doc: Doc): { left: number; width: number } {
  const { margins, width } = doc.page;
  return { left: margins.left, width: width - margins.left - margins.right };
}

/** A horizontal rule across the page between its margins. */
export function rule(doc: Doc, y: number, color = RULE, weight = 0.6): void {
  const { left, width } = frameOf(doc);
  doc.moveTo(left, y).lineTo(left + width, y).lineWidth(weight).strokeColor(color).stroke();
}

/**
 * A new page's compact header, so a loose page is still identifiable: the lab's name at the left, `right`
 * (the patient and what the document is of) at the right, a rule under them. Answers where the body starts.
 */
export function drawRunningHeader(doc: Doc, left: string, right: string): number {
  const frame = frameOf(doc);
  const top = doc.page.margins.top;
  write(doc, left, frame.left, top, frame.width / 2, { font: BOLD, size: 9 });
  write(doc, right, frame.left + frame.width / 2, top, frame.width / 2, { size: 8.5, align: 'right' });
  rule(doc, top + 14);
  return top + 22;
}

/**
 * The footer of every page, drawn once the page count is known: the lab's footer lines at the left, 'page x of
 * y' at the right and, with `qr`, the QR code at the far right, on every page, so a single page handed on can
 * still be checked.
 */
export function drawPageFooters(doc: Doc, footer: readonly string[], pageText: (page: number, pages: number) => string, qr: QrModules | null): void {
  const range = doc.bufferedPageRange();
  for (let index = 0; index < range.count; index += 1) {
    doc.switchToPage(range.start + index);
    // Text below the bottom margin would start a new page: the footer band is outside the content area.
    doc.page.margins.bottom = 0;
    const { left, width } = frameOf(doc);
    const top = doc.page.height - FOOTER_HEIGHT;
    rule(doc, top, RULE, 0.5);
    const text = pageText(index + 1, range.count);
    const qrWidth = qr ? QR_SIZE + 8 : 0;
    if (qr) drawQrCode(doc, qr, left + width - QR_SIZE, top + 3, QR_SIZE);
    // The page text takes what it needs at the right; the lab's footer lines the rest, so they wrap only when long.
    const pageWidth = Math.min(290, doc.font(REGULAR).fontSize(7.5).widthOfString(text) + 6);
    let y = top + 5;
    for (const line of footer) {
      y += write(doc, line, left, y, width - pageWidth - qrWidth - 16, { size: 7, color: MUTED }) + 1;
    }
    write(doc, text, left + width - qrWidth - pageWidth, top + 5, pageWidth, { size: 7.5, color: MUTED, align: 'right' });
  }
}

/** Label and value pairs in aligned columns from (x, y); the first value bold when `firstBold`. Answers the y under them. */
function drawFields(doc: Doc, fields: readonly ReportField[], x: number, top: number, width: number, firstBold: boolean): number {
  const labelWidth = 78;
  let y = top;
  fields.forEach((field, index) => {
    const labelHeight = write(doc, field.label, x, y + 0.5, labelWidth - 4, { size: 7.5, color: MUTED });
    const valueHeight = write(doc, field.value, x + labelWidth, y, width - labelWidth, { font: firstBold && index === 0 ? BOLD : REGULAR, size: 9 });
    y += Math.max(labelHeight, valueHeight) + 2.5;
  });
  return y;
}

/** The identity block under the title: the patient at the left (name bold), `right` (the sample, the period) at the right. Answers where the body starts. */
export function drawIdentity(doc: Doc, patient: readonly ReportField[], right: readonly ReportField[], top: number): number {
  const { left, width } = frameOf(doc);
  const half = (width - 16) / 2;
  const leftEnd = drawFields(doc, patient, left, top, half, true);
  const rightEnd = drawFields(doc, right, left + half + 16, top, half, false);
  return Math.max(leftEnd, rightEnd) + 8;
}

/** A section's title over a dark rule, as a table of results groups its rows; answers the y under it. */
export function drawSectionTitle(doc: Doc, title: string, top: number): number {
  const { left, width } = frameOf(doc);
  let y = top + 3;
  y += write(doc, title, left + CELL_PAD, y, width - 2 * CELL_PAD, { font: BOLD, size: 9.5 }) + 1.5;
  rule(doc, y, INK, 0.5);
  return y + 2;
}
