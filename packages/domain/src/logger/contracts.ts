import { z } from 'zod';
import { daySchema, failureResponses, instantSchema, sessionFields, successAnswer } from '../answers.ts';
import { ALARM_KINDS } from './alarms.ts';
import { INGEST_REJECTIONS } from './readings.ts';
import { refrigeratorElementSchema, temperatureRangeSchema } from './refrigerator.ts';
import { defineCall } from '../call.ts';

/**
 * Contracts of the temperature logger's calls: the refrigerators' settings
 * (/loger/postavke), the live tiles (/loger/pregled), alarm acknowledgement,
 * the statistics and the monthly record (/loger/statistika), and the
 * readings gateways post with their device key.
 */

const rangeAnswer = z.object({ min: z.number(), max: z.number() });

/** A refrigerator as the list and the editor show it: its element, plus whether a device key is set. */
export const refrigeratorAnswerSchema = z.looseObject({
  _id: z.string(),
  naziv: z.string(),
  site: z.string(),
  slave_id: z.number().int(),
  aktivan: z.boolean(),
  temperatura: rangeAnswer,
  vlaznost: rangeAnswer.nullable(),
  odgoda_alarma_min: z.number().int(),
  limit_tisine_min: z.number().int(),
  zatvaranje_ocitanja: z.number().int(),
  zatvaranje_min: z.number().int(),
  ima_kljuc: z.boolean(),
  /** Whether MQTT credentials are in force (issued at creation; revocable). */
  ima_mqtt: z.boolean(),
  created_at: instantSchema,
  updated_at: instantSchema,
});
export type RefrigeratorAnswer = z.output<typeof refrigeratorAnswerSchema>;

/** How many readings the ingest took, found already stored, and refused by reason, since the server started. */
export const ingestCountersSchema = z.object({
  primljeno: z.number().int(),
  duplikati: z.number().int(),
  odbijeno: z.record(z.enum(INGEST_REJECTIONS), z.number().int()),
});
export type IngestCounters = z.output<typeof ingestCountersSchema>;

export const refrigeratorListAnswer = successAnswer({ frizideri: z.array(refrigeratorAnswerSchema), prijem: ingestCountersSchema });
export type RefrigeratorListAnswer = z.output<typeof refrigeratorListAnswer>;

/** POST /api/loger/frizider/edit: `element` is the refrigerator's JSON; with `_id` it changes that one, without it adds one. */
export const refrigeratorEditBody = z.object({ element: refrigeratorElementSchema, ...sessionFields });
/**
 * A refrigerator's MQTT credentials for the embedded broker, answered once (at creation, or when issued anew):
 * `korisnik` the user name (the refrigerator's id), `lozinka` the password (only its SHA-256 is kept), `tema`
 * the one topic the client may publish to.
 */
export const mqttCredentialsSchema = z.object({ korisnik: z.string(), lozinka: z.string(), tema: z.string() });
export type MqttCredentials = z.output<typeof mqttCredentialsSchema>;

/** `mqtt`: the new refrigerator's MQTT credentials, only in the answer that created it. */
export const refrigeratorSavedAnswer = successAnswer({ message: z.string(), frizider: refrigeratorAnswerSchema, mqtt: mqttCredentialsSchema.optional() });
export type RefrigeratorSavedAnswer = z.output<typeof refrigeratorSavedAnswer>;

/** POST /api/loger/frizider/kljuc: a new device key for the refrigerator's gateway, shown this once (only its hash is kept). */
export const deviceKeyBody = z.object({ id: z.uuid(), ...sessionFields });
export const deviceKeyAnswer = successAnswer({ kljuc: z.string() });
export type DeviceKeyAnswer = z.output<typeof deviceKeyAnswer>;

/** POST /api/loger/frizider/mqtt: `opoziv` true revokes the refrigerator's MQTT credentials, else new ones replace them. */
export const mqttKeyBody = z.object({ id: z.uuid(), opoziv: z.boolean().default(false), ...sessionFields });
export const mqttKeyAnswer = successAnswer({ mqtt: mqttCredentialsSchema.nullable() });
export type MqttKeyAnswer = z.output<typeof mqttKeyAnswer>;

/**
 * The MQTT broker as this server sees it: the embedded one (`listening`, or `off` when its port was taken) or
 * the one MQTT_URL names (`connecting`, `connected`, `disconnected`); `od` since when, `greska` the last error's
 * kind (ECONNREFUSED, EADDRINUSE …), never its text. `vrsta` 'none' in a process that runs no MQTT at all.
 */
