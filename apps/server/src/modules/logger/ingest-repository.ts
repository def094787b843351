import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import { sites } from '../../db/shared-tables.ts';
import { loggerAlarms, refrigerators } from './tables.ts';

// The ingest's statements. Readings come from devices, not from a user of a site: each names its
// refrigerator, and the refrigerator row carries the site, so every row written here belongs to the
// refrigerator's own site (readings and daily sums through the refrigerator, alarms with its site_id).

/** A refrigerator as the ingest sees it: its site, sensor, limits and monitor state. */
export interface SensorRow {
  id: string;
  siteId: string;
  sifra: string;
  slaveId: number;
  naziv: string;
  aktivan: boolean;
  tempMin: number;
  tempMax: number;
  humMin: number | null;
  humMax: number | null;
  odgodaAlarmaMin: number;
  limitTisineMin: number;
  closeAfterReadings: number;
  closeAfterMin: number;
  monitoredSince: Date;
  lastReadingAt: Date | null;
  lastTemperatura: number | null;
  lastVlaznost: number | null;
  outOfRangeSince: Date | null;
  backInRangeSince: Date | null;
  backInRangeCount: number;
  resumedSince: Date | null;
  resumedCount: number;
}

const sensorColumns = {
  id: refrigerators.id,
  siteId: refrigerators.siteId,
  sifra: sites.sifra,
  slaveId: refrigerators.slaveId,
  naziv: refrigerators.naziv,
  aktivan: refrigerators.aktivan,
  tempMin: refrigerators.tempMin,
  tempMax: refrigerators.tempMax,
  humMin: refrigerators.humMin,
  humMax: refrigerators.humMax,
  odgodaAlarmaMin: refrigerators.odgodaAlarmaMin,
  limitTisineMin: refrigerators.limitTisineMin,
  closeAfterReadings: refrigerators.closeAfterReadings,
  closeAfterMin: refrigerators.closeAfterMin,
  monitoredSince: refrigerators.monitoredSince,
  lastReadingAt: refrigerators.lastReadingAt,
  lastTemperatura: refrigerators.lastTemperatura,
  lastVlaznost: refrigerators.lastVlaznost,
  outOfRangeSince: refrigerators.outOfRangeSince,
  backInRangeSince: refrigerators.backInRangeSince,
  backInRangeCount: refrigerators.backInRangeCount,
  resumedSince: refrigerators.resumedSince,
  resumedCount: refrigerators.resumedCount,
};

/** Every refrigerator of every site (a lab has tens): the MQTT topics name a site's code and a sensor. */
export function allSensors(db: Db | Tx): Promise<SensorRow[]> {
  return db.select(sensorColumns).from(refrigerators).innerJoin(sites, eq(sites.id, refrigerators.siteId));
}

/** The refrigerators of a batch, locked until the batch commits, so two ingests never move one monitor at once. */
export function lockSensors(tx: Tx, ids: readonly string[]): Promise<SensorRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return tx.select(sensorColumns).from(refrigerators).innerJoin(sites, eq(sites.id, refrigerators.siteId))
    .where(inArray(refrigerators.id, [...ids])).orderBy(refrigerators.id).for('update', { of: refrigerators });
}

export async function sensorByKeyHash(db: Db, keyHash: string): Promise<SensorRow | null> {
  const [row] = await db.select(sensorColumns).from(refrigerators).innerJoin(sites, eq(sites.id, refrigerators.siteId))
    .where(eq(refrigerators.deviceKeyHash, keyHash));
  return row ?? null;
}

/** The stored hash of a refrigerator's MQTT key (null: revoked), with its site's code and slave id (its one topic). */
export async function mqttCredentialOf(db: Db, refrigeratorId: string): Promise<{ keyHash: string | null; sifra: string; slaveId: number } | null> {
  const [row] = await db.select({ keyHash: refrigerators.mqttKeyHash, sifra: sites.sifra, slaveId: refrigerators.slaveId })
    .from(refrigerators).innerJoin(sites, eq(sites.id, refrigerators.siteId)).where(eq(refrigerators.id, refrigeratorId));
  return row ?? null;
}

export interface ReadingRow {
  refrigeratorId: string;
  time: Date;
  temperatura: number;
  vlaznost: number | null;
}

