import { type CumulativeReportColumn, type CumulativeReportContent, type CumulativeReportRow, rangeAndUnit } from '@lis/domain';
import { BOLD, REGULAR, drawLetterheadAt, openPdf } from '../../lib/pdf/document.ts';
import {
  CELL_PAD, EMPHASIS_STYLE, FAINT, FOOTER_HEIGHT, INK, MUTED, ROW_FONT, SHADE, type Doc, drawIdentity, drawPageFooters, drawRunningHeader,
  drawSectionTitle, frameOf, measure, rule, write,
} from './pdf-parts.ts';

// Draws the cumulative report (the domain's CumulativeReportContent) on A4 landscape pages: the letterhead,
// title, patient and period as the result report has them, then the table of assays × sample dates. The test
// name and the range-and-unit columns stay at the left of every block; the dates fill the rest, as many as fit
// at a readable width, and a patient with more dates gets further blocks of the same rows below (or on the next
// pages), each with its own column header. A page break repeats the header and the section's title; every
// page after the first starts with the lab, the patient and the period, and every page ends with the footer
// and 'page x of y' (pdf-parts.ts, shared with the result report).

const MARGIN = { left: 42, right: 42, top: 36 };
const PAGE_HEIGHT = 595.28;
const CONTENT_BOTTOM = PAGE_HEIGHT - FOOTER_HEIGHT - 8;
const TEST_WIDTH = 150;
const REFERENCE_WIDTH = 112;
/** The narrowest date column that still holds a value, its flag and a dd.mm.yyyy heading at the table's size. */
const MIN_DATE_WIDTH = 60;
/** The flag's own room at the right of a value's cell, so values line up whatever their flag. */
const FLAG_WIDTH = 17;
const HEADER_HEIGHT = 33;

interface Block {
  /** Index of the block's first column in the content's columns. */
  first: number;
  columns: readonly CumulativeReportColumn[];
  width: number;
}

/** The date columns cut into blocks that fit beside the name and range columns, each block's columns as wide as the room allows. */
function blocksOf(columns: readonly CumulativeReportColumn[], room: number): Block[] {
  const perBlock = Math.max(1, Math.floor(room / MIN_DATE_WIDTH));
  const blocks: Block[] = [];
  for (let first = 0; first < columns.length; first += perBlock) {
    const part = columns.slice(first, first + perBlock);
    // Every date column has the same width, in every block and whatever their number, so a page reads alike.
    blocks.push({ first, columns: part, width: room / perBlock });
  }
  return blocks;
}

class CumulativeWriter {
  private y = MARGIN.top;
  private readonly left: number;
  private readonly room: number;

  constructor(private readonly doc: Doc, private readonly content: CumulativeReportContent) {
    const frame = frameOf(doc);
    this.left = frame.left;
    this.room = frame.width - TEST_WIDTH - REFERENCE_WIDTH;
  }

  draw(): void {
    const { doc, content } = this;
    const { width } = frameOf(doc);
    this.y = drawLetterheadAt(doc, content.letterhead, this.left, this.y, width);
    this.y += write(doc, content.title, this.left, this.y, width, { font: BOLD, size: 14, align: 'center' }) + 6;
    this.y = drawIdentity(doc, content.patientFields, content.periodFields, this.y);
    for (const block of blocksOf(content.columns, this.room)) this.block(block);
    this.legend();
  }

  private newPage(): void {
    this.doc.addPage();
    this.y = drawRunningHeader(this.doc, this.content.runningHeader.left, this.content.runningHeader.right);
  }

  private ensureSpace(height: number, afterBreak?: () => void): void {
    if (this.y + height <= CONTENT_BOTTOM) return;
    this.newPage();
    afterBreak?.();
  }

  /** The column header of a block: test and range headings, then each sample's day, time and code. */
  private header(block: Block): void {
    const { doc, content, left } = this;
    doc.rect(left, this.y, TEST_WIDTH + REFERENCE_WIDTH + block.width * block.columns.length, HEADER_HEIGHT).fill(SHADE);
    const top = this.y + 4;
    write(doc, content.headings.test, left + CELL_PAD, top, TEST_WIDTH - 2 * CELL_PAD, { font: BOLD, size: 7.5, color: MUTED });
    write(doc, content.headings.reference, left + TEST_WIDTH + CELL_PAD, top, REFERENCE_WIDTH - 2 * CELL_PAD, { font: BOLD, size: 7.5, color: MUTED });
    block.columns.forEach((column, index) => {
      const x = left + TEST_WIDTH + REFERENCE_WIDTH + index * block.width + CELL_PAD;
      const inner = block.width - 2 * CELL_PAD;
      write(doc, column.date, x, top, inner, { font: BOLD, size: 7.5, color: INK, align: 'right' });
      write(doc, column.time, x, top + 9, inner, { size: 7, color: MUTED, align: 'right' });
      write(doc, column.code, x, top + 18, inner, { size: 6.5, color: MUTED, align: 'right' });
    });
    this.y += HEADER_HEIGHT + 2;
  }

