import {
  type CalendarDate, DEFAULT_TIME_ZONE, type Letterhead, type SettingsHistoryEntry, type Site, type SiteElement, type SiteRecord,
  calendarDateOf, effectiveGeneralOptions,
} from '@lis/domain';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../db/audit.ts';
import { settingsHistory } from '../../db/audit-history.ts';
import type { ListRequest } from '../../db/list-query.ts';
import type { RequestContext } from '../../lib/context.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import { userSites } from '../auth/service.ts';
import { setSiteReportHeader, siteReportHeader, siteReportHeaders } from '../general-options/service.ts';
import {
  type SiteRecordRow, findSite, generalOptionsRecords, insertSite, listSites as listSitesPage, lockSite, siteHeading, timeZoneOfSite,
  updateSite,
} from './repository.ts';

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

const SITE_AUDIT_ENTITY = 'site';

function siteRecord(row: SiteRecordRow, reportHeader: string): SiteRecord {
  return { ...row, reportHeader };
}

/** GET /postavke/sites/list: a page of sites with each one's own report header (one read for the page). */
export async function listSites(db: Db, list: ListRequest<unknown>) {
  const page = await listSitesPage(db, list);
  const headers = await siteReportHeaders(db, page.data.map((row) => row._id));
  return { ...page, data: page.data.map((row) => ({ ...row, reportHeader: headers.get(row._id) ?? '' })) };
}

/**
 * POST /postavke/sites/edit: creates (no `_id`) or updates a site and its own report header in one
 * transaction, with an audit row holding the record before and after. The towns are kept as they are.
 * A code another site has is 409 settings.sifraTaken.
 */
export async function editSite(db: Db, ctx: RequestContext, element: SiteElement): Promise<SiteRecord> {
  const fields = { sifra: element.sifra, naziv: element.naziv, name: element.name, adresa: element.adresa, timeZone: element.timeZone };
  try {
    return await db.transaction(async (tx) => {
      if (element._id === undefined) {
        const id = await insertSite(tx, fields);
        await setSiteReportHeader(tx, id, element.reportHeader);
        const record = siteRecord((await findSite(tx, id))!, element.reportHeader);
        await writeAudit(tx, ctx, { action: 'site.create', entity: SITE_AUDIT_ENTITY, entityId: id, newValue: record });
        return record;
      }
      const before = await lockSite(tx, element._id);
      if (!before) throw AppError.notFound();
      const beforeRecord = siteRecord(before, await siteReportHeader(tx, before._id));
      await updateSite(tx, before._id, fields);
      await setSiteReportHeader(tx, before._id, element.reportHeader);
      const record = siteRecord((await findSite(tx, before._id))!, element.reportHeader);
      await writeAudit(tx, ctx, { action: 'site.update', entity: SITE_AUDIT_ENTITY, entityId: before._id, oldValue: beforeRecord, newValue: record });
      return record;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'sites_sifra_key')) throw AppError.conflict('settings.sifraTaken', 'element.sifra');
    throw error;
  }
}

export async function siteHistory(db: Db, id: string): Promise<SettingsHistoryEntry[]> {
  if (!(await findSite(db, id))) throw AppError.notFound();
  return settingsHistory(db, SITE_AUDIT_ENTITY, id);
}

/**
 * The letterhead of the site's printed documents (pro-forma invoices, report
 * exports): the lab's general options in force at the site (the site's own
 * record over the lab-wide one, field by field) and the site's name and address.
 */
export async function siteLetterhead(db: Db, siteId: string): Promise<Letterhead> {
  const [site, records] = await Promise.all([siteHeading(db, siteId), generalOptionsRecords(db, siteId)]);
  if (!site) throw AppError.notFound();
  return { ...effectiveGeneralOptions(records.labWide, records.siteOwn), site };
}
