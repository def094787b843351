import { z } from 'zod';
import { MAX_AGE_DAYS } from '../assays/reference-ranges.ts';
import { MAX_FORMULA_LENGTH } from '../assays/formula.ts';
import { MAX_STABILITY_HOURS } from '../reflex/rules.ts';
import { SPOL_VALUES } from '../spol.ts';
import { isLoincCode } from './loinc.ts';
import { referenceRangeProblems, type EditedRange } from './range-rules.ts';

/**
 * The lab assay as the catalogue edits it (POST /api/assays/lab/edit
 * `{ labassay }`): the spec's fields (_id, naziv, price, analit, sekcija,
 * manual, calculated, calculatedTests, disabled, tip) with the names on
 * English and German reports, unit, decimals, critical limits, result kind
 * and grades, delta limit, the formula of a calculated test, the sample type
 * and the reference ranges. `calculatedTests` is derived from the formula on
 * save (its components, by code), so it cannot disagree with it.
 */

/** The analyte name prints in narrow columns: longer than this warns before the edit (the save still takes it). */
export const ANALYTE_NAME_ADVISED_LENGTH = 30;

export function analyteNameTooLong(analit: string): boolean {
  return analit.trim().length > ANALYTE_NAME_ADVISED_LENGTH;
}

const limit = () => z.number({ error: 'form.invalid' }).min(-1e9).max(1e9).nullable().default(null);

export const referenceRangeInputSchema = z.strictObject({
  /** null: both sexes. */
  spol: z.enum(SPOL_VALUES).nullable().default(null),
  /** Ages in days, both ends inclusive (the form converts years on the birthday: yearsToDays). */
  age_min_days: z.number().int().min(0).max(MAX_AGE_DAYS).default(0),
  age_max_days: z.number().int().min(0).max(MAX_AGE_DAYS).default(MAX_AGE_DAYS),
  /** null: whether pregnant or not; true: pregnancy only; false: not pregnant only. Likewise menopauza. */
  trudnica: z.boolean().nullable().default(null),
  menopauza: z.boolean().nullable().default(null),
  low: limit(),
  high: limit(),
  /** Critical limits of this range; null: the assay's own. */
  critical_low: limit(),
  critical_high: limit(),
  /** The unit the limits are in; null: the assay's unit. */
  jedinica: z.string().trim().max(30).nullable().default(null),
  /** Text reference of a qualitative or text result ("Negativan"); alternatives separated by ";". */
  tekst: z.string().trim().max(200).nullable().default(null),
});
export type ReferenceRangeInput = z.output<typeof referenceRangeInputSchema>;

export function editedRange(range: ReferenceRangeInput): EditedRange {
  return {
    spol: range.spol, ageMinDays: range.age_min_days, ageMaxDays: range.age_max_days, trudnica: range.trudnica,
    menopauza: range.menopauza, low: range.low, high: range.high, criticalLow: range.critical_low,
    criticalHigh: range.critical_high, tekst: range.tekst,
  };
}

const RANGE_FIELD_NAMES = {
  ageMinDays: 'age_min_days', ageMaxDays: 'age_max_days', low: 'low', high: 'high',
  criticalLow: 'critical_low', criticalHigh: 'critical_high', tekst: 'tekst',
} as const;

/** The ranges' problems as zod issues at `reference.{i}.{field}`, for the schema and the form alike. */
export function checkReferenceRanges(ranges: readonly ReferenceRangeInput[], context: z.RefinementCtx, prefix: (string | number)[] = ['reference']): void {
  for (const problem of referenceRangeProblems(ranges.map(editedRange))) {
    context.addIssue({ code: 'custom', message: problem.code, path: [...prefix, problem.index, RANGE_FIELD_NAMES[problem.field]] });
  }
}

export const referenceRangesSchema = z.array(referenceRangeInputSchema).max(100)
  .superRefine((ranges, context) => checkReferenceRanges(ranges, context, []));

export const DELTA_KINDS = ['absolute', 'percent'] as const;
export const ASSAY_KINDS = ['numeric', 'text', 'qualitative'] as const;

