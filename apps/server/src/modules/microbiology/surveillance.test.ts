import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CultureTest, CulturesAnswer, CumulativeAnswer, SampleSavedAnswer } from '@lis/domain';
import { loadConfig } from '../../config.ts';
import { auditLog, labAssays, labSecrets } from '../../db/schema.ts';
import { createTestApp, signIn, type SignedIn, type TestApp } from '../../test/harness.ts';
import { api, jmbgFor, registerPatient, type Api } from '../samples/test-fixtures.ts';
import { importReferenceData } from './reference-import.ts';
import { pseudonym, PSEUDONYM_SECRET } from './surveillance-service.ts';

// Surveillance on the demo catalogue's Urinokultura (UKUL) with the shared EUCAST 2025 reference data. The
// cultures (dates in Europe/Sarajevo, the demo site's zone):
//   A  Amra,  3 Mar 2025, Urin         E. coli         AMP 16 (R), CIP 0,25 (S)   verified: her first E. coli in March
//   B  Amra, 20 Mar 2025, Urin         E. coli         AMP 2 (S),  CIP 1 (R)      verified: not first (same patient, same species)
//   C  Amra, 21 Mar 2025, Urin         K. pneumoniae   CIP 0,25 (S)               verified: first of another species
//   D  Bojan,10 Mar 2025, Hemokultura  E. coli         AMP 4 (S),  CIP 0,25 (S)   verified
//   E  Cana, 12 Mar 2025, Urin         E. coli         AMP 16 (R), CIP 0,25 (S)   approved only: not counted
//   F  Amra,  2 Apr 2025, Urin         E. coli         AMP 2 (S)                  verified: first again in April
// So March: E. coli 2 first isolates (AMP 1 S of 2 = 50 %, CIP 2 of 2 = 100 %), K. pneumoniae 1 (CIP 100 %).

let t: TestApp;
let client: Api;
let tech: SignedIn;
let specialist: SignedIn;
let viewer: SignedIn;
let ukul: string;
const patients: Record<'amra' | 'bojan' | 'cana', { _id: string; jmbg: string }> = {} as never;

const MARCH = 'dateRangeMin=2025-03-01&dateRangeMax=2025-03-31';
const APRIL = 'dateRangeMin=2025-04-01&dateRangeMax=2025-04-30';

type Row = { antibiotik: string; metoda: 'MIC' | 'DISK'; vrijednost: string };

async function verifiedCulture(
  patient: { _id: string }, datum: string, materijal: string, organizam: string, antibiogram: Row[], expected: Record<string, string>,
  verify = true,
): Promise<string> {
  const saved = await client.post(tech, '/uzorci/save', { pid: patient._id, testovi: [ukul], datum });
  expect(saved.statusCode, saved.body).toBe(201);
  const sid = saved.json<SampleSavedAnswer>().uzorak._id;
  const shown = (await client.get(tech, `/mikrobiologija/kulture/${sid}`)).json<CulturesAnswer>();
  const culture = await client.post(tech, '/mikrobiologija/kulture/save', {
    sid, version: shown.uzorak.version, test: shown.testovi[0]!._id, materijal, uti: materijal === 'Urin', rast: true,
    izolati: [{ organizam, kolicina: 5, antibiogram }],
  });
  expect(culture.statusCode, culture.body).toBe(200);
  // The categories the table below counts are the ones the breakpoints gave.
  const kultura = culture.json<{ kultura: NonNullable<CultureTest['kultura']> }>().kultura;
  expect(Object.fromEntries(kultura.izolati[0]!.antibiogram.map((row) => [row.antibiotik.ab, row.konacno]))).toEqual(expected);
  expect((await client.post(tech, '/rezultati/odobri', { sid })).statusCode).toBe(200);
  if (verify) expect((await client.post(specialist, '/rezultati/verifikuj', { sid })).statusCode).toBe(200);
  return sid;
}

