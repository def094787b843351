import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IngestAnswer, OverviewAnswer, RefrigeratorListAnswer, StatisticsAnswer, UnacknowledgedAlarmsAnswer } from '@lis/domain';
import { REFRIGERATOR_EXTRA_LIMIT, newRefrigeratorElement } from '@lis/domain';
import { auditLog, loggerAlarms, temperatureReadings } from '../../db/schema.ts';
import { createTestApp, signIn, siteId, type SignedIn, type TestApp } from '../../test/harness.ts';
import { siteIsoMonth } from '../../test/site-day.ts';
import { api, type Api } from '../samples/test-fixtures.ts';
import { ReadingIngest } from './ingest.ts';
import { deviceKeyOf, minutesAgo, postReadings, recordEvents, saveRefrigerator, type RecordedEvent } from './test-fixtures.ts';

let t: TestApp;
let client: Api;
let admin: SignedIn;
let tech: SignedIn;
let sarajevo: string;
let events: RecordedEvent[];

beforeAll(async () => {
  t = await createTestApp();
  client = api(t);
  [admin, tech] = await Promise.all([signIn(t.app, 'admin@demo.lab'), signIn(t.app, 'tehnicar@demo.lab')]);
  sarajevo = siteId(admin, 'SA');
  events = recordEvents(t);
});
afterAll(async () => { await t.close(); });

async function tiles(user: SignedIn = admin): Promise<OverviewAnswer['senzori']> {
  const response = await client.get(user, '/loger/pregled', sarajevo);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<OverviewAnswer>().senzori;
}

