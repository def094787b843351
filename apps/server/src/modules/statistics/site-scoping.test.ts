import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarDateOf, toIsoDate, type DashboardKeyAnswer, type LabStatisticsAnswer, type StatisticsSettingsAnswer, type WallDisplayAnswer } from '@lis/domain';
import type { SignedIn, TestApp } from '../../test/harness.ts';
import { expectEveryRouteCovered, openCrossSiteApp, type RouteKey } from '../../test/site-scoping.ts';
import { daysAgo, jmbgFor, registerPatient, type Api, type FixtureCatalogue } from '../samples/test-fixtures.ts';
import { statisticsRoutes } from './routes.ts';

// The statistics count the caller's site only: a sample registered today at TZ with a test of the fixture
// section is in TZ's figures and not in SA's; a target or a wall display key set for TZ is not SA's, and
// TZ's key opens TZ's display.

let t: TestApp;
let client: Api;
let tech: SignedIn;
let admin: SignedIn;
let sarajevo: string;
let tuzla: string;
let cat: FixtureCatalogue;
let today: string;

beforeAll(async () => {
  ({ t, client, tech, admin, sarajevo, tuzla, cat } = await openCrossSiteApp());
  const patientId = (await registerPatient(client, admin, jmbgFor(daysAgo(40 * 365), 'MUŠKI')))._id;
  const response = await client.post(admin, '/uzorci/save', { pid: patientId, testovi: [cat.ids.GLU] }, tuzla);
  expect(response.statusCode, response.body).toBe(201);
  today = toIsoDate(calendarDateOf(new Date(), 'Europe/Sarajevo'));
});
afterAll(async () => { await t.close(); });

const sections = async (user: SignedIn, site?: string) => (await client.get(user, `/statistika?od=${today}&do=${today}`, site))
  .json<LabStatisticsAnswer>().statistika.po_sekciji.map((row) => row.sekcija);
const settingsOf = async (user: SignedIn, site?: string) => (await client.get(user, '/statistika/postavke', site)).json<StatisticsSettingsAnswer>();

const crossSiteCases: Record<RouteKey, () => Promise<void>> = {
  'GET /api/statistika': async () => {
    expect(await sections(tech)).not.toContain(cat.sectionId);
    expect(await sections(admin, tuzla)).toContain(cat.sectionId);
  },
  'POST /api/statistika/ciljevi': async () => {
    const saved = await client.post(admin, '/statistika/ciljevi', { sekcija: cat.sectionId, minuta: 45 }, tuzla);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await settingsOf(admin, sarajevo)).tatCiljevi).not.toHaveProperty(cat.sectionId);
  },
  'GET /api/statistika/postavke': async () => {
    await client.post(admin, '/statistika/ciljevi', { sekcija: cat.sectionId, minuta: 50 }, tuzla);
    expect((await settingsOf(tech)).tatCiljevi).not.toHaveProperty(cat.sectionId);
    expect((await settingsOf(admin, tuzla)).tatCiljevi[cat.sectionId]).toBe(50);
  },
  'POST /api/statistika/dashboard': async () => {
    const issued = await client.post(admin, '/statistika/dashboard', { ukljuci: true }, tuzla);
    expect(issued.statusCode, issued.body).toBe(200);
    expect((await settingsOf(tech)).dashboard).toBe(false);
    expect((await settingsOf(admin, tuzla)).dashboard).toBe(true);
  },
  'GET /api/dashboard': async () => {
    const key = (await client.post(admin, '/statistika/dashboard', { ukljuci: true }, tuzla)).json<DashboardKeyAnswer>().kljuc!;
    const shown = (await t.app.inject({ method: 'GET', url: `/api/dashboard?kljuc=${encodeURIComponent(key)}` })).json<WallDisplayAnswer>().prikaz;
    expect(shown.sajt).toMatch(/Tuzla/);
    expect(shown.uzorci).toBeGreaterThanOrEqual(1);
  },
};

describe('statistics: a sample of site TZ with a session on site SA', () => {
  it('has a case for every route of the module', async () => {
    await expectEveryRouteCovered(statisticsRoutes, crossSiteCases);
  });

  it.each(Object.entries(crossSiteCases))('%s', async (_route, check) => {
    await check();
  });
});
