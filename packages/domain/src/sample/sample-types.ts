import { z } from 'zod';
import { failureResponses, successAnswer } from '../answers.ts';
import { defineCall } from '../call.ts';

/**
 * GET /api/uzorci/tipovi: the lab's sample types (serum, urine, swab...), one
 * catalogue for every site. A sample stores the chosen type's `naziv` in its
 * `type` field, so a label or report shows it without a lookup.
 */
export const sampleTypeEntry = z.object({
  _id: z.string(), sifra: z.string(), naziv: z.string(),
  /** The name on English and German screens; blank shows `naziv`. */
  naziv_en: z.string(), naziv_de: z.string(),
});
export type SampleTypeEntry = z.output<typeof sampleTypeEntry>;

export const sampleTypesAnswer = successAnswer({ tipovi: z.array(sampleTypeEntry) });
export type SampleTypesAnswer = z.output<typeof sampleTypesAnswer>;

export const sampleTypesContract = defineCall({
  method: 'GET', path: '/uzorci/tipovi', permission: 'samples.read',
  response: { 200: sampleTypesAnswer, ...failureResponses },
});
