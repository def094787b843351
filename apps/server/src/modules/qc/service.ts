import {
  type ChartAnswer, type ChartLevel, type CountedSummary, type ControlAnswer, type ControlPoint, type EntryRun, type Hold, type MonthlyRow, type RunStatus,
  type TargetAnswer, type TargetSource, type Violation, type WestgardRule, DEFAULT_WESTGARD_RULES, LONGEST_RULE, TARGET_SOURCES, WESTGARD_RULES, biasPercent,
  calendarDateOf, exactNumericValue, holdCovers, isRejectionRule, judgeRun, monthlyStatistics, resolveDateRange, sigmaMetric, startOfDay,
  summarise, targetOf, toIsoDate, zScore, applicableTarget, historyOfSource, type LotSource,
} from '@lis/domain';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { controlElementSchema, controlEntryBody, controlResultsQuery } from '@lis/domain';
import type { Db, Tx } from '../../db/client.ts';
import { type AuditEntry, writeAudit } from '../../db/audit.ts';
import type { RequestContext } from '../../lib/context.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import type { RealtimeHub } from '../../realtime/hub.ts';
import { siteTimeZone } from '../sites/service.ts';
import type { ListRequest } from '../../db/list-query.ts';
import {
  type ControlRowDb, type HoldRow, type ResultRowDb, type ResultValues, listControlResults as listResultsSql, listControls as listControlsSql, qcRepository,
} from './repository.ts';

// Quality control of a site: control lots with their targets, the Westgard rules in force per assay, control
// results judged by those rules as they are entered, and the hold a rejected run puts on the assay's patient
// results until a corrective action (or a later passing run) ends it. Every change is audited; a control
// result is never deleted, only excluded with a reason.

export type ControlResultsQuery = z.output<typeof controlResultsQuery>;
type ControlElement = z.output<typeof controlElementSchema>;
type EntryBody = z.output<typeof controlEntryBody>;

/** The realtime event of a rejected run: the site's pages tell who is working that the assay is held. */
export const QC_REJECTED_EVENT = 'qc:rejected';

function isTargetSource(value: string): value is TargetSource {
  return (TARGET_SOURCES as readonly string[]).includes(value);
}
function isRule(value: string): value is WestgardRule {
  return (WESTGARD_RULES as readonly string[]).includes(value);
}

function controlRow(row: ControlRowDb) {
  return {
    _id: row.id, control: row.kontrola, created: row.createdAt.toISOString(), proizvodjac: row.proizvodjac, lot: row.lot,
    rok_trajanja: row.rokTrajanja, mod: row.mod,
  };
}

async function controlAnswer(db: Db, siteId: string, row: ControlRowDb): Promise<ControlAnswer> {
  const repository = qcRepository(db, siteId);
  const targets = await repository.targets(row.id);
  const uzorci = await repository.specimens(row.id);
  const ciljevi: TargetAnswer[] = targets.map((target) => ({
    labassay: target.labassayId, sifra: target.sifra, naziv: target.naziv, jedinica: target.jedinica, nivo: target.nivo,
    mean: target.mean, sd: target.sd, izvor: isTargetSource(target.izvor) ? target.izvor : 'proizvodjac',
    analyser: target.analyserId, analyser_ime: target.analyserIme,
  }));
  return { ...controlRow(row), ciljevi, uzorci_aparata: uzorci };
}

/** GET /kontrole/list: the site's control lots as a list screen reads them. */
export function listControls(db: Db, list: ListRequest<unknown>) {
  return listControlsSql(db, list);
}

/** GET /kontrole/obrada/rezultati: the site's control results (of one lot with `kontrola`). */
export function listControlResults(db: Db, list: ListRequest<ControlResultsQuery>) {
  return listResultsSql(db, list);
}

/** GET /kontrole/definicija/:id: the lot with its targets. */
export async function definition(db: Db, ctx: RequestContext, id: string): Promise<ControlAnswer> {
  const row = await qcRepository(db, ctx.siteId).findControl(id);
  if (!row) throw AppError.notFound();
  return controlAnswer(db, ctx.siteId, row);
}

/**
 * POST /kontrole/definicija/save: adds a lot (without `_id`) or changes one of the caller's site, with its
 * targets (one per assay and level). Audited with the element before and after.
 */
