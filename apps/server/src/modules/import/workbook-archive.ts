import type { Readable } from 'node:stream';
import { SaxesParser } from 'saxes';
import yauzl from 'yauzl';
import { AppError } from '../../lib/errors.ts';

// An .xlsx is a zip archive: a few kilobytes can declare, and unpack to, gigabytes. Before the workbook is
// unpacked whole, the archive is checked here from its central directory and its first sheet is streamed
// to count the rows, so a file that is too large or has too many rows costs a moment and little memory.

/**
 * The most a workbook may unpack to, all its parts together, as its central directory declares them. A
 * filled-in import template of the most rows allowed unpacks to a few megabytes (about 10 MB with long
 * cells); anything far beyond that is not an import file.
 */
export const MAX_UNPACKED_BYTES = 64 * 1_048_576;
/** More parts than any workbook has: a directory of millions of entries is itself an attack. */
const MAX_ENTRIES = 10_000;

const RELATIONSHIPS_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

function notAWorkbook(): AppError {
  return new AppError(415, 'import.unsupportedStatus');
}

function localName(name: string): string {
  return name.slice(name.indexOf(':') + 1);
}

function openBuffer(bytes: Buffer): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    // validateEntrySizes (the default): a part that inflates to more or less than it declared fails its stream.
    yauzl.fromBuffer(bytes, { lazyEntries: true, validateEntrySizes: true }, (error, zip) => {
      if (error) reject(notAWorkbook());
      else resolve(zip);
    });
  });
}

/** Every entry of the central directory; nothing is unpacked. Refuses 413 when they declare more than MAX_UNPACKED_BYTES. */
function readDirectory(zip: yauzl.ZipFile): Promise<Map<string, yauzl.Entry>> {
  return new Promise((resolve, reject) => {
    const entries = new Map<string, yauzl.Entry>();
    let declared = 0;
    zip.on('entry', (entry: yauzl.Entry) => {
      declared += entry.uncompressedSize;
      if (declared > MAX_UNPACKED_BYTES || entries.size >= MAX_ENTRIES) {
        reject(new AppError(413, 'request.tooLarge'));
        return;
      }
      entries.set(entry.fileName, entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', () => reject(notAWorkbook()));
    zip.readEntry();
  });
}

function openEntry(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Readable> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error) reject(notAWorkbook());
      else resolve(stream);
    });
  });
}

/**
 * Streams one part through a SAX parser; `onTag` returns true to stop reading there. A part whose
 * bytes do not inflate to its declared size, or that is not XML, is not a workbook (415).
 */
async function parseEntry(zip: yauzl.ZipFile, entry: yauzl.Entry, xmlns: boolean, onTag: (parser: SaxesParser, name: string, attributes: Record<string, unknown>, closing: boolean) => boolean): Promise<void> {
  const parser = new SaxesParser({ xmlns });
  let stop = false;
  parser.on('opentag', (tag) => { if (!stop) stop = onTag(parser, localName(tag.name), tag.attributes, false); });
  parser.on('closetag', (tag) => { if (!stop) stop = onTag(parser, localName(tag.name), {}, true); });
  const stream = await openEntry(zip, entry);
  const decoder = new TextDecoder('utf-8');
  try {
    // Chunk by chunk: the event loop serves other requests between them.
    for await (const chunk of stream) {
      parser.write(decoder.decode(chunk as Buffer, { stream: true }));
      if (stop) return;
    }
    parser.close();
  } catch {
    throw notAWorkbook();
  } finally {
    stream.destroy();
  }
}

/** The part name of the workbook's first sheet (the one the import reads), or null when the archive does not say. */
async function firstSheetPath(zip: yauzl.ZipFile, entries: Map<string, yauzl.Entry>): Promise<string | null> {
  const workbook = entries.get('xl/workbook.xml');
  const rels = entries.get('xl/_rels/workbook.xml.rels');
  if (!workbook || !rels) return null;
  let relationId: string | null = null;
  await parseEntry(zip, workbook, true, (parser, name, attributes, closing) => {
    if (closing || name !== 'sheet') return false;
    for (const attribute of Object.values(attributes) as { uri?: string; local?: string; value?: string }[]) {
      if (attribute.uri === RELATIONSHIPS_NS && attribute.local === 'id') relationId = attribute.value ?? null;
    }
    return true;
  });
  if (relationId === null) return null;
  let target: string | null = null;
  await parseEntry(zip, rels, false, (_parser, name, attributes, closing) => {
    if (closing || name !== 'Relationship' || attributes.Id !== relationId) return false;
    target = typeof attributes.Target === 'string' ? attributes.Target : null;
    return true;
  });
  if (target === null) return null;
  const path: string = target;
  return path.startsWith('/') ? path.slice(1) : `xl/${path}`;
}

/** Rows of a sheet that hold a value (as a workbook counts its rows), read until there are more than `limit`. */
async function countValueRows(zip: yauzl.ZipFile, entry: yauzl.Entry, limit: number): Promise<number> {
  let rows = 0;
  let rowHasValue = false;
  await parseEntry(zip, entry, false, (_parser, name, _attributes, closing) => {
    if (name === 'row') {
      if (!closing) rowHasValue = false;
      else if (rowHasValue) rows += 1;
      return rows > limit;
    }
    // A cell's value, inline string or formula: the row is not empty.
    if (!closing && (name === 'v' || name === 'is' || name === 'f')) rowHasValue = true;
    return false;
  });
  return rows;
}

/** Inflates every other part and drops the bytes: a part whose real size is not its declared one fails here, unpacked by no one. */
async function checkRealSizes(zip: yauzl.ZipFile, entries: Map<string, yauzl.Entry>, skip: string | null): Promise<void> {
  for (const [name, entry] of entries) {
    if (name === skip || name.endsWith('/')) continue;
    const stream = await openEntry(zip, entry);
    try {
      for await (const chunk of stream) void chunk;
    } catch {
      throw notAWorkbook();
    }
  }
}

/**
 * Checks an uploaded workbook before it is unpacked whole: not a zip archive answers 415; parts that
 * declare more than MAX_UNPACKED_BYTES answer 413 before any is unpacked; a first sheet with more than
 * `maxRows` rows holding a value below its header row answers 400 `import.tooManyRows`, found by
 * streaming the sheet and stopping there. Every other part is then inflated once, its bytes dropped,
 * to check it is no larger than it declared.
 */
export async function checkWorkbookArchive(bytes: Buffer, maxRows: number): Promise<void> {
  const zip = await openBuffer(bytes);
  try {
    const entries = await readDirectory(zip);
    const sheetPath = await firstSheetPath(zip, entries);
    const sheet = sheetPath === null ? undefined : entries.get(sheetPath);
    // The header row is counted too, as the workbook's own row count is.
    if (sheet && await countValueRows(zip, sheet, maxRows + 1) > maxRows + 1) {
      throw new AppError(400, 'import.tooManyRows', undefined, { max: String(maxRows) });
    }
    await checkRealSizes(zip, entries, sheet ? sheetPath : null);
  } finally {
    zip.close();
  }
}
