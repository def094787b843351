import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatisticsAnswer } from '@lis/domain';
import { queryRows } from '../../db/client.ts';
import { createTestApp, signIn, siteId, type SignedIn, type TestApp } from '../../test/harness.ts';
import { api, type Api } from '../samples/test-fixtures.ts';
import { ReadingIngest } from './ingest.ts';
import { refrigeratorRepository } from './repository.ts';
import { saveRefrigerator } from './test-fixtures.ts';

// The statistics come from daily sums kept as readings are stored, not from the readings themselves. This
// test stores five days of one-minute readings of three refrigerators (some sent twice, some late and out
// of order, one refrigerator without humidity) through the ingest, and compares the answer with a plain
// reference computed from the generated readings: per day of the site's calendar (Europe/Sarajevo) the
// count, min, max, mean and the readings out of range. EXPLAIN shows the days are read from the primary key.

const DAYS = 5;
const FIRST_DAY = '2026-03-27'; // spans the change to summer time (29 March): a day of 23 hours
const ZONE = 'Europe/Sarajevo';

let t: TestApp;
let client: Api;
let admin: SignedIn;
let sarajevo: string;

interface Generated { refrigeratorId: string; time: Date; temperatura: number; vlaznost: number | null }
const generated: Generated[] = [];
const limits = new Map<string, { tMin: number; tMax: number; hMin: number | null; hMax: number | null }>();

/** A repeatable pseudo-random sequence, so a failure can be run again. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const dayOf = (time: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(time);

beforeAll(async () => {
  t = await createTestApp();
  client = api(t);
  admin = await signIn(t.app, 'admin@demo.lab');
  sarajevo = siteId(admin, 'SA');
  const fridges = [
    await saveRefrigerator(client, admin, { naziv: 'Reagensi', slave_id: 1, temperatura: { min: 2, max: 8 }, vlaznost: { min: 30, max: 60 } }, sarajevo),
    await saveRefrigerator(client, admin, { naziv: 'Zamrzivač', slave_id: 2, temperatura: { min: -25, max: -15 } }, sarajevo),
    await saveRefrigerator(client, admin, { naziv: 'Uzorci', slave_id: 3, temperatura: { min: 2, max: 8 }, vlaznost: { min: 20, max: 70 } }, sarajevo),
  ];
  for (const fridge of fridges) {
    limits.set(fridge._id, { tMin: fridge.temperatura.min, tMax: fridge.temperatura.max, hMin: fridge.vlaznost?.min ?? null, hMax: fridge.vlaznost?.max ?? null });
  }
  const next = random(42);
  const start = new Date(`${FIRST_DAY}T00:00:00+01:00`).getTime();
  for (const fridge of fridges) {
    const centre = (fridge.temperatura.min + fridge.temperatura.max) / 2;
    for (let minute = 0; minute < DAYS * 24 * 60; minute += 1) {
      if (next() < 0.02) continue; // a missed reading now and then
      const swing = next() < 0.01 ? 8 : 3.5; // now and then a door left open
      generated.push({
        refrigeratorId: fridge._id,
        time: new Date(start + minute * 60_000),
        temperatura: Math.round((centre + (next() - 0.5) * 2 * swing) * 10) / 10,
        vlaznost: fridge.vlaznost ? Math.round(20 + next() * 55) : null,
      });
    }
  }
  // Late and out of order: every batch shuffled a little, a fifth of the readings sent a second time.
  const ingest = new ReadingIngest(t.database.db, undefined);
  const receivedAt = new Date(start + (DAYS + 1) * 24 * 3_600_000);
  const order = generated.map((_, index) => index).sort(() => next() - 0.5);
  const resent = order.filter(() => next() < 0.2);
  const sending = [...order, ...resent];
  for (let offset = 0; offset < sending.length; offset += 1000) {
    const items = sending.slice(offset, offset + 1000).map((index) => {
      const reading = generated[index]!;
      return { sensor: { refrigeratorId: reading.refrigeratorId }, payload: { time: reading.time.toISOString(), temperatura: reading.temperatura, vlaznost: reading.vlaznost } };
    });
    await ingest.ingest(items, receivedAt);
  }
}, 180_000);
afterAll(async () => { await t.close(); });

/** The plain reference: group the generated readings by refrigerator and day, as float4 stores them. */
function reference(refrigeratorId: string, from: string, to: string) {
  const bound = limits.get(refrigeratorId)!;
  const f = Math.fround;
  const days = new Map<string, Generated[]>();
  for (const reading of generated) {
    if (reading.refrigeratorId !== refrigeratorId) continue;
    const day = dayOf(reading.time);
    if (day < from || day > to) continue;
    const list = days.get(day) ?? [];
    list.push(reading);
    days.set(day, list);
  }
  return [...days.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([dan, readings]) => {
    const temperatures = readings.map((reading) => reading.temperatura);
    const humidities = readings.flatMap((reading) => (reading.vlaznost === null ? [] : [reading.vlaznost]));
    const out = readings.filter((reading) => f(reading.temperatura) < f(bound.tMin) || f(reading.temperatura) > f(bound.tMax)
      || (bound.hMin !== null && bound.hMax !== null && reading.vlaznost !== null && (f(reading.vlaznost) < f(bound.hMin) || f(reading.vlaznost) > f(bound.hMax))));
    return {
      dan,
      n: readings.length,
      t_min: Math.min(...temperatures),
      t_max: Math.max(...temperatures),
      t_avg: temperatures.reduce((sum, value) => sum + value, 0) / readings.length,
      h_avg: humidities.length > 0 ? humidities.reduce((sum, value) => sum + value, 0) / humidities.length : null,
      van_opsega_min: out.length,
    };
  });
}

