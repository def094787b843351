import { z } from 'zod';
import { failureResponses } from '../answers.ts';
import { sampleIdParams } from '../sample/contracts.ts';

/**
 * The printable labels answer files, not JSON: a one-page PDF and ZPL II text.
 * Their success answers are described by media type; refusals are the common
 * failure answer.
 */
const file = <T extends z.ZodType>(mediaType: string, description: string, schema: T) => ({
  description,
  content: { [mediaType]: { schema: schema.meta({ type: 'string', format: 'binary' }) } },
});

/** The PDF's bytes, sent as they are (never serialised as JSON). */
const pdfBytes = z.custom<Uint8Array>((value) => value instanceof Uint8Array);

export const labelContracts = {
  pdf: {
    params: sampleIdParams,
    response: { 200: file('application/pdf', 'The label as a one-page PDF.', pdfBytes), ...failureResponses },
  },
  zpl: {
    params: sampleIdParams,
    response: { 200: file('text/plain', 'The label as ZPL II text (UTF-8).', z.string()), ...failureResponses },
  },
} as const;
