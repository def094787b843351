import { z } from 'zod';
import { daySchema, failureResponses, fileAnswer, instantSchema, messageCodeSchema, pathParam, pdfBytesSchema, sessionFields, successAnswer } from '../answers.ts';
import { listAnswerSchema, listQuerySchema } from '../list-query.ts';
import { SAMPLE_STATUSES } from '../sample/status.ts';
import { REPORT_JEZICI } from './languages.ts';
import { defineCall } from '../call.ts';

/**
 * The contract of the result-report calls: the report list (/nalazi/pregled),
 * a report's PDF in one language and version, a report's versions, and
 * withdrawing a report from the list. A verified sample's reports are frozen:
 * each version's bytes are stored as issued and never rewritten.
 */

const jezikSchema = z.enum(REPORT_JEZICI);

/**
 * A row of GET /api/nalazi/list: the spec's report list row (`samples` the
 * sample's id, `pdf`, `final`, `final_pdf`, the patient's name) with the
 * sample's code and status, how many versions were issued (`verzija`, the
 * latest), when the latest was issued (`datum`) and its languages. `final`:
 * the sample is verified now (not unlocked); `final_pdf`: and the latest
 * report is of that verification. Final rows are drawn gold, others red.
 * `djelimican`: the latest version is a partial report (sections the
 * autoverification rules released before the rest of the sample).
 */
export const reportListRow = z.object({
  _id: z.string(),
  samples: z.string(),
  code: z.string(),
  pdf: z.boolean(),
  final: z.boolean(),
  final_pdf: z.boolean(),
  djelimican: z.boolean(),
  pacijent: z.string(),
  pid: z.string(),
  ime: z.string(),
  prezime: z.string(),
  jmbg: z.string(),
  status: z.enum(SAMPLE_STATUSES),
  verzija: z.number().int(),
  datum: instantSchema,
  jezici: z.array(jezikSchema),
});
export type ReportListRow = z.output<typeof reportListRow>;
export const reportListAnswer = listAnswerSchema(reportListRow);
export type ReportListAnswer = z.output<typeof reportListAnswer>;

export const reportSidParams = z.object({ sid: pathParam('Sample id (uuid)') });

/** GET /api/nalazi/pdf/{sid}: `jezik` bs | en | de (else the first language of the version), `verzija` 1, 2, ... (else the latest). */
export const reportPdfQuery = z.object({
  jezik: z.enum(REPORT_JEZICI, { error: 'form.invalid' }).optional(),
  verzija: z.coerce.number({ error: 'form.invalid' }).int({ error: 'form.invalid' }).min(1, { error: 'form.invalid' })
    .max(1_000_000, { error: 'form.invalid' }).optional(),
});

/**
 * The spec's report path `samples/{sample}.pdf` (a report list row's `samples` with `.pdf`): `file` is the
 * sample id and the suffix; a name of any other form is a 400 naming `file`.
 */
export const SAMPLE_PDF_FILE = /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})\.pdf$/;
export const samplePdfParams = z.object({
  file: pathParam('The sample id (uuid) followed by .pdf').regex(SAMPLE_PDF_FILE, { error: 'form.invalid' }),
});

/** One issued version of a report (all its languages). */
export const reportVersionSchema = z.object({
  verzija: z.number().int(),
  jezici: z.array(jezikSchema),
  created_at: instantSchema,
  /** Who verified the sample and so issued this version (display name). */
  issued_by: z.string(),
  corrected: z.boolean(),
  /** A partial report: only the results the autoverification rules released with their sections. */
  partial: z.boolean(),
  /** The unlock's reason (or a released result's change), on a corrected version. */
  razlog: z.string().nullable(),
  /** When the version a corrected one replaces was issued. */
  original_issued_at: instantSchema.nullable(),
  /** SHA-256 (hex) of each language's PDF as stored. */
  sha256: z.record(z.string(), z.string()),
});
export type ReportVersion = z.output<typeof reportVersionSchema>;

/** GET /api/nalazi/versions/{sid}: the report's sample and patient, whether it is final or withdrawn, and its versions, newest first. */
export const reportVersionsAnswer = successAnswer({
  nalaz: z.object({
    samples: z.string(),
    code: z.string(),
    status: z.enum(SAMPLE_STATUSES),
    pacijent: z.string(),
    final: z.boolean(),
    withdrawn: z.boolean(),
  }),
  versions: z.array(reportVersionSchema),
});
export type ReportVersionsAnswer = z.output<typeof reportVersionsAnswer>;

/**
 * POST /api/nalazi/delete (the spec's payload: email, token, site, status,
 * idNalaza, flag): withdraws the report of sample `idNalaza` from the report
 * list. A lab keeps what it issued, so the stored versions stay retrievable.
 * `email`, `status` and `flag` are the spec's client's fields; the server
 * decides from the session and the stored report, never from them.
 */
export const reportDeleteRequest = z.object({
  ...sessionFields,
  idNalaza: z.guid({ error: 'form.required' }),
  email: z.string().max(320).optional(),
  status: z.union([z.string().max(100), z.boolean(), z.number()]).optional(),
  flag: z.union([z.string().max(100), z.boolean(), z.number()]).optional(),
});
export const reportDeletedAnswer = successAnswer({ message: z.string(), code: messageCodeSchema });

