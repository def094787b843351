import { type ControlPoint, type Violation, EXCLUSION_WITHOUT_REASON, LONGEST_RULE, judgeRun, historyOfSource } from '@lis/domain';
import type { Db, Tx } from '../../db/client.ts';
import { type AuditEntry, writeAudit } from '../../db/audit.ts';
import type { RequestContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import type { RealtimeHub } from '../../realtime/hub.ts';
import { type ResultRowDb, qcRepository } from './repository.ts';
import { rulesInForce } from './values.ts';
import { type RejectedRun, announceRejected, levelStatus } from './entry.ts';

// Excluding a control result, and judging again what the exclusion changes: the rest of its run and every
// later run of the lot's assay.

/**
 * POST /kontrole/pregled/delete/: excludes a control result from the statistics, the rules and the hold. The
 * row is kept (a control result is never erased) with the reason, or EXCLUSION_WITHOUT_REASON when the call
 * gave none; the exclusion is audited. Excluding the
 * rejected level of the assay's latest run ends that run's hold.
 */
export async function exclude(db: Db, realtime: RealtimeHub | undefined, ctx: RequestContext, id: string, razlog: string | undefined): Promise<void> {
  // A client of the spec's body sends no reason; the exclusion is still recorded and audited, saying so.
  const reason = razlog?.trim() || EXCLUSION_WITHOUT_REASON;
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
    const assay = (await repository.targets(control.id)).find((target) => target.labassayId === row.labassayId);
    const names = { naziv: assay?.naziv ?? '', naziv_en: assay?.nazivEn ?? '', naziv_de: assay?.nazivDe ?? '' };
    return newlyRejected.map((run): RejectedRun => ({
      run: { ...run, labassay: row.labassayId, ...names, status: 'odbijen', rezultati: [] }, control, analyserIme: run.analyserIme,
    }));
  });
  // A run can become rejected too (the excluded result stood between two beyond 2 SD): it holds, and is announced.
  announceRejected(realtime, ctx.siteId, rejected);
}

/** The latest `perLevel` points of each level, in their order: the history an entry judges a run against (recentCounted). */
export function recentPerLevel(points: readonly ControlPoint[], perLevel: number): ControlPoint[] {
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
