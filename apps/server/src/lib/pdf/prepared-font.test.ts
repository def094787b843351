import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as fontkit from 'fontkit';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PDF_FONT_DIR } from '../../config.ts';
import { preparedFont } from './prepared-font.ts';

// The prepared font must print exactly what the parsed font prints: the same glyphs and positions for a word,
// the same subset bytes for the same glyphs, so a stored report's bytes do not depend on which one drew it.

const parse = (file: string) => fontkit.create(readFileSync(path.join(DEFAULT_PDF_FONT_DIR, file))) as fontkit.Font;
const WORDS = ['ČOLIĆ-ŠEHOVIĆ ', 'Đurđa ', 'Größe ', 'mmol/L', '≤ 3,9 – 6,1 ', '† ', 'ﬁnal ', 'Tumačenje ', 'AVAV ', 'Öl.', '° '];

describe.each(['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf'])('%s prepared once', (file) => {
  const parsed = parse(file);
  const prepared = preparedFont(parse(file));

  it('lays every word out as the parsed font does, the first time and from its cache, and hands out copies', () => {
    for (let pass = 0; pass < 2; pass += 1) {
      for (const word of WORDS) {
        const expected = parsed.layout(word);
        const run = prepared.layout(word);
        expect(run.glyphs.map((glyph) => glyph.id), word).toEqual(expected.glyphs.map((glyph) => glyph.id));
        expect(run.positions.map((position) => ({ ...position })), word).toEqual(expected.positions.map((position) => ({
          xAdvance: position.xAdvance, yAdvance: position.yAdvance, xOffset: position.xOffset, yOffset: position.yOffset,
        })));
        expect(run.advanceWidth, word).toBe(expected.advanceWidth);
        // pdfkit scales what it gets in place: the next document must still get the font's units.
        for (const position of run.positions) position.xAdvance *= 10;
      }
    }
  });

  it('writes the same subset bytes as fontkit for the same glyphs, composite letters included', () => {
    const expected = parsed.createSubset();
    const subset = prepared.createSubset();
    for (const word of WORDS) {
      for (const glyph of parsed.layout(word).glyphs) {
        expect(subset.includeGlyph(glyph)).toBe(expected.includeGlyph(glyph));
      }
    }
    const mine = Buffer.from(subset.encode());
    expect(mine.length).toBeGreaterThan(1000);
    expect(mine.equals(Buffer.from(expected.encode()))).toBe(true);
    // A second document with other letters first.
    const again = prepared.createSubset();
    const reference = parsed.createSubset();
    for (const word of [...WORDS].reverse()) {
      for (const glyph of parsed.layout(word).glyphs) {
        again.includeGlyph(glyph);
        reference.includeGlyph(glyph);
      }
    }
    expect(Buffer.from(again.encode()).equals(Buffer.from(reference.encode()))).toBe(true);
  });
});
