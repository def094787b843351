import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import {
  bosnianSortKey, calendarDateOf, fromMinorUnits, toIsoDate, toMinorUnits, townOfAddress,
  type ReportAnswer, type ReportFlag,
} from '@lis/domain';
import { queryRows } from '../../db/client.ts';
import { pdfText } from '../../test/pdf-text.ts';
import { createTestApp, signIn, siteId, type SignedIn, type TestApp } from '../../test/harness.ts';
import { api, type Api } from '../samples/test-fixtures.ts';
import { roundMinutes } from './service.ts';
import { generateReportData } from './test-fixtures.ts';

// Each report of 'Izvještaji' against a plain reference implementation: the raw rows of the site read back
// without any grouping, and every figure computed again here in TypeScript, on generated data that crosses
// the change to summer time (days are the site's), has both sites, every status and a calculated test's
// components at 0. Then the flags (403), the range (400), and the exports read back (pdftotext, exceljs).

const TIME_ZONE = 'Europe/Sarajevo';
const RANGE_FROM = '2025-03-14';
const RANGE_TO = '2025-04-12';

let t: TestApp;
let client: Api;
let admin: SignedIn;
let tech: SignedIn;
let viewer: SignedIn;
let sa: string;

interface RawSample {
  id: string; patient_id: string; code: string; status: string; lokacija: string; created_at: Date; received_at: Date | null; verified_at: Date | null;
  prezime: string; ime: string; godiste: number | null; adresa: string; p_lokacija: string;
}
interface RawTest {
  sample_id: string; sifra: string; price: string; component_of: string | null; rezultat: string | null;
  a_red: number; sec_red: number; sec_sifra: string; sec_naziv: string;
}
let samples: RawSample[];
let tests: RawTest[];
let towns: string[];

const dayOf = (instant: Date) => toIsoDate(calendarDateOf(instant, TIME_ZONE));
const range = `dateRangeMin=${RANGE_FROM}&dateRangeMax=${RANGE_TO}`;

beforeAll(async () => {
  t = await createTestApp();
  client = api(t);
  admin = await signIn(t.app, 'admin@demo.lab');
  tech = await signIn(t.app, 'tehnicar@demo.lab');
  viewer = await signIn(t.app, 'pregled@demo.lab');
  sa = siteId(admin, 'SA');
  await generateReportData(t.database.db, 700);
  const db = t.database.db;
  // The reference's input: plain rows of SA's samples registered in the range's days, nothing grouped or summed in SQL.
  const all = await queryRows<RawSample>(db, sql`
    select s.id, s.patient_id, s.code, s.status, s.lokacija, s.created_at, s.received_at, s.verified_at,
      p.prezime, p.ime, p.godiste, p.adresa, p.lokacija as p_lokacija
    from samples s join patients p on p.id = s.patient_id where s.site_id = ${sa}`);
  samples = all.map((row) => ({
    ...row, created_at: new Date(row.created_at), received_at: row.received_at && new Date(row.received_at), verified_at: row.verified_at && new Date(row.verified_at),
  })).filter((row) => dayOf(row.created_at) >= RANGE_FROM && dayOf(row.created_at) <= RANGE_TO);
  tests = await queryRows<RawTest>(db, sql`
    select st.sample_id, a.sifra, st.price::text as price, st.component_of, st.rezultat, a.redoslijed as a_red,
      sec.redoslijed as sec_red, sec.sifra as sec_sifra, sec.naziv as sec_naziv
    from sample_tests st join lab_assays a on a.id = st.labassay_id join lab_sections sec on sec.id = a.sekcija_id`);
  const [site] = await queryRows<{ mjesta: string[] }>(db, sql`select mjesta from sites where id = ${sa}`);
  towns = site!.mjesta;
}, 60_000);

afterAll(async () => {
  await t?.close();
});

