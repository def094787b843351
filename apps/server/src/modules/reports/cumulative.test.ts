import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, calendarDateOf, toIsoDate } from '@lis/domain';
import { accessLog } from '../../db/schema.ts';
import { createTestApp, signIn, type TestApp } from '../../test/harness.ts';
import type { ResultAssay } from '../results/test-fixtures.ts';
import { NOTIFIED, pdfText, reportFixture, reportPatient, verify, type ReportFixture } from './test-fixtures.ts';

// The cumulative report (GET /pacijenti/{id}/kumulativni) read back with pdftotext: one table of the
// patient's verified results of this site, the assays as rows and the sample dates as columns, each value
// with its flag, the reference range and unit in a column; a sample not verified is absent, a corrected value
// is printed as corrected, and the period chooses the columns. Runs on PGlite, and on PostgreSQL with
// TEST_DATABASE_URL.

let t: TestApp;
let f: ReportFixture;

beforeAll(async () => {
  t = await createTestApp();
  f = await reportFixture(t, (email) => signIn(t.app, email));
});
afterAll(async () => { await t.close(); });

const DAY = 86_400_000;
/** Today minus `days` in Sarajevo (the test site's zone), as YYYY-MM-DD. */
const dayAgo = (days: number) => toIsoDate(addDays(calendarDateOf(new Date(), 'Europe/Sarajevo'), -days));
/** dd.mm.yyyy of the same day, as the report prints it. */
const printed = (iso: string) => iso.split('-').reverse().join('.');

/** A sample collected `daysAgo` days ago at noon with these results, approved (verified when `verified`). */
async function sample(patientId: string, daysAgo: number, results: Partial<Record<ResultAssay, string>>, verified = true): Promise<{ _id: string; code: string }> {
  const datum = new Date(Date.now() - daysAgo * DAY);
  const created = await f.calls.createSample(f.specialist, patientId, Object.keys(results) as ResultAssay[], { datum: datum.toISOString() });
  await f.calls.saved(f.specialist, created._id, results);
  await f.calls.moved(f.specialist, 'odobri', { sid: created._id });
  if (verified) await verify(f, created._id);
  return created;
}

async function cumulative(patientId: string, query: string) {
  return f.client.get(f.specialist, `/pacijenti/${patientId}/kumulativni?${query}`);
}

async function cumulativeText(patientId: string, query: string): Promise<string> {
  const response = await cumulative(patientId, query);
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  return pdfText(response.rawPayload);
}

/** The line of the table that starts with the assay's name, spaces squeezed. */
function lineOf(text: string, name: string): string {
  const line = text.split('\n').find((candidate) => candidate.trimStart().startsWith(name));
  expect(line, `${name} in\n${text}`).toBeDefined();
  return (line ?? '').replace(/\s+/g, ' ').trim();
}