describe('refrigerator settings (loger/frizider/edit)', () => {
  it('adds a refrigerator without _id, changes it with _id, keeps free-form fields and audits both', async () => {
    const created = await saveRefrigerator(client, admin, { naziv: 'Frižider Č-1', slave_id: 11, serijski_broj: 'LB-2231' }, sarajevo);
    expect(created).toMatchObject({ naziv: 'Frižider Č-1', slave_id: 11, site: sarajevo, serijski_broj: 'LB-2231', aktivan: true, ima_kljuc: false });
    const changed = await saveRefrigerator(client, admin, { _id: created._id, naziv: 'Frižider Č-1', slave_id: 11, temperatura: { min: 3, max: 7 } }, sarajevo);
    expect(changed._id).toBe(created._id);
    expect(changed.temperatura).toEqual({ min: 3, max: 7 });
    const list = (await client.get(admin, '/loger/frizider/list', sarajevo)).json<RefrigeratorListAnswer>();
    expect(list.frizideri.filter((row) => row._id === created._id)).toHaveLength(1);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, created._id));
    expect(audit.map((row) => row.action).sort()).toEqual(['refrigerator.create', 'refrigerator.update']);
    expect(audit.find((row) => row.action === 'refrigerator.update')?.oldValue).toMatchObject({ temperatura: { min: 2, max: 8 } });
  });

  it("keeps the lab's own keys (nested too) through a change, answers them in the list, and refuses them over the size limit naming the largest", async () => {
    const own = { lokacija: { soba: 'B-12', sprat: 2 }, proizvodjac: 'Liebherr', kalibracije: ['2026-01-10', '2026-07-10'], napomena: 'Ključ kod šefa' };
    const created = await saveRefrigerator(client, admin, { naziv: 'Frižider vlastita polja', slave_id: 45, ...own }, sarajevo);
    expect(created).toMatchObject(own);
    // The editor sends the element as a whole: a changed own key is stored as sent.
    const changed = await saveRefrigerator(client, admin, { _id: created._id, naziv: 'Frižider vlastita polja', slave_id: 45, ...own, napomena: 'Ključ na porti' }, sarajevo);
    expect(changed).toMatchObject({ ...own, napomena: 'Ključ na porti' });
    const listed = (await client.get(admin, '/loger/frizider/list', sarajevo)).json<RefrigeratorListAnswer>().frizideri.find((row) => row._id === created._id);
    expect(listed).toMatchObject({ ...own, napomena: 'Ključ na porti' });

    const base = { naziv: 'Prevelik', site: sarajevo, slave_id: 46, temperatura: { min: 2, max: 8 }, odgoda_alarma_min: 5, limit_tisine_min: 30 };
    const atLimit = { ...base, biljeske: 'x'.repeat(REFRIGERATOR_EXTRA_LIMIT - 'biljeske'.length - 2) };
    const fits = await client.post(admin, '/loger/frizider/edit', { element: atLimit }, sarajevo);
    expect(fits.statusCode, fits.body).toBe(200);
    const over = await client.post(admin, '/loger/frizider/edit', { element: { ...atLimit, _id: fits.json<{ frizider: { _id: string } }>().frizider._id, dodatak: 'y' } }, sarajevo);
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({ success: false, code: 'logger.extraTooLarge', field: 'element.biljeske', message: expect.stringContaining('element.biljeske') as unknown });
    const kept = (await client.get(admin, '/loger/frizider/list', sarajevo)).json<RefrigeratorListAnswer>().frizideri.find((row) => row.naziv === 'Prevelik');
    expect(kept).not.toHaveProperty('dodatak');
    // Big typed fields do not count against the lab's own: a long name is judged by its own rule.
    const typedOnly = await client.post(admin, '/loger/frizider/edit', { element: { ...base, slave_id: 47, naziv: 'N'.repeat(100) } }, sarajevo);
    expect(typedOnly.statusCode, typedOnly.body).toBe(200);
  });

  it.each([
    [{ temperatura: { min: 9, max: 2 } }, 'element.temperatura.max', 'logger.rangeOrder'],
    [{ vlaznost: { min: 10, max: 130 } }, 'element.vlaznost.max', 'form.invalid'],
    [{ slave_id: 'tri' }, 'element.slave_id', 'form.invalid'],
    [{ naziv: '' }, 'element.naziv', 'form.required'],
    [{ odgoda_alarma_min: 2000 }, 'element.odgoda_alarma_min', 'form.invalid'],
    [{ limit_tisine_min: null }, 'element.limit_tisine_min', 'form.invalid'],
  ])('refuses %j naming the field', async (change, field, code) => {
    const element = { naziv: 'Loš', site: sarajevo, slave_id: 40, temperatura: { min: 2, max: 8 }, odgoda_alarma_min: 5, limit_tisine_min: 30, ...change };
    const response = await client.post(admin, '/loger/frizider/edit', { element }, sarajevo);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, field, code });
  });

  it('refuses a second refrigerator on the same sensor of the site, and a site that is not the one worked on', async () => {
    await saveRefrigerator(client, admin, { slave_id: 12 }, sarajevo);
    const taken = await client.post(admin, '/loger/frizider/edit', { element: { naziv: 'Drugi', site: sarajevo, slave_id: 12, temperatura: { min: 2, max: 8 }, odgoda_alarma_min: 5, limit_tisine_min: 30 } }, sarajevo);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'logger.sensorTaken', field: 'element.slave_id' });
    const elsewhere = await client.post(admin, '/loger/frizider/edit', { element: { naziv: 'Tuđi', site: siteId(admin, 'TZ'), slave_id: 13, temperatura: { min: 2, max: 8 }, odgoda_alarma_min: 5, limit_tisine_min: 30 } }, sarajevo);
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json()).toMatchObject({ code: 'logger.siteMismatch', field: 'element.site' });
  });

  it('answers 404 for an _id that is no refrigerator, and lets only settings editors save', async () => {
    const missing = await client.post(admin, '/loger/frizider/edit', { element: { _id: '00000000-0000-4000-8000-000000000000', naziv: 'X', site: sarajevo, slave_id: 14, temperatura: { min: 2, max: 8 }, odgoda_alarma_min: 5, limit_tisine_min: 30 } }, sarajevo);
    expect(missing.statusCode).toBe(404);
    const byTech = await client.post(tech, '/loger/frizider/edit', { element: { naziv: 'X', site: sarajevo, slave_id: 15, temperatura: { min: 2, max: 8 }, odgoda_alarma_min: 5, limit_tisine_min: 30 } }, sarajevo);
    expect(byTech.statusCode).toBe(403);
  });
});

