import { DEFAULT_CLOSE_RULE } from '@lis/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../client.ts';
import { loggerAlarms, refrigerators } from '../../schema.ts';
import { DEMO_SITE, type HistoryContext, TECHNICIAN, siteTime } from './context.ts';

// The demo site's two refrigerators with a week of one-minute readings (a compressor's cycle and the day's
// drift), their daily sums made from those readings the way the ingest sums them, and one excursion: the
// reagent refrigerator's door left open three days ago, out of range longer than its alarm delay, so one range
// alarm was raised, ended when the readings came back, and acknowledged with a note. The readings stop at the
// seed: with no gateway sending, the silence alarm follows after the refrigerator's silence limit, as it would.

export const LOGGER_DAYS = 7;

const FRIDGES = [
  { slaveId: 1, naziv: 'Frižider reagensi', min: 2, max: 8, base: 4.6, swing: 0.7, hum: { min: 30, max: 70, base: 48 } },
  { slaveId: 2, naziv: 'Zamrzivač seruma', min: -30, max: -18, base: -23.5, swing: 1.2, hum: null },
] as const;

/** The excursion of the reagent refrigerator: minutes after midnight, three days ago, and how long. */
const EXCURSION = { daysAgo: 3, startMinute: 10 * 60 + 5, minutes: 52, peak: 10.4 };
/** Minutes a reading may stay out of range before the range alarm is raised. */
const ALARM_DELAY = 15;

