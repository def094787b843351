import { and, asc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { settingRecords } from '../../db/shared-tables.ts';
import { labAssays, labSections } from '../catalogue/tables.ts';
import { patients } from '../patients/tables.ts';
import { sampleTests, samples } from '../samples/tables.ts';
import { ASSAY_SETTINGS_TYPE } from '../../db/seed/catalogue.ts';
import { isUuid } from '../../lib/ids.ts';

// The processing module's SQL: what the list rows add to the sample list (results in, critical and abnormal
// flags), the labels of the approval screen, the assay settings and a patient's results over time. Every
// statement that reads samples carries `samples.site_id = <the calling site>`; a sample's tests are reached
// through their sample.

/** Flags beyond a critical limit (sample_tests.flag as the results module stores it). */
const CRITICAL_FLAGS = sql.raw(`('LL', 'HH')`);
/** Flags of a result outside its range: low, high, critical, or an abnormal text answer. */
const ABNORMAL_FLAGS = sql.raw(`('L', 'H', 'A', 'LL', 'HH')`);

export interface ResultSummary {
  sampleId: string;
  /** Tests with a result (a blank text is none). */
  rezultata: number;
  kriticni: boolean;
  abnormalni: number;
  verifiedOnce: boolean;
  /** Results taken back for a retest and not yet given again. */
  retest: number;
  /** Tests a reflex rule added (sample_tests.refleks), still waiting for their result. */
  refleks: number;
}

/** A sample of this site with its patient, as the approval screen's labels need them. */
export interface LabelSampleRow {
  id: string;
  code: string;
  datum: Date;
  createdAt: Date;
  patientId: string;
  jmbg: string;
  ime: string;
  prezime: string;
}

const labelColumns = {
  id: samples.id,
  code: samples.code,
  datum: samples.datum,
  createdAt: samples.createdAt,
  patientId: samples.patientId,
  jmbg: patients.jmbg,
  ime: patients.ime,
  prezime: patients.prezime,
};

/** The data of the lab-wide assay settings record (the predefined comments), or null when the lab has none. */
export async function assaySettingsData(db: Db): Promise<Record<string, unknown> | null> {
  const rows = await db.select({ data: settingRecords.data }).from(settingRecords)
    .where(and(eq(settingRecords.type, ASSAY_SETTINGS_TYPE), sql`${settingRecords.siteId} is null`))
    .orderBy(asc(settingRecords.createdAt))
    .limit(1);
  return rows[0]?.data ?? null;
}

/** One result of a patient with its sample and its assay. */
export interface PatientResultRow {
  sid: string;
  code: string;
  datum: Date;
  status: string;
  rezultat: string;
  flag: string | null;
  labassayId: string;
  sifra: string;
  naziv: string;
  nazivEn: string;
  nazivDe: string;
  analit: string;
  jedinica: string;
  decimals: number;
  vrsta: string;
}

export function processingRepository(db: Db, siteId: string) {
  /** The statement of resultSummaries (its test explains the plan). */
  const resultSummariesQuery = (sampleIds: readonly string[]) => {
    return db.select({
      sampleId: samples.id,
      rezultata: sql<number>`(count(${sampleTests.id}) filter (where btrim(${sampleTests.rezultat}) <> ''))::int`,
      kriticni: sql<boolean>`coalesce(bool_or(${sampleTests.flag} in ${CRITICAL_FLAGS}), false)`,
      abnormalni: sql<number>`(count(${sampleTests.id}) filter (where ${sampleTests.flag} in ${ABNORMAL_FLAGS}))::int`,
      verifiedOnce: samples.verifiedOnce,
      retest: sql<number>`(count(${sampleTests.id}) filter (where ${sampleTests.retestRazlog} is not null))::int`,
      refleks: sql<number>`(count(${sampleTests.id}) filter (where ${sampleTests.refleks} is not null and ${sampleTests.rezultat} is null))::int`,
    }).from(samples)
      .leftJoin(sampleTests, eq(sampleTests.sampleId, samples.id))
      .where(and(eq(samples.siteId, siteId), inArray(samples.id, [...sampleIds])))
      .groupBy(samples.id);
  };

  return {
    /**
     * What a list page adds to its rows, for those rows only: one grouped read of
     * the page's samples (at most one page, served by the (sample_id, labassay_id)
     * key of sample_tests), so the list costs the same whether the site has a
     * thousand samples or a million.
     */
    async resultSummaries(sampleIds: readonly string[]): Promise<ResultSummary[]> {
      const ids = sampleIds.filter(isUuid);
      if (ids.length === 0) return [];
      return resultSummariesQuery(ids);
    },

    resultSummariesQuery,

    /** A sample of this site by id; another site's sample is not found, exactly like a missing one. */
    async labelSample(sampleId: string): Promise<LabelSampleRow | null> {
      if (!isUuid(sampleId)) return null;
      const rows = await db.select(labelColumns).from(samples)
        .innerJoin(patients, eq(patients.id, samples.patientId))
        .where(and(eq(samples.siteId, siteId), eq(samples.id, sampleId)))
        .limit(1);
      return rows[0] ?? null;
    },

    /** The patient's samples at this site taken in [from, before), in the order they were taken. */
    patientSamplesTakenBetween(patientId: string, from: Date, before: Date): Promise<LabelSampleRow[]> {
      return db.select(labelColumns).from(samples)
        .innerJoin(patients, eq(patients.id, samples.patientId))
        .where(and(
          eq(samples.siteId, siteId), eq(samples.patientId, patientId),
          sql`${samples.datum} >= ${from.toISOString()}::timestamptz`, sql`${samples.datum} < ${before.toISOString()}::timestamptz`,
        ))
        .orderBy(asc(samples.datum), asc(samples.createdAt), asc(samples.id));
    },

    /**
     * The patient's results at this site, assay by assay in report order (section,
     * then assay), each assay's results in the order the samples were taken.
     * `sifre` narrows to those assays (empty: all).
     */
    patientResults(patientId: string, sifre: readonly string[]): Promise<PatientResultRow[]> {
      const conditions: (SQL | undefined)[] = [
        eq(samples.siteId, siteId), eq(samples.patientId, patientId), isNotNull(sampleTests.rezultat), sql`btrim(${sampleTests.rezultat}) <> ''`,
        sifre.length > 0 ? inArray(labAssays.sifra, [...sifre]) : undefined,
      ];
      return db.select({
        sid: samples.id,
        code: samples.code,
        datum: samples.datum,
        status: samples.status,
        rezultat: sql<string>`${sampleTests.rezultat}`,
        flag: sampleTests.flag,
        labassayId: labAssays.id,
        sifra: labAssays.sifra,
        naziv: labAssays.naziv,
        nazivEn: labAssays.nazivEn,
        nazivDe: labAssays.nazivDe,
        analit: labAssays.analit,
        jedinica: labAssays.jedinica,
        decimals: labAssays.decimals,
        vrsta: labAssays.vrsta,
      }).from(samples)
        .innerJoin(sampleTests, eq(sampleTests.sampleId, samples.id))
        .innerJoin(labAssays, eq(labAssays.id, sampleTests.labassayId))
        .innerJoin(labSections, eq(labSections.id, labAssays.sekcijaId))
        .where(and(...conditions))
        .orderBy(asc(labSections.redoslijed), asc(labAssays.redoslijed), asc(labAssays.naziv), asc(labAssays.id),
          asc(samples.datum), asc(samples.createdAt), asc(samples.id));
    },
  };
}

export { referenceRangesOf, type RangeRow as ReferenceRangeRow } from '../../db/reference-ranges.ts';