describe('readings over HTTP with a device key (loger/ocitanja)', () => {
  it('refuses a missing or wrong key with 401, whatever a user session says', async () => {
    const refrigerator = await saveRefrigerator(client, admin, { slave_id: 20 }, sarajevo);
    await deviceKeyOf(client, admin, refrigerator._id, sarajevo);
    for (const headers of [{}, { authorization: 'Device lis_wrong' }, { 'x-device-key': 'x'.repeat(300) }, { authorization: `Bearer ${admin.token}` }]) {
      const response = await t.app.inject({ method: 'POST', url: '/api/loger/ocitanja', headers, payload: { readings: [{ temperatura: 5 }] } });
      expect(response.statusCode, JSON.stringify(headers)).toBe(401);
      expect(response.json()).toMatchObject({ success: false, code: 'logger.deviceKey' });
    }
  });

  it('stores readings once (duplicates by time skipped), counts and names bad ones, and a new key retires the old', async () => {
    const refrigerator = await saveRefrigerator(client, admin, { slave_id: 21 }, sarajevo);
    const key = await deviceKeyOf(client, admin, refrigerator._id, sarajevo);
    const before = (await client.get(admin, '/loger/frizider/list', sarajevo)).json<RefrigeratorListAnswer>().prijem;
    const good = [{ time: minutesAgo(3), temperatura: 4.5, vlaznost: 40 }, { time: minutesAgo(2), temperatura: '4,6' }];
    const bad = [{ time: minutesAgo(1), temperatura: 'hladno' }, { temperatura: 5, time: minutesAgo(-30) }, 'x', { temperatura: 5, time: 'jučer' }];
    const first = await postReadings(t, key, [...good, ...bad]);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<IngestAnswer>()).toEqual({
      success: true, primljeno: 2, duplikati: 0,
      odbijeno: [{ index: 2, razlog: 'notNumeric' }, { index: 3, razlog: 'futureTime' }, { index: 4, razlog: 'malformed' }, { index: 5, razlog: 'badTime' }],
    });
    const again = await postReadings(t, key, [...good, { time: minutesAgo(1), temperatura: 4.7 }]);
    expect(again.json<IngestAnswer>()).toMatchObject({ primljeno: 1, duplikati: 2, odbijeno: [] });
    const stored = await t.database.db.select().from(temperatureReadings).where(eq(temperatureReadings.refrigeratorId, refrigerator._id));
    expect(stored.map((row) => row.temperatura).sort()).toEqual([4.5, 4.6, 4.7]);
    const after = (await client.get(admin, '/loger/frizider/list', sarajevo)).json<RefrigeratorListAnswer>();
    expect(after.prijem.odbijeno.notNumeric - before.odbijeno.notNumeric).toBe(1);
    expect(after.prijem.odbijeno.futureTime - before.odbijeno.futureTime).toBe(1);
    expect(after.prijem.duplikati - before.duplikati).toBe(2);
    expect(after.frizideri.find((row) => row._id === refrigerator._id)?.ima_kljuc).toBe(true);

    const tile = (await tiles()).find((entry) => entry._id === refrigerator._id);
    expect(tile).toMatchObject({ temperatura: 4.7, vlaznost: null, van_opsega: false, active: true, slave_id: 21, frizider: refrigerator._id });
    const event = events.filter((entry) => entry.event === 'temperature' && entry.payload._id === refrigerator._id).at(-1);
    expect(event).toMatchObject({ room: `site:${sarajevo}`, payload: { temperatura: 4.7, naziv: 'Frižider reagensi', slave_id: 21, active: true, frizider: refrigerator._id } });
    expect(Object.keys(event?.payload ?? {})).toEqual(expect.arrayContaining(['slave_id', 'active', 'time', 'temperatura', 'vlaznost', 'naziv', '_id', 'frizider']));

    await deviceKeyOf(client, admin, refrigerator._id, sarajevo);
    expect((await postReadings(t, key, [{ temperatura: 5 }])).statusCode).toBe(401);
  });
});

