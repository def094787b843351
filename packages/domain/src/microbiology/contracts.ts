import { z } from 'zod';
import { failureResponses, instantSchema, pathParam, sessionFields, successAnswer } from '../answers.ts';
import { SAMPLE_STATUSES } from '../sample/status.ts';
import { AST_METHODS } from './ast-value.ts';
import { EXPERT_RULE_BASES, INFECTION_SITES, SIR_CATEGORIES } from './interpretation.ts';
import { defineCall } from '../call.ts';
import { RESULT_ACTION_PERMISSIONS } from '../results/verification.ts';
import { translatedNames } from '../catalogue/names.ts';

/**
 * The contract of the microbiology calls: organism and antimicrobial pickers, and the culture of a
 * culture test on a sample (specimen, growth, isolates with their quantity, antibiograms interpreted on
 * the server by the imported breakpoints). Request issue messages are message-catalogue codes.
 */

export const CULTURE_LIMITS = {
  materijal: 120,
  napomena: 500,
  razlog: 500,
  isolates: 6,
  antibiogramRows: 40,
  /** Colony counts are powers of ten from 10^1 to 10^9 CFU/mL. */
  kolicinaMin: 1,
  kolicinaMax: 9,
  vrijednost: 20,
} as const;

const required = { error: 'form.required' } as const;
const sirSchema = z.enum(SIR_CATEGORIES);
const methodSchema = z.enum(AST_METHODS, { error: 'form.invalid' });

export const pickerQuery = z.object({
  q: z.string().trim().max(60, { error: 'form.invalid' }).default(''),
  ...sessionFields,
});

export const organismOptionSchema = z.object({
  mo: z.string(),
  naziv: z.string(),
  /** Gram-positive / Gram-negative for bacteria, '' otherwise. */
  gram: z.string(),
  rank: z.string(),
});
export type OrganismOption = z.output<typeof organismOptionSchema>;

export const antimicrobialOptionSchema = z.object({ ab: z.string(), naziv: z.string(), grupa: z.string() });
export type AntimicrobialOption = z.output<typeof antimicrobialOptionSchema>;

/** The breakpoint row an interpretation used, as stored with it. */
export const usedBreakpointSchema = z.object({
  guideline: z.string(), mo: z.string(), site: z.string(), s: z.number(), r: z.number(), uti: z.boolean(),
});
export type UsedBreakpoint = z.output<typeof usedBreakpointSchema>;

export const INTERPRETATION_BASES = ['breakpoint', 'intrinsic', ...EXPERT_RULE_BASES, 'noBreakpoint', 'undetermined'] as const;

export const antibiogramRowSchema = z.object({
  _id: z.string(),
  antibiotik: antimicrobialOptionSchema,
  metoda: z.enum(AST_METHODS),
  /** The value exactly as typed: MIC in mg/L, zone in mm. */
  vrijednost: z.string(),
  /** The category the breakpoints or intrinsic resistance gave; null: no breakpoint, or a censored value spanning categories. */
  tumacenje: sirSchema.nullable(),
  osnova: z.enum(INTERPRETATION_BASES),
  granica: usedBreakpointSchema.nullable(),
  /** A person's category in place of the interpreted one, with the reason. */
  izmjena: z.object({ kategorija: sirSchema, razlog: z.string() }).nullable(),
  /** What is reported: the override, else the interpretation. */
  konacno: sirSchema.nullable(),
  /**
   * The S/I/R a microbiology instrument reported with the value (kept beside ours, never reported), and
   * whether it disagrees with our interpretation (instrumentDisagrees), for the specialist; null when a
   * person entered the row or the instrument sent no category.
   */
  aparat: z.object({ kategorija: sirSchema, neslaganje: z.boolean() }).nullable(),
});
export type AntibiogramRow = z.output<typeof antibiogramRowSchema>;

export const isolateSchema = z.object({
  _id: z.string(),
  rbr: z.number().int(),
  organizam: organismOptionSchema,
  /** Colony count as a power of ten (5: 10^5 CFU/mL); null: not counted. */
  kolicina: z.number().int().nullable(),
  napomena: z.string(),
  /** The microbiology instrument that reported the isolate (its name then) and its isolate number; null: entered by a person. */
  aparat: z.object({ naziv: z.string(), izolat: z.string() }).nullable(),
  antibiogram: z.array(antibiogramRowSchema),
});
export type Isolate = z.output<typeof isolateSchema>;

export const cultureSchema = z.object({
  _id: z.string(),
  materijal: z.string(),
  uti: z.boolean(),
  /** The site of infection the breakpoints were chosen for ('' general). */
  infekcija: z.enum(INFECTION_SITES),
  rast: z.boolean(),
  napomena: z.string(),
  guideline: z.string().nullable(),
  izolati: z.array(isolateSchema),
  updated_at: instantSchema,
});
export type Culture = z.output<typeof cultureSchema>;

