import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accessLog, sites } from '../../db/shared-tables.ts';
import { samples } from '../samples/tables.ts';
import { reportVersions } from './tables.ts';

// The public verification's SQL: one report version found by its QR token (whatever its site: the token is
// the only key, and it names the site), the version that replaced it, and the access-log row of the lookup.

export interface VerifiedVersion {
  id: string;
  siteId: string;
  sampleId: string;
  siteName: string;
  code: string;
  verzija: number;
  jezik: string;
  sha256: string;
  issuedAt: Date;
  corrected: boolean;
}

/** The version whose QR code carries `token`, with its sample's code and its site's name; null when unknown. */
export async function versionByToken(db: Db, token: string): Promise<VerifiedVersion | null> {
  const [row] = await db.select({
    id: reportVersions.id, siteId: reportVersions.siteId, sampleId: reportVersions.sampleId, siteName: sites.naziv, code: samples.code,
    verzija: reportVersions.verzija, jezik: reportVersions.jezik, sha256: reportVersions.sha256, issuedAt: reportVersions.createdAt,
    corrected: reportVersions.corrected,
  }).from(reportVersions)
    .innerJoin(samples, and(eq(samples.id, reportVersions.sampleId), eq(samples.siteId, reportVersions.siteId)))
    .innerJoin(sites, eq(sites.id, reportVersions.siteId))
    .where(eq(reportVersions.verificationToken, token)).limit(1);
  return row ?? null;
}

/** The first version of the same report after `verzija` (the one that replaced it) and when it was first issued; null when none. */
export async function nextVersionOf(db: Db, siteId: string, sampleId: string, verzija: number): Promise<{ verzija: number; issuedAt: Date } | null> {
  const [row] = await db.select({ verzija: reportVersions.verzija, issuedAt: sql<Date>`min(${reportVersions.createdAt})`.mapWith(reportVersions.createdAt) })
    .from(reportVersions)
    .where(and(eq(reportVersions.siteId, siteId), eq(reportVersions.sampleId, sampleId), gt(reportVersions.verzija, verzija)))
    .groupBy(reportVersions.verzija).orderBy(asc(reportVersions.verzija)).limit(1);
  return row ?? null;
}

/** The access-log row of one public lookup: no user, the caller's address, the version looked up ('not-found' for a miss). */
export async function logVerification(db: Db, entry: { siteId: string | null; versionId: string; ip: string; requestId: string }): Promise<void> {
  await db.insert(accessLog).values({ userId: null, siteId: entry.siteId, entity: 'report_verification', entityId: entry.versionId, ip: entry.ip, requestId: entry.requestId });
}
