import { z } from 'zod';
import { daySchema, failureResponses, fileAnswer, instantSchema, pathParam, pdfBytesSchema, successAnswer } from '../answers.ts';
import { SAMPLE_STATUSES } from '../sample/status.ts';
import { defineCall } from '../call.ts';

/**
 * The pro-forma invoice (predračun) of a patient's samples at the caller's
 * site: GET /api/predracun/{patient}?uzorci=id,id answers the PDF,
 * GET /api/predracun/{patient}/pregled the same invoice as JSON for the
 * screen, GET /api/predracun/{patient}/uzorci the patient's samples the
 * sample table dialog offers with their 'include' checkbox.
 */

/** At most this many samples on one invoice (a patient's visits of a few weeks). */
export const INVOICE_MAX_SAMPLES = 50;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const invoiceParams = z.object({ patient: pathParam('Patient id (uuid)') });

/** `uzorci`: the samples' ids separated by commas (repeats count once). */
export const invoiceQuery = z.object({
  uzorci: z.string({ error: 'form.required' }).max(INVOICE_MAX_SAMPLES * 40)
    .transform((value, context) => {
      const ids = [...new Set(value.split(',').map((id) => id.trim().toLowerCase()).filter((id) => id !== ''))];
      if (ids.length === 0) {
        context.addIssue({ code: 'custom', message: 'form.required' });
        return z.NEVER;
      }
      if (ids.length > INVOICE_MAX_SAMPLES || ids.some((id) => !UUID.test(id))) {
        context.addIssue({ code: 'custom', message: 'form.invalid' });
        return z.NEVER;
      }
      return ids;
    })
    .meta({ description: 'Sample ids (uuid) separated by commas' }),
});

export const invoiceTestSchema = z.object({
  sifra: z.string(),
  naziv: z.string(),
  /** Exact decimal text in KM ('12.50'). */
  cijena: z.string(),
  ukljuceno_u: z.string().nullable(),
});

export const invoiceSampleSchema = z.object({
  _id: z.string(),
  code: z.string(),
  datum: instantSchema,
  testovi: z.array(invoiceTestSchema),
  ukupno: z.string(),
});

export const letterheadSchema = z.object({
  labName: z.string(),
  labAddress: z.string(),
  reportHeader: z.string(),
  reportFooter: z.string(),
  site: z.object({ sifra: z.string(), naziv: z.string(), adresa: z.string() }),
});
export type Letterhead = z.output<typeof letterheadSchema>;

export const invoiceSchema = z.object({
  broj: z.string(),
  /** The day of issue at the site. */
  datum: daySchema,
  valuta: z.literal('KM'),
  zaglavlje: letterheadSchema,
  pacijent: z.object({
    _id: z.string(), ime: z.string(), prezime: z.string(), jmbg: z.string(), godiste: z.number().int().nullable(), adresa: z.string(),
  }),
  uzorci: z.array(invoiceSampleSchema),
  ukupno: z.string(),
});
export type Invoice = z.output<typeof invoiceSchema>;
export const invoiceAnswer = successAnswer({ predracun: invoiceSchema });
export type InvoiceAnswer = z.output<typeof invoiceAnswer>;

/** A sample the dialog offers for the invoice: its total and when it was last changed (ticked by default when that is today). */
export const invoiceCandidateSchema = z.object({
  _id: z.string(),
  code: z.string(),
  datum: instantSchema,
  updated_at: instantSchema,
  status: z.enum(SAMPLE_STATUSES),
  testova: z.number().int(),
  ukupno: z.string(),
});
export type InvoiceCandidate = z.output<typeof invoiceCandidateSchema>;
export const invoiceCandidatesAnswer = successAnswer({ uzorci: z.array(invoiceCandidateSchema) });
export type InvoiceCandidatesAnswer = z.output<typeof invoiceCandidatesAnswer>;

export const invoiceContracts = {
  pdf: defineCall({
    method: 'GET', path: '/predracun/:patient', permission: 'samples.read',
    params: invoiceParams,
    querystring: invoiceQuery,
    response: {
      200: fileAnswer('application/pdf', 'The pro-forma invoice as PDF.', pdfBytesSchema),
      ...failureResponses,
    },
  }),
  show: defineCall({
    method: 'GET', path: '/predracun/:patient/pregled', permission: 'samples.read',
    params: invoiceParams, querystring: invoiceQuery, response: { 200: invoiceAnswer, ...failureResponses },
  }),
  candidates: defineCall({
    method: 'GET', path: '/predracun/:patient/uzorci', permission: 'samples.read',
    params: invoiceParams, response: { 200: invoiceCandidatesAnswer, ...failureResponses },
  }),
} as const;
