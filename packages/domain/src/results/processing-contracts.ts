import { z } from 'zod';
import { daySchema, failureResponses, instantSchema, pathParam, successAnswer } from '../answers.ts';
import { listAnswerSchema, listQuerySchema } from '../list-query.ts';
import { sampleListFilter, sampleListRow } from '../sample/contracts.ts';
import { SAMPLE_STATUSES } from '../sample/status.ts';
import { referencaSchema, resultAnswerFlagSchema } from './contracts.ts';
import { RESULT_KINDS } from './result-kind.ts';
import { defineCall } from '../call.ts';
import { translatedNames } from '../catalogue/names.ts';

/**
 * Contracts of the calls around result entry: the processing list
 * (/obrada/pregled), the results check list (/protokol), the labels printed
 * from the approval screen, the assay settings (predefined comments) and a
 * patient's results over time (/evaluation, the result-multi dialog).
 */

/**
 * A row of GET /api/obrada/list and GET /api/protokol/list: the sample list
 * row, plus how many tests have a result, whether a result is critical
 * (LL/HH) or outside its range, and whether the sample was verified before
 * (an unlocked one is a correction).
 */
export const processingListRow = sampleListRow.extend({
  rezultata: z.number().int(),
  kriticni: z.boolean(),
  abnormalni: z.number().int(),
  verified_once: z.boolean(),
  /** Results taken back for a retest and not yet given again (POST /rezultati/retest). */
  retest: z.number().int().optional(),
  /** Tests a reflex rule added to the sample that still wait for their result (the worklist's 'Refleks' badge). */
  refleks: z.number().int().optional(),
});
export type ProcessingListRow = z.output<typeof processingListRow>;
export const processingListAnswer = listAnswerSchema(processingListRow);
export type ProcessingListAnswer = z.output<typeof processingListAnswer>;

/**
 * GET /api/obrada/list: the list query (its `datum` also takes the worklist
 * presets: RADNA LISTA, every sample not yet approved whatever its date, the
 * default; Mikrobiologija, the microbiology samples not yet approved), plus a
 * status filter (repeatable) and `hitan`.
 */
export const processingListQuery = listQuerySchema.extend(sampleListFilter.shape);

/**
 * GET /api/protokol/list ('Provjera nalaza'): samples waiting for a check
 * (REALIZOVAN: approval, ODOBREN: verification) or carrying a comment and not
 * yet verified. The list query as everywhere; `datum` defaults to SVE.
 */
export const protocolListQuery = listQuerySchema;

/** GET /api/protokol/count: how many samples 'Provjera nalaza' lists (every day), the badge of its sidebar item. */
export const protocolCountAnswer = successAnswer({ count: z.number().int() });
export type ProtocolCountAnswer = z.output<typeof protocolCountAnswer>;

/** GET /api/rezultati/odobravanje/barcodes/{sampleId}/{id}: `date` as dd-mm-yyyy (dots replaced by dashes); without it, the day of the sample. */
export const approvalBarcodesParams = z.object({
  sampleId: pathParam('Sample id (uuid)'),
  id: pathParam('Patient id (uuid) of the sample'),
});
export const approvalBarcodesQuery = z.object({
  date: z.string().regex(/^\d{2}-\d{2}-\d{4}$/, { error: 'form.invalid' }).optional(),
});

/** One label of the approval screen: the patient, the sample's id and registration time, and its label fields. */
export const approvalBarcodeSchema = z.object({
  patient: z.object({ jmbg: z.string(), ime: z.string(), prezime: z.string() }),
  id: z.string(),
  created_at: instantSchema,
  sample: z.object({ pid: z.string(), datum: z.string(), code: z.string() }),
});
/** The labels of every sample the patient gave on that day at this site (the named sample's own first). */
export const approvalBarcodesAnswer = successAnswer({ results: z.array(approvalBarcodeSchema) });
export type ApprovalBarcodesAnswer = z.output<typeof approvalBarcodesAnswer>;

/** GET /api/assays/settings: `settings[0].komentari` is the list of predefined comments ('Izaberite željeni komentar'). */
export const assaySettingsAnswer = successAnswer({ settings: z.array(z.object({ komentari: z.array(z.string()) })) });
export type AssaySettingsAnswer = z.output<typeof assaySettingsAnswer>;

/** GET /api/rezultati/pacijent/{id}: optional `assay` (a sifra, repeatable) narrows the answer to those assays. */
export const patientResultsParams = z.object({ id: pathParam('Patient id (uuid)') });
export const patientResultsQuery = z.object({
  assay: z.union([z.string().max(50), z.array(z.string().max(50)).max(50)]).optional()
    .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value])),
});

/** One result of the patient: its sample, the sample's date, the text as entered, its number when exact, the flag and the sample's status. */
export const patientResultPointSchema = z.object({
  sid: z.string(),
  code: z.string(),
  datum: instantSchema,
  rezultat: z.string(),
  value: z.number().nullable(),
  flag: resultAnswerFlagSchema,
  status: z.enum(SAMPLE_STATUSES),
});

/** An assay the patient has results of, with the reference range that applies today, and the results oldest first. */
export const patientAssaySeriesSchema = z.object({
  sifra: z.string(),
  naziv: z.string(),
  ...translatedNames,
  analit: z.string(),
  jedinica: z.string(),
  decimals: z.number().int(),
  vrsta: z.enum(RESULT_KINDS),
  referenca: referencaSchema,
  points: z.array(patientResultPointSchema),
});
export type PatientAssaySeries = z.output<typeof patientAssaySeriesSchema>;

/**
 * The patient's results at this site over time, assay by assay in report
 * order (/evaluation/{id}, the result-multi dialog). Only samples of the
 * current site; a patient without any answers an empty list.
 */
export const patientResultsAnswer = successAnswer({
  pacijent: z.object({ _id: z.string(), ime: z.string(), prezime: z.string(), jmbg: z.string(), spol: z.string(), datum_rodjenja: daySchema.nullable() }),
  assays: z.array(patientAssaySeriesSchema),
});
export type PatientResultsAnswer = z.output<typeof patientResultsAnswer>;

export const processingContracts = {
  list: defineCall({
    method: 'GET', path: '/obrada/list', permission: 'samples.read',
    querystring: processingListQuery, response: { 200: processingListAnswer, ...failureResponses },
  }),
  protocol: defineCall({
    method: 'GET', path: '/protokol/list', permission: 'samples.read',
    querystring: protocolListQuery, response: { 200: processingListAnswer, ...failureResponses },
  }),
  protocolCount: defineCall({
    method: 'GET', path: '/protokol/count', permission: 'samples.read',
    response: { 200: protocolCountAnswer, ...failureResponses },
  }),
  barcodes: defineCall({
    method: 'GET', path: '/rezultati/odobravanje/barcodes/:sampleId/:id', permission: 'samples.read',
    params: approvalBarcodesParams, querystring: approvalBarcodesQuery, response: { 200: approvalBarcodesAnswer, ...failureResponses },
  }),
  assaySettings: defineCall({
    method: 'GET', path: '/assays/settings', permission: 'samples.read',
    response: { 200: assaySettingsAnswer, ...failureResponses },
  }),
  patientResults: defineCall({
    method: 'GET', path: '/rezultati/pacijent/:id', permission: 'samples.read',
    params: patientResultsParams, querystring: patientResultsQuery, response: { 200: patientResultsAnswer, ...failureResponses },
  }),
} as const;
