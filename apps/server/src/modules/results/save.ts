import {
  CALCULATED_RESULT_SOURCE,
  type ResultsSaveRequest, type SampleStatus, calculatedResults, changesEnteredResult, exactNumericText, resultAuditAction,
  resultSaveOutcome, resultValueProblem, testStatus,
} from '@lis/domain';
import type { Db } from '../../db/client.ts';
import { writeAudit, type AuditEntry } from '../../db/audit.ts';
import type { RequestContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import type { RealtimeHub } from '../../realtime/hub.ts';
import { judge, patientFacts, rangesByAssay, resultKindOf, statusOf, storedText } from './judgement.ts';
import { referenceRangesOf, resultRepository, type ResultTestRow, type TestResultWrite } from './repository.ts';

export interface StatusAnswer {
  status: SampleStatus;
  version: number;
}

/** The text of the sample's realtime events: its code and the patient's name. */
export function eventInfo(code: string, patient: { ime: string; prezime: string }): string {
  return `${code} ${patient.prezime} ${patient.ime}`;
}

/** The results a save sends, checked against the sample's tests; the first problem is a 400 naming the entry. */
function typedResults(tests: readonly ResultTestRow[], rezultati: ResultsSaveRequest['rezultati']): Map<string, string | null> {
  const byId = new Map(tests.map((test) => [test.id, test]));
  const typed = new Map<string, string | null>();
  rezultati.forEach((entry, index) => {
    const test = byId.get(entry.test);
    if (!test) throw new AppError(400, 'results.unknownTest', `rezultati.${index}.test`, { test: entry.test });
    if (test.calculated) throw new AppError(400, 'results.calculatedReadOnly', `rezultati.${index}.test`, { naziv: test.naziv });
    const problem = resultValueProblem({ vrsta: resultKindOf(test.vrsta), opcije: test.opcije }, entry.rezultat);
    if (problem) throw new AppError(400, problem, `rezultati.${index}.rezultat`, { naziv: test.naziv });
    typed.set(test.id, storedText(entry.rezultat));
  });
  return typed;
}

/**
 * POST /rezultati/save: results for some or all of a sample's tests, in one
 * transaction on the locked sample row.
 *
 * - A save naming another version than the sample's is refused (409
 *   results.versionConflict) and changes nothing: someone saved in between.
 * - Each result is stored as the exact text sent (blank clears it), beside
 *   its exact number (`rezultat_f`, decimal text, never a float), the flag
 *   for this patient, who entered it and when.
 * - Every calculated test is then recomputed from the sample's results
 *   (`unio_source` 'formula'); one whose component is missing is cleared.
 * - The status follows the results (resultSaveOutcome): approved or verified
 *   samples are locked (409), and after an unlock changing an entered result
 *   needs a reason (400 razlog).
 * - Each changed result, each changed calculated result and the status
 *   change write an audit row; the version goes up by one. A save that
 *   changes nothing (same values, flags and status) leaves the version as it is.
 *
 * A sample that becomes REALIZOVAN announces 'result:completed' to its site
 * once the transaction has committed.
 */
export async function save(db: Db, ctx: RequestContext, input: ResultsSaveRequest, realtime: RealtimeHub | undefined): Promise<StatusAnswer> {
  const outcome = await db.transaction(async (tx) => {
    const results = resultRepository(tx, ctx.siteId);
    const sample = await results.findSample(input.sid, { forUpdate: true });
    if (!sample) throw AppError.notFound();
    if (sample.version !== input.version) throw AppError.conflict('results.versionConflict', 'version');
    const tests = await results.testsOfSample(sample.id);
    const typed = typedResults(tests, input.rezultati);
    const facts = await patientFacts(tx, ctx.siteId, sample);

    const afterTyping = (test: ResultTestRow) => (typed.has(test.id) ? (typed.get(test.id) ?? null) : test.rezultat);
    const calculated = calculatedResults(
      tests.filter((test) => test.calculated).map((test) => ({ id: test.id, sifra: test.sifra, formula: test.formula, decimals: test.decimals })),
      tests.filter((test) => !test.calculated).map((test) => ({ sifra: test.sifra, rezultat: afterTyping(test) })),
      facts.formula,
    );
    const next = new Map(tests.map((test) => [test.id, test.calculated ? (calculated.get(test.id) ?? null) : afterTyping(test)]));
    const rezultatOf = (test: ResultTestRow) => next.get(test.id) ?? null;

    const status = statusOf(sample.status);
    const decided = resultSaveOutcome({
      status,
      tests: tests.map((test) => ({ rezultat: rezultatOf(test) })),
      changesEnteredResult: tests.some((test) => typed.has(test.id) && changesEnteredResult(test.rezultat, rezultatOf(test))),
      unlockedAfterVerification: sample.verifiedOnce,
      razlog: input.razlog,
    });
    if (!decided.ok) {
      if (decided.code === 'results.reasonRequired') throw new AppError(400, decided.code, 'razlog');
      throw AppError.conflict(decided.code);
    }

    const ranges = rangesByAssay(await referenceRangesOf(tx, tests.map((test) => test.labassayId)));
    const razlog = input.razlog?.trim() || null;
    const writes: TestResultWrite[] = [];
    const audit: AuditEntry[] = [];
    for (const test of tests) {
      const rezultat = rezultatOf(test);
      const { flag } = judge(test, rezultat, ranges, facts);
      const statusT = testStatus(decided.status, rezultat);
      const action = resultAuditAction(test.rezultat, rezultat);
      if (action === null && flag === test.flag && statusT === test.statusT) continue;
      writes.push({
        id: test.id, rezultat, rezultatF: rezultat === null ? null : exactNumericText(rezultat), flag, statusT, entered: action !== null,
        unioBy: test.calculated ? null : ctx.userId, unioSource: test.calculated ? CALCULATED_RESULT_SOURCE : null,
      });
      if (action === null) continue;
      audit.push(test.calculated
        ? { action: 'result.calculate', entity: 'sample', entityId: sample.id, field: test.sifra, oldValue: test.rezultat, newValue: rezultat, bySystem: true }
        : { action, entity: 'sample', entityId: sample.id, field: test.sifra, oldValue: test.rezultat, newValue: rezultat, reason: razlog });
    }
    if (decided.status !== status) {
      audit.push({ action: 'sample.status', entity: 'sample', entityId: sample.id, field: 'status', oldValue: status, newValue: decided.status });
    }
    if (writes.length === 0 && decided.status === status) return { status, version: sample.version, completed: false, info: '' };

    await results.writeTests(sample.id, writes);
    const moved = await results.updateSample(sample.id, decided.status === status ? {} : { status: decided.status }, ctx.userId);
    await writeAudit(tx, ctx, audit);
    return {
      status: statusOf(moved.status),
      version: moved.version,
      completed: decided.status === 'REALIZOVAN' && status !== 'REALIZOVAN',
      info: eventInfo(sample.code, facts.patient),
    };
  });
  if (outcome.completed) realtime?.emitToSite(ctx.siteId, 'result:completed', { id: input.sid, info: outcome.info });
  return { status: outcome.status, version: outcome.version };
}
