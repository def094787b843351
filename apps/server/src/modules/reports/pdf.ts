import type { ReportAntibiogramRow, ReportContent, ReportMicrobiology, ReportRow } from '@lis/domain';
import { BOLD, REGULAR, drawLetterheadAt, openPdf } from '../../lib/pdf/document.ts';
import { qrModules } from '../../lib/pdf/qr.ts';
import {
  CELL_PAD, CRITICAL, EMPHASIS_STYLE, FAINT, FOOTER_HEIGHT, INK, MUTED, ROW_FONT, RULE, SHADE, type Doc, drawIdentity, drawPageFooters, drawRunningHeader, drawSectionTitle, measure, rule, write,
} from './pdf-parts.ts';

// Draws a result report (the domain's ReportContent) on A4 pages with pdfkit. What is printed, its texts
// and marks are the domain's; this file only decides where: the letterhead, the correction notice, the
// patient and sample blocks, the results table (sections in report order, names wrapping in their column,
// the column header repeated on every page), the legend, comment and signatures, and on every page the
// footer with 'page x of y'. The document, its fonts and the letterhead are the lab's shared ones (lib/pdf).

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = { left: 42, right: 42, top: 40 };
const CONTENT_BOTTOM = PAGE.height - FOOTER_HEIGHT - 8;
const WIDTH = PAGE.width - MARGIN.left - MARGIN.right;

/** The results table's columns, left to right; the test name takes what the others leave. */
const COLUMN_WIDTHS = { result: 88, unit: 66, reference: 108, flag: 50 };

interface Column {
  x: number;
  width: number;
}

function tableColumns(): Record<'test' | 'result' | 'unit' | 'reference' | 'flag', Column> {
  const testWidth = WIDTH - COLUMN_WIDTHS.result - COLUMN_WIDTHS.unit - COLUMN_WIDTHS.reference - COLUMN_WIDTHS.flag;
  let x = MARGIN.left;
  const next = (width: number): Column => {
    const column = { x, width };
    x += width;
    return column;
  };
  return {
    test: next(testWidth), result: next(COLUMN_WIDTHS.result), unit: next(COLUMN_WIDTHS.unit),
    reference: next(COLUMN_WIDTHS.reference), flag: next(COLUMN_WIDTHS.flag),
  };
}

class ReportWriter {
  private y = MARGIN.top;
  private readonly columns = tableColumns();

  constructor(private readonly doc: Doc, private readonly content: ReportContent, private readonly verificationUrl: string | null) {}

  draw(): void {
    this.letterhead();
    this.title();
    this.identity();
    this.results();
    if (this.content.microbiology) this.microbiology(this.content.microbiology);
    this.closing();
  }

  private letterhead(): void {
    this.y = drawLetterheadAt(this.doc, this.content.letterhead, MARGIN.left, this.y, WIDTH);
  }

  private title(): void {
    const { doc, content } = this;
    const color = content.correction ? CRITICAL : INK;
    this.y += write(doc, content.title, MARGIN.left, this.y, WIDTH, { font: BOLD, size: 14, color, align: 'center' }) + 6;
    if (!content.correction) return;
    const textWidth = WIDTH - 16;
    const height = content.correction.lines.reduce((sum, line) => sum + measure(doc, line, textWidth, REGULAR, 8.5) + 2, 0) + 10;
    doc.rect(MARGIN.left, this.y, WIDTH, height).lineWidth(0.8).fillAndStroke('#fdf2f3', CRITICAL);
    let y = this.y + 6;
    for (const line of content.correction.lines) y += write(doc, line, MARGIN.left + 8, y, textWidth, { size: 8.5 }) + 2;
    this.y += height + 8;
  }

  /** The patient (left) and the sample (right), label and value in aligned columns. */
  private identity(): void {
    this.y = drawIdentity(this.doc, this.content.patientFields, this.content.sampleFields, this.y);
  }

  private get pageBottom(): number {
    return CONTENT_BOTTOM;
  }

