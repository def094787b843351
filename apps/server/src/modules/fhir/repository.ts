import { and, asc, count, desc, eq, gte, inArray, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { isUuid } from '../../lib/ids.ts';
import { labAssays } from '../catalogue/tables.ts';
import { patients } from '../patients/tables.ts';
import { reportVersions } from '../reports/tables.ts';
import { sampleTests, samples } from '../samples/tables.ts';
import { externalOrders } from './tables.ts';

// The FHIR API's reads: patients (lab-wide), and the samples, tests and report versions of one site. Each search
// is one statement that filters, counts and pages, so a search's page and its total agree.

/** An instant range [from, to): either end open. */
export interface InstantRange { from?: Date; to?: Date }

export interface Page { count: number; offset: number }

export interface PatientRow {
  id: string;
  jmbg: string;
  ime: string;
  prezime: string;
  spol: string;
  datumRodjenja: string | null;
  telefon: string;
  email: string;
  adresa: string;
  updatedAt: Date;
}

const patientColumns = {
  id: patients.id, jmbg: patients.jmbg, ime: patients.ime, prezime: patients.prezime, spol: patients.spol,
  datumRodjenja: patients.datumRodjenja, telefon: patients.telefon, email: patients.email, adresa: patients.adresa, updatedAt: patients.updatedAt,
};

export interface PatientCriteria {
  ids?: string[];
  jmbg?: string;
  /** Folded (foldForSearch) name prefixes; each must start the given or the family name. */
  names?: string[];
  birthDates?: InstantRangeOfDate[];
  lastUpdated?: InstantRange[];
}

/** A date range of birth dates as ISO calendar dates [from, to). */
export interface InstantRangeOfDate { from?: string; to?: string }

function inRange(column: SQL, range: InstantRange): SQL[] {
  const conditions: SQL[] = [];
  if (range.from) conditions.push(gte(column, range.from));
  if (range.to) conditions.push(lt(column, range.to));
  return conditions;
}

function allOf(conditions: (SQL | undefined)[]): SQL | undefined {
  const present = conditions.filter((condition): condition is SQL => condition !== undefined);
  return present.length === 0 ? undefined : and(...present);
}

/** Patients belong to the lab (every site sees them, as in the rest of the API). */
export async function searchPatients(db: Db, criteria: PatientCriteria, page: Page): Promise<{ rows: PatientRow[]; total: number }> {
  const where = allOf([
    criteria.ids ? inArray(patients.id, criteria.ids.filter(isUuid)) : undefined,
    criteria.jmbg !== undefined ? eq(patients.jmbg, criteria.jmbg) : undefined,
    ...(criteria.names ?? []).map((name) => or(
      sql`lower(${patients.imeSearch}) like ${`${name}%`}`, sql`lower(${patients.prezimeSearch}) like ${`${name}%`}`,
    )),
    ...(criteria.birthDates ?? []).flatMap((range) => [
      range.from ? gte(patients.datumRodjenja, range.from) : undefined,
      range.to ? lt(patients.datumRodjenja, range.to) : undefined,
    ]),
    ...(criteria.lastUpdated ?? []).flatMap((range) => inRange(sql`${patients.updatedAt}`, range)),
  ]);
  const [rows, [total]] = await Promise.all([
    db.select(patientColumns).from(patients).where(where).orderBy(asc(patients.prezimeSort), asc(patients.id)).limit(page.count).offset(page.offset),
    db.select({ n: count() }).from(patients).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export function patientsByIds(db: Db | Tx, ids: readonly string[]): Promise<PatientRow[]> {
  const valid = ids.filter(isUuid);
  if (valid.length === 0) return Promise.resolve([]);
  return db.select(patientColumns).from(patients).where(inArray(patients.id, valid));
}

/** A sample as the FHIR resources show it. */
export interface SampleRow {
  id: string;
  code: string;
  patientId: string;
  status: string;
  hitan: boolean;
  type: string;
  datum: Date;
  receivedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  verifiedAt: Date | null;
  /** A corrected report was issued for it (a verified result was changed after an unlock). */
  corrected: boolean;
  /** The partner that ordered it, if one did. */
  partnerId: string | null;
  /** The referring location's name as sample entry stored it; '' none. */
  lokacija: string;
}

/** A sample's test as ServiceRequest and Observation show it. */
export interface TestRow {
  id: string;
  sampleId: string;
  labassayId: string;
  sifra: string;
  naziv: string;
  loinc: string | null;
  jedinica: string;
  vrsta: string;
  rezultat: string | null;
  rezultatF: string | null;
  flag: string | null;
  referenca: { low: string | null; high: string | null; tekst: string | null; jedinica: string } | null;
  unioAt: Date | null;
  updatedAt: Date;
  /** The assay's place on the report. */
  redoslijed: number;
}

/** What the site-bound searches filter by; every list names ids, undefined: no filter. */
export interface SampleCriteria {
  sampleIds?: string[];
  patientIds?: string[];
  /** The sample's datum (collection time). */
  dates?: InstantRange[];
  /** samples.updated_at, sample_tests.updated_at or report_versions.created_at by resource. */
  lastUpdated?: InstantRange[];
  /** The stored sample statuses kept; undefined: any. */
  sampleStatuses?: string[];
  /** true: only samples with a corrected report; false: only without. */
  corrected?: boolean;
  /** Specimen: received (true) or not yet (false). */
  received?: boolean;
  /** Specimen: the sample codes. */
  codes?: string[];
  /** Observation statuses kept (preliminary: not verified; final: verified without a corrected report; corrected: with one). */
  observationStatuses?: ('preliminary' | 'final' | 'corrected')[];
}

export interface TestCriteria extends SampleCriteria {
  testIds?: string[];
  /** Observations: only tests with a result. */
  withResult?: boolean;
}

export interface ReportRow {
  sampleId: string;
  verzija: number;
  corrected: boolean;
  /** A partial report: the results the autoverification rules released with their sections before the rest. */
  partial: boolean;
  issuedAt: Date;
  /** The version's PDFs, one per language. */
  forms: { jezik: string; pdf: Buffer }[];
}

export interface ReportCriteria extends SampleCriteria {
  versions?: { sampleId: string; verzija: number }[];
  /** DiagnosticReport statuses kept (partial: a partial report not correcting one; final; corrected); undefined: any. */
  reportStatuses?: ('partial' | 'final' | 'corrected')[];
}

/**
 * The sample has a corrected report version. Written out with qualified names: drizzle leaves the table off a
 * column in a one-table select, and inside this subquery an unqualified id would be the report version's.
 */
const CORRECTED_SQL = 'exists (select 1 from "report_versions" "rv" where "rv"."sample_id" = "samples"."id" and "rv"."corrected")';

const sampleColumns = {
  id: samples.id, code: samples.code, patientId: samples.patientId, status: samples.status, hitan: samples.hitan, type: samples.type,
  datum: samples.datum, receivedAt: samples.receivedAt, createdAt: samples.createdAt, updatedAt: samples.updatedAt, verifiedAt: samples.verifiedAt,
  partnerId: samples.partnerId, lokacija: samples.lokacija,
  corrected: sql<boolean>`${sql.raw(CORRECTED_SQL)}`,
};

const testColumns = {
  id: sampleTests.id, sampleId: sampleTests.sampleId, labassayId: sampleTests.labassayId, sifra: labAssays.sifra, naziv: labAssays.naziv,
  loinc: labAssays.loinc, jedinica: labAssays.jedinica, vrsta: labAssays.vrsta, rezultat: sampleTests.rezultat, rezultatF: sampleTests.rezultatF,
  flag: sampleTests.flag, referenca: sampleTests.referenca, unioAt: sampleTests.unioAt, updatedAt: sampleTests.updatedAt,
  redoslijed: labAssays.redoslijed,
};

/**
 * The FHIR reads of one site's samples. Every statement carries `samples.site_id = siteId`, so another site's
 * sample, test or report is not found, exactly like a missing one, and never counted in a search.
 */
export function fhirRepository(db: Db | Tx, siteId: string) {
  const correctedSql = sql.raw(CORRECTED_SQL);

  function sampleConditions(criteria: SampleCriteria, lastUpdatedColumn: SQL): SQL | undefined {
    return allOf([
      eq(samples.siteId, siteId),
      criteria.sampleIds ? inArray(samples.id, criteria.sampleIds.filter(isUuid).concat('00000000-0000-0000-0000-000000000000')) : undefined,
      criteria.patientIds ? inArray(samples.patientId, criteria.patientIds.filter(isUuid).concat('00000000-0000-0000-0000-000000000000')) : undefined,
      ...(criteria.dates ?? []).flatMap((range) => inRange(sql`${samples.datum}`, range)),
      ...(criteria.lastUpdated ?? []).flatMap((range) => inRange(lastUpdatedColumn, range)),
      criteria.sampleStatuses ? inArray(samples.status, criteria.sampleStatuses.concat('')) : undefined,
      criteria.corrected === undefined ? undefined : criteria.corrected ? correctedSql : sql`not ${correctedSql}`,
      criteria.received === undefined ? undefined : criteria.received ? isNotNull(samples.receivedAt) : sql`${samples.receivedAt} is null`,
      criteria.codes ? inArray(samples.code, criteria.codes.concat('')) : undefined,
      criteria.observationStatuses ? (or(...criteria.observationStatuses.map((status) => status === 'preliminary'
        ? sql`${samples.status} <> 'VERIFICIRAN'`
        : and(eq(samples.status, 'VERIFICIRAN'), status === 'corrected' ? correctedSql : sql`not ${correctedSql}`))) ?? sql`false`) : undefined,
    ]);
  }

  return {
    async searchSamples(criteria: SampleCriteria, page: Page): Promise<{ rows: SampleRow[]; total: number }> {
      const where = sampleConditions(criteria, sql`${samples.updatedAt}`);
      const [rows, [total]] = await Promise.all([
        db.select(sampleColumns).from(samples).where(where).orderBy(desc(samples.createdAt), desc(samples.id)).limit(page.count).offset(page.offset),
        db.select({ n: count() }).from(samples).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async samplesByIds(ids: readonly string[]): Promise<SampleRow[]> {
      const valid = ids.filter(isUuid);
      if (valid.length === 0) return [];
      return db.select(sampleColumns).from(samples).where(and(eq(samples.siteId, siteId), inArray(samples.id, valid)));
    },

    async searchTests(criteria: TestCriteria, page: Page): Promise<{ rows: TestRow[]; total: number }> {
      const where = allOf([
        sampleConditions(criteria, sql`${sampleTests.updatedAt}`),
        criteria.testIds ? inArray(sampleTests.id, criteria.testIds.filter(isUuid).concat('00000000-0000-0000-0000-000000000000')) : undefined,
        criteria.withResult ? isNotNull(sampleTests.rezultat) : undefined,
      ]);
      const [rows, [total]] = await Promise.all([
        db.select(testColumns).from(sampleTests).innerJoin(samples, eq(samples.id, sampleTests.sampleId))
          .innerJoin(labAssays, eq(labAssays.id, sampleTests.labassayId)).where(where)
          .orderBy(desc(samples.createdAt), desc(samples.id), asc(labAssays.redoslijed), asc(sampleTests.id)).limit(page.count).offset(page.offset),
        db.select({ n: count() }).from(sampleTests).innerJoin(samples, eq(samples.id, sampleTests.sampleId)).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** The tests with a result of these samples of the site (a report's results), and whether each was released with its section. */
    async resultTestIdsOfSamples(sampleIds: readonly string[]): Promise<{ id: string; sampleId: string; released: boolean }[]> {
      const valid = sampleIds.filter(isUuid);
      if (valid.length === 0) return [];
      return db.select({ id: sampleTests.id, sampleId: sampleTests.sampleId, released: sql<boolean>`(${sampleTests.releasedAt} is not null)` }).from(sampleTests)
        .innerJoin(samples, eq(samples.id, sampleTests.sampleId)).innerJoin(labAssays, eq(labAssays.id, sampleTests.labassayId))
        .where(and(eq(samples.siteId, siteId), inArray(sampleTests.sampleId, valid), isNotNull(sampleTests.rezultat)))
        .orderBy(asc(labAssays.redoslijed), asc(sampleTests.id));
    },

    /** Issued report versions (one per sample and version, its PDFs of every language). */
    async searchReports(criteria: ReportCriteria, page: Page): Promise<{ rows: ReportRow[]; total: number }> {
      const versionFilter = criteria.versions
        ? (criteria.versions.length === 0 ? sql`false` : or(...criteria.versions.filter((version) => isUuid(version.sampleId))
          .map((version) => and(eq(reportVersions.sampleId, version.sampleId), eq(reportVersions.verzija, version.verzija)))) ?? sql`false`)
        : undefined;
      const where = allOf([
        eq(reportVersions.siteId, siteId),
        // The version's own correction flag decides its status, not whether the sample has a corrected version.
        sampleConditions({ ...criteria, corrected: undefined }, sql`${reportVersions.createdAt}`),
        versionFilter,
        criteria.reportStatuses ? (or(...criteria.reportStatuses.map((status) => (status === 'corrected'
          ? eq(reportVersions.corrected, true)
          : and(eq(reportVersions.corrected, false), eq(reportVersions.partial, status === 'partial'))))) ?? sql`false`) : undefined,
      ]);
      // One row per version: the language 'bs' row, else the first language issued, carries its time and correction.
      const versions = db.selectDistinct({ sampleId: reportVersions.sampleId, verzija: reportVersions.verzija }).from(reportVersions)
        .innerJoin(samples, eq(samples.id, reportVersions.sampleId)).where(where);
      const [heads, [total]] = await Promise.all([
        db.select({
          sampleId: reportVersions.sampleId, verzija: reportVersions.verzija,
          corrected: sql<boolean>`bool_or(${reportVersions.corrected})`, partial: sql<boolean>`bool_or(${reportVersions.partial})`, issuedAt: sql<Date>`min(${reportVersions.createdAt})`.mapWith(samples.datum),
        }).from(reportVersions).innerJoin(samples, eq(samples.id, reportVersions.sampleId)).where(where)
          .groupBy(reportVersions.sampleId, reportVersions.verzija)
          .orderBy(desc(sql`min(${reportVersions.createdAt})`), desc(reportVersions.sampleId), desc(reportVersions.verzija))
          .limit(page.count).offset(page.offset),
        db.select({ n: count() }).from(versions.as('versions')),
      ]);
      if (heads.length === 0) return { rows: [], total: total?.n ?? 0 };
      const pdfs = await db.select({ sampleId: reportVersions.sampleId, verzija: reportVersions.verzija, jezik: reportVersions.jezik, pdf: reportVersions.pdf })
        .from(reportVersions)
        .where(and(eq(reportVersions.siteId, siteId), or(...heads.map((head) => and(eq(reportVersions.sampleId, head.sampleId), eq(reportVersions.verzija, head.verzija))))))
        .orderBy(asc(reportVersions.jezik));
      const rows = heads.map((head) => ({
        ...head, forms: pdfs.filter((pdf) => pdf.sampleId === head.sampleId && pdf.verzija === head.verzija).map((pdf) => ({ jezik: pdf.jezik, pdf: pdf.pdf })),
      }));
      return { rows, total: total?.n ?? 0 };
    },

    /** The sample an earlier order with this sender identifier created at this site. */
    async orderedSample(system: string, value: string): Promise<string | null> {
      const [row] = await db.select({ sampleId: externalOrders.sampleId }).from(externalOrders)
        .where(and(eq(externalOrders.siteId, siteId), eq(externalOrders.system, system), eq(externalOrders.value, value)));
      return row?.sampleId ?? null;
    },

    /** Records the sender's identifiers of the order that created this sample (a repeat of one is a unique violation). */
    async recordOrders(orders: readonly { system: string; value: string; labassayId: string }[], sampleId: string, channel: 'fhir' | 'hl7'): Promise<void> {
      if (orders.length === 0) return;
      await db.insert(externalOrders).values(orders.map((order) => ({ siteId, ...order, sampleId, channel })));
    },

    /** The sender identifiers of these tests' orders, by test id. */
    async ordersOfTests(testIds: readonly string[]): Promise<Map<string, { system: string; value: string }[]>> {
      const valid = testIds.filter(isUuid);
      const byTest = new Map<string, { system: string; value: string }[]>();
      if (valid.length === 0) return byTest;
      const rows = await db.select({ testId: sampleTests.id, system: externalOrders.system, value: externalOrders.value }).from(externalOrders)
        .innerJoin(sampleTests, and(eq(sampleTests.sampleId, externalOrders.sampleId), eq(sampleTests.labassayId, externalOrders.labassayId)))
        .where(and(eq(externalOrders.siteId, siteId), inArray(sampleTests.id, valid)))
        .orderBy(asc(externalOrders.createdAt), asc(externalOrders.value));
      for (const row of rows) byTest.set(row.testId, [...(byTest.get(row.testId) ?? []), { system: row.system, value: row.value }]);
      return byTest;
    },
  };
}

export type FhirRepository = ReturnType<typeof fhirRepository>;

/** Enabled lab assays by LOINC code or by the lab's own code (an order's ServiceRequest.code). */
export function assaysByCodes(db: Db | Tx, codes: { loinc: readonly string[]; sifra: readonly string[] }): Promise<{ id: string; sifra: string; loinc: string | null }[]> {
  if (codes.loinc.length === 0 && codes.sifra.length === 0) return Promise.resolve([]);
  return db.select({ id: labAssays.id, sifra: labAssays.sifra, loinc: labAssays.loinc }).from(labAssays).where(and(
    eq(labAssays.disabled, false),
    or(
      codes.loinc.length > 0 ? inArray(labAssays.loinc, [...codes.loinc]) : undefined,
      codes.sifra.length > 0 ? inArray(labAssays.sifra, [...codes.sifra]) : undefined,
    ),
  )).orderBy(asc(labAssays.sifra));
}
