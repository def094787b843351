import { z } from 'zod';
import { parseResultValue, type ResultFlag } from '../assays/result-flags.ts';

/**
 * Reflex testing: a site's rules that add a test to a sample when a result meets a condition (TSH above its
 * range adds FT4), and the stability rule that decides whether the sample is still fit for the added test.
 * Pure: the server reads the saved results, the sample and the stabilities, and this decides what to add and
 * why anything was not added, so the same answer is given to the result screen, the audit and the tests.
 */

/** The longest stability a test can have in a sample (30 days); beyond it a lab re-collects. */
export const MAX_STABILITY_HOURS = 720;
export const REFLEX_RULES_MAX = 200;

/**
 * When a rule fires, judged on the trigger test's saved result:
 * - 'above-range' / 'below-range' / 'outside-range': by the flag the results chain gave it against the patient's
 *   reference range (H or HH, L or LL, either), so the rule follows the ranges per sex and age without copying them;
 * - 'above' / 'below': the number beyond a value of the rule's own (strictly), for cut-offs that are not the range;
 * - 'abnormal': any flag but N (a positive qualitative answer is flagged A).
 */
export const REFLEX_CONDITIONS = ['above-range', 'below-range', 'outside-range', 'above', 'below', 'abnormal'] as const;
export type ReflexCondition = (typeof REFLEX_CONDITIONS)[number];

/** Whether a reflex test is charged on the sample at its price, or added free of charge. */
export const REFLEX_CHARGES = ['free', 'charged'] as const;
export type ReflexCharge = (typeof REFLEX_CHARGES)[number];

const needsValue = (condition: ReflexCondition) => condition === 'above' || condition === 'below';

export const reflexRuleSchema = z.object({
  /** The test whose result is judged. */
  trigger: z.uuid(),
  condition: z.enum(REFLEX_CONDITIONS),
  /** The cut-off of 'above' and 'below'; null for the others. */
  value: z.number().finite().nullable().default(null),
  /** The test added to the same sample. */
  add: z.uuid(),
  charge: z.enum(REFLEX_CHARGES).default('free'),
  active: z.boolean().default(true),
})
  .refine((rule) => !needsValue(rule.condition) || rule.value !== null, { error: 'reflex.valueRequired', path: ['value'] })
  .refine((rule) => rule.trigger !== rule.add, { error: 'reflex.addsItself', path: ['add'] });
export type ReflexRule = z.infer<typeof reflexRuleSchema>;

export const reflexRulesSchema = z.array(reflexRuleSchema).max(REFLEX_RULES_MAX)
  .refine((rules) => new Set(rules.map((rule) => `${rule.trigger}>${rule.add}`)).size === rules.length, { error: 'reflex.duplicateRule' });

/** A saved result of a test on the sample, as the results chain stored it. */
export interface ReflexTriggerResult {
  labassayId: string;
  rezultat: string | null;
  flag: ResultFlag | null;
}

/** Whether `rule` fires on `result`: only a result of its trigger test that meets its condition. */
export function reflexFires(rule: ReflexRule, result: ReflexTriggerResult): boolean {
  if (!rule.active || result.labassayId !== rule.trigger || result.rezultat === null || result.rezultat.trim() === '') return false;
  const flag = result.flag;
  switch (rule.condition) {
    case 'above-range': return flag === 'H' || flag === 'HH';
    case 'below-range': return flag === 'L' || flag === 'LL';
    case 'outside-range': return flag === 'H' || flag === 'HH' || flag === 'L' || flag === 'LL';
    case 'abnormal': return flag !== null && flag !== 'N';
    case 'above':
    case 'below': {
      const parsed = parseResultValue(result.rezultat);
      if (parsed.kind !== 'number' || rule.value === null) return false;
      // A censored value counts only when its bound already settles it ('>100' is above 50; '<5' is below 10).
      if (rule.condition === 'above') {
        return parsed.comparator === '<' || parsed.comparator === '<=' ? false : parsed.value > rule.value || (parsed.comparator === '>' && parsed.value >= rule.value);
      }
      return parsed.comparator === '>' || parsed.comparator === '>=' ? false : parsed.value < rule.value || (parsed.comparator === '<' && parsed.value <= rule.value);
    }
  }
}

/** How long a test stays measurable in a sample: per test, for one sample type or (sampleType null) for any. */
export interface AssayStability {
  labassayId: string;
  /** The sample type's stored name (the sample's `tip`); null: any type without a stability of its own. */
  sampleType: string | null;
  hours: number;
}

