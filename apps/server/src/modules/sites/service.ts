import type { Site } from '@lis/domain';
import type { Db } from '../../db/client.ts';
import type { RequestContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { userSites } from '../auth/service.ts';

/** The caller's sites (site memberships belong to the users of the auth module, so they are asked for there). */
export function sitesOfCaller(db: Db, ctx: RequestContext): Promise<Site[]> {
  return userSites(db, ctx.userId);
}

/** One of the caller's sites by id or sifra; a site the caller does not have is 403 auth.siteForbidden. */
export async function siteToSwitchTo(db: Db, ctx: RequestContext, site: string): Promise<Site> {
  const sajt = (await userSites(db, ctx.userId)).find((row) => row.id === site || row.sifra === site);
  if (!sajt) throw AppError.forbidden('auth.siteForbidden');
  return sajt;
}