describe('alarms', () => {
  it('raises the out-of-range alarm once after the delay, shows it on the tile, is acknowledged with a note (audited), closes back in range by the rule', async () => {
    const refrigerator = await saveRefrigerator(client, admin, { naziv: 'Frižider alarm', slave_id: 30, odgoda_alarma_min: 5 }, sarajevo);
    const key = await deviceKeyOf(client, admin, refrigerator._id, sarajevo);
    const start = Date.now() - 30 * 60_000;
    const at = (minute: number) => new Date(start + minute * 60_000).toISOString();
    await postReadings(t, key, [0, 1, 2, 3, 4].map((minute) => ({ time: at(minute), temperatura: minute === 0 ? 5 : 9.5 })));
    expect((await tiles()).find((tile) => tile._id === refrigerator._id)?.alarmi).toEqual([]);
    await postReadings(t, key, [5, 6, 7, 8].map((minute) => ({ time: at(minute), temperatura: 9.8 })));
    const tile = (await tiles()).find((entry) => entry._id === refrigerator._id);
    expect(tile?.van_opsega).toBe(true);
    // From 5 °C at the first reading to 9.8 °C eight minutes later: the readings began inside the trend window.
    expect(tile?.trend).toBe('rising');
    expect(tile?.alarmi).toHaveLength(1);
    const alarm = tile!.alarmi[0]!;
    expect(alarm).toMatchObject({ vrsta: 'opseg', pocetak: at(1), podignut: at(6), vrijednost: 9.8, zavrsen: null, potvrden: null });
    const raised = events.filter((entry) => entry.event === 'logger:alarm' && entry.payload.frizider === refrigerator._id);
    expect(raised).toHaveLength(1);
    expect(raised[0]).toMatchObject({ room: `site:${sarajevo}`, payload: { id: alarm._id, vrsta: 'opseg', naziv: 'Frižider alarm' } });

    const bell = async () => (await client.get(tech, '/loger/alarmi/otvoreni', sarajevo)).json<UnacknowledgedAlarmsAnswer>().alarmi;
    // A page loaded now lists the alarm in the bell, as one open when the event came would.
    expect((await bell()).find((entry) => entry._id === alarm._id)).toMatchObject({ naziv: 'Frižider alarm', vrsta: 'opseg', vrijednost: 9.8 });

    const noNote = await client.post(tech, '/loger/alarmi/potvrdi', { id: alarm._id, napomena: '  ' }, sarajevo);
    expect(noNote.json()).toMatchObject({ code: 'logger.noteRequired', field: 'napomena' });
    const acknowledged = await client.post(tech, '/loger/alarmi/potvrdi', { id: alarm._id, napomena: 'Vrata zatvorena, reagensi premješteni.' }, sarajevo);
    expect(acknowledged.statusCode, acknowledged.body).toBe(200);
    expect(acknowledged.json()).toMatchObject({ alarm: { napomena: 'Vrata zatvorena, reagensi premješteni.', potvrdio: expect.any(String) as string, zavrsen: null } });
    expect((await client.post(tech, '/loger/alarmi/potvrdi', { id: alarm._id, napomena: 'opet' }, sarajevo)).statusCode).toBe(409);
    const audit = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entityId, alarm._id), eq(auditLog.action, 'logger.alarm.acknowledge')));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.userId).toBe(tech.userId);
    // Acknowledged: still open on the tile until it clears, but no longer in the bell.
    expect((await tiles()).find((entry) => entry._id === refrigerator._id)?.alarmi).toHaveLength(1);
    expect((await bell()).map((entry) => entry._id)).not.toContain(alarm._id);

    await postReadings(t, key, [9, 10].map((minute) => ({ time: at(minute), temperatura: 10 })));
    expect(events.filter((entry) => entry.event === 'logger:alarm' && entry.payload.frizider === refrigerator._id)).toHaveLength(1);
    // Back in range: open until the third reading in range, ten minutes after the first (the default rule).
    await postReadings(t, key, [{ time: at(11), temperatura: 6 }, { time: at(15), temperatura: 6 }]);
    expect((await tiles()).find((entry) => entry._id === refrigerator._id)?.alarmi).toHaveLength(1);
    await postReadings(t, key, [{ time: at(21), temperatura: 6 }]);
    expect((await tiles()).find((entry) => entry._id === refrigerator._id)?.alarmi).toEqual([]);
    const [closed] = await t.database.db.select().from(loggerAlarms).where(eq(loggerAlarms.id, alarm._id));
    expect(closed?.zavrsenAt?.toISOString()).toBe(at(21));
    expect(events.some((entry) => entry.event === 'logger:alarm-cleared' && entry.payload.id === alarm._id)).toBe(true);
  });

  it('raises the silence alarm from the clock once the limit passes without a reading, and readings coming again close it by the rule', async () => {
    const refrigerator = await saveRefrigerator(client, admin, { naziv: 'Frižider tišina', slave_id: 31, limit_tisine_min: 10 }, sarajevo);
    const key = await deviceKeyOf(client, admin, refrigerator._id, sarajevo);
    const last = new Date();
    const after = (minutes: number) => new Date(last.getTime() + minutes * 60_000);
    await postReadings(t, key, [{ time: last.toISOString(), temperatura: 5 }]);
    const clock = new ReadingIngest(t.database.db, t.realtime);
    await clock.tick(new Date(last.getTime() + 9 * 60_000));
    expect((await tiles()).find((tile) => tile._id === refrigerator._id)?.alarmi).toEqual([]);
    await clock.tick(new Date(last.getTime() + 10 * 60_000));
    await clock.tick(new Date(last.getTime() + 11 * 60_000));
    const alarms = (await tiles()).find((tile) => tile._id === refrigerator._id)?.alarmi;
    expect(alarms).toMatchObject([{ vrsta: 'tisina', pocetak: last.toISOString() }]);
    // Readings come again (taken by the ingest as at their own time, the clock being the test's): the first two leave it open.
    const reading = (minutes: number) => clock.ingest([{ sensor: { refrigeratorId: refrigerator._id }, payload: { time: after(minutes).toISOString(), temperatura: 5 } }], after(minutes));
    await reading(20);
    await reading(25);
    expect((await tiles()).find((tile) => tile._id === refrigerator._id)?.alarmi).toHaveLength(1);
    await reading(30);
    expect((await tiles()).find((tile) => tile._id === refrigerator._id)?.alarmi).toEqual([]);
  });
});