/**
 * Stores readings in one statement: a reading whose (refrigerator, time) is
 * stored already is skipped (ON CONFLICT DO NOTHING, duplicates within the
 * batch too), and only the readings really inserted are added to their
 * refrigerator's daily sums (day in the site's time zone, out of range by the
 * limits in force now). Answers the inserted readings.
 */
export async function storeReadings(tx: Tx, readings: readonly ReadingRow[]): Promise<ReadingRow[]> {
  if (readings.length === 0) return [];
  const payload = JSON.stringify(readings.map((reading) => ({
    refrigerator_id: reading.refrigeratorId, time: reading.time.toISOString(), temperatura: reading.temperatura, vlaznost: reading.vlaznost,
  })));
  const rows = await queryRows<{ refrigerator_id: string; time: Date | string; temperatura: number; vlaznost: number | null }>(tx, sql`
    with input as (
      select r.refrigerator_id, r.time, r.temperatura, r.vlaznost
      from jsonb_to_recordset(${payload}::jsonb) as r(refrigerator_id uuid, time timestamptz, temperatura real, vlaznost real)
    ), inserted as (
      insert into temperature_readings (refrigerator_id, time, temperatura, vlaznost)
      select refrigerator_id, time, temperatura, vlaznost from input
      on conflict do nothing
      returning refrigerator_id, time, temperatura, vlaznost
    ), judged as (
      select i.refrigerator_id, (i.time at time zone s.time_zone)::date as dan, i.temperatura, i.vlaznost,
        (i.temperatura < f.temp_min or i.temperatura > f.temp_max
          or (f.hum_min is not null and i.vlaznost is not null and (i.vlaznost < f.hum_min or i.vlaznost > f.hum_max))) as van
      from inserted i
      join refrigerators f on f.id = i.refrigerator_id
      join sites s on s.id = f.site_id
    ), summed as (
      insert into temperature_daily (refrigerator_id, dan, n, t_min, t_max, t_sum, h_n, h_min, h_max, h_sum, van_opsega)
      select refrigerator_id, dan, count(*), min(temperatura), max(temperatura), sum(temperatura::float8),
        count(vlaznost), min(vlaznost), max(vlaznost), coalesce(sum(vlaznost::float8), 0), count(*) filter (where van)
      from judged group by refrigerator_id, dan
      on conflict (refrigerator_id, dan) do update set
        n = temperature_daily.n + excluded.n,
        t_min = least(temperature_daily.t_min, excluded.t_min),
        t_max = greatest(temperature_daily.t_max, excluded.t_max),
        t_sum = temperature_daily.t_sum + excluded.t_sum,
        h_n = temperature_daily.h_n + excluded.h_n,
        h_min = least(temperature_daily.h_min, excluded.h_min),
        h_max = greatest(temperature_daily.h_max, excluded.h_max),
        h_sum = temperature_daily.h_sum + excluded.h_sum,
        van_opsega = temperature_daily.van_opsega + excluded.van_opsega
      returning 1
    )
    select refrigerator_id, time, temperatura, vlaznost from inserted`);
  return rows.map((row) => ({
    refrigeratorId: row.refrigerator_id,
    time: new Date(row.time),
    temperatura: Number(row.temperatura),
    vlaznost: row.vlaznost === null ? null : Number(row.vlaznost),
  }));
}

export interface MonitorUpdate {
  id: string;
  lastReadingAt: Date | null;
  lastTemperatura: number | null;
  lastVlaznost: number | null;
  outOfRangeSince: Date | null;
  backInRangeSince: Date | null;
  backInRangeCount: number;
  resumedSince: Date | null;
  resumedCount: number;
}

