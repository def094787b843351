import { type SQL, and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { ControlResultsQuery } from './types.ts';
import { ESTABLISHING_RUNS, type ChartPoint, type CountedSummary } from '@lis/domain';
import { type Db, queryRows } from '../../db/client.ts';
import { catalogueNameIn } from '../../db/catalogue-name.ts';
import { runList, type ListRequest } from '../../db/list-query.ts';
import { sites } from '../../db/shared-tables.ts';
import { labAssays } from '../catalogue/tables.ts';
import { analyserMessages, analyserResults, analysers } from '../integration/tables.ts';
import { qcAssayRules, qcControlSpecimens, qcControls, qcCorrectiveActions, qcResults, qcTargets } from './tables.ts';
import { sampleTests } from '../samples/tables.ts';
import { isUuid } from '../../lib/ids.ts';

export type ControlRowDb = typeof qcControls.$inferSelect;
export type ControlValues = Pick<typeof qcControls.$inferInsert, 'kontrola' | 'proizvodjac' | 'lot' | 'rokTrajanja' | 'mod'>;
export type TargetValues = Pick<typeof qcTargets.$inferInsert, 'labassayId' | 'nivo' | 'mean' | 'sd' | 'izvor' | 'analyserId'>;
export type ResultRowDb = typeof qcResults.$inferSelect;
export type ResultValues = Omit<typeof qcResults.$inferInsert, 'id' | 'siteId' | 'createdAt' | 'komentar' | 'iskljucen' | 'razlogIskljucenja'>;

/** A counted control result as the rules and the target read it: oldest first, levels of a run in level order. */
export interface CountedResult {
  serija: string;
  nivo: number;
  vrijednost: number;
  z: number;
}

/**
 * A hold: the latest counted run of an assay from one source at the site (`analyserId`, null for runs entered
 * by hand) was rejected and has no corrective action.
 */
export interface HoldRow {
  labassayId: string;
  analyserId: string | null;
  analyserIme: string | null;
  naziv: string;
  nazivEn: string;
  nazivDe: string;
  serija: string;
  kontrola: string;
  lot: string;
  izmjereno: Date;
  pravila: string[];
}

const counted = eq(qcResults.iskljucen, false);

/**
 * A run's source: the analyser that measured it, or null for hand entry. Results are judged, summed up and
 * charted per source (see the domain's qc/source.ts); undefined in a filter means every source.
 */
export type SourceFilter = string | null | undefined;

/** The raw-SQL condition on results aliased `r` for a source filter (true for every source). */
function sourceOfR(analyserId: SourceFilter): SQL {
  if (analyserId === undefined) return sql`true`;
  return analyserId === null ? sql`r.analyser_id is null` : sql`r.analyser_id = ${analyserId}`;
}

/**
 * The control lots, targets, rules, results and corrective actions of one site. Every statement carries
 * `site_id = <the site>` (targets through their lot), so another site's lot or result is never read or
 * changed, whatever id a caller passes.
 */
export function qcRepository(db: Db, siteId: string) {
  const ofSite = eq(qcControls.siteId, siteId);
  const resultsOfSite = eq(qcResults.siteId, siteId);
  return {
    /** The lot with its site's time zone (the chart's days are the site's). */
    async findControlWithZone(id: string): Promise<{ control: ControlRowDb; timeZone: string } | null> {
      if (!isUuid(id)) return null;
      const [row] = await db.select({ control: qcControls, timeZone: sites.timeZone }).from(qcControls)
        .innerJoin(sites, eq(sites.id, qcControls.siteId)).where(and(ofSite, eq(qcControls.id, id)));
      return row ?? null;
    },

    async findControl(id: string, options: { forUpdate?: boolean } = {}): Promise<ControlRowDb | null> {
      if (!isUuid(id)) return null;
      const query = db.select().from(qcControls).where(and(ofSite, eq(qcControls.id, id)));
      const [row] = options.forUpdate ? await query.for('update') : await query;
      return row ?? null;
    },

    async insertControl(values: ControlValues): Promise<ControlRowDb> {
      const [row] = await db.insert(qcControls).values({ ...values, siteId }).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    async updateControl(id: string, values: ControlValues): Promise<ControlRowDb> {
      const [row] = await db.update(qcControls).set({ ...values, updatedAt: new Date() }).where(and(ofSite, eq(qcControls.id, id))).returning();
      if (!row) throw new Error('update of a locked lot found no row');
      return row;
    },

    /** The lot's targets with their assay's code, name and unit, by assay name and level. Call with a lot of this site. */
    targets(controlId: string) {
      return db.select({
        labassayId: qcTargets.labassayId, sifra: labAssays.sifra, naziv: labAssays.naziv, nazivEn: labAssays.nazivEn, nazivDe: labAssays.nazivDe,
        jedinica: labAssays.jedinica,
        nivo: qcTargets.nivo, mean: qcTargets.mean, sd: qcTargets.sd, izvor: qcTargets.izvor,
        analyserId: qcTargets.analyserId, analyserIme: analysers.ime,
      }).from(qcTargets).innerJoin(labAssays, eq(labAssays.id, qcTargets.labassayId))
        .leftJoin(analysers, eq(analysers.id, qcTargets.analyserId))
        .where(eq(qcTargets.controlId, controlId))
        // The general target first, then each analyser's: the order the editor shows them in.
        .orderBy(asc(labAssays.naziv), asc(qcTargets.nivo), sql`${qcTargets.analyserId} is not null`, asc(analysers.ime));
    },

    /** Replaces the lot's targets by `targets` (the lot must be this site's and locked). */
    async replaceTargets(controlId: string, targets: readonly TargetValues[]): Promise<void> {
      await db.delete(qcTargets).where(eq(qcTargets.controlId, controlId));
      if (targets.length > 0) await db.insert(qcTargets).values(targets.map((target) => ({ ...target, controlId })));
    },

    /** The lot's analyser specimen ids by level. Call with a lot of this site. */
    specimens(controlId: string): Promise<{ nivo: number; uzorak: string }[]> {
      return db.select({ nivo: qcControlSpecimens.nivo, uzorak: qcControlSpecimens.uzorak }).from(qcControlSpecimens)
        .where(and(eq(qcControlSpecimens.siteId, siteId), eq(qcControlSpecimens.controlId, controlId))).orderBy(asc(qcControlSpecimens.nivo));
    },

    /** Replaces the lot's analyser specimen ids (the lot must be this site's and locked). */
    async replaceSpecimens(controlId: string, rows: readonly { nivo: number; uzorak: string }[]): Promise<void> {
      await db.delete(qcControlSpecimens).where(and(eq(qcControlSpecimens.siteId, siteId), eq(qcControlSpecimens.controlId, controlId)));
      if (rows.length > 0) await db.insert(qcControlSpecimens).values(rows.map((row) => ({ ...row, siteId, controlId })));
    },

    /** The lot each of these specimen ids belongs to at this site, by the id in upper case. */
    async specimenOwners(specimenIds: readonly string[]): Promise<Map<string, string>> {
      const upper = [...new Set(specimenIds.map((id) => id.trim().toUpperCase()))];
      if (upper.length === 0) return new Map();
      const rows = await db.select({ uzorak: qcControlSpecimens.uzorak, controlId: qcControlSpecimens.controlId }).from(qcControlSpecimens)
        .where(and(eq(qcControlSpecimens.siteId, siteId), inArray(sql`upper(${qcControlSpecimens.uzorak})`, upper)));
      return new Map(rows.map((row) => [row.uzorak.toUpperCase(), row.controlId]));
    },

    /**
     * The lots and levels these analyser specimen ids name at this site, by the id in upper case; each lot's
     * row locked (in id order, so two messages for the same lots never deadlock): its runs are judged one
     * after another against its history.
     */
    async levelsBySpecimen(specimenIds: readonly string[]): Promise<Map<string, { control: ControlRowDb; nivo: number }>> {
      const upper = [...new Set(specimenIds.map((id) => id.trim().toUpperCase()))].filter((id) => id !== '');
      if (upper.length === 0) return new Map();
      const rows = await db.select({ uzorak: qcControlSpecimens.uzorak, nivo: qcControlSpecimens.nivo, controlId: qcControlSpecimens.controlId })
        .from(qcControlSpecimens)
        .where(and(eq(qcControlSpecimens.siteId, siteId), inArray(sql`upper(${qcControlSpecimens.uzorak})`, upper)));
      const controlIds = [...new Set(rows.map((row) => row.controlId))].sort();
      if (controlIds.length === 0) return new Map();
      const controls = await db.select().from(qcControls).where(and(ofSite, inArray(qcControls.id, controlIds))).orderBy(asc(qcControls.id)).for('update');
      const byId = new Map(controls.map((control) => [control.id, control]));
      return new Map(rows.flatMap((row) => {
        const control = byId.get(row.controlId);
        return control ? [[row.uzorak.toUpperCase(), { control, nivo: row.nivo }] as const] : [];
      }));
    },

    /** Lab assay ids by their code (`sifra`): an analyser's map names assays by code. */
    async assayIdsByCode(codes: readonly string[]): Promise<Map<string, string>> {
      if (codes.length === 0) return new Map();
      const rows = await db.select({ id: labAssays.id, sifra: labAssays.sifra }).from(labAssays).where(inArray(labAssays.sifra, [...new Set(codes)]));
      return new Map(rows.map((row) => [row.sifra, row.id]));
    },

    /** Which of these analyser ids are analysers of this site. */
    async analysersOfSite(ids: readonly string[]): Promise<Set<string>> {
      const valid = [...new Set(ids)].filter(isUuid);
      if (valid.length === 0) return new Set();
      const rows = await db.select({ id: analysers.id }).from(analysers).where(and(eq(analysers.siteId, siteId), inArray(analysers.id, valid)));
      return new Set(rows.map((row) => row.id));
    },

    /** The sources a lot's results come from (null: hand entry), with the analyser's name: the chart's filter. */
    async lotSources(controlId: string): Promise<{ analyserId: string | null; ime: string | null }[]> {
      return db.selectDistinct({ analyserId: qcResults.analyserId, ime: analysers.ime }).from(qcResults)
        .leftJoin(analysers, eq(analysers.id, qcResults.analyserId))
        .where(and(resultsOfSite, eq(qcResults.controlId, controlId)))
        .orderBy(sql`${analysers.ime} nulls first`);
    },

    async assaysExist(ids: readonly string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db.select({ id: labAssays.id }).from(labAssays).where(inArray(labAssays.id, [...ids]));
      return new Set(rows.map((row) => row.id));
    },

    /** The rules set at this site, by assay name. */
    rules() {
      return db.select({ labassayId: qcAssayRules.labassayId, sifra: labAssays.sifra, naziv: labAssays.naziv, pravila: qcAssayRules.pravila, tea: qcAssayRules.tea })
        .from(qcAssayRules).innerJoin(labAssays, eq(labAssays.id, qcAssayRules.labassayId))
        .where(eq(qcAssayRules.siteId, siteId)).orderBy(asc(labAssays.naziv));
    },

    async rulesOf(labassayId: string): Promise<{ pravila: string[]; tea: number | null } | null> {
      const [row] = await db.select({ pravila: qcAssayRules.pravila, tea: qcAssayRules.tea }).from(qcAssayRules)
        .where(and(eq(qcAssayRules.siteId, siteId), eq(qcAssayRules.labassayId, labassayId)));
      return row ?? null;
    },

    async saveRules(labassayId: string, pravila: string[], tea: number | null): Promise<void> {
      await db.insert(qcAssayRules).values({ siteId, labassayId, pravila, tea })
        .onConflictDoUpdate({ target: [qcAssayRules.siteId, qcAssayRules.labassayId], set: { pravila, tea, updatedAt: new Date() } });
    },

    /**
     * The latest `perLevel` counted results of each level of a lot's assay, oldest first (levels of a run in
     * level order): the history the rules look back on. Read newest first through the chart index.
     */
    async recentCounted(controlId: string, labassayId: string, perLevel: number, analyserId: string | null): Promise<CountedResult[]> {
      const rows = await queryRows<CountedResult & { izmjereno: Date; createdAt: Date }>(db, sql`
        select serija, nivo, vrijednost, z, izmjereno, "createdAt" from (
          select r.serija, r.nivo, r.vrijednost, r.z, r.izmjereno, r.created_at as "createdAt",
            row_number() over (partition by r.nivo order by r.izmjereno desc, r.created_at desc) as recent
          from ${qcResults} r
          where r.site_id = ${siteId} and r.control_id = ${controlId} and r.labassay_id = ${labassayId} and not r.iskljucen
            and ${sourceOfR(analyserId)}
        ) latest where recent <= ${perLevel}
        order by izmjereno, "createdAt", nivo`);
      return rows.map(({ serija, nivo, vrijednost, z }) => ({ serija, nivo, vrijednost: Number(vrijednost), z: Number(z) }));
    },

    /**
     * Per level of a lot's assay, its counted results summed up in SQL (however many years of them there
     * are): how many, and the mean and SD of the first ESTABLISHING_RUNS and of all (see targetOf).
     */
    async countedSummaries(controlId: string, labassayId: string, analyserId: SourceFilter): Promise<Map<number, CountedSummary>> {
      const rows = await queryRows<{ nivo: number; n: number; first_mean: number | null; first_sd: number | null; all_mean: number | null; all_sd: number | null }>(db, sql`
        select nivo, count(*)::int as n,
          avg(vrijednost) filter (where ordinal <= ${ESTABLISHING_RUNS}) as first_mean,
          stddev_samp(vrijednost) filter (where ordinal <= ${ESTABLISHING_RUNS}) as first_sd,
          avg(vrijednost) as all_mean, stddev_samp(vrijednost) as all_sd
        from (
          select r.nivo, r.vrijednost, row_number() over (partition by r.nivo order by r.izmjereno, r.created_at) as ordinal
          from ${qcResults} r
          where r.site_id = ${siteId} and r.control_id = ${controlId} and r.labassay_id = ${labassayId} and not r.iskljucen
            and ${sourceOfR(analyserId)}
        ) counted group by nivo`);
      const pair = (mean: number | null, sd: number | null) => (mean === null ? null : { mean: Number(mean), sd: sd === null ? null : Number(sd) });
      return new Map(rows.map((row) => [Number(row.nivo), { n: Number(row.n), first: pair(row.first_mean, row.first_sd), all: pair(row.all_mean, row.all_sd) }]));
    },

    insertResults(rows: readonly ResultValues[]): Promise<ResultRowDb[]> {
      return db.insert(qcResults).values(rows.map((row) => ({ ...row, siteId }))).returning();
    },

    async findResult(id: string, options: { forUpdate?: boolean } = {}): Promise<ResultRowDb | null> {
      if (!isUuid(id)) return null;
      const query = db.select().from(qcResults).where(and(resultsOfSite, eq(qcResults.id, id)));
      const [row] = options.forUpdate ? await query.for('update') : await query;
      return row ?? null;
    },

    /**
     * Every result of a lot's assay (excluded ones too), oldest first, levels of a run in level order: what an
     * exclusion judges again. A year of daily runs of six levels is a couple of thousand rows.
     */
    lotAssayResults(controlId: string, labassayId: string): Promise<ResultRowDb[]> {
      return db.select().from(qcResults)
        .where(and(resultsOfSite, eq(qcResults.controlId, controlId), eq(qcResults.labassayId, labassayId)))
        .orderBy(asc(qcResults.izmjereno), asc(qcResults.createdAt), asc(qcResults.nivo));
    },

    /** Writes a result's verdict judged again (status and the rules it takes part in violating). */
    async setVerdict(id: string, status: ResultRowDb['status'], pravila: string[]): Promise<void> {
      await db.update(qcResults).set({ status, pravila }).where(and(resultsOfSite, eq(qcResults.id, id)));
    },

    /** The counted values of a lot's results measured from `from` up to `before`, per assay and level. */
    async monthValues(controlId: string, from: Date, before: Date, analyserId: SourceFilter): Promise<{ labassayId: string; nivo: number; vrijednost: number }[]> {
      return db.select({ labassayId: qcResults.labassayId, nivo: qcResults.nivo, vrijednost: qcResults.vrijednost }).from(qcResults)
        .where(and(
          resultsOfSite, counted, eq(qcResults.controlId, controlId),
          analyserId === undefined ? undefined : analyserId === null ? isNull(qcResults.analyserId) : eq(qcResults.analyserId, analyserId),
          sql`${qcResults.izmjereno} >= ${from.toISOString()}::timestamptz and ${qcResults.izmjereno} < ${before.toISOString()}::timestamptz`,
        ))
        .orderBy(asc(qcResults.izmjereno), asc(qcResults.createdAt));
    },

    async setComment(id: string, komentar: string): Promise<void> {
      await db.update(qcResults).set({ komentar }).where(and(resultsOfSite, eq(qcResults.id, id)));
    },

    async exclude(id: string, razlog: string): Promise<void> {
      await db.update(qcResults).set({ iskljucen: true, razlogIskljucenja: razlog }).where(and(resultsOfSite, eq(qcResults.id, id)));
    },

    /**
     * A lot's results of one assay measured from `from` up to `before`, oldest first, by level: the chart's
     * points. The database builds each level's points as one JSON array (a year of daily runs is over a
     * thousand rows), so the driver parses one value per level instead of converting every row's columns.
     */
    async chartPoints(controlId: string, labassayId: string, from: Date, before: Date, analyserId: SourceFilter): Promise<Map<number, ChartPoint[]>> {
      const rows = await queryRows<{ nivo: number; tacke: ChartPoint[] }>(db, sql`
        select r.nivo, json_agg(json_build_object(
          '_id', r.id, 'serija', r.serija, 'izmjereno', to_char(r.izmjereno at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          'vrijednost', r.vrijednost, 'z', r.z, 'status', r.status, 'pravila', r.pravila, 'iskljucen', r.iskljucen
        ) order by r.izmjereno, r.created_at) as tacke
        from ${qcResults} r
        where r.site_id = ${siteId} and r.control_id = ${controlId} and r.labassay_id = ${labassayId}
          and r.izmjereno >= ${from.toISOString()}::timestamptz and r.izmjereno < ${before.toISOString()}::timestamptz
          and ${sourceOfR(analyserId)}
        group by r.nivo`);
      return new Map(rows.map((row) => [Number(row.nivo), row.tacke]));
    },

    /** The counted results of a run (one assay's levels measured together). */
    runResults(serija: string): Promise<ResultRowDb[]> {
      if (!isUuid(serija)) return Promise.resolve([]);
      return db.select().from(qcResults).where(and(resultsOfSite, eq(qcResults.serija, serija), counted)).orderBy(asc(qcResults.nivo));
    },

    async insertCorrectiveAction(labassayId: string, serija: string, opis: string, userId: string): Promise<string> {
      const [row] = await db.insert(qcCorrectiveActions).values({ siteId, labassayId, serija, opis, userId }).returning({ id: qcCorrectiveActions.id });
      if (!row) throw new Error('insert returned no row');
      return row.id;
    },

    /**
     * The holds at this site (of all assays, or of those named): per assay and source (each analyser, and
     * entry by hand), the latest counted run has a rejected level and no corrective action. A later passing
     * run from the same source, or excluding the rejected level, ends the hold as a corrective action does.
     */
    /**
     * For each of these assays, when its latest passing run at the site was measured no later than `atOrBefore`:
     * a run (serija) none of whose counted levels was rejected. Assays without one are absent. One statement,
     * grouped by assay over qc_results_hold_idx.
     */
    /**
     * The counted runs of these assays at the site measured in [from, to], oldest first: per run its assay, when it was
     * measured, whether a level was rejected, and when its corrective action was recorded (null: none). One statement.
     */
    async runsBetween(labassayIds: readonly string[], from: Date, to: Date): Promise<{ labassayId: string; izmjereno: Date; rejected: boolean; correctedAt: Date | null }[]> {
      const assays = [...new Set(labassayIds)].filter(isUuid);
      if (assays.length === 0) return [];
      const rows = await db.select({
        labassayId: qcResults.labassayId, izmjereno: sql<Date | string>`min(${qcResults.izmjereno})`,
        rejected: sql<boolean>`bool_or(${qcResults.status} = 'odbijen')`,
        correctedAt: sql<Date | string | null>`(select min(k.created_at) from ${qcCorrectiveActions} k where k.serija = ${qcResults.serija})`,
      }).from(qcResults)
        .where(and(resultsOfSite, counted, inArray(qcResults.labassayId, assays),
          sql`${qcResults.izmjereno} between ${from.toISOString()}::timestamptz and ${to.toISOString()}::timestamptz`))
        .groupBy(qcResults.labassayId, qcResults.serija)
        .orderBy(sql`min(${qcResults.izmjereno})`);
      const date = (value: Date | string) => (value instanceof Date ? value : new Date(value));
      return rows.map((row) => ({ labassayId: row.labassayId, izmjereno: date(row.izmjereno), rejected: Boolean(row.rejected), correctedAt: row.correctedAt === null ? null : date(row.correctedAt) }));
    },

    async lastPassingRuns(labassayIds: readonly string[], atOrBefore: Date): Promise<Map<string, Date>> {
      const assays = [...new Set(labassayIds)].filter(isUuid);
      if (assays.length === 0) return new Map();
      const rows = await db.select({ labassayId: qcResults.labassayId, izmjereno: sql<Date | string>`max(${qcResults.izmjereno})` }).from(qcResults)
        .where(and(resultsOfSite, counted, inArray(qcResults.labassayId, assays), sql`${qcResults.izmjereno} <= ${atOrBefore.toISOString()}::timestamptz`,
          sql`not exists (select 1 from ${qcResults} x where x.serija = ${qcResults.serija} and not x.iskljucen and x.status = 'odbijen')`))
        .groupBy(qcResults.labassayId);
      return new Map(rows.map((row) => [row.labassayId, row.izmjereno instanceof Date ? row.izmjereno : new Date(row.izmjereno)]));
    },

    async holds(labassayIds?: readonly string[]): Promise<HoldRow[]> {
      if (labassayIds?.length === 0) return [];
      const latest = db.selectDistinctOn([qcResults.labassayId, qcResults.analyserId], {
        labassayId: qcResults.labassayId, analyserId: qcResults.analyserId, serija: qcResults.serija, izmjereno: qcResults.izmjereno,
        controlId: qcResults.controlId,
      }).from(qcResults)
        .where(and(resultsOfSite, counted, labassayIds ? inArray(qcResults.labassayId, [...labassayIds]) : undefined))
        .orderBy(qcResults.labassayId, qcResults.analyserId, sql`${qcResults.izmjereno} desc`, sql`${qcResults.createdAt} desc`)
        .as('latest');
      const rejected = sql<string[]>`(select coalesce(jsonb_agg(distinct rule.value order by rule.value), '[]'::jsonb) from ${qcResults} r,
        jsonb_array_elements_text(r.pravila) rule where r.serija = ${latest.serija} and not r.iskljucen and r.status = 'odbijen')`;
      return db.select({
        labassayId: latest.labassayId, analyserId: latest.analyserId, analyserIme: analysers.ime, naziv: labAssays.naziv, nazivEn: labAssays.nazivEn, nazivDe: labAssays.nazivDe,
        serija: latest.serija,
        kontrola: qcControls.kontrola, lot: qcControls.lot, izmjereno: latest.izmjereno, pravila: rejected,
      }).from(latest)
        .innerJoin(qcControls, eq(qcControls.id, latest.controlId))
        .innerJoin(labAssays, eq(labAssays.id, latest.labassayId))
        .leftJoin(analysers, eq(analysers.id, latest.analyserId))
        .where(and(
          sql`exists (select 1 from ${qcResults} r where r.serija = ${latest.serija} and not r.iskljucen and r.status = 'odbijen')`,
          sql`not exists (select 1 from ${qcCorrectiveActions} k where k.serija = ${latest.serija})`,
        ))
        .orderBy(asc(labAssays.naziv), sql`${analysers.ime} nulls first`);
    },

    /**
     * The analyser each of these patient results came from: the analyser of the latest result it sent for the
     * test, while no person has typed the result since (`unio_by` null); null for a result entered by hand or
     * calculated. Tests of this site's samples only (the caller read them under the sample's lock).
     */
    async resultAnalysers(sampleTestIds: readonly string[]): Promise<Map<string, string | null>> {
      const ids = [...new Set(sampleTestIds)].filter(isUuid);
      if (ids.length === 0) return new Map();
      const rows = await queryRows<{ id: string; analyser_id: string | null }>(db, sql`
        select st.id, case when st.unio_by is null then (
          select m.analyser_id from ${analyserResults} ar join ${analyserMessages} m on m.id = ar.message_id
          where ar.sample_test_id = st.id and m.site_id = ${siteId} order by ar.created_at desc, ar.id desc limit 1) end as analyser_id
        from ${sampleTests} st where st.id in (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)})`);
      return new Map(rows.map((row) => [row.id, row.analyser_id]));
    },
  };
}

/** GET /kontrole/list: the site's control lots (the spec's control record, with LOT, expiry and mode). */
export function listControls(db: Db, list: ListRequest<unknown>) {
  return runList(db, list, {
    site: qcControls.siteId,
    query: () => db.select({
      _id: qcControls.id, control: qcControls.kontrola, created: qcControls.createdAt, proizvodjac: qcControls.proizvodjac,
      lot: qcControls.lot, rok_trajanja: qcControls.rokTrajanja, mod: qcControls.mod,
    }).from(qcControls).$dynamic(),
    sortable: {
      control: qcControls.kontrola, created: qcControls.createdAt, proizvodjac: qcControls.proizvodjac, lot: qcControls.lot,
      rok_trajanja: qcControls.rokTrajanja, mod: qcControls.mod,
    },
    defaultSort: [{ field: 'created', direction: 'desc' }],
    primaryKey: qcControls.id,
    filter: [
      { expression: qcControls.kontrola, match: 'contains' }, { expression: qcControls.lot, match: 'contains' },
      { expression: qcControls.proizvodjac, match: 'contains' },
    ],
    date: qcControls.createdAt,
  });
}

/** GET /kontrole/obrada/rezultati: the site's control results, of one lot when `kontrola` is given. */
export function listControlResults(db: Db, list: ListRequest<ControlResultsQuery>) {
  return runList(db, list, {
    site: qcResults.siteId,
    query: () => db.select({
      _id: qcResults.id, control: qcControls.kontrola, lot: qcControls.lot, created: qcResults.createdAt, izmjereno: qcResults.izmjereno,
      serija: qcResults.serija, sifra: labAssays.sifra, naziv: labAssays.naziv, naziv_en: labAssays.nazivEn, naziv_de: labAssays.nazivDe, nivo: qcResults.nivo, unos: qcResults.unos,
      vrijednost: qcResults.vrijednost, z: qcResults.z, status: qcResults.status, pravila: qcResults.pravila, komentar: qcResults.komentar,
      iskljucen: qcResults.iskljucen, razlog_iskljucenja: qcResults.razlogIskljucenja, izvor: qcResults.izvor,
    }).from(qcResults)
      .innerJoin(qcControls, eq(qcControls.id, qcResults.controlId))
      .innerJoin(labAssays, eq(labAssays.id, qcResults.labassayId)).$dynamic(),
    where: list.extra.kontrola ? eq(qcResults.controlId, list.extra.kontrola) : undefined,
    sortable: {
      control: qcControls.kontrola, lot: qcControls.lot, created: qcResults.createdAt, izmjereno: qcResults.izmjereno,
      naziv: catalogueNameIn(list.language, labAssays),
      nivo: qcResults.nivo, vrijednost: qcResults.vrijednost, z: qcResults.z, status: qcResults.status,
    },
    defaultSort: [{ field: 'izmjereno', direction: 'desc' }],
    primaryKey: qcResults.id,
    filter: [
      { expression: qcControls.kontrola, match: 'contains' }, { expression: qcControls.lot, match: 'contains' },
      { expression: labAssays.naziv, match: 'contains' }, { expression: labAssays.sifra, match: 'contains' },
      // The screen shows the assay in the reader's language: its English and German names find it too.
      { expression: labAssays.nazivEn, match: 'contains' }, { expression: labAssays.nazivDe, match: 'contains' },
    ],
    date: qcResults.izmjereno,
  });
}