/** The stability that applies to a test in a sample of `sampleType`: the type's own, else the test's general one, else none (unlimited). */
export function stabilityFor(stabilities: readonly AssayStability[], labassayId: string, sampleType: string | null): AssayStability | null {
  const ofAssay = stabilities.filter((entry) => entry.labassayId === labassayId);
  return (sampleType !== null ? ofAssay.find((entry) => entry.sampleType === sampleType) : undefined)
    ?? ofAssay.find((entry) => entry.sampleType === null) ?? null;
}

/** Whether a sample collected at `collectedAt` is past the test's stability at `now`, and how old it is in hours. */
export function stabilityCheck(stability: AssayStability | null, collectedAt: Date, now: Date): { expired: boolean; ageHours: number; hours: number | null } {
  const ageHours = Math.max(0, (now.getTime() - collectedAt.getTime()) / 3_600_000);
  if (!stability) return { expired: false, ageHours, hours: null };
  return { expired: ageHours > stability.hours, ageHours, hours: stability.hours };
}

/** A test being added to a sample that is older than the test's stability in it: how old the sample is, and the limit. */
export interface PassedStability {
  labassayId: string;
  ageHours: number;
  hours: number;
}

/**
 * The tests of `added` whose stability the sample has passed at `now` (the add-on warning: the test can still be
 * ordered, but its result may not be reliable, so the person decides). The same rule refuses a reflex test.
 */
export function passedStabilities(
  added: readonly string[], stabilities: readonly AssayStability[], sample: { sampleType: string | null; collectedAt: Date }, now: Date,
): PassedStability[] {
  return added.flatMap((labassayId) => {
    const check = stabilityCheck(stabilityFor(stabilities, labassayId, sample.sampleType), sample.collectedAt, now);
    return check.expired && check.hours !== null ? [{ labassayId, ageHours: Math.floor(check.ageHours), hours: check.hours }] : [];
  });
}

/** The sample a reflex test would be added to. */
export interface ReflexSample {
  /** The sample's type (its stored name); null when none was recorded. */
  sampleType: string | null;
  collectedAt: Date;
  /** The tests already ordered on it. */
  orderedAssayIds: readonly string[];
}

/** A test an added reflex test needs: which sample type it is measured in (null: any). */
export interface ReflexAssay {
  id: string;
  /** The sample type (stored name) the test needs; null: the catalogue names none. */
  sampleType: string | null;
  disabled: boolean;
}

export type ReflexSkipReason = 'alreadyOrdered' | 'wrongSampleType' | 'stabilityPassed' | 'unknownAssay';

export interface ReflexDecision<R extends ReflexRule = ReflexRule> {
  rule: R;
  add: string;
  /** Null: the test is added; else why it was not (shown on the result screen and written to the audit). */
  skipped: ReflexSkipReason | null;
}

/**
 * What the rules do for the results just saved on a sample: each firing rule once, in the rules' order; a test
 * two rules would add is added once (the first rule's charge). A rule whose test is already on the sample, needs
 * another sample type, or whose stability the sample has passed is reported as skipped, never added.
 */
export function reflexDecisions<R extends ReflexRule>(input: {
  rules: readonly R[];
  results: readonly ReflexTriggerResult[];
  sample: ReflexSample;
  assays: ReadonlyMap<string, ReflexAssay>;
  stabilities: readonly AssayStability[];
  now: Date;
}): ReflexDecision<R>[] {
  const decisions: ReflexDecision<R>[] = [];
  const taken = new Set(input.sample.orderedAssayIds);
  for (const rule of input.rules) {
    if (!input.results.some((result) => reflexFires(rule, result))) continue;
    if (decisions.some((decision) => decision.add === rule.add && decision.skipped === null)) continue;
    const assay = input.assays.get(rule.add);
    let skipped: ReflexSkipReason | null = null;
    if (!assay || assay.disabled) skipped = 'unknownAssay';
    else if (taken.has(rule.add)) skipped = 'alreadyOrdered';
    else if (assay.sampleType !== null && input.sample.sampleType !== null && assay.sampleType !== input.sample.sampleType) skipped = 'wrongSampleType';
    else if (stabilityCheck(stabilityFor(input.stabilities, rule.add, input.sample.sampleType), input.sample.collectedAt, input.now).expired) skipped = 'stabilityPassed';
    if (skipped === null) taken.add(rule.add);
    decisions.push({ rule, add: rule.add, skipped });
  }
  return decisions;
}