export async function seedDemoLogger(db: Db, context: HistoryContext): Promise<void> {
  const site = context.sites.get(DEMO_SITE);
  const technician = context.users.get(TECHNICIAN);
  if (!site || !technician) return;
  const end = new Date(Math.floor(context.now.getTime() / 60_000) * 60_000);
  const start = new Date(end.getTime() - LOGGER_DAYS * 24 * 60 * 60_000);
  const rows = await db.insert(refrigerators).values(FRIDGES.map((fridge) => ({
    siteId: site.id, naziv: fridge.naziv, slaveId: fridge.slaveId, tempMin: fridge.min, tempMax: fridge.max,
    humMin: fridge.hum?.min ?? null, humMax: fridge.hum?.max ?? null, odgodaAlarmaMin: ALARM_DELAY, limitTisineMin: 30,
    closeAfterReadings: DEFAULT_CLOSE_RULE.readings, closeAfterMin: DEFAULT_CLOSE_RULE.minutes,
    element: {
      naziv: fridge.naziv, site: site.id, slave_id: fridge.slaveId, aktivan: true, temperatura: { min: fridge.min, max: fridge.max },
      vlaznost: fridge.hum ? { min: fridge.hum.min, max: fridge.hum.max } : null, odgoda_alarma_min: ALARM_DELAY, limit_tisine_min: 30,
      zatvaranje_ocitanja: DEFAULT_CLOSE_RULE.readings, zatvaranje_min: DEFAULT_CLOSE_RULE.minutes,
    },
    monitoredSince: start, createdAt: start, updatedAt: start,
  }))).returning({ id: refrigerators.id, slaveId: refrigerators.slaveId });
  const idOf = new Map(rows.map((row) => [row.slaveId, row.id]));
  const reagents = idOf.get(1)!;
  const excursionStart = siteTime(context, site.timeZone, EXCURSION.daysAgo, EXCURSION.startMinute);
  const excursionEnd = new Date(excursionStart.getTime() + EXCURSION.minutes * 60_000);

  // Every minute of the week for each refrigerator: a 37-minute compressor cycle, a slow daily drift and a little
  // sensor noise (deterministic, so a demo's week looks the same each time); the excursion rises to its peak and
  // falls back once the door is shut. Humidity only where the sensor measures it.
  await db.execute(sql`
    insert into temperature_readings (refrigerator_id, time, temperatura, vlaznost)
    select f.id, m.time,
      round((f.base + f.swing * sin(2 * pi() * m.i / 37) + 0.25 * sin(2 * pi() * m.i / 1440) + 0.08 * sin(m.i * 12.9898)
        + case when f.id = ${reagents}::uuid and m.time >= ${excursionStart.toISOString()}::timestamptz and m.time < ${excursionEnd.toISOString()}::timestamptz
          then (${EXCURSION.peak} - f.base) * sin(pi() * extract(epoch from m.time - ${excursionStart.toISOString()}::timestamptz) / ${EXCURSION.minutes * 60})
          else 0 end)::numeric, 1)::real,
      case when f.hum is null then null else round((f.hum + 4 * sin(2 * pi() * m.i / 1440) + 1.5 * sin(m.i * 7.31))::numeric, 0)::real end
    from (values (${reagents}::uuid, ${FRIDGES[0].base}::float8, ${FRIDGES[0].swing}::float8, ${FRIDGES[0].hum.base}::float8),
      (${idOf.get(2)!}::uuid, ${FRIDGES[1].base}::float8, ${FRIDGES[1].swing}::float8, null::float8)) as f(id, base, swing, hum)
    cross join lateral (
      select i, ${start.toISOString()}::timestamptz + i * interval '1 minute' as time from generate_series(1, ${LOGGER_DAYS * 24 * 60}) as i
    ) m`);

  // The daily sums as the ingest keeps them: the site's day, out of range by the refrigerator's limits.
  await db.execute(sql`
    insert into temperature_daily (refrigerator_id, dan, n, t_min, t_max, t_sum, h_n, h_min, h_max, h_sum, van_opsega)
    select r.refrigerator_id, (r.time at time zone s.time_zone)::date, count(*), min(r.temperatura), max(r.temperatura), sum(r.temperatura::float8),
      count(r.vlaznost), min(r.vlaznost), max(r.vlaznost), coalesce(sum(r.vlaznost::float8), 0),
      count(*) filter (where r.temperatura < f.temp_min or r.temperatura > f.temp_max
        or (f.hum_min is not null and r.vlaznost is not null and (r.vlaznost < f.hum_min or r.vlaznost > f.hum_max)))
    from temperature_readings r join refrigerators f on f.id = r.refrigerator_id join sites s on s.id = f.site_id
    where r.refrigerator_id in (${reagents}::uuid, ${idOf.get(2)!}::uuid)
    group by r.refrigerator_id, (r.time at time zone s.time_zone)::date`);

  // The monitor state after the last reading, and the alarm of the excursion: from its first reading out of
  // range, raised once it had lasted the delay (the reading then), ended by the closing rule (readings back in
  // range for the closing rule's minutes), acknowledged by the technician.
  await db.execute(sql`
    update refrigerators f set last_reading_at = r.time, last_temperatura = r.temperatura, last_vlaznost = r.vlaznost
    from (select distinct on (refrigerator_id) refrigerator_id, time, temperatura, vlaznost from temperature_readings
      where refrigerator_id in (${reagents}::uuid, ${idOf.get(2)!}::uuid) order by refrigerator_id, time desc) r
    where f.id = r.refrigerator_id`);
  await db.execute(sql`
    insert into ${loggerAlarms} (site_id, refrigerator_id, vrsta, pocetak, podignut_at, vrijednost, zavrsen_at, potvrden_at, potvrdio, napomena)
    select ${site.id}::uuid, ${reagents}::uuid, 'opseg', out_of_range.first, out_of_range.first + ${ALARM_DELAY} * interval '1 minute',
      (select temperatura from temperature_readings where refrigerator_id = ${reagents}::uuid and time = out_of_range.first + ${ALARM_DELAY} * interval '1 minute'),
      out_of_range.last + ${1 + DEFAULT_CLOSE_RULE.minutes} * interval '1 minute', out_of_range.first + interval '26 minutes', ${technician}::uuid,
      'Vrata ostavljena otvorena pri prijemu robe; zatvorena, reagensi premješteni i provjereni, kontrola u granicama.'
    from (select min(time) as first, max(time) as last from temperature_readings
      where refrigerator_id = ${reagents}::uuid and temperatura > ${FRIDGES[0].max}) out_of_range`);
}