export async function saveControl(db: Db, ctx: RequestContext, element: ControlElement): Promise<ControlAnswer> {
  const seen = new Set<string>();
  element.ciljevi.forEach((target, index) => {
    // One target per assay, level and analyser (the general target, no analyser, is one more).
    const key = `${target.labassay}:${target.nivo}:${target.analyser ?? ''}`;
    if (seen.has(key)) throw new AppError(400, 'qc.duplicateLevel', `element.ciljevi.${index}`, { field: `element.ciljevi.${index}` });
    seen.add(key);
  });
  const specimens = element.uzorci_aparata.map((entry) => ({ nivo: entry.nivo, uzorak: entry.uzorak }));
  const seenSpecimen = new Set<string>();
  const seenLevel = new Set<number>();
  specimens.forEach((entry, index) => {
    const field = `element.uzorci_aparata.${index}`;
    if (seenLevel.has(entry.nivo)) throw new AppError(400, 'qc.duplicateLevel', field, { field });
    if (seenSpecimen.has(entry.uzorak.toUpperCase())) throw new AppError(400, 'qc.specimenTaken', `${field}.uzorak`, { uzorak: entry.uzorak });
    seenLevel.add(entry.nivo);
    seenSpecimen.add(entry.uzorak.toUpperCase());
  });
  const values = { kontrola: element.control, proizvodjac: element.proizvodjac, lot: element.lot, rokTrajanja: element.rok_trajanja, mod: element.mod };
  const targets = element.ciljevi.map((target) => ({
    labassayId: target.labassay, nivo: target.nivo, mean: target.mean, sd: target.sd, izvor: target.izvor, analyserId: target.analyser,
  }));
  try {
    const saved = await db.transaction(async (tx) => {
      const repository = qcRepository(tx, ctx.siteId);
      const known = await repository.assaysExist([...new Set(targets.map((target) => target.labassayId))]);
      const unknown = targets.findIndex((target) => !known.has(target.labassayId));
      if (unknown >= 0) throw AppError.badRequest('form.invalid', `element.ciljevi.${unknown}.labassay`);
      // A target names an analyser of the caller's site; another site's (or no such) analyser is refused, naming the row.
      const ofSite = await repository.analysersOfSite(targets.flatMap((target) => (target.analyserId === null ? [] : [target.analyserId])));
      const foreign = targets.findIndex((target) => target.analyserId !== null && !ofSite.has(target.analyserId));
      if (foreign >= 0) throw AppError.badRequest('form.invalid', `element.ciljevi.${foreign}.analyser`);
      // A specimen id names one lot's level at the site: one another lot has is refused, naming it.
      const owners = await repository.specimenOwners(specimens.map((entry) => entry.uzorak));
      const taken = specimens.findIndex((entry) => {
        const owner = owners.get(entry.uzorak.toUpperCase());
        return owner !== undefined && owner !== element._id;
      });
      if (taken >= 0) throw new AppError(409, 'qc.specimenTaken', `element.uzorci_aparata.${taken}.uzorak`, { uzorak: specimens[taken]!.uzorak });
      const newValue = { ...values, ciljevi: targets, uzorciAparata: specimens };
      if (element._id === undefined) {
        const created = await repository.insertControl(values);
        await repository.replaceTargets(created.id, targets);
        await repository.replaceSpecimens(created.id, specimens);
        await writeAudit(tx, ctx, { action: 'qc.control.create', entity: 'qc_control', entityId: created.id, newValue });
        return created;
      }
      const before = await repository.findControl(element._id, { forUpdate: true });
      if (!before) throw AppError.notFound();
      const oldTargets = await repository.targets(before.id);
      const oldSpecimens = await repository.specimens(before.id);
      const updated = await repository.updateControl(before.id, values);
      await repository.replaceTargets(before.id, targets);
      await repository.replaceSpecimens(before.id, specimens);
      await writeAudit(tx, ctx, {
        action: 'qc.control.update', entity: 'qc_control', entityId: before.id,
        oldValue: {
          kontrola: before.kontrola, proizvodjac: before.proizvodjac, lot: before.lot, rokTrajanja: before.rokTrajanja, mod: before.mod,
          ciljevi: oldTargets.map(({ labassayId, nivo, mean, sd, izvor, analyserId }) => ({ labassayId, nivo, mean, sd, izvor, analyserId })),
          uzorciAparata: oldSpecimens,
        },
        newValue,
      });
      return updated;
    });
    return await controlAnswer(db, ctx.siteId, saved);
  } catch (error) {
    if (isUniqueViolation(error, 'qc_controls_site_lot_key')) throw AppError.conflict('qc.lotTaken', 'element.lot');
    // Another save took the specimen id between the check and the insert.
    if (isUniqueViolation(error, 'qc_control_specimens_site_uzorak_key')) {
      throw new AppError(409, 'qc.specimenTaken', 'element.uzorci_aparata', { uzorak: specimens.map((entry) => entry.uzorak).join(', ') });
    }
    throw error;
  }
}

