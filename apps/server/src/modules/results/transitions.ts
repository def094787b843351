import {
  type Obavijesten, type ResultRefusal, type SampleStatus, type SampleTransition, approveRefusal, hasResult, nextStatus, testStatus,
  unapproveRefusal, unverifyRefusal, verifyRefusal,
} from '@lis/domain';
import type { Db, Tx } from '../../db/client.ts';
import { writeAudit, type AuditEntry } from '../../db/audit.ts';
import type { RequestContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import type { RealtimeHub } from '../../realtime/hub.ts';
import { judge, patientFacts, rangesByAssay, sameSnapshot, statusOf } from './judgement.ts';
import { referenceRangesOf, resultRepository, type ResultSampleRow, type ResultTestRow, type SampleMove } from './repository.ts';
import { announce, sampleEvent, type SampleEvent } from './events.ts';
import type { StatusAnswer } from './save.ts';
import { resultsChainPorts } from './ports.ts';
import { heldResult } from '../qc/service.ts';

// Approval (technical validation), verification (medical validation) and taking either back. Each runs in
// one transaction on the locked sample row: the domain's refusal decides (409 for a move the status does not
// allow, 400 naming the missing input), nothing changes on a refusal, and a move stamps who and when,
// moves every test's own status with the sample, adds one to the version and writes its audit rows.

/** A refusal as an answer: missing or wrong input names its field (400); a move the status does not allow is a conflict (409). */
function refuse(refusal: ResultRefusal): never {
  throw new AppError(refusal.field ? 400 : 409, refusal.code, refusal.field, refusal.params ?? (refusal.field ? { field: refusal.field } : {}));
}

interface Locked {
  tx: Tx;
  sample: ResultSampleRow;
  status: SampleStatus;
  tests: ResultTestRow[];
}

interface MovePlan {
  move: SampleMove & { status: SampleStatus };
  audit: AuditEntry[];
  /** The realtime event to announce after commit, when the move has one. */
  event?: SampleEvent;
  /** Work that belongs to the move, run in its transaction after the sample has moved (a verification issues the report). */
  afterMove?: (tx: Tx) => Promise<void>;
}

/**
 * Locks the sample, lets `plan` decide (or refuse), then applies the move:
 * the sample's status and stamps, each test's status_t, the audit rows, and
 * the realtime event after commit.
 */
async function moveSample(
  db: Db, ctx: RequestContext, sid: string, realtime: RealtimeHub | undefined, plan: (locked: Locked) => Promise<MovePlan>,
): Promise<StatusAnswer> {
  const outcome = await db.transaction(async (tx) => {
    const results = resultRepository(tx, ctx.siteId);
    const sample = await results.findSample(sid, { forUpdate: true });
    if (!sample) throw AppError.notFound();
    const tests = await results.testsOfSample(sample.id);
    const { move, audit, event, afterMove } = await plan({ tx, sample, status: statusOf(sample.status), tests });
    const statusWrites = tests
      .map((test) => ({ id: test.id, statusT: testStatus(move.status, test.rezultat), before: test.statusT }))
      .filter((write) => write.statusT !== write.before);
    await results.writeTestStatuses(sample.id, statusWrites);
    const moved = await results.updateSample(sample.id, move, ctx.userId);
    await writeAudit(tx, ctx, audit);
    await afterMove?.(tx);
    return { status: statusOf(moved.status), version: moved.version, event: event ?? null };
  });
  announce(realtime, ctx.siteId, [outcome.event]);
  return { status: outcome.status, version: outcome.version };
}

function statusEntry(sample: ResultSampleRow, action: string, from: SampleStatus, to: SampleStatus, reason?: string): AuditEntry {
  return { action, entity: 'sample', entityId: sample.id, field: 'status', oldValue: from, newValue: to, reason: reason ?? null };
}

/** The status after a move the refusal check has allowed. */
function allowedNext(status: SampleStatus, transition: SampleTransition): SampleStatus {
  const next = nextStatus(status, transition);
  if (next === null) throw new Error(`${transition} allowed from ${status} by its refusal check but not by the status machine`);
  return next;
}

/**
 * POST /rezultati/odobri: technical validation of a complete sample
 * (REALIZOVAN -> ODOBREN), stamped with who and when; announces
 * 'result:approved' to the site (results waiting for medical verification).
 */
export function approve(db: Db, ctx: RequestContext, sid: string, realtime: RealtimeHub | undefined): Promise<StatusAnswer> {
  return moveSample(db, ctx, sid, realtime, async ({ tx, sample, status, tests }) => {
    const refusal = approveRefusal(status);
    if (refusal) refuse(refusal);
    // The status says complete; the tests must agree, or an incomplete sample would be released.
    if (!tests.every((test) => hasResult(test.rezultat))) refuse({ code: 'results.incomplete' });
    // Quality control holds an assay's patient results whose latest control run from their source at the site was
    // rejected (an analyser's run: that analyser's results and those entered by hand; a run by hand: all of them):
    // they wait for the corrective action (or a passing run), so none is released on a run the lab did not accept.
    const held = await heldResult(tx, ctx.siteId, tests.map((test) => ({ id: test.id, labassayId: test.labassayId })));
    if (held) refuse({ code: 'qc.hold', params: { naziv: held.naziv, pravilo: held.pravila.join(', ') } });
    const next = allowedNext(status, 'approve');
    const facts = await patientFacts(tx, ctx.siteId, sample);
    return {
      move: { status: next, approval: 'stamp' },
      audit: [statusEntry(sample, 'sample.approve', status, next)],
      event: sampleEvent('result:approved', { id: sample.id, code: sample.code, patient: facts.patient }),
    };
  });
}

/** POST /rezultati/odobri/undo: takes the approval back (ODOBREN -> REALIZOVAN), so results can be changed again. */
export function unapprove(db: Db, ctx: RequestContext, sid: string, realtime: RealtimeHub | undefined): Promise<StatusAnswer> {
  return moveSample(db, ctx, sid, realtime, ({ sample, status }) => {
    const refusal = unapproveRefusal(status);
    if (refusal) refuse(refusal);
    const next = allowedNext(status, 'unapprove');
    return Promise.resolve({ move: { status: next, approval: 'clear' }, audit: [statusEntry(sample, 'sample.unapprove', status, next)] });
  });
}

/**
 * POST /rezultati/verifikuj: medical validation (ODOBREN -> VERIFICIRAN).
 * The flags are computed afresh for this patient; a critical value (LL, HH)
 * needs `obavijesten` (who was told, when, not in the future), which is
 * stored and audited as its own row. The sample is marked verified once:
 * after an unlock, changing a result needs a reason. The report is issued
 * in the same transaction (version 1, or the next, corrected version after an unlock).
 */
export function verify(
  db: Db, ctx: RequestContext, sid: string, obavijesten: Obavijesten | null | undefined, realtime: RealtimeHub | undefined,
): Promise<StatusAnswer> {
  return moveSample(db, ctx, sid, realtime, async ({ tx, sample, status, tests }) => {
    // One after the other: a transaction is one connection, which runs one statement at a time.
    const facts = await patientFacts(tx, ctx.siteId, sample);
    const rangeRows = await referenceRangesOf(tx, tests.map((test) => test.labassayId));
    const ranges = rangesByAssay(rangeRows);
    const judged = tests.map((test) => judge(test, test.rezultat, ranges, facts, sample.verifiedOnce));
    const refusal = verifyRefusal({ status, flags: judged.map((judgement) => judgement.flag), obavijesten, now: new Date() });
    if (refusal) refuse(refusal);
    // The references the results are verified against are copied onto the tests: from here on the report keeps them.
    const copies = tests.flatMap((test, index) => {
      const referenca = test.rezultat === null ? null : judged[index]!.snapshot;
      return sameSnapshot(referenca, test.referenca) ? [] : [{ id: test.id, referenca }];
    });
    await resultRepository(tx, ctx.siteId).writeReferences(sample.id, copies);
    const next = allowedNext(status, 'verify');
    const acknowledged = obavijesten ? { ko: obavijesten.ko, kada: obavijesten.kada } : null;
    const audit = [statusEntry(sample, 'sample.verify', status, next)];
    if (acknowledged) {
      audit.push({ action: 'sample.acknowledge', entity: 'sample', entityId: sample.id, field: 'obavijesten', oldValue: null, newValue: acknowledged });
    }
    return {
      move: { status: next, verification: 'stamp', obavijesten: acknowledged },
      audit,
      // The verified sample's report is issued (and its mail queued) in the same transaction, by the reports
      // module through the chain's port (ports.ts): a verification without its report never commits.
      afterMove: (moved) => resultsChainPorts().afterVerification(moved, ctx, sample.id),
    };
  });
}

/** POST /rezultati/verifikuj/undo: unlock (VERIFICIRAN -> ODOBREN) with a reason, kept in the audit row. */
export function unverify(db: Db, ctx: RequestContext, sid: string, razlog: string, realtime: RealtimeHub | undefined): Promise<StatusAnswer> {
  return moveSample(db, ctx, sid, realtime, ({ sample, status }) => {
    const refusal = unverifyRefusal(status, razlog);
    if (refusal) refuse(refusal);
    const next = allowedNext(status, 'unverify');
    return Promise.resolve({ move: { status: next, verification: 'clear' }, audit: [statusEntry(sample, 'sample.unverify', status, next, razlog.trim())] });
  });
}

/**
 * The autoverification's release of sections ahead of the rest of a sample (a rule set that releases per
 * section): on the locked sample, still at the version its judgement read (`judgedVersion`) and not approved or
 * verified, marks the tests `testIds` (of the sections all of whose results passed; ones without a result or
 * released already are skipped) released by the rule set in `ctx.releasedByRules`, adds one to the sample's
 * version (a screen that read it before must reload to see the marks), audits each released result, and issues
 * the partial report of everything released so far (the chain's afterSectionRelease port), all in one
 * transaction. Answers null, changing nothing, when the sample changed since the judgement or nothing was left to release.
 */
export async function releaseSections(
  db: Db, ctx: RequestContext, sid: string, judgedVersion: number, testIds: readonly string[],
): Promise<StatusAnswer | null> {
  const ruleSet = ctx.releasedByRules?.ruleSet;
  if (!ruleSet) throw new Error('sections are released by the autoverification rules only');
  return db.transaction(async (tx) => {
    const results = resultRepository(tx, ctx.siteId);
    const sample = await results.findSample(sid, { forUpdate: true });
    if (!sample) throw AppError.notFound();
    const status = statusOf(sample.status);
    if (sample.version !== judgedVersion || status === 'ODOBREN' || status === 'VERIFICIRAN') return null;
    const released = new Set(await results.releaseTests(sample.id, testIds, ruleSet));
    if (released.size === 0) return null;
    const moved = (await results.moveSamples([{ id: sample.id, status: null }], ctx.userId)).get(sample.id);
    if (!moved) throw new Error('a sample of this site was not moved');
    const tests = await results.testsOfSample(sample.id);
    await writeAudit(tx, ctx, tests.filter((test) => released.has(test.id)).map((test) => ({
      action: 'result.release', entity: 'sample', entityId: sample.id, field: test.sifra, oldValue: null, newValue: test.rezultat, reason: ruleSet,
    })));
    await resultsChainPorts().afterSectionRelease(tx, ctx, sample.id);
    return { status, version: moved.version };
  });
}
