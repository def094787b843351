import { z } from 'zod';
import { failureResponses, fileAnswer, pdfBytesSchema } from '../answers.ts';
import { sampleIdParams } from '../sample/contracts.ts';
import { defineCall } from '../call.ts';

/**
 * The printable labels answer files, not JSON: a one-page PDF and ZPL II text.
 * Their success answers are described by media type; refusals are the common
 * failure answer.
 */
export const labelContracts = {
  pdf: defineCall({
    method: 'GET', path: '/uzorci/barcode/:id/pdf', permission: 'samples.read',
    params: sampleIdParams,
    response: { 200: fileAnswer('application/pdf', 'The label as a one-page PDF.', pdfBytesSchema), ...failureResponses },
  }),
  zpl: defineCall({
    method: 'GET', path: '/uzorci/barcode/:id/zpl', permission: 'samples.read',
    params: sampleIdParams,
    response: { 200: fileAnswer('text/plain', 'The label as ZPL II text (UTF-8).', z.string()), ...failureResponses },
  }),
} as const;
