import {
  type AlarmAction, type BrokerStatus, type IngestCounters, type IngestRejection, type MonitorState, type Reading, INGEST_REJECTIONS, TREND_WINDOW_MINUTES,
  afterReading, afterTick, parseReading,
} from '@lis/domain';
import type { Db, Tx } from '../../db/client.ts';
import type { RealtimeHub } from '../../realtime/hub.ts';
import {
  type RaisedAlarm, type ReadingRow, type SensorRow, allSensors, clearAlarm, lockSensors, openAlarmKinds, raiseAlarm, saveMonitors,
  storeReadings, temperaturesBefore,
} from './ingest-repository.ts';
import { limitsOf, monitorStateOf, sensorEntry } from './sensor-entry.ts';

/**
 * The one way readings enter the database, whether they came over MQTT or
 * HTTP: each payload is parsed by the domain's rules, its sensor resolved,
 * the good ones stored in one batch (duplicates skipped), each refrigerator's
 * monitor moved reading by reading through the alarm rules, and after the
 * commit the site's room told ('temperature' with the sensor entry,
 * 'logger:alarm' and 'logger:alarm-cleared'). A bad reading is counted by
 * reason and logged (site code, sensor and reason only), never stored, and
 * never stops the others. Batches and clock ticks run one after another, so
 * a refrigerator's monitor is never moved by two at once in this process;
 * across processes the row locks and the one-open-alarm index keep it right.
 */

/** Which sensor a payload is from: the MQTT topic's site code and slave id, or the refrigerator a device key belongs to. */
export type SensorRef = { sifra: string; slaveId: number } | { refrigeratorId: string };

export interface IngestItem {
  sensor: SensorRef | null;
  payload: unknown;
}

export interface IngestOutcome {
  stored: number;
  duplicates: number;
  rejected: Array<{ index: number; reason: IngestRejection }>;
}

/** Where the ingest writes its lines (pino's logger, or silence in tests). */
export interface IngestLog {
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

const SILENT: IngestLog = { warn: () => {}, error: () => {} };

/** MQTT readings wait this long (or until this many are waiting) and are stored as one batch. */
const FLUSH_AFTER_MS = 200;
const FLUSH_AT_ITEMS = 1000;
/** A refused MQTT message of a reason already logged is logged again, with the count since, after this long. */
const LOG_EVERY_MS = 10_000;
/** How often the clock looks for silence and for runs out of range whose delay passed without a reading. */
export const TICK_MS = 30_000;

interface AlarmEvent {
  siteId: string;
  name: 'logger:alarm' | 'logger:alarm-cleared';
  payload: Record<string, unknown>;
}

function emptyCounters(): IngestCounters {
  return { primljeno: 0, duplikati: 0, odbijeno: Object.fromEntries(INGEST_REJECTIONS.map((reason) => [reason, 0])) as IngestCounters['odbijeno'] };
}

/** A process that runs no MQTT (tests, or before the broker started): no broker to show. */
const NO_BROKER: BrokerStatus = { vrsta: 'none', stanje: 'off', od: null, greska: null };

export class ReadingIngest {
  /** The MQTT broker's state for /loger/pregled; set by startMqttIngest (mqtt.ts). */
  brokerStatus: () => BrokerStatus = () => NO_BROKER;
  private counters = emptyCounters();
  private chain: Promise<unknown> = Promise.resolve();
  private queue: IngestItem[] = [];
  private flushTimer: NodeJS.Timeout | null = null;
  private tickTimer: NodeJS.Timeout | null = null;
  private readonly quietUntil = new Map<IngestRejection, number>();
  private readonly unlogged = new Map<IngestRejection, number>();

  constructor(
    private readonly db: Db,
    private readonly realtime: RealtimeHub | undefined,
    private readonly log: IngestLog = SILENT,
  ) {}

  /** Readings taken, found stored already, and refused by reason since the start. */
  stats(): IngestCounters {
    return { ...this.counters, odbijeno: { ...this.counters.odbijeno } };
  }

  /**
   * Counts a payload refused before it could be read as a reading at all (an MQTT message that is not
   * JSON, a topic of no sensor). Logged at most once per reason in LOG_EVERY_MS with how many were
   * refused since, so a misconfigured gateway sending every second cannot flood the log.
   */
  reject(reason: IngestRejection, fields: object, now = Date.now()): void {
    this.counters.odbijeno[reason] += 1;
    const quiet = this.quietUntil.get(reason);
    this.unlogged.set(reason, (this.unlogged.get(reason) ?? 0) + 1);
    if (quiet !== undefined && now < quiet) return;
    this.log.warn({ ...fields, reason, refused: this.unlogged.get(reason) }, 'temperature reading refused');
    this.unlogged.set(reason, 0);
    this.quietUntil.set(reason, now + LOG_EVERY_MS);
  }

