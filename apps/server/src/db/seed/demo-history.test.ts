import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ControlPoint, type CumulativeAnswer, type HoldsAnswer, type LabStatisticsAnswer, type InventoryAlertsAnswer, type ListAnswer, type OrderListRow, type StatisticsAnswer, DEFAULT_WESTGARD_RULES, LONGEST_RULE,
  addDays, calendarDateOf, judgeRun, toIsoDate,
} from '@lis/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../../config.ts';
import { type Database, openDatabase, queryRows } from '../client.ts';
import { createTestDatabase, buildTestApp, signIn, siteId, type SignedIn } from '../../test/harness.ts';
import { api, type Api } from '../../modules/samples/test-fixtures.ts';
import { levelStatus } from '../../modules/qc/entry.ts';
import { recentPerLevel } from '../../modules/qc/rejudgement.ts';
import { importReferenceData } from '../../modules/microbiology/reference-import.ts';
import { seedDemo } from './index.ts';

// The demo's history (history/index.ts), seeded into a fresh database as the started demo seeds it, read back
// through the screens' own calls: the control runs carry the verdicts the rules give, the two planned rejections
// have their corrective actions (nothing stays held), the refrigerator's week has its acknowledged alarm, and the
// inventory has stock to warn about and an order in each state. The tests' own image (seedDemo without history)
// and a demo with SEED_DEMO=false hold none of it.

let database: Database;
let app: FastifyInstance;
let client: Api;
let specialist: SignedIn;
let sarajevo: string;

beforeAll(async () => {
  database = await openDatabase({});
  // As the started demo does: the microbiology reference data first, the cultures are interpreted against it.
  await importReferenceData(database.db, loadConfig().microReferenceDir!);
  const started = Date.now();
  await seedDemo(database.db, { history: true });
  console.info(`demo seed with history: ${Date.now() - started} ms`);
  app = await buildTestApp(database);
  client = api({ app, database, realtime: undefined as never, close: () => Promise.resolve() });
  specialist = await signIn(app, 'specijalista@demo.lab');
  sarajevo = siteId(specialist, 'SA');
});
afterAll(async () => {
  await app.close();
  await database.close();
});

interface ResultRow { _id: string; serija: string; naziv: string; lot: string; nivo: number; z: number; status: string; pravila: string[]; komentar: string; izmjereno: string }

/** Every control result of the site, page by page as the list screen reads them. */
async function controlResults(): Promise<ResultRow[]> {
  const rows: ResultRow[] = [];
  for (let page = 1; ; page += 1) {
    const response = await client.get(specialist, `/kontrole/obrada/rezultati?datum=SVE&per_page=1000&page=${page}`, sarajevo);
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<ListAnswer<ResultRow>>();
    rows.push(...answer.data);
    if (answer.data.length < 1000) return rows;
  }
}

describe('quality control history', () => {
  it('lists two months of runs on two lots with a 1-3s and a 2-2s rejection, each corrected, and holds nothing', async () => {
    const rows = await controlResults();
    expect(new Set(rows.map((row) => row.lot))).toEqual(new Set(['26450', 'MS-24117']));
    const days = new Set(rows.map((row) => row.izmjereno.slice(0, 10)));
    expect(days.size).toBeGreaterThanOrEqual(59);
    const rejected = rows.filter((row) => row.status === 'odbijen');
    expect(rejected.filter((row) => row.pravila.includes('1-3s')).map((row) => row.naziv)).toEqual(['Glukoza']);
    expect(new Set(rejected.filter((row) => row.pravila.includes('2-2s')).map((row) => row.naziv))).toEqual(new Set(['Kalij']));
    // Each rejected run has its corrective action, shown with the rejected result: no assay is held.
    const actions = await queryRows<{ serija: string; opis: string }>(database.db, sql`select serija, opis from qc_corrective_actions`);
    expect(new Set(actions.map((action) => action.serija))).toEqual(new Set(rejected.map((row) => row.serija)));
    for (const row of rejected) expect(row.komentar).toContain(actions.find((action) => action.serija === row.serija)!.opis);
    const holds = await client.get(specialist, '/kontrole/blokade', sarajevo);
    expect(holds.statusCode, holds.body).toBe(200);
    expect(holds.json<HoldsAnswer>().blokade).toEqual([]);
  });

  it('stores for each level the verdict the Westgard rules give its run against the lot history', async () => {
    const rows = (await controlResults()).sort((a, b) => a.izmjereno.localeCompare(b.izmjereno) || a.nivo - b.nivo);
    const series = new Map<string, ResultRow[]>();
    for (const row of rows) series.set(`${row.lot}:${row.naziv}`, [...(series.get(`${row.lot}:${row.naziv}`) ?? []), row]);
    expect(series.size).toBe(12);
    let judged = 0;
    for (const results of series.values()) {
      const history: ControlPoint[] = [];
      for (const serija of new Set(results.map((row) => row.serija))) {
        const run = results.filter((row) => row.serija === serija);
        const current = run.map((row) => ({ run: serija, level: row.nivo, z: row.z }));
        const judgement = judgeRun(recentPerLevel(history, LONGEST_RULE), current, DEFAULT_WESTGARD_RULES);
        for (const row of run) expect({ status: row.status, pravila: row.pravila }).toEqual(levelStatus(row.nivo, judgement.violations));
        history.push(...current);
        judged += run.length;
      }
    }
    expect(judged).toBe(rows.length);
  });
});

