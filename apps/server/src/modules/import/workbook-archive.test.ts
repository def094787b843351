import { crc32, deflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_IMPORT_ROWS, type ImportPreviewAnswer } from '@lis/domain';
import { createTestApp, signIn, type SignedIn, type TestApp } from '../../test/harness.ts';
import { upload } from './test-fixtures.ts';

// Workbooks built by hand as zip archives, so a test can make what no spreadsheet program would: a sheet of
// 600,000 rows in a few megabytes, a part that unpacks to far more than a workbook needs, a part that lies
// about its size.

let t: TestApp;
let tech: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  tech = await signIn(t.app, 'tehnicar@demo.lab');
});
afterAll(async () => { await t.close(); });

interface Part { name: string; data: Buffer; declaredSize?: number }

/** A zip archive of deflated parts; `declaredSize` overrides the uncompressed size its headers state. */
function zip(parts: readonly Part[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name);
    const packed = deflateRawSync(part.data);
    const size = part.declaredSize ?? part.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc32(part.data), 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(20, 6);
    header.writeUInt16LE(8, 10);
    header.writeUInt32LE(crc32(part.data), 16);
    header.writeUInt32LE(packed.length, 20);
    header.writeUInt32LE(size, 24);
    header.writeUInt16LE(name.length, 28);
    header.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    central.push(header, name);
    offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const PACKAGE_RELS_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const DOC_RELS_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** The smallest workbook a spreadsheet reader accepts: one sheet with this sheetData, plus any extra parts. */
function workbook(sheetData: string, extra: Part[] = []): Buffer {
  const xml = (text: string) => Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${text}`);
  return zip([
    { name: '[Content_Types].xml', data: xml('<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
      + '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>'
      + '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
      + '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>') },
    { name: '_rels/.rels', data: xml(`<Relationships xmlns="${PACKAGE_RELS_NS}"><Relationship Id="rId1" Type="${DOC_RELS_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`) },
    { name: 'xl/workbook.xml', data: xml(`<workbook xmlns="${MAIN_NS}" xmlns:r="${DOC_RELS_NS}"><sheets><sheet name="Pacijenti" sheetId="1" r:id="rId1"/></sheets></workbook>`) },
    { name: 'xl/_rels/workbook.xml.rels', data: xml(`<Relationships xmlns="${PACKAGE_RELS_NS}"><Relationship Id="rId1" Type="${DOC_RELS_NS}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`) },
    { name: 'xl/worksheets/sheet1.xml', data: xml(`<worksheet xmlns="${MAIN_NS}"><sheetData>${sheetData}</sheetData></worksheet>`) },
    ...extra,
  ]);
}

const HEADER = '<row r="1"><c r="A1" t="inlineStr"><is><t>JMBG</t></is></c><c r="B1" t="inlineStr"><is><t>Ime</t></is></c></row>';

function rows(count: number): string {
  const lines: string[] = [HEADER];
  for (let number = 2; number <= count + 1; number += 1) lines.push(`<row r="${number}"><c r="A${number}"><v>${number}</v></c></row>`);
  return lines.join('');
}

/** Answers the upload and the most the heap and buffers grew meanwhile, sampled while the request runs. */
async function measured(bytes: Buffer): Promise<{ status: number; code: unknown; ms: number; growth: number }> {
  const used = () => { const memory = process.memoryUsage(); return memory.heapUsed + memory.arrayBuffers; };
  const baseline = used();
  let peak = 0;
  const sampler = setInterval(() => { peak = Math.max(peak, used() - baseline); }, 5);
  const started = performance.now();
  try {
    const response = await upload(t, tech, bytes);
    const ms = performance.now() - started;
    peak = Math.max(peak, used() - baseline);
    return { status: response.statusCode, code: (response.json<{ code?: unknown }>()).code, ms, growth: peak };
  } finally {
    clearInterval(sampler);
  }
}

describe('an uploaded workbook is checked before it is unpacked whole', () => {
  it('reads a hand-made workbook as any other (the check lets a good file through)', async () => {
    const response = await upload(t, tech, workbook(`${HEADER}<row r="2"><c r="A2" t="inlineStr"><is><t>0101990170001</t></is></c><c r="B2" t="inlineStr"><is><t>Ana</t></is></c></row>`));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<ImportPreviewAnswer>().rows).toEqual([expect.objectContaining({ red: 2, jmbg: '0101990170001', ime: 'Ana' })]);
  });

  it('600,000 rows in a few megabytes: import.tooManyRows quickly, with little memory', async () => {
    const file = workbook(rows(600_000));
    expect(file.length).toBeLessThan(8 * 1_048_576);
    const answer = await measured(file);
    expect(answer.status).toBe(400);
    expect(answer.code).toBe('import.tooManyRows');
    // Unpacked whole this took 10 s and 466 MB; streamed it stops at row MAX_IMPORT_ROWS + 2. Generous bounds for a busy machine.
    expect(answer.ms).toBeLessThan(3000);
    expect(answer.growth).toBeLessThan(100 * 1_048_576);
  });

  it('one row over the limit is refused, the limit itself is not', async () => {
    const over = await upload(t, tech, workbook(rows(MAX_IMPORT_ROWS + 1)));
    expect(over.json()).toMatchObject({ code: 'import.tooManyRows', params: { max: String(MAX_IMPORT_ROWS) } });
    expect((await upload(t, tech, workbook(rows(MAX_IMPORT_ROWS)))).statusCode).not.toBe(400);
  });

  it('a zip bomb (a part that unpacks to 200 MB) is refused from its directory, before unpacking', async () => {
    const bomb = workbook(rows(1), [{ name: 'xl/media/image1.png', data: Buffer.alloc(200 * 1_048_576) }]);
    expect(bomb.length).toBeLessThan(1_048_576);
    const answer = await measured(bomb);
    expect(answer.status).toBe(413);
    expect(answer.code).toBe('request.tooLarge');
    expect(answer.ms).toBeLessThan(1000);
    expect(answer.growth).toBeLessThan(50 * 1_048_576);
  });

  it('a part that unpacks to more than it declares is refused while unpacking it', async () => {
    const liar = workbook(rows(1), [{ name: 'xl/media/image1.png', data: Buffer.alloc(8 * 1_048_576), declaredSize: 1024 }]);
    const response = await upload(t, tech, liar);
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ code: 'import.unsupportedStatus' });
  });
});
