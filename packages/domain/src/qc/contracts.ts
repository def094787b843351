import { z } from 'zod';
import { daySchema, failureResponses, instantSchema, pathParam, sessionFields, successAnswer } from '../answers.ts';
import { listAnswerSchema, listQuerySchema } from '../list-query.ts';
import { TARGET_SOURCES } from './statistics.ts';
import { WESTGARD_RULES } from './westgard.ts';
import { defineCall } from '../call.ts';
import { translatedNames } from '../catalogue/names.ts';

/**
 * Contracts of the quality-control calls: control lots and their targets (/kontrole/definicija), the rules
 * per assay, control entry (/kontrole/unos), the results list and its comments and exclusion
 * (/kontrole/obrada/...), the Levey-Jennings data (/kontrole/charts), and the hold a rejected run puts on
 * an assay's patient results with the corrective action that releases it.
 */

export const CONTROL_MODES = ['Multi', 'Single'] as const;
export type ControlMode = (typeof CONTROL_MODES)[number];
export const MAX_LEVELS = 6;

export const westgardRuleSchema = z.enum(WESTGARD_RULES);
export const runStatusSchema = z.enum(['prihvacen', 'upozorenje', 'odbijen']);
const text = (max: number) => z.string().trim().max(max);
const required = (max: number) => text(max).min(1, { error: 'form.required' });
const levelSchema = z.number().int().min(1).max(MAX_LEVELS);

/** A level's target on a lot: the declared (insert's) mean and SD, SD above zero, and where the target comes from. */
export const targetElementSchema = z.object({
  labassay: z.uuid(),
  nivo: levelSchema,
  mean: z.number().finite(),
  sd: z.number().finite().refine((sd) => sd > 0, { error: 'qc.sdNotPositive' }),
  izvor: z.enum(TARGET_SOURCES).default('proizvodjac'),
  /** The analyser whose runs this target judges; null: the general target (hand entry, analysers without their own). */
  analyser: z.uuid().nullable().default(null),
});

/**
 * The specimen id an analyser sends for one level of the lot (the control vial's barcode as programmed on the
 * analyser): a control result from an analyser with that specimen id is stored on this lot and level. Unique
 * at the site (case ignored); the analyser must recognise it as a control (its prefix, or the message's QC flag).
 */
export const controlSpecimenSchema = z.object({
  nivo: levelSchema,
  uzorak: required(60).regex(/^[^|^&\\~\r\n]+$/, { error: 'integration.badCode' }),
});

/** The control's element as /kontrole/definicija saves it: with `_id` that lot is changed, without it one is added. */
export const controlElementSchema = z.object({
  _id: z.uuid().optional(),
  control: required(120),
  proizvodjac: text(120).default(''),
  lot: required(60),
  rok_trajanja: daySchema,
  mod: z.enum(CONTROL_MODES).default('Multi'),
  ciljevi: z.array(targetElementSchema).max(300).default([]),
  uzorci_aparata: z.array(controlSpecimenSchema).max(MAX_LEVELS).default([]),
});
export type ControlElement = z.input<typeof controlElementSchema>;

/** The spec's control record (_id, control, created) with its LOT, expiry and entry mode. */
export const controlRowSchema = z.object({
  _id: z.string(),
  control: z.string(),
  created: instantSchema,
  proizvodjac: z.string(),
  lot: z.string(),
  rok_trajanja: daySchema,
  mod: z.enum(CONTROL_MODES),
});
export type ControlRow = z.output<typeof controlRowSchema>;

export const targetAnswerSchema = z.object({
  labassay: z.string(),
  sifra: z.string(),
  naziv: z.string(),
  ...translatedNames,
  jedinica: z.string(),
  nivo: z.number().int(),
  mean: z.number(),
  sd: z.number(),
  izvor: z.enum(TARGET_SOURCES),
  /** The analyser whose runs this target judges (null: the general target) and its name. */
  analyser: z.string().nullable(),
  analyser_ime: z.string().nullable(),
});
export type TargetAnswer = z.output<typeof targetAnswerSchema>;
export const controlAnswerSchema = controlRowSchema.extend({
  ciljevi: z.array(targetAnswerSchema),
  uzorci_aparata: z.array(z.object({ nivo: z.number().int(), uzorak: z.string() })),
});
export type ControlAnswer = z.output<typeof controlAnswerSchema>;

