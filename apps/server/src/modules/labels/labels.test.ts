import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SampleSavedAnswer } from '@lis/domain';
import { settingRecords } from '../../db/schema.ts';
import { createTestApp, signIn, siteId, type SignedIn, type TestApp } from '../../test/harness.ts';
import { api, createFixtureCatalogue, daysAgo, jmbgFor, registerPatient, type Api, type FixtureCatalogue } from '../samples/test-fixtures.ts';
import { renderLabelZpl, zplFieldText } from './zpl.ts';

const run = promisify(execFile);

let t: TestApp;
let client: Api;
let admin: SignedIn;
let tech: SignedIn;
let viewer: SignedIn;
let cat: FixtureCatalogue;
let patientId: string;
let workDir: string;

beforeAll(async () => {
  t = await createTestApp();
  client = api(t);
  [admin, tech, viewer] = await Promise.all([signIn(t.app, 'admin@demo.lab'), signIn(t.app, 'tehnicar@demo.lab'), signIn(t.app, 'pregled@demo.lab')]);
  cat = await createFixtureCatalogue(t.database.db);
  patientId = (await registerPatient(client, tech, jmbgFor(daysAgo(30 * 365), 'ŽENSKI'), { ime: 'Đurđa', prezime: 'Čačić-Šćepanović', spol: 'ŽENSKI' }))._id;
  workDir = await mkdtemp(path.join(tmpdir(), 'lis-labels-'));
});
afterAll(async () => {
  await t.close();
  await rm(workDir, { recursive: true, force: true });
});

async function newSample(user: SignedIn = tech, site = user.site): Promise<{ _id: string; code: string; pacijentRBr: number }> {
  const response = await client.post(user, '/uzorci/save', { pid: patientId, testovi: [cat.ids.GLU], hitan: true }, site);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<SampleSavedAnswer>().uzorak;
}

/** Rasterises a PDF at 600 dpi (poppler) and reads every barcode on it (zbar). */
async function decodePdf(pdf: Buffer, name: string): Promise<{ codes: string[]; text: string; pageSize: string }> {
  const file = path.join(workDir, `${name}.pdf`);
  await writeFile(file, pdf);
  await run('pdftoppm', ['-r', '600', '-png', file, path.join(workDir, name)]);
  const image = (await readdir(workDir)).find((entry) => entry.startsWith(`${name}-`) && entry.endsWith('.png'));
  if (!image) throw new Error('pdftoppm wrote no image');
  const { stdout } = await run('zbarimg', ['--quiet', '--raw', path.join(workDir, image)]);
  const { stdout: text } = await run('pdftotext', [file, '-']);
  const { stdout: info } = await run('pdfinfo', [file]);
  return { codes: stdout.split('\n').filter(Boolean), text, pageSize: /Page size:\s+(.*)/.exec(info)?.[1] ?? '' };
}

describe('GET /api/uzorci/barcode/{id}/pdf', () => {
  it('is a 50 x 25 mm label whose barcode decodes to the sample code', async () => {
    const sample = await newSample();
    const response = await client.get(viewer, `/uzorci/barcode/${sample._id}/pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const { codes, text, pageSize } = await decodePdf(response.rawPayload, 'default');
    expect(codes).toEqual([sample.code]);
    expect(pageSize).toMatch(/^141\.7\d* x 70\.8\d* pts/);
    expect(text).toContain('ČAČIĆ-ŠĆEPANOVIĆ ĐURĐA');
    expect(text).toContain(`#${sample.pacijentRBr}`);
    expect(text).toContain('HITNO');
    expect(text).toContain(sample.code);
  });

  it('takes the size from the site setting and still decodes', async () => {
    await t.database.db.insert(settingRecords).values({ siteId: tech.site, type: 'label', data: { width: 38, height: 19 } });
    const sample = await newSample();
    const response = await client.get(tech, `/uzorci/barcode/${sample._id}/pdf`);
    const { codes, pageSize } = await decodePdf(response.rawPayload, 'small');
    expect(codes).toEqual([sample.code]);
    expect(pageSize).toMatch(/^107\.7\d* x 53\.8\d* pts/);
  });

  it("answers 404 for another site's sample and 401 without a token", async () => {
    const tuzla = siteId(admin, 'TZ');
    const there = await newSample(admin, tuzla);
    expect((await client.get(admin, `/uzorci/barcode/${there._id}/pdf`)).statusCode).toBe(404);
    expect((await client.get(admin, `/uzorci/barcode/${there._id}/zpl`)).statusCode).toBe(404);
    expect((await client.get(admin, `/uzorci/barcode/${there._id}/pdf`, tuzla)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/uzorci/barcode/${there._id}/pdf` })).statusCode).toBe(401);
  });
});

describe('GET /api/uzorci/barcode/{id}/zpl', () => {
  it('is ZPL II with a Code128 field of the sample code', async () => {
    const sample = await newSample();
    const response = await client.get(viewer, `/uzorci/barcode/${sample._id}/zpl`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    const zpl = response.body;
    expect(zpl.startsWith('^XA\n^CI28\n')).toBe(true);
    expect(zpl.trim().endsWith('^XZ')).toBe(true);
    expect(zpl).toMatch(new RegExp(`\\^BCN,\\d+,Y,N,N,A\\^FD${sample.code}\\^FS`));
    expect(zpl).toContain('ČAČIĆ-ŠĆEPANOVIĆ ĐURĐA');
  });
});

describe('ZPL rendering', () => {
  const content = { code: '2405170042', pacijentRBr: 42, godiste: 1985, datum: '17.05.2024', ime: 'A^B', prezime: 'C~D_E', hitan: false };

  it('escapes the characters that would start ZPL commands', () => {
    expect(zplFieldText('a^b~c_d')).toBe('a_5Eb_7Ec_5Fd');
    const zpl = renderLabelZpl(content, { width: 50, height: 25, dpi: 203 });
    expect(zpl).toContain('^FDC_7ED_5FE A_5EB^FS');
  });

  it('sizes the label in printer dots and fits the symbol with its quiet zones', () => {
    const zpl = renderLabelZpl(content, { width: 50, height: 25, dpi: 203 });
    expect(zpl).toContain('^PW400\n^LL200');
    const [, left, moduleWidth] = /\^FO(\d+),\d+\^BY(\d+)/.exec(zpl) ?? [];
    // 90 modules for a 10-digit code (start, 5 pairs, check, stop); 10-module quiet zones both sides.
    expect(Number(moduleWidth)).toBe(3);
    expect(Number(left)).toBeGreaterThanOrEqual(10 * 3);
    expect(Number(left) + 90 * 3).toBeLessThanOrEqual(400 - 10 * 3);
    expect(renderLabelZpl(content, { width: 50, height: 25, dpi: 300 })).toContain('^PW591\n^LL295');
  });
});