const labAssayShape = {
  _id: z.guid({ error: 'form.invalid' }).optional(),
  /** The code formulas and analysers name the test by. */
  sifra: z.string({ error: 'form.required' }).trim().min(1, 'form.required').max(20).regex(/^[A-Za-z0-9_%#-]+$/, 'form.invalid'),
  naziv: z.string({ error: 'form.required' }).trim().min(1, 'form.required').max(200),
  naziv_en: z.string().trim().max(200).default(''),
  naziv_de: z.string().trim().max(200).default(''),
  /** Short name for narrow columns; more than ANALYTE_NAME_ADVISED_LENGTH characters is warned about, not refused. */
  analit: z.string({ error: 'form.required' }).trim().min(1, 'form.required').max(100),
  /** Price in KM. */
  price: z.number({ error: 'form.invalid' }).min(0).max(100_000).multipleOf(0.01, 'form.invalid'),
  /** The lab section's id. */
  sekcija: z.guid({ error: 'form.required' }),
  /** The sample type's id; null: not bound to one. */
  uzorak: z.guid({ error: 'form.invalid' }).nullable().default(null),
  jedinica: z.string().trim().max(30).default(''),
  /** The assay's LOINC code (`2345-7`), checked with its check digit; null: none. The FHIR and HL7 interfaces name the test by it. */
  loinc: z.string().trim().max(10).refine(isLoincCode, 'catalogue.loincInvalid').nullable().default(null),
  decimals: z.number().int().min(0).max(6).default(2),
  manual: z.boolean().default(false),
  calculated: z.boolean().default(false),
  /** A calculated test's formula over component codes (`CHOL - HDL - TG/2.2`); null for other tests. */
  formula: z.string().trim().max(MAX_FORMULA_LENGTH).nullable().default(null),
  /** Ids of the components, as the save derives them from the formula (sent values are replaced). */
  calculatedTests: z.array(z.guid()).max(50).default([]),
  disabled: z.boolean().default(false),
  tip: z.string().trim().min(1, 'form.required').max(50).default('Standard'),
  redoslijed: z.number().int().min(0).max(100_000).default(0),
  vrsta: z.enum(ASSAY_KINDS).default('numeric'),
  /** Grades a positive qualitative result must name ("+", "++"); empty: a plain positive. */
  opcije: z.array(z.string().trim().min(1).max(20)).max(20).default([]),
  critical_low: limit(),
  critical_high: limit(),
  /** Delta check against the patient's previous verified result; null: none. */
  delta: z.strictObject({ kind: z.enum(DELTA_KINDS), limit: z.number().positive().max(1e9) }).nullable().default(null),
  /**
   * How many hours after collection the test can still be measured in a sample: per sample type (its id), or for
   * any type (uzorak null); empty: no limit known. Adding the test to an older sample (by hand or by a reflex
   * rule) is warned about or refused by it.
   */
  stabilnost: z.array(z.strictObject({
    uzorak: z.guid({ error: 'form.invalid' }).nullable().default(null),
    sati: z.number({ error: 'form.invalid' }).int('form.invalid').min(1).max(MAX_STABILITY_HOURS),
  })).max(20).default([]),
};

type AssayRulesInput = {
  calculated: boolean; formula: string | null; critical_low: number | null; critical_high: number | null; stabilnost: { uzorak: string | null }[];
};

/** Rules across the assay's fields: a calculated test has a formula; the critical limits are in order. */
function checkAssayFields(assay: AssayRulesInput, context: z.RefinementCtx): void {
  if (assay.calculated && !(assay.formula ?? '').trim()) context.addIssue({ code: 'custom', message: 'catalogue.formulaRequired', path: ['formula'] });
  if (assay.critical_low !== null && assay.critical_high !== null && assay.critical_low > assay.critical_high) {
    context.addIssue({ code: 'custom', message: 'catalogue.rangeLimits', path: ['critical_high'] });
  }
  // One stability per sample type (and one for any type): two would leave it unclear which applies.
  assay.stabilnost.forEach((entry, index) => {
    if (assay.stabilnost.findIndex((other) => other.uzorak === entry.uzorak) !== index) {
      context.addIssue({ code: 'custom', message: 'catalogue.stabilityDuplicate', path: ['stabilnost', index, 'uzorak'] });
    }
  });
}

/** The assay's own fields: the JSON editor's part of the edit dialog (the ranges have a form of their own). */
export const labAssayFieldsSchema = z.strictObject(labAssayShape).superRefine(checkAssayFields);
export type LabAssayFields = z.output<typeof labAssayFieldsSchema>;

/** The whole lab assay of the save call: its fields and its reference ranges. */
export const labAssaySchema = z.strictObject({ ...labAssayShape, reference: referenceRangesSchema.default([]) }).superRefine(checkAssayFields);
export type LabAssayInput = z.output<typeof labAssaySchema>;
