import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OverviewAnswer, RefrigeratorAnswer, RefrigeratorListAnswer, StatisticsAnswer, UnacknowledgedAlarmsAnswer } from '@lis/domain';
import { loggerAlarms, refrigerators } from '../../db/schema.ts';
import type { SignedIn, TestApp } from '../../test/harness.ts';
import { expectEveryRouteCovered, openCrossSiteApp, type RouteKey } from '../../test/site-scoping.ts';
import type { Api } from '../samples/test-fixtures.ts';
import { loggerRoutes } from './routes.ts';
import { siteIsoDay, siteIsoMonth } from '../../test/site-day.ts';
import { deviceKeyOf, minutesAgo, postReadings, recordEvents, saveRefrigerator, type RecordedEvent } from './test-fixtures.ts';

// Refrigerators, their readings and alarms belong to a site. With a session on SA (tehnicar@demo.lab has SA
// only; admin@demo.lab working on SA), a TZ refrigerator is never listed, charted or printed, and naming it
// or its alarm answers 404 exactly like a missing one, leaving it unchanged. A gateway's device key writes
// to its own refrigerator only, and the socket events of a TZ reading reach the TZ room only.

let t: TestApp;
let client: Api;
let tech: SignedIn;
let admin: SignedIn;
let sarajevo: string;
let tuzla: string;
let events: RecordedEvent[];
let tzFridge: RefrigeratorAnswer;
let tzKey: string;
let tzAlarmId: string;

beforeAll(async () => {
  ({ t, client, tech, admin, sarajevo, tuzla } = await openCrossSiteApp());
  events = recordEvents(t);
  tzFridge = await saveRefrigerator(client, admin, { naziv: 'Tuzlanski frižider', slave_id: 5, odgoda_alarma_min: 0 }, tuzla);
  tzKey = await deviceKeyOf(client, admin, tzFridge._id, tuzla);
  const response = await postReadings(t, tzKey, [{ time: minutesAgo(2), temperatura: 5 }, { time: minutesAgo(1), temperatura: 12 }]);
  expect(response.json()).toMatchObject({ primljeno: 2 });
  const [alarm] = await t.database.db.select().from(loggerAlarms).where(eq(loggerAlarms.refrigeratorId, tzFridge._id));
  tzAlarmId = alarm!.id;
});
afterAll(async () => { await t.close(); });

async function unchangedTzFridge(): Promise<void> {
  const [row] = await t.database.db.select().from(refrigerators).where(eq(refrigerators.id, tzFridge._id));
  expect(row).toMatchObject({ naziv: 'Tuzlanski frižider', siteId: tuzla, slaveId: 5 });
}

const element = (change: Record<string, unknown>) => ({
  naziv: 'Preuzeti', site: sarajevo, slave_id: 5, temperatura: { min: 2, max: 8 }, odgoda_alarma_min: 5, limit_tisine_min: 30, ...change,
});