describe('the cumulative report', () => {
  let patientId: string;
  let older: { _id: string; code: string };
  let newer: { _id: string; code: string };
  let pending: { _id: string; code: string };
  let outside: { _id: string; code: string };

  beforeAll(async () => {
    patientId = await reportPatient(f, ['Bosanski jezik', 'Engleski jezik']);
    outside = await sample(patientId, 400, { GLU: '4,4' });
    older = await sample(patientId, 40, { GLU: '5,0', K: '6,5', CRP: '3,1' });
    newer = await sample(patientId, 10, { GLU: '2,0', K: '4,0', CRP: '12,4' });
    // Approved but not verified: no report prints it, neither does the cumulative one.
    pending = await sample(patientId, 5, { GLU: '9,9', K: '3,0' }, false);
  });

  it('prints one table of assays × dates: values with their flags, the range and unit in a column, the verified samples only', async () => {
    const text = await cumulativeText(patientId, `od=${dayAgo(60)}&do=${dayAgo(0)}&jezik=bs`);
    expect(text).toContain('KUMULATIVNI NALAZ');
    expect(text).toContain('ČOLIĆ-ŠEHOVIĆ ĐURĐA');
    expect(text).toMatch(new RegExp(`Period\\s+${printed(dayAgo(60))} – ${printed(dayAgo(0))}`));
    expect(text).toContain('Stranica 1 od 1 · KUMULATIVNI NALAZ');
    // Columns oldest first, each headed by its day and sample code.
    const header = text.split('\n').find((line) => line.includes(printed(dayAgo(40))));
    expect(header).toMatch(new RegExp(`${printed(dayAgo(40)).replace(/\./g, '\\.')}\\s+${printed(dayAgo(10)).replace(/\./g, '\\.')}`));
    expect(text.indexOf(older.code)).toBeLessThan(text.indexOf(newer.code));
    // Glucose: normal, then critical low (LL); potassium critical high (HH), then normal; CRP high in the newer sample.
    expect(lineOf(text, 'GLU test')).toBe('GLU test 3,9 – 6,1 (mmol/L) 5,0 2,0 LL');
    expect(lineOf(text, 'K test')).toBe('K test 3,5 – 5,1 (mmol/L) 6,5 HH 4,0');
    expect(lineOf(text, 'CRP test')).toBe('CRP test ≤ 5 (mg/L) 3,1 12,4 H');
    // Grouped by section in report order: 'Prva' (CRP) before 'Druga'.
    expect(text.indexOf('Prva')).toBeLessThan(text.indexOf('CRP test'));
    expect(text.indexOf('CRP test')).toBeLessThan(text.indexOf('Druga'));
    expect(text.indexOf('Druga')).toBeLessThan(text.indexOf('GLU test'));
    // Neither the unverified sample nor the one outside the period.
    expect(text).not.toContain(pending.code);
    expect(text).not.toContain('9,9');
    expect(text).not.toContain(outside.code);
    expect(text).not.toContain('4,4');
  });

  it('prints the language asked for, and the patient\'s first report language without one', async () => {
    const english = await cumulativeText(patientId, `od=${dayAgo(60)}&do=${dayAgo(0)}&jezik=en`);
    expect(english).toContain('CUMULATIVE REPORT');
    expect(lineOf(english, 'Glucose')).toBe('Glucose 3.9 – 6.1 (mmol/L) 5.0 2.0 LL');
    expect(english).toContain('Page 1 of 1');
    const german = await cumulativeText(patientId, `od=${dayAgo(60)}&do=${dayAgo(0)}&jezik=de`);
    expect(german).toContain('KUMULATIVBEFUND');
    expect(lineOf(german, 'Kalium')).toBe('Kalium 3,5 – 5,1 (mmol/L) 6,5 HH 4,0');
    expect(await cumulativeText(patientId, `od=${dayAgo(60)}&do=${dayAgo(0)}`)).toContain('KUMULATIVNI NALAZ');
  });

  it('chooses the columns by the period, both days included', async () => {
    const newerOnly = await cumulativeText(patientId, `od=${dayAgo(10)}&do=${dayAgo(10)}`);
    expect(newerOnly).toContain(newer.code);
    expect(newerOnly).not.toContain(older.code);
    const all = await cumulativeText(patientId, `od=${dayAgo(500)}&do=${dayAgo(0)}`);
    for (const code of [outside.code, older.code, newer.code]) expect(all).toContain(code);
    expect(lineOf(all, 'GLU test')).toBe('GLU test 3,9 – 6,1 (mmol/L) 4,4 5,0 2,0 LL');
    const none = await cumulative(patientId, `od=${dayAgo(300)}&do=${dayAgo(200)}`);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ success: false, code: 'nalazi.cumulativeEmpty' });
  });

  it('prints a corrected value as corrected, and leaves a sample out while it is unlocked', async () => {
    const patient = await reportPatient(f, ['Bosanski jezik']);
    const corrected = await sample(patient, 3, { GLU: '7,2', K: '4,4' });
    const period = `od=${dayAgo(7)}&do=${dayAgo(0)}`;
    expect(lineOf(await cumulativeText(patient, period), 'GLU test')).toBe('GLU test 3,9 – 6,1 (mmol/L) 7,2 H');

    await f.calls.moved(f.specialist, 'verifikuj/undo', { sid: corrected._id, razlog: 'Zamijenjeni uzorci' });
    // Unlocked: its verified values are under correction, so nothing of it is printed.
    expect((await cumulative(patient, period)).statusCode).toBe(404);
    await f.calls.moved(f.specialist, 'odobri/undo', { sid: corrected._id });
    await f.calls.saved(f.specialist, corrected._id, { GLU: '5,5' }, { razlog: 'Zamijenjeni uzorci' });
    await f.calls.moved(f.specialist, 'odobri', { sid: corrected._id });
    await f.calls.moved(f.specialist, 'verifikuj', { sid: corrected._id, obavijesten: NOTIFIED });
    const text = await cumulativeText(patient, period);
    expect(lineOf(text, 'GLU test')).toBe('GLU test 3,9 – 6,1 (mmol/L) 5,5');
    expect(text).not.toContain('7,2');
  });

  it('splits many dates over column blocks, each with its own header, and numbers the pages', async () => {
    const patient = await reportPatient(f, ['Bosanski jezik']);
    const codes: string[] = [];
    for (let index = 0; index < 10; index += 1) codes.push((await sample(patient, 30 - index, { GLU: `5,${index}` }))._id);
    const text = await cumulativeText(patient, `od=${dayAgo(40)}&do=${dayAgo(0)}`);
    // Eight dates fit beside the name and range columns: the ninth and tenth start a second block.
    const rows = text.split('\n').filter((line) => line.trimStart().startsWith('GLU test')).map((line) => line.replace(/\s+/g, ' ').trim());
    expect(rows).toEqual([
      'GLU test 3,9 – 6,1 (mmol/L) 5,0 5,1 5,2 5,3 5,4 5,5 5,6 5,7',
      'GLU test 3,9 – 6,1 (mmol/L) 5,8 5,9',
    ]);
    expect(text.match(/Pretraga/g)).toHaveLength(2);
    expect(text).toMatch(/Stranica 1 od \d/);
  });

  it('logs the view in the access log', async () => {
    const before = await t.database.db.select({ id: accessLog.id }).from(accessLog)
      .where(and(eq(accessLog.entityId, patientId), eq(accessLog.userId, f.specialist.userId)));
    await cumulativeText(patientId, `od=${dayAgo(60)}&do=${dayAgo(0)}`);
    const after = await t.database.db.select({ id: accessLog.id }).from(accessLog)
      .where(and(eq(accessLog.entityId, patientId), eq(accessLog.userId, f.specialist.userId)));
    expect(after).toHaveLength(before.length + 1);
  });

  it('refuses bad input with a 400 naming the field, and an unknown patient with a 404', async () => {
    const refused = async (query: string, field: string) => {
      const response = await cumulative(patientId, query);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ success: false, field });
    };
    await refused(`od=${dayAgo(0)}&do=${dayAgo(10)}`, 'od');
    await refused(`od=2026-02-30&do=${dayAgo(0)}`, 'od');
    await refused(`od=${dayAgo(10)}&do=sutra`, 'do');
    await refused(`do=${dayAgo(0)}`, 'od');
    await refused(`od=${dayAgo(10)}&do=${dayAgo(0)}&jezik=fr`, 'jezik');
    expect((await cumulative(patientId, `od=${dayAgo(0)}&do=${dayAgo(10)}`)).json()).toMatchObject({ code: 'dateRange.invalid' });
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nije-uuid']) {
      const response = await f.client.get(f.specialist, `/pacijenti/${id}/kumulativni?od=${dayAgo(10)}&do=${dayAgo(0)}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'notFound' });
    }
  });
});
