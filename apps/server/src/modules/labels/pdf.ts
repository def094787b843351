import { createRequire } from 'node:module';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import { CODE128_QUIET_MODULES, labelLines, mmToPoints, type LabelContent, type LabelSettings } from '@lis/domain';
import { code128Modules, moduleCount } from './barcode.ts';

// Inconsolata (SIL Open Font License) ships with bwip-js and has every Bosnian letter (Č Ć Đ Š Ž); the PDF base fonts lack Č, Ć and Đ.
const FONT = path.join(path.dirname(createRequire(import.meta.url).resolve('bwip-js/node')), '..', 'fonts', 'Inconsolata.otf');

const MARGIN_MM = 2;
const MAX_MODULE_MM = 0.5;

/** The largest font size (down to `min`) at which the text fits the width; longer text is cut with an ellipsis at `min`. */
function fitText(doc: PDFKit.PDFDocument, text: string, width: number, max: number, min: number): { text: string; size: number } {
  for (let size = max; size >= min; size -= 0.5) {
    if (doc.fontSize(size).widthOfString(text) <= width) return { text, size };
  }
  doc.fontSize(min);
  let cut = text;
  while (cut.length > 1 && doc.widthOfString(`${cut}…`) > width) cut = cut.slice(0, -1);
  return { text: `${cut}…`, size: min };
}

/**
 * A one-page PDF the size of the label stock: the patient's name, birth year,
 * date and day number, and the sample code as a Code128 barcode drawn as
 * vector bars (sharp at any printer resolution) with its quiet zones, the
 * code printed below it.
 */
export function renderLabelPdf(content: LabelContent, settings: LabelSettings): Promise<Buffer> {
  const width = mmToPoints(settings.width);
  const height = mmToPoints(settings.height);
  const margin = mmToPoints(MARGIN_MM);
  const inner = width - 2 * margin;
  const doc = new PDFDocument({ size: [width, height], margin: 0, info: { Title: `Naljepnica ${content.code}`, Creator: 'LIS' } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font(FONT).fillColor('black');
  const { name, info } = labelLines(content);
  const scale = settings.height / 25;
  const nameFit = fitText(doc, name, inner, 8 * scale, 5);
  doc.fontSize(nameFit.size).text(nameFit.text, margin, margin, { lineBreak: false });
  const infoTop = margin + nameFit.size * 1.1;
  const infoFit = fitText(doc, info, inner, 6.5 * scale, 4.5);
  doc.fontSize(infoFit.size).text(infoFit.text, margin, infoTop, { lineBreak: false });

  const codeSize = 7 * scale;
  const barsTop = infoTop + infoFit.size * 1.3;
  const barsHeight = height - margin - codeSize * 1.1 - barsTop;
  const widths = code128Modules(content.code);
  const modules = moduleCount(widths) + 2 * CODE128_QUIET_MODULES;
  const moduleWidth = Math.min(inner / modules, mmToPoints(MAX_MODULE_MM));
  let x = (width - moduleCount(widths) * moduleWidth) / 2;
  widths.forEach((span, index) => {
    if (index % 2 === 0) doc.rect(x, barsTop, span * moduleWidth, barsHeight);
    x += span * moduleWidth;
  });
  doc.fill('black');
  doc.fontSize(codeSize).text(content.code, 0, barsTop + barsHeight + codeSize * 0.1, { width, align: 'center', lineBreak: false });
  doc.end();
  return done;
}
