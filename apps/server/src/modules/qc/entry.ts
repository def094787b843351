import {
  type ControlPoint, type EntryRun, type RunStatus, type Violation, LONGEST_RULE, calendarDateOf, exactNumericValue, isRejectionRule, judgeRun, targetOf, toIsoDate, zScore, applicableTarget,
  type controlEntryBody,
} from '@lis/domain';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { writeAudit } from '../../db/audit.ts';
import type { RequestContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import type { RealtimeHub } from '../../realtime/hub.ts';
import { siteTimeZone } from '../sites/service.ts';
import type { ListRequest } from '../../db/list-query.ts';
import { type ControlRowDb, type ResultValues, listControlResults as listResultsSql, qcRepository } from './repository.ts';
import type { ControlResultsQuery } from './types.ts';
import { NO_RESULTS, type Target, isTargetSource, rulesInForce } from './values.ts';

// Control results entered: by hand (POST /kontrole/unos) or from an analyser's message, each assay's levels
// judged as one run against the lot's history; a rejected run is announced to the site (it holds the assay's
// patient results). The list of control results and their comments.

type EntryBody = z.output<typeof controlEntryBody>;

/** The realtime event of a rejected run: the site's pages tell who is working that the assay is held. */
export const QC_REJECTED_EVENT = 'qc:rejected';

/** GET /kontrole/obrada/rezultati: the site's control results (of one lot with `kontrola`). */
export function listControlResults(db: Db, list: ListRequest<ControlResultsQuery>) {
  return listResultsSql(db, list);
}

export function levelStatus(level: number, violations: readonly Violation[]): { status: RunStatus; pravila: string[] } {
  const own = violations.filter((violation) => violation.levels.includes(level));
  const status: RunStatus = own.some((violation) => isRejectionRule(violation.rule)) ? 'odbijen' : own.length > 0 ? 'upozorenje' : 'prihvacen';
  return { status, pravila: own.map((violation) => violation.rule) };
}

/**
 * POST /kontrole/unos: control values of one lot measured together. Each value must be a number of a level
 * the lot has a target for, and the lot must not have expired on the day of measurement (the site's calendar).
 * Each assay's levels are one run, judged by the Westgard rules in force against the lot's earlier counted
 * results; a rejected run is announced to the site (it holds the assay's patient results). Nothing is
 * stored unless every value is good. Audited.
 */
export async function enterResults(db: Db, realtime: RealtimeHub | undefined, ctx: RequestContext, body: EntryBody): Promise<EntryRun[]> {
  const izmjereno = body.izmjereno ? new Date(body.izmjereno) : new Date();
  const values = body.vrijednosti.map((entry, index) => {
    const field = `vrijednosti.${index}.vrijednost`;
    const number = exactNumericValue(entry.vrijednost);
    if (number === null || !Number.isFinite(number)) throw new AppError(400, 'qc.notNumeric', field, { field });
    return { ...entry, number, index };
  });
  const seen = new Set<string>();
  for (const entry of values) {
    const key = `${entry.labassay}:${entry.nivo}`;
    const field = `vrijednosti.${entry.index}`;
    if (seen.has(key)) throw new AppError(400, 'qc.duplicateLevel', field, { field });
    seen.add(key);
  }
  const assays = [...new Set(values.map((entry) => entry.labassay))];
  if (body.mod === 'Single' && assays.length !== values.length) throw AppError.badRequest('qc.singleOneLevel', 'vrijednosti');
  const timeZone = await siteTimeZone(db, ctx.siteId);

  const outcome = await db.transaction(async (tx) => {
    const repository = qcRepository(tx, ctx.siteId);
    const control = await repository.findControl(body.kontrola, { forUpdate: true });
    if (!control) throw AppError.notFound();
    if (control.rokTrajanja < toIsoDate(calendarDateOf(izmjereno, timeZone))) {
      throw new AppError(400, 'qc.lotExpired', 'kontrola', { lot: control.lot, rok: control.rokTrajanja });
    }
    const targets = await repository.targets(control.id);
    const runs: EntryRun[] = [];
    for (const labassayId of assays) {
      const entries = values.filter((entry) => entry.labassay === labassayId).map((entry) => {
        // Hand entry is judged by the general target (one naming an analyser judges only that analyser's runs).
        const target = applicableTarget(targets, labassayId, entry.nivo, null);
        const field = `vrijednosti.${entry.index}`;
        if (!target) throw new AppError(400, 'qc.noTarget', field, { field });
        return { nivo: entry.nivo, unos: entry.vrijednost.trim(), number: entry.number, target };
      });
      runs.push(await enterRun(tx, ctx, control, labassayId, entries, izmjereno, BY_HAND(ctx)));
    }
    return { runs, control };
  });
  announceRejected(realtime, ctx.siteId, outcome.runs.map((run) => ({ run, control: outcome.control, analyserIme: null })));
  return outcome.runs;
}

/** A run judged rejected, to announce to its site once its transaction has committed. */
export interface RejectedRun {
  run: EntryRun;
  control: ControlRowDb;
  analyserIme: string | null;
}

/** Announces the rejected runs among these to their site (`qc:rejected`): the pages tell who is working that the assay is held. */
export function announceRejected(realtime: RealtimeHub | undefined, siteId: string, runs: readonly RejectedRun[]): void {
  for (const { run, control, analyserIme } of runs.filter((entered) => entered.run.status === 'odbijen')) {
    realtime?.emitToSite(siteId, QC_REJECTED_EVENT, {
      labassay: run.labassay, naziv: run.naziv, naziv_en: run.naziv_en, naziv_de: run.naziv_de, serija: run.serija, control: control.kontrola, lot: control.lot, analyser: analyserIme,
      pravila: run.prekrseno.filter((violation) => isRejectionRule(violation.rule)).map((violation) => violation.rule),
    });
  }
}

/** Who a run comes from: a person (by hand), or an analyser's message (no user; the analyser named in `izvor`). */
export interface RunSource {
  unioBy: string | null;
  izvor: string;
  analyserId: string | null;
  messageId: string | null;
}
const BY_HAND = (ctx: RequestContext): RunSource => ({ unioBy: ctx.userId, izvor: 'rucno', analyserId: null, messageId: null });

/** A control result of an analyser's message, its specimen recognised as a control by the analyser's setting. */
export interface AnalyserControlResult {
  specimenId: string;
  /** The lab assay's code (`sifra`) the analyser's test code maps to. */
  sifra: string;
  value: string;
}

/** Why a control result of an analyser was not stored as a control run (kept for review in the message log). */
export type AnalyserControlRefusal = 'unknownControl' | 'controlNoTarget' | 'controlExpired' | 'unmappedCode' | 'invalidValue';

/**
 * Control results an analyser sent, stored through the same rules as /kontrole/unos, inside the ingest's
 * transaction (the message is stored in the same commit). A result's specimen id names the lot and level (the
 * lot's `uzorci_aparata`); it is refused, for review, when the mapped code names no lab assay, when no lot at the
 * site has that specimen id, when the
 * lot has no target for the assay at that level, when the lot had expired on the site's day of receipt, or
 * when its value is not a number. The accepted results of one lot and assay are one run (the levels the
 * message carries), measured when received, judged against the lot's history by the rules in force, with
 * the analyser recorded: a rejected run holds that analyser's patient results of the assay. Audited as the
 * system's. Refusals never throw: the message is still stored and acknowledged.
 */
export async function enterAnalyserControls(
  tx: Tx, ctx: RequestContext, analyser: { id: string; ime: string }, messageId: string, results: readonly AnalyserControlResult[],
): Promise<{ refused: Map<number, AnalyserControlRefusal>; stored: number; runs: RejectedRun[] }> {
  const refused = new Map<number, AnalyserControlRefusal>();
  if (results.length === 0) return { refused, stored: 0, runs: [] };
  const repository = qcRepository(tx, ctx.siteId);
  const izmjereno = new Date();
  const today = toIsoDate(calendarDateOf(izmjereno, await siteTimeZone(tx, ctx.siteId)));
  const assayIds = await repository.assayIdsByCode(results.map((result) => result.sifra));
  const levels = await repository.levelsBySpecimen(results.map((result) => result.specimenId));
  const targetsOf = new Map<string, Target[]>();
  // One value per lot, assay and level: a message naming a level twice keeps the last, the earlier for review.
  type Entry = { index: number; nivo: number; unos: string; number: number; target: Target };
  const groups = new Map<string, { control: ControlRowDb; labassayId: string; entries: Map<number, Entry> }>();
  for (const [index, result] of results.entries()) {
    const labassayId = assayIds.get(result.sifra);
    if (labassayId === undefined) { refused.set(index, 'unmappedCode'); continue; }
    const level = levels.get(result.specimenId.trim().toUpperCase());
    if (!level) { refused.set(index, 'unknownControl'); continue; }
    if (level.control.rokTrajanja < today) { refused.set(index, 'controlExpired'); continue; }
    if (!targetsOf.has(level.control.id)) targetsOf.set(level.control.id, await repository.targets(level.control.id));
    // The analyser's own target for the assay and level, else the general one.
    const target = applicableTarget(targetsOf.get(level.control.id)!, labassayId, level.nivo, analyser.id);
    if (!target) { refused.set(index, 'controlNoTarget'); continue; }
    const number = exactNumericValue(result.value);
    if (number === null || !Number.isFinite(number)) { refused.set(index, 'invalidValue'); continue; }
    const key = `${level.control.id}:${labassayId}`;
    const group = groups.get(key) ?? { control: level.control, labassayId, entries: new Map<number, Entry>() };
    groups.set(key, group);
    const earlier = group.entries.get(level.nivo);
    if (earlier) refused.set(earlier.index, 'invalidValue');
    group.entries.set(level.nivo, { index, nivo: level.nivo, unos: result.value.trim(), number, target });
  }
  const source: RunSource = { unioBy: null, izvor: analyser.ime, analyserId: analyser.id, messageId };
  const runs: RejectedRun[] = [];
  let stored = 0;
  for (const group of groups.values()) {
    const entries = [...group.entries.values()];
    const run = await enterRun(tx, ctx, group.control, group.labassayId, entries, izmjereno, source);
    stored += entries.length;
    runs.push({ run, control: group.control, analyserIme: analyser.ime });
  }
  return { refused, stored, runs };
}

/**
 * One assay's levels of a lot measured together: placed on their targets (the target in force for each
 * level), judged against the lot's history by the assay's rules, stored with their source and audited.
 */
async function enterRun(
  tx: Tx, ctx: RequestContext, control: ControlRowDb, labassayId: string, entries: { nivo: number; unos: string; number: number; target: Target }[],
  izmjereno: Date, source: RunSource,
): Promise<EntryRun> {
  const repository = qcRepository(tx, ctx.siteId);
  // One after another: the statements share the transaction's connection. The history and the counted
  // results a target is established from are the run's own source's (the analyser, or hand entry): two
  // analysers' runs never meet in a rule.
  const history = await repository.recentCounted(control.id, labassayId, LONGEST_RULE, source.analyserId);
  const summaries = await repository.countedSummaries(control.id, labassayId, source.analyserId);
  const inForce = await rulesInForce(repository, labassayId);
  const serija = randomUUID();
  const placed = [...entries].sort((a, b) => a.nivo - b.nivo).map((entry) => {
    const inEffect = targetOf(isTargetSource(entry.target.izvor) ? entry.target.izvor : 'proizvodjac', entry.target, summaries.get(entry.nivo) ?? NO_RESULTS);
    return { entry, target: inEffect, z: zScore(entry.number, inEffect.mean, inEffect.sd) };
  });
  const past: ControlPoint[] = history.map((earlier) => ({ run: earlier.serija, level: earlier.nivo, z: earlier.z }));
  const judgement = judgeRun(past, placed.map((point) => ({ run: serija, level: point.entry.nivo, z: point.z })), inForce);
  const rows: ResultValues[] = placed.map((point) => ({
    controlId: control.id, labassayId, serija, nivo: point.entry.nivo, unos: point.entry.unos, vrijednost: point.entry.number,
    izmjereno, mean: point.target.mean, sd: point.target.sd, z: point.z, ...levelStatus(point.entry.nivo, judgement.violations), ...source,
  }));
  const stored = await repository.insertResults(rows);
  const bySystem = source.unioBy === null;
  await writeAudit(tx, ctx, stored.map((row) => ({
    action: 'qc.result.create', entity: 'qc_result', entityId: row.id, bySystem,
    newValue: {
      kontrola: control.id, labassay: labassayId, serija, nivo: row.nivo, unos: row.unos, z: row.z, status: row.status, pravila: row.pravila,
      izvor: row.izvor, analyser: row.analyserId, poruka: row.messageId,
    },
  })));
  return {
    serija, labassay: labassayId, naziv: entries[0]?.target.naziv ?? '', naziv_en: entries[0]?.target.nazivEn ?? '', naziv_de: entries[0]?.target.nazivDe ?? '',
    status: judgement.status, prekrseno: judgement.violations,
    rezultati: stored.map((row) => ({ _id: row.id, nivo: row.nivo, vrijednost: row.vrijednost, z: row.z, status: row.status })),
  };
}

/** POST /control/comment/get: a control result's comment. */
export async function comment(db: Db, ctx: RequestContext, id: string): Promise<string> {
  const row = await qcRepository(db, ctx.siteId).findResult(id);
  if (!row) throw AppError.notFound();
  return row.komentar;
}

/** POST /control/comment/set: sets a control result's comment. Audited. */
export async function setComment(db: Db, ctx: RequestContext, id: string, komentar: string): Promise<void> {
  await db.transaction(async (tx) => {
    const repository = qcRepository(tx, ctx.siteId);
    const row = await repository.findResult(id, { forUpdate: true });
    if (!row) throw AppError.notFound();
    await repository.setComment(row.id, komentar);
    await writeAudit(tx, ctx, { action: 'qc.result.comment', entity: 'qc_result', entityId: row.id, field: 'komentar', oldValue: row.komentar, newValue: komentar });
  });
}
