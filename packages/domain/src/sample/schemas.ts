import { z } from 'zod';
import { toIsoDate } from '../calendar-date.ts';
import { EARLIEST_DAY } from '../date-range.ts';
import { jmbgSchema } from '../patient/schemas.ts';
import { SPOL_VALUES } from '../spol.ts';
import { SAMPLE_STATUSES } from './status.ts';

/**
 * Request contracts of the sample calls (spec section 7), shared by the
 * server and the sample-entry screen. Issue messages are message-catalogue
 * codes. Unknown fields (token, site, email, jmbgObj of older clients) are ignored.
 */

export const SAMPLE_LIMITS = { tests: 200, komentar: 2000, lokacija: 200, doktor: 200, tip: 100, type: 100, menstc: 40, code: 40 } as const;

const optionalText = (max: number) => z.string().trim().max(max).nullish().transform((value) => value ?? '');
/** Left out stays left out (an edit keeps the stored value); null clears to ''. */
const keptText = (max: number) => z.string().trim().max(max).nullish().transform((value) => (value === null ? '' : value));

/** A test is named by its lab assay id, or by an object carrying `labassay` (the shape of a test entry). */
const testReference = z.union([z.guid(), z.object({ labassay: z.guid() }).transform((entry) => entry.labassay)]);

const testList = z.array(testReference).max(SAMPLE_LIMITS.tests).transform((ids) => [...new Set(ids)]);

/** Referring location: its name, or an object { lokacija } as the sample answer carries it. */
const lokacijaSchema = z.union([
  z.string().trim().max(SAMPLE_LIMITS.lokacija),
  z.object({ lokacija: z.string().trim().max(SAMPLE_LIMITS.lokacija).nullish() }).transform((value) => value.lokacija ?? ''),
]).nullish().transform((value) => (value === null ? '' : value));

/** When the sample was taken: not before the earliest selectable day, not in the future (checked by the server against its clock). */
const datumSchema = z.iso.datetime({ offset: true })
  .refine((value) => value.slice(0, 10) >= toIsoDate(EARLIEST_DAY), { error: 'sample.datumInvalid' });

const clinicalFields = {
  trudnica: z.boolean().optional(),
  /** Phase or day of the menstrual cycle as the requester gives it ('' when not relevant). */
  menstc: keptText(SAMPLE_LIMITS.menstc),
  anticoag: z.boolean().optional(),
  menopauza: z.boolean().optional(),
};

const descriptiveFields = {
  hitan: z.boolean().optional(),
  lokacija: lokacijaSchema,
  doktor: keptText(SAMPLE_LIMITS.doktor),
  tip: z.string().trim().min(1).max(SAMPLE_LIMITS.tip).optional(),
  type: keptText(SAMPLE_LIMITS.type),
  datum: datumSchema.optional(),
};

/** POST /api/uzorci/save: a new sample (status ZAPRIMLJEN) for a patient, by id or jmbg. */
export const sampleSaveRequest = z.object({
  pid: z.guid().optional(),
  jmbg: jmbgSchema.optional(),
  testovi: testList.refine((ids) => ids.length > 0, { error: 'form.required' }),
  komentar: optionalText(SAMPLE_LIMITS.komentar),
  ...clinicalFields,
  ...descriptiveFields,
}).refine((value) => value.pid !== undefined || value.jmbg !== undefined, { error: 'form.required', path: ['pid'] });
export type SampleSaveRequest = z.output<typeof sampleSaveRequest>;

/** The age the client derived; the server derives it again from the ID and uses its own. */
const jmbgObjSchema = z.object({ years: z.number().int().min(0).max(200), months: z.number().int().min(0).max(11), days: z.number().int().min(0).max(31) });

/**
 * POST /api/uzorci/update: the sample edit dialog. `testovi` is the full list
 * of tests the sample should have; left out, the tests stay as they are.
 * Other fields left out keep their values.
 */
export const sampleUpdateRequest = z.object({
  sid: z.guid({ error: 'form.required' }),
  jmbg: jmbgSchema.optional(),
  spol: z.enum(SPOL_VALUES).optional(),
  jmbgObj: jmbgObjSchema.optional(),
  testovi: testList.optional(),
  ...clinicalFields,
  ...descriptiveFields,
});
export type SampleUpdateRequest = z.output<typeof sampleUpdateRequest>;

/** POST /api/uzorci/labassay/tip: the picker's tests of a section, filtered for the patient. */
export const labassayTipRequest = z.object({
  /** Section id or sifra; empty or left out: every section. */
  sekcija: z.string().trim().max(100).nullish().transform((value) => value ?? ''),
  /** Assay kind (lab_assays.tip), e.g. 'Standard'; empty: every kind. */
  tip: z.string().trim().max(SAMPLE_LIMITS.tip).nullish().transform((value) => value ?? ''),
  pid: z.guid().optional(),
  jmbg: jmbgSchema.optional(),
  spol: z.enum(SPOL_VALUES).optional(),
  trudnica: z.boolean().optional(),
  menopauza: z.boolean().optional(),
});
export type LabassayTipRequest = z.output<typeof labassayTipRequest>;

/** POST /api/uzorci/delete. */
export const sampleDeleteRequest = z.object({ id: z.guid({ error: 'form.required' }), email: z.string().max(254).optional() });

/** POST /api/uzorci/komentar/{id}. */
export const sampleCommentRequest = z.object({ komentar: z.string({ error: (issue) => (issue.input === undefined ? 'form.required' : undefined) }).max(SAMPLE_LIMITS.komentar) });

/** POST /api/uzorci/hitan: sets (true) or clears (false) the urgent star. */
export const sampleUrgentRequest = z.object({ id: z.guid({ error: 'form.required' }), hitan: z.boolean({ error: 'form.required' }) });

/** POST /api/uzorci/prijem: a scanned barcode. */
export const sampleReceptionRequest = z.object({
  code: z.string({ error: (issue) => (issue.input === undefined ? 'form.required' : undefined) }).trim().min(1, { error: 'form.required' }).max(SAMPLE_LIMITS.code),
});

/** Extra filter of GET /api/uzorci/list beside the list query: one or more statuses. */
export const sampleListFilter = z.object({
  status: z.union([z.enum(SAMPLE_STATUSES), z.array(z.enum(SAMPLE_STATUSES)).max(SAMPLE_STATUSES.length)]).optional()
    .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value])),
  hitan: z.enum(['true', 'false']).optional().transform((value) => (value === undefined ? undefined : value === 'true')),
});
