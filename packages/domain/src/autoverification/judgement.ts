import { selectReferenceRange, type ReferencePatient } from '../assays/reference-ranges.ts';
import { isCriticalFlag, parseResultValue, type ResultFlag } from '../assays/result-flags.ts';
import type { DeltaCheck } from '../results/delta.ts';
import type { AutoverificationConditionName, AutoverificationRule, AutoverificationRules } from './rules.ts';
import { ruleForAssay } from './rules.ts';

/**
 * The autoverification judgement: whether a result may be released by the rules, and if not, every condition it
 * failed (each by its code, so the result screen names them in the reader's language). Pure: the server reads
 * the facts (the flag and delta check as the results chain computes them, the QC hold and last passing run,
 * the analyser's flags) and this decides. The simulation judges the history with the same function.
 */

export const AUTOVERIFICATION_FAILURES = [
  'noRule', 'noResult', 'limits', 'noLimit', 'critical', 'delta', 'qcHold', 'qcNoRun', 'instrumentFlag', 'notFinal',
  'notNumeric', 'censored', 'measuringRange', 'comment', 'component',
] as const;
export type AutoverificationFailureCode = (typeof AUTOVERIFICATION_FAILURES)[number];

export interface AutoverificationFailure {
  code: AutoverificationFailureCode;
  /** The condition the failure belongs to (null: no rule or no result at all). */
  condition: AutoverificationConditionName | null;
}

/** The facts of one result of a sample, as the server read them. */
export interface AutoverificationResultFacts {
  /** The sample test. */
  id: string;
  labassayId: string;
  sekcijaId: string;
  sifra: string;
  rezultat: string | null;
  /** The flag the results chain gave it for this patient (LL/HH critical). */
  flag: ResultFlag | null;
  /** The delta check against the patient's previous verified result (null: none to compare with). */
  delta: DeltaCheck | null;
  /** A QC hold covers the result (its assay and source). */
  qcHeld: boolean;
  /** When the assay's latest passing control run at the site was measured (null: none). */
  lastPassingRunAt: Date | null;
  /** The flags the analyser sent with the result (null or empty: none). */
  instrumentFlags: string | null;
  /** The result is final (not waiting for a retest). */
  final: boolean;
  /** For a calculated test: the codes of its components (other tests of the sample); null for a measured test. */
  components: readonly string[] | null;
}

export interface AutoverificationSampleFacts {
  patient: ReferencePatient;
  komentar: string;
  /** When the judgement is made (the QC window counts back from it). */
  now: Date;
  results: readonly AutoverificationResultFacts[];
}

export interface ResultVerdict {
  id: string;
  sekcijaId: string;
  failures: AutoverificationFailure[];
}

const HOUR_MS = 3_600_000;

function fail(code: AutoverificationFailureCode, condition: AutoverificationConditionName | null): AutoverificationFailure {
  return { code, condition };
}