  /** A new page: a compact header (lab, patient, sample) so a loose page is still identifiable. */
  private newPage(): void {
    const { doc, content } = this;
    doc.addPage();
    const patient = content.patientFields[0]?.value ?? '';
    const sample = content.sampleFields[0];
    this.y = drawRunningHeader(doc, content.letterhead.name, `${patient} · ${sample ? `${sample.label} ${sample.value}` : ''}`);
  }

  private ensureSpace(height: number, afterBreak?: () => void): void {
    if (this.y + height <= this.pageBottom) return;
    this.newPage();
    afterBreak?.();
  }

  private columnHeader(): void {
    const { doc, columns, content } = this;
    const height = 16;
    doc.rect(MARGIN.left, this.y, WIDTH, height).fill(SHADE);
    const y = this.y + 4.5;
    const heading = (text: string, column: Column, align: 'left' | 'right' | 'center' = 'left') =>
      write(doc, text, column.x + CELL_PAD, y, column.width - 2 * CELL_PAD, { font: BOLD, size: 7.5, color: MUTED, align });
    heading(content.columns.test, columns.test);
    heading(content.columns.result, columns.result);
    heading(content.columns.unit, columns.unit);
    heading(content.columns.reference, columns.reference);
    heading(content.columns.flag, columns.flag, 'center');
    this.y += height + 2;
  }

  private sectionTitle(title: string): void {
    this.y = drawSectionTitle(this.doc, title, this.y);
  }

  private rowHeight(row: ReportRow): number {
    const { doc, columns } = this;
    const valueFont = row.emphasis === 'normal' ? REGULAR : BOLD;
    const inner = (column: Column) => column.width - 2 * CELL_PAD;
    return Math.max(
      measure(doc, this.testName(row), inner(columns.test), REGULAR, ROW_FONT),
      measure(doc, row.value, inner(columns.result), valueFont, ROW_FONT),
      measure(doc, row.unit || ' ', inner(columns.unit), REGULAR, ROW_FONT),
      measure(doc, row.range || ' ', inner(columns.reference), REGULAR, ROW_FONT),
    ) + 5;
  }

  private testName(row: ReportRow): string {
    return row.calculated ? `${row.name} †` : row.name;
  }

  private row(row: ReportRow, height: number): void {
    const { doc, columns } = this;
    const y = this.y + 2.5;
    const inner = (column: Column) => column.width - 2 * CELL_PAD;
    const mark = EMPHASIS_STYLE[row.emphasis];
    write(doc, this.testName(row), columns.test.x + CELL_PAD, y, inner(columns.test), { size: ROW_FONT });
    write(doc, row.value, columns.result.x + CELL_PAD, y, inner(columns.result), { font: mark.font, size: ROW_FONT, color: mark.color });
    write(doc, row.unit, columns.unit.x + CELL_PAD, y, inner(columns.unit), { size: ROW_FONT, color: MUTED });
    write(doc, row.range, columns.reference.x + CELL_PAD, y, inner(columns.reference), { size: ROW_FONT, color: MUTED });
    if (row.flag) write(doc, row.flag, columns.flag.x + CELL_PAD, y, inner(columns.flag), { font: BOLD, size: ROW_FONT, color: mark.color, align: 'center' });
    this.y += height;
    rule(doc, this.y, FAINT, 0.4);
  }

  private results(): void {
    this.ensureSpace(60);
    this.columnHeader();
    for (const section of this.content.sections) {
      const titleHeight = measure(this.doc, section.title, WIDTH - 2 * CELL_PAD, BOLD, 9.5) + 7;
      const first = section.rows[0];
      // A section title never stands alone at the foot of a page: it moves on with its first row.
      this.ensureSpace(titleHeight + (first ? this.rowHeight(first) : 0), () => this.columnHeader());
      this.sectionTitle(section.title);
      for (const row of section.rows) {
        const height = this.rowHeight(row);
        this.ensureSpace(height, () => {
          this.columnHeader();
          this.sectionTitle(`${section.title} (${this.content.continued})`);
        });
        this.row(row, height);
      }
    }
    this.y += 6;
  }