describe('closing an alarm (issue 33: never by one reading)', () => {
  it('one reading back in range leaves an unacknowledged alarm open; the settings\' rule closes it (3 readings over 10 minutes by default)', async () => {
    const refrigerator = await saveRefrigerator(client, admin, { naziv: 'Frižider pravilo', slave_id: 32, odgoda_alarma_min: 0 }, sarajevo);
    const key = await deviceKeyOf(client, admin, refrigerator._id, sarajevo);
    const start = Date.now() - 30 * 60_000;
    const at = (minute: number) => new Date(start + minute * 60_000).toISOString();
    await postReadings(t, key, [{ time: at(0), temperatura: 5 }, { time: at(1), temperatura: -40.5 }]);
    const [alarm] = (await tiles()).find((tile) => tile._id === refrigerator._id)?.alarmi ?? [];
    expect(alarm).toMatchObject({ vrsta: 'opseg', zavrsen: null, potvrden: null });
    const bell = async () => (await client.get(tech, '/loger/alarmi/otvoreni', sarajevo)).json<UnacknowledgedAlarmsAnswer>().alarmi.map((entry) => entry._id);

    await postReadings(t, key, [{ time: at(2), temperatura: 5 }]);
    expect((await tiles()).find((tile) => tile._id === refrigerator._id)?.alarmi.map((entry) => entry._id)).toEqual([alarm!._id]);
    expect(await bell()).toContain(alarm!._id);
    // Three readings in range, but only 2 minutes apart: still open.
    await postReadings(t, key, [{ time: at(3), temperatura: 5 }, { time: at(4), temperatura: 5 }]);
    expect(await bell()).toContain(alarm!._id);
    // Out of range again: the count starts anew.
    await postReadings(t, key, [{ time: at(5), temperatura: 9 }, { time: at(6), temperatura: 5 }, { time: at(12), temperatura: 5 }]);
    expect(await bell()).toContain(alarm!._id);
    await postReadings(t, key, [{ time: at(16), temperatura: 5 }]);
    expect(await bell()).not.toContain(alarm!._id);
    const [closed] = await t.database.db.select().from(loggerAlarms).where(eq(loggerAlarms.id, alarm!._id));
    expect(closed?.zavrsenAt?.toISOString()).toBe(at(16));
    expect(events.some((entry) => entry.event === 'logger:alarm-cleared' && entry.payload.id === alarm!._id)).toBe(true);
  });

  it('takes the rule from the refrigerator\'s settings, validated (never fewer than 2 readings) and audited', async () => {
    const refrigerator = await saveRefrigerator(client, admin, { naziv: 'Frižider brzo', slave_id: 33, odgoda_alarma_min: 0 }, sarajevo);
    expect(refrigerator).toMatchObject({ zatvaranje_ocitanja: 3, zatvaranje_min: 10 });
    const one = await client.post(admin, '/loger/frizider/edit', {
      element: { ...newRefrigeratorElement(sarajevo), _id: refrigerator._id, naziv: 'Frižider brzo', slave_id: 33, zatvaranje_ocitanja: 1 },
    }, sarajevo);
    expect(one.statusCode).toBe(400);
    expect(one.json()).toMatchObject({ field: 'element.zatvaranje_ocitanja' });
    const changed = await saveRefrigerator(client, admin, {
      _id: refrigerator._id, naziv: 'Frižider brzo', slave_id: 33, odgoda_alarma_min: 0, zatvaranje_ocitanja: 2, zatvaranje_min: 0,
    }, sarajevo);
    expect(changed).toMatchObject({ zatvaranje_ocitanja: 2, zatvaranje_min: 0 });
    const [audit] = await t.database.db.select().from(auditLog)
      .where(and(eq(auditLog.entityId, refrigerator._id), eq(auditLog.action, 'refrigerator.update')));
    expect(audit?.newValue).toMatchObject({ zatvaranje_ocitanja: 2, zatvaranje_min: 0 });
    expect(audit?.oldValue).toMatchObject({ zatvaranje_ocitanja: 3, zatvaranje_min: 10 });

    const key = await deviceKeyOf(client, admin, refrigerator._id, sarajevo);
    const start = Date.now() - 10 * 60_000;
    const at = (minute: number) => new Date(start + minute * 60_000).toISOString();
    await postReadings(t, key, [{ time: at(0), temperatura: 12 }]);
    await postReadings(t, key, [{ time: at(1), temperatura: 5 }]);
    expect((await tiles()).find((tile) => tile._id === refrigerator._id)?.alarmi).toHaveLength(1);
    await postReadings(t, key, [{ time: at(2), temperatura: 5 }]);
    expect((await tiles()).find((tile) => tile._id === refrigerator._id)?.alarmi).toEqual([]);
  });
});

