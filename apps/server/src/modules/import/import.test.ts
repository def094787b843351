import ExcelJS from 'exceljs';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_COLUMNS, type ImportAnswer, type ImportPreviewAnswer, type Partner } from '@lis/domain';
import { auditLog, patients, sampleTests, samples } from '../../db/schema.ts';
import { createTestApp, signIn, type SignedIn, type TestApp } from '../../test/harness.ts';
import { api, createFixtureCatalogue, jmbgFor, type Api, type FixtureCatalogue } from '../samples/test-fixtures.ts';
import { importFile, upload, type FileRow } from './test-fixtures.ts';

let t: TestApp;
let client: Api;
let tech: SignedIn;
let admin: SignedIn;
let cat: FixtureCatalogue;
let sifra: (name: 'GLU' | 'CHOL' | 'LDL' | 'PSA') => string;

beforeAll(async () => {
  t = await createTestApp();
  client = api(t);
  [tech, admin] = await Promise.all([signIn(t.app, 'tehnicar@demo.lab'), signIn(t.app, 'admin@demo.lab')]);
  cat = await createFixtureCatalogue(t.database.db);
  const tag = cat.sectionSifra.slice(1);
  sifra = (name) => `${name}-${tag}`;
});
afterAll(async () => { await t.close(); });

const tag = () => Math.random().toString(36).slice(2, 8).toUpperCase();

function person(ref: string, change: FileRow = {}): FileRow {
  return {
    jmbg: jmbgFor({ year: 1975, month: 6, day: 15 }, 'MUŠKI'), ime: 'Uvoz', prezime: 'Testović', spol: 'M', adresa: 'Titova 1', telefon: '061 000 000',
    referenca: ref, testovi: `${sifra('GLU')}, ${sifra('LDL')}`, ...change,
  };
}

async function preview(rows: readonly FileRow[]): Promise<ImportPreviewAnswer> {
  const response = await upload(t, tech, await importFile(rows));
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ImportPreviewAnswer>();
}

