import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as fontkit from 'fontkit';
import { DEFAULT_PDF_FONT_DIR } from '../../config.ts';
import { preparedFont } from './prepared-font.ts';

/**
 * Every printed document of the lab (result reports, pro-forma invoices,
 * Izvještaji exports, the temperature record) prints in DejaVu Sans (Debian's
 * fonts-dejavu-core): a Unicode font with every letter of Bosnian and German
 * (č ć ž š đ, ä ö ü ß) and the marks the documents use (– ≤ ≥ † · °),
 * embedded in each PDF so it reads the same on every machine. The PDF base
 * fonts lack č, ć and đ.
 */
const FILES = { regular: 'DejaVuSans.ttf', bold: 'DejaVuSans-Bold.ttf' } as const;

/**
 * The parsed fonts, shared by every document the process renders: parsing the
 * font file costs more than drawing a one-page report, and pdfkit takes a
 * parsed font as it takes a file (each document still embeds its own subset).
 */
export interface PdfFonts {
  regular: fontkit.Font;
  bold: fontkit.Font;
}

let loaded: { dir: string; fonts: PdfFonts } | null = null;

/**
 * Reads the fonts once from `dir` (the config's PDF_FONT_DIR). Called when the
 * reports module is registered, so a server without them stops at start-up
 * with the fix in the message instead of failing at the first verification.
 */
export function loadPdfFonts(dir: string): PdfFonts {
  if (loaded?.dir === dir) return loaded.fonts;
  const read = (file: string): fontkit.Font => {
    const full = path.join(dir, file);
    let bytes: Buffer;
    try {
      bytes = readFileSync(full);
    } catch {
      throw new Error(`Printed documents need the DejaVu Sans font ${file}, not found in ${dir}: install Debian's fonts-dejavu-core `
        + '(apt-get install fonts-dejavu-core) or set PDF_FONT_DIR to a directory that holds DejaVuSans.ttf and DejaVuSans-Bold.ttf.');
    }
    const font = fontkit.create(bytes);
    if (!('layout' in font)) throw new Error(`${full} is a font collection, not the single DejaVu Sans font the documents print in.`);
    // fontkit keeps each glyph it builds with the characters it was built for. A glyph first built as part of
    // another (C inside Č) would keep none, and a later report's text layer (what pdftotext and screen readers
    // read) would lose that letter: building every mapped glyph from its own character first prevents it. Ligature
    // glyphs (ﬁ, U+FB00-FB4F) are left to the layout, which builds them from the letters they join ('f', 'i').
    for (const codePoint of font.characterSet) {
      if (codePoint < 0xfb00 || codePoint > 0xfb4f) font.glyphForCodePoint(codePoint);
    }
    // Word layouts, glyph bytes and fixed tables prepared once for every document (prepared-font.ts).
    return preparedFont(font);
  };
  const fonts = { regular: read(FILES.regular), bold: read(FILES.bold) };
  loaded = { dir, fonts };
  return fonts;
}

/** The fonts loaded at start-up (Debian's directory when nothing loaded them, as in a benchmark that renders directly). */
export function pdfFonts(): PdfFonts {
  return loaded?.fonts ?? loadPdfFonts(DEFAULT_PDF_FONT_DIR);
}
