import {
  type ChartAnswer, type ChartLevel, type CountedSummary, type ControlAnswer, type ControlPoint, type EntryRun, type Hold, type RunStatus, type TargetAnswer,
  type TargetSource, type Violation, type WestgardRule, DEFAULT_WESTGARD_RULES, LONGEST_RULE, TARGET_SOURCES, WESTGARD_RULES, biasPercent, calendarDateOf,
  exactNumericValue, isRejectionRule, judgeRun, resolveDateRange, sigmaMetric,
  summarise, targetOf, toIsoDate, zScore,
} from '@lis/domain';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { controlElementSchema, controlEntryBody, controlResultsQuery } from '@lis/domain';
import type { Db, Tx } from '../../db/client.ts';
import { writeAudit } from '../../db/audit.ts';
import type { RequestContext } from '../../lib/context.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import type { RealtimeHub } from '../../realtime/hub.ts';
import { siteTimeZone } from '../sites/service.ts';
import type { ListRequest } from '../../db/list-query.ts';
import { type ControlRowDb, type HoldRow, type ResultValues, listControlResults as listResultsSql, listControls as listControlsSql, qcRepository } from './repository.ts';

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
  const targets = await qcRepository(db, siteId).targets(row.id);
  const ciljevi: TargetAnswer[] = targets.map((target) => ({
    labassay: target.labassayId, sifra: target.sifra, naziv: target.naziv, jedinica: target.jedinica, nivo: target.nivo,
    mean: target.mean, sd: target.sd, izvor: isTargetSource(target.izvor) ? target.izvor : 'proizvodjac',
  }));
  return { ...controlRow(row), ciljevi };
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
    const key = `${target.labassay}:${target.nivo}`;
    if (seen.has(key)) throw new AppError(400, 'qc.duplicateLevel', `element.ciljevi.${index}`, { field: `element.ciljevi.${index}` });
    seen.add(key);
  });
  const values = { kontrola: element.control, proizvodjac: element.proizvodjac, lot: element.lot, rokTrajanja: element.rok_trajanja, mod: element.mod };
  const targets = element.ciljevi.map((target) => ({ labassayId: target.labassay, nivo: target.nivo, mean: target.mean, sd: target.sd, izvor: target.izvor }));
  try {
    const saved = await db.transaction(async (tx) => {
      const repository = qcRepository(tx, ctx.siteId);
      const known = await repository.assaysExist([...new Set(targets.map((target) => target.labassayId))]);
      const unknown = targets.findIndex((target) => !known.has(target.labassayId));
      if (unknown >= 0) throw AppError.badRequest('form.invalid', `element.ciljevi.${unknown}.labassay`);
      const newValue = { ...values, ciljevi: targets };
      if (element._id === undefined) {
        const created = await repository.insertControl(values);
        await repository.replaceTargets(created.id, targets);
        await writeAudit(tx, ctx, { action: 'qc.control.create', entity: 'qc_control', entityId: created.id, newValue });
        return created;
      }
      const before = await repository.findControl(element._id, { forUpdate: true });
      if (!before) throw AppError.notFound();
      const oldTargets = await repository.targets(before.id);
      const updated = await repository.updateControl(before.id, values);
      await repository.replaceTargets(before.id, targets);
      await writeAudit(tx, ctx, {
        action: 'qc.control.update', entity: 'qc_control', entityId: before.id,
        oldValue: {
          kontrola: before.kontrola, proizvodjac: before.proizvodjac, lot: before.lot, rokTrajanja: before.rokTrajanja, mod: before.mod,
          ciljevi: oldTargets.map(({ labassayId, nivo, mean, sd, izvor }) => ({ labassayId, nivo, mean, sd, izvor })),
        },
        newValue,
      });
      return updated;
    });
    return await controlAnswer(db, ctx.siteId, saved);
  } catch (error) {
    if (isUniqueViolation(error, 'qc_controls_site_lot_key')) throw AppError.conflict('qc.lotTaken', 'element.lot');
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
      runs.push(await enterRun(tx, ctx, control, targets.filter((target) => target.labassayId === labassayId), values.filter((entry) => entry.labassay === labassayId), izmjereno));
    }
    return { runs, control };
  });
  for (const run of outcome.runs.filter((entered) => entered.status === 'odbijen')) {
    realtime?.emitToSite(ctx.siteId, QC_REJECTED_EVENT, {
      labassay: run.labassay, naziv: run.naziv, serija: run.serija, control: outcome.control.kontrola, lot: outcome.control.lot,
      pravila: run.prekrseno.filter((violation) => isRejectionRule(violation.rule)).map((violation) => violation.rule),
    });
  }
  return outcome.runs;
}

/** A level without counted results yet: its declared target is in force. */
const NO_RESULTS: CountedSummary = { n: 0, first: null, all: null };

type Target = Awaited<ReturnType<ReturnType<typeof qcRepository>['targets']>>[number];

