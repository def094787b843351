import type * as fontkit from 'fontkit';

/**
 * A parsed TrueType font as pdfkit takes it, with the work every document would redo prepared once per process.
 *
 * pdfkit lays each word out with fontkit (shaping: ligatures, kerning) and caches the result per document only;
 * at the end it embeds a subset of the font holding the glyphs the document used, which fontkit builds by
 * decoding every glyph and re-encoding every table through its generic structure codec. For a one-page report
 * those two took about half of the time (profile in README, "Result reports"). Here:
 *
 * - layouts: a word's glyphs and positions are computed once per process and handed to every document as a
 *   fresh copy (pdfkit scales the positions it is given in place);
 * - the subset: each glyph's bytes, its components (for an accented letter built from two glyphs) and its
 *   metrics are read from the font once; the tables the PDF needs (head, hhea, maxp, cvt, prep, fpgm) are kept
 *   as bytes, and a document's subset is written straight into one buffer. Its bytes are the same as fontkit's
 *   subset of the same glyphs (prepared-font.test.ts compares them), so what a report stores and prints does
 *   not change.
 *
 * Every other property of the font is the parsed font's own.
 */
export function preparedFont(font: fontkit.Font): fontkit.Font {
  const layouts = new LayoutCache(font);
  const glyphs = new GlyphTable(font);
  const bound = new Map<PropertyKey, unknown>();
  return new Proxy(font, {
    get(target, property) {
      if (property === 'layout') return layouts.layout;
      if (property === 'createSubset') return () => new PreparedSubset(glyphs);
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      let method = bound.get(property);
      if (!method) {
        method = (value as (...args: unknown[]) => unknown).bind(target);
        bound.set(property, method);
      }
      return method;
    },
  });
}

interface Position { xAdvance: number; yAdvance: number; xOffset: number; yOffset: number }
interface Run { glyphs: fontkit.Glyph[]; positions: Position[] }

/** Words laid out once per process; past MAX_WORDS (names and free text keep adding new ones) it starts again. */
const MAX_WORDS = 50_000;

class LayoutCache {
  private readonly runs = new Map<string, Run>();

  constructor(private readonly font: fontkit.Font) {}

  readonly layout = (text: string, features?: unknown): unknown => {
    // With OpenType features asked for, pdfkit does not cache either: laid out as asked.
    if (features !== undefined) return (this.font.layout as (text: string, features?: unknown) => unknown)(text, features);
    let run = this.runs.get(text);
    if (!run) {
      const laidOut = this.font.layout(text);
      run = {
        glyphs: laidOut.glyphs,
        positions: laidOut.positions.map((position) => ({
          xAdvance: position.xAdvance, yAdvance: position.yAdvance, xOffset: position.xOffset, yOffset: position.yOffset,
        })),
      };
      if (this.runs.size >= MAX_WORDS) this.runs.clear();
      this.runs.set(text, run);
    }
    // pdfkit scales the positions of the run it gets in place (and adds their advanceWidth): a copy each time.
    const positions = run.positions.map((position) => ({ ...position }));
    return {
      glyphs: run.glyphs,
      positions,
      get advanceWidth() {
        let width = 0;
        for (const position of positions) width += position.xAdvance;
        return width;
      },
    };
  };
}

interface GlyphEntry {
  bytes: Uint8Array;
  /** A composite glyph's components: the glyph each names and where in `bytes` its id is written. */
  components: { glyphID: number; pos: number }[];
  advance: number;
  bearing: number;
}

/** fontkit's internals this file reads (the same fontkit's own subset reads). */
interface FontInternals {
  getGlyph(id: number): fontkit.Glyph & { _decode(): { numberOfContours: number; components?: { glyphID: number; pos: number }[] } | null; _getMetrics(): { leftBearing: number } };
  loca: { offsets: number[]; version: number };
  _getTableStream(tag: string): { pos: number; readBuffer(length: number): Uint8Array } | null;
  _variationProcessor?: unknown;
}

/** The font's glyph bytes and metrics, read on first use, and its fixed tables as bytes. */
class GlyphTable {
  private readonly entries = new Map<number, GlyphEntry>();
  readonly head: Uint8Array;
  readonly hhea: Uint8Array;
  readonly maxp: Uint8Array;
  readonly cvt: Uint8Array | null;
  readonly prep: Uint8Array | null;
  readonly fpgm: Uint8Array | null;
  readonly locaVersion: number;

  constructor(private readonly font: fontkit.Font) {
    const internals = font as unknown as FontInternals;
    if (internals._variationProcessor) throw new Error('A variable font cannot be prepared for printing: use a static font.');
    const table = (tag: string): Uint8Array | null => {
      const stream = internals._getTableStream(tag);
      const entry = (font as unknown as { directory: { tables: Record<string, { length: number } | undefined> } }).directory.tables[tag];
      if (!stream || !entry) return null;
      return Uint8Array.from(stream.readBuffer(entry.length));
    };
    const required = (tag: string): Uint8Array => {
      const bytes = table(tag);
      if (!bytes) throw new Error(`The font has no ${tag} table: it cannot be embedded.`);
      return bytes;
    };
    this.locaVersion = internals.loca.version;
    this.head = required('head');
    // What fontkit's subset writes for these: the font's own values, with the version of loca it keeps.
    new DataView(this.head.buffer).setInt16(50, this.locaVersion);
    this.hhea = required('hhea');
    this.maxp = required('maxp');
    this.cvt = table('cvt ');
    this.prep = table('prep');
    this.fpgm = table('fpgm');
  }