beforeAll(async () => {
  t = await createTestApp();
  client = api(t);
  await importReferenceData(t.database.db, loadConfig().microReferenceDir!);
  [tech, specialist, viewer] = await Promise.all(['tehnicar@demo.lab', 'specijalista@demo.lab', 'pregled@demo.lab'].map((email) => signIn(t.app, email))) as
    [SignedIn, SignedIn, SignedIn];
  const [assay] = await t.database.db.select({ id: labAssays.id }).from(labAssays).where(eq(labAssays.sifra, 'UKUL'));
  ukul = assay!.id;
  patients.amra = await registerPatient(client, tech, jmbgFor({ year: 1990, month: 6, day: 15 }, 'ŽENSKI'), { ime: 'Amra', prezime: 'Nadzorić', spol: 'ŽENSKI' });
  patients.bojan = await registerPatient(client, tech, jmbgFor({ year: 1950, month: 1, day: 2 }, 'MUŠKI'), { ime: 'Bojan', prezime: 'Nadzorić' });
  patients.cana = await registerPatient(client, tech, jmbgFor({ year: 2000, month: 2, day: 3 }, 'ŽENSKI'), { ime: 'Cana', prezime: 'Nadzorić', spol: 'ŽENSKI' });
  const eco = 'B_ESCHR_COLI';
  await verifiedCulture(patients.amra, '2025-03-03T08:00:00+01:00', 'Urin', eco,
    [{ antibiotik: 'AMP', metoda: 'MIC', vrijednost: '16' }, { antibiotik: 'CIP', metoda: 'MIC', vrijednost: '0,25' }], { AMP: 'R', CIP: 'S' });
  await verifiedCulture(patients.amra, '2025-03-20T08:00:00+01:00', 'Urin', eco,
    [{ antibiotik: 'AMP', metoda: 'MIC', vrijednost: '2' }, { antibiotik: 'CIP', metoda: 'MIC', vrijednost: '1' }], { AMP: 'S', CIP: 'R' });
  await verifiedCulture(patients.amra, '2025-03-21T08:00:00+01:00', 'Urin', 'B_KLBSL_PNMN',
    [{ antibiotik: 'CIP', metoda: 'MIC', vrijednost: '0,25' }], { CIP: 'S' });
  await verifiedCulture(patients.bojan, '2025-03-10T08:00:00+01:00', 'Hemokultura', eco,
    [{ antibiotik: 'AMP', metoda: 'MIC', vrijednost: '4' }, { antibiotik: 'CIP', metoda: 'MIC', vrijednost: '0,25' }], { AMP: 'S', CIP: 'S' });
  await verifiedCulture(patients.cana, '2025-03-12T08:00:00+01:00', 'Urin', eco,
    [{ antibiotik: 'AMP', metoda: 'MIC', vrijednost: '16' }, { antibiotik: 'CIP', metoda: 'MIC', vrijednost: '0,25' }], { AMP: 'R', CIP: 'S' }, false);
  await verifiedCulture(patients.amra, '2025-04-02T08:00:00+02:00', 'Urin', eco,
    [{ antibiotik: 'AMP', metoda: 'MIC', vrijednost: '2' }], { AMP: 'S' });
  // May: a disk diffusion (EUCAST's ampicillin disk for Enterobacterales holds 10 µg).
  await verifiedCulture(patients.cana, '2025-05-06T08:00:00+02:00', 'Urin', eco,
    [{ antibiotik: 'AMP', metoda: 'DISK', vrijednost: '20' }], { AMP: 'S' });
}, 180_000);
afterAll(async () => { await t?.close(); });

