/**
 * The statistics' calls, typed by their contracts in @lis/domain
 * (statistics/contracts.ts). The wall display has no session: its call goes
 * out with the display key alone (never the signed-in user's token, and a
 * refusal does not end a session that may be open in the same browser).
 */
import { statisticsContracts, type WallDisplayAnswer } from '@lis/domain';
import { ApiError, call } from '../../api/client.ts';

export type { LabStatistics, Turnaround, WallDisplay } from '@lis/domain';

export const statisticsKeys = {
  statistics: (site: string, od: string, to: string) => ['statistics', site, od, to] as const,
  settings: (site: string) => ['statistics', 'settings', site] as const,
  wallDisplay: (key: string) => ['wall-display', key] as const,
};

export const labStatistics = (od: string, to: string, signal?: AbortSignal) => call(statisticsContracts.statistics, { query: { od, do: to } }, { signal });
export const statisticsSettings = (signal?: AbortSignal) => call(statisticsContracts.settings, {}, { signal });
export const saveTarget = (sekcija: string, minuta: number | null) => call(statisticsContracts.target, { body: { sekcija, minuta } });
export const setWallDisplay = (ukljuci: boolean) => call(statisticsContracts.dashboardKey, { body: { ukljuci } });

/** Refused (a missing, wrong or revoked key): the display says so and asks again only when told of a change. */
export class WallDisplayRefused extends Error {}

export async function wallDisplay(key: string, signal?: AbortSignal): Promise<WallDisplayAnswer> {
  try {
    return await call(statisticsContracts.wallDisplay, { query: { kljuc: key } }, { signal, anonymous: true });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 400)) throw new WallDisplayRefused();
    throw error;
  }
}
