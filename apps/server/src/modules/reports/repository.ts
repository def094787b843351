import { and, asc, desc, eq, gte, isNull, lt, or, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { GENERAL_OPTIONS_TYPE } from '@lis/domain';
import type { Db } from '../../db/client.ts';
import { runList, type ListRequest, type ListSpec } from '../../db/list-query.ts';
import type { ReferenceSnapshot } from '../../db/columns.ts';
import { auditLog, settingRecords, sites, users } from '../../db/shared-tables.ts';
import { labAssays, labSections } from '../catalogue/tables.ts';
import { patients } from '../patients/tables.ts';
import type { FrozenReportInput } from '@lis/domain';
import { reportContents, reportVersions, reports } from './tables.ts';
import { sampleTypes } from '../sample-types/tables.ts';
import { sampleTests, samples } from '../samples/tables.ts';
import { isUuid } from '../../lib/ids.ts';

// The reports module's SQL: what a report prints (the sample, its patient, tests, site and letterhead), the
// issued versions and their bytes, the report list and its withdrawal. Every statement on reports,
// versions or samples carries `site_id = <the calling site>`; the catalogue, patients and settings are lab-wide.

/** The verified sample with what its report prints. */
export interface ReportSampleRow {
  id: string;
  patientId: string;
  code: string;
  status: string;
  type: string;
  lokacija: string;
  doktor: string;
  komentar: string;
  datum: Date;
  receivedAt: Date | null;
  createdAt: Date;
  trudnica: boolean;
  menopauza: boolean;
  approvedAt: Date | null;
  approvedBy: string | null;
  verifiedAt: Date | null;
  verifiedBy: string | null;
}

/** A test of the sample with its names in the three languages and its section. */
export interface ReportTestRow {
  labassayId: string;
  rezultat: string | null;
  naziv: string;
  nazivEn: string;
  nazivDe: string;
  redoslijed: number;
  jedinica: string;
  calculated: boolean;
  criticalLow: string | null;
  criticalHigh: string | null;
  sekcijaNaziv: string;
  sekcijaNazivEn: string;
  sekcijaNazivDe: string;
  sekcijaRedoslijed: number;
  sampleType: string | null;
  sampleTypeEn: string | null;
  sampleTypeDe: string | null;
  /** The reference copied onto the test when it was verified: the report prints what the result was verified against. */
  referenca: ReferenceSnapshot | null;
  /** When the autoverification rules released the result with its section (what a partial report prints); null: not so. */
  releasedAt: Date | null;
}

/** The report's header row: its latest version and whether it was withdrawn from the list. */
export interface ReportRow {
  sampleId: string;
  verzija: number;
  jezici: string[];
  issuedAt: Date;
  withdrawnAt: Date | null;
  /** The latest version is a partial report. */
  partial: boolean;
}

/** One stored version in one language, without its bytes. */
export interface ReportVersionRow {
  id: string;
  verzija: number;
  jezik: string;
  sha256: string;
  createdAt: Date;
  issuedBy: string;
  corrected: boolean;
  razlog: string | null;
  originalIssuedAt: Date | null;
  partial: boolean;
}

/** A version to store: the rendered PDF in one language. */
export interface NewReportVersion {
  jezik: string;
  pdf: Buffer;
  sha256: string;
  /** The id its QR code's verification link carries. */
  verificationToken: string;
}

const displayName = (ime: typeof users.ime, prezime: typeof users.prezime) => sql<string>`btrim(${ime} || ' ' || ${prezime})`;

/** The users who approved and verified a sample, by name. */
const approver = sql`(select btrim(u.ime || ' ' || u.prezime) from ${users} as u where u.id = ${samples.approvedBy})`;
const verifier = sql`(select btrim(u.ime || ' ' || u.prezime) from ${users} as u where u.id = ${samples.verifiedBy})`;

/** A user's name as a report prints it ('Ime Prezime'), or '' for none (users are the lab's, not a site's). */
export async function userDisplayName(db: Db, userId: string): Promise<string> {
  if (!isUuid(userId)) return '';
  const rows = await db.select({ name: displayName(users.ime, users.prezime) }).from(users).where(eq(users.id, userId)).limit(1);
  return rows[0]?.name ?? '';
}

/**
 * The reports of one site, the only way this module reaches reports, their
 * versions and the samples they are of. Whatever id a service passes,
 * another site's report or sample is neither read nor changed: it is not found.
 */
export function reportRepository(db: Db, siteId: string) {
  /** Writes name a sample of this site only: an insert carries no WHERE, so the sample is checked first. */
  const assertOwnSample = async (sampleId: string): Promise<void> => {
    const own = isUuid(sampleId)
      ? await db.select({ id: samples.id }).from(samples).where(and(eq(samples.siteId, siteId), eq(samples.id, sampleId))).limit(1)
      : [];
    if (own.length === 0) throw new Error('a report is written for a sample of this site only');
  };

  return {
    /** A sample of this site with what its report prints. */
    async reportSample(sampleId: string): Promise<ReportSampleRow | null> {
      if (!isUuid(sampleId)) return null;
      const rows = await db.select({
        id: samples.id, patientId: samples.patientId, code: samples.code, status: samples.status, type: samples.type,
        lokacija: samples.lokacija, doktor: samples.doktor, komentar: samples.komentar, datum: samples.datum,
        receivedAt: samples.receivedAt, createdAt: samples.createdAt, trudnica: samples.trudnica, menopauza: samples.menopauza,
        approvedAt: samples.approvedAt, approvedBy: sql<string | null>`${approver}`,
        verifiedAt: samples.verifiedAt, verifiedBy: sql<string | null>`${verifier}`,
      }).from(samples).where(and(eq(samples.siteId, siteId), eq(samples.id, sampleId))).limit(1);
      return rows[0] ?? null;
    },

    /** The sample's tests with their names, sections and sample types; none for another site's sample. */
    testsOfSample(sampleId: string): Promise<ReportTestRow[]> {
      return db.select({
        labassayId: labAssays.id,
        rezultat: sampleTests.rezultat,
        naziv: labAssays.naziv,
        nazivEn: labAssays.nazivEn,
        nazivDe: labAssays.nazivDe,
        redoslijed: labAssays.redoslijed,
        jedinica: labAssays.jedinica,
        calculated: labAssays.calculated,
        criticalLow: labAssays.criticalLow,
        criticalHigh: labAssays.criticalHigh,
        sekcijaNaziv: labSections.naziv,
        sekcijaNazivEn: labSections.nazivEn,
        sekcijaNazivDe: labSections.nazivDe,
        sekcijaRedoslijed: labSections.redoslijed,
        sampleType: sampleTypes.naziv,
        sampleTypeEn: sampleTypes.nazivEn,
        sampleTypeDe: sampleTypes.nazivDe,
        referenca: sampleTests.referenca,
        releasedAt: sampleTests.releasedAt,
      }).from(sampleTests)
        .innerJoin(samples, eq(samples.id, sampleTests.sampleId))
        .innerJoin(labAssays, eq(labAssays.id, sampleTests.labassayId))
        .innerJoin(labSections, eq(labSections.id, labAssays.sekcijaId))
        .leftJoin(sampleTypes, eq(sampleTypes.id, labAssays.sampleTypeId))
        .where(and(eq(sampleTests.sampleId, sampleId), eq(samples.siteId, siteId)))
        .orderBy(asc(labSections.redoslijed), asc(labAssays.redoslijed), asc(labAssays.naziv), asc(sampleTests.id));
    },

    /** The reason of the sample's latest unlock (its audit row), or null when it was never unlocked. */
    async latestUnlockReason(sampleId: string): Promise<string | null> {
      const rows = await db.select({ reason: auditLog.reason }).from(auditLog)
        .innerJoin(samples, and(eq(samples.id, sql`${auditLog.entityId}::uuid`), eq(samples.siteId, siteId)))
        .where(and(eq(auditLog.entity, 'sample'), eq(auditLog.entityId, sampleId), eq(auditLog.action, 'sample.unverify')))
        .orderBy(desc(auditLog.at), desc(auditLog.id))
        .limit(1);
      return rows[0]?.reason ?? null;
    },

    /**
     * The reason of the latest change of a result released on a partial report since `since` (its 'result.unrelease'
     * audit row), or null when none changed: the report after a partial one corrects it only then.
     */
    async releasedResultChangeSince(sampleId: string, since: Date): Promise<string | null> {
      const rows = await db.select({ reason: auditLog.reason }).from(auditLog)
        .innerJoin(samples, and(eq(samples.id, sql`${auditLog.entityId}::uuid`), eq(samples.siteId, siteId)))
        .where(and(
          eq(auditLog.entity, 'sample'), eq(auditLog.entityId, sampleId), eq(auditLog.action, 'result.unrelease'), gte(auditLog.at, since),
        ))
        .orderBy(desc(auditLog.at), desc(auditLog.id))
        .limit(1);
      return rows.length === 0 ? null : (rows[0]?.reason ?? '');
    },

    /** The report of a sample of this site, or null. */
    async findReport(sampleId: string): Promise<ReportRow | null> {
      if (!isUuid(sampleId)) return null;
      const rows = await db.select({
        sampleId: reports.sampleId, verzija: reports.verzija, jezici: reports.jezici, issuedAt: reports.issuedAt, withdrawnAt: reports.withdrawnAt,
        partial: reports.partial,
      }).from(reports).where(and(eq(reports.siteId, siteId), eq(reports.sampleId, sampleId))).limit(1);
      return rows[0] ?? null;
    },

    /**
     * Counts the sample's report up by one version (1 for its first) and puts
     * it back on the list, in one statement: the row lock it takes orders
     * concurrent issues of one sample, so each gets its own number.
     */
    async nextVersion(sampleId: string, jezici: readonly string[], partial = false): Promise<number> {
      await assertOwnSample(sampleId);
      const [row] = await db.insert(reports)
        .values({ siteId, sampleId, verzija: 1, jezici: [...jezici], partial })
        .onConflictDoUpdate({
          target: reports.sampleId,
          set: { verzija: sql`${reports.verzija} + 1`, jezici: [...jezici], issuedAt: sql`now()`, withdrawnAt: null, withdrawnBy: null, partial },
          setWhere: eq(reports.siteId, siteId),
        })
        .returning({ verzija: reports.verzija });
      if (!row) throw new Error('the report of a sample of another site cannot be issued here');
      return row.verzija;
    },

    /** Stores the versions of one issue (one row per language, one statement); returns their ids by language. */
    async insertVersions(
      sampleId: string, verzija: number, issuedBy: string, correction: { razlog: string; originalIssuedAt: Date } | null, versions: readonly NewReportVersion[],
      partial = false,
    ): Promise<{ id: string; jezik: string }[]> {
      await assertOwnSample(sampleId);
      return db.insert(reportVersions).values(versions.map((version) => ({
        siteId, sampleId, verzija, jezik: version.jezik, pdf: version.pdf, sha256: version.sha256, verificationToken: version.verificationToken, issuedBy,
        corrected: correction !== null, razlog: correction?.razlog ?? null, originalIssuedAt: correction?.originalIssuedAt ?? null, partial,
      }))).returning({ id: reportVersions.id, jezik: reportVersions.jezik });
    },

    /** Keeps what version `verzija` of the sample's report says, beside its PDFs (report_contents). */
    async insertContent(sampleId: string, verzija: number, sadrzaj: FrozenReportInput): Promise<void> {
      await assertOwnSample(sampleId);
      await db.insert(reportContents).values({ siteId, sampleId, verzija, sadrzaj });
    },

    /** What version `verzija` of the sample's report says as it was issued; null when it was not kept, or for another site. */
    async contentOf(sampleId: string, verzija: number): Promise<FrozenReportInput | null> {
      if (!isUuid(sampleId)) return null;
      const rows = await db.select({ sadrzaj: reportContents.sadrzaj }).from(reportContents)
        .where(and(eq(reportContents.siteId, siteId), eq(reportContents.sampleId, sampleId), eq(reportContents.verzija, verzija))).limit(1);
      return rows[0]?.sadrzaj ?? null;
    },

    /**
     * The report row of this site, locked until the transaction ends: two hands adding a language to one
     * report take turns, so the second finds the first's PDF rather than rendering its own.
     */
    async lockReport(sampleId: string): Promise<{ verzija: number; jezici: string[] } | null> {
      if (!isUuid(sampleId)) return null;
      const rows = await db.select({ verzija: reports.verzija, jezici: reports.jezici }).from(reports)
        .where(and(eq(reports.siteId, siteId), eq(reports.sampleId, sampleId))).limit(1).for('update');
      return rows[0] ?? null;
    },

    /**
     * Stores one more language of an issued version, marked as that version is (corrected, its reason, the
     * date it replaces); null when the version has that language already (the unique key keeps one copy).
     */
    async insertLanguage(
      sampleId: string, verzija: number, issuedBy: string, marks: { corrected: boolean; razlog: string | null; originalIssuedAt: Date | null },
      version: NewReportVersion,
    ): Promise<{ id: string } | null> {
      await assertOwnSample(sampleId);
      const rows = await db.insert(reportVersions).values({
        siteId, sampleId, verzija, jezik: version.jezik, pdf: version.pdf, sha256: version.sha256, verificationToken: version.verificationToken,
        issuedBy, ...marks,
      }).onConflictDoNothing().returning({ id: reportVersions.id });
      return rows[0] ?? null;
    },

    /** Adds a language to the report row's languages when `verzija` is its latest version (the list shows them). */
    async addListedLanguage(sampleId: string, verzija: number, jezik: string): Promise<void> {
      await db.update(reports).set({ jezici: sql`array_append(${reports.jezici}, ${jezik}::text)` })
        .where(and(eq(reports.siteId, siteId), eq(reports.sampleId, sampleId), eq(reports.verzija, verzija), sql`not (${jezik}::text = any(${reports.jezici}))`));
    },

    /** Marks the sample of this site as having a report (`pdf_exists`), which every sample answer and list reads. */
    async markPdfExists(sampleId: string): Promise<void> {
      await db.update(samples).set({ pdfExists: true })
        .where(and(eq(samples.siteId, siteId), eq(samples.id, sampleId), eq(samples.pdfExists, false)));
    },

    /** The sample's versions without their bytes, newest first, each language in bs, en, de order. */
    versionsOf(sampleId: string): Promise<ReportVersionRow[]> {
      if (!isUuid(sampleId)) return Promise.resolve([]);
      return db.select({
        id: reportVersions.id, verzija: reportVersions.verzija, jezik: reportVersions.jezik, sha256: reportVersions.sha256,
        createdAt: reportVersions.createdAt, issuedBy: displayName(users.ime, users.prezime), corrected: reportVersions.corrected,
        razlog: reportVersions.razlog, originalIssuedAt: reportVersions.originalIssuedAt, partial: reportVersions.partial,
      }).from(reportVersions)
        .innerJoin(users, eq(users.id, reportVersions.issuedBy))
        .where(and(eq(reportVersions.siteId, siteId), eq(reportVersions.sampleId, sampleId)))
        .orderBy(desc(reportVersions.verzija), sql`array_position(array['bs', 'en', 'de'], ${reportVersions.jezik})`);
    },

    /** The stored bytes of one version in one language, or null. */
    async pdfOf(sampleId: string, verzija: number, jezik: string): Promise<{ pdf: Buffer; sha256: string } | null> {
      if (!isUuid(sampleId)) return null;
      const rows = await db.select({ pdf: reportVersions.pdf, sha256: reportVersions.sha256 }).from(reportVersions)
        .where(and(eq(reportVersions.siteId, siteId), eq(reportVersions.sampleId, sampleId), eq(reportVersions.verzija, verzija), eq(reportVersions.jezik, jezik)))
        .limit(1);
      return rows[0] ?? null;
    },

    /** Takes the report off the list (its versions stay); false when there is no listed report of this site. */
    async withdraw(sampleId: string, userId: string): Promise<boolean> {
      if (!isUuid(sampleId)) return false;
      const rows = await db.update(reports).set({ withdrawnAt: sql`now()`, withdrawnBy: userId })
        .where(and(eq(reports.siteId, siteId), eq(reports.sampleId, sampleId), isNull(reports.withdrawnAt)))
        .returning({ sampleId: reports.sampleId });
      return rows.length > 0;
    },

    /**
     * What the latest report version of each of the patient's samples of this site says (as frozen when it was
     * issued), for the samples verified now (an unlocked one waits for its correction) and collected in
     * [from, to), oldest first. Another site's samples and reports are never read.
     */
    async cumulativeContents(patientId: string, from: Date, to: Date): Promise<FrozenReportInput[]> {
      if (!isUuid(patientId)) return [];
      const rows = await db.select({ sadrzaj: reportContents.sadrzaj }).from(samples)
        .innerJoin(reports, and(eq(reports.sampleId, samples.id), eq(reports.siteId, siteId)))
        .innerJoin(reportContents, and(
          eq(reportContents.sampleId, samples.id), eq(reportContents.verzija, reports.verzija), eq(reportContents.siteId, siteId),
        ))
        .where(and(
          eq(samples.siteId, siteId), eq(samples.patientId, patientId), eq(samples.status, 'VERIFICIRAN'),
          gte(samples.datum, from), lt(samples.datum, to),
        ))
        .orderBy(asc(samples.datum), asc(samples.id));
      return rows.map((row) => row.sadrzaj);
    },

    /** The performing site's name, address and time zone. */
    async siteLetterhead(): Promise<{ naziv: string; sifra: string; adresa: string; timeZone: string } | null> {
      const rows = await db.select({ naziv: sites.naziv, sifra: sites.sifra, adresa: sites.adresa, timeZone: sites.timeZone })
        .from(sites).where(eq(sites.id, siteId)).limit(1);
      return rows[0] ?? null;
    },

    /** The general options' data: the lab-wide record and the site's own, either null when missing (newest first wins). */
    async generalOptionsData(): Promise<{ labWide: unknown; siteOwn: unknown }> {
      const rows = await db.select({ siteId: settingRecords.siteId, data: settingRecords.data }).from(settingRecords)
        .where(and(eq(settingRecords.type, GENERAL_OPTIONS_TYPE), or(isNull(settingRecords.siteId), eq(settingRecords.siteId, siteId))))
        .orderBy(desc(settingRecords.updatedAt));
      return {
        labWide: rows.find((row) => row.siteId === null)?.data ?? null,
        siteOwn: rows.find((row) => row.siteId === siteId)?.data ?? null,
      };
    },
  };
}

export type ReportRepository = ReturnType<typeof reportRepository>;

/** The patient's name and report languages. */
export async function reportPatient(db: Db, patientId: string) {
  const rows = await db.select({
    ime: patients.ime, prezime: patients.prezime, jmbg: patients.jmbg, godiste: patients.godiste, spol: patients.spol, language: patients.language,
  }).from(patients).where(eq(patients.id, patientId)).limit(1);
  return rows[0] ?? null;
}

/**
 * The site's reports on the list (not withdrawn): 'Pretraga' matches the start
 * of the sample code or the patient's prezime, ime or jmbg; the day presets
 * and the date range select on when the latest version was issued, served by
 * reports_site_issued_idx newest first. `final`: the sample is verified now;
 * `final_pdf`: and the latest version was issued at or after that verification.
 */
export function reportListSpec(db: Db) {
  return {
    site: reports.siteId,
    query: () => db.select({
      _id: reports.sampleId,
      samples: reports.sampleId,
      code: samples.code,
      pdf: sql<boolean>`true`,
      final: sql<boolean>`(${samples.status} = 'VERIFICIRAN')`,
      final_pdf: sql<boolean>`(${samples.status} = 'VERIFICIRAN' and ${reports.issuedAt} >= ${samples.verifiedAt})`,
      djelimican: reports.partial,
      pacijent: sql<string>`btrim(${patients.prezime} || ' ' || ${patients.ime})`,
      pid: patients.id,
      ime: patients.ime,
      prezime: patients.prezime,
      jmbg: patients.jmbg,
      status: samples.status,
      verzija: reports.verzija,
      datum: reports.issuedAt,
      jezici: reports.jezici,
    }).from(reports)
      .innerJoin(samples, eq(samples.id, reports.sampleId))
      .innerJoin(patients, eq(patients.id, samples.patientId))
      .$dynamic(),
    where: isNull(reports.withdrawnAt),
    sortable: {
      datum: reports.issuedAt, code: samples.code, verzija: reports.verzija, status: samples.status,
      prezime: patients.prezimeSort, ime: patients.imeSort,
    },
    defaultSort: [{ field: 'datum', direction: 'desc' }],
    primaryKey: reports.id,
    filter: [samples.code, patients.prezime, patients.ime, patients.jmbg],
    date: reports.issuedAt,
  } satisfies ListSpec<PgSelect>;
}

export function listReports(db: Db, list: ListRequest<unknown>) {
  return runList(db, list, reportListSpec(db));
}