  /**
   * The cultures after the results: per culture its title and lines, per isolate its organism and count,
   * then its antibiogram (agent, method, value, S/I/R, note) with the column header repeated on a new
   * page; R is printed bold in the critical colour, I bold, S plain. The legend and the guideline close it.
   */
  private microbiology(section: ReportMicrobiology): void {
    const { doc } = this;
    const widths = { metoda: 78, vrijednost: 62, kategorija: 40, napomena: 150 };
    const agentWidth = WIDTH - widths.metoda - widths.vrijednost - widths.kategorija - widths.napomena;
    let x = MARGIN.left;
    const column = (width: number): Column => {
      const result = { x, width };
      x += width;
      return result;
    };
    const columns = {
      antibiotik: column(agentWidth), metoda: column(widths.metoda), vrijednost: column(widths.vrijednost),
      kategorija: column(widths.kategorija), napomena: column(widths.napomena),
    };
    const inner = (item: Column) => item.width - 2 * CELL_PAD;
    const header = () => {
      doc.rect(MARGIN.left, this.y, WIDTH, 15).fill(SHADE);
      for (const key of Object.keys(columns) as (keyof typeof columns)[]) {
        write(doc, section.columns[key], columns[key].x + CELL_PAD, this.y + 4, inner(columns[key]), {
          font: BOLD, size: 7.5, color: MUTED, align: key === 'kategorija' ? 'center' : 'left',
        });
      }
      this.y += 17;
    };
    const rowHeight = (row: ReportAntibiogramRow) => Math.max(
      measure(doc, row.antibiotik, inner(columns.antibiotik), REGULAR, ROW_FONT),
      measure(doc, row.napomena || ' ', inner(columns.napomena), REGULAR, 7.5),
    ) + 5;
    const categoryStyle = { S: { font: REGULAR, color: INK }, I: { font: BOLD, color: INK }, R: { font: BOLD, color: CRITICAL }, '': { font: REGULAR, color: MUTED } };

    this.ensureSpace(40);
    this.sectionTitle(section.title);
    for (const culture of section.cultures) {
      const cultureHeight = measure(doc, culture.title, WIDTH, BOLD, 9) + culture.lines.length * 12 + 6;
      this.ensureSpace(cultureHeight + 20);
      this.y += 3;
      this.y += write(doc, culture.title, MARGIN.left + CELL_PAD, this.y, WIDTH - 2 * CELL_PAD, { font: BOLD, size: 9 }) + 1;
      for (const line of culture.lines) this.y += write(doc, line, MARGIN.left + CELL_PAD, this.y, WIDTH - 2 * CELL_PAD, { size: 8.5 }) + 1;
      for (const isolate of culture.izolati) {
        const first = isolate.rows[0];
        this.ensureSpace(16 + (first ? 17 + rowHeight(first) : 0));
        this.y += 3;
        this.y += write(doc, isolate.title, MARGIN.left + CELL_PAD, this.y, WIDTH - 2 * CELL_PAD, { font: BOLD, size: 8.5 }) + 2;
        if (isolate.napomena) this.y += write(doc, isolate.napomena, MARGIN.left + CELL_PAD, this.y, WIDTH - 2 * CELL_PAD, { size: 8 }) + 2;
        if (isolate.rows.length === 0) continue;
        header();
        for (const row of isolate.rows) {
          const height = rowHeight(row);
          this.ensureSpace(height, header);
          const y = this.y + 2.5;
          const style = categoryStyle[row.kategorija];
          write(doc, row.antibiotik, columns.antibiotik.x + CELL_PAD, y, inner(columns.antibiotik), { size: ROW_FONT });
          write(doc, row.metoda, columns.metoda.x + CELL_PAD, y, inner(columns.metoda), { size: ROW_FONT, color: MUTED });
          write(doc, row.vrijednost, columns.vrijednost.x + CELL_PAD, y, inner(columns.vrijednost), { size: ROW_FONT });
          write(doc, row.kategorija, columns.kategorija.x + CELL_PAD, y, inner(columns.kategorija), {
            font: style.font, size: ROW_FONT, color: style.color, align: 'center',
          });
          write(doc, row.napomena, columns.napomena.x + CELL_PAD, y, inner(columns.napomena), { size: 7.5, color: MUTED });
          this.y += height;
          rule(doc, this.y, FAINT, 0.4);
        }
      }
    }
    this.y += 4;
    for (const line of section.legend) {
      this.ensureSpace(measure(doc, line, WIDTH, REGULAR, 7) + 2);
      this.y += write(doc, line, MARGIN.left, this.y, WIDTH, { size: 7, color: MUTED }) + 1;
    }
    this.y += 8;
  }

