/**
 * The statistics' calls, typed by their contracts in @lis/domain
 * (statistics/contracts.ts). The wall display has no session: its call goes
 * out with the display key alone (never the signed-in user's token, and a
 * refusal does not end a session that may be open in the same browser).
 */
import type { DashboardKeyAnswer, LabStatisticsAnswer, StatisticsSettingsAnswer, WallDisplayAnswer } from '@lis/domain';
import { api } from '../../api/client.ts';

export type { LabStatistics, Turnaround, WallDisplay } from '@lis/domain';

export const statisticsKeys = {
  statistics: (site: string, od: string, to: string) => ['statistics', site, od, to] as const,
  settings: (site: string) => ['statistics', 'settings', site] as const,
  wallDisplay: (key: string) => ['wall-display', key] as const,
};

export const labStatistics = (od: string, to: string, signal?: AbortSignal) => api.get<LabStatisticsAnswer>('/statistika', { od, do: to }, { signal });
export const statisticsSettings = (signal?: AbortSignal) => api.get<StatisticsSettingsAnswer>('/statistika/postavke', {}, { signal });
export const saveTarget = (sekcija: string, minuta: number | null) => api.post<StatisticsSettingsAnswer>('/statistika/ciljevi', { sekcija, minuta });
export const setWallDisplay = (ukljuci: boolean) => api.post<DashboardKeyAnswer>('/statistika/dashboard', { ukljuci });

/** Refused (a missing, wrong or revoked key): the display says so and asks again only when told of a change. */
export class WallDisplayRefused extends Error {}

export async function wallDisplay(key: string, signal?: AbortSignal): Promise<WallDisplayAnswer> {
  const response = await fetch(`/api/dashboard?kljuc=${encodeURIComponent(key)}`, { headers: { Accept: 'application/json' }, signal });
  if (response.status === 401 || response.status === 400) throw new WallDisplayRefused();
  if (!response.ok) throw new Error(`wall display ${response.status}`);
  return (await response.json()) as WallDisplayAnswer;
}
