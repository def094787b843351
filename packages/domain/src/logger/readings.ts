import { HUMIDITY_LIMITS, type RefrigeratorLimits, TEMPERATURE_LIMITS } from './refrigerator.ts';

/**
 * A reading of a refrigerator's sensor as a gateway sends it, over MQTT or
 * HTTP, and the rules that accept or refuse it. A refused reading is counted
 * and logged by the ingest, never stored and never fatal to it.
 */

/**
 * MQTT topic of a sensor's readings: `lis/loger/<site sifra>/<slave_id>`,
 * e.g. `lis/loger/SA/3`. The payload is one reading or an array of readings.
 */
export const MQTT_TOPIC_PREFIX = 'lis/loger';
export const MQTT_SUBSCRIPTION = `${MQTT_TOPIC_PREFIX}/+/+`;

export function readingTopic(siteSifra: string, slaveId: number): string {
  return `${MQTT_TOPIC_PREFIX}/${siteSifra}/${slaveId}`;
}

/** The site and sensor a topic names, or null for a topic that is not a sensor's. */
export function sensorOfTopic(topic: string): { sifra: string; slaveId: number } | null {
  const parts = topic.split('/');
  if (parts.length !== 4 || `${parts[0]}/${parts[1]}` !== MQTT_TOPIC_PREFIX) return null;
  const [, , sifra, slave] = parts;
  if (!sifra || !slave || !/^\d{1,3}$/.test(slave)) return null;
  return { sifra, slaveId: Number(slave) };
}

/** Why a reading was refused; the ingest counts each reason ('notAuthorised': an MQTT publish to a topic not the client's own). */
export const INGEST_REJECTIONS = ['malformed', 'notNumeric', 'implausible', 'badTime', 'futureTime', 'unknownSensor', 'notAuthorised'] as const;
export type IngestRejection = (typeof INGEST_REJECTIONS)[number];

/** A sensor clock may run a little ahead of the server's; a reading further ahead than this is refused as from the future. */
export const FUTURE_TOLERANCE_MS = 2 * 60_000;

export interface Reading {
  time: Date;
  temperatura: number;
  /** Null when the sensor measures no humidity. */
  vlaznost: number | null;
}

export type ReadingParse = { ok: true; reading: Reading } | { ok: false; reason: IngestRejection };

/** A number as a sensor sends it: a JSON number, or decimal text with a point or a comma ("4.2", "4,2"). */
function numberOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && /^\s*[-+]?\d+([.,]\d+)?\s*$/.test(value)) return Number(value.trim().replace(',', '.'));
  return null;
}

/** An ISO 8601 instant with its zone ("2026-05-17T08:30:00Z", "...+02:00") or epoch milliseconds. */
function instantOf(value: unknown): Date | null {
  if (typeof value === 'number' && Number.isInteger(value) && value > 0) return new Date(value);
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})$/.test(value)) {
    const [year, month, day] = value.slice(0, 10).split('-').map(Number) as [number, number, number];
    // Date would roll 30 February over into March; a day the calendar does not have is refused.
    const calendarDay = new Date(Date.UTC(year, month - 1, day));
    if (calendarDay.getUTCMonth() !== month - 1 || calendarDay.getUTCDate() !== day) return null;
    const time = new Date(value);
    return Number.isNaN(time.getTime()) ? null : time;
  }
  return null;
}

/**
 * Reads one reading: `{ time?, temperatura, vlaznost? }`. Without `time` the
 * reading is of the moment it arrived (`receivedAt`). A value that is not a
 * number is refused, so is one no sensor can measure (a broken probe reports
 * -999 or 3276.7), and a time ahead of the server's clock by more than the
 * tolerance.
 */
export function parseReading(payload: unknown, receivedAt: Date): ReadingParse {
  if (!payload || typeof payload !== 'object' || Array.isArray(payload)) return { ok: false, reason: 'malformed' };
  const fields = payload as Record<string, unknown>;
  const temperatura = numberOf(fields.temperatura);
  if (temperatura === null) return { ok: false, reason: 'notNumeric' };
  const hasHumidity = fields.vlaznost !== undefined && fields.vlaznost !== null;
  const vlaznost = hasHumidity ? numberOf(fields.vlaznost) : null;
  if (hasHumidity && vlaznost === null) return { ok: false, reason: 'notNumeric' };
  if (temperatura < TEMPERATURE_LIMITS.min || temperatura > TEMPERATURE_LIMITS.max) return { ok: false, reason: 'implausible' };
  if (vlaznost !== null && (vlaznost < HUMIDITY_LIMITS.min || vlaznost > HUMIDITY_LIMITS.max)) return { ok: false, reason: 'implausible' };
  const time = fields.time === undefined ? receivedAt : instantOf(fields.time);
  if (time === null) return { ok: false, reason: 'badTime' };
  if (time.getTime() > receivedAt.getTime() + FUTURE_TOLERANCE_MS) return { ok: false, reason: 'futureTime' };
  return { ok: true, reading: { time, temperatura, vlaznost } };
}

/** Whether a value lies outside an allowed range; both limits are in range. */
function outside(value: number, range: { min: number; max: number }): boolean {
  return value < range.min || value > range.max;
}

export interface ReadingVerdict {
  temperatureOut: boolean;
  humidityOut: boolean;
  outOfRange: boolean;
}

/** Whether a reading is out of the refrigerator's allowed temperature or (when monitored) humidity range. */
export function judgeReading(limits: Pick<RefrigeratorLimits, 'temperatura' | 'vlaznost'>, reading: Pick<Reading, 'temperatura' | 'vlaznost'>): ReadingVerdict {
  const temperatureOut = outside(reading.temperatura, limits.temperatura);
  const humidityOut = limits.vlaznost !== null && reading.vlaznost !== null && outside(reading.vlaznost, limits.vlaznost);
  return { temperatureOut, humidityOut, outOfRange: temperatureOut || humidityOut };
}

export type Trend = 'rising' | 'falling' | 'steady';

/** A change smaller than this (°C) over the trend window is noise of the probe, not a trend. */
export const TREND_THRESHOLD = 0.3;
/** The trend compares the latest temperature with the one this long before it. */
export const TREND_WINDOW_MINUTES = 15;

export function trendOf(latest: number, earlier: number | null): Trend {
  if (earlier === null) return 'steady';
  // Rounded to hundredths, so 5.3 - 5 (0.29999... in binary) counts as the 0.3 it is.
  const change = Math.round((latest - earlier) * 100) / 100;
  if (change >= TREND_THRESHOLD) return 'rising';
  if (change <= -TREND_THRESHOLD) return 'falling';
  return 'steady';
}
