import { and, asc, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import type { ReferenceSnapshot } from '../../db/columns.ts';
import { auditLog, users } from '../../db/shared-tables.ts';
import { labAssays, labSections } from '../catalogue/tables.ts';
import { sampleTests, samples } from '../samples/tables.ts';
import { isUuid } from '../../lib/ids.ts';
import { jsonText, unnestRows } from '../../db/unnest.ts';

/** A sample with what result entry, approval and verification read and change. */
export interface ResultSampleRow {
  id: string;
  patientId: string;
  code: string;
  status: string;
  version: number;
  datum: Date;
  trudnica: boolean;
  menopauza: boolean;
  pdfExists: boolean;
  verifiedOnce: boolean;
  obavijesten: { ko: string; kada: string } | null;
}

const sampleColumns = {
  id: samples.id,
  patientId: samples.patientId,
  code: samples.code,
  status: samples.status,
  version: samples.version,
  datum: samples.datum,
  trudnica: samples.trudnica,
  menopauza: samples.menopauza,
  pdfExists: samples.pdfExists,
  verifiedOnce: samples.verifiedOnce,
  obavijesten: samples.obavijesten,
};

/** A test of the sample with its result, who entered it, and the assay settings that judge it. */
export interface ResultTestRow {
  id: string;
  sampleId: string;
  labassayId: string;
  rezultat: string | null;
  flag: string | null;
  statusT: string;
  unioSource: string | null;
  unioAt: Date | null;
  unioIme: string | null;
  unioPrezime: string | null;
  sifra: string;
  naziv: string;
  nazivEn: string;
  nazivDe: string;
  analit: string;
  jedinica: string;
  vrsta: string;
  opcije: string[];
  decimals: number;
  calculated: boolean;
  formula: string | null;
  criticalLow: string | null;
  criticalHigh: string | null;
  deltaKind: string | null;
  deltaLimit: string | null;
  sekcijaId: string;
  sekcijaNaziv: string;
  sekcijaNazivEn: string;
  sekcijaNazivDe: string;
  sekcijaRedoslijed: number;
  /** The range the result was judged by when it was entered (null before a result, or for results older than the copy). */
  referenca: ReferenceSnapshot | null;
  /** Why the result was taken back for a retest, while the retest is pending; null otherwise. */
  retestRazlog: string | null;
  /** The reflex rule that added the test, or null. */
  refleks: string | null;
  /** When the autoverification rules released the result with its section (a partial report), and which rule set; null: not released alone. */
  releasedAt: Date | null;
  releasedByRules: string | null;
}

/** What a save writes to one test entry. */
export interface TestResultWrite {
  id: string;
  sampleId: string;
  rezultat: string | null;
  /** The exact number as decimal text ("5.40"), or null. */
  rezultatF: string | null;
  flag: string | null;
  statusT: string;
  /**
   * The result itself was given: who entered it and when are stamped (now) and a pending retest is answered
   * (its mark cleared); otherwise only flag and status_t move.
   */
  entered: boolean;
  unioBy: string | null;
  unioSource: string | null;
  /** The range the result is judged by, copied onto the test. */
  referenca: ReferenceSnapshot | null;
}

/**
 * What a status move writes to the sample besides the status: 'stamp' sets
 * when (the database's clock, the transaction's time) and who, 'clear' takes
 * both away. Stamping a verification also marks the sample verified once.
 */
export interface SampleMove {
  status?: string;
  approval?: 'stamp' | 'clear';
  verification?: 'stamp' | 'clear';
  obavijesten?: { ko: string; kada: string } | null;
}

/** The patient's previous verified result of an assay. */
export interface PreviousResultRow {
  labassayId: string;
  rezultat: string;
  verifiedAt: Date;
}

/**
 * One audit row of the sample with the display name of who wrote it (null names: the system). Old and
 * new value come as their JSON text: drizzle parses a jsonb value a second time on reading, which turns
 * the stored string "5.0" into the number 5, and the trail must show a result exactly as it was entered.
 */
export interface SampleAuditRow {
  at: Date;
  action: string;
  field: string | null;
  oldJson: string | null;
  newJson: string | null;
  reason: string | null;
  ime: string | null;
  prezime: string | null;
}

function instant(value: Date | string): Date {
  return value instanceof Date ? value : new Date(value);
}

/** The sample whose tests look back at the patient's earlier results. */
export interface PreviousLookupSample {
  id: string;
  patientId: string;
  datum: Date;
}


/**
 * The results of one site's samples, the only way this module reaches sample
 * rows. Every statement carries `samples.site_id = siteId` (a sample's tests
 * and audit rows through their sample), so whatever id the service passes,
 * another site's sample is neither read nor changed: it is not found.
 */
export function resultRepository(db: Db, siteId: string) {
  const ofSite = (condition: SQL) => and(eq(samples.siteId, siteId), condition);
  const ownSample = (sampleId: string) => db.select({ id: samples.id }).from(samples).where(ofSite(eq(samples.id, sampleId)));
  /**
   * The delta check's lookup: for each assay, the same patient's latest
   * verified result of it at this site, from another sample taken no later
   * than this one (a sample drawn afterwards is not "previous"). One probe per
   * assay: the patient's verified samples, newest verification first
   * (samples_patient_verified_idx, a backward scan), each checked for the assay
   * through sample_tests_sample_assay_key, stopping at the first with a result,
   * so a patient with years of samples costs a few index reads. Null when there
   * is no assay to look up.
   */
  const previousVerifiedStatement = (sample: PreviousLookupSample, labassayIds: readonly string[]): SQL | null => {
    const assays = labassayIds.filter(isUuid);
    if (assays.length === 0) return null;
    const assayList = sql.join(assays.map((id) => sql`(${id}::uuid)`), sql`, `);
    return sql`
      select a.id as labassay_id, previous.rezultat, previous.verified_at
      from (values ${assayList}) as a(id)
      cross join lateral (
        select t.rezultat, s.verified_at
        from ${samples} as s
        join ${sampleTests} as t on t.sample_id = s.id and t.labassay_id = a.id
        where s.patient_id = ${sample.patientId}::uuid and s.site_id = ${siteId}::uuid and s.status = 'VERIFICIRAN'
          and s.verified_at is not null and s.id <> ${sample.id}::uuid and s.datum <= ${sample.datum.toISOString()}::timestamptz
          and t.rezultat is not null and btrim(t.rezultat) <> ''
        order by s.verified_at desc
        limit 1
      ) as previous`;
  };

  return {
    previousVerifiedStatement,

    /** A sample of this site; `forUpdate` takes its row lock until the transaction ends, so writes to one sample queue. */
    async findSample(id: string, options: { forUpdate?: boolean } = {}): Promise<ResultSampleRow | null> {
      if (!isUuid(id)) return null;
      const query = db.select(sampleColumns).from(samples).where(ofSite(eq(samples.id, id))).limit(1);
      const rows = options.forUpdate ? await query.for('update', { of: samples }) : await query;
      return rows[0] ?? null;
    },

    /**
     * The samples of this site with these codes (the specimen ids on the tubes' barcodes), their rows locked
     * until the transaction ends. They are locked in code order, so two transactions locking overlapping
     * sets of samples queue instead of deadlocking. A code no sample of this site has is left out.
     */
    async findSamplesByCodeForUpdate(codes: readonly string[]): Promise<ResultSampleRow[]> {
      if (codes.length === 0) return [];
      return db.select(sampleColumns).from(samples).where(ofSite(inArray(samples.code, [...new Set(codes)])))
        .orderBy(asc(samples.code)).for('update', { of: samples });
    },

    /** The sample's tests in report order (section, then assay); none for another site's sample. */
    testsOfSample(sampleId: string): Promise<ResultTestRow[]> {
      return this.testsOfSamples([sampleId]);
    },

    /** The tests of these samples of this site in one read, each sample's in report order; none of another site's sample. */
    async testsOfSamples(sampleIds: readonly string[]): Promise<ResultTestRow[]> {
      const ids = [...new Set(sampleIds)].filter(isUuid);
      if (ids.length === 0) return [];
      return db.select({
        id: sampleTests.id,
        sampleId: sampleTests.sampleId,
        labassayId: sampleTests.labassayId,
        rezultat: sampleTests.rezultat,
        flag: sampleTests.flag,
        statusT: sampleTests.statusT,
        unioSource: sampleTests.unioSource,
        unioAt: sampleTests.unioAt,
        unioIme: users.ime,
        unioPrezime: users.prezime,
        sifra: labAssays.sifra,
        naziv: labAssays.naziv,
        nazivEn: labAssays.nazivEn,
        nazivDe: labAssays.nazivDe,
        analit: labAssays.analit,
        jedinica: labAssays.jedinica,
        vrsta: labAssays.vrsta,
        opcije: labAssays.opcije,
        decimals: labAssays.decimals,
        calculated: labAssays.calculated,
        formula: labAssays.formula,
        criticalLow: labAssays.criticalLow,
        criticalHigh: labAssays.criticalHigh,
        deltaKind: labAssays.deltaKind,
        deltaLimit: labAssays.deltaLimit,
        sekcijaId: labSections.id,
        sekcijaNaziv: labSections.naziv,
        sekcijaNazivEn: labSections.nazivEn,
        sekcijaNazivDe: labSections.nazivDe,
        sekcijaRedoslijed: labSections.redoslijed,
        referenca: sampleTests.referenca,
        retestRazlog: sampleTests.retestRazlog,
        refleks: sampleTests.refleks,
        releasedAt: sampleTests.releasedAt,
        releasedByRules: sampleTests.releasedByRules,
      }).from(sampleTests)
        .innerJoin(samples, eq(samples.id, sampleTests.sampleId))
        .innerJoin(labAssays, eq(labAssays.id, sampleTests.labassayId))
        .innerJoin(labSections, eq(labSections.id, labAssays.sekcijaId))
        .leftJoin(users, eq(users.id, sampleTests.unioBy))
        .where(and(inArray(sampleTests.sampleId, ids), eq(samples.siteId, siteId)))
        .orderBy(asc(sampleTests.sampleId), asc(labSections.redoslijed), asc(labAssays.redoslijed), asc(labAssays.naziv), asc(sampleTests.id));
    },

    /** For each assay, the same patient's latest verified result of it at this site (previousVerifiedStatement). */
    async previousVerifiedResults(sample: PreviousLookupSample, labassayIds: readonly string[]): Promise<PreviousResultRow[]> {
      const statement = previousVerifiedStatement(sample, labassayIds);
      if (!statement) return [];
      const rows = await queryRows<{ labassay_id: string; rezultat: string; verified_at: Date | string }>(db, statement);
      return rows.map((row) => ({ labassayId: row.labassay_id, rezultat: row.rezultat, verifiedAt: instant(row.verified_at) }));
    },

    /**
     * Writes results, flags and test statuses of samples of this site in one
     * statement (each write names its sample); a test of another site's
     * sample is not touched. `entered` rows get who entered them and the
     * transaction's time.
     */
    async writeTests(writes: readonly TestResultWrite[]): Promise<void> {
      if (writes.length === 0) return;
      const rows = unnestRows(writes, [
        ['uuid', (write) => write.id], ['uuid', (write) => write.sampleId], ['text', (write) => write.rezultat],
        ['numeric', (write) => write.rezultatF], ['text', (write) => write.flag], ['text', (write) => write.statusT],
        ['boolean', (write) => write.entered], ['uuid', (write) => write.unioBy], ['text', (write) => write.unioSource],
        ['jsonb', (write) => jsonText(write.referenca)],
      ]);
      await db.execute(sql`
        update ${sampleTests} as st set
          rezultat = v.rezultat, rezultat_f = v.rezultat_f, flag = v.flag, status_t = v.status_t,
          unio_by = case when v.entered then v.unio_by else st.unio_by end,
          unio_source = case when v.entered then v.unio_source else st.unio_source end,
          unio_at = case when v.entered then now() else st.unio_at end,
          referenca = v.referenca,
          retest_razlog = case when v.entered then null else st.retest_razlog end,
          -- A released result that is changed (with a reason) is released no longer: the rules or a person release it again.
          released_at = case when v.entered then null else st.released_at end,
          released_by_rules = case when v.entered then null else st.released_by_rules end,
          updated_at = now()
        from ${rows} as v(id, sample_id, rezultat, rezultat_f, flag, status_t, entered, unio_by, unio_source, referenca)
          join ${samples} as s on s.id = v.sample_id and s.site_id = ${siteId}
        where st.id = v.id and st.sample_id = v.sample_id`);
    },

    /**
     * Marks tests of a sample of this site released by the autoverification rules `ruleSet` ('Set v3') with their
     * section, now, in one statement; a test already released, or without a result, is left as it is. Answers the ids marked.
     */
    async releaseTests(sampleId: string, testIds: readonly string[], ruleSet: string): Promise<string[]> {
      const ids = testIds.filter(isUuid);
      if (ids.length === 0) return [];
      const rows = await db.update(sampleTests).set({ releasedAt: sql`now()`, releasedByRules: ruleSet, updatedAt: new Date() })
        .where(and(
          inArray(sampleTests.id, ids), eq(sampleTests.sampleId, sampleId), inArray(sampleTests.sampleId, ownSample(sampleId)),
          isNull(sampleTests.releasedAt), isNotNull(sampleTests.rezultat),
        ))
        .returning({ id: sampleTests.id });
      return rows.map((row) => row.id);
    },

    /** Takes a test of a sample of this site back for a retest, with the reason (the earlier value stays). */
    async markRetest(sampleId: string, testId: string, razlog: string): Promise<void> {
      await db.update(sampleTests).set({ retestRazlog: razlog, updatedAt: new Date() })
        .where(and(eq(sampleTests.id, testId), eq(sampleTests.sampleId, sampleId), inArray(sampleTests.sampleId, ownSample(sampleId))));
    },

    /** Copies the ranges the results are judged by onto the tests of a sample of this site (at verification), in one statement. */
    async writeReferences(sampleId: string, writes: readonly { id: string; referenca: ReferenceSnapshot | null }[]): Promise<void> {
      if (writes.length === 0) return;
      const values = sql.join(writes.map((write) => sql`(${write.id}::uuid, ${write.referenca === null ? null : JSON.stringify(write.referenca)}::jsonb)`), sql`, `);
      await db.execute(sql`
        update ${sampleTests} as st set referenca = v.referenca, updated_at = now()
        from (values ${values}) as v(id, referenca)
        where st.id = v.id and st.sample_id = ${sampleId}
          and st.sample_id in (select s.id from ${samples} as s where s.id = ${sampleId} and s.site_id = ${siteId})`);
    },

    /** Sets the tests' own status (status_t) on a sample of this site, in one statement. */
    async writeTestStatuses(sampleId: string, writes: readonly { id: string; statusT: string }[]): Promise<void> {
      if (writes.length === 0) return;
      const values = sql.join(writes.map((write) => sql`(${write.id}::uuid, ${write.statusT}::text)`), sql`, `);
      await db.execute(sql`
        update ${sampleTests} as st set status_t = v.status_t, updated_at = now()
        from (values ${values}) as v(id, status_t)
        where st.id = v.id and st.sample_id = ${sampleId}
          and st.sample_id in (select s.id from ${samples} as s where s.id = ${sampleId} and s.site_id = ${siteId})`);
    },

    /**
     * Sets the status of samples of this site (where a move names one) and adds one to each one's version,
     * in one statement, stamping who changed them (null: the system) and when. Answers each moved sample's
     * status and version; another site's sample is not changed and not answered.
     */
    async moveSamples(moves: readonly { id: string; status: string | null }[], userId: string | null): Promise<Map<string, { status: string; version: number }>> {
      if (moves.length === 0) return new Map();
      const rows = unnestRows(moves, [['uuid', (move) => move.id], ['text', (move) => move.status]]);
      const moved = await queryRows<{ id: string; status: string; version: number }>(db, sql`
        update ${samples} as s set status = coalesce(v.status, s.status), version = s.version + 1, updated_by = ${userId}::uuid, updated_at = now()
        from ${rows} as v(id, status)
        where s.id = v.id and s.site_id = ${siteId}
        returning s.id, s.status, s.version`);
      return new Map(moved.map((row) => [row.id, { status: row.status, version: Number(row.version) }]));
    },

    /**
     * Moves a sample of this site and adds one to its version, so a save
     * that read the sample before this change is refused. Throws for
     * another site's sample, which it does not change.
     */
    async updateSample(id: string, move: SampleMove, userId: string | null): Promise<{ status: string; version: number }> {
      const stamp = (change: 'stamp' | 'clear' | undefined) => (change === 'stamp' ? { at: sql`now()`, by: userId } : { at: null, by: null });
      const approval = move.approval && stamp(move.approval);
      const verification = move.verification && stamp(move.verification);
      const [row] = await db.update(samples)
        .set({
          ...(move.status === undefined ? {} : { status: move.status }),
          ...(approval ? { approvedAt: approval.at, approvedBy: approval.by } : {}),
          ...(verification ? { verifiedAt: verification.at, verifiedBy: verification.by } : {}),
          ...(move.verification === 'stamp' ? { verifiedOnce: true } : {}),
          ...(move.obavijesten === undefined ? {} : { obavijesten: move.obavijesten }),
          version: sql`${samples.version} + 1`, updatedBy: userId, updatedAt: sql`now()`,
        })
        .where(ofSite(eq(samples.id, id)))
        .returning({ status: samples.status, version: samples.version });
      if (!row) throw new Error('update found no sample of this site');
      return row;
    },

    /** The sample's audit trail, newest first, with who wrote each row; nothing for another site's sample. */
    async auditOfSample(sampleId: string): Promise<SampleAuditRow[]> {
      if (!isUuid(sampleId)) return [];
      return db.select({
        at: auditLog.at,
        action: auditLog.action,
        field: auditLog.field,
        oldJson: sql<string | null>`${auditLog.oldValue}::text`,
        newJson: sql<string | null>`${auditLog.newValue}::text`,
        reason: auditLog.reason,
        ime: users.ime,
        prezime: users.prezime,
      }).from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.userId))
        .where(and(eq(auditLog.entity, 'sample'), eq(auditLog.entityId, sampleId), inArray(sql`${sampleId}::uuid`, ownSample(sampleId))))
        .orderBy(desc(auditLog.at), desc(auditLog.id));
    },

    /** The codes of these assays (ids as the audit trail stored them; ids that are no uuid are left out). */
    async assayCodes(ids: readonly string[]): Promise<Map<string, string>> {
      const uuids = [...new Set(ids)].filter(isUuid);
      if (uuids.length === 0) return new Map();
      const rows = await db.select({ id: labAssays.id, sifra: labAssays.sifra }).from(labAssays).where(inArray(labAssays.id, uuids));
      return new Map(rows.map((row) => [row.id, row.sifra]));
    },
  };
}
export type ResultRepository = ReturnType<typeof resultRepository>;

export { referenceRangesOf, type RangeRow } from '../../db/reference-ranges.ts';
