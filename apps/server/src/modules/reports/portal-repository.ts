import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { FrozenReportInput } from '@lis/domain';
import type { Db } from '../../db/client.ts';
import { sites } from '../../db/shared-tables.ts';
import { isUuid } from '../../lib/ids.ts';
import { samples } from '../samples/tables.ts';
import { reportContents, reportVersions, reports } from './tables.ts';

// The patient portal's reads of reports: a patient's issued reports at every site of the lab, each at its
// current version, only while the sample is verified and the report listed. Every statement is bound to the
// patient: a report of another patient is never found, whatever sample id a caller sends.

export interface PortalReportRow {
  sampleId: string;
  siteId: string;
  siteName: string;
  code: string;
  datum: Date;
  verzija: number;
  jezici: string[];
  issuedAt: Date;
}

const shownTo = (patientId: string) => and(
  eq(samples.patientId, patientId), eq(samples.status, 'VERIFICIRAN'), isNull(reports.withdrawnAt),
);

/** The patient's reports, the newest sample first. */
export function patientReports(db: Db, patientId: string): Promise<PortalReportRow[]> {
  return db.select({
    sampleId: reports.sampleId, siteId: reports.siteId, siteName: sites.naziv, code: samples.code, datum: samples.datum,
    verzija: reports.verzija, jezici: reports.jezici, issuedAt: reports.issuedAt,
  }).from(reports)
    .innerJoin(samples, and(eq(samples.id, reports.sampleId), eq(samples.siteId, reports.siteId)))
    .innerJoin(sites, eq(sites.id, reports.siteId))
    .where(shownTo(patientId))
    .orderBy(desc(samples.datum), desc(samples.id));
}

/** One of the patient's reports by its sample id; null when it is not this patient's (or not shown). */
export async function patientReport(db: Db, patientId: string, sampleId: string): Promise<PortalReportRow | null> {
  if (!isUuid(sampleId)) return null;
  const [row] = await db.select({
    sampleId: reports.sampleId, siteId: reports.siteId, siteName: sites.naziv, code: samples.code, datum: samples.datum,
    verzija: reports.verzija, jezici: reports.jezici, issuedAt: reports.issuedAt,
  }).from(reports)
    .innerJoin(samples, and(eq(samples.id, reports.sampleId), eq(samples.siteId, reports.siteId)))
    .innerJoin(sites, eq(sites.id, reports.siteId))
    .where(and(shownTo(patientId), eq(reports.sampleId, sampleId))).limit(1);
  return row ?? null;
}

/** The stored PDF (and its version row's id) of a version in a language. */
export async function versionPdf(db: Db, sampleId: string, verzija: number, jezik: string): Promise<{ id: string; pdf: Buffer; sha256: string; corrected: boolean } | null> {
  const [row] = await db.select({ id: reportVersions.id, pdf: reportVersions.pdf, sha256: reportVersions.sha256, corrected: reportVersions.corrected })
    .from(reportVersions)
    .where(and(eq(reportVersions.sampleId, sampleId), eq(reportVersions.verzija, verzija), eq(reportVersions.jezik, jezik))).limit(1);
  return row ?? null;
}

/** Whether each version (`sample:verzija`) of these samples is a corrected report, in one read. */
export async function correctedVersions(db: Db, sampleIds: readonly string[]): Promise<Map<string, boolean>> {
  if (sampleIds.length === 0) return new Map();
  const rows = await db.selectDistinct({ sampleId: reportVersions.sampleId, verzija: reportVersions.verzija, corrected: reportVersions.corrected })
    .from(reportVersions).where(inArray(reportVersions.sampleId, [...sampleIds]));
  return new Map(rows.map((row) => [`${row.sampleId}:${row.verzija}`, row.corrected]));
}

/** The content frozen with the given version of each sample, in one read (versions issued before contents were kept have none). */
export async function versionContents(db: Db, wanted: readonly { sampleId: string; verzija: number }[]): Promise<{ sampleId: string; content: FrozenReportInput }[]> {
  if (wanted.length === 0) return [];
  const versions = new Set(wanted.map((item) => `${item.sampleId}:${item.verzija}`));
  const rows = await db.select({ sampleId: reportContents.sampleId, verzija: reportContents.verzija, sadrzaj: reportContents.sadrzaj }).from(reportContents)
    .where(inArray(reportContents.sampleId, wanted.map((item) => item.sampleId)));
  return rows.filter((row) => versions.has(`${row.sampleId}:${row.verzija}`)).map((row) => ({ sampleId: row.sampleId, content: row.sadrzaj }));
}
