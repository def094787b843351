/** The tables the logger module owns: only its repositories query them; another module asks its service (eslint-rules/boundaries.js). */
import { sql } from 'drizzle-orm';
import { boolean, date, doublePrecision, index, integer, jsonb, pgTable, primaryKey, real, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, createdAt, updatedAt } from '../../db/columns.ts';
import { sites, users } from '../../db/shared-tables.ts';

// Temperature logger ---------------------------------------------------------

/**
 * A refrigerator of a site and the sensor (slave_id) that measures it. The
 * checked settings are columns; `element` keeps the whole JSON the lab edits
 * (free-form fields included). The monitor state (last reading, start of the
 * current run out of range) is what the alarm rules read between readings.
 * Limits are `real` like the readings, so a reading equal to a limit compares
 * equal in SQL as in the domain.
 */
export const refrigerators = pgTable('refrigerators', {
  id: id(),
  siteId: uuid('site_id').notNull().references(() => sites.id),
  naziv: text('naziv').notNull(),
  slaveId: integer('slave_id').notNull(),
  aktivan: boolean('aktivan').notNull().default(true),
  tempMin: real('temp_min').notNull(),
  tempMax: real('temp_max').notNull(),
  humMin: real('hum_min'),
  humMax: real('hum_max'),
  odgodaAlarmaMin: integer('odgoda_alarma_min').notNull(),
  limitTisineMin: integer('limit_tisine_min').notNull(),
  /** The closing rule: an open alarm closes by itself after this many consecutive readings ending its condition … */
  closeAfterReadings: integer('close_after_readings').notNull().default(3),
  /** … the first and the last at least this many minutes apart (never by one reading). */
  closeAfterMin: integer('close_after_min').notNull().default(10),
  element: jsonb('element').$type<Record<string, unknown>>().notNull(),
  /** sha256 of the gateway's device key for POST /api/loger/ocitanja; the key itself is never stored. */
  deviceKeyHash: text('device_key_hash'),
  /**
   * sha256 of the refrigerator's MQTT password (user name: the refrigerator's id); null: revoked or never issued,
   * and the embedded broker admits no one as this refrigerator. Issued at creation, shown once.
   */
  mqttKeyHash: text('mqtt_key_hash'),
  monitoredSince: timestamp('monitored_since', { withTimezone: true }).notNull().defaultNow(),
  lastReadingAt: timestamp('last_reading_at', { withTimezone: true }),
  lastTemperatura: real('last_temperatura'),
  lastVlaznost: real('last_vlaznost'),
  outOfRangeSince: timestamp('out_of_range_since', { withTimezone: true }),
  /** While the range alarm is open: the run of readings back in range, its first reading's time and count. */
  backInRangeSince: timestamp('back_in_range_since', { withTimezone: true }),
  backInRangeCount: integer('back_in_range_count').notNull().default(0),
  /** While the silence alarm is open: the run of readings since they came again. */
  resumedSince: timestamp('resumed_since', { withTimezone: true }),
  resumedCount: integer('resumed_count').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  uniqueIndex('refrigerators_site_slave_key').on(t.siteId, t.slaveId),
  uniqueIndex('refrigerators_device_key').on(t.deviceKeyHash),
]);

/**
 * One-minute readings, years of them: the primary key (refrigerator, time)
 * deduplicates (ON CONFLICT DO NOTHING) and serves a refrigerator's time
 * range; the BRIN index on time (rows arrive in time order, so tiny) serves
 * time ranges across refrigerators. Reached only through a refrigerator, which
 * carries the site.
 */
export const temperatureReadings = pgTable('temperature_readings', {
  refrigeratorId: uuid('refrigerator_id').notNull().references(() => refrigerators.id),
  time: timestamp('time', { withTimezone: true }).notNull(),
  temperatura: real('temperatura').notNull(),
  vlaznost: real('vlaznost'),
}, (t) => [
  primaryKey({ name: 'temperature_readings_pkey', columns: [t.refrigeratorId, t.time] }),
  index('temperature_readings_time_brin').using('brin', t.time),
]);

/**
 * Each refrigerator's day (in its site's time zone), summed up as readings
 * are stored, so statistics over a year read 365 rows rather than half a
 * million readings. Out of range is judged against the limits in force when
 * the reading was stored.
 */
export const temperatureDaily = pgTable('temperature_daily', {
  refrigeratorId: uuid('refrigerator_id').notNull().references(() => refrigerators.id),
  dan: date('dan').notNull(),
  n: integer('n').notNull(),
  tMin: real('t_min').notNull(),
  tMax: real('t_max').notNull(),
  tSum: doublePrecision('t_sum').notNull(),
  hN: integer('h_n').notNull(),
  hMin: real('h_min'),
  hMax: real('h_max'),
  hSum: doublePrecision('h_sum').notNull(),
  vanOpsega: integer('van_opsega').notNull(),
}, (t) => [primaryKey({ name: 'temperature_daily_pkey', columns: [t.refrigeratorId, t.dan] })]);

/**
 * Alarms of a refrigerator: 'opseg' (out of range longer than the delay) and
 * 'tisina' (no reading for the silence limit). The partial unique index lets
 * a kind be open (not cleared) only once per refrigerator, so an alarm is
 * raised once even when two ingests race.
 */
export const loggerAlarms = pgTable('logger_alarms', {
  id: id(),
  siteId: uuid('site_id').notNull().references(() => sites.id),
  refrigeratorId: uuid('refrigerator_id').notNull().references(() => refrigerators.id),
  vrsta: text('vrsta').notNull(),
  pocetak: timestamp('pocetak', { withTimezone: true }).notNull(),
  podignutAt: timestamp('podignut_at', { withTimezone: true }).notNull(),
  vrijednost: real('vrijednost'),
  zavrsenAt: timestamp('zavrsen_at', { withTimezone: true }),
  potvrdenAt: timestamp('potvrden_at', { withTimezone: true }),
  potvrdio: uuid('potvrdio').references(() => users.id),
  napomena: text('napomena'),
}, (t) => [
  uniqueIndex('logger_alarms_open_key').on(t.refrigeratorId, t.vrsta).where(sql`zavrsen_at is null`),
  index('logger_alarms_site_idx').on(t.siteId, t.podignutAt),
  index('logger_alarms_refrigerator_idx').on(t.refrigeratorId, t.podignutAt),
]);
