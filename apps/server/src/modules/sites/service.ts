import { type CalendarDate, DEFAULT_TIME_ZONE, type Site, calendarDateOf } from '@lis/domain';
import type { Db } from '../../db/client.ts';
import type { RequestContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { userSites } from '../auth/service.ts';
import { timeZoneOfSite } from './repository.ts';

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

/**
 * The site's time zone: "today", day boundaries and printed times at a site are its own, whatever the
 * server's zone. A site without one stored counts as the lab's default zone.
 */
export async function siteTimeZone(db: Db, siteId: string): Promise<string> {
  return (await timeZoneOfSite(db, siteId)) ?? DEFAULT_TIME_ZONE;
}

/** Today at the site: the calendar day births, ages and day presets are reckoned against. */
export async function siteToday(db: Db, siteId: string, now: Date = new Date()): Promise<CalendarDate> {
  return calendarDateOf(now, await siteTimeZone(db, siteId));
}