/** The failures of one measured result under its rule (no components: calculated tests are judged after). */
export function judgeResult(result: AutoverificationResultFacts, rule: AutoverificationRule | null, sample: Omit<AutoverificationSampleFacts, 'results'>): AutoverificationFailure[] {
  if (rule === null) return [fail('noRule', null)];
  if (result.rezultat === null) return [fail('noResult', null)];
  const { conditions } = rule;
  const failures: AutoverificationFailure[] = [];
  const parsed = parseResultValue(result.rezultat);
  const exact = parsed.kind === 'number' && parsed.comparator === null ? parsed.value : null;

  if (conditions.limits.on) {
    const limit = selectReferenceRange(conditions.limits.limits.map((band) => ({ ...band, trudnica: null, tekst: null })), sample.patient);
    if (limit === null) failures.push(fail('noLimit', 'limits'));
    // A censored or text value cannot be shown to lie within limits.
    else if (exact === null || (limit.low !== null && exact < limit.low) || (limit.high !== null && exact > limit.high)) failures.push(fail('limits', 'limits'));
  }
  if (conditions.critical.on && isCriticalFlag(result.flag)) failures.push(fail('critical', 'critical'));
  if (conditions.delta.on && result.delta?.exceeded === true) failures.push(fail('delta', 'delta'));
  if (conditions.qc.on) {
    if (result.qcHeld) failures.push(fail('qcHold', 'qc'));
    const since = sample.now.getTime() - conditions.qc.hours * HOUR_MS;
    if (result.lastPassingRunAt === null || result.lastPassingRunAt.getTime() < since || result.lastPassingRunAt.getTime() > sample.now.getTime()) {
      failures.push(fail('qcNoRun', 'qc'));
    }
  }
  if (conditions.instrument.on) {
    if (result.instrumentFlags !== null && result.instrumentFlags.trim() !== '') failures.push(fail('instrumentFlag', 'instrument'));
    if (!result.final) failures.push(fail('notFinal', 'instrument'));
  }
  if (conditions.numeric.on) {
    const { allowCensored, low, high } = conditions.numeric;
    if (parsed.kind !== 'number') failures.push(fail('notNumeric', 'numeric'));
    else {
      if (parsed.comparator !== null && !allowCensored) failures.push(fail('censored', 'numeric'));
      // A censored value lies beyond the measuring range by definition; only an exact one is checked against it.
      if (parsed.comparator === null && ((low !== null && parsed.value < low) || (high !== null && parsed.value > high))) failures.push(fail('measuringRange', 'numeric'));
    }
  }
  if (conditions.comment.on && sample.komentar.trim() !== '') failures.push(fail('comment', 'comment'));
  return failures;
}

/**
 * Every result of a sample judged: measured results by their own conditions, then each calculated result by its
 * own conditions and (when its rule asks) its components', which must all have passed (a component missing from
 * the sample fails it too). Calculated tests built on calculated tests are resolved in order of dependence.
 */
export function judgeSample(rules: AutoverificationRules, sample: AutoverificationSampleFacts): ResultVerdict[] {
  const verdicts = new Map<string, AutoverificationFailure[]>();
  const bySifra = new Map(sample.results.map((result) => [result.sifra, result]));
  const judge = (result: AutoverificationResultFacts, seen: ReadonlySet<string>): AutoverificationFailure[] => {
    const known = verdicts.get(result.id);
    if (known) return known;
    const rule = ruleForAssay(rules, result.labassayId);
    const failures = judgeResult(result, rule, sample);
    if (rule !== null && result.components !== null && rule.conditions.components.on) {
      const passed = result.components.every((sifra) => {
        const component = bySifra.get(sifra);
        if (!component || seen.has(component.id)) return false;
        return judge(component, new Set([...seen, result.id])).length === 0;
      });
      if (!passed) failures.push(fail('component', 'components'));
    }
    verdicts.set(result.id, failures);
    return failures;
  };
  return sample.results.map((result) => ({ id: result.id, sekcijaId: result.sekcijaId, failures: judge(result, new Set([result.id])) }));
}

/**
 * What the rules release of a judged sample: the whole sample when every result passed; per section (when the
 * rule set says so) every section all of whose results passed. An empty sample releases nothing.
 */
export function releaseOf(rules: Pick<AutoverificationRules, 'perSection'>, verdicts: readonly ResultVerdict[]): { sample: boolean; sections: string[] } {
  if (verdicts.length === 0) return { sample: false, sections: [] };
  const all = verdicts.every((verdict) => verdict.failures.length === 0);
  const sectionIds = [...new Set(verdicts.map((verdict) => verdict.sekcijaId))];
  const passedSections = sectionIds.filter((id) => verdicts.filter((verdict) => verdict.sekcijaId === id).every((verdict) => verdict.failures.length === 0));
  return { sample: all, sections: all || rules.perSection ? passedSections : [] };
}