const crossSiteCases: Record<RouteKey, () => Promise<void>> = {
  'GET /api/loger/frizider/list': async () => {
    for (const user of [tech, admin]) {
      const answer = (await client.get(user, '/loger/frizider/list', sarajevo)).json<RefrigeratorListAnswer>();
      expect(answer.frizideri.map((row) => row._id)).not.toContain(tzFridge._id);
    }
    const atTuzla = (await client.get(admin, '/loger/frizider/list', tuzla)).json<RefrigeratorListAnswer>();
    expect(atTuzla.frizideri.map((row) => row._id)).toContain(tzFridge._id);
  },
  'POST /api/loger/frizider/edit': async () => {
    const response = await client.post(admin, '/loger/frizider/edit', { element: element({ _id: tzFridge._id }) }, sarajevo);
    expect(response.statusCode).toBe(404);
    // The TZ refrigerator's sensor 5 does not block sensor 5 at SA: sensors are per site.
    const own = await client.post(admin, '/loger/frizider/edit', { element: element({ naziv: 'Sarajevski' }) }, sarajevo);
    expect(own.statusCode, own.body).toBe(200);
    await unchangedTzFridge();
  },
  'POST /api/loger/frizider/kljuc': async () => {
    const response = await client.post(admin, '/loger/frizider/kljuc', { id: tzFridge._id }, sarajevo);
    expect(response.statusCode).toBe(404);
    expect((await postReadings(t, tzKey, [{ temperatura: 5 }])).statusCode).toBe(200);
  },
  'POST /api/loger/frizider/mqtt': async () => {
    for (const opoziv of [false, true]) {
      const response = await client.post(admin, '/loger/frizider/mqtt', { id: tzFridge._id, opoziv }, sarajevo);
      expect(response.statusCode).toBe(404);
    }
    const list = (await client.get(admin, '/loger/frizider/list', tuzla)).json<{ frizideri: Array<{ _id: string; ima_mqtt: boolean }> }>();
    expect(list.frizideri.find((row) => row._id === tzFridge._id)?.ima_mqtt).toBe(true);
  },
  'GET /api/loger/pregled': async () => {
    const answer = (await client.get(tech, '/loger/pregled', sarajevo)).json<OverviewAnswer>();
    expect(answer.senzori.map((tile) => tile._id)).not.toContain(tzFridge._id);
    expect(answer.senzori.flatMap((tile) => tile.alarmi.map((alarm) => alarm._id))).not.toContain(tzAlarmId);
  },
  'GET /api/loger/alarmi/otvoreni': async () => {
    const response = await client.get(tech, '/loger/alarmi/otvoreni', sarajevo);
    expect(response.statusCode).toBe(200);
    const alarms = response.json<UnacknowledgedAlarmsAnswer>().alarmi;
    expect(alarms.map((alarm) => alarm._id)).not.toContain(tzAlarmId);
    expect(alarms.map((alarm) => alarm.frizider)).not.toContain(tzFridge._id);
  },
  'POST /api/loger/alarmi/potvrdi': async () => {
    const response = await client.post(tech, '/loger/alarmi/potvrdi', { id: tzAlarmId, napomena: 'Nije moj frižider' }, sarajevo);
    expect(response.statusCode).toBe(404);
    const [alarm] = await t.database.db.select().from(loggerAlarms).where(eq(loggerAlarms.id, tzAlarmId));
    expect(alarm?.potvrdenAt).toBeNull();
  },
  'GET /api/loger/statistika': async () => {
    // The sites' day, the one the statistics count in (its UTC date is a day behind from 23:00 UTC).
    const today = siteIsoDay();
    const named = await client.get(tech, `/loger/statistika?od=${today}&do=${today}&frizider=${tzFridge._id}`, sarajevo);
    expect(named.statusCode).toBe(404);
    const all = (await client.get(tech, `/loger/statistika?od=${today}&do=${today}`, sarajevo)).json<StatisticsAnswer>();
    expect(all.frizideri.map((row) => row._id)).not.toContain(tzFridge._id);
    const atTuzla = (await client.get(admin, `/loger/statistika?od=${today}&do=${today}`, tuzla)).json<StatisticsAnswer>();
    expect(atTuzla.frizideri.find((row) => row._id === tzFridge._id)?.ukupno.n).toBeGreaterThan(0);
  },
  'GET /api/loger/statistika/pdf': async () => {
    const response = await client.get(tech, `/loger/statistika/pdf?mjesec=${siteIsoMonth()}`, sarajevo);
    expect(response.statusCode).toBe(200);
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'lis-logger-')), 'record.pdf');
    writeFileSync(file, response.rawPayload);
    expect(execFileSync('pdftotext', [file, '-']).toString()).not.toContain('Tuzlanski');
  },
  'POST /api/loger/ocitanja': async () => {
    const before = events.length;
    const response = await postReadings(t, tzKey, [{ temperatura: 6.5 }]);
    expect(response.statusCode).toBe(200);
    const sent = events.slice(before).filter((event) => event.event === 'temperature');
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.every((event) => event.room === `site:${tuzla}`)).toBe(true);
    const atSarajevo = (await client.get(tech, '/loger/pregled', sarajevo)).json<OverviewAnswer>();
    expect(atSarajevo.senzori.find((tile) => tile.temperatura === 6.5)).toBeUndefined();
  },
};

describe('logger site scoping', () => {
  it('has a cross-site case for every route of the module', async () => {
    await expectEveryRouteCovered(loggerRoutes, crossSiteCases);
  });
  it.each(Object.keys(crossSiteCases))('%s', async (route) => {
    await crossSiteCases[route as RouteKey]!();
  });
});
