import {
  type AcknowledgedAnswer, type AlarmAnswer, type AlarmKind, type CalendarDate, type MqttCredentials, type OverviewTile, type RefrigeratorAnswer,
  type RefrigeratorElement, type RefrigeratorStatistics, ALARM_KINDS, MAX_STATISTICS_DAYS, TREND_WINDOW_MINUTES, addDays, daysInMonth,
  epochDay, fromIsoDate, readingTopic, startOfDay, toIsoDate,
} from '@lis/domain';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../db/audit.ts';
import type { RequestContext } from '../../lib/context.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { RealtimeHub } from '../../realtime/hub.ts';
import { sensorByKeyHash, temperaturesBefore } from './ingest-repository.ts';
import type { IngestOutcome, ReadingIngest } from './ingest.ts';
import { type AlarmRow, type DailyRow, type RefrigeratorRow, type RefrigeratorValues, refrigeratorRepository } from './repository.ts';
import { sensorEntry } from './sensor-entry.ts';

// The refrigerators of the caller's site, their tiles, alarms and statistics. Every read and write goes
// through the site's repository, so another site's refrigerator or alarm answers 404 like a missing one.

function refrigeratorAnswer(row: RefrigeratorRow): RefrigeratorAnswer {
  return {
    ...row.element,
    _id: row.id,
    naziv: row.naziv,
    site: row.siteId,
    slave_id: row.slaveId,
    aktivan: row.aktivan,
    temperatura: { min: row.tempMin, max: row.tempMax },
    vlaznost: row.humMin !== null && row.humMax !== null ? { min: row.humMin, max: row.humMax } : null,
    odgoda_alarma_min: row.odgodaAlarmaMin,
    limit_tisine_min: row.limitTisineMin,
    zatvaranje_ocitanja: row.closeAfterReadings,
    zatvaranje_min: row.closeAfterMin,
    ima_kljuc: row.deviceKeyHash !== null,
    ima_mqtt: row.mqttKeyHash !== null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function valuesOf(element: RefrigeratorElement): RefrigeratorValues {
  const { _id: _ignored, ...stored } = element;
  return {
    naziv: element.naziv,
    slaveId: element.slave_id,
    aktivan: element.aktivan,
    tempMin: element.temperatura.min,
    tempMax: element.temperatura.max,
    humMin: element.vlaznost?.min ?? null,
    humMax: element.vlaznost?.max ?? null,
    odgodaAlarmaMin: element.odgoda_alarma_min,
    limitTisineMin: element.limit_tisine_min,
    closeAfterReadings: element.zatvaranje_ocitanja,
    closeAfterMin: element.zatvaranje_min,
    element: stored,
  };
}

function alarmAnswer(row: AlarmRow): AlarmAnswer {
  const potvrdio = row.potvrdioIme !== null || row.potvrdioPrezime !== null
    ? `${row.potvrdioIme ?? ''} ${row.potvrdioPrezime ?? ''}`.trim() : null;
  return {
    _id: row.id,
    frizider: row.refrigeratorId,
    naziv: row.naziv,
    vrsta: (ALARM_KINDS as readonly string[]).includes(row.vrsta) ? row.vrsta as AlarmKind : 'opseg',
    pocetak: row.pocetak.toISOString(),
    podignut: row.podignutAt.toISOString(),
    vrijednost: row.vrijednost,
    zavrsen: row.zavrsenAt?.toISOString() ?? null,
    potvrden: row.potvrdenAt?.toISOString() ?? null,
    potvrdio,
    napomena: row.napomena,
  };
}

export async function listRefrigerators(db: Db, ctx: RequestContext): Promise<RefrigeratorAnswer[]> {
  return (await refrigeratorRepository(db, ctx.siteId).list()).map(refrigeratorAnswer);
}

/** A new MQTT key: the password once, and its SHA-256, which is all that is stored. */
function newMqttKey(): { password: string; hash: string } {
  const password = `lism_${newToken()}`;
  return { password, hash: hashToken(password) };
}

/**
 * Saves the refrigerator element: with `_id` it changes that refrigerator of
 * the caller's site, without one it adds a refrigerator there, with MQTT
 * credentials of its own answered this once (only the key's hash is kept).
 * The element's `site` must be the site the caller works on. Audited with
 * the element before and after (the key never).
 */
export async function saveRefrigerator(
  db: Db, ctx: RequestContext, element: RefrigeratorElement,
): Promise<{ frizider: RefrigeratorAnswer; mqtt?: MqttCredentials }> {
  if (element.site !== ctx.siteId) throw AppError.badRequest('logger.siteMismatch', 'element.site');
  const values = valuesOf(element);
  try {
    return await db.transaction(async (tx) => {
      const repository = refrigeratorRepository(tx, ctx.siteId);
      if (element._id === undefined) {
        const key = newMqttKey();
        const created = await repository.insert(values, key.hash);
        await writeAudit(tx, ctx, { action: 'refrigerator.create', entity: 'refrigerator', entityId: created.id, newValue: values.element });
        const mqtt = { korisnik: created.id, lozinka: key.password, tema: readingTopic((await repository.site()).sifra, created.slaveId) };
        return { frizider: refrigeratorAnswer(created), mqtt };
      }
      const before = await repository.find(element._id, { forUpdate: true });
      if (!before) throw AppError.notFound();
      const updated = await repository.update(before.id, values, !before.aktivan && element.aktivan);
      if (!updated) throw AppError.notFound();
      await writeAudit(tx, ctx, {
        action: 'refrigerator.update', entity: 'refrigerator', entityId: before.id, oldValue: before.element, newValue: values.element,
      });
      return { frizider: refrigeratorAnswer(updated) };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'refrigerators_site_slave_key')) throw AppError.conflict('logger.sensorTaken', 'element.slave_id');
    throw error;
  }
}

/** A new device key for the refrigerator's gateway: answered once, only its SHA-256 kept; the previous key stops working. */
export async function newDeviceKey(db: Db, ctx: RequestContext, id: string): Promise<string> {
  const key = `lis_${newToken()}`;
  await db.transaction(async (tx) => {
    const repository = refrigeratorRepository(tx, ctx.siteId);
    if (!await repository.setDeviceKey(id, hashToken(key))) throw AppError.notFound();
    await writeAudit(tx, ctx, { action: 'refrigerator.deviceKey', entity: 'refrigerator', entityId: id, field: 'device_key', newValue: 'new key issued' });
  });
  return key;
}

/**
 * New MQTT credentials for the refrigerator (the old key stops at once: the
 * embedded broker checks every publish against the stored hash), or with
 * `revoke` none at all. Audited without the key.
 */
export async function replaceMqttKey(db: Db, ctx: RequestContext, id: string, revoke: boolean): Promise<MqttCredentials | null> {
  const key = revoke ? null : newMqttKey();
  return db.transaction(async (tx) => {
    const repository = refrigeratorRepository(tx, ctx.siteId);
    const before = await repository.find(id, { forUpdate: true });
    if (!before) throw AppError.notFound();
    const row = await repository.setMqttKey(before.id, key?.hash ?? null);
    if (!row) throw AppError.notFound();
    await writeAudit(tx, ctx, {
      action: revoke ? 'refrigerator.mqttRevoke' : 'refrigerator.mqttKey', entity: 'refrigerator', entityId: row.id, field: 'mqtt_key',
      oldValue: before.mqttKeyHash === null ? 'none' : 'key in force', newValue: revoke ? 'revoked' : 'new key issued',
    });
    return key ? { korisnik: row.id, lozinka: key.password, tema: readingTopic((await repository.site()).sifra, row.slaveId) } : null;
  });
}

/** The tiles of /loger/pregled: each refrigerator's latest reading, trend, whether out of range, and its open alarms. */
export async function overview(db: Db, ctx: RequestContext): Promise<OverviewTile[]> {
  const repository = refrigeratorRepository(db, ctx.siteId);
  const [rows, alarms] = await Promise.all([repository.list(), repository.openAlarms()]);
  const windows = rows.flatMap((row) => row.lastReadingAt
    ? [{ id: row.id, before: new Date(row.lastReadingAt.getTime() - TREND_WINDOW_MINUTES * 60_000), latest: row.lastReadingAt }] : []);
  const earlier = await temperaturesBefore(db, windows);
  return rows.map((row) => ({
    ...sensorEntry(row, earlier.get(row.id) ?? null),
    alarmi: alarms.filter((alarm) => alarm.refrigeratorId === row.id).map(alarmAnswer),
  }));
}

/** GET /loger/alarmi/otvoreni: the site's open, unacknowledged alarms, which the bell shows when a page loads. */
export async function unacknowledgedAlarms(db: Db, ctx: RequestContext): Promise<AlarmAnswer[]> {
  return (await refrigeratorRepository(db, ctx.siteId).unacknowledgedAlarms()).map(alarmAnswer);
}

/** Acknowledges an alarm with the note of what was done; audited. It leaves the bell; it stays open (on the tile) until the closing rule closes it. */
export async function acknowledgeAlarm(
  db: Db, realtime: RealtimeHub | undefined, ctx: RequestContext, id: string, napomena: string,
): Promise<AcknowledgedAnswer['alarm']> {
  const acknowledged = await db.transaction(async (tx) => {
    const repository = refrigeratorRepository(tx, ctx.siteId);
    const alarm = await repository.alarm(id, { forUpdate: true });
    if (!alarm) throw AppError.notFound();
    if (alarm.potvrdenAt !== null) throw AppError.conflict('logger.alreadyAcknowledged');
    await repository.acknowledge(alarm.id, ctx.userId, napomena, new Date());
    await writeAudit(tx, ctx, { action: 'logger.alarm.acknowledge', entity: 'logger_alarm', entityId: alarm.id, field: 'napomena', newValue: napomena });
    const after = await repository.alarm(alarm.id);
    if (!after) throw AppError.notFound();
    return alarmAnswer(after);
  });
  realtime?.emitToSite(ctx.siteId, 'logger:alarm-acknowledged', { id: acknowledged._id, frizider: acknowledged.frizider });
  return acknowledged;
}

function round(value: number, decimals = 2): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

export interface StatisticsRange {
  od: CalendarDate;
  do: CalendarDate;
}

/** Checks a range of days: the end not before the start, at most MAX_STATISTICS_DAYS. */
export function statisticsRange(odText: string, doText: string): StatisticsRange {
  const od = fromIsoDate(odText);
  const to = fromIsoDate(doText);
  if (!od) throw AppError.badRequest('form.invalid', 'od');
  if (!to) throw AppError.badRequest('form.invalid', 'do');
  const days = epochDay(to) - epochDay(od) + 1;
  if (days < 1 || days > MAX_STATISTICS_DAYS) throw new AppError(400, 'dateRange.invalid', 'do');
  return { od, do: to };
}

function refrigeratorStatistics(row: RefrigeratorRow, days: readonly DailyRow[], alarms: readonly AlarmRow[]): RefrigeratorStatistics {
  const n = days.reduce((sum, day) => sum + day.n, 0);
  const tSum = days.reduce((sum, day) => sum + day.tSum, 0);
  return {
    _id: row.id,
    naziv: row.naziv,
    slave_id: row.slaveId,
    temperatura: { min: row.tempMin, max: row.tempMax },
    vlaznost: row.humMin !== null && row.humMax !== null ? { min: row.humMin, max: row.humMax } : null,
    dani: days.map((day) => ({
      dan: day.dan,
      n: day.n,
      t_min: day.tMin,
      t_max: day.tMax,
      t_avg: round(day.tSum / day.n),
      h_min: day.hN > 0 ? day.hMin : null,
      h_max: day.hN > 0 ? day.hMax : null,
      h_avg: day.hN > 0 ? round(day.hSum / day.hN) : null,
      van_opsega_min: day.vanOpsega,
    })),
    ukupno: {
      n,
      t_min: days.length > 0 ? Math.min(...days.map((day) => day.tMin)) : null,
      t_max: days.length > 0 ? Math.max(...days.map((day) => day.tMax)) : null,
      t_avg: n > 0 ? round(tSum / n) : null,
      van_opsega_min: days.reduce((sum, day) => sum + day.vanOpsega, 0),
    },
    alarmi: alarms.filter((alarm) => alarm.refrigeratorId === row.id).map(alarmAnswer),
  };
}

/**
 * Statistics of the site's refrigerators (or one) for days `od` to `do` in
 * the site's calendar: per day readings, min/max/mean temperature and
 * humidity, minutes out of range (each reading stands for its minute), and
 * the alarms raised in those days.
 */
export async function statistics(db: Db, ctx: RequestContext, range: StatisticsRange, refrigeratorId?: string): Promise<RefrigeratorStatistics[]> {
  const repository = refrigeratorRepository(db, ctx.siteId);
  // Two round trips, each of statements that do not wait for one another (on PostgreSQL they run side by side):
  // the site's zone and the refrigerators with their daily sums (days are the site's calendar days already), then the alarms.
  const [{ timeZone }, rows, daily] = await Promise.all([
    repository.site(),
    refrigeratorId === undefined ? repository.list() : repository.find(refrigeratorId).then((row) => [row]),
    repository.daily(toIsoDate(range.od), toIsoDate(range.do), refrigeratorId),
  ]);
  const chosen = rows.filter((row): row is RefrigeratorRow => row !== null);
  if (refrigeratorId !== undefined && chosen.length === 0) throw AppError.notFound();
  const alarms = await repository.alarmsRaised(startOfDay(range.od, timeZone), startOfDay(addDays(range.do, 1), timeZone), refrigeratorId);
  return chosen.map((row) => refrigeratorStatistics(row, daily.filter((day) => day.refrigeratorId === row.id), alarms));
}

/** The month `YYYY-MM` as a range of days. */
export function monthRange(month: string): StatisticsRange {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return { od: { year, month: monthNumber, day: 1 }, do: { year, month: monthNumber, day: daysInMonth(year, monthNumber) } };
}

export interface MonthlyRecord {
  siteNaziv: string;
  timeZone: string;
  month: string;
  range: StatisticsRange;
  refrigerators: RefrigeratorStatistics[];
  printedAt: Date;
}

/** What the monthly record prints: the site, the month, and each refrigerator's days and alarms. */
export async function monthlyRecord(db: Db, ctx: RequestContext, month: string): Promise<MonthlyRecord> {
  const range = monthRange(month);
  const site = await refrigeratorRepository(db, ctx.siteId).site();
  return { siteNaziv: site.naziv, timeZone: site.timeZone, month, range, refrigerators: await statistics(db, ctx, range), printedAt: new Date() };
}

/** Readings a gateway posts with its refrigerator's device key: a missing or unknown key is 401, whatever else the call carries. */
export async function ingestFromDevice(db: Db, ingest: ReadingIngest, key: string | null, readings: readonly unknown[]): Promise<IngestOutcome> {
  const sensor = key !== null && key.length <= 200 ? await sensorByKeyHash(db, hashToken(key)) : null;
  if (!sensor) throw new AppError(401, 'logger.deviceKey');
  return ingest.ingest(readings.map((payload) => ({ sensor: { refrigeratorId: sensor.id }, payload })));
}
