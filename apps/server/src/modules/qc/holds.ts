import { type Hold, holdCovers, isRejectionRule } from '@lis/domain';
import type { Db, Tx } from '../../db/client.ts';
import { writeAudit } from '../../db/audit.ts';
import type { RequestContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { type HoldRow, qcRepository } from './repository.ts';
import { isRule } from './values.ts';

// The holds a rejected run puts on an assay's patient results, as the site lists them and as the results
// approval asks for them, and the corrective action that releases them.

function holdAnswer(row: HoldRow): Hold {
  return {
    labassay: row.labassayId, analyser: row.analyserId, analyser_ime: row.analyserIme, naziv: row.naziv, naziv_en: row.nazivEn, naziv_de: row.nazivDe, serija: row.serija, control: row.kontrola,
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
 * For the autoverification's QC condition: per assay, when its latest passing control run at the site (no counted
 * level rejected) was measured, no later than `atOrBefore`; assays without one are absent.
 */
export function lastPassingRuns(db: Db, siteId: string, labassayIds: readonly string[], atOrBefore: Date): Promise<Map<string, Date>> {
  return qcRepository(db, siteId).lastPassingRuns(labassayIds, atOrBefore);
}

/** For the autoverification's simulation: the assays' counted runs in a period, as qcRepository.runsBetween answers them. */
export function runsBetween(db: Db, siteId: string, labassayIds: readonly string[], from: Date, to: Date) {
  return qcRepository(db, siteId).runsBetween(labassayIds, from, to);
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
