/**
 * Multi-sample save: a patient registered twice on one day (e.g. two
 * referrals, each with its own report) often has one tube analysed for both
 * orders. The results of this sample are copied into the patient's other
 * samples of that day, test by test for the assays both have, so the value is
 * typed once. Only what differs is sent, each target sample with its own
 * version, so a target changed meanwhile is refused (409) rather than
 * overwritten.
 */
import { type ResultTest, type ResultsShowAnswer, hasResult, isSampleLocked, resultValueProblem } from '@lis/domain';
import type { ResultEntry } from './result-values.ts';

export interface CopiedValue {
  test: string;
  naziv: string;
  naziv_en: string;
  naziv_de: string;
  from: string | null;
  to: string;
}

export interface TargetPlan {
  sid: string;
  code: string;
  status: ResultsShowAnswer['status'];
  version: number;
  /** The sample is approved or verified: it takes no results. */
  locked: boolean;
  /** Tests of the target with an assay this sample has a result for. */
  shared: number;
  /** What would change, in the target's order. */
  changes: CopiedValue[];
}

/** This sample's saved results by assay code (calculated tests are computed on each sample, never copied). */
export function sourceValues(tests: readonly ResultTest[]): Map<string, string> {
  const values = new Map<string, string>();
  for (const test of tests) {
    if (!test.calculated && test.rezultat !== null && hasResult(test.rezultat)) values.set(test.sifra, test.rezultat);
  }
  return values;
}

/** What copying `source` into the target sample would change. */
export function planTarget(source: ReadonlyMap<string, string>, target: ResultsShowAnswer): TargetPlan {
  const receiving = target.tests.filter((test) => !test.calculated && source.has(test.sifra));
  const changes = receiving.flatMap((test): CopiedValue[] => {
    const to = source.get(test.sifra) as string;
    if (test.rezultat === to || resultValueProblem(test, to) !== null) return [];
    return [{ test: test._id, naziv: test.naziv, naziv_en: test.naziv_en, naziv_de: test.naziv_de, from: test.rezultat, to }];
  });
  return {
    sid: target.uzorak._id,
    code: target.uzorak.code,
    status: target.status,
    version: target.version,
    locked: isSampleLocked(target.status) || !target.actions.includes('save'),
    shared: receiving.length,
    changes,
  };
}

/** The save request's entries of a plan. */
export function planEntries(plan: TargetPlan): ResultEntry[] {
  return plan.changes.map((change) => ({ test: change.test, rezultat: change.to }));
}