export const controlListAnswer = listAnswerSchema(controlRowSchema);
export const controlAnswer = successAnswer({ kontrola: controlAnswerSchema });
export type ControlDefinitionAnswer = z.output<typeof controlAnswer>;
export const controlSaveBody = z.object({ element: controlElementSchema, ...sessionFields });
export const controlSavedAnswer = successAnswer({ message: z.string(), kontrola: controlAnswerSchema });

/** The Westgard rules in force for an assay and its allowable total error (TEa, %). */
export const assayRulesSchema = z.object({
  labassay: z.uuid(),
  pravila: z.array(westgardRuleSchema).max(WESTGARD_RULES.length),
  tea: z.number().finite().positive().max(100).nullable().default(null),
});
export const assayRulesAnswerSchema = z.object({
  labassay: z.string(), sifra: z.string(), naziv: z.string(), pravila: z.array(westgardRuleSchema), tea: z.number().nullable(),
});
export type AssayRulesAnswer = z.output<typeof assayRulesAnswerSchema>;
export const assayRulesListAnswer = successAnswer({ pravila: z.array(assayRulesAnswerSchema) });
export const assayRulesSaveBody = assayRulesSchema.extend(sessionFields);

/**
 * POST /api/kontrole/unos: control values of one lot measured together: `vrijednost` as typed ("5,4" or
 * "5.4"); Single mode takes one level per assay. `izmjereno` defaults to now.
 */
export const controlEntryBody = z.object({
  kontrola: z.uuid(),
  mod: z.enum(CONTROL_MODES),
  izmjereno: z.iso.datetime({ offset: true }).optional(),
  vrijednosti: z.array(z.object({ labassay: z.uuid(), nivo: levelSchema, vrijednost: z.string().max(40) })).min(1).max(100),
  ...sessionFields,
});
export type ControlEntryBody = z.input<typeof controlEntryBody>;

export const violationSchema = z.object({ rule: westgardRuleSchema, levels: z.array(z.number().int()) });
export const entryRunSchema = z.object({
  serija: z.string(),
  labassay: z.string(),
  naziv: z.string(),
  ...translatedNames,
  status: runStatusSchema,
  prekrseno: z.array(violationSchema),
  rezultati: z.array(z.object({ _id: z.string(), nivo: z.number().int(), vrijednost: z.number(), z: z.number(), status: runStatusSchema })),
});
export type EntryRun = z.output<typeof entryRunSchema>;
export const controlEntryAnswer = successAnswer({ message: z.string(), serije: z.array(entryRunSchema) });

/** A control result as the processing list shows it. */
export const controlResultRowSchema = z.object({
  _id: z.string(),
  control: z.string(),
  lot: z.string(),
  created: instantSchema,
  izmjereno: instantSchema,
  serija: z.string(),
  sifra: z.string(),
  naziv: z.string(),
  ...translatedNames,
  nivo: z.number().int(),
  unos: z.string(),
  vrijednost: z.number(),
  z: z.number(),
  status: runStatusSchema,
  pravila: z.array(z.string()),
  komentar: z.string(),
  iskljucen: z.boolean(),
  razlog_iskljucenja: z.string().nullable(),
  /** 'rucno' (entered by hand) or the name of the analyser that sent it. */
  izvor: z.string(),
});
export type ControlResultRow = z.output<typeof controlResultRowSchema>;
export const controlResultsQuery = listQuerySchema.extend({ kontrola: z.uuid().optional() });
export const controlResultsAnswer = listAnswerSchema(controlResultRowSchema);

/** The spec's comment calls: `id` is a control result's id. */
export const commentGetBody = z.object({ id: z.uuid(), ...sessionFields });
export const commentGetAnswer = successAnswer({ komentar: z.string() });
export const commentSetBody = z.object({ id: z.uuid(), komentar: text(2000), ...sessionFields });