  glyph(id: number): GlyphEntry {
    let entry = this.entries.get(id);
    if (entry) return entry;
    const internals = this.font as unknown as FontInternals;
    const glyph = internals.getGlyph(id);
    const decoded = glyph._decode();
    const start = internals.loca.offsets[id]!;
    const end = internals.loca.offsets[id + 1]!;
    const stream = internals._getTableStream('glyf')!;
    stream.pos += start;
    const bytes = Uint8Array.from(stream.readBuffer(end - start));
    entry = {
      bytes,
      components: decoded && decoded.numberOfContours < 0 ? (decoded.components ?? []).map((component) => ({ glyphID: component.glyphID, pos: component.pos })) : [],
      advance: glyph.advanceWidth,
      bearing: glyph._getMetrics().leftBearing,
    };
    this.entries.set(id, entry);
    return entry;
  }
}

/** The glyphs one document uses, numbered in the order it first used them (glyph 0, the missing glyph, first). */
class PreparedSubset {
  readonly glyphs: number[] = [];
  private readonly mapping = new Map<number, number>();

  constructor(private readonly table: GlyphTable) {
    this.includeGlyph(0);
  }

  includeGlyph(glyph: number | { id: number }): number {
    const id = typeof glyph === 'object' ? glyph.id : glyph;
    let index = this.mapping.get(id);
    if (index === undefined) {
      this.glyphs.push(id);
      index = this.glyphs.length - 1;
      this.mapping.set(id, index);
    }
    return index;
  }

  /** The subset as a TrueType file, laid out as fontkit's TTFSubset lays it out. */
  encode(): Uint8Array {
    const { table } = this;
    const glyf: Uint8Array[] = [];
    const offsets: number[] = [];
    const metrics: { advance: number; bearing: number }[] = [];
    let offset = 0;
    // Components add glyphs to the end of the list as it is walked.
    for (let index = 0; index < this.glyphs.length; index += 1) {
      const entry = table.glyph(this.glyphs[index]!);
      let bytes = entry.bytes;
      if (entry.components.length > 0) {
        bytes = Uint8Array.from(entry.bytes);
        const view = new DataView(bytes.buffer);
        for (const component of entry.components) view.setUint16(component.pos, this.includeGlyph(component.glyphID));
      }
      glyf.push(bytes);
      offsets.push(offset);
      metrics.push({ advance: entry.advance, bearing: entry.bearing });
      offset += bytes.length;
    }
    offsets.push(offset);
    const count = glyf.length;

    const maxp = Uint8Array.from(table.maxp);
    new DataView(maxp.buffer).setUint16(4, count);
    const hhea = Uint8Array.from(table.hhea);
    new DataView(hhea.buffer).setUint16(34, count);
    const loca = new Uint8Array(offsets.length * (table.locaVersion === 0 ? 2 : 4));
    const locaView = new DataView(loca.buffer);
    offsets.forEach((value, index) => {
      if (table.locaVersion === 0) locaView.setUint16(index * 2, value >>> 1);
      else locaView.setUint32(index * 4, value);
    });
    const hmtx = new Uint8Array(count * 4);
    const hmtxView = new DataView(hmtx.buffer);
    metrics.forEach((metric, index) => {
      hmtxView.setUint16(index * 4, metric.advance);
      hmtxView.setInt16(index * 4 + 2, metric.bearing);
    });
    const glyfBytes = new Uint8Array(offset);
    let at = 0;
    for (const bytes of glyf) {
      glyfBytes.set(bytes, at);
      at += bytes.length;
    }

    // fontkit's order; a table the font lacks is left out.
    const tables: [string, Uint8Array | null][] = [
      ['head', table.head], ['hhea', hhea], ['loca', loca], ['maxp', maxp], ['cvt ', table.cvt],
      ['prep', table.prep], ['glyf', glyfBytes], ['hmtx', hmtx], ['fpgm', table.fpgm],
    ];
    const present = tables.filter((entry): entry is [string, Uint8Array] => entry[1] !== null);
    const numTables = present.length;
    const exponent = Math.floor(Math.log2(numTables));
    const searchRange = 2 ** exponent * 16;
    const headerLength = 12 + 16 * numTables;
    const total = headerLength + present.reduce((sum, [, bytes]) => sum + bytes.length, 0);
    const out = new Uint8Array(total);
    const view = new DataView(out.buffer);
    out.set([0x74, 0x72, 0x75, 0x65], 0); // 'true', as fontkit writes it
    view.setUint16(4, numTables);
    view.setUint16(6, searchRange);
    view.setUint16(8, exponent);
    view.setUint16(10, numTables * 16 - searchRange);
    let dataAt = headerLength;
    present.forEach(([tag, bytes], index) => {
      const record = 12 + index * 16;
      for (let i = 0; i < 4; i += 1) out[record + i] = tag.charCodeAt(i);
      view.setUint32(record + 4, 0); // checksum: fontkit writes 0 and PDF readers do not check it
      view.setUint32(record + 8, dataAt);
      view.setUint32(record + 12, bytes.length);
      out.set(bytes, dataAt);
      dataAt += bytes.length;
    });
    return out;
  }
}
