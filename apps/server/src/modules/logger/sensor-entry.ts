import { type MonitorState, type RefrigeratorLimits, type SensorEntry, judgeReading, trendOf } from '@lis/domain';
import type { SensorRow } from './ingest-repository.ts';

/** What a tile and the 'temperature' event are made from: a refrigerator with its latest reading (a refrigerator row has all of it). */
export type SensorSource = Omit<SensorRow, 'siteId' | 'sifra'>;

export function limitsOf(source: SensorSource): RefrigeratorLimits {
  return {
    aktivan: source.aktivan,
    temperatura: { min: source.tempMin, max: source.tempMax },
    vlaznost: source.humMin !== null && source.humMax !== null ? { min: source.humMin, max: source.humMax } : null,
    odgoda_alarma_min: source.odgodaAlarmaMin,
    limit_tisine_min: source.limitTisineMin,
    zatvaranje_ocitanja: source.closeAfterReadings,
    zatvaranje_min: source.closeAfterMin,
  };
}

export function monitorStateOf(source: SensorSource, open: ReadonlySet<string> | undefined): MonitorState {
  return {
    lastReadingAt: source.lastReadingAt,
    monitoredSince: source.monitoredSince,
    outOfRangeSince: source.outOfRangeSince,
    open: new Set([...(open ?? [])].filter((kind) => kind === 'opseg' || kind === 'tisina')),
    backInRange: source.backInRangeSince === null ? null : { since: source.backInRangeSince, count: source.backInRangeCount },
    resumed: source.resumedSince === null ? null : { since: source.resumedSince, count: source.resumedCount },
  };
}

/** The sensor entry: `_id` and `frizider` the refrigerator's id; the trend against the temperature a quarter of an hour earlier. */
export function sensorEntry(source: SensorSource, earlierTemperature: number | null): SensorEntry {
  const limits = limitsOf(source);
  const hasReading = source.lastReadingAt !== null && source.lastTemperatura !== null;
  return {
    _id: source.id,
    frizider: source.id,
    naziv: source.naziv,
    slave_id: source.slaveId,
    active: source.aktivan,
    time: source.lastReadingAt?.toISOString() ?? null,
    temperatura: source.lastTemperatura,
    vlaznost: source.lastVlaznost,
    trend: hasReading ? trendOf(source.lastTemperatura ?? 0, earlierTemperature) : 'steady',
    van_opsega: hasReading && judgeReading(limits, { temperatura: source.lastTemperatura ?? 0, vlaznost: source.lastVlaznost }).outOfRange,
    granice: { temperatura: limits.temperatura, vlaznost: limits.vlaznost },
  };
}
