import type { ReflexNote, ResultsSaveRequest, SampleStatus } from '@lis/domain';
import type { Db, Tx } from '../../db/client.ts';
import { writeAudit, type AuditEntry } from '../../db/audit.ts';
import type { RequestContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import type { RealtimeHub } from '../../realtime/hub.ts';
import { announce, type SampleEvent } from './events.ts';
import { resultsChainPorts } from './ports.ts';
import { statusOf } from './judgement.ts';
import { resultRepository, type ResultSampleRow } from './repository.ts';
import { settleSamples, type ResultAuthor, type SampleSettlement, type SettledResults } from './settle.ts';

export interface StatusAnswer {
  status: SampleStatus;
  version: number;
}

/** A results save's answer: the status, and what each reflex rule the saved results fired did (added a test, or why not). */
export interface SaveAnswer extends StatusAnswer {
  refleks: ReflexNote[];
}

/**
 * Work another module does in the same transaction as a results save, on the sample the save has locked
 * and checked the version of, before its results are settled (a culture's isolates and antibiograms,
 * whose summary is the result saved): it returns its audit rows. Any row means the sample changed, so its
 * version goes up even when the results themselves stay as they were.
 */
export type AlongsideResults = (tx: Tx, sample: ResultSampleRow) => Promise<AuditEntry[]>;

/**
 * POST /rezultati/save: results for some or all of a sample's tests, in one
 * transaction on the locked sample row.
 *
 * - A save naming another version than the sample's is refused (409
 *   results.versionConflict) and changes nothing: someone saved in between.
 * - Everything else is saveSampleResults' (the batch save the analyser's
 *   results go through too).
 *
 * A sample that becomes REALIZOVAN announces 'result:completed' to its site
 * once the transaction has committed.
 */
export async function save(
  db: Db, ctx: RequestContext, input: ResultsSaveRequest, realtime: RealtimeHub | undefined, alongside?: AlongsideResults,
): Promise<SaveAnswer> {
  const outcome = await db.transaction(async (tx) => {
    const sample = await resultRepository(tx, ctx.siteId).findSample(input.sid, { forUpdate: true });
    if (!sample) throw AppError.notFound();
    if (sample.version !== input.version) throw AppError.conflict('results.versionConflict', 'version');
    const alongsideAudit = alongside ? await alongside(tx, sample) : [];
    const [saved] = await saveSampleResults(tx, ctx, [{ sample, rezultati: input.rezultati, razlog: input.razlog, alongsideAudit }]);
    if (!saved) throw new Error('a save of one sample answered none');
    return saved;
  });
  announce(realtime, ctx.siteId, [outcome.completion, outcome.critical, outcome.progress]);
  // A change of a sample that was complete already (a result corrected before approval) is judged again too.
  if (outcome.completion === null && outcome.status === 'REALIZOVAN' && outcome.version !== input.version) {
    resultsChainPorts().resultsCompleted(ctx.siteId, [outcome.sampleId]);
  }
  return { status: outcome.status, version: outcome.version, refleks: outcome.reflex };
}

/** What saveSampleResults did to one sample. */
export interface SavedSample {
  sampleId: string;
  status: SampleStatus;
  /** The sample's version after the save (unchanged when the save changed nothing). */
  version: number;
  /** 'result:completed' to announce once the transaction has committed, or null. */
  completion: SampleEvent | null;
  /** 'result:critical' to announce once the transaction has committed, or null. */
  critical: SampleEvent | null;
  /** 'result:progressed' (results entered, the sample not complete yet) to hand on once the transaction has committed, or null. */
  progress: SampleEvent | null;
  /** What the site's reflex rules did on the sample (empty when none fired). */
  reflex: ReflexNote[];
}

/**
 * The results save of any number of samples, each locked by the caller in this transaction: a person's save
 * (one sample) and an analyser's message (every sample it names) both go through it, so the rule is one.
 * Settles the results (settleSamples: exact text, recomputed calculated tests, flags and reference copies,
 * the status through resultSaveOutcome: 409 when locked, 400 razlog after an unlock), then, set-based,
 * moves every changed sample once (its status, one version up, who: the user, or no one for a source such
 * as an analyser) and writes the audit rows of all of them in one insert. A sample whose save changes
 * nothing (same values, flags and status) keeps its version.
 */
export async function saveSampleResults(
  tx: Tx, ctx: RequestContext, settlements: readonly SampleSettlement[], author: ResultAuthor = { kind: 'user' },
): Promise<SavedSample[]> {
  const settled = await settleReflexively(tx, ctx, settlements, author);
  const alongsideAudit = (index: number) => settlements[index]?.alongsideAudit ?? [];
  const isChanged = (entry: (typeof settled)[number], index: number) => entry.changed || alongsideAudit(index).length > 0;
  const changed = settled.filter(isChanged);
  const moved = await resultRepository(tx, ctx.siteId).moveSamples(
    changed.map((entry) => ({ id: entry.sampleId, status: entry.status === entry.from ? null : entry.status })),
    author.kind === 'user' ? ctx.userId : null,
  );
  await writeAudit(tx, ctx, settled.flatMap((entry, index) => (isChanged(entry, index) ? [...alongsideAudit(index), ...entry.audit] : [])));
  return settled.map((entry, index) => {
    if (!isChanged(entry, index)) {
      return { sampleId: entry.sampleId, status: entry.status, version: settlements[index]?.sample.version ?? 0, completion: null, critical: null, progress: null, reflex: entry.reflex };
    }
    const row = moved.get(entry.sampleId);
    if (!row) throw new Error('a settled sample of this site was not moved');
    return {
      sampleId: entry.sampleId, status: statusOf(row.status), version: row.version,
      completion: entry.completion, critical: entry.critical, progress: entry.progress, reflex: entry.reflex,
    };
  });
}

/**
 * Settles the samples' results, then lets the site's reflex rules add their tests (the chain's reflexTests port:
 * the samples module owns the samples' tests), in the same transaction as the results. Atomic on purpose: a
 * reflex test is part of what the saved result means for the sample, so a crash between the two must not keep
 * the TSH and lose the FT4 it calls for (after a commit nothing would ever look at that TSH again), and a save
 * that is rolled back must not leave a test it added. A sample that gained tests is settled again, so its status
 * follows its tests as after an edit that adds one: a test without a result makes a complete (REALIZOVAN)
 * sample not complete again (U OBRADI), and it is not announced as completed. The rows of the first settlement
 * that still hold (the results entered) are kept; its status row gives way to the second's.
 */
async function settleReflexively(
  tx: Tx, ctx: RequestContext, settlements: readonly SampleSettlement[], author: ResultAuthor,
): Promise<(SettledResults & { reflex: ReflexNote[] })[]> {
  const first = await settleSamples(tx, ctx, settlements, author);
  const outcomes = await resultsChainPorts().reflexTests(tx, ctx, first.map((entry) => ({ sampleId: entry.sampleId, results: entry.entered })));
  const byId = new Map(outcomes.map((outcome) => [outcome.sampleId, outcome]));
  const grown = settlements.filter((entry) => (byId.get(entry.sample.id)?.added ?? 0) > 0);
  const again = new Map((await settleSamples(tx, ctx, grown.map((entry) => ({ sample: entry.sample })), author)).map((entry) => [entry.sampleId, entry]));
  return first.map((entry) => {
    const outcome = byId.get(entry.sampleId);
    const second = again.get(entry.sampleId);
    if (!outcome) return { ...entry, reflex: [] };
    if (!second) return { ...entry, reflex: outcome.notes };
    return {
      ...entry,
      status: second.status,
      changed: true,
      audit: [...entry.audit.filter((row) => row.action !== 'sample.status'), ...outcome.audit, ...second.audit],
      completion: second.completion,
      // The results entered are in, but the reflex test keeps the sample open: a rule set releasing per section may release the rest.
      progress: second.completion ? null : (entry.progress ?? (entry.completion ? { ...entry.completion, name: 'result:progressed' } : null)),
      reflex: outcome.notes,
    };
  });
}