  /** Queues a reading for the next batch (MQTT): stored within FLUSH_AFTER_MS. */
  enqueue(item: IngestItem): void {
    this.queue.push(item);
    if (this.queue.length >= FLUSH_AT_ITEMS) void this.flush();
    else this.flushTimer ??= setTimeout(() => void this.flush(), FLUSH_AFTER_MS);
  }

  /** Stores what is queued; resolves when it is stored (tests wait on it). */
  flush(): Promise<void> {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    const items = this.queue;
    this.queue = [];
    if (items.length === 0) return this.chain.then(() => undefined);
    return this.ingest(items).then(() => undefined, (error: unknown) => {
      // A batch that could not be stored (database down) is lost, not retried forever; the gateways send on.
      this.log.error({ err: error, readings: items.length }, 'temperature batch not stored');
    });
  }

  /** Starts the clock that raises silence and delayed out-of-range alarms. */
  start(): void {
    this.tickTimer ??= setInterval(() => {
      this.tick().catch((error: unknown) => this.log.error({ err: error }, 'temperature alarm check failed'));
    }, TICK_MS);
  }

  async stop(): Promise<void> {
    if (this.tickTimer) clearInterval(this.tickTimer);
    this.tickTimer = null;
    await this.flush();
  }

  /** One batch of readings, run after whatever batch or tick runs now. */
  ingest(items: readonly IngestItem[], receivedAt = new Date()): Promise<IngestOutcome> {
    return this.serial(() => this.ingestNow(items, receivedAt));
  }

  /** The clock's alarms at `now`, run after whatever batch runs now. */
  tick(now = new Date()): Promise<void> {
    return this.serial(() => this.tickNow(now));
  }

  private serial<T>(work: () => Promise<T>): Promise<T> {
    const run = this.chain.then(work, work);
    this.chain = run.catch(() => undefined);
    return run;
  }

  private async ingestNow(items: readonly IngestItem[], receivedAt: Date): Promise<IngestOutcome> {
    const sensors = await allSensors(this.db);
    const byTopic = new Map(sensors.map((sensor) => [`${sensor.sifra}/${sensor.slaveId}`, sensor]));
    const byId = new Map(sensors.map((sensor) => [sensor.id, sensor]));
    const rejected: IngestOutcome['rejected'] = [];
    const readings: ReadingRow[] = [];
    items.forEach((item, index) => {
      const sensor = item.sensor === null ? undefined
        : 'refrigeratorId' in item.sensor ? byId.get(item.sensor.refrigeratorId) : byTopic.get(`${item.sensor.sifra}/${item.sensor.slaveId}`);
      const parsed = parseReading(item.payload, receivedAt);
      const reason: IngestRejection | null = item.sensor === null ? 'malformed' : !parsed.ok ? parsed.reason : sensor ? null : 'unknownSensor';
      if (reason !== null || !parsed.ok || !sensor) {
        rejected.push({ index, reason: reason ?? 'malformed' });
        return;
      }
      readings.push({ refrigeratorId: sensor.id, ...parsed.reading });
    });
    if (rejected.length > 0) {
      for (const { reason } of rejected) this.counters.odbijeno[reason] += 1;
      const reasons: Partial<Record<IngestRejection, number>> = {};
      for (const { reason } of rejected) reasons[reason] = (reasons[reason] ?? 0) + 1;
      const refs = [...new Set(rejected.map(({ index }) => sensorLabel(items[index]?.sensor ?? null)))].slice(0, 20);
      this.log.warn({ reasons, sensors: refs }, 'temperature readings refused');
    }
    if (readings.length === 0) return { stored: 0, duplicates: 0, rejected };

    const { inserted, touched, alarmEvents } = await this.db.transaction(async (tx) => {
      const stored = await storeReadings(tx, readings);
      const moved = await this.moveMonitors(tx, stored);
      return { inserted: stored, ...moved };
    });
    this.counters.primljeno += inserted.length;
    this.counters.duplikati += readings.length - inserted.length;
    await this.announce(touched, alarmEvents);
    return { stored: inserted.length, duplicates: readings.length - inserted.length, rejected };
  }

