import { z } from 'zod';
import { daySchema, failureResponses, instantSchema, pathParam, successAnswer } from '../answers.ts';
import { defineCall } from '../call.ts';
import { AUTOVERIFICATION_CONDITIONS, autoverificationRulesSchema } from './rules.ts';
import { AUTOVERIFICATION_FAILURES } from './judgement.ts';

/**
 * Contracts of the autoverification calls (/postavke/autoverifikacija): the site's rule set versions, the draft's
 * edit, its simulation over past results, activation, the kill switch; and the judgement of one sample, which the
 * result screen shows.
 */

export const AUTOVERIFICATION_NAME_MAX = 100;
/** The longest period a simulation covers, in days. */
export const SIMULATION_MAX_DAYS = 92;

export const autoverificationFailureSchema = z.object({
  code: z.enum(AUTOVERIFICATION_FAILURES),
  condition: z.enum(AUTOVERIFICATION_CONDITIONS).nullable(),
});

export const ruleSetVersionSchema = z.object({
  _id: z.string(),
  naziv: z.string(),
  verzija: z.number().int(),
  pravila: autoverificationRulesSchema,
  /** Null while a draft. */
  aktivirana: instantSchema.nullable(),
  aktivirao: z.string().nullable(),
  izmijenjena: instantSchema,
});
export type RuleSetVersion = z.output<typeof ruleSetVersionSchema>;

export const simulationAssaySchema = z.object({
  labassay: z.string(),
  sifra: z.string(),
  naziv: z.string(),
  rezultata: z.number().int(),
  pusteno: z.number().int(),
});

/** A result the rules would have released that a person later changed or unlocked. */
export const simulationRiskSchema = z.object({
  sample: z.string(),
  code: z.string(),
  sifra: z.string(),
  rezultat: z.string(),
  /** 'change': the result was changed after verification; 'unverify': the sample was unlocked with a reason. */
  vrsta: z.enum(['change', 'unverify']),
  razlog: z.string().nullable(),
  kada: instantSchema,
});
export type SimulationRisk = z.output<typeof simulationRiskSchema>;

export const simulationSchema = z.object({
  od: daySchema,
  do: daySchema,
  /** When it ran and how long it took (ms). */
  izvrsena: instantSchema,
  trajanje: z.number().int(),
  uzoraka: z.number().int(),
  uzorakaPusteno: z.number().int(),
  rezultata: z.number().int(),
  rezultataPusteno: z.number().int(),
  poTestu: z.array(simulationAssaySchema),
  rizicni: z.array(simulationRiskSchema),
});
export type Simulation = z.output<typeof simulationSchema>;

/** A user of the site who may verify results: a choice for the responsible specialist. */
export const verifierChoiceSchema = z.object({ _id: z.string(), ime: z.string(), email: z.string() });

/** A running simulation's progress: days of the period judged so far (`gotovo`) of `ukupno`, and when it began. */
export const simulationProgressSchema = z.object({ gotovo: z.number().int(), ukupno: z.number().int(), pocela: instantSchema });
export type SimulationProgress = z.output<typeof simulationProgressSchema>;

export const autoverificationAnswer = successAnswer({
  ukljuceno: z.boolean(),
  /**
   * The specialist a report released by the rules names as responsible for it (the site's choice), or null:
   * the report then names only the rule set.
   */
  odgovorni: z.string().nullable(),
  /** The site's users who may verify results, for the responsible specialist's choice. */
  verifikatori: z.array(verifierChoiceSchema),
  aktivna: ruleSetVersionSchema.nullable(),
  nacrt: ruleSetVersionSchema.nullable(),
  /** The draft's last simulation (of its current content), or null. */
  simulacija: simulationSchema.nullable(),
  testovi: z.array(z.object({ _id: z.string(), sifra: z.string(), naziv: z.string(), naziv_en: z.string(), naziv_de: z.string() })),
});
export type AutoverificationAnswer = z.output<typeof autoverificationAnswer>;

export const draftSaveBody = z.object({
  naziv: z.string().trim().min(1, { error: 'form.required' }).max(AUTOVERIFICATION_NAME_MAX),
  pravila: autoverificationRulesSchema,
});
export type DraftSaveBody = z.input<typeof draftSaveBody>;

export const simulateBody = z.object({ od: daySchema, do: daySchema })
  .refine((body) => body.od <= body.do, { error: 'dateRange.invalid', path: ['do'] })
  .refine((body) => (Date.parse(body.do) - Date.parse(body.od)) / 86_400_000 < SIMULATION_MAX_DAYS, { error: 'autoverification.periodTooLong', path: ['do'] });

export const activateBody = z.object({
  /** The draft's version the user saw. */
  verzija: z.number().int().min(1),
  /** The second confirmation, needed unless the draft's simulation found no result a person later changed. */
  potvrda: z.boolean().default(false),
});

export const switchBody = z.object({ ukljuceno: z.boolean() });

export const responsibleBody = z.object({ odgovorni: z.uuid({ error: 'autoverification.responsibleInvalid' }).nullable() });

export const sampleJudgementAnswer = successAnswer({
  presuda: z.object({
    naziv: z.string(),
    verzija: z.number().int(),
    pusten: z.boolean(),
    /** Whether the sample changed since it was judged (the failures may no longer hold). */
    zastarjela: z.boolean(),
    kada: instantSchema,
    rezultati: z.array(z.object({ test: z.string(), neuspjesno: z.array(autoverificationFailureSchema) })),
  }).nullable(),
});
export type SampleJudgementAnswer = z.output<typeof sampleJudgementAnswer>;

const ok = successAnswer({});

export const autoverificationContracts = {
  show: defineCall({
    method: 'GET', path: '/autoverifikacija', permission: 'results.verify',
    response: { 200: autoverificationAnswer, ...failureResponses },
  }),
  saveDraft: defineCall({
    method: 'POST', path: '/autoverifikacija/nacrt', permission: 'results.verify',
    body: draftSaveBody, response: { 200: ok, ...failureResponses },
  }),
  simulate: defineCall({
    method: 'POST', path: '/autoverifikacija/simulacija', permission: 'results.verify',
    body: simulateBody, response: { 200: successAnswer({ simulacija: simulationSchema }), ...failureResponses },
  }),
  simulationProgress: defineCall({
    method: 'GET', path: '/autoverifikacija/simulacija/napredak', permission: 'results.verify',
    response: { 200: successAnswer({ napredak: simulationProgressSchema.nullable() }), ...failureResponses },
  }),
  activate: defineCall({
    method: 'POST', path: '/autoverifikacija/aktiviraj', permission: 'results.verify',
    body: activateBody, response: { 200: ok, ...failureResponses },
  }),
  setSwitch: defineCall({
    method: 'POST', path: '/autoverifikacija/prekidac', permission: 'results.verify',
    body: switchBody, response: { 200: ok, ...failureResponses },
  }),
  setResponsible: defineCall({
    method: 'POST', path: '/autoverifikacija/odgovorni', permission: 'results.verify',
    body: responsibleBody, response: { 200: ok, ...failureResponses },
  }),
  sample: defineCall({
    method: 'GET', path: '/autoverifikacija/uzorak/:id', permission: 'results.enter',
    params: z.object({ id: pathParam("The sample's _id") }), response: { 200: sampleJudgementAnswer, ...failureResponses },
  }),
};