export const brokerStatusSchema = z.object({
  vrsta: z.enum(['embedded', 'external', 'none']),
  stanje: z.enum(['listening', 'off', 'connecting', 'connected', 'disconnected']),
  od: instantSchema.nullable(),
  greska: z.string().nullable(),
});
export type BrokerStatus = z.output<typeof brokerStatusSchema>;

export const alarmKindSchema = z.enum(ALARM_KINDS);

/** An alarm: its kind, since when the condition held, when it was raised, cleared and acknowledged (by whom, with what note). */
export const alarmAnswerSchema = z.object({
  _id: z.string(),
  frizider: z.string(),
  naziv: z.string(),
  vrsta: alarmKindSchema,
  pocetak: instantSchema,
  podignut: instantSchema,
  vrijednost: z.number().nullable(),
  zavrsen: instantSchema.nullable(),
  potvrden: instantSchema.nullable(),
  potvrdio: z.string().nullable(),
  napomena: z.string().nullable(),
});
export type AlarmAnswer = z.output<typeof alarmAnswerSchema>;

/**
 * A tile of /loger/pregled, and the sensor entry of the 'temperature' socket
 * event: `_id` and `frizider` are the refrigerator's id, `naziv` its name,
 * `active` whether it is monitored; `time`, `temperatura`, `vlaznost` the
 * latest reading (null before the first).
 */
export const sensorEntrySchema = z.object({
  _id: z.string(),
  frizider: z.string(),
  naziv: z.string(),
  slave_id: z.number().int(),
  active: z.boolean(),
  time: instantSchema.nullable(),
  temperatura: z.number().nullable(),
  vlaznost: z.number().nullable(),
  trend: z.enum(['rising', 'falling', 'steady']),
  van_opsega: z.boolean(),
  granice: z.object({ temperatura: rangeAnswer, vlaznost: rangeAnswer.nullable() }),
});
export type SensorEntry = z.output<typeof sensorEntrySchema>;

export const overviewTileSchema = sensorEntrySchema.extend({ alarmi: z.array(alarmAnswerSchema) });
export type OverviewTile = z.output<typeof overviewTileSchema>;
export const overviewAnswer = successAnswer({ senzori: z.array(overviewTileSchema), broker: brokerStatusSchema });
export type OverviewAnswer = z.output<typeof overviewAnswer>;

/**
 * GET /api/loger/alarmi/otvoreni: the site's open alarms nobody has acknowledged yet, newest first. The bell shows
 * them when a page loads; the socket's 'logger:alarm' events keep it current from then on.
 */
export const unacknowledgedAlarmsAnswer = successAnswer({ alarmi: z.array(alarmAnswerSchema) });
export type UnacknowledgedAlarmsAnswer = z.output<typeof unacknowledgedAlarmsAnswer>;

/** POST /api/loger/alarmi/potvrdi: acknowledges an alarm with the note of what was done. */
export const acknowledgeBody = z.object({
  id: z.uuid(),
  napomena: z.string().trim().min(1, { error: 'logger.noteRequired' }).max(1000),
  ...sessionFields,
});
export const acknowledgedAnswer = successAnswer({ alarm: alarmAnswerSchema });
export type AcknowledgedAnswer = z.output<typeof acknowledgedAnswer>;

/** The longest range the statistics take at once: a year and a leap day. */
export const MAX_STATISTICS_DAYS = 366;

/** GET /api/loger/statistika: days `od` to `do` (site's calendar, inclusive); `frizider` narrows to one refrigerator. */
export const statisticsQuery = z.object({
  od: daySchema,
  do: daySchema,
  frizider: z.uuid().optional(),
});

/** A day of a refrigerator: readings, temperature and humidity min/max/mean, minutes out of range (each reading stands for its minute). */
export const statisticsDaySchema = z.object({
  dan: daySchema,
  n: z.number().int(),
  t_min: z.number(),
  t_max: z.number(),
  t_avg: z.number(),
  h_min: z.number().nullable(),
  h_max: z.number().nullable(),
  h_avg: z.number().nullable(),
  van_opsega_min: z.number().int(),
});
export type StatisticsDay = z.output<typeof statisticsDaySchema>;