/**
 * POST /api/nalazi/jezik: issues verified version `verzija` of sample `idNalaza`'s report in one more
 * language, from the content frozen when the version was issued (the same results, ranges, names and
 * signatures; never the catalogue or the patient record as they are now). Not a correction: the version
 * keeps its number. A language the version has already answers what is stored, with `dodan` false.
 */
export const reportLanguageRequest = z.object({
  ...sessionFields,
  idNalaza: z.guid({ error: 'form.required' }),
  verzija: z.number({ error: 'form.required' }).int({ error: 'form.invalid' }).min(1, { error: 'form.invalid' }).max(1_000_000, { error: 'form.invalid' }),
  jezik: z.enum(REPORT_JEZICI, { error: 'form.invalid' }),
});
export const reportLanguageAnswer = successAnswer({
  message: z.string(), code: messageCodeSchema, verzija: z.number().int(), jezik: jezikSchema, sha256: z.string(), dodan: z.boolean(),
});
export type ReportLanguageAnswer = z.output<typeof reportLanguageAnswer>;

/**
 * POST /api/nalazi/posalji: e-mails the report (version `verzija`, the latest without it; every language it
 * has) to the patient's address as it is now, through the outbox: again, or for the first time once an
 * address was added. A patient without an address: 409 nalazi.noEmail.
 */
export const reportSendRequest = z.object({
  ...sessionFields,
  idNalaza: z.guid({ error: 'form.required' }),
  verzija: z.number().int({ error: 'form.invalid' }).min(1, { error: 'form.invalid' }).max(1_000_000, { error: 'form.invalid' }).optional(),
});
export const reportSendAnswer = successAnswer({ message: z.string(), code: messageCodeSchema, outbox: z.string() });
export type ReportSendAnswer = z.output<typeof reportSendAnswer>;

/** GET /api/pacijenti/{id}/kumulativni: the patient (uuid). */
export const cumulativeReportParams = z.object({ id: pathParam('Patient id (uuid)') });

/**
 * The cumulative report's period and language: `od` and `do` are days of the site's calendar (YYYY-MM-DD, both
 * included, `od` not after `do`), `jezik` bs | en | de (without it, the patient's first report language).
 */
export const cumulativeReportQuery = z.object({
  od: daySchema.meta({ description: 'First day (YYYY-MM-DD), included' }),
  do: daySchema.meta({ description: 'Last day (YYYY-MM-DD), included' }),
  jezik: z.enum(REPORT_JEZICI, { error: 'form.invalid' }).optional(),
}).refine((query) => query.od <= query.do, { error: 'dateRange.invalid', path: ['od'] });
export type CumulativeReportQuery = z.input<typeof cumulativeReportQuery>;

/** The report's bytes as stored, sent as they are. */
const pdfBytes = z.custom<Uint8Array>((value) => value instanceof Uint8Array);

export const nalaziContracts = {
  list: defineCall({
    method: 'GET', path: '/nalazi/list', permission: 'reports.read',
    querystring: listQuerySchema, response: { 200: reportListAnswer, ...failureResponses },
  }),
  pdf: defineCall({
    method: 'GET', path: '/nalazi/pdf/:sid', permission: 'reports.read',
    params: reportSidParams,
    querystring: reportPdfQuery,
    response: {
      200: { description: 'The report as issued (PDF).', content: { 'application/pdf': { schema: pdfBytes.meta({ type: 'string', format: 'binary' }) } } },
      ...failureResponses,
    },
  }),
  /** The same report as `pdf`, at the spec's path: GET /api/samples/{sample}.pdf. */
  samplePdf: defineCall({
    method: 'GET', path: '/samples/:file', permission: 'reports.read',
    params: samplePdfParams,
    querystring: reportPdfQuery,
    response: {
      200: { description: 'The report as issued (PDF).', content: { 'application/pdf': { schema: pdfBytes.meta({ type: 'string', format: 'binary' }) } } },
      ...failureResponses,
    },
  }),
  /** A patient's verified results of this site over a period, one table of assays × dates (PDF, rendered on demand, not stored). */
  cumulative: defineCall({
    method: 'GET', path: '/pacijenti/:id/kumulativni', permission: 'reports.read',
    params: cumulativeReportParams,
    querystring: cumulativeReportQuery,
    response: {
      200: fileAnswer('application/pdf', 'The cumulative report (PDF).', pdfBytesSchema),
      ...failureResponses,
    },
  }),
  versions: defineCall({
    method: 'GET', path: '/nalazi/versions/:sid', permission: 'reports.read',
    params: reportSidParams, response: { 200: reportVersionsAnswer, ...failureResponses },
  }),
  /** Handing an issued report out (in another language, or by mail) is the outbox's right: it changes no result. */
  addLanguage: defineCall({
    method: 'POST', path: '/nalazi/jezik', permission: 'outbox.send',
    body: reportLanguageRequest, response: { 200: reportLanguageAnswer, ...failureResponses },
  }),
  send: defineCall({
    method: 'POST', path: '/nalazi/posalji', permission: 'outbox.send',
    body: reportSendRequest, response: { 200: reportSendAnswer, ...failureResponses },
  }),
  delete: defineCall({
    method: 'POST', path: '/nalazi/delete', permission: 'reports.write',
    body: reportDeleteRequest, response: { 200: reportDeletedAnswer, ...failureResponses },
  }),
} as const;
