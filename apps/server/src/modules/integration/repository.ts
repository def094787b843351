import { and, desc, eq, inArray, isNull, max, ne, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import { runList, type ListRequest } from '../../db/list-query.ts';
import { labAssays } from '../catalogue/tables.ts';
import { analyserMessages, analyserResults, analyserReviewItems, analysers, type AnalyserTransport } from './tables.ts';
import { samples } from '../samples/tables.ts';
import { isUuid } from '../../lib/ids.ts';
import { unnestRows } from '../../db/unnest.ts';
import type { MessageOutcome, ReviewReason } from '@lis/domain';

/** An analyser row as the services read it. */
export type AnalyserRow = typeof analysers.$inferSelect;
export type AnalyserValues = Pick<typeof analysers.$inferInsert, 'ime' | 'protokol' | 'transport' | 'checksum' | 'mapa' | 'aktivan' | 'element'>;
export type AnalyserMessageRecord = typeof analyserMessages.$inferSelect;

/** A message as stored when it arrives (its outcome is written after processing, in the same transaction). */
export interface NewMessage {
  analyserId: string;
  protokol: AnalyserRow['protokol'];
  raw: string;
  contentHash: string;
  controlId: string | null;
  messageType: string | null;
}

/** A result kept for review, as written. */
export interface NewReviewItem {
  analyserId: string;
  messageId: string;
  razlog: ReviewReason;
  specimenId: string;
  sampleId: string | null;
  /** A control specimen's result (never applied to a sample). */
  kontrola: boolean;
  testCode: string;
  testId: string;
  vrijednost: string;
  jedinica: string | null;
  flag: string | null;
}

/** An applied result, as sent. */
export interface NewAppliedResult {
  messageId: string;
  sampleTestId: string;
  testCode: string;
  vrijednost: string;
  jedinica: string | null;
  flag: string | null;
}

/**
 * Analysers, their messages and review items of one site. Every statement carries `site_id = <the site>`,
 * so another site's analyser, message or item is neither read nor changed: it is not found.
 */
export function integrationRepository(db: Db, siteId: string) {
  const ofSite = (condition?: SQL) => (condition ? and(eq(analysers.siteId, siteId), condition) : eq(analysers.siteId, siteId));

  return {
    async findAnalyser(id: string): Promise<AnalyserRow | null> {
      if (!isUuid(id)) return null;
      const [row] = await db.select().from(analysers).where(ofSite(eq(analysers.id, id))).limit(1);
      return row ?? null;
    },

    /** Another analyser of this site with this name (names identify an analyser in results and audit). */
    async nameTaken(ime: string, exceptId: string | null): Promise<boolean> {
      const [row] = await db.select({ id: analysers.id }).from(analysers)
        .where(ofSite(and(sql`lower(${analysers.ime}) = lower(${ime})`, exceptId ? ne(analysers.id, exceptId) : undefined))).limit(1);
      return row !== undefined;
    },

    async insertAnalyser(values: AnalyserValues): Promise<AnalyserRow> {
      const [row] = await db.insert(analysers).values({ ...values, siteId }).returning();
      if (!row) throw new Error('insert returned no analyser');
      return row;
    },

    async updateAnalyser(id: string, values: AnalyserValues): Promise<AnalyserRow> {
      const [row] = await db.update(analysers).set({ ...values, updatedAt: sql`now()` }).where(ofSite(eq(analysers.id, id))).returning();
      if (!row) throw new Error('update found no analyser of this site');
      return row;
    },

    /** The analysers' list (the list table contract), by name. */
    listAnalysers(list: ListRequest<unknown>) {
      return runList(db, list, {
        site: analysers.siteId,
        query: () => db.select().from(analysers).$dynamic(),
        sortable: { ime: analysers.ime, protokol: analysers.protokol, created_at: analysers.createdAt },
        defaultSort: [{ field: 'ime', direction: 'asc' }],
        primaryKey: analysers.id,
        filter: [analysers.ime, analysers.protokol],
      });
    },

    /** Per analyser of this site: its latest message and how many arrived since `since` (the start of the site's day). */
    async messageStats(since: Date): Promise<Map<string, { last: Date | null; today: number }>> {
      const rows = await db.select({
        analyserId: analyserMessages.analyserId,
        last: max(analyserMessages.receivedAt),
        today: sql<number>`count(*) filter (where ${analyserMessages.receivedAt} >= ${since.toISOString()}::timestamptz)::int`,
      }).from(analyserMessages).where(eq(analyserMessages.siteId, siteId)).groupBy(analyserMessages.analyserId);
      return new Map(rows.map((row) => [row.analyserId, { last: row.last ? new Date(row.last) : null, today: Number(row.today) }]));
    },

    /**
     * The analyser assay table (/assays): every code of the site's analysers' maps, one row each, with the
     * lab assay it maps to (none when the catalogue lacks the code) and whether it is switched off.
     */
    listAnalyserAssays(list: ListRequest<{ sifra?: string | undefined; analyser?: string | undefined }>) {
      const code = sql<string>`m.code`;
      const sifra = sql<string>`m.sifra`;
      return runList(db, list, {
        site: analysers.siteId,
        query: () => db.select({
          _id: sql<string>`${analysers.id}::text || ':' || m.code`,
          analyser: analysers.id,
          analyser_ime: analysers.ime,
          analyser_aktivan: analysers.aktivan,
          kod: code,
          sifra,
          labassay: labAssays.id,
          naziv: labAssays.naziv,
          labassay_disabled: labAssays.disabled,
          aktivan: sql<boolean>`not coalesce((${analysers.element} -> 'mapa_iskljuceno') @> jsonb_build_array(m.code), false)`,
        }).from(analysers)
          .crossJoin(sql`jsonb_each_text(${analysers.mapa}) as m(code, sifra)`)
          .leftJoin(labAssays, eq(labAssays.sifra, sifra))
          .$dynamic(),
        where: and(
          list.extra.sifra ? sql`m.sifra = ${list.extra.sifra}` : undefined,
          list.extra.analyser ? eq(analysers.id, list.extra.analyser) : undefined,
        ),
        sortable: { analyser_ime: analysers.ime, kod: code, sifra, naziv: labAssays.naziv },
        defaultSort: [{ field: 'analyser_ime', direction: 'asc' }, { field: 'kod', direction: 'asc' }],
        primaryKey: sql`${analysers.id}::text || ':' || m.code`,
        // A site has a handful of analysers and a few hundred codes: 'contains' on the names needs no index.
        filter: [{ expression: analysers.ime, match: 'contains' }, code, sifra, { expression: labAssays.naziv, match: 'contains' }],
      });
    },

    listMessages(list: ListRequest<{ analyser?: string | undefined }>) {
      return runList(db, list, {
        site: analyserMessages.siteId,
        query: () => db.select({
          _id: analyserMessages.id,
          analyser: analyserMessages.analyserId,
          analyser_ime: analysers.ime,
          primljeno: analyserMessages.receivedAt,
          protokol: analyserMessages.protokol,
          vrsta: analyserMessages.messageType,
          kontrolni_id: analyserMessages.controlId,
          ishod: analyserMessages.outcome,
          greska: analyserMessages.error,
          rezultata: analyserMessages.rezultata,
          kontrolnih: analyserMessages.kontrolnih,
          za_pregled: analyserMessages.zaPregled,
          duplikata: analyserMessages.duplicates,
          sirovo: analyserMessages.raw,
        }).from(analyserMessages).innerJoin(analysers, eq(analysers.id, analyserMessages.analyserId)).$dynamic(),
        where: list.extra.analyser ? eq(analyserMessages.analyserId, list.extra.analyser) : undefined,
        sortable: { primljeno: analyserMessages.receivedAt, analyser_ime: analysers.ime, ishod: analyserMessages.outcome },
        defaultSort: [{ field: 'primljeno', direction: 'desc' }],
        primaryKey: analyserMessages.id,
        filter: [analysers.ime, analyserMessages.controlId, analyserMessages.outcome],
        date: analyserMessages.receivedAt,
      });
    },

    listReviewItems(list: ListRequest<{ otvoreni?: '0' | '1' | undefined }>) {
      return runList(db, list, {
        site: analyserReviewItems.siteId,
        query: () => db.select({
          _id: analyserReviewItems.id,
          poruka: analyserReviewItems.messageId,
          analyser_ime: analysers.ime,
          razlog: analyserReviewItems.razlog,
          uzorak: analyserReviewItems.specimenId,
          sid: analyserReviewItems.sampleId,
          test: analyserReviewItems.testCode,
          vrijednost: analyserReviewItems.vrijednost,
          jedinica: analyserReviewItems.jedinica,
          flag: analyserReviewItems.flag,
          rijeseno: analyserReviewItems.resolvedAt,
          created_at: analyserReviewItems.createdAt,
        }).from(analyserReviewItems).innerJoin(analysers, eq(analysers.id, analyserReviewItems.analyserId)).$dynamic(),
        where: list.extra.otvoreni === '1' ? isNull(analyserReviewItems.resolvedAt) : undefined,
        sortable: { created_at: analyserReviewItems.createdAt, uzorak: analyserReviewItems.specimenId, razlog: analyserReviewItems.razlog },
        defaultSort: [{ field: 'created_at', direction: 'desc' }],
        primaryKey: analyserReviewItems.id,
        filter: [analyserReviewItems.specimenId, analyserReviewItems.testCode, analysers.ime, analyserReviewItems.razlog],
        date: analyserReviewItems.createdAt,
      });
    },

    /**
     * Stores a received message unless this analyser sent it before (same content, or for HL7 the same
     * MSH-10): then it only counts the repeat. Answers the new message's id, or null for a repeat.
     */
    async storeMessage(message: NewMessage): Promise<string | null> {
      const [row] = await db.insert(analyserMessages)
        .values({ ...message, siteId, outcome: 'empty' })
        .onConflictDoNothing()
        .returning({ id: analyserMessages.id });
      if (row) return row.id;
      await db.update(analyserMessages).set({ duplicates: sql`${analyserMessages.duplicates} + 1` })
        .where(and(eq(analyserMessages.siteId, siteId), eq(analyserMessages.analyserId, message.analyserId),
          message.controlId !== null && message.protokol === 'hl7'
            ? sql`(${analyserMessages.contentHash} = ${message.contentHash} or (${analyserMessages.protokol} = 'hl7' and ${analyserMessages.controlId} = ${message.controlId}))`
            : eq(analyserMessages.contentHash, message.contentHash)));
      return null;
    },

    /** The message of this site an analyser sent with this content (what became of it), or null. */
    async messageByContent(analyserId: string, contentHash: string): Promise<AnalyserMessageRecord | null> {
      const [row] = await db.select().from(analyserMessages)
        .where(and(eq(analyserMessages.siteId, siteId), eq(analyserMessages.analyserId, analyserId), eq(analyserMessages.contentHash, contentHash)))
        .limit(1);
      return row ?? null;
    },

    /** A message of this site, its row locked (a retry and another retry of it queue). */
    async lockMessage(id: string): Promise<AnalyserMessageRecord | null> {
      if (!isUuid(id)) return null;
      const [row] = await db.select().from(analyserMessages)
        .where(and(eq(analyserMessages.siteId, siteId), eq(analyserMessages.id, id))).limit(1).for('update');
      return row ?? null;
    },

    /**
     * Writes a processed message's new results (the ones kept for review and the applied ones, as sent) and
     * its outcome, in one statement. The counts are the message's, new rows included: its applied results,
     * its control results stored as control runs (`controls` more now), and its results still waiting for
     * review. The outcome follows them: 'review' while any waits, else 'applied' when any was applied to a
     * sample, else 'control' when any was stored as a control run, else `withoutResults` (a query, an empty
     * message, or an error).
     */
    async finishMessage(id: string, finish: {
      review: readonly NewReviewItem[]; applied: readonly NewAppliedResult[]; controls: number; withoutResults: MessageOutcome;
      error: string | null; messageType?: string | null;
    }): Promise<{ outcome: MessageOutcome; applied: number; review: number }> {
      const review = unnestRows(finish.review, [
        ['uuid', (item) => item.analyserId], ['uuid', (item) => item.messageId], ['text', (item) => item.razlog],
        ['text', (item) => item.specimenId], ['uuid', (item) => item.sampleId], ['text', (item) => item.testCode], ['text', (item) => item.testId],
        ['text', (item) => item.vrijednost], ['text', (item) => item.jedinica], ['text', (item) => item.flag], ['boolean', (item) => item.kontrola],
      ]);
      const applied = unnestRows(finish.applied, [
        ['uuid', (row) => row.messageId], ['uuid', (row) => row.sampleTestId], ['text', (row) => row.testCode],
        ['text', (row) => row.vrijednost], ['text', (row) => row.jedinica], ['text', (row) => row.flag],
      ]);
      const [row] = await queryRows<{ outcome: MessageOutcome; rezultata: number; za_pregled: number }>(db, sql`
        with new_review as (
          insert into ${analyserReviewItems} (site_id, analyser_id, message_id, razlog, specimen_id, sample_id, test_code, test_id, vrijednost, jedinica, flag, kontrola)
          select ${siteId}::uuid, v.* from ${review} as v(analyser_id, message_id, razlog, specimen_id, sample_id, test_code, test_id, vrijednost, jedinica, flag, kontrola)
          returning 1
        ), new_applied as (
          insert into ${analyserResults} (message_id, sample_test_id, test_code, vrijednost, jedinica, flag)
          select * from ${applied} as v(message_id, sample_test_id, test_code, vrijednost, jedinica, flag)
          returning 1
        ), counts as (
          select
            (select count(*)::int from ${analyserResults} as r where r.message_id = ${id}::uuid) + (select count(*)::int from new_applied) as rezultata,
            (select count(*)::int from ${analyserReviewItems} as i where i.message_id = ${id}::uuid and i.site_id = ${siteId} and i.resolved_at is null)
              + (select count(*)::int from new_review) as za_pregled
        )
        update ${analyserMessages} as m set
          rezultata = counts.rezultata, za_pregled = counts.za_pregled, kontrolnih = m.kontrolnih + ${finish.controls}::int,
          outcome = case when counts.za_pregled > 0 then 'review' when counts.rezultata > 0 then 'applied'
            when m.kontrolnih + ${finish.controls}::int > 0 then 'control' else ${finish.withoutResults}::text end,
          error = ${finish.error}::text, processed_at = now()
          ${finish.messageType === undefined ? sql`` : sql`, message_type = ${finish.messageType}::text`}
        from counts
        where m.site_id = ${siteId} and m.id = ${id}::uuid
        returning m.outcome, m.rezultata, m.za_pregled`);
      if (!row) throw new Error('finish found no message of this site');
      return { outcome: row.outcome, applied: Number(row.rezultata), review: Number(row.za_pregled) };
    },

    /** The message's results still waiting for review. */
    async openReviewItems(messageId: string) {
      return db.select().from(analyserReviewItems)
        .where(and(eq(analyserReviewItems.siteId, siteId), eq(analyserReviewItems.messageId, messageId), isNull(analyserReviewItems.resolvedAt)))
        .orderBy(analyserReviewItems.createdAt, analyserReviewItems.id);
    },

    async resolveReviewItems(ids: readonly string[]): Promise<void> {
      if (ids.length === 0) return;
      await db.update(analyserReviewItems).set({ resolvedAt: sql`now()` })
        .where(and(eq(analyserReviewItems.siteId, siteId), inArray(analyserReviewItems.id, [...ids])));
    },

    /** The newest messages of an analyser of this site (tests and the overview's detail). */
    async latestMessages(analyserId: string, limit: number): Promise<AnalyserMessageRecord[]> {
      return db.select().from(analyserMessages)
        .where(and(eq(analyserMessages.siteId, siteId), eq(analyserMessages.analyserId, analyserId)))
        .orderBy(desc(analyserMessages.receivedAt)).limit(limit);
    },

    /** Whether a sample of this site has the code (lets a review item name the sample it was meant for). */
    async sampleIdOfCode(code: string): Promise<string | null> {
      const [row] = await db.select({ id: samples.id }).from(samples).where(and(eq(samples.siteId, siteId), eq(samples.code, code))).limit(1);
      return row?.id ?? null;
    },

    /**
     * The flags of the latest analyser result applied to each of these sample tests of the site (as sent: the
     * abnormal flag and the instrument's flags), by sample test id; tests with none, or whose latest had none, are absent.
     */
    async latestAnalyserFlags(sampleTestIds: readonly string[]): Promise<Map<string, string>> {
      if (sampleTestIds.length === 0) return new Map();
      const rows = await db.selectDistinctOn([analyserResults.sampleTestId], { sampleTestId: analyserResults.sampleTestId, flag: analyserResults.flag })
        .from(analyserResults)
        .innerJoin(analyserMessages, eq(analyserMessages.id, analyserResults.messageId))
        .where(and(eq(analyserMessages.siteId, siteId), inArray(analyserResults.sampleTestId, [...sampleTestIds])))
        .orderBy(analyserResults.sampleTestId, desc(analyserResults.createdAt), desc(analyserResults.id));
      return new Map(rows.flatMap((row) => (row.flag === null ? [] : [[row.sampleTestId, row.flag] as const])));
    },
  };
}

/** The lab assays among these codes that exist (an analyser's map must name existing assays). Lab-wide: the catalogue is shared. */
export async function existingAssayCodes(db: Db, codes: readonly string[]): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  const rows = await db.select({ sifra: labAssays.sifra }).from(labAssays).where(inArray(labAssays.sifra, [...codes]));
  return new Set(rows.map((row) => row.sifra));
}

/**
 * Another active analyser, of any site, listening on this TCP port: every site's listeners share the
 * server's HOST, so a port is the lab's, not a site's. Port 0 (any free port) is never taken.
 */
export async function listenPortTaken(db: Db, port: number, exceptId: string | null): Promise<boolean> {
  if (port === 0) return false;
  const [row] = await db.select({ id: analysers.id }).from(analysers).where(and(
    eq(analysers.aktivan, true),
    sql`${analysers.transport}->>'mode' = 'listen' and (${analysers.transport}->>'port')::int = ${port}`,
    exceptId ? ne(analysers.id, exceptId) : undefined,
  )).limit(1);
  return row !== undefined;
}

/** Every analyser of every site, for the connection manager of this process (each carries its site). */
export async function allAnalysers(db: Db): Promise<AnalyserRow[]> {
  return db.select().from(analysers);
}

/** One analyser by id, whatever its site (the connection manager reloading it after a save). */
export async function analyserById(db: Db, id: string): Promise<AnalyserRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(analysers).where(eq(analysers.id, id)).limit(1);
  return row ?? null;
}

export type { AnalyserTransport };
