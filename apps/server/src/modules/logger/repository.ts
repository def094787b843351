import { and, asc, desc, eq, gte, isNull, lt, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sites, users } from '../../db/shared-tables.ts';
import { loggerAlarms, refrigerators, temperatureDaily } from './tables.ts';
import { isUuid } from '../../lib/ids.ts';

/** A refrigerator row as the services read it. */
export type RefrigeratorRow = typeof refrigerators.$inferSelect;
export type RefrigeratorValues = Pick<typeof refrigerators.$inferInsert,
  'naziv' | 'slaveId' | 'aktivan' | 'tempMin' | 'tempMax' | 'humMin' | 'humMax' | 'odgodaAlarmaMin' | 'limitTisineMin'
  | 'closeAfterReadings' | 'closeAfterMin' | 'element'>;

/** An alarm with its refrigerator's name and the name of whoever acknowledged it. */
export interface AlarmRow {
  id: string;
  refrigeratorId: string;
  naziv: string;
  vrsta: string;
  pocetak: Date;
  podignutAt: Date;
  vrijednost: number | null;
  zavrsenAt: Date | null;
  potvrdenAt: Date | null;
  potvrdioIme: string | null;
  potvrdioPrezime: string | null;
  napomena: string | null;
}

/** A refrigerator's day from the daily sums: mean = sum / count. */
export interface DailyRow {
  refrigeratorId: string;
  dan: string;
  n: number;
  tMin: number;
  tMax: number;
  tSum: number;
  hN: number;
  hMin: number | null;
  hMax: number | null;
  hSum: number;
  vanOpsega: number;
}

const alarmColumns = {
  id: loggerAlarms.id,
  refrigeratorId: loggerAlarms.refrigeratorId,
  naziv: refrigerators.naziv,
  vrsta: loggerAlarms.vrsta,
  pocetak: loggerAlarms.pocetak,
  podignutAt: loggerAlarms.podignutAt,
  vrijednost: loggerAlarms.vrijednost,
  zavrsenAt: loggerAlarms.zavrsenAt,
  potvrdenAt: loggerAlarms.potvrdenAt,
  potvrdioIme: users.ime,
  potvrdioPrezime: users.prezime,
  napomena: loggerAlarms.napomena,
};

/**
 * The refrigerators, alarms and daily sums of one site. Every statement
 * carries `site_id = <the site>` (daily sums through their refrigerator), so
 * another site's refrigerator is never read or changed, whatever id a caller
 * passes.
 */