/** Writes the monitor state of each refrigerator of a batch (one statement). */
export async function saveMonitors(tx: Tx, updates: readonly MonitorUpdate[]): Promise<void> {
  if (updates.length === 0) return;
  const payload = JSON.stringify(updates.map((update) => ({
    id: update.id,
    last_reading_at: update.lastReadingAt?.toISOString() ?? null,
    last_temperatura: update.lastTemperatura,
    last_vlaznost: update.lastVlaznost,
    out_of_range_since: update.outOfRangeSince?.toISOString() ?? null,
    back_in_range_since: update.backInRangeSince?.toISOString() ?? null,
    back_in_range_count: update.backInRangeCount,
    resumed_since: update.resumedSince?.toISOString() ?? null,
    resumed_count: update.resumedCount,
  })));
  await tx.execute(sql`
    update refrigerators f set
      last_reading_at = u.last_reading_at, last_temperatura = u.last_temperatura,
      last_vlaznost = u.last_vlaznost, out_of_range_since = u.out_of_range_since,
      back_in_range_since = u.back_in_range_since, back_in_range_count = u.back_in_range_count,
      resumed_since = u.resumed_since, resumed_count = u.resumed_count
    from jsonb_to_recordset(${payload}::jsonb)
      as u(id uuid, last_reading_at timestamptz, last_temperatura real, last_vlaznost real, out_of_range_since timestamptz,
        back_in_range_since timestamptz, back_in_range_count integer, resumed_since timestamptz, resumed_count integer)
    where f.id = u.id`);
}

/** The open alarm kinds of the refrigerators. */
export async function openAlarmKinds(db: Db | Tx, ids: readonly string[]): Promise<Map<string, Set<string>>> {
  const open = new Map<string, Set<string>>();
  if (ids.length === 0) return open;
  const rows = await db.select({ refrigeratorId: loggerAlarms.refrigeratorId, vrsta: loggerAlarms.vrsta }).from(loggerAlarms)
    .where(and(inArray(loggerAlarms.refrigeratorId, [...ids]), isNull(loggerAlarms.zavrsenAt)));
  for (const row of rows) open.set(row.refrigeratorId, (open.get(row.refrigeratorId) ?? new Set()).add(row.vrsta));
  return open;
}

export interface RaisedAlarm {
  id: string;
  refrigeratorId: string;
  siteId: string;
  vrsta: string;
  pocetak: Date;
  podignutAt: Date;
  vrijednost: number | null;
}

/** Opens an alarm; when one of that kind is open already (a racing ingest raised it), nothing is written and null answered. */
export async function raiseAlarm(tx: Tx, alarm: Omit<RaisedAlarm, 'id'>): Promise<RaisedAlarm | null> {
  const [row] = await tx.insert(loggerAlarms).values(alarm)
    .onConflictDoNothing({ target: [loggerAlarms.refrigeratorId, loggerAlarms.vrsta], where: sql`zavrsen_at is null` })
    .returning({ id: loggerAlarms.id });
  return row ? { ...alarm, id: row.id } : null;
}

/** Closes the open alarm of that kind; answers its id, or null when none was open. */
export async function clearAlarm(tx: Tx, refrigeratorId: string, vrsta: string, at: Date): Promise<string | null> {
  const [row] = await tx.update(loggerAlarms).set({ zavrsenAt: at })
    .where(and(eq(loggerAlarms.refrigeratorId, refrigeratorId), eq(loggerAlarms.vrsta, vrsta), isNull(loggerAlarms.zavrsenAt)))
    .returning({ id: loggerAlarms.id });
  return row?.id ?? null;
}

/**
 * Each refrigerator's temperature at the start of its trend window: the newest reading at or before
 * `before` (within the hour before it), or, when the readings began inside the window, the oldest one
 * after `before` and before the latest. Two short reads of the primary key per refrigerator.
 */
export async function temperaturesBefore(db: Db, windows: ReadonlyArray<{ id: string; before: Date; latest: Date }>): Promise<Map<string, number>> {
  if (windows.length === 0) return new Map();
  const payload = JSON.stringify(windows.map((window) => ({ id: window.id, before: window.before.toISOString(), latest: window.latest.toISOString() })));
  const rows = await queryRows<{ id: string; temperatura: number }>(db, sql`
    select w.id, r.temperatura
    from jsonb_to_recordset(${payload}::jsonb) as w(id uuid, before timestamptz, latest timestamptz)
    cross join lateral (
      select temperatura from (
        (select t.temperatura, 0 as preference from temperature_readings t
          where t.refrigerator_id = w.id and t.time <= w.before and t.time > w.before - interval '1 hour'
          order by t.time desc limit 1)
        union all
        (select t.temperatura, 1 as preference from temperature_readings t
          where t.refrigerator_id = w.id and t.time > w.before and t.time < w.latest
          order by t.time asc limit 1)
      ) candidates order by preference limit 1
    ) r`);
  return new Map(rows.map((row) => [row.id, Number(row.temperatura)]));
}