describe('refrigerator history', () => {
  it('has a week of one-minute readings per refrigerator and one range alarm, ended and acknowledged with a note', async () => {
    const today = calendarDateOf(new Date(), 'Europe/Sarajevo');
    const response = await client.get(specialist, `/loger/statistika?od=${toIsoDate(addDays(today, -7))}&do=${toIsoDate(today)}`, sarajevo);
    expect(response.statusCode, response.body).toBe(200);
    const fridges = response.json<StatisticsAnswer>().frizideri;
    expect(fridges).toHaveLength(2);
    for (const fridge of fridges) expect(fridge.dani.reduce((sum, day) => sum + day.n, 0)).toBe(7 * 24 * 60);
    const alarms = fridges.flatMap((fridge) => fridge.alarmi);
    expect(alarms).toHaveLength(1);
    expect(alarms[0]).toMatchObject({ vrsta: 'opseg', potvrdio: 'Tarik Tehničar' });
    expect(alarms[0]!.zavrsen).not.toBeNull();
    expect(alarms[0]!.napomena).toMatch(/Vrata/);
    const outOfRange = fridges.flatMap((fridge) => fridge.dani).reduce((sum, day) => sum + day.van_opsega_min, 0);
    expect(outOfRange).toBeGreaterThan(15);
  });
});

describe('inventory history', () => {
  it('warns of stock below its level and lots near expiry, and has an order in each state', async () => {
    const alerts = (await client.get(specialist, '/inventar/upozorenja', sarajevo)).json<InventoryAlertsAnswer>().upozorenja;
    expect(alerts.filter((alert) => alert.vrsta === 'nisko').length).toBeGreaterThanOrEqual(3);
    expect(alerts.filter((alert) => alert.vrsta === 'rok').length).toBeGreaterThanOrEqual(2);
    const orders = (await client.get(specialist, '/inventar/narudzbe/list?per_page=0', sarajevo)).json<ListAnswer<OrderListRow>>().data;
    expect(new Set(orders.map((order) => order.status))).toEqual(new Set(['nacrt', 'poslana', 'djelimicno', 'primljena', 'otkazana']));
  });
});

