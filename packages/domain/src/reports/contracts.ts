import { z } from 'zod';
import { failureResponses, fileAnswer, instantSchema, pdfBytesSchema, successAnswer } from '../answers.ts';
import { REPORT_FLAGS } from '../settings/general-options.ts';
import { defineCall } from '../call.ts';

/**
 * The calls of 'Izvještaji': GET /api/izvjestaji/{report} answers a report
 * of the caller's site over a date range as JSON (the screen), `/pdf` and
 * `/xlsx` the same report as a file. Each report needs its session report
 * flag (403 without it).
 */

/** Rows one page of a per-sample report holds at most. */
export const REPORT_MAX_PER_PAGE = 500;
/** Rows an export holds at most; a longer range is refused, naming the range's end. */
export const REPORT_EXPORT_MAX_ROWS = 20_000;

const instantOrDay = z.union([z.iso.datetime({ offset: true }), z.iso.date()], { error: 'form.invalid' });

export const reportParams = z.object({ report: z.enum(REPORT_FLAGS, { error: 'form.invalid' }).meta({ description: 'The report: its session flag' }) });

export const reportQuery = z.object({
  /** The range's start and (inclusive) end: ISO instants as the date-range picker gives them, or days. */
  dateRangeMin: z.union([z.undefined(), instantOrDay]).refine((value) => value !== undefined, { error: 'form.required' }),
  dateRangeMax: z.union([z.undefined(), instantOrDay]).refine((value) => value !== undefined, { error: 'form.required' }),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(REPORT_MAX_PER_PAGE).default(100),
  /** The language of an export's headings (the web's language); the user's language when absent. */
  jezik: z.enum(['bs', 'en', 'de']).optional(),
});
export type ReportQuery = z.output<typeof reportQuery>;

const reportCell = z.union([z.string(), z.number(), z.null()]);

export const reportAnswer = successAnswer({
  izvjestaj: z.enum(REPORT_FLAGS),
  /** The range asked for, as instants: from (inclusive) and before (exclusive). */
  od: instantSchema,
  do: instantSchema,
  rows: z.array(z.record(z.string(), reportCell)),
  /** Figures over the whole range (REPORT_DEFINITIONS[report].summary). */
  sazetak: z.record(z.string(), reportCell),
  pagination: z.object({ page: z.number().int(), per_page: z.number().int(), total: z.number().int() }),
});
export type ReportAnswer = z.output<typeof reportAnswer>;

export const reportContracts = {
  show: defineCall({
    method: 'GET', path: '/izvjestaji/:report', permission: 'reports.read',
    params: reportParams, querystring: reportQuery, response: { 200: reportAnswer, ...failureResponses },
  }),
  pdf: defineCall({
    method: 'GET', path: '/izvjestaji/:report/pdf', permission: 'reports.read',
    params: reportParams, querystring: reportQuery,
    response: { 200: fileAnswer('application/pdf', 'The report as PDF.', pdfBytesSchema), ...failureResponses },
  }),
  xlsx: defineCall({
    method: 'GET', path: '/izvjestaji/:report/xlsx', permission: 'reports.read',
    params: reportParams, querystring: reportQuery,
    response: {
      200: fileAnswer('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'The report as an Excel workbook.', pdfBytesSchema),
      ...failureResponses,
    },
  }),
} as const;