export const refrigeratorStatisticsSchema = z.object({
  _id: z.string(),
  naziv: z.string(),
  slave_id: z.number().int(),
  temperatura: temperatureRangeSchema,
  vlaznost: rangeAnswer.nullable(),
  dani: z.array(statisticsDaySchema),
  ukupno: z.object({
    n: z.number().int(),
    t_min: z.number().nullable(),
    t_max: z.number().nullable(),
    t_avg: z.number().nullable(),
    van_opsega_min: z.number().int(),
  }),
  alarmi: z.array(alarmAnswerSchema),
});
export type RefrigeratorStatistics = z.output<typeof refrigeratorStatisticsSchema>;
export const statisticsAnswer = successAnswer({ od: daySchema, do: daySchema, frizideri: z.array(refrigeratorStatisticsSchema) });
export type StatisticsAnswer = z.output<typeof statisticsAnswer>;

/** GET /api/loger/statistika/pdf: the monthly record (`mjesec` YYYY-MM), one page per refrigerator. */
export const monthlyRecordQuery = z.object({ mjesec: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'form.invalid' }) });

/**
 * POST /api/loger/ocitanja: readings of the refrigerator whose device key
 * authorises the call (`Authorization: Device <key>` or `x-device-key`).
 * Each reading is `{ time?, temperatura, vlaznost? }`; refused ones are
 * counted and named by index, the others stored (a time already stored is a
 * duplicate, not stored twice).
 */
export const MAX_READINGS_PER_POST = 1000;
export const ingestBody = z.object({ readings: z.array(z.unknown()).min(1).max(MAX_READINGS_PER_POST) });
export const ingestAnswer = successAnswer({
  primljeno: z.number().int(),
  duplikati: z.number().int(),
  odbijeno: z.array(z.object({ index: z.number().int(), razlog: z.enum(INGEST_REJECTIONS) })),
});
export type IngestAnswer = z.output<typeof ingestAnswer>;

export const loggerContracts = {
  list: defineCall({
    method: 'GET', path: '/loger/frizider/list', permission: 'logger.read',
    response: { 200: refrigeratorListAnswer, ...failureResponses },
  }),
  edit: defineCall({
    method: 'POST', path: '/loger/frizider/edit', permission: 'settings.write',
    body: refrigeratorEditBody, response: { 200: refrigeratorSavedAnswer, ...failureResponses },
  }),
  deviceKey: defineCall({
    method: 'POST', path: '/loger/frizider/kljuc', permission: 'settings.write',
    body: deviceKeyBody, response: { 200: deviceKeyAnswer, ...failureResponses },
  }),
  mqttKey: defineCall({
    method: 'POST', path: '/loger/frizider/mqtt', permission: 'settings.write',
    body: mqttKeyBody, response: { 200: mqttKeyAnswer, ...failureResponses },
  }),
  overview: defineCall({
    method: 'GET', path: '/loger/pregled', permission: 'logger.read',
    response: { 200: overviewAnswer, ...failureResponses },
  }),
  unacknowledgedAlarms: defineCall({
    method: 'GET', path: '/loger/alarmi/otvoreni', permission: 'logger.read',
    response: { 200: unacknowledgedAlarmsAnswer, ...failureResponses },
  }),
  acknowledge: defineCall({
    method: 'POST', path: '/loger/alarmi/potvrdi', permission: 'logger.acknowledge',
    body: acknowledgeBody, response: { 200: acknowledgedAnswer, ...failureResponses },
  }),
  statistics: defineCall({
    method: 'GET', path: '/loger/statistika', permission: 'logger.read',
    querystring: statisticsQuery, response: { 200: statisticsAnswer, ...failureResponses },
  }),
  monthlyRecord: defineCall({
    method: 'GET', path: '/loger/statistika/pdf', permission: 'logger.read',
    querystring: monthlyRecordQuery,
    response: {
    200: {
    description: 'The monthly record as a PDF, one A4 page per refrigerator.',
    content: { 'application/pdf': { schema: z.custom<Uint8Array>((value) => value instanceof Uint8Array).meta({ type: 'string', format: 'binary' }) } },
    },
    ...failureResponses,
    },
  }),
  ingest: defineCall({
    method: 'POST', path: '/loger/ocitanja', permission: 'public',
    body: ingestBody, response: { 200: ingestAnswer, ...failureResponses },
  }),
} as const;