  /** Legend, comment and signatures, each kept whole on a page. */
  private closing(): void {
    const { doc, content } = this;
    const legendHeight = content.legend.reduce((sum, line) => sum + measure(doc, line, WIDTH, REGULAR, 7) + 1, 0);
    this.ensureSpace(legendHeight);
    for (const line of content.legend) this.y += write(doc, line, MARGIN.left, this.y, WIDTH, { size: 7, color: MUTED }) + 1;
    this.y += 8;

    if (content.comment) {
      const text = content.comment.value;
      const height = measure(doc, text, WIDTH - 12, REGULAR, 8.5) + measure(doc, content.comment.label, WIDTH, BOLD, 8) + 12;
      this.ensureSpace(height);
      doc.rect(MARGIN.left, this.y, WIDTH, height).lineWidth(0.5).strokeColor(RULE).stroke();
      let y = this.y + 5;
      y += write(doc, content.comment.label, MARGIN.left + 6, y, WIDTH - 12, { font: BOLD, size: 8 }) + 1;
      write(doc, text, MARGIN.left + 6, y, WIDTH - 12, { size: 8.5 });
      this.y += height + 10;
    }

    const half = (WIDTH - 24) / 2;
    const heights = content.signatures.map((field) => measure(doc, field.label, half, REGULAR, 7.5) + measure(doc, field.value, half, BOLD, 8.5) + 18);
    this.ensureSpace(Math.max(...heights, 0) + 6);
    this.y += 6;
    const top = this.y;
    content.signatures.forEach((field, index) => {
      const x = MARGIN.left + index * (half + 24);
      // A line to sign on, the role under it, then who and when.
      doc.moveTo(x, top + 12).lineTo(x + half, top + 12).lineWidth(0.5).strokeColor(RULE).stroke();
      let y = top + 15;
      y += write(doc, field.label, x, y, half, { size: 7.5, color: MUTED }) + 1;
      write(doc, field.value, x, y, half, { font: BOLD, size: 8.5 });
    });
    this.y = top + Math.max(...heights, 0);
  }

  /** The footer of every page: the lab's footer text, 'page x of y' and the verification QR code (pdf-parts.ts). */
  footers(): void {
    // One code for the document, drawn on each page.
    drawPageFooters(this.doc, this.content.footer, this.content.pageText, this.verificationUrl ? qrModules(this.verificationUrl) : null);
  }
}

/**
 * The report as a PDF (A4): its bytes are what is stored and served, never rendered again. With
 * `verificationUrl`, every page carries its QR code (the version's verification page).
 */
export function renderReportPdf(content: ReportContent, issuedAt: Date, verificationUrl: string | null = null): Promise<Buffer> {
  const { doc, bytes } = openPdf({
    title: content.documentTitle, lang: content.jezik, createdAt: issuedAt,
    margins: { top: MARGIN.top, left: MARGIN.left, right: MARGIN.right, bottom: PAGE.height - CONTENT_BOTTOM },
  });
  const writer = new ReportWriter(doc, content, verificationUrl);
  writer.draw();
  writer.footers();
  doc.end();
  return bytes;
}
