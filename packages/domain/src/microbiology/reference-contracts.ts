import { z } from 'zod';
import { failureResponses, instantSchema, sessionFields, successAnswer } from '../answers.ts';
import { defineCall } from '../call.ts';

/**
 * The reference data screen's calls (/mikrobiologija/referentni-podaci): the imported breakpoint guidelines
 * (one per year: EUCAST 2025, EUCAST 2026 …) and the upload of a new one. Every culture keeps the guideline
 * it was interpreted with; a new guideline is used by new cultures, and by an older one only when it is
 * re-interpreted on purpose.
 */

/** The size of the largest file a set holds (the intrinsic-resistance table, about 4.6 MB), with room. */
export const REFERENCE_UPLOAD_LIMITS = { file: 12 * 1_048_576, body: 24 * 1_048_576, attribution: 600 } as const;

export const REFERENCE_UPLOAD_FILES = ['breakpoints', 'antimicrobials', 'organisms', 'intrinsic'] as const;
export type ReferenceUploadFile = (typeof REFERENCE_UPLOAD_FILES)[number];

export const referenceGuidelineSchema = z.object({
  guideline: z.string(),
  /** Clinical breakpoint rows of the guideline. */
  breakpoints: z.number().int(),
  importedAt: instantSchema,
  attribution: z.string(),
  intrinsicSource: z.string(),
  /** Cultures interpreted with it. */
  kulture: z.number().int(),
});
export type ReferenceGuideline = z.output<typeof referenceGuidelineSchema>;

const fileText = z.string({ error: 'form.invalid' }).max(REFERENCE_UPLOAD_LIMITS.file, { error: 'micro.referenceTooLarge' });

export const referenceImportRequest = z.object({
  /** The files' texts (TSV as published with the AMR package); the breakpoints are required. */
  datoteke: z.object({
    breakpoints: fileText.min(1, { error: 'form.required' }),
    antimicrobials: fileText.optional(),
    organisms: fileText.optional(),
    intrinsic: fileText.optional(),
  }, { error: 'form.required' }),
  /** Source and licence of the data, printed with every interpretation; empty: the AMR package's. */
  atribucija: z.string().trim().max(REFERENCE_UPLOAD_LIMITS.attribution, { error: 'form.invalid' }).optional(),
  ...sessionFields,
});
export type ReferenceImportRequest = z.input<typeof referenceImportRequest>;

export const referenceImportSummarySchema = z.object({
  guideline: z.string(),
  breakpoints: z.number().int(),
  organisms: z.number().int(),
  antimicrobials: z.number().int(),
  intrinsic: z.number().int(),
  /** Organism codes of breakpoint rows the organism table does not hold: those rows match no isolate. */
  unknownOrganisms: z.array(z.string()),
});
export type ReferenceImportSummary = z.output<typeof referenceImportSummarySchema>;

export const referenceContracts = {
  list: defineCall({
    method: 'GET', path: '/mikrobiologija/referentni-podaci', permission: 'samples.read',
    querystring: z.object({ ...sessionFields,
  }),
    response: { 200: successAnswer({ setovi: z.array(referenceGuidelineSchema) }), ...failureResponses },
  }),
  upload: defineCall({
    method: 'POST', path: '/mikrobiologija/referentni-podaci/import', permission: 'settings.write',
    body: referenceImportRequest, response: { 200: successAnswer({ uvoz: referenceImportSummarySchema }), ...failureResponses },
  }),
} as const;