/** The rules set per assay at the site (an assay without a row is judged by the classic multirule). */
export async function rules(db: Db, ctx: RequestContext) {
  const rows = await qcRepository(db, ctx.siteId).rules();
  return rows.map((row) => ({ labassay: row.labassayId, sifra: row.sifra, naziv: row.naziv, pravila: row.pravila.filter(isRule), tea: row.tea }));
}

/** POST /kontrole/pravila/save: the rules in force for an assay and its TEa (%). Audited. */
export async function saveRules(db: Db, ctx: RequestContext, labassayId: string, pravila: WestgardRule[], tea: number | null): Promise<void> {
  await db.transaction(async (tx) => {
    const repository = qcRepository(tx, ctx.siteId);
    if ((await repository.assaysExist([labassayId])).size === 0) throw AppError.badRequest('form.invalid', 'labassay');
    const before = await repository.rulesOf(labassayId);
    const ordered = WESTGARD_RULES.filter((rule) => pravila.includes(rule));
    await repository.saveRules(labassayId, ordered, tea);
    await writeAudit(tx, ctx, { action: 'qc.rules.save', entity: 'qc_assay_rules', entityId: labassayId, oldValue: before, newValue: { pravila: ordered, tea } });
  });
}

function levelStatus(level: number, violations: readonly Violation[]): { status: RunStatus; pravila: string[] } {
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
      labassay: run.labassay, naziv: run.naziv, serija: run.serija, control: control.kontrola, lot: control.lot, analyser: analyserIme,
      pravila: run.prekrseno.filter((violation) => isRejectionRule(violation.rule)).map((violation) => violation.rule),
    });
  }
}

/** Who a run comes from: a person (by hand), or an analyser's message (no user; the analyser named in `izvor`). */
interface RunSource {
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

/** A level without counted results yet: its declared target is in force. */
const NO_RESULTS: CountedSummary = { n: 0, first: null, all: null };

type Target = Awaited<ReturnType<ReturnType<typeof qcRepository>['targets']>>[number];

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
    serija, labassay: labassayId, naziv: entries[0]?.target.naziv ?? '', status: judgement.status, prekrseno: judgement.violations,
    rezultati: stored.map((row) => ({ _id: row.id, nivo: row.nivo, vrijednost: row.vrijednost, z: row.z, status: row.status })),
  };
}

