import { and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { WORKLIST_STATUSES, type SampleStatus, type WORKLIST_PRESETS } from '@lis/domain';
import type { Db } from '../../db/client.ts';
import { labAssays, labSections } from '../catalogue/tables.ts';
import { patients } from '../patients/tables.ts';
import { sampleCodeCounters, sampleTests, samples } from './tables.ts';
import { runList, type ListRequest, type ListSpec } from '../../db/list-query.ts';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { isUuid } from '../../lib/ids.ts';

export type SampleRow = typeof samples.$inferSelect;
export type NewSample = typeof samples.$inferInsert;
export type SampleChanges = Partial<Pick<SampleRow,
  'status' | 'hitan' | 'tip' | 'type' | 'trudnica' | 'menstc' | 'anticoag' | 'menopauza' | 'lokacija' | 'doktor' | 'komentar' | 'datum' | 'receivedAt' | 'partnerId'>>;

/**
 * Next running number of the day, lab-wide. The upsert takes the counter
 * row's lock until the caller's transaction ends, so concurrent saves of a
 * day queue here and each gets its own number; the number never goes back.
 */
export async function allocateDayCounter(tx: Db, codeDay: string): Promise<number> {
  const [row] = await tx.insert(sampleCodeCounters).values({ day: codeDay, last: 1 })
    .onConflictDoUpdate({ target: sampleCodeCounters.day, set: { last: sql`${sampleCodeCounters.last} + 1` } })
    .returning({ last: sampleCodeCounters.last });
  if (!row) throw new Error('sample code counter returned nothing');
  return row.last;
}

/**
 * The next `count` running numbers of the day in one statement (the import's samples): answers the
 * first; the numbers first .. first + count - 1 are the caller's, under the same row lock as above.
 */
export async function allocateDayCounters(tx: Db, codeDay: string, count: number): Promise<number> {
  const [row] = await tx.insert(sampleCodeCounters).values({ day: codeDay, last: count })
    .onConflictDoUpdate({ target: sampleCodeCounters.day, set: { last: sql`${sampleCodeCounters.last} + ${count}` } })
    .returning({ last: sampleCodeCounters.last });
  if (!row) throw new Error('sample code counter returned nothing');
  return row.last - count + 1;
}

export interface NewSampleTest {
  labassayId: string;
  price: string;
  componentOf: string | null;
  /** The test panel it came with; null: picked alone. */
  panelId?: string | null;
  /** The test's own status; ZAPRIMLJEN when left out. */
  statusT?: string;
  /** The reflex rule that added it; null or absent when ordered otherwise. */
  refleks?: string | null;
}

/** A test on a sample with what the sample screens show of its assay. */
export interface SampleTestRow {
  id: string;
  labassayId: string;
  price: string;
  statusT: string;
  componentOf: string | null;
  panelId: string | null;
  rezultat: string | null;
  rezultatF: string | null;
  naziv: string;
  nazivEn: string;
  nazivDe: string;
  sifra: string;
  analit: string;
  jedinica: string;
  manual: boolean;
  calculated: boolean;
  calculatedTests: string[];
  disabled: boolean;
  sekcijaId: string;
  sekcijaNaziv: string;
  sekcijaNazivEn: string;
  sekcijaNazivDe: string;
}

/**
 * The samples of one site, the only way to reach sample rows. Every statement
 * below carries `samples.site_id = siteId` (a sample's tests through their
 * sample), so whatever id a service passes, another site's sample is not
 * read, not changed and not deleted: it is simply not found.
 */
export function sampleRepository(db: Db, siteId: string) {
  const ofSite = (condition: SQL) => and(eq(samples.siteId, siteId), condition);
  /** The sample's tests, only when the sample is of this site. */
  const testsOfOwnSample = (sampleId: string) => and(
    eq(sampleTests.sampleId, sampleId),
    inArray(sampleTests.sampleId, db.select({ id: samples.id }).from(samples).where(ofSite(eq(samples.id, sampleId)))),
  );

  return {
    async insertSample(values: Omit<NewSample, 'siteId'>): Promise<SampleRow> {
      const [row] = await db.insert(samples).values({ ...values, siteId }).returning();
      if (!row) throw new Error('insert returned no sample');
      return row;
    },

    /** Many samples of this site with their tests, each statement once (the Excel import). */
    async insertSamplesWithTests(entries: readonly { sample: Omit<NewSample, 'siteId'>; tests: readonly NewSampleTest[] }[]): Promise<SampleRow[]> {
      if (entries.length === 0) return [];
      const rows = await db.insert(samples).values(entries.map((entry) => ({ ...entry.sample, siteId }))).returning();
      const byCode = new Map(rows.map((row) => [row.code, row]));
      const tests = entries.flatMap((entry) => {
        const row = byCode.get(entry.sample.code);
        if (!row) throw new Error('inserted sample not returned');
        return entry.tests.map((test) => ({ sampleId: row.id, ...test }));
      });
      if (tests.length > 0) await db.insert(sampleTests).values(tests);
      return entries.map((entry) => byCode.get(entry.sample.code) as SampleRow);
    },

    /** Samples of this site by their import references. */
    async findSamplesByImportRef(refs: readonly string[]): Promise<SampleRow[]> {
      if (refs.length === 0) return [];
      return db.select().from(samples).where(ofSite(inArray(samples.importRef, [...refs])));
    },

    /** A sample of this site by id; another site's sample is not found, exactly like a missing one. */
    async findSample(id: string, options: { forUpdate?: boolean } = {}): Promise<SampleRow | null> {
      if (!isUuid(id)) return null;
      const query = db.select().from(samples).where(ofSite(eq(samples.id, id))).limit(1);
      const rows = options.forUpdate ? await query.for('update') : await query;
      return rows[0] ?? null;
    },

    /** A sample of this site by the code on its label. */
    async findSampleByCode(code: string, options: { forUpdate?: boolean } = {}): Promise<SampleRow | null> {
      const query = db.select().from(samples).where(ofSite(eq(samples.code, code))).limit(1);
      const rows = options.forUpdate ? await query.for('update') : await query;
      return rows[0] ?? null;
    },

    /**
     * Changes a sample of this site and adds one to its version (the result
     * screen's optimistic lock: a results save that read the sample before
     * this change is refused); an id of another site changes nothing and throws.
     */
    async updateSample(id: string, changes: SampleChanges, userId: string): Promise<SampleRow> {
      const [row] = await db.update(samples).set({ ...changes, version: sql`${samples.version} + 1`, updatedBy: userId, updatedAt: sql`now()` })
        .where(ofSite(eq(samples.id, id))).returning();
      if (!row) throw new Error('update found no sample of this site');
      return row;
    },

    /** Deletes a sample of this site (its tests go with it); an id of another site deletes nothing and throws. */
    async deleteSample(id: string): Promise<void> {
      const deleted = await db.delete(samples).where(ofSite(eq(samples.id, id))).returning({ id: samples.id });
      if (deleted.length === 0) throw new Error('delete found no sample of this site');
    },

    /** The tests of a sample of this site in section and report order; none for another site's sample. */
    async testsOfSample(sampleId: string): Promise<SampleTestRow[]> {
      return db.select({
        id: sampleTests.id,
        labassayId: sampleTests.labassayId,
        price: sampleTests.price,
        statusT: sampleTests.statusT,
        componentOf: sampleTests.componentOf,
        panelId: sampleTests.panelId,
        rezultat: sampleTests.rezultat,
        rezultatF: sampleTests.rezultatF,
        naziv: labAssays.naziv,
        nazivEn: labAssays.nazivEn,
        nazivDe: labAssays.nazivDe,
        sifra: labAssays.sifra,
        analit: labAssays.analit,
        jedinica: labAssays.jedinica,
        manual: labAssays.manual,
        calculated: labAssays.calculated,
        calculatedTests: labAssays.calculatedTests,
        disabled: labAssays.disabled,
        sekcijaId: labSections.id,
        sekcijaNaziv: labSections.naziv,
        sekcijaNazivEn: labSections.nazivEn,
        sekcijaNazivDe: labSections.nazivDe,
      }).from(sampleTests)
        .innerJoin(samples, eq(samples.id, sampleTests.sampleId))
        .innerJoin(labAssays, eq(labAssays.id, sampleTests.labassayId))
        .innerJoin(labSections, eq(labSections.id, labAssays.sekcijaId))
        .where(and(eq(sampleTests.sampleId, sampleId), eq(samples.siteId, siteId)))
        .orderBy(asc(labSections.redoslijed), asc(labAssays.redoslijed), asc(labAssays.naziv));
    },

    /** Adds tests to a sample of this site; for another site's sample nothing is added and it throws. */
    async insertSampleTests(sampleId: string, tests: readonly NewSampleTest[]): Promise<void> {
      if (tests.length === 0) return;
      const owner = await db.select({ id: samples.id }).from(samples).where(ofSite(eq(samples.id, sampleId))).limit(1);
      if (owner.length === 0) throw new Error('tests for a sample not of this site');
      await db.insert(sampleTests).values(tests.map((test) => ({ sampleId, ...test })));
    },

    /** Removes tests from a sample of this site; another site's sample keeps its tests. */
    async deleteSampleTests(sampleId: string, labassayIds: readonly string[]): Promise<void> {
      if (labassayIds.length === 0) return;
      await db.delete(sampleTests).where(and(testsOfOwnSample(sampleId), inArray(sampleTests.labassayId, [...labassayIds])));
    },

    /** Reprices a test of a sample of this site; another site's sample is left as it is. */
    async updateSampleTest(sampleId: string, labassayId: string, changes: { price: string; componentOf: string | null; panelId?: string | null }): Promise<void> {
      await db.update(sampleTests).set({ ...changes, updatedAt: sql`now()` })
        .where(and(testsOfOwnSample(sampleId), eq(sampleTests.labassayId, labassayId)));
    },
  };
}
export type SampleRepository = ReturnType<typeof sampleRepository>;

// The catalogue below (sections, assays, reference ranges) and the day counter above are lab-wide:
// every site orders from one catalogue, and a sample code is unique in the whole lab.

/** A catalogue assay with what the picker and the sample rules need. */
export interface CatalogueAssay {
  id: string;
  sifra: string;
  naziv: string;
  nazivEn: string;
  nazivDe: string;
  analit: string;
  jedinica: string;
  price: string;
  manual: boolean;
  calculated: boolean;
  calculatedTests: string[];
  disabled: boolean;
  tip: string;
  /** The sample type the test is done from; null when the catalogue does not say. */
  sampleTypeId: string | null;
  /** Hours after collection the test can still be measured, per sample type id (null: any type). */
  stabilnost: { uzorak: string | null; sati: number }[];
  sekcijaId: string;
  sekcijaSifra: string;
  sekcijaNaziv: string;
  sekcijaNazivEn: string;
  sekcijaNazivDe: string;
  sekcijaRedoslijed: number;
}

const catalogueColumns = {
  id: labAssays.id,
  sifra: labAssays.sifra,
  naziv: labAssays.naziv,
  nazivEn: labAssays.nazivEn,
  nazivDe: labAssays.nazivDe,
  analit: labAssays.analit,
  jedinica: labAssays.jedinica,
  price: labAssays.price,
  manual: labAssays.manual,
  calculated: labAssays.calculated,
  calculatedTests: labAssays.calculatedTests,
  disabled: labAssays.disabled,
  tip: labAssays.tip,
  sampleTypeId: labAssays.sampleTypeId,
  stabilnost: labAssays.stabilnost,
  sekcijaId: labSections.id,
  sekcijaSifra: labSections.sifra,
  sekcijaNaziv: labSections.naziv,
  sekcijaNazivEn: labSections.nazivEn,
  sekcijaNazivDe: labSections.nazivDe,
  sekcijaRedoslijed: labSections.redoslijed,
};

export async function assaysByIds(db: Db, ids: readonly string[]): Promise<CatalogueAssay[]> {
  const valid = ids.filter(isUuid);
  if (valid.length === 0) return [];
  return db.select(catalogueColumns).from(labAssays)
    .innerJoin(labSections, eq(labSections.id, labAssays.sekcijaId))
    .where(inArray(labAssays.id, valid));
}

/** The picker's tests: one section (by id or sifra) or all, optionally one kind (tip), in section and report order. */
export async function pickerAssays(db: Db, filter: { sekcija: string; tip: string }): Promise<CatalogueAssay[]> {
  const conditions = [];
  if (filter.sekcija !== '') {
    conditions.push(isUuid(filter.sekcija) ? or(eq(labSections.id, filter.sekcija), eq(labSections.sifra, filter.sekcija)) : eq(labSections.sifra, filter.sekcija));
  }
  if (filter.tip !== '') conditions.push(eq(labAssays.tip, filter.tip));
  return db.select(catalogueColumns).from(labAssays)
    .innerJoin(labSections, eq(labSections.id, labAssays.sekcijaId))
    .where(and(...conditions))
    .orderBy(asc(labSections.redoslijed), asc(labAssays.redoslijed), asc(labAssays.naziv));
}

export interface SampleListExtra {
  status: readonly string[];
  hitan: boolean | undefined;
}

/** Statuses as SQL literals: a partial index serves a query only when the planner sees its very predicate, not parameters. */
function statusIn(statuses: readonly SampleStatus[]): SQL {
  return sql`${samples.status} in (${sql.raw(statuses.map((status) => `'${status}'`).join(', '))})`;
}

/**
 * Samples waiting for a check ('Provjera nalaza', /protokol): REALIZOVAN
 * (every result in, awaiting approval), ODOBREN (awaiting verification), or
 * carrying a comment and not yet verified. The partial index
 * samples_protocol_idx has exactly this predicate.
 */
const PROTOCOL_CONDITION: SQL = sql`(${statusIn(['REALIZOVAN', 'ODOBREN'])} or (${samples.komentar} <> '' and ${samples.status} <> 'VERIFICIRAN'))`;

/** Every sample not yet approved: the 'RADNA LISTA' (worklist) preset; the partial index samples_worklist_idx has this predicate. */
const WORKLIST_CONDITION: SQL = statusIn(WORKLIST_STATUSES);

/**
 * The 'Mikrobiologija' preset: worklist samples with a test of a lab section
 * marked mikrobiologija. The rule reads the ordered tests rather than the
 * sample's `tip`, because a microbiology test ordered from the ordinary test
 * picker leaves `tip` at 'Standard', and it is the tests that need the
 * microbiology bench. The database keeps `samples.mikrobiologija` from the
 * tests (migration 0007), and the partial index samples_microbiology_idx has
 * exactly this predicate.
 */
const MICROBIOLOGY_CONDITION: SQL = sql`${samples.mikrobiologija} and ${WORKLIST_CONDITION}`;

/** The datum presets of every sample list beyond the day presets. */
const SAMPLE_LIST_PRESETS: Readonly<Record<(typeof WORKLIST_PRESETS)[number], SQL>> = {
  'RADNA LISTA': WORKLIST_CONDITION,
  Mikrobiologija: MICROBIOLOGY_CONDITION,
};

/** Which samples a list shows before its own filters: every sample, or those the results check (/protokol) shows. */
export type SampleListScope = 'all' | 'protocol';

/**
 * The site's samples (sample table, /naljepnice, /obrada/pregled, /protokol):
 * 'Pretraga' matches the start of the code or the patient's prezime, ime or
 * jmbg; `status` narrows to one or more statuses; the day presets and the date
 * range select on the registration time; 'RADNA LISTA' (worklist) is every
 * sample not yet approved, 'Mikrobiologija' those of them with a microbiology
 * test. The `protocol` scope keeps only the samples waiting for a check.
 */
export function listSamples(db: Db, list: ListRequest<SampleListExtra>, scope: SampleListScope = 'all') {
  return runList(db, list, sampleListSpec(db, list, scope));
}

/** The description of the sample list that listSamples runs (the plan tests explain its page query). */
export function sampleListSpec(db: Db, list: ListRequest<SampleListExtra>, scope: SampleListScope) {
  const { status, hitan } = list.extra;
  return {
    site: samples.siteId,
    query: () => db.select({
      _id: samples.id,
      code: samples.code,
      pacijentRBr: samples.rbr,
      status: samples.status,
      hitan: samples.hitan,
      tip: samples.tip,
      type: samples.type,
      datum: samples.datum,
      lokacija: samples.lokacija,
      doktor: samples.doktor,
      komentar: samples.komentar,
      pdf_exists: samples.pdfExists,
      created_at: samples.createdAt,
      updated_at: samples.updatedAt,
      pid: patients.id,
      ime: patients.ime,
      prezime: patients.prezime,
      jmbg: patients.jmbg,
      godiste: patients.godiste,
      // Aliased subqueries with the outer column qualified (see patients/repository.ts uncompletedCount).
      testova: sql<number>`(select count(*)::int from ${sampleTests} as st where st.sample_id = ${samples}.id)`,
      ukupno: sql<string>`(select coalesce(sum(st.price), 0)::numeric(12, 2)::text from ${sampleTests} as st where st.sample_id = ${samples}.id)`,
    // LEFT JOIN (every sample has its patient, so the rows are the same): PostgreSQL drops a left join whose
    // columns a query does not use, so the list's count(*) without a name filter reads samples alone.
    }).from(samples).leftJoin(patients, eq(patients.id, samples.patientId)).$dynamic(),
    where: and(
      scope === 'protocol' ? PROTOCOL_CONDITION : undefined,
      status.length > 0 ? inArray(samples.status, [...status]) : undefined,
      hitan === undefined ? undefined : eq(samples.hitan, hitan),
    ),
    sortable: {
      created_at: samples.createdAt, datum: samples.datum, code: samples.code, status: samples.status, hitan: samples.hitan,
      prezime: patients.prezimeSort, ime: patients.imeSort,
    },
    defaultSort: [{ field: 'created_at', direction: 'desc' }],
    primaryKey: samples.id,
    filter: [samples.code, patients.prezime, patients.ime, patients.jmbg],
    date: samples.createdAt,
    presets: SAMPLE_LIST_PRESETS,
  } satisfies ListSpec<PgSelect>;
}