/**
 * The spec's POST /api/kontrole/pregled/delete/: the control result is excluded (never erased), with the
 * reason given (`razlog`), from the statistics, the rules and the hold. Audited. The spec's body carries
 * only `_id, site, token`, so `razlog` is optional here: a call without one is recorded with
 * EXCLUSION_WITHOUT_REASON (the screen still asks for a reason).
 */
export const EXCLUSION_WITHOUT_REASON = 'bez navedenog razloga';
export const excludeBody = z.object({ _id: z.uuid(), razlog: text(500).optional(), ...sessionFields });

/** GET /api/kontrole/charts: one lot and assay over a date range (default: the last 31 days to now). */
/**
 * The source whose results a chart or monthly table shows: an analyser's id, or 'rucno' for hand entry;
 * without it every source's results, against the general target.
 */
const sourceFilterSchema = z.union([z.literal('rucno'), z.uuid()]).optional();
/** A source a lot's results come from: an analyser (id and name), or hand entry (both null). */
export const lotSourceSchema = z.object({ analyser: z.string().nullable(), ime: z.string().nullable() });
export type LotSource = z.output<typeof lotSourceSchema>;

export const chartQuery = z.object({
  kontrola: z.uuid(),
  labassay: z.uuid(),
  izvor: sourceFilterSchema,
  dateRangeMin: z.union([z.iso.datetime({ offset: true }), z.iso.date()]).optional(),
  dateRangeMax: z.union([z.iso.datetime({ offset: true }), z.iso.date()]).optional(),
});
export const chartPointSchema = z.object({
  _id: z.string(),
  serija: z.string(),
  izmjereno: instantSchema,
  vrijednost: z.number(),
  z: z.number(),
  status: runStatusSchema,
  pravila: z.array(z.string()),
  iskljucen: z.boolean(),
});
export type ChartPoint = z.output<typeof chartPointSchema>;
const summarySchema = z.object({ n: z.number().int(), mean: z.number().nullable(), sd: z.number().nullable(), cv: z.number().nullable() });
export const chartLevelSchema = z.object({
  nivo: z.number().int(),
  mean: z.number(),
  sd: z.number(),
  izvor: z.enum(TARGET_SOURCES),
  established: z.boolean(),
  /** The counted results of the range: mean, SD, CV, and bias (%) against the target mean. */
  statistika: summarySchema.extend({ bias: z.number().nullable(), sigma: z.number().nullable() }),
  tacke: z.array(chartPointSchema),
});
export type ChartLevel = z.output<typeof chartLevelSchema>;
export const chartAnswer = successAnswer({
  naziv: z.string(), ...translatedNames, jedinica: z.string(), tea: z.number().nullable(), nivoi: z.array(chartLevelSchema), izvori: z.array(lotSourceSchema),
});
export type ChartAnswer = z.output<typeof chartAnswer>;

/**
 * A hold: the latest control run of an assay from one source at the site (an analyser, or entered by hand) was
 * rejected and has no corrective action. An analyser's run holds that analyser's patient results of the assay
 * and those entered by hand; a run entered by hand (`analyser` null) holds every patient result of the assay.
 */
export const holdSchema = z.object({
  labassay: z.string(),
  analyser: z.string().nullable(),
  analyser_ime: z.string().nullable(),
  naziv: z.string(),
  ...translatedNames,
  serija: z.string(),
  control: z.string(),
  lot: z.string(),
  izmjereno: instantSchema,
  pravila: z.array(z.string()),
});
export type Hold = z.output<typeof holdSchema>;
export const holdsAnswer = successAnswer({ blokade: z.array(holdSchema) });
export type HoldsAnswer = z.output<typeof holdsAnswer>;
export const correctiveActionBody = z.object({ serija: z.uuid(), opis: text(2000).min(1, { error: 'qc.actionRequired' }), ...sessionFields });