async function statistics(query: string): Promise<StatisticsAnswer> {
  const response = await client.get(admin, `/loger/statistika?${query}`, sarajevo);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<StatisticsAnswer>();
}

describe('statistics against a plain reference', () => {
  it('gives every refrigerator its days: count, min, max, mean, humidity and readings out of range', async () => {
    const answer = await statistics('od=2026-03-27&do=2026-03-31');
    expect(answer.frizideri).toHaveLength(3);
    for (const fridge of answer.frizideri) {
      const expected = reference(fridge._id, '2026-03-27', '2026-03-31');
      expect(fridge.dani.map((day) => day.dan)).toEqual(expected.map((day) => day.dan));
      fridge.dani.forEach((day, index) => {
        const want = expected[index]!;
        expect({ dan: day.dan, n: day.n, t_min: day.t_min, t_max: day.t_max, van: day.van_opsega_min })
          .toEqual({ dan: want.dan, n: want.n, t_min: want.t_min, t_max: want.t_max, van: want.van_opsega_min });
        expect(day.t_avg).toBeCloseTo(want.t_avg, 2);
        if (want.h_avg === null) expect(day.h_avg).toBeNull();
        else expect(day.h_avg).toBeCloseTo(want.h_avg, 2);
      });
      const all = expected.reduce((sum, day) => sum + day.n, 0);
      expect(fridge.ukupno.n).toBe(all);
      expect(fridge.ukupno.van_opsega_min).toBe(expected.reduce((sum, day) => sum + day.van_opsega_min, 0));
    }
    // 29 March has 23 hours in Sarajevo: fewer readings than a whole day, none lost to the neighbouring days.
    const reagensi = answer.frizideri.find((fridge) => fridge.naziv === 'Reagensi')!;
    expect(reagensi.dani.find((day) => day.dan === '2026-03-29')!.n).toBeLessThan(23 * 60 + 1);
    expect(reagensi.dani.some((day) => day.van_opsega_min > 0)).toBe(true);
  });

  it('narrows to one refrigerator and to part of the range', async () => {
    const one = generated[0]!.refrigeratorId;
    const answer = await statistics(`od=2026-03-28&do=2026-03-29&frizider=${one}`);
    expect(answer.frizideri.map((fridge) => fridge._id)).toEqual([one]);
    expect(answer.frizideri[0]!.dani.map((day) => day.n)).toEqual(reference(one, '2026-03-28', '2026-03-29').map((day) => day.n));
  });

  it('stored each reading once, however often it was sent', async () => {
    const [row] = await queryRows<{ count: string }>(t.database.db, sql`select count(*) as count from temperature_readings`);
    expect(Number(row?.count)).toBe(generated.length);
  });
});

describe('plans', () => {
  async function explain(statement: { toSQL(): { sql: string; params: unknown[] } }): Promise<string> {
    const { sql: text, params } = statement.toSQL();
    const parts = text.split(/\$(\d+)/);
    const inlined: SQL = sql.join(parts.map((part, index) => (index % 2 === 0 ? sql.raw(part) : sql`${params[Number(part) - 1]}`)));
    await t.database.db.execute(sql`set enable_seqscan = off`);
    try {
      const rows = await queryRows<Record<string, string>>(t.database.db, sql`explain ${inlined}`);
      return rows.map((row) => Object.values(row).join(' ')).join('\n');
    } finally {
      await t.database.db.execute(sql`set enable_seqscan = on`);
    }
  }

  it("reads a refrigerator's days from the daily sums' primary key, never the readings", async () => {
    // With a handful of rows the planner would rightly scan them; seqscan off asks which index it would take at scale.
    const plan = await explain(refrigeratorRepository(t.database.db, sarajevo).dailyQuery('2025-04-01', '2026-03-31', generated[0]!.refrigeratorId));
    expect(plan).toMatch(/temperature_daily_pkey/);
    expect(plan).not.toContain('temperature_readings');
    const all = await explain(refrigeratorRepository(t.database.db, sarajevo).dailyQuery('2026-03-01', '2026-03-31'));
    expect(all).toMatch(/temperature_daily_pkey/);
  });

  it('keeps a BRIN index on the readings\' time, and dedups them by their primary key', async () => {
    const rows = await queryRows<{ indexdef: string }>(t.database.db, sql`select indexdef from pg_indexes where tablename = 'temperature_readings'`);
    const definitions = rows.map((row) => row.indexdef).join('\n');
    expect(definitions).toMatch(/USING brin \("?time"?\)/);
    expect(definitions).toMatch(/temperature_readings_pkey .*\(refrigerator_id, "?time"?\)/);
  });
});