describe('microbiology history', () => {
  it('gives a cumulative antibiogram over the last year with organisms above 30 first isolates, categories as the breakpoints give them', async () => {
    const today = calendarDateOf(new Date(), 'Europe/Sarajevo');
    const response = await client.get(specialist, `/mikrobiologija/kumulativni-antibiogram?dateRangeMin=${toIsoDate(addDays(today, -365))}&dateRangeMax=${toIsoDate(today)}`, sarajevo);
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<CumulativeAnswer>();
    expect(answer.prvihIzolata).toBeGreaterThanOrEqual(250);
    const reliable = answer.redovi.filter((row) => row.izolata >= 30);
    expect(reliable.map((row) => row.organizam.mo)).toEqual(expect.arrayContaining(['B_ESCHR_COLI', 'B_KLBSL_PNMN', 'B_STPHY_AURS']));
    expect(reliable.every((row) => !row.nepouzdano)).toBe(true);
    expect(answer.materijali).toEqual(['Bris rane', 'Urin']);
    // E. coli in urine: ampicillin resistance around half, meropenem fully susceptible, as drawn and interpreted.
    const coli = answer.redovi.find((row) => row.organizam.mo === 'B_ESCHR_COLI')!;
    const cell = (ab: string) => coli.celije.find((candidate) => candidate.ab === ab)!;
    expect(cell('AMP').postoR).toBeGreaterThan(35);
    expect(cell('AMP').postoR).toBeLessThan(75);
    expect(cell('MEM').postoS).toBe(100);
    // Every stored category is the one the breakpoint row it names gives the stored MIC.
    const rows = await queryRows<{ vrijednost: string; tumacenje: string; s: number; r: number }>(database.db, sql`
      select vrijednost, tumacenje, (breakpoint->>'s')::float8 as s, (breakpoint->>'r')::float8 as r
      from isolate_susceptibilities where osnova = 'breakpoint'`);
    expect(rows.length).toBeGreaterThan(1000);
    for (const row of rows) {
      const mic = Number(row.vrijednost.replace(',', '.'));
      expect(row.tumacenje).toBe(mic <= Number(row.s) ? 'S' : mic > Number(row.r) ? 'R' : 'I');
    }
  });
});

describe('samples history', () => {
  it('gives the statistics three weeks of samples in every status, verified ones with their times, results judged with flags', async () => {
    const today = calendarDateOf(new Date(), 'Europe/Sarajevo');
    const response = await client.get(specialist, `/statistika?od=${toIsoDate(addDays(today, -21))}&do=${toIsoDate(addDays(today, -1))}`, sarajevo);
    expect(response.statusCode, response.body).toBe(200);
    const statistics = response.json<LabStatisticsAnswer>().statistika;
    expect(statistics.po_danu.filter((day) => day.uzorci > 0).length).toBeGreaterThanOrEqual(15);
    expect(statistics.ukupno.uzorci).toBeGreaterThan(200);
    expect(new Set(statistics.po_statusu.filter((row) => row.uzorci > 0).map((row) => row.status)))
      .toEqual(new Set(['U OBRADI', 'REALIZOVAN', 'ODOBREN', 'VERIFICIRAN']));
    expect(statistics.po_sekciji.filter((row) => row.uzorci > 0).map((row) => row.naziv))
      .toEqual(expect.arrayContaining(['Biohemija', 'Hematologija', 'Imunologija/Serologija', 'Mikrobiologija']));
    // Each stored result (older than the hand-made demo samples) carries the flag the reference copied beside it gives.
    const results = await queryRows<{ rezultat: string; flag: string | null; low: string | null; high: string | null }>(database.db, sql`
      select t.rezultat, t.flag, t.referenca->>'low' as low, t.referenca->>'high' as high from sample_tests t
      join samples s on s.id = t.sample_id where s.created_at < now() - interval '8 days' and t.rezultat ~ '^[0-9.]+$'`);
    expect(results.length).toBeGreaterThan(500);
    expect(results.every((row) => row.flag !== null)).toBe(true);
    expect(results.some((row) => row.flag === 'H')).toBe(true);
    for (const row of results.filter((candidate) => candidate.low !== null && candidate.high !== null && (candidate.flag === 'N'))) {
      expect(Number(row.rezultat)).toBeGreaterThanOrEqual(Number(row.low));
      expect(Number(row.rezultat)).toBeLessThanOrEqual(Number(row.high));
    }
  });
});

describe('without the history', () => {
  it('SEED_DEMO=false seeds nothing, and the tests\' image (the demo without history) holds none of it', async () => {
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
    const bare = await createTestDatabase();
    try {
      const [counts] = await queryRows<Record<string, number>>(bare.db, sql`select
        (select count(*)::int from qc_results) as qc, (select count(*)::int from temperature_readings) as readings,
        (select count(*)::int from logger_alarms) as alarms, (select count(*)::int from inventory_orders) as orders,
        (select count(*)::int from inventory_movements) as movements, (select count(*)::int from sample_cultures) as cultures,
        (select count(*)::int from samples where created_at < now() - interval '8 days') as older_samples`);
      expect(counts).toEqual({ qc: 0, readings: 0, alarms: 0, orders: 0, movements: 0, cultures: 0, older_samples: 0 });
    } finally {
      await bare.close();
    }
  });
});
