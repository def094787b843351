import { expect } from 'vitest';
import type { ControlAnswer, EntryRun } from '@lis/domain';
import type { SignedIn } from '../../test/harness.ts';
import { siteDay } from '../../test/site-day.ts';
import type { Api } from '../samples/test-fixtures.ts';

/** A day some years ahead: a lot that does not expire while the tests run. */
export const FAR_EXPIRY = `${siteDay().year + 3}-12-31`;

/** Saves a lot with targets (mean and SD per assay and level) and expects success. */
export async function defineLot(
  client: Api, user: SignedIn, targets: { labassay: string; nivo: number; mean: number; sd: number; izvor?: string }[],
  change: Record<string, unknown> = {}, site = user.site,
): Promise<ControlAnswer> {
  const response = await client.post(user, '/kontrole/definicija/save', {
    element: { control: `Kontrola ${Math.random().toString(36).slice(2, 8)}`, proizvodjac: 'Bio-Rad', lot: 'L-1', rok_trajanja: FAR_EXPIRY, mod: 'Multi', ciljevi: targets, ...change },
  }, site);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ kontrola: ControlAnswer }>().kontrola;
}

/** Enters one run of an assay's levels (values by level) and expects success: the runs as answered. */
export async function enterRun(
  client: Api, user: SignedIn, kontrola: string, labassay: string, values: Record<number, string>, izmjereno?: string, site = user.site,
): Promise<EntryRun> {
  const response = await client.post(user, '/kontrole/unos', {
    kontrola, mod: 'Multi', ...(izmjereno ? { izmjereno } : {}),
    vrijednosti: Object.entries(values).map(([nivo, vrijednost]) => ({ labassay, nivo: Number(nivo), vrijednost })),
  }, site);
  expect(response.statusCode, response.body).toBe(200);
  const [run] = response.json<{ serije: EntryRun[] }>().serije;
  return run!;
}
