/**
 * The temperature logger's calls, typed by their contracts in @lis/domain
 * (logger/contracts.ts), and how a 'temperature' socket event updates the
 * tiles without a reload: the spec's "temperature events update or add a
 * sensor entry".
 */
import type { OverviewTile, RefrigeratorElement, SensorEntry } from '@lis/domain';
import { call } from '../../api/client.ts';
import { loggerContracts } from '@lis/domain';

export type { OverviewTile, RefrigeratorAnswer, RefrigeratorStatistics, SensorEntry, StatisticsAnswer, StatisticsDay } from '@lis/domain';

export const loggerKeys = {
  all: ['logger'] as const,
  overview: (site: string) => ['logger', 'overview', site] as const,
  refrigerators: (site: string) => ['logger', 'refrigerators', site] as const,
  statistics: (site: string, od: string, to: string, frizider: string | null) => ['logger', 'statistics', site, od, to, frizider] as const,
};

export const overview = (signal?: AbortSignal) => call(loggerContracts.overview, {}, { signal });
export const refrigerators = (signal?: AbortSignal) => call(loggerContracts.list, {}, { signal });
export const statistics = (od: string, to: string, frizider: string | null, signal?: AbortSignal) =>
  call(loggerContracts.statistics, { query: { od, do: to, frizider: frizider ?? undefined } }, { signal });
export const saveRefrigerator = (element: RefrigeratorElement) => call(loggerContracts.edit, { body: { element } });
export const newDeviceKey = (id: string) => call(loggerContracts.deviceKey, { body: { id } });
export const replaceMqttKey = (id: string, opoziv: boolean) => call(loggerContracts.mqttKey, { body: { id, opoziv } });
export const acknowledgeAlarm = (id: string, napomena: string) => call(loggerContracts.acknowledge, { body: { id, napomena } });
export const monthlyRecord = (month: string) => call(loggerContracts.monthlyRecord, { query: { mjesec: month } });

function isSensorEntry(payload: unknown): payload is SensorEntry {
  if (!payload || typeof payload !== 'object') return false;
  const entry = payload as Record<string, unknown>;
  return typeof entry._id === 'string' && typeof entry.naziv === 'string' && typeof entry.slave_id === 'number'
    && (entry.temperatura === null || typeof entry.temperatura === 'number');
}

/**
 * The tiles after a 'temperature' event: the sensor's tile takes the new
 * reading (keeping its alarms), or a sensor not shown yet is added, in name
 * order. An event of another site or a malformed one changes nothing.
 */
export function applySensorEntry(tiles: readonly OverviewTile[], payload: unknown, currentSite: string | null): OverviewTile[] {
  if (!isSensorEntry(payload) || (payload as { site?: unknown }).site !== currentSite) return [...tiles];
  const { site: _site, ...entry } = payload as SensorEntry & { site?: string };
  const existing = tiles.find((tile) => tile._id === entry._id);
  if (existing) return tiles.map((tile) => (tile._id === entry._id ? { ...tile, ...entry } : tile));
  return [...tiles, { ...entry, alarmi: [] }].sort((a, b) => a.naziv.localeCompare(b.naziv, 'bs'));
}