async function fetchReport(flag: ReportFlag, user: SignedIn = admin, query = range): Promise<ReportAnswer> {
  const response = await client.get(user, `/izvjestaji/${flag}?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ReportAnswer>();
}

const testsOf = (sample: RawSample) => tests.filter((test) => test.sample_id === sample.id);
const count = <T>(items: readonly T[], key: (item: T) => string) => {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
};
const distinct = (items: readonly RawSample[]) => new Set(items.map((sample) => sample.patient_id)).size;

/** PostgreSQL's percentile_cont: linear interpolation between the two nearest ranks. */
function percentileCont(values: readonly number[], fraction: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const position = fraction * (sorted.length - 1);
  const lower = Math.floor(position);
  const upper = Math.ceil(position);
  return sorted[lower]! + (sorted[upper]! - sorted[lower]!) * (position - lower);
}

describe('each report equals its reference implementation', () => {
  it('has generated data on both sides of the change to summer time', () => {
    expect(samples.length).toBeGreaterThan(300);
    expect(samples.some((sample) => dayOf(sample.created_at) === '2025-03-30')).toBe(true);
  });

  it('fpodanu: samples, tests and the exact sum of prices per day, components at 0', async () => {
    const answer = await fetchReport('fpodanu');
    const expected = [...count(samples, (sample) => dayOf(sample.created_at))].sort(([a], [b]) => a.localeCompare(b)).map(([dan, group]) => {
      const groupTests = group.flatMap(testsOf);
      const cents = groupTests.reduce((sum, test) => sum + (test.component_of ? 0 : toMinorUnits(test.price)!), 0);
      return { dan, uzoraka: group.length, testova: groupTests.length, iznos: fromMinorUnits(cents) };
    });
    expect(answer.rows).toEqual(expected);
    const total = expected.reduce((sum, row) => sum + toMinorUnits(row.iznos)!, 0);
    expect(answer.sazetak).toEqual({ uzoraka: samples.length, testova: samples.flatMap(testsOf).length, iznos: fromMinorUnits(total) });
    // Some of the money is from components that were not charged.
    expect(samples.flatMap(testsOf).some((test) => test.component_of !== null && Number(test.price) === 0)).toBe(true);
  });

  it('ppodanu: distinct patients and samples per day, the total counting each patient once', async () => {
    const answer = await fetchReport('ppodanu');
    const expected = [...count(samples, (sample) => dayOf(sample.created_at))].sort(([a], [b]) => a.localeCompare(b))
      .map(([dan, group]) => ({ dan, pacijenata: distinct(group), uzoraka: group.length }));
    expect(answer.rows).toEqual(expected);
    expect(answer.sazetak).toEqual({ pacijenata: distinct(samples), uzoraka: samples.length });
    expect(answer.sazetak.pacijenata).toBeLessThan(expected.reduce((sum, row) => sum + row.pacijenata, 0));
  });

  it('ppomjestu: each patient once in the first of the site\'s towns the address names', async () => {
    const answer = await fetchReport('ppomjestu');
    const byPatient = count(samples, (sample) => sample.patient_id);
    const groups = new Map<string | null, { pacijenata: number; uzoraka: number }>();
    for (const group of byPatient.values()) {
      const town = townOfAddress(group[0]!.adresa, towns);
      const entry = groups.get(town) ?? { pacijenata: 0, uzoraka: 0 };
      groups.set(town, { pacijenata: entry.pacijenata + 1, uzoraka: entry.uzoraka + group.length });
    }
    const expected = [...groups].map(([mjesto, figures]) => ({ mjesto, ...figures }))
      .sort((a, b) => b.pacijenata - a.pacijenata || (a.mjesto === null ? 1 : b.mjesto === null ? -1 : towns.indexOf(a.mjesto) - towns.indexOf(b.mjesto)));
    expect(answer.rows).toEqual(expected);
    expect(expected.map((row) => row.mjesto)).toEqual(expect.arrayContaining(['Sarajevo', 'Ilidža', 'Vogošća', 'Hadžići', null]));
  });

  it('ppolokaciji: the sample\'s referring location, else the patient\'s', async () => {
    const answer = await fetchReport('ppolokaciji');
    const locationOf = (sample: RawSample) => sample.lokacija.trim() || sample.p_lokacija.trim() || '';
    const expected = [...count(samples, locationOf)].map(([lokacija, group]) => ({ lokacija: lokacija || null, pacijenata: distinct(group), uzoraka: group.length }));
    const canonical = (rows: readonly Record<string, unknown>[]) => [...rows].sort((a, b) => String(a.lokacija).localeCompare(String(b.lokacija)));
    expect(canonical(answer.rows)).toEqual(canonical(expected));
    const patients = answer.rows.map((row) => Number(row.pacijenata));
    expect(patients).toEqual([...patients].sort((a, b) => b - a));
    expect(answer.rows.map((row) => row.lokacija)).toEqual(expect.arrayContaining(['Dom zdravlja Čengić Vila', 'Hitna pomoć', null]));
  });

  it('protokol: every sample in order of registration with its tests and status, paged', async () => {
    const ordered = [...samples].sort((a, b) => a.created_at.getTime() - b.created_at.getTime() || a.id.localeCompare(b.id));
    const expected = ordered.map((sample) => ({
      registrovan: sample.created_at.toISOString(), code: sample.code, pacijent: `${sample.prezime} ${sample.ime}`, godiste: sample.godiste,
      testovi: testsOf(sample).map((test) => test.sifra).sort(), status: sample.status,
    }));
    const rows: ReportAnswer['rows'] = [];
    for (let page = 1; ; page += 1) {
      const answer = await fetchReport('protokol', admin, `${range}&per_page=150&page=${page}`);
      expect(answer.pagination.total).toBe(samples.length);
      rows.push(...answer.rows);
      if (answer.rows.length < 150) break;
    }
    expect(rows.map((row) => ({ ...row, testovi: String(row.testovi).split(', ').sort() }))).toEqual(expected);
    expect(rows[0]?.testovi).toBeTypeOf('string');
  });

  it('tatpopacijentu: received (scan, else registration) to verified per patient and sample, median and 90th percentile', async () => {
    const verified = samples.filter((sample) => sample.status === 'VERIFICIRAN' && sample.verified_at !== null);
    const minutesOf = (sample: RawSample) => (sample.verified_at!.getTime() - (sample.received_at ?? sample.created_at).getTime()) / 60_000;
    const ordered = [...verified].sort((a, b) => bosnianSortKey(a.prezime).localeCompare(bosnianSortKey(b.prezime))
      || bosnianSortKey(a.ime).localeCompare(bosnianSortKey(b.ime)) || a.patient_id.localeCompare(b.patient_id)
      || a.created_at.getTime() - b.created_at.getTime());
    const answer = await fetchReport('tatpopacijentu', admin, `${range}&per_page=500`);
    expect(answer.rows).toEqual(ordered.map((sample) => ({
      pacijent: `${sample.prezime} ${sample.ime}`, code: sample.code, zaprimljen: (sample.received_at ?? sample.created_at).toISOString(),
      verificiran: sample.verified_at!.toISOString(), minuta: roundMinutes(minutesOf(sample)),
    })));
    const minutes = verified.map(minutesOf);
    expect(answer.sazetak.uzoraka).toBe(verified.length);
    expect(answer.sazetak.medijan).toBeCloseTo(roundMinutes(percentileCont(minutes, 0.5))!, 5);
    expect(answer.sazetak.p90).toBeCloseTo(roundMinutes(percentileCont(minutes, 0.9))!, 5);
    expect(Number(answer.sazetak.p90)).toBeGreaterThan(Number(answer.sazetak.medijan));
  });

  it('worklists: tests without a result on samples not yet approved, per section and sample', async () => {
    const pending = samples.filter((sample) => ['ZAPRIMLJEN', 'U OBRADI', 'REALIZOVAN'].includes(sample.status))
      .flatMap((sample) => testsOf(sample).filter((test) => (test.rezultat ?? '').trim() === '').map((test) => ({ sample, test })));
    const groups = [...count(pending, (item) => `${item.test.sec_sifra} ${item.sample.id}`).values()].sort((a, b) => {
      const [x, y] = [a[0]!, b[0]!];
      return x.test.sec_red - y.test.sec_red || x.test.sec_sifra.localeCompare(y.test.sec_sifra)
        || x.sample.created_at.getTime() - y.sample.created_at.getTime() || x.sample.id.localeCompare(y.sample.id);
    });
    const answer = await fetchReport('worklists', admin, `${range}&per_page=500`);
    expect(answer.rows.map((row) => ({ ...row, testovi: String(row.testovi).split(', ').sort() }))).toEqual(groups.map((group) => ({
      sekcija: group[0]!.test.sec_naziv, registrovan: group[0]!.sample.created_at.toISOString(), code: group[0]!.sample.code,
      pacijent: `${group[0]!.sample.prezime} ${group[0]!.sample.ime}`, testovi: group.map((item) => item.test.sifra).sort(), testova: group.length,
    })));
    expect(answer.pagination.total).toBe(groups.length);
    expect(answer.sazetak).toEqual({ uzoraka: new Set(pending.map((item) => item.sample.id)).size, testova: pending.length });
  });

  it('counts only the caller\'s site: Tuzla sees its own samples', async () => {
    const tuzla = await client.get(admin, `/izvjestaji/ppodanu?${range}`, siteId(admin, 'TZ'));
    const answer = tuzla.json<ReportAnswer>();
    expect(answer.sazetak.uzoraka).toBeGreaterThan(0);
    expect(Number(answer.sazetak.uzoraka) + samples.length).toBeLessThanOrEqual(700);
  });
});

describe('who may see a report and what range it takes', () => {
  it('refuses a report whose session flag is off with 403, serves those whose flag is on', async () => {
    for (const flag of ['fpodanu', 'ppodanu', 'ppomjestu', 'ppolokaciji', 'tatpopacijentu'] as const) {
      const response = await client.get(tech, `/izvjestaji/${flag}?${range}`);
      expect(response.statusCode, flag).toBe(403);
      expect(response.json<{ code: string }>().code).toBe('izvjestaji.forbidden');
      expect((await client.get(tech, `/izvjestaji/${flag}/pdf?${range}`)).statusCode).toBe(403);
      expect((await client.get(tech, `/izvjestaji/${flag}/xlsx?${range}`)).statusCode).toBe(403);
    }
    expect((await client.get(tech, `/izvjestaji/protokol?${range}`)).statusCode).toBe(200);
    expect((await client.get(tech, `/izvjestaji/worklists?${range}`)).statusCode).toBe(200);
    expect((await client.get(viewer, `/izvjestaji/protokol?${range}`)).statusCode).toBe(403);
  });

  it('answers 400 naming the field for a missing, reversed or too early range and an unknown report', async () => {
    const cases: [string, string][] = [
      ['/izvjestaji/fpodanu', 'dateRangeMin'],
      ['/izvjestaji/fpodanu?dateRangeMin=2025-03-01', 'dateRangeMax'],
      ['/izvjestaji/fpodanu?dateRangeMin=2025-03-10&dateRangeMax=2025-03-01', 'dateRangeMax'],
      ['/izvjestaji/fpodanu?dateRangeMin=2019-08-31&dateRangeMax=2019-09-30', 'dateRangeMin'],
      ['/izvjestaji/fpodanu?dateRangeMin=juče&dateRangeMax=2019-09-30', 'dateRangeMin'],
      [`/izvjestaji/nepostojeci?${range}`, 'report'],
      [`/izvjestaji/protokol?${range}&per_page=100000`, 'per_page'],
    ];
    for (const [url, field] of cases) {
      const response = await client.get(admin, url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json<{ field: string }>().field, url).toBe(field);
    }
  });
});

describe('exports', () => {
  it('prints the PDF with the title, the period, the figures, the rows and every Bosnian letter', async () => {
    const answer = await fetchReport('ppolokaciji');
    const response = await client.get(admin, `/izvjestaji/ppolokaciji/pdf?${range}&jezik=bs`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const text = pdfText(response.rawPayload);
    expect(text).toContain('Pacijenti po lokaciji');
    expect(text).toContain('Period: 14.03.2025 00:00 – 12.04.2025 23:59');
    expect(text).toContain(`Pacijenata: ${answer.sazetak.pacijenata}`);
    expect(text).toContain('Bez lokacije');
    const cengic = answer.rows.find((row) => row.lokacija === 'Dom zdravlja Čengić Vila')!;
    expect(text).toMatch(new RegExp(`Dom zdravlja Čengić Vila\\s+${cengic.pacijenata}\\s+${cengic.uzoraka}`));
    expect(text).toContain('Hitna pomoć');
    // The totals row counts each patient once over the range.
    expect(text).toMatch(new RegExp(`Ukupno\\s+${answer.sazetak.pacijenata}\\s+${answer.sazetak.uzoraka}`));
    expect(text).toMatch(/Stranica 1 od 1/);
  });

  it('prints the money of fpodanu in KM with the decimal comma, in English headings when asked', async () => {
    const answer = await fetchReport('fpodanu');
    const response = await client.get(admin, `/izvjestaji/fpodanu/pdf?${range}&jezik=en`);
    const text = pdfText(response.rawPayload);
    expect(text).toContain('Finances per day');
    const first = answer.rows[0]!;
    const [year, month, day] = String(first.dan).split('-');
    const km = String(first.iznos).replace('.', ',').replace(/\B(?=(\d{3})+(?!\d),)/g, '.');
    expect(text).toMatch(new RegExp(`${day}\\.${month}\\.${year}\\s+${first.uzoraka}\\s+${first.testova}\\s+${km.replace('.', '\\.')}`));
    expect(text).toMatch(/Page 1 of \d+/);
  });

  it('writes the XLSX with headings, the summary and every row, numbers as numbers', async () => {
    const answer = await fetchReport('fpodanu');
    const response = await client.get(admin, `/izvjestaji/fpodanu/xlsx?${range}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('Finansije po danu');
    expect(sheet.getCell('A2').value).toBe('Finansije po danu');
    const values = (row: number) => (sheet.getRow(row).values as unknown[]).slice(1);
    let header = 0;
    sheet.eachRow((row, number) => { if (row.getCell(1).value === 'Dan') header = number; });
    expect(values(header)).toEqual(['Dan', 'Uzoraka', 'Testova', 'Iznos (KM)']);
    expect(sheet.rowCount).toBe(header + answer.rows.length);
    answer.rows.forEach((row, index) => {
      const [year, month, day] = String(row.dan).split('-');
      expect(values(header + 1 + index)).toEqual([`${day}.${month}.${year}`, row.uzoraka, row.testova, Number(row.iznos)]);
    });
    const summary = new Map<unknown, unknown>();
    for (let row = 1; row < header; row += 1) summary.set(sheet.getCell(row, 1).value, sheet.getCell(row, 2).value);
    expect(summary.get('Iznos (KM)')).toBe(Number(answer.sazetak.iznos));
    expect(summary.get('Uzoraka')).toBe(answer.sazetak.uzoraka);
    expect(sheet.getCell(header + 1, 4).numFmt).toBe('#,##0.00');
  });
});