async function runImport(rows: ImportPreviewAnswer['rows']): Promise<ImportAnswer['results']> {
  const response = await client.post(tech, '/import/uvoz', { rows: rows.map(({ problems: _problems, ...row }) => row) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ImportAnswer>().results;
}

describe('Excel import', () => {
  it('names the two bad rows, imports the rest with priced tests, and a second run creates nothing', async () => {
    const run = tag();
    const partner = (await client.post(admin, '/partneri/save', { naziv: `Uvoz partner ${run}`, vrste: ['narucilac'], cijene: [{ labassay: cat.ids.GLU, price: '1.00' }] }))
      .json<{ partner: Partner }>().partner;
    const shared = jmbgFor({ year: 1988, month: 2, day: 29 }, 'ŽENSKI');
    const rows: FileRow[] = [
      person(`${run}-1`, { partner: partner.naziv.toUpperCase(), hitan: 'DA' }),
      person(`${run}-2`, { jmbg: '1234567890123' }),
      person(`${run}-3`, { jmbg: shared, spol: 'ŽENSKI', datum: '01.03.2024' }),
      person(`${run}-4`, { testovi: `${sifra('GLU')} NEPOSTOJI` }),
      person(`${run}-5`, { jmbg: shared, spol: 'ŽENSKI', ime: 'Druga', testovi: sifra('PSA') }),
    ];
    const checked = await preview(rows);
    expect(checked.ukupno).toBe(5);
    expect(checked.ispravnih).toBe(3);
    const bad = checked.rows.filter((row) => row.problems.length > 0);
    expect(bad.map((row) => [row.red, row.problems.map((problem) => problem.code)])).toEqual([
      [3, ['patient.jmbgInvalid']], [5, ['import.unknownTest']],
    ]);
    expect(bad[1]?.problems[0]?.message).toBe('Nepoznat test: NEPOSTOJI.');

    const first = await runImport(checked.rows);
    expect(first.map((result) => [result.red, result.status])).toEqual([[2, 'kreiran'], [3, 'greska'], [4, 'kreiran'], [5, 'greska'], [6, 'kreiran']]);
    expect(first[1]?.poruka).toBe('Matični broj nije validan.');
    const refs = [1, 3, 5].map((n) => `${run}-${n}`);
    const created = await t.database.db.select().from(samples).where(inArray(samples.importRef, refs));
    expect(created).toHaveLength(3);
    const withPartner = created.find((sample) => sample.importRef === `${run}-1`);
    expect(withPartner).toMatchObject({ partnerId: partner._id, hitan: true, status: 'ZAPRIMLJEN', priceTotal: '4.00' });
    const tests = await t.database.db.select().from(sampleTests).where(eq(sampleTests.sampleId, withPartner?.id ?? ''));
    expect(tests).toHaveLength(5);
    // One patient for two rows with the same JMBG (the first row's name: the JMBG is the key).
    const [sharedPatient] = await t.database.db.select().from(patients).where(eq(patients.jmbg, shared));
    expect(created.filter((sample) => sample.patientId === sharedPatient?.id)).toHaveLength(2);
    expect(first.filter((result) => result.noviPacijent).map((result) => result.red)).toEqual([2, 4, 6]);
    const audit = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'sample.create'), inArray(auditLog.entityId, created.map((sample) => sample.id))));
    expect(audit).toHaveLength(3);

    const again = await runImport((await preview(rows)).rows);
    expect(again.map((result) => [result.red, result.status])).toEqual([[2, 'postoji'], [3, 'greska'], [4, 'postoji'], [5, 'greska'], [6, 'postoji']]);
    expect(await t.database.db.select().from(samples).where(inArray(samples.importRef, refs))).toHaveLength(3);
    expect(await t.database.db.select().from(patients).where(eq(patients.jmbg, shared))).toHaveLength(1);
  });

  it('refuses a reference given twice in a file and one that belongs to another patient', async () => {
    const run = tag();
    const checked = await preview([person(`${run}-A`), person(`${run}-A`)]);
    expect(checked.rows.map((row) => row.problems.map((problem) => problem.code))).toEqual([[], ['import.duplicateReference']]);
    await runImport(checked.rows);
    const other = await runImport((await preview([person(`${run}-A`, { jmbg: jmbgFor({ year: 1970, month: 1, day: 2 }, 'MUŠKI') })])).rows);
    expect(other).toEqual([expect.objectContaining({ status: 'greska', poruka: 'Referenca uzorka već pripada drugom pacijentu.' })]);
  });

  it('answers 415 "415: Unsupported Format" for a file that is not a workbook, and 403 to a read-only role', async () => {
    const text = await upload(t, tech, Buffer.from('JMBG;Ime;Prezime\n'));
    expect(text.statusCode).toBe(415);
    expect(text.json()).toMatchObject({ message: '415: Unsupported Format', code: 'import.unsupportedStatus' });
    const viewer = await signIn(t.app, 'pregled@demo.lab');
    expect((await upload(t, viewer, await importFile([person('X')]))).statusCode).toBe(403);
  });

  it('gives a template that reads back as an empty-but-example import, and the results as a workbook', async () => {
    const template = await t.app.inject({ method: 'GET', url: '/api/import/predlozak', headers: { authorization: `Bearer ${tech.token}` } });
    expect(template.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(template.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0]?.getRow(1).values).toEqual([undefined, ...IMPORT_COLUMNS.map((column) => column.header)]);
    const example = await upload(t, tech, template.rawPayload);
    expect(example.json<ImportPreviewAnswer>().ukupno).toBe(1);

    const results = [{ red: 2, referenca: 'R-1', jmbg: '1', status: 'greska', code: null, noviPacijent: false, poruka: 'Matični broj nije validan.' }];
    const file = await t.app.inject({ method: 'POST', url: '/api/import/rezultat', payload: { results }, headers: { authorization: `Bearer ${tech.token}` } });
    expect(file.statusCode, file.body).toBe(200);
    const read = new ExcelJS.Workbook();
    await read.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    expect(read.worksheets[0]?.getRow(2).getCell(7).value).toBe('Matični broj nije validan.');
    expect(read.worksheets[0]?.getRow(2).getCell(4).value).toBe('GREŠKA');
  });
});