export const cultureTestSchema = z.object({
  /** The sample's test entry (a test of a microbiology section). */
  _id: z.string(),
  sifra: z.string(),
  naziv: z.string(),
  ...translatedNames,
  /** The specimen a new culture of the test starts with (cultureSpecimen: the sample's type, else the test's sample type). */
  materijal: z.string(),
  rezultat: z.string().nullable(),
  kultura: cultureSchema.nullable(),
});
export type CultureTest = z.output<typeof cultureTestSchema>;

export const referenceSetSchema = z.object({ guideline: z.string(), attribution: z.string(), intrinsicSource: z.string(), importedAt: instantSchema });
export type ReferenceSetAnswer = z.output<typeof referenceSetSchema>;

export const culturesAnswer = successAnswer({
  uzorak: z.object({
    _id: z.string(), pid: z.string(), code: z.string(), status: z.enum(SAMPLE_STATUSES), version: z.number().int(),
    created_at: instantSchema, ime: z.string(), prezime: z.string(), datum: instantSchema, type: z.string(),
  }),
  testovi: z.array(cultureTestSchema),
  /** The breakpoint set new interpretations use; null: no reference data imported. */
  reference: referenceSetSchema.nullable(),
});
export type CulturesAnswer = z.output<typeof culturesAnswer>;

const textField = (max: number) => z.string().trim().max(max, { error: 'form.invalid' });

export const antibiogramInputSchema = z.object({
  antibiotik: z.string(required).trim().min(1, required).max(20, { error: 'form.invalid' }),
  metoda: methodSchema,
  vrijednost: z.string(required).trim().min(1, required).max(CULTURE_LIMITS.vrijednost, { error: 'form.invalid' }),
  izmjena: z.object({
    kategorija: z.enum(SIR_CATEGORIES, { error: 'form.invalid' }),
    razlog: z.string(required).trim().min(1, { error: 'micro.overrideReason' }).max(CULTURE_LIMITS.razlog, { error: 'form.invalid' }),
  }).nullable().optional(),
});
export type AntibiogramInput = z.input<typeof antibiogramInputSchema>;

export const isolateInputSchema = z.object({
  organizam: z.string(required).trim().min(1, required).max(40, { error: 'form.invalid' }),
  kolicina: z.number({ error: 'form.invalid' }).int({ error: 'form.invalid' })
    .min(CULTURE_LIMITS.kolicinaMin, { error: 'form.invalid' }).max(CULTURE_LIMITS.kolicinaMax, { error: 'form.invalid' }).nullable(),
  napomena: textField(CULTURE_LIMITS.napomena).default(''),
  antibiogram: z.array(antibiogramInputSchema).max(CULTURE_LIMITS.antibiogramRows, { error: 'form.invalid' }),
});
export type IsolateInput = z.input<typeof isolateInputSchema>;

export const cultureSaveRequest = z.object({
  sid: z.guid(required),
  version: z.number(required).int().min(0),
  /** The sample's culture test. */
  test: z.guid(required),
  materijal: textField(CULTURE_LIMITS.materijal).min(1, required),
  uti: z.boolean(required),
  infekcija: z.enum(INFECTION_SITES, { error: 'form.invalid' }).default(''),
  rast: z.boolean(required),
  napomena: textField(CULTURE_LIMITS.napomena).default(''),
  izolati: z.array(isolateInputSchema).max(CULTURE_LIMITS.isolates, { error: 'form.invalid' }),
  /** Why, when the sample was verified before and unlocked. */
  razlog: textField(CULTURE_LIMITS.razlog).optional(),
  /**
   * Interpret with the newest imported guideline. Without it a culture keeps the guideline it was first
   * interpreted with (a new culture takes the newest).
   */
  novaVerzija: z.boolean({ error: 'form.invalid' }).optional(),
  ...sessionFields,
});
export type CultureSaveRequest = z.input<typeof cultureSaveRequest>;

export const microbiologyContracts = {
  organisms: defineCall({
    method: 'GET', path: '/mikrobiologija/organizmi', permission: 'samples.read',
    querystring: pickerQuery, response: { 200: successAnswer({ organizmi: z.array(organismOptionSchema) }), ...failureResponses },
  }),
  antimicrobials: defineCall({
    method: 'GET', path: '/mikrobiologija/antibiotici', permission: 'samples.read',
    querystring: pickerQuery, response: { 200: successAnswer({ antibiotici: z.array(antimicrobialOptionSchema) }), ...failureResponses },
  }),
  cultures: defineCall({
    method: 'GET', path: '/mikrobiologija/kulture/:sid', permission: 'samples.read',
    params: z.object({ sid: pathParam('Sample id (uuid)') }), response: { 200: culturesAnswer, ...failureResponses },
  }),
  save: defineCall({
    method: 'POST', path: '/mikrobiologija/kulture/save', permission: RESULT_ACTION_PERMISSIONS.save,
    body: cultureSaveRequest,
    response: {
    200: successAnswer({ status: z.enum(SAMPLE_STATUSES), version: z.number().int(), kultura: cultureSchema }),
    ...failureResponses,
    },
  }),
} as const;