describe('monthly record (loger/statistika/pdf)', () => {
  it('prints one page per refrigerator with its name, diacritics, days, alarms and the sign-off field', async () => {
    const response = await client.get(admin, `/loger/statistika/pdf?mjesec=${siteIsoMonth()}`, sarajevo);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const directory = mkdtempSync(path.join(tmpdir(), 'lis-logger-'));
    const file = path.join(directory, 'record.pdf');
    writeFileSync(file, response.rawPayload);
    const count = (await client.get(admin, '/loger/frizider/list', sarajevo)).json<RefrigeratorListAnswer>().frizideri.length;
    const info = execFileSync('pdfinfo', [file]).toString();
    expect(info).toMatch(new RegExp(`Pages:\\s+${count}\\b`));
    const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
    expect(text).toContain('Evidencija temperature');
    expect(text).toContain('Frižider alarm');
    expect(text).toContain('Vrata zatvorena, reagensi premješteni.');
    expect(text).toContain('Pregledao/la i potvrdio/la');
    expect(text).toContain('Dozvoljena vlažnost');
    expect(text).toContain('°C');
  });

  it('refuses a month that is not YYYY-MM', async () => {
    const response = await client.get(admin, '/loger/statistika/pdf?mjesec=2026-13', sarajevo);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'mjesec' });
  });
});

describe('statistics range', () => {
  it('refuses an end before the start and more than 366 days', async () => {
    for (const query of ['od=2026-03-02&do=2026-03-01', 'od=2025-01-01&do=2026-01-02']) {
      const response = await client.get(admin, `/loger/statistika?${query}`, sarajevo);
      expect(response.statusCode, query).toBe(400);
      expect(response.json<StatisticsAnswer>()).toMatchObject({ code: 'dateRange.invalid', field: 'do' });
    }
  });
});
