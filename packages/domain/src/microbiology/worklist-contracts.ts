import { z } from 'zod';
import { failureResponses, instantSchema } from '../answers.ts';
import { listAnswerSchema, listQuerySchema } from '../list-query.ts';
import { SAMPLE_STATUSES } from '../sample/status.ts';
import { defineCall } from '../call.ts';
import { translatedNames } from '../catalogue/names.ts';

/**
 * Where a culture stands, in the order the work goes:
 * - postavljena  set up: the culture test is ordered and plated, nothing read yet (no culture saved);
 * - ocitana      read: the culture is saved without an isolate (no growth);
 * - izolati      isolates identified: organisms are named, no antibiogram yet;
 * - antibiogram  an isolate has its antibiogram;
 * - verificirana the sample's results are verified (the report is out).
 */
export const CULTURE_STAGES = ['postavljena', 'ocitana', 'izolati', 'antibiogram', 'verificirana'] as const;
export type CultureStage = (typeof CULTURE_STAGES)[number];

/**
 * GET /api/mikrobiologija/list (/mikrobiologija, the microbiology work list): the site's culture tests of the
 * chosen period (the list query; the screen opens on DANAS), optionally of one specimen (`materijal`, the
 * start of the culture's specimen, case ignored), one organism grown (`organizam`, an organism code) or one
 * stage (`faza`).
 */
export const microWorkListQuery = listQuerySchema.extend({
  materijal: z.string().trim().max(100, { error: 'form.invalid' }).optional(),
  organizam: z.string().trim().max(40, { error: 'form.invalid' }).optional(),
  faza: z.enum(CULTURE_STAGES, { error: 'form.invalid' }).optional(),
});

/** One culture test of a sample: the sample and patient, the test, the specimen, the organisms grown and the stage. */
export const microWorkListRow = z.object({
  /** The sample test (the culture test). */
  _id: z.string(),
  sid: z.string(),
  pid: z.string(),
  code: z.string(),
  status: z.enum(SAMPLE_STATUSES),
  hitan: z.boolean(),
  created_at: instantSchema,
  ime: z.string(),
  prezime: z.string(),
  sifra: z.string(),
  naziv: z.string(),
  ...translatedNames,
  /** The culture's specimen, or the assay's sample type before the culture is saved. */
  materijal: z.string(),
  /** Growth as read: null before the culture is saved. */
  rast: z.boolean().nullable(),
  /** The organisms grown, in entry order (scientific names). */
  izolati: z.array(z.string()),
  faza: z.enum(CULTURE_STAGES),
});
export type MicroWorkListRow = z.output<typeof microWorkListRow>;
export const microWorkListAnswer = listAnswerSchema(microWorkListRow);
export type MicroWorkListAnswer = z.output<typeof microWorkListAnswer>;

export const microWorkListContracts = {
  list: defineCall({
    method: 'GET', path: '/mikrobiologija/list', permission: 'samples.read',
    querystring: microWorkListQuery, response: { 200: microWorkListAnswer, ...failureResponses },
  }),
} as const;