  /** Moves each refrigerator's monitor through its new readings in time order and writes the alarms they raise or clear. */
  private async moveMonitors(tx: Tx, inserted: readonly ReadingRow[]): Promise<{ touched: SensorRow[]; alarmEvents: AlarmEvent[] }> {
    const ids = [...new Set(inserted.map((reading) => reading.refrigeratorId))];
    const sensors = await lockSensors(tx, ids);
    const open = await openAlarmKinds(tx, ids);
    const alarmEvents: AlarmEvent[] = [];
    const touched: SensorRow[] = [];
    for (const sensor of sensors) {
      const own = inserted.filter((reading) => reading.refrigeratorId === sensor.id).sort((a, b) => a.time.getTime() - b.time.getTime());
      const limits = limitsOf(sensor);
      let state: MonitorState = monitorStateOf(sensor, open.get(sensor.id));
      let latest: Reading | null = null;
      for (const reading of own) {
        const step = afterReading(limits, state, reading);
        if (step.state.lastReadingAt !== state.lastReadingAt) latest = reading;
        alarmEvents.push(...await this.applyAlarms(tx, sensor, step.actions, reading.time, reading.temperatura));
        state = step.state;
      }
      if (latest === null) continue;
      const moved: SensorRow = {
        ...sensor, lastReadingAt: latest.time, lastTemperatura: latest.temperatura, lastVlaznost: latest.vlaznost, outOfRangeSince: state.outOfRangeSince,
        backInRangeSince: state.backInRange?.since ?? null, backInRangeCount: state.backInRange?.count ?? 0,
        resumedSince: state.resumed?.since ?? null, resumedCount: state.resumed?.count ?? 0,
      };
      touched.push(moved);
    }
    await saveMonitors(tx, touched);
    return { touched, alarmEvents };
  }

  private async applyAlarms(tx: Tx, sensor: SensorRow, actions: readonly AlarmAction[], at: Date, value: number | null): Promise<AlarmEvent[]> {
    const events: AlarmEvent[] = [];
    for (const action of actions) {
      if (action.type === 'raise') {
        const alarm = await raiseAlarm(tx, {
          refrigeratorId: sensor.id, siteId: sensor.siteId, vrsta: action.kind, pocetak: action.since, podignutAt: at,
          vrijednost: action.kind === 'opseg' ? value : null,
        });
        if (alarm) events.push({ siteId: sensor.siteId, name: 'logger:alarm', payload: alarmPayload(alarm, sensor.naziv) });
      } else {
        const id = await clearAlarm(tx, sensor.id, action.kind, at);
        if (id) events.push({ siteId: sensor.siteId, name: 'logger:alarm-cleared', payload: { id, frizider: sensor.id, vrsta: action.kind } });
      }
    }
    return events;
  }

  private async tickNow(now: Date): Promise<void> {
    const sensors = await allSensors(this.db);
    const open = await openAlarmKinds(this.db, sensors.map((sensor) => sensor.id));
    const due = sensors.filter((sensor) => afterTick(limitsOf(sensor), monitorStateOf(sensor, open.get(sensor.id)), now).actions.length > 0);
    if (due.length === 0) return;
    const alarmEvents = await this.db.transaction(async (tx) => {
      // Read again under the lock: a batch of another process may have moved the monitor since.
      const locked = await lockSensors(tx, due.map((sensor) => sensor.id));
      const openNow = await openAlarmKinds(tx, locked.map((sensor) => sensor.id));
      const events: AlarmEvent[] = [];
      for (const sensor of locked) {
        const { actions } = afterTick(limitsOf(sensor), monitorStateOf(sensor, openNow.get(sensor.id)), now);
        events.push(...await this.applyAlarms(tx, sensor, actions, now, sensor.lastTemperatura));
      }
      return events;
    });
    await this.announce([], alarmEvents);
  }

  /** After the commit: each moved refrigerator's sensor entry and the alarm changes, to its own site's room only. */
  private async announce(touched: readonly SensorRow[], alarmEvents: readonly AlarmEvent[]): Promise<void> {
    if (!this.realtime) return;
    const windows = touched.flatMap((sensor) => sensor.lastReadingAt
      ? [{ id: sensor.id, before: new Date(sensor.lastReadingAt.getTime() - TREND_WINDOW_MINUTES * 60_000), latest: sensor.lastReadingAt }] : []);
    const earlier = await temperaturesBefore(this.db, windows);
    for (const sensor of touched) this.realtime.emitToSite(sensor.siteId, 'temperature', sensorEntry(sensor, earlier.get(sensor.id) ?? null));
    for (const event of alarmEvents) this.realtime.emitToSite(event.siteId, event.name, event.payload);
  }
}

/** The 'logger:alarm' payload: `id` the alarm's, the refrigerator and its name, the kind, since when and the value that raised it. */
function alarmPayload(alarm: RaisedAlarm, naziv: string): Record<string, unknown> {
  return {
    id: alarm.id, frizider: alarm.refrigeratorId, naziv, vrsta: alarm.vrsta, pocetak: alarm.pocetak.toISOString(), vrijednost: alarm.vrijednost,
  };
}

/** How a refused reading's sensor is logged: the site code and slave id, or the refrigerator id; never the payload. */
function sensorLabel(sensor: SensorRef | null): string {
  if (sensor === null) return 'unknown';
  return 'refrigeratorId' in sensor ? sensor.refrigeratorId : `${sensor.sifra}/${sensor.slaveId}`;
}