/** One assay's levels of an entry: placed on their targets, judged against the lot's history, stored and audited. */
async function enterRun(
  tx: Tx, ctx: RequestContext, control: ControlRowDb, targets: Target[], entries: { labassay: string; nivo: number; vrijednost: string; number: number; index: number }[],
  izmjereno: Date,
): Promise<EntryRun> {
  const repository = qcRepository(tx, ctx.siteId);
  const labassayId = entries[0]!.labassay;
  // One after another: the statements share the transaction's connection.
  const history = await repository.recentCounted(control.id, labassayId, LONGEST_RULE);
  const summaries = await repository.countedSummaries(control.id, labassayId);
  const assayRules = await repository.rulesOf(labassayId);
  const inForce = assayRules ? assayRules.pravila.filter(isRule) : DEFAULT_WESTGARD_RULES;
  const serija = randomUUID();
  const placed = [...entries].sort((a, b) => a.nivo - b.nivo).map((entry) => {
    const target = targets.find((candidate) => candidate.nivo === entry.nivo);
    const field = `vrijednosti.${entry.index}`;
    if (!target) throw new AppError(400, 'qc.noTarget', field, { field });
    const inEffect = targetOf(isTargetSource(target.izvor) ? target.izvor : 'proizvodjac', target, summaries.get(entry.nivo) ?? NO_RESULTS);
    return { entry, target: inEffect, z: zScore(entry.number, inEffect.mean, inEffect.sd) };
  });
  const past: ControlPoint[] = history.map((earlier) => ({ run: earlier.serija, level: earlier.nivo, z: earlier.z }));
  const judgement = judgeRun(past, placed.map((point) => ({ run: serija, level: point.entry.nivo, z: point.z })), inForce);
  const rows: ResultValues[] = placed.map((point) => ({
    controlId: control.id, labassayId, serija, nivo: point.entry.nivo, unos: point.entry.vrijednost.trim(), vrijednost: point.entry.number,
    izmjereno, mean: point.target.mean, sd: point.target.sd, z: point.z, ...levelStatus(point.entry.nivo, judgement.violations),
    unioBy: ctx.userId, izvor: 'rucno',
  }));
  const stored = await repository.insertResults(rows);
  await writeAudit(tx, ctx, stored.map((row) => ({
    action: 'qc.result.create', entity: 'qc_result', entityId: row.id,
    newValue: { kontrola: control.id, labassay: labassayId, serija, nivo: row.nivo, unos: row.unos, z: row.z, status: row.status, pravila: row.pravila },
  })));
  return {
    serija, labassay: labassayId, naziv: targets[0]?.naziv ?? '', status: judgement.status, prekrseno: judgement.violations,
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

/**
 * POST /kontrole/pregled/delete/: excludes a control result from the statistics, the rules and the hold. The
 * row is kept (a control result is never erased) with the reason; the exclusion is audited. Excluding the
 * rejected level of the assay's latest run ends that run's hold.
 */
export async function exclude(db: Db, ctx: RequestContext, id: string, razlog: string | undefined): Promise<void> {
  const reason = razlog?.trim() ?? '';
  if (reason.length === 0) throw AppError.badRequest('qc.reasonRequired', 'razlog');
  await db.transaction(async (tx) => {
    const repository = qcRepository(tx, ctx.siteId);
    const row = await repository.findResult(id, { forUpdate: true });
    if (!row) throw AppError.notFound();
    if (row.iskljucen) throw AppError.conflict('qc.alreadyExcluded', '_id');
    await repository.exclude(row.id, reason);
    await writeAudit(tx, ctx, { action: 'qc.result.exclude', entity: 'qc_result', entityId: row.id, field: 'iskljucen', oldValue: false, newValue: true, reason });
  });
}

/** The chart's default range: the last 31 days up to now. */
const DEFAULT_CHART_DAYS = 31;

/**
 * GET /kontrole/charts: the Levey-Jennings data of a lot's assay over a date range: per level the target in
 * force now (mean, SD), every result with its z-score, status and the rules it violated (excluded ones
 * marked), and the statistics of the counted results of the range (mean, SD, CV, bias against the target,
 * Sigma from the assay's TEa).
 */
export async function chart(db: Db, ctx: RequestContext, query: { kontrola: string; labassay: string; dateRangeMin?: string; dateRangeMax?: string }): Promise<ChartAnswer> {
  const repository = qcRepository(db, ctx.siteId);
  const found = await repository.findControlWithZone(query.kontrola);
  if (!found) throw AppError.notFound();
  const range = resolveDateRange(query.dateRangeMin, query.dateRangeMax, found.timeZone);
  if (range.kind === 'invalid') throw new AppError(400, 'dateRange.invalid', range.field);
  const now = new Date();
  const window = range.kind === 'window' ? range.window : { from: new Date(now.getTime() - DEFAULT_CHART_DAYS * 86_400_000), before: new Date(now.getTime() + 1) };
  const [targets, points, summaries, assayRules] = await Promise.all([
    repository.targets(found.control.id), repository.chartPoints(found.control.id, query.labassay, window.from, window.before),
    repository.countedSummaries(found.control.id, query.labassay), repository.rulesOf(query.labassay),
  ]);
  const ofAssay = targets.filter((target) => target.labassayId === query.labassay);
  if (ofAssay.length === 0) throw AppError.notFound();
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
  return { success: true, naziv: ofAssay[0]!.naziv, jedinica: ofAssay[0]!.jedinica, tea, nivoi };
}

function holdAnswer(row: HoldRow): Hold {
  return {
    labassay: row.labassayId, naziv: row.naziv, serija: row.serija, control: row.kontrola, lot: row.lot,
    // The rules that rejected the run: a 1-2s warning of the same level is not why the assay is held.
    izmjereno: row.izmjereno.toISOString(), pravila: row.pravila.filter((rule) => isRule(rule) && isRejectionRule(rule)),
  };
}

/** GET /kontrole/blokade: the assays whose patient results are held at the site, and the run that holds each. */
export async function holds(db: Db, ctx: RequestContext): Promise<Hold[]> {
  return (await qcRepository(db, ctx.siteId).holds()).map(holdAnswer);
}

/**
 * The hold as the results approval asks for it: the first of these assays held at the site, or null. A
 * patient result of a held assay is not approved (see results/transitions.ts).
 */
export async function heldAssay(tx: Tx, siteId: string, labassayIds: readonly string[]): Promise<Hold | null> {
  const [held] = await qcRepository(tx, siteId).holds(labassayIds);
  return held ? holdAnswer(held) : null;
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
