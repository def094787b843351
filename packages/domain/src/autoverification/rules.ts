import { z } from 'zod';
import { SPOL_VALUES } from '../spol.ts';
import { MAX_AGE_DAYS } from '../assays/reference-ranges.ts';

/**
 * An autoverification rule set (in the spirit of CLSI AUTO10/AUTO15): per lab assay, or for every assay, which
 * conditions a result must meet to be released without a person, each switchable on its own with its own
 * parameters. A site keeps versions of its rule set; one version is active, the newest unactivated one is the
 * draft that is edited and simulated.
 */

/** How many hours back a passing control run of the assay may lie, at most (30 days). */
export const MAX_QC_HOURS = 720;

/** An autoverification limit for a band of patients, read like a reference range (both age ends inclusive, in days). */
export const autoverificationLimitSchema = z.object({
  spol: z.enum(SPOL_VALUES).nullable().default(null),
  ageMinDays: z.number().int().min(0).max(MAX_AGE_DAYS).default(0),
  ageMaxDays: z.number().int().min(0).max(MAX_AGE_DAYS).default(MAX_AGE_DAYS),
  low: z.number().finite().nullable().default(null),
  high: z.number().finite().nullable().default(null),
}).refine((limit) => limit.ageMinDays <= limit.ageMaxDays, { error: 'autoverification.ageBand', path: ['ageMaxDays'] })
  .refine((limit) => limit.low === null || limit.high === null || limit.low <= limit.high, { error: 'autoverification.lowAboveHigh', path: ['high'] });
export type AutoverificationLimit = z.infer<typeof autoverificationLimitSchema>;

const on = z.boolean().default(true);

/** The conditions of one rule; each is judged only while `on`. */
export const autoverificationConditionsSchema = z.object({
  /** Within the rule's limits for the patient (a result outside them, or a patient no limit covers, fails). */
  limits: z.object({ on, limits: z.array(autoverificationLimitSchema).max(50).default([]) }).default({ on: true, limits: [] }),
  /** Not beyond a critical limit (LL/HH). */
  critical: z.object({ on }).default({ on: true }),
  /** The delta check passed where the patient has a previous verified result. */
  delta: z.object({ on }).default({ on: true }),
  /** No QC hold on the assay and source, and a passing control run of the assay within the last `hours`. */
  qc: z.object({ on, hours: z.number().int().min(1).max(MAX_QC_HOURS).default(24) }).default({ on: true, hours: 24 }),
  /** No flags from the analyser, and the result final (no retest pending). */
  instrument: z.object({ on }).default({ on: true }),
  /** A number, within the measuring range (when given); censored values ('<0.5', '>1000') only when allowed. */
  numeric: z.object({
    on,
    allowCensored: z.boolean().default(false),
    low: z.number().finite().nullable().default(null),
    high: z.number().finite().nullable().default(null),
  }).default({ on: true, allowCensored: false, low: null, high: null }),
  /** The sample's comment empty. */
  comment: z.object({ on }).default({ on: true }),
  /** For a calculated test: every component passed. */
  components: z.object({ on }).default({ on: true }),
});
export type AutoverificationConditions = z.infer<typeof autoverificationConditionsSchema>;
export type AutoverificationConditionName = keyof AutoverificationConditions;
export const AUTOVERIFICATION_CONDITIONS = ['limits', 'critical', 'delta', 'qc', 'instrument', 'numeric', 'comment', 'components'] as const satisfies readonly AutoverificationConditionName[];

/** One rule: for one lab assay, or (labassay null) for every assay without a rule of its own. */
export const autoverificationRuleSchema = z.object({
  labassay: z.uuid().nullable(),
  conditions: autoverificationConditionsSchema,
});
export type AutoverificationRule = z.infer<typeof autoverificationRuleSchema>;

/** The body of a rule set version. */
export const autoverificationRulesSchema = z.object({
  /** Release per section (each section's results once all of them pass) instead of the whole sample only. */
  perSection: z.boolean().default(false),
  rules: z.array(autoverificationRuleSchema).max(500),
}).refine((body) => new Set(body.rules.map((rule) => rule.labassay ?? '*')).size === body.rules.length, {
  error: 'autoverification.duplicateRule', path: ['rules'],
});
export type AutoverificationRules = z.infer<typeof autoverificationRulesSchema>;

/** The rule that judges an assay's results: its own, else the rule for every assay, else none. */
export function ruleForAssay(rules: AutoverificationRules, labassayId: string): AutoverificationRule | null {
  return rules.rules.find((rule) => rule.labassay === labassayId) ?? rules.rules.find((rule) => rule.labassay === null) ?? null;
}

/** A rule's conditions with every default filled in (all on, 24 h of QC, no limits). */
export function defaultConditions(): AutoverificationConditions {
  return autoverificationConditionsSchema.parse({});
}
