import {
  resultKindOf,
  CALCULATED_RESULT_SOURCE,
  type ResultFlag, type ResultsSaveRequest, type SampleStatus, calculatedResults, changesEnteredResult, exactNumericText, resultAuditAction,
  resultSaveOutcome, resultValueProblem, testStatus,
} from '@lis/domain';
import type { Tx } from '../../db/client.ts';
import type { AuditEntry } from '../../db/audit.ts';
import type { RequestContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { completionEvent, criticalEvent, sampleEvent, type CriticalValue, type SampleEvent } from './events.ts';
import { judge, keepsItsReference, patientFactsOfSamples, rangesByAssay, sameSnapshot, statusOf, storedText, type PatientFacts } from './judgement.ts';
import { referenceRangesOf, resultRepository, type ResultSampleRow, type ResultTestRow, type TestResultWrite } from './repository.ts';

/** What settling a sample's results decided and wrote to its tests; moving the sample row itself is the caller's. */
export interface SettledResults {
  sampleId: string;
  /** The sample's status before, and the status its results call for. */
  from: SampleStatus;
  status: SampleStatus;
  /** A test was written or the status moves: the caller moves the sample and its version goes up. */
  changed: boolean;
  /**
   * Rows for each changed result (with the save's reason), each recomputed calculated result (written
   * by the system) and the status move, for the caller to write in the same transaction.
   */
  audit: AuditEntry[];
  /** 'result:completed' when the results complete the sample, to announce once the transaction has committed. */
  completion: SampleEvent | null;
  /**
   * 'result:progressed' (handed to the autoverification, sent to no one) when results were entered but the sample is
   * not complete yet: a rule set that releases per section may release the sections whose results are all in and pass.
   */
  progress: SampleEvent | null;
  /**
   * 'result:critical' when the settlement stored a result beyond a critical limit that was not stored so
   * before (a new value, or a flag that became LL/HH), to announce once the transaction has committed.
   */
  critical: SampleEvent | null;
  /** The results this settlement entered or changed (typed, or recomputed), with the flags stored: what reflex rules judge. */
  entered: { labassayId: string; rezultat: string | null; flag: ResultFlag | null }[];
}

/**
 * Who typed a save's results: the calling person, or a source without a user (an analyser, by its name),
 * written as `unio_source` with no `unio_by` and audited as by the system.
 */
export type ResultAuthor = { kind: 'user' } | { kind: 'source'; source: string };

/** Results a save types, checked against the sample's tests; the first problem is a 400 naming the entry. */
function typedResults(tests: readonly ResultTestRow[], rezultati: readonly ResultsSaveRequest['rezultati'][number][]): Map<string, string | null> {
  const byId = new Map(tests.map((test) => [test.id, test]));
  const typed = new Map<string, string | null>();
  rezultati.forEach((entry, index) => {
    const test = byId.get(entry.test);
    if (!test) throw new AppError(400, 'results.unknownTest', `rezultati.${index}.test`, { test: entry.test });
    if (test.calculated) throw new AppError(400, 'results.calculatedReadOnly', `rezultati.${index}.test`, { naziv: test.naziv });
    const problem = resultValueProblem({ vrsta: resultKindOf(test.vrsta), opcije: test.opcije }, entry.rezultat);
    if (problem) throw new AppError(400, problem, `rezultati.${index}.rezultat`, { naziv: test.naziv });
    typed.set(test.id, storedText(entry.rezultat, test.rezultat));
  });
  return typed;
}

/** One sample a settlement covers, locked by the caller. */
export interface SampleSettlement {
  /** The sample as the call leaves it (an edit's new date or pregnancy count). */
  sample: ResultSampleRow;
  /** Its tests as read after its lock, when the caller has them already; otherwise they are read here. */
  tests?: readonly ResultTestRow[] | undefined;
  /** The results typed for it (a save's; none for an edit). */
  rezultati?: ResultsSaveRequest['rezultati'] | undefined;
  razlog?: string | undefined;
  /** A reason for the change of single tests, by test id (an analyser's correction), audited instead of `razlog`. */
  razloziTestova?: ReadonlyMap<string, string> | undefined;
  /**
   * Audit rows of work another module did on the sample in the same transaction (a culture's isolates and
   * antibiograms): the sample counts as changed (its version goes up) even when its results stay as they were.
   */
  alongsideAudit?: readonly AuditEntry[] | undefined;
}

/**
 * The one rule for a sample's results, run by every call that changes them (a results save, an analyser's
 * results, a sample edit that changes its tests or what its results are judged by), inside the caller's
 * transaction on the sample rows it has locked. It settles any number of samples at once, set-based: their
 * tests (unless given), their patients, the site's time zone and the reference ranges of all their assays
 * are read once, and every test that changes is written in one statement.
 *
 * For each sample:
 * - The typed results are stored as the exact text sent (blank clears it), beside their exact number
 *   (`rezultat_f`, decimal text, never a float), who entered them and when.
 * - Every calculated test is recomputed from the sample's other results (`unio_source` 'formula'); one
 *   whose component is missing is cleared. So a calculated test added to a sample whose components already
 *   have results has its result at once.
 * - Each result gets the flag for this patient, and the reference it was judged by (limits, text, unit,
 *   critical limits) is copied onto its test; once the sample has been verified the copy stays as it
 *   was (judge's `frozen`), so a catalogue change never alters a verified report. Each test's own status
 *   follows the sample's.
 * - The status follows the results (resultSaveOutcome): approved or verified samples are locked (409), and
 *   after an unlock changing an entered result needs a reason (400 razlog). A refused sample refuses the
 *   whole settlement before anything is written.
 *
 * Writes the tests that change and nothing else: the caller moves each sample row once (status and one
 * version up) and writes the audit rows returned, so its own changes and these count as one change.
 */
export async function settleSamples(
  tx: Tx, ctx: RequestContext, settlements: readonly SampleSettlement[], author: ResultAuthor = { kind: 'user' },
): Promise<SettledResults[]> {
  if (settlements.length === 0) return [];
  const results = resultRepository(tx, ctx.siteId);
  const read = await results.testsOfSamples(settlements.filter((entry) => !entry.tests).map((entry) => entry.sample.id));
  const testsOf = (entry: SampleSettlement) => entry.tests ?? read.filter((test) => test.sampleId === entry.sample.id);
  const facts = await patientFactsOfSamples(tx, ctx.siteId, settlements.map((entry) => entry.sample));
  const assays = [...new Set(settlements.flatMap((entry) => testsOf(entry).map((test) => test.labassayId)))];
  const ranges = rangesByAssay(await referenceRangesOf(tx, assays));
  const settled = settlements.map((entry) => {
    const sampleFacts = facts.get(entry.sample.id);
    if (!sampleFacts) throw new Error('no facts for a sample being settled');
    return settleSample(ctx, entry, testsOf(entry), sampleFacts, ranges, author);
  });
  await results.writeTests(settled.flatMap((entry) => entry.writes));
  return settled.map((entry) => entry.settled);
}

/** The result was released by the autoverification rules with its section (a partial report carries it). */
const isReleased = (test: ResultTestRow) => test.releasedAt !== null;

/** One sample's settlement (settleSamples), decided without reading or writing anything. */
function settleSample(
  ctx: RequestContext, { sample, rezultati = [], razlog: razlogInput, razloziTestova }: SampleSettlement, tests: readonly ResultTestRow[],
  facts: PatientFacts, ranges: ReturnType<typeof rangesByAssay>, author: ResultAuthor,
): { settled: SettledResults; writes: TestResultWrite[] } {
  const typed = typedResults(tests, rezultati);
  const afterTyping = (test: ResultTestRow) => (typed.has(test.id) ? (typed.get(test.id) ?? null) : test.rezultat);
  const calculated = calculatedResults(
    tests.filter((test) => test.calculated).map((test) => ({ id: test.id, sifra: test.sifra, formula: test.formula, decimals: test.decimals })),
    tests.filter((test) => !test.calculated).map((test) => ({ sifra: test.sifra, rezultat: afterTyping(test) })),
    facts.formula,
  );
  const next = new Map(tests.map((test) => [test.id, test.calculated ? (calculated.get(test.id) ?? null) : afterTyping(test)]));
  const rezultatOf = (test: ResultTestRow) => next.get(test.id) ?? null;
  // A result taken back for a retest keeps its earlier value until the retest's value comes (typed by a person or
  // sent by an analyser); until then it counts as missing for the status, so the sample cannot be approved on it.
  const retestPending = (test: ResultTestRow) => test.retestRazlog !== null && !typed.has(test.id);
  const retestAnswered = (test: ResultTestRow) => test.retestRazlog !== null && typed.has(test.id);
  const progressOf = (test: ResultTestRow) => (retestPending(test) ? null : rezultatOf(test));
  // A retest's value carries the retest's reason, so only other changes of entered results ask for one (after an unlock, or of a released result).
  const changesEntered = (test: ResultTestRow) => typed.has(test.id) && !retestAnswered(test) && changesEnteredResult(test.rezultat, rezultatOf(test));

  const from = statusOf(sample.status);
  const decided = resultSaveOutcome({
    status: from,
    tests: tests.map((test) => ({ rezultat: progressOf(test) })),
    changesEnteredResult: tests.some(changesEntered),
    unlockedAfterVerification: sample.verifiedOnce,
    changesReleasedResult: tests.some((test) => isReleased(test) && changesEntered(test)),
    razlog: razlogInput,
  });
  if (!decided.ok) {
    if (decided.code === 'results.reasonRequired') throw new AppError(400, decided.code, 'razlog');
    throw AppError.conflict(decided.code);
  }

  const razlog = razlogInput?.trim() || null;
  /**
   * The reason a changed result is audited with, one rule for every source of one: an analyser's correction names
   * its own reason per test; a retest's value carries the retest's reason; any other change carries the save's.
   */
  const reasonOf = (test: ResultTestRow): string | null => razloziTestova?.get(test.id) ?? (retestAnswered(test) ? test.retestRazlog : razlog);
  const bySource = author.kind === 'source';
  const writes: TestResultWrite[] = [];
  const audit: AuditEntry[] = [];
  const critical: CriticalValue[] = [];
  const entered: SettledResults['entered'] = [];
  for (const test of tests) {
    const rezultat = rezultatOf(test);
    const { flag, snapshot } = judge(test, rezultat, ranges, facts, keepsItsReference(sample, test));
    const referenca = rezultat === null ? null : snapshot;
    const statusT = testStatus(decided.status, progressOf(test));
    // The retest's value is a change of the earlier one even when it is the same value: it is recorded with the retest's reason.
    const action = resultAuditAction(test.rezultat, rezultat) ?? (retestAnswered(test) ? 'result.change' : null);
    // A critical value newly stored (typed, or judged so afresh) is announced; one already stored as critical is not again.
    if (rezultat !== null && (flag === 'LL' || flag === 'HH') && (action !== null || flag !== test.flag)) {
      critical.push({ naziv: test.naziv, naziv_en: test.nazivEn, naziv_de: test.nazivDe, rezultat, jedinica: snapshot.jedinica, flag });
    }
    if (action === null && flag === test.flag && statusT === test.statusT && sameSnapshot(referenca, test.referenca)) continue;
    writes.push({
      id: test.id, sampleId: sample.id, rezultat, rezultatF: rezultat === null ? null : exactNumericText(rezultat), flag, statusT, entered: action !== null,
      unioBy: test.calculated || bySource ? null : ctx.userId,
      unioSource: test.calculated ? CALCULATED_RESULT_SOURCE : bySource ? author.source : null,
      referenca,
    });
    if (action === null) continue;
    entered.push({ labassayId: test.labassayId, rezultat, flag });
    audit.push(test.calculated
      ? { action: 'result.calculate', entity: 'sample', entityId: sample.id, field: test.sifra, oldValue: test.rezultat, newValue: rezultat, bySystem: true }
      : { action, entity: 'sample', entityId: sample.id, field: test.sifra, oldValue: test.rezultat, newValue: rezultat, reason: reasonOf(test), bySystem: bySource });
    // The change takes the result off the partial report it was released on (writeTests clears the mark); the next report corrects it.
    if (isReleased(test)) {
      audit.push({
        action: 'result.unrelease', entity: 'sample', entityId: sample.id, field: test.sifra, oldValue: test.releasedByRules, newValue: null,
        reason: reasonOf(test), bySystem: bySource,
      });
    }
  }
  if (decided.status !== from) {
    audit.push({ action: 'sample.status', entity: 'sample', entityId: sample.id, field: 'status', oldValue: from, newValue: decided.status, bySystem: bySource });
  }
  return {
    writes,
    settled: {
      sampleId: sample.id,
      from,
      status: decided.status,
      changed: writes.length > 0 || decided.status !== from,
      audit,
      completion: completionEvent({ id: sample.id, code: sample.code, patient: facts.patient }, from, decided.status),
      progress: entered.length > 0 && (decided.status === 'ZAPRIMLJEN' || decided.status === 'U OBRADI')
        ? sampleEvent('result:progressed', { id: sample.id, code: sample.code, patient: facts.patient })
        : null,
      critical: criticalEvent({ id: sample.id, code: sample.code, patient: facts.patient }, critical),
      entered,
    },
  };
}

/** What a sample edit changes of the facts a sample's results are judged by, as the edit leaves them. */
export type EditedSampleFacts = Pick<ResultSampleRow, 'datum' | 'trudnica' | 'menopauza'>;

/**
 * For a sample edit (POST /uzorci/update) that changed the sample's tests or the facts its results are
 * judged by: settles the results exactly as a save without typed results does (settleSamples), inside the
 * edit's transaction, on the sample row the edit has locked and not yet written. The edit moves the sample
 * once with the status returned (its version goes up by one for the whole edit) and writes the audit rows
 * with its own; it announces the completion after commit (announce).
 */
export async function settleEditedSample(tx: Tx, ctx: RequestContext, sampleId: string, edited: EditedSampleFacts): Promise<SettledResults> {
  const sample = await resultRepository(tx, ctx.siteId).findSample(sampleId, { forUpdate: true });
  if (!sample) throw AppError.notFound();
  const [settled] = await settleSamples(tx, ctx, [{ sample: { ...sample, ...edited } }]);
  if (!settled) throw new Error('a settlement of one sample answered none');
  return settled;
}