/** The rules an assay's runs are judged by at the site: those set for it, or the classic multirule. */
async function rulesInForce(repository: ReturnType<typeof qcRepository>, labassayId: string): Promise<readonly WestgardRule[]> {
  const assayRules = await repository.rulesOf(labassayId);
  return assayRules ? assayRules.pravila.filter(isRule) : DEFAULT_WESTGARD_RULES;
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

/**
 * POST /kontrole/pregled/delete/: excludes a control result from the statistics, the rules and the hold. The
 * row is kept (a control result is never erased) with the reason; the exclusion is audited. Excluding the
 * rejected level of the assay's latest run ends that run's hold.
 */
export async function exclude(db: Db, realtime: RealtimeHub | undefined, ctx: RequestContext, id: string, razlog: string | undefined): Promise<void> {
  const reason = razlog?.trim() ?? '';
  if (reason.length === 0) throw AppError.badRequest('qc.reasonRequired', 'razlog');
  const rejected = await db.transaction(async (tx) => {
    const repository = qcRepository(tx, ctx.siteId);
    const row = await repository.findResult(id, { forUpdate: true });
    if (!row) throw AppError.notFound();
    if (row.iskljucen) throw AppError.conflict('qc.alreadyExcluded', '_id');
    // The lot's row is locked as an entry locks it: no run of the lot is judged while its history changes.
    const control = await repository.findControl(row.controlId, { forUpdate: true });
    if (!control) throw AppError.notFound();
    await repository.exclude(row.id, reason);
    await writeAudit(tx, ctx, { action: 'qc.result.exclude', entity: 'qc_result', entityId: row.id, field: 'iskljucen', oldValue: false, newValue: true, reason });
    const newlyRejected = await rejudgeAfter(tx, ctx, row);
    if (newlyRejected.length === 0) return [];
    const naziv = (await repository.targets(control.id)).find((target) => target.labassayId === row.labassayId)?.naziv ?? '';
    return newlyRejected.map((run): RejectedRun => ({
      run: { ...run, labassay: row.labassayId, naziv, status: 'odbijen', rezultati: [] }, control, analyserIme: run.analyserIme,
    }));
  });
  // A run can become rejected too (the excluded result stood between two beyond 2 SD): it holds, and is announced.
  announceRejected(realtime, ctx.siteId, rejected);
}

/** The latest `perLevel` points of each level, in their order: the history an entry judges a run against (recentCounted). */
function recentPerLevel(points: readonly ControlPoint[], perLevel: number): ControlPoint[] {
  const taken = new Map<number, number>();
  const recent: ControlPoint[] = [];
  for (let index = points.length - 1; index >= 0; index -= 1) {
    const point = points[index]!;
    const count = taken.get(point.level) ?? 0;
    if (count >= perLevel) continue;
    taken.set(point.level, count + 1);
    recent.push(point);
  }
  return recent.reverse();
}

/**
 * After an exclusion, judges again the rest of the excluded result's run and every later run of the lot's
 * assay: a run's verdict depends on the counted results before it (2-2s across runs, 4-1s, 10x) and on the
 * other levels of its run (2-2s within the run, R-4s). Each result keeps its z-score, placed on the target
 * in force when it was measured; the rules are those in force now. A result whose status or rules change is
 * written and audited (`qc.result.rejudge`, old and new verdict, the exclusion's result named), so the
 * list, the chart and the holds agree with the history as it now counts.
 */
async function rejudgeAfter(
  tx: Tx, ctx: RequestContext, excluded: ResultRowDb,
): Promise<{ serija: string; prekrseno: Violation[]; analyserIme: string | null }[]> {
  const repository = qcRepository(tx, ctx.siteId);
  // Only the excluded result's own source: another analyser's runs (or hand entry) have their own history.
  const all = historyOfSource(await repository.lotAssayResults(excluded.controlId, excluded.labassayId), excluded.analyserId);
  const inForce = await rulesInForce(repository, excluded.labassayId);
  const start = all.findIndex((row) => row.serija === excluded.serija);
  if (start < 0) return [];
  const countedBefore: ControlPoint[] = all.slice(0, start).filter((row) => !row.iskljucen).map((row) => ({ run: row.serija, level: row.nivo, z: row.z }));
  const runs = new Map<string, ResultRowDb[]>();
  for (const row of all.slice(start)) {
    if (row.iskljucen || row.id === excluded.id) continue;
    runs.set(row.serija, [...(runs.get(row.serija) ?? []), row]);
  }
  const audit: AuditEntry[] = [];
  const newlyRejected: { serija: string; prekrseno: Violation[]; analyserIme: string | null }[] = [];
  for (const [serija, rows] of runs) {
    const current = rows.map((row) => ({ run: serija, level: row.nivo, z: row.z }));
    const judgement = judgeRun(recentPerLevel(countedBefore, LONGEST_RULE), current, inForce);
    if (judgement.status === 'odbijen' && !rows.some((row) => row.status === 'odbijen')) {
      newlyRejected.push({ serija, prekrseno: judgement.violations, analyserIme: rows[0]!.analyserId === null ? null : rows[0]!.izvor });
    }
    for (const row of rows) {
      const verdict = levelStatus(row.nivo, judgement.violations);
      if (verdict.status === row.status && JSON.stringify(verdict.pravila) === JSON.stringify(row.pravila)) continue;
      await repository.setVerdict(row.id, verdict.status, verdict.pravila);
      audit.push({
        action: 'qc.result.rejudge', entity: 'qc_result', entityId: row.id, field: 'status',
        oldValue: { status: row.status, pravila: row.pravila }, newValue: { status: verdict.status, pravila: verdict.pravila, iskljucen: excluded.id },
      });
    }
    countedBefore.push(...current);
  }
  await writeAudit(tx, ctx, audit);
  return newlyRejected;
}

/** The chart's default range: the last 31 days up to now. */
const DEFAULT_CHART_DAYS = 31;

/**
 * GET /kontrole/charts: the Levey-Jennings data of a lot's assay over a date range: per level the target in
 * force now (mean, SD), every result with its z-score, status and the rules it violated (excluded ones
 * marked), and the statistics of the counted results of the range (mean, SD, CV, bias against the target,
 * Sigma from the assay's TEa).
 */
export async function chart(
  db: Db, ctx: RequestContext, query: { kontrola: string; labassay: string; dateRangeMin?: string; dateRangeMax?: string; izvor?: string },
): Promise<ChartAnswer> {
  const repository = qcRepository(db, ctx.siteId);
  const found = await repository.findControlWithZone(query.kontrola);
  if (!found) throw AppError.notFound();
  const range = resolveDateRange(query.dateRangeMin, query.dateRangeMax, found.timeZone);
  if (range.kind === 'invalid') throw new AppError(400, 'dateRange.invalid', range.field);
  const now = new Date();
  const window = range.kind === 'window' ? range.window : { from: new Date(now.getTime() - DEFAULT_CHART_DAYS * 86_400_000), before: new Date(now.getTime() + 1) };
  const shown = sourceFilter(query.izvor);
  const [targets, points, summaries, assayRules, izvori] = await Promise.all([
    repository.targets(found.control.id), repository.chartPoints(found.control.id, query.labassay, window.from, window.before, shown),
    repository.countedSummaries(found.control.id, query.labassay, shown), repository.rulesOf(query.labassay), lotSources(repository, found.control.id),
  ]);
  const allOfAssay = targets.filter((target) => target.labassayId === query.labassay);
  if (allOfAssay.length === 0) throw AppError.notFound();
  const ofAssay = targetsOfSource(allOfAssay, shown);
  const tea = assayRules?.tea ?? null;
  const nivoi: ChartLevel[] = ofAssay.map((target) => {
    const source = isTargetSource(target.izvor) ? target.izvor : 'proizvodjac';
    const inForce = targetOf(source, target, summaries.get(target.nivo) ?? NO_RESULTS);
    const tacke = points.get(target.nivo) ?? [];
    const summary = summarise(tacke.filter((point) => !point.iskljucen).map((point) => point.vrijednost));
    const bias = summary ? biasPercent(summary.mean, inForce.mean) : null;
    return {
      nivo: target.nivo, mean: inForce.mean, sd: inForce.sd, izvor: source, established: inForce.established,
      statistika: {
        n: summary?.n ?? 0, mean: summary?.mean ?? null, sd: summary?.sd ?? null, cv: summary?.cv ?? null, bias,
        sigma: tea !== null && bias !== null ? sigmaMetric(tea, bias, summary?.cv ?? null) : null,
      },
      tacke,
    };
  });
  return { success: true, naziv: allOfAssay[0]!.naziv, jedinica: allOfAssay[0]!.jedinica, tea, nivoi, izvori };
}

/** A chart's or monthly table's `izvor`: undefined every source, 'rucno' hand entry (null), else the analyser's id. */
function sourceFilter(izvor: string | undefined): string | null | undefined {
  return izvor === undefined ? undefined : izvor === 'rucno' ? null : izvor;
}

/**
 * Per level of an assay, the target that judges the source's runs (applicableTarget): the analyser's own, else
 * the general one; a level with neither is left out. Every source together (undefined) is shown against the
 * general target, or the level's first analyser's target when it has no general one.
 */
function targetsOfSource<T extends { labassayId: string; nivo: number; analyserId: string | null }>(ofAssay: readonly T[], source: string | null | undefined): T[] {
  const levels = [...new Set(ofAssay.map((target) => target.nivo))];
  return levels.flatMap((nivo) => {
    const target = applicableTarget(ofAssay, ofAssay[0]!.labassayId, nivo, source ?? null)
      ?? (source === undefined ? ofAssay.find((candidate) => candidate.nivo === nivo) : undefined);
    return target ? [target] : [];
  });
}

async function lotSources(repository: ReturnType<typeof qcRepository>, controlId: string): Promise<LotSource[]> {
  return (await repository.lotSources(controlId)).map((row) => ({ analyser: row.analyserId, ime: row.ime }));
}

function holdAnswer(row: HoldRow): Hold {
  return {
    labassay: row.labassayId, analyser: row.analyserId, analyser_ime: row.analyserIme, naziv: row.naziv, serija: row.serija, control: row.kontrola,
    // The rules that rejected the run: a 1-2s warning of the same level is not why the assay is held.
    lot: row.lot, izmjereno: row.izmjereno.toISOString(), pravila: row.pravila.filter((rule) => isRule(rule) && isRejectionRule(rule)),
  };
}

/** GET /kontrole/blokade: the holds at the site: per assay and source (an analyser, or entry by hand), the run that holds. */
export async function holds(db: Db, ctx: RequestContext): Promise<Hold[]> {
  return (await qcRepository(db, ctx.siteId).holds()).map(holdAnswer);
}

/**
 * The hold as the results approval asks for it: the first hold at the site that covers one of these patient
 * results (a sample's tests: `id` the sample test, `labassayId` its assay), or null. Which results a run holds
 * is the domain's holdCovers: a run entered by hand holds every result of the assay, an analyser's run that
 * analyser's results and those entered by hand. A held result is not approved (see results/transitions.ts).
 */
export async function heldResult(tx: Tx, siteId: string, tests: readonly { id: string; labassayId: string }[]): Promise<Hold | null> {
  const repository = qcRepository(tx, siteId);
  const found = await repository.holds([...new Set(tests.map((test) => test.labassayId))]);
  if (found.length === 0) return null;
  const heldAssays = new Set(found.map((hold) => hold.labassayId));
  const analyserOf = await repository.resultAnalysers(tests.filter((test) => heldAssays.has(test.labassayId)).map((test) => test.id));
  for (const test of tests) {
    const hold = found.find((candidate) => candidate.labassayId === test.labassayId && holdCovers(candidate.analyserId, analyserOf.get(test.id) ?? null));
    if (hold) return holdAnswer(hold);
  }
  return null;
}

/**
 * GET /kontrole/mjesecno: the monthly table of a lot: per assay and level with a target, the month's counted
 * results (the site's calendar month) summed up by the domain's monthlyStatistics: n, mean, SD, CV, bias
 * against the target in force now, and Sigma from the assay's TEa.
 */
export async function monthly(
  db: Db, ctx: RequestContext, query: { kontrola: string; mjesec: string; izvor?: string },
): Promise<{ redovi: MonthlyRow[]; izvori: LotSource[] }> {
  const repository = qcRepository(db, ctx.siteId);
  const found = await repository.findControlWithZone(query.kontrola);
  if (!found) throw AppError.notFound();
  const [year, month] = query.mjesec.split('-').map(Number) as [number, number];
  const from = startOfDay({ year, month, day: 1 }, found.timeZone);
  const before = startOfDay(month === 12 ? { year: year + 1, month: 1, day: 1 } : { year, month: month + 1, day: 1 }, found.timeZone);
  const source = sourceFilter(query.izvor);
  const targets = await repository.targets(found.control.id);
  const values = await repository.monthValues(found.control.id, from, before, source);
  const rows: MonthlyRow[] = [];
  for (const labassayId of [...new Set(targets.map((target) => target.labassayId))]) {
    const summaries = await repository.countedSummaries(found.control.id, labassayId, source);
    const tea = (await repository.rulesOf(labassayId))?.tea ?? null;
    for (const target of targetsOfSource(targets.filter((candidate) => candidate.labassayId === labassayId), source)) {
      const inForce = targetOf(isTargetSource(target.izvor) ? target.izvor : 'proizvodjac', target, summaries.get(target.nivo) ?? NO_RESULTS);
      const ofLevel = values.filter((value) => value.labassayId === labassayId && value.nivo === target.nivo).map((value) => value.vrijednost);
      rows.push({
        labassay: labassayId, sifra: target.sifra, naziv: target.naziv, jedinica: target.jedinica, nivo: target.nivo, cilj: inForce.mean, tea,
        ...monthlyStatistics(ofLevel, inForce.mean, tea),
      });
    }
  }
  return { redovi: rows, izvori: await lotSources(repository, found.control.id) };
}

/**
 * POST /kontrole/korektivna: records what was done about a rejected run; it releases the assay's patient
 * results that run held. Audited (the release).
 */
export async function recordCorrectiveAction(db: Db, ctx: RequestContext, serija: string, opis: string): Promise<void> {
  await db.transaction(async (tx) => {
    const repository = qcRepository(tx, ctx.siteId);
    const rows = await repository.runResults(serija);
    if (rows.length === 0) throw AppError.notFound();
    if (!rows.some((row) => row.status === 'odbijen')) throw AppError.conflict('qc.notRejected', 'serija');
    const labassayId = rows[0]!.labassayId;
    const id = await repository.insertCorrectiveAction(labassayId, serija, opis, ctx.userId);
    await writeAudit(tx, ctx, {
      action: 'qc.corrective.create', entity: 'qc_run', entityId: serija, field: 'korektivna_mjera', newValue: { id, labassay: labassayId, opis },
    });
  });
}