/** GET /kontrole/mjesecno: one month (YYYY-MM, the site's calendar) of a lot's control results. */
export const monthlyQuery = z.object({
  kontrola: z.uuid(), mjesec: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'qc.badMonth' }), izvor: sourceFilterSchema,
});
/** One assay and level of the lot in the month: the counted results' statistics against the target in force. */
export const monthlyRowSchema = z.object({
  labassay: z.string(),
  sifra: z.string(),
  naziv: z.string(),
  ...translatedNames,
  jedinica: z.string(),
  nivo: z.number().int(),
  n: z.number().int(),
  mean: z.number().nullable(),
  sd: z.number().nullable(),
  cv: z.number().nullable(),
  cilj: z.number(),
  bias: z.number().nullable(),
  tea: z.number().nullable(),
  sigma: z.number().nullable(),
});
export type MonthlyRow = z.output<typeof monthlyRowSchema>;
export const monthlyAnswer = successAnswer({ mjesec: z.string(), redovi: z.array(monthlyRowSchema), izvori: z.array(lotSourceSchema) });
export type MonthlyAnswer = z.output<typeof monthlyAnswer>;

const ok = successAnswer({});
export const qcContracts = {
  list: defineCall({
    method: 'GET', path: '/kontrole/list', permission: 'qc.read',
    querystring: listQuerySchema, response: { 200: controlListAnswer, ...failureResponses },
  }),
  definition: defineCall({
    method: 'GET', path: '/kontrole/definicija/:id', permission: 'qc.read',
    params: z.object({ id: pathParam("The lot's _id") }), response: { 200: controlAnswer, ...failureResponses },
  }),
  save: defineCall({
    method: 'POST', path: '/kontrole/definicija/save', permission: 'qc.define',
    body: controlSaveBody, response: { 200: controlSavedAnswer, ...failureResponses },
  }),
  rules: defineCall({
    method: 'GET', path: '/kontrole/pravila', permission: 'qc.read',
    response: { 200: assayRulesListAnswer, ...failureResponses },
  }),
  saveRules: defineCall({
    method: 'POST', path: '/kontrole/pravila/save', permission: 'qc.define',
    body: assayRulesSaveBody, response: { 200: ok, ...failureResponses },
  }),
  entry: defineCall({
    method: 'POST', path: '/kontrole/unos', permission: 'qc.write',
    body: controlEntryBody, response: { 200: controlEntryAnswer, ...failureResponses },
  }),
  results: defineCall({
    method: 'GET', path: '/kontrole/obrada/rezultati', permission: 'qc.read',
    querystring: controlResultsQuery, response: { 200: controlResultsAnswer, ...failureResponses },
  }),
  commentGet: defineCall({
    method: 'POST', path: '/control/comment/get', permission: 'qc.read',
    body: commentGetBody, response: { 200: commentGetAnswer, ...failureResponses },
  }),
  commentSet: defineCall({
    method: 'POST', path: '/control/comment/set', permission: 'qc.write',
    body: commentSetBody, response: { 200: ok, ...failureResponses },
  }),
  exclude: defineCall({
    method: 'POST', path: '/kontrole/pregled/delete/', permission: 'qc.write',
    body: excludeBody, response: { 200: ok, ...failureResponses },
  }),
  chart: defineCall({
    method: 'GET', path: '/kontrole/charts', permission: 'qc.read',
    querystring: chartQuery, response: { 200: chartAnswer, ...failureResponses },
  }),
  monthly: defineCall({
    method: 'GET', path: '/kontrole/mjesecno', permission: 'qc.read',
    querystring: monthlyQuery, response: { 200: monthlyAnswer, ...failureResponses },
  }),
  holds: defineCall({
    method: 'GET', path: '/kontrole/blokade', permission: 'qc.read',
    response: { 200: holdsAnswer, ...failureResponses },
  }),
  correctiveAction: defineCall({
    method: 'POST', path: '/kontrole/korektivna', permission: 'qc.write',
    body: correctiveActionBody, response: { 200: ok, ...failureResponses },
  }),
} as const;
