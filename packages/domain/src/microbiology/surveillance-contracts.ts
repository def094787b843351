import { z } from 'zod';
import { failureResponses, fileAnswer, instantSchema, pdfBytesSchema, sessionFields, successAnswer } from '../answers.ts';
import { defineCall } from '../call.ts';

/**
 * The surveillance calls of microbiology: the cumulative antibiogram of the caller's site over a period
 * (JSON for the screen, XLSX to keep), and the WHONET export of the period's isolates. The period is the
 * date-range picker's (ISO instants, the end inclusive, or whole days at the site), counted by the date the
 * specimen was taken; only verified samples count.
 */

const instantOrDay = z.union([z.iso.datetime({ offset: true }), z.iso.date()], { error: 'form.invalid' });
const requiredRangeEnd = z.union([z.undefined(), instantOrDay]).refine((value) => value !== undefined, { error: 'form.required' });

const periodFields = {
  dateRangeMin: requiredRangeEnd,
  dateRangeMax: requiredRangeEnd,
  /** Only cultures of this specimen (as the lab names it, exactly); absent or empty: every specimen. */
  materijal: z.string().trim().max(120, { error: 'form.invalid' }).optional(),
};

export const cumulativeQuery = z.object({
  ...periodFields,
  /** The language of the XLSX headings; the user's language when absent. */
  jezik: z.enum(['bs', 'en', 'de']).optional(),
  ...sessionFields,
});
export type CumulativeQuery = z.output<typeof cumulativeQuery>;

const cumulativeCellSchema = z.object({
  ab: z.string(),
  testirano: z.number().int(),
  s: z.number().int(),
  i: z.number().int(),
  r: z.number().int(),
  postoS: z.number().int(),
  postoI: z.number().int(),
  postoR: z.number().int(),
  postoSI: z.number().int(),
});

export const cumulativeAnswer = successAnswer({
  /** The period as instants: from (inclusive) and before (exclusive). */
  od: instantSchema,
  do: instantSchema,
  materijal: z.string().nullable(),
  /** The specimens of the site's verified cultures in the period: the specimen filter's choices. */
  materijali: z.array(z.string()),
  antibiotici: z.array(z.object({ ab: z.string(), naziv: z.string(), grupa: z.string() })),
  redovi: z.array(z.object({
    organizam: z.object({ mo: z.string(), naziv: z.string() }),
    izolata: z.number().int(),
    /** Fewer than 30 first isolates (CLSI M39): shown, marked statistically unreliable. */
    nepouzdano: z.boolean(),
    celije: z.array(cumulativeCellSchema),
  })),
  svihIzolata: z.number().int(),
  prvihIzolata: z.number().int(),
  /** The fewest first isolates that make a row reliable (30). */
  minIzolata: z.number().int(),
});
export type CumulativeAnswer = z.output<typeof cumulativeAnswer>;

export const whonetExportRequest = z.object({
  ...periodFields,
  /** WHONET's COUNTRY_A: the country's ISO 3166 alpha-3 code (BIH). */
  zemlja: z.string({ error: 'form.required' }).trim().toUpperCase().regex(/^[A-Z]{3}$/, { error: 'form.invalid' }),
  /** WHONET's LABORATORY: the lab's code as WHONET knows it (up to 3 letters or digits). */
  laboratorija: z.string({ error: 'form.required' }).trim().toUpperCase().regex(/^[A-Z0-9]{1,3}$/, { error: 'form.invalid' }),
  ...sessionFields,
});
export type WhonetExportRequest = z.input<typeof whonetExportRequest>;

export const surveillanceContracts = {
  cumulative: defineCall({
    method: 'GET', path: '/mikrobiologija/kumulativni-antibiogram', permission: 'reports.read',
    querystring: cumulativeQuery, response: { 200: cumulativeAnswer, ...failureResponses },
  }),
  cumulativeXlsx: defineCall({
    method: 'GET', path: '/mikrobiologija/kumulativni-antibiogram/xlsx', permission: 'reports.read',
    querystring: cumulativeQuery,
    response: {
    200: fileAnswer('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'The cumulative antibiogram as an Excel workbook.', pdfBytesSchema),
    ...failureResponses,
    },
  }),
  whonet: defineCall({
    method: 'POST', path: '/mikrobiologija/whonet', permission: 'results.verify',
    body: whonetExportRequest,
    response: {
    200: fileAnswer('text/tab-separated-values', 'The period\'s isolates as a WHONET flat file (UTF-8, tab-separated).', pdfBytesSchema),
    ...failureResponses,
    },
  }),
} as const;