  private rowHeight(row: CumulativeReportRow, block: Block): number {
    const { doc } = this;
    const valueWidth = block.width - 2 * CELL_PAD - FLAG_WIDTH;
    const cells = block.columns.map((_, index) => {
      const cell = row.cells[block.first + index];
      return cell ? measure(doc, cell.value, valueWidth, EMPHASIS_STYLE[cell.emphasis].font, ROW_FONT) : 0;
    });
    return Math.max(
      measure(doc, this.testName(row), TEST_WIDTH - 2 * CELL_PAD, REGULAR, ROW_FONT),
      measure(doc, rangeAndUnit(row.range, row.unit) || ' ', REFERENCE_WIDTH - 2 * CELL_PAD, REGULAR, 7.5),
      ...cells,
    ) + 5;
  }

  private testName(row: CumulativeReportRow): string {
    return row.calculated ? `${row.name} †` : row.name;
  }

  private row(row: CumulativeReportRow, block: Block, height: number): void {
    const { doc, left } = this;
    const y = this.y + 2.5;
    write(doc, this.testName(row), left + CELL_PAD, y, TEST_WIDTH - 2 * CELL_PAD, { size: ROW_FONT });
    write(doc, rangeAndUnit(row.range, row.unit), left + TEST_WIDTH + CELL_PAD, y + 0.5, REFERENCE_WIDTH - 2 * CELL_PAD, { size: 7.5, color: MUTED });
    block.columns.forEach((_, index) => {
      const cell = row.cells[block.first + index];
      if (!cell) return;
      const x = left + TEST_WIDTH + REFERENCE_WIDTH + index * block.width + CELL_PAD;
      const valueWidth = block.width - 2 * CELL_PAD - FLAG_WIDTH;
      const style = EMPHASIS_STYLE[cell.emphasis];
      // The value right-aligned, its flag (as the result report marks it) in its own room after it.
      write(doc, cell.value, x, y, valueWidth, { font: style.font, size: ROW_FONT, color: style.color, align: 'right' });
      if (cell.flag) write(doc, cell.flag, x + valueWidth + 2, y, FLAG_WIDTH - 2, { font: BOLD, size: ROW_FONT - 0.5, color: style.color });
    });
    this.y += height;
    rule(doc, this.y, FAINT, 0.4);
  }

  /** One block of date columns: its header, then every section's rows; a page break repeats the header and the section's title. */
  private block(block: Block): void {
    const { doc, content } = this;
    const firstSection = content.sections[0];
    const firstRow = firstSection?.rows[0];
    // A block's header never stands alone at the foot of a page: it moves on with its first section and row.
    this.ensureSpace(HEADER_HEIGHT + 40 + (firstRow ? this.rowHeight(firstRow, block) : 0));
    this.header(block);
    for (const section of content.sections) {
      const first = section.rows[0];
      const titleHeight = measure(doc, section.title, frameOf(doc).width - 2 * CELL_PAD, BOLD, 9.5) + 7;
      this.ensureSpace(titleHeight + (first ? this.rowHeight(first, block) : 0), () => this.header(block));
      this.y = drawSectionTitle(doc, section.title, this.y);
      for (const row of section.rows) {
        const height = this.rowHeight(row, block);
        this.ensureSpace(height, () => {
          this.header(block);
          this.y = drawSectionTitle(doc, `${section.title} (${content.continued})`, this.y);
        });
        this.row(row, block, height);
      }
    }
    this.y += 14;
  }

  private legend(): void {
    const { doc, content, left } = this;
    const { width } = frameOf(doc);
    const height = content.legend.reduce((sum, line) => sum + measure(doc, line, width, REGULAR, 7) + 1, 0);
    this.ensureSpace(height);
    for (const line of content.legend) this.y += write(doc, line, left, this.y, width, { size: 7, color: MUTED }) + 1;
  }
}

/** The cumulative report as a PDF (A4 landscape), rendered for the request: it is not stored. */
export function renderCumulativePdf(content: CumulativeReportContent, printedAt: Date): Promise<Buffer> {
  const { doc, bytes } = openPdf({
    title: content.documentTitle, lang: content.jezik, createdAt: printedAt, layout: 'landscape',
    margins: { top: MARGIN.top, left: MARGIN.left, right: MARGIN.right, bottom: PAGE_HEIGHT - CONTENT_BOTTOM },
  });
  new CumulativeWriter(doc, content).draw();
  drawPageFooters(doc, content.footer, content.pageText, null);
  doc.end();
  return bytes;
}