async function cumulative(query: string, user = tech): Promise<CumulativeAnswer> {
  const response = await client.get(user, `/mikrobiologija/kumulativni-antibiogram?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CumulativeAnswer>();
}

const cellsOf = (answer: CumulativeAnswer, mo: string) => Object.fromEntries(
  answer.redovi.find((row) => row.organizam.mo === mo)!.celije.map((cell) => [cell.ab, cell]),
);

describe('cumulative antibiogram', () => {
  it('counts the first isolate of each species per patient, verified samples only', async () => {
    const march = await cumulative(MARCH);
    expect(march.svihIzolata).toBe(4);
    expect(march.prvihIzolata).toBe(3);
    expect(march.redovi.map((row) => [row.organizam.naziv, row.izolata, row.nepouzdano])).toEqual([
      ['Escherichia coli', 2, true], ['Klebsiella pneumoniae', 1, true],
    ]);
    expect(cellsOf(march, 'B_ESCHR_COLI')).toEqual({
      AMP: { ab: 'AMP', testirano: 2, s: 1, i: 0, r: 1, postoS: 50, postoI: 0, postoR: 50, postoSI: 50 },
      CIP: { ab: 'CIP', testirano: 2, s: 2, i: 0, r: 0, postoS: 100, postoI: 0, postoR: 0, postoSI: 100 },
    });
    expect(cellsOf(march, 'B_KLBSL_PNMN')).toEqual({ CIP: expect.objectContaining({ testirano: 1, s: 1, postoS: 100 }) as unknown });
    expect(march.antibiotici.map((agent) => agent.ab)).toEqual(['AMP', 'CIP']);
    expect(march.materijali).toEqual(['Hemokultura', 'Urin']);
    expect(march.minIzolata).toBe(30);
  });

  it('counts the same patient again in the next period', async () => {
    const april = await cumulative(APRIL);
    expect(april.redovi.map((row) => [row.organizam.mo, row.izolata])).toEqual([['B_ESCHR_COLI', 1]]);
    expect(cellsOf(april, 'B_ESCHR_COLI')).toEqual({ AMP: expect.objectContaining({ testirano: 1, s: 1, postoS: 100 }) as unknown });
  });

  it('narrows to one specimen', async () => {
    const blood = await cumulative(`${MARCH}&materijal=Hemokultura`);
    expect(blood.materijal).toBe('Hemokultura');
    expect(blood.svihIzolata).toBe(1);
    expect(blood.redovi.map((row) => [row.organizam.mo, row.izolata])).toEqual([['B_ESCHR_COLI', 1]]);
    // The filter's choices stay every specimen of the period.
    expect(blood.materijali).toEqual(['Hemokultura', 'Urin']);
  });

  it('is read by a viewer', async () => {
    expect((await cumulative(MARCH, viewer)).prvihIzolata).toBe(3);
  });

  it('refuses a missing or reversed period, naming the field', async () => {
    const missing = await client.get(tech, '/mikrobiologija/kumulativni-antibiogram?dateRangeMin=2025-03-01');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ field: 'dateRangeMax' });
    const reversed = await client.get(tech, '/mikrobiologija/kumulativni-antibiogram?dateRangeMin=2025-03-31&dateRangeMax=2025-03-01');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toMatchObject({ field: 'dateRangeMax' });
  });

  it('downloads as XLSX with %S, %I, %R and n per agent', async () => {
    const response = await client.get(tech, `/mikrobiologija/kumulativni-antibiogram/xlsx?${MARCH}&jezik=en`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const rows: unknown[][] = [];
    sheet.eachRow((row) => { rows.push((row.values as unknown[]).slice(1)); });
    const header = rows.find((row) => row[0] === 'Organism')!;
    expect(header.slice(3, 9)).toEqual(['Ampicillin', 'Ampicillin', 'Ampicillin', 'Ampicillin', 'Ciprofloxacin', 'Ciprofloxacin']);
    const eco = rows.find((row) => row[0] === 'Escherichia coli')!;
    expect(eco.slice(0, 11)).toEqual(['Escherichia coli', 2, 'statistically unreliable', 50, 0, 50, 2, 100, 0, 0, 2]);
    const kpn = rows.find((row) => row[0] === 'Klebsiella pneumoniae')!;
    expect(kpn.slice(7, 11)).toEqual([100, 0, 0, 1]);
    expect(kpn[3] ?? null).toBeNull();
  });
});

function parseTsv(text: string): Record<string, string>[] {
  const [header, ...lines] = text.split('\r\n').filter((line) => line !== '');
  const columns = header!.split('\t');
  return lines.map((line) => Object.fromEntries(line.split('\t').map((value, index) => [columns[index]!, value])));
}

describe('WHONET export', () => {
  it('writes one row per verified isolate with WHONET field names, a pseudonymous patient id and an audit row', async () => {
    const response = await client.post(specialist, '/mikrobiologija/whonet', {
      dateRangeMin: '2025-03-01', dateRangeMax: '2025-03-31', zemlja: 'bih', laboratorija: 'sa1',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('text/tab-separated-values');
    expect(response.headers['content-disposition']).toContain('whonet-2025-03-01-2025-03-31.txt');
    const text = response.body;
    const header = text.split('\r\n')[0]!.split('\t');
    expect(header).toEqual(['COUNTRY_A', 'LABORATORY', 'PATIENT_ID', 'SEX', 'AGE', 'SPEC_NUM', 'SPEC_DATE', 'SPEC_TYPE', 'SPEC_CODE', 'ISOL_NUM',
      'ORGANISM', 'AMP_EM', 'CIP_EM']);
    const rows = parseTsv(text);
    expect(rows.map((row) => [row.SPEC_DATE, row.ORGANISM, row.SPEC_CODE])).toEqual([
      ['2025-03-03', 'Escherichia coli', 'Urin'],
      ['2025-03-10', 'Escherichia coli', 'Hemokultura'],
      ['2025-03-20', 'Escherichia coli', 'Urin'],
      ['2025-03-21', 'Klebsiella pneumoniae', 'Urin'],
    ]);
    expect(rows[0]).toMatchObject({ COUNTRY_A: 'BIH', LABORATORY: 'SA1', SEX: 'f', AGE: '34', ISOL_NUM: '1', AMP_EM: '16', CIP_EM: '0.25' });
    expect(rows[1]).toMatchObject({ SEX: 'm', AGE: '75', AMP_EM: '4' });
    expect(rows[3]).toMatchObject({ AMP_EM: '', CIP_EM: '0.25' });

    // The same patient has the same pseudonym, another patient another; it is the HMAC of the internal id, never the JMBG or name.
    const [secret] = await t.database.db.select({ secret: labSecrets.secret }).from(labSecrets).where(eq(labSecrets.name, PSEUDONYM_SECRET));
    expect(rows[0]!.PATIENT_ID).toBe(pseudonym(secret!.secret, patients.amra._id));
    expect(rows[2]!.PATIENT_ID).toBe(rows[0]!.PATIENT_ID);
    expect(rows[1]!.PATIENT_ID).toBe(pseudonym(secret!.secret, patients.bojan._id));
    expect(rows[1]!.PATIENT_ID).not.toBe(rows[0]!.PATIENT_ID);
    expect(rows[0]!.PATIENT_ID).toMatch(/^[0-9a-f]{16}$/);
    for (const forbidden of [patients.amra.jmbg, patients.bojan.jmbg, 'Amra', 'Nadzorić', patients.amra._id]) expect(text).not.toContain(forbidden);

    const audit = await t.database.db.select().from(auditLog)
      .where(and(eq(auditLog.action, 'micro.whonetExport'), eq(auditLog.entityId, specialist.site)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ entity: 'micro_export', userId: expect.any(String) as unknown });
    expect(audit[0]!.newValue).toMatchObject({ izolata: 4, pacijenata: 2, zemlja: 'BIH', laboratorija: 'SA1', materijal: null });
  });

  it('names a disk column with the disk content of the breakpoint row that interpreted it', async () => {
    const response = await client.post(specialist, '/mikrobiologija/whonet', {
      dateRangeMin: '2025-05-01', dateRangeMax: '2025-05-31', zemlja: 'BIH', laboratorija: 'SA1',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body.split('\r\n')[0]!.split('\t').slice(-1)).toEqual(['AMP_ED10']);
    expect(parseTsv(response.body)).toMatchObject([{ ORGANISM: 'Escherichia coli', AMP_ED10: '20' }]);
  });

  it('keeps the pseudonym from one export to the next', async () => {
    const body = { dateRangeMin: '2025-04-01', dateRangeMax: '2025-04-30', zemlja: 'BIH', laboratorija: 'SA1' };
    const april = parseTsv((await client.post(specialist, '/mikrobiologija/whonet', body)).body);
    const [secret] = await t.database.db.select({ secret: labSecrets.secret }).from(labSecrets).where(eq(labSecrets.name, PSEUDONYM_SECRET));
    expect(april.map((row) => row.PATIENT_ID)).toEqual([pseudonym(secret!.secret, patients.amra._id)]);
  });

  it('is refused to a viewer and a technician, and writes no audit row for them', async () => {
    const before = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'micro.whonetExport'));
    const body = { dateRangeMin: '2025-03-01', dateRangeMax: '2025-03-31', zemlja: 'BIH', laboratorija: 'SA1' };
    expect((await client.post(viewer, '/mikrobiologija/whonet', body)).statusCode).toBe(403);
    expect((await client.post(tech, '/mikrobiologija/whonet', body)).statusCode).toBe(403);
    const after = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'micro.whonetExport'));
    expect(after).toHaveLength(before.length);
  });

  it('writes a specimen typed as a formula as text, so a spreadsheet opening the file runs nothing', async () => {
    const typed = '=HYPERLINK("http://x","y")';
    await verifiedCulture(patients.bojan, '2025-06-10T08:00:00+02:00', typed, 'B_ESCHR_COLI', [{ antibiotik: 'AMP', metoda: 'MIC', vrijednost: '4' }], { AMP: 'S' });
    const response = await client.post(specialist, '/mikrobiologija/whonet', {
      dateRangeMin: '2025-06-01', dateRangeMax: '2025-06-30', zemlja: 'BIH', laboratorija: 'SA1',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(parseTsv(response.body)).toMatchObject([{ SPEC_CODE: `'${typed}`, ORGANISM: 'Escherichia coli', AMP_EM: '4' }]);
    expect(response.body).not.toMatch(/(^|\t)=HYPERLINK/m);
  });

  it('refuses a country or laboratory code WHONET cannot take, naming the field', async () => {
    const bad = await client.post(specialist, '/mikrobiologija/whonet', { dateRangeMin: '2025-03-01', dateRangeMax: '2025-03-31', zemlja: 'BA', laboratorija: 'SA1' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'zemlja' });
    const long = await client.post(specialist, '/mikrobiologija/whonet', { dateRangeMin: '2025-03-01', dateRangeMax: '2025-03-31', zemlja: 'BIH', laboratorija: 'SARA' });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ field: 'laboratorija' });
  });
});
