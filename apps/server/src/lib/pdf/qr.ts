import QRCode from 'qrcode';

/** A QR code's modules: `pixx` × `pixy`, row by row, 1 dark. */
export interface QrModules {
  pixs: ArrayLike<number>;
  pixx: number;
  pixy: number;
}

/**
 * The most modules a side of a printed code may have: the report prints its codes 44 points wide, and at 33
 * modules (QR version 4) a module is 1.33 points (0.47 mm), about 2.8 pixels of a page printed or photographed
 * at 150 dpi, which reads; at 37 (version 5) it is 2.5 pixels, and zbar failed to read one code in two.
 */
export const MOST_MODULES = 33;

/**
 * The QR code of `text`, with the mask the standard's penalty rules choose and the library's segments (digits
 * and capitals packed tighter than other bytes). Error correction M (a stained or creased page still reads)
 * while the code stays within MOST_MODULES; a longer text gets L, which holds a quarter more, rather than a
 * denser code. The `qrcode` library rather than bwip-js (which the labels' barcodes use): 0.4 ms a code
 * against 2 ms with the mask fixed, paid on every report issued.
 */
export function qrModules(text: string): QrModules {
  let { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  if (modules.size > MOST_MODULES) ({ modules } = QRCode.create(text, { errorCorrectionLevel: 'L' }));
  return { pixs: modules.data, pixx: modules.size, pixy: modules.size };
}

/**
 * Draws a QR code as vector squares (one filled path; no image), `size` points wide, its top left at
 * (x, y). Runs of dark modules in a row are drawn as one rectangle, so a page gains a few hundred
 * operators, not thousands.
 */
export function drawQrCode(doc: PDFKit.PDFDocument, code: QrModules, x: number, y: number, size: number): void {
  const { pixs, pixx, pixy } = code;
  const module = size / pixx;
  doc.save();
  for (let row = 0; row < pixy; row += 1) {
    let column = 0;
    while (column < pixx) {
      if (!pixs[row * pixx + column]) {
        column += 1;
        continue;
      }
      const start = column;
      while (column < pixx && pixs[row * pixx + column]) column += 1;
      // A hair wider than the module, so neighbouring rectangles leave no white seam when rasterised.
      doc.rect(x + start * module, y + row * module, (column - start) * module + 0.01, module + 0.01);
    }
  }
  doc.fillColor('#000000').fill();
  doc.restore();
}