export function refrigeratorRepository(db: Db, siteId: string) {
  /** The statement of `daily`, apart so a test can EXPLAIN it: the refrigerators of the site, then each one's days from the primary key. */
  const dailyQuery = (from: string, to: string, refrigeratorId?: string) => {
    return db.select({
      refrigeratorId: temperatureDaily.refrigeratorId,
      dan: temperatureDaily.dan,
      n: temperatureDaily.n,
      tMin: temperatureDaily.tMin,
      tMax: temperatureDaily.tMax,
      tSum: temperatureDaily.tSum,
      hN: temperatureDaily.hN,
      hMin: temperatureDaily.hMin,
      hMax: temperatureDaily.hMax,
      hSum: temperatureDaily.hSum,
      vanOpsega: temperatureDaily.vanOpsega,
    }).from(temperatureDaily)
      .innerJoin(refrigerators, eq(refrigerators.id, temperatureDaily.refrigeratorId))
      .where(and(
        eq(refrigerators.siteId, siteId),
        refrigeratorId ? eq(temperatureDaily.refrigeratorId, refrigeratorId) : undefined,
        gte(temperatureDaily.dan, from),
        lte(temperatureDaily.dan, to),
      ))
      .orderBy(asc(temperatureDaily.refrigeratorId), asc(temperatureDaily.dan));
  };

  const ofSite = eq(refrigerators.siteId, siteId);
  const alarmsQuery = () => db.select(alarmColumns).from(loggerAlarms)
    .innerJoin(refrigerators, eq(refrigerators.id, loggerAlarms.refrigeratorId))
    .leftJoin(users, eq(users.id, loggerAlarms.potvrdio));
  return {
    /** The site's name, code (its MQTT topics') and time zone (its days are the statistics' days). */
    async site(): Promise<{ naziv: string; sifra: string; timeZone: string }> {
      const [site] = await db.select({ naziv: sites.naziv, sifra: sites.sifra, timeZone: sites.timeZone }).from(sites).where(eq(sites.id, siteId));
      return site ?? { naziv: '', sifra: '', timeZone: 'Europe/Sarajevo' };
    },

    list(): Promise<RefrigeratorRow[]> {
      return db.select().from(refrigerators).where(ofSite).orderBy(asc(refrigerators.naziv), asc(refrigerators.slaveId));
    },

    async find(id: string, options: { forUpdate?: boolean } = {}): Promise<RefrigeratorRow | null> {
      if (!isUuid(id)) return null;
      const query = db.select().from(refrigerators).where(and(ofSite, eq(refrigerators.id, id)));
      const [row] = options.forUpdate ? await query.for('update') : await query;
      return row ?? null;
    },

    async insert(values: RefrigeratorValues, mqttKeyHash: string | null = null): Promise<RefrigeratorRow> {
      const [row] = await db.insert(refrigerators).values({ ...values, siteId, mqttKeyHash }).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    /** A refrigerator made active again is monitored afresh: its silence counts from now, not from its last reading long ago (see afterTick). */
    async update(id: string, values: RefrigeratorValues, reactivated: boolean): Promise<RefrigeratorRow | null> {
      const [row] = await db.update(refrigerators)
        .set({ ...values, updatedAt: new Date(), ...(reactivated ? { monitoredSince: new Date() } : {}) })
        .where(and(ofSite, eq(refrigerators.id, id))).returning();
      return row ?? null;
    },

    async setDeviceKey(id: string, keyHash: string): Promise<boolean> {
      const rows = await db.update(refrigerators).set({ deviceKeyHash: keyHash, updatedAt: new Date() })
        .where(and(ofSite, eq(refrigerators.id, id))).returning({ id: refrigerators.id });
      return rows.length > 0;
    },

    /** Sets (or with null revokes) the hash of the refrigerator's MQTT key. */
    async setMqttKey(id: string, keyHash: string | null): Promise<RefrigeratorRow | null> {
      const [row] = await db.update(refrigerators).set({ mqttKeyHash: keyHash, updatedAt: new Date() })
        .where(and(ofSite, eq(refrigerators.id, id))).returning();
      return row ?? null;
    },

    openAlarms(): Promise<AlarmRow[]> {
      return alarmsQuery().where(and(eq(loggerAlarms.siteId, siteId), isNull(loggerAlarms.zavrsenAt)))
        .orderBy(desc(loggerAlarms.podignutAt));
    },

    /** Open alarms nobody has acknowledged yet, newest first (the bell's). */
    unacknowledgedAlarms(): Promise<AlarmRow[]> {
      return alarmsQuery().where(and(eq(loggerAlarms.siteId, siteId), isNull(loggerAlarms.zavrsenAt), isNull(loggerAlarms.potvrdenAt)))
        .orderBy(desc(loggerAlarms.podignutAt));
    },

    async alarm(id: string, options: { forUpdate?: boolean } = {}): Promise<AlarmRow | null> {
      if (!isUuid(id)) return null;
      const query = alarmsQuery().where(and(eq(loggerAlarms.siteId, siteId), eq(loggerAlarms.id, id)));
      const [row] = options.forUpdate ? await query.for('update', { of: loggerAlarms }) : await query;
      return row ?? null;
    },

    async acknowledge(id: string, userId: string, napomena: string, at: Date): Promise<void> {
      await db.update(loggerAlarms).set({ potvrdenAt: at, potvrdio: userId, napomena })
        .where(and(eq(loggerAlarms.siteId, siteId), eq(loggerAlarms.id, id)));
    },

    /** Alarms raised from `from` up to `to` (exclusive), optionally of one refrigerator, oldest first. */
    alarmsRaised(from: Date, to: Date, refrigeratorId?: string): Promise<AlarmRow[]> {
      return alarmsQuery().where(and(
        eq(loggerAlarms.siteId, siteId),
        gte(loggerAlarms.podignutAt, from),
        lt(loggerAlarms.podignutAt, to),
        refrigeratorId ? eq(loggerAlarms.refrigeratorId, refrigeratorId) : undefined,
      )).orderBy(asc(loggerAlarms.podignutAt));
    },

    /** The daily sums of the site's refrigerators (or one of them) for days `from` to `to`, inclusive. */
    daily(from: string, to: string, refrigeratorId?: string): Promise<DailyRow[]> {
      return dailyQuery(from, to, refrigeratorId);
    },

    dailyQuery,
  };
}

export type RefrigeratorRepository = ReturnType<typeof refrigeratorRepository>;
