import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { calendarDateOf, toIsoDate, type ReportAnswer } from '@lis/domain';
import type { SignedIn, TestApp } from '../../test/harness.ts';
import { pdfText } from '../../test/pdf-text.ts';
import { expectEveryRouteCovered, openCrossSiteApp, type RouteKey } from '../../test/site-scoping.ts';
import { daysAgo, jmbgFor, registerPatient, type Api, type FixtureCatalogue } from '../samples/test-fixtures.ts';
import { reportRoutes } from './routes.ts';

// Reports count the caller's site only: a sample registered today at TZ is in no report, export or
// figure asked from SA (the protocol book of today lists SA's samples only), and in TZ's own.

let t: TestApp;
let client: Api;
let tech: SignedIn;
let admin: SignedIn;
let tuzla: string;
let cat: FixtureCatalogue;
let tuzlaCode: string;
let today: string;

beforeAll(async () => {
  ({ t, client, tech, admin, tuzla, cat } = await openCrossSiteApp());
  const patientId = (await registerPatient(client, admin, jmbgFor(daysAgo(40 * 365), 'MUŠKI')))._id;
  const response = await client.post(admin, '/uzorci/save', { pid: patientId, testovi: [cat.ids.GLU] }, tuzla);
  expect(response.statusCode, response.body).toBe(201);
  tuzlaCode = response.json<{ uzorak: { code: string } }>().uzorak.code;
  today = toIsoDate(calendarDateOf(new Date(), 'Europe/Sarajevo'));
});
afterAll(async () => { await t.close(); });

const todayRange = () => `dateRangeMin=${today}&dateRangeMax=${today}`;

const crossSiteCases: Record<RouteKey, () => Promise<void>> = {
  'GET /api/izvjestaji/:report': async () => {
    const codes = async (user: SignedIn, site?: string) => (await client.get(user, `/izvjestaji/protokol?${todayRange()}`, site))
      .json<ReportAnswer>().rows.map((row) => row.code);
    expect(await codes(tech)).not.toContain(tuzlaCode);
    expect(await codes(admin, tuzla)).toContain(tuzlaCode);
  },
  'GET /api/izvjestaji/:report/pdf': async () => {
    const text = async (user: SignedIn, site?: string) => {
      const response = await client.get(user, `/izvjestaji/protokol/pdf?${todayRange()}`, site);
      expect(response.statusCode).toBe(200);
      return pdfText(response.rawPayload);
    };
    expect(await text(tech)).not.toContain(tuzlaCode);
    expect(await text(admin, tuzla)).toContain(tuzlaCode);
  },
  'GET /api/izvjestaji/:report/xlsx': async () => {
    const cells = async (user: SignedIn, site?: string) => {
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load((await client.get(user, `/izvjestaji/protokol/xlsx?${todayRange()}`, site)).rawPayload as unknown as ArrayBuffer);
      const values: unknown[] = [];
      workbook.worksheets[0]!.eachRow((row) => values.push(...(row.values as unknown[])));
      return values;
    };
    expect(await cells(tech)).not.toContain(tuzlaCode);
    expect(await cells(admin, tuzla)).toContain(tuzlaCode);
  },
};

describe('izvjestaji: a sample of site TZ with a session on site SA', () => {
  it('has a case for every route of the module', async () => {
    await expectEveryRouteCovered(reportRoutes, crossSiteCases);
  });

  it.each(Object.entries(crossSiteCases))('%s', async (_route, check) => {
    await check();
  });
});
