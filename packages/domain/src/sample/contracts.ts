import { z } from 'zod';
import { daySchema, failureResponses, instantSchema, messageCodeSchema, pathParam, successAnswer } from '../answers.ts';
import { toIsoDate } from '../calendar-date.ts';
import { EARLIEST_DAY } from '../date-range.ts';
import { listAnswerSchema, listQuerySchema } from '../list-query.ts';
import { jmbgSchema, samplePatientRequest, storedSpolSchema } from '../patient/contracts.ts';
import { SPOL_VALUES } from '../spol.ts';
import { SAMPLE_ACTIONS } from './actions.ts';
import { SAMPLE_STATUSES } from './status.ts';
import { defineCall } from '../call.ts';
import { translatedNames } from '../catalogue/names.ts';

/**
 * The contract of every sample call: the request (body, query, path) and the
 * answers per status, shared by the server (validation, serialisation,
 * OpenAPI) and the sample screens (types, form rules). Request issue messages
 * are message-catalogue codes. Unknown request fields (token, site, email,
 * jmbgObj of older clients) are ignored.
 */

export const SAMPLE_LIMITS = { tests: 200, komentar: 2000, lokacija: 200, doktor: 200, tip: 100, type: 100, menstc: 40, code: 40 } as const;

const optionalText = (max: number) => z.string().trim().max(max).nullish().transform((value) => value ?? '');
/** Left out stays left out (an edit keeps the stored value); null clears to ''. */
const keptText = (max: number) => z.string().trim().max(max).nullish().transform((value) => (value === null ? '' : value));

/** A test is named by its lab assay id, or by an object carrying `labassay` (the shape of a test entry). */
const testReference = z.union([z.guid(), z.object({ labassay: z.guid() }).transform((entry) => entry.labassay)]);

const testList = z.array(testReference).max(SAMPLE_LIMITS.tests).transform((ids) => [...new Set(ids)]);

/**
 * The test panels the tests were added with (panel ids of the calling site): a listed test of such a panel
 * is marked as the panel's and priced as the panel says (see test-panels/panels.ts). Left out: no new panel.
 */
const panelList = z.array(z.guid({ error: 'form.invalid' })).max(50).transform((ids) => [...new Set(ids)]).optional();

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
  /** The partner that orders the sample (its price list prices the tests); null clears it, left out keeps it. */
  partner: z.guid({ error: 'form.invalid' }).nullish(),
};

/** POST /api/uzorci/save: a new sample (status ZAPRIMLJEN) for a patient, by id or jmbg. */
export const sampleSaveRequest = z.object({
  pid: z.guid().optional(),
  jmbg: jmbgSchema.optional(),
  testovi: testList.refine((ids) => ids.length > 0, { error: 'form.required' }),
  paneli: panelList,
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
  paneli: panelList,
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
  /** The sample's ordering partner: prices are that partner's where its price list has the test. */
  partner: z.guid().nullish(),
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

// ---------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------

const statusSchema = z.enum(SAMPLE_STATUSES);
/** Exact decimal text of an amount in KM ("4.50"). */
const priceSchema = z.string().regex(/^-?\d+(\.\d+)?$/);
const testClassSchema = z.enum(['Lab', 'Man', 'Calc']);

/** The age as the spec's jmbgObj carries it: whole years, then whole months, then days. */
export const ageSchema = z.object({ years: z.number().int(), months: z.number().int(), days: z.number().int() });

/** POST /api/uzorci/patient: the patient header of the sample-entry screen. */
export const samplePatientSchema = z.object({
  _id: z.string(),
  id: z.string(),
  ime: z.string(),
  prezime: z.string(),
  jmbg: z.string(),
  spol: storedSpolSchema,
  godiste: z.number().int().nullable(),
  datum_rodjenja: daySchema.nullable(),
  /** Age from the ID on today's date at the site; null when the ID does not tell the birth. */
  jmbgObj: ageSchema.nullable(),
  starost_dana: z.number().int().nullable(),
});
export type SamplePatient = z.output<typeof samplePatientSchema>;
export const samplePatientAnswer = successAnswer({ pacijent: samplePatientSchema });
export type SamplePatientAnswer = z.output<typeof samplePatientAnswer>;

/** A test the picker offers; price is exact decimal text. */
export const pickerTestSchema = z.object({
  _id: z.string(),
  sifra: z.string(),
  naziv: z.string(),
  ...translatedNames,
  price: priceSchema,
  analit: z.string(),
  jedinica: z.string(),
  sekcija: z.string(),
  manual: z.boolean(),
  calculated: z.boolean(),
  /** Components (lab assay ids) a calculated test is computed from. */
  calculatedTests: z.array(z.string()),
  disabled: z.boolean(),
  tip: z.string(),
  klasa: testClassSchema,
  /** The sample type (id) the test is done from; null when the catalogue does not say. */
  sample_type: z.string().nullable(),
  /** Hours after collection the test can still be measured, per sample type id (null: any type); empty: no limit known. */
  stabilnost: z.array(z.object({ uzorak: z.string().nullable(), sati: z.number().int() })).default([]),
});
export type PickerTest = z.output<typeof pickerTestSchema>;

export const pickerSectionSchema = z.object({ _id: z.string(), sifra: z.string(), naziv: z.string(), ...translatedNames, redoslijed: z.number().int() });
export type PickerSection = z.output<typeof pickerSectionSchema>;

/** POST /api/uzorci/labassay/tip. */
export const pickerAnswer = successAnswer({
  testovi: z.array(pickerTestSchema),
  sekcije: z.array(pickerSectionSchema),
  starost_dana: z.number().int().nullable(),
  spol: z.enum(SPOL_VALUES).nullable(),
});
export type PickerAnswer = z.output<typeof pickerAnswer>;

/** A test on a sample (the spec's test entry). */
export const sampleTestSchema = z.object({
  _id: z.string(),
  labassay: z.string(),
  ime_testa: z.string(),
  /** The catalogue's English and German names of the test (ime_testa is the Bosnian one). */
  ...translatedNames,
  sifra: z.string(),
  analit: z.string(),
  jedinica: z.string(),
  sekcija: z.string(),
  sekcija_naziv: z.string(),
  sekcija_naziv_en: z.string(),
  sekcija_naziv_de: z.string(),
  manual: z.boolean(),
  calculated: z.boolean(),
  klasa: testClassSchema,
  /** It has a result, or a calculated test on the sample is computed from it: it cannot be removed. */
  disable: z.boolean(),
  price: priceSchema,
  status_t: z.string(),
  /** The calculated test that pulled it in at price 0. */
  component_of: z.string().nullable(),
  /** The test panel it came with (its price is a share of the panel's when the panel is charged as one); null: picked alone. */
  panel: z.string().nullable(),
});
export type SampleTest = z.output<typeof sampleTestSchema>;

/** A sample as the show, save and update calls answer it (`uzorak`). */
export const uzorakSchema = z.object({
  _id: z.string(),
  id: z.string(),
  sid: z.string(),
  code: z.string(),
  /** The day's running number of the code. */
  pacijentRBr: z.number().int(),
  pid: z.string(),
  status: statusSchema,
  hitan: z.boolean(),
  tip: z.string(),
  type: z.string(),
  pdf_exists: z.boolean(),
  komentar: z.string(),
  /** When the sample was taken. */
  datum: instantSchema,
  /** Its time of day at the site, HH:mm. */
  vrijeme: z.string(),
  tags: z.array(z.string()),
  created_at: instantSchema,
  updated_at: instantSchema,
  received_at: instantSchema.nullable(),
  patient: z.object({ _id: z.string(), ime: z.string(), prezime: z.string(), jmbg: z.string(), spol: storedSpolSchema, godiste: z.number().int().nullable() }),
  jmbgObj: ageSchema.nullable(),
  starost_dana: z.number().int().nullable(),
  lokacija: z.object({ lokacija: z.string() }),
  doktor: z.string(),
  /** The ordering partner, whose price list prices the tests; null when none. */
  partner: z.object({ _id: z.string(), naziv: z.string() }).nullable(),
  trudnica: z.boolean(),
  menstc: z.string(),
  anticoag: z.boolean(),
  menopauza: z.boolean(),
  sekcija: z.array(z.object({ _id: z.string(), naziv: z.string() })),
  tests: z.array(sampleTestSchema),
  /** The sum of the tests' prices. */
  ukupno: priceSchema,
  /** What the status allows (allowedSampleActions), so screens need not repeat the rule. */
  actions: z.array(z.enum(SAMPLE_ACTIONS)),
}).meta({ id: 'Uzorak' });
export type Uzorak = z.output<typeof uzorakSchema>;

export const sampleResultsSchema = z.object({
  rezultati: z.array(z.object({ labassay: z.string(), rezultat: z.string().nullable(), rezultat_f: z.string().nullable() })),
});

/** The sample and its results. */
export const sampleView = z.object({ uzorak: uzorakSchema, rezultat: sampleResultsSchema });
export type SampleView = z.output<typeof sampleView>;

/** GET /api/uzorci/show/{sid}. */
export const sampleShowAnswer = successAnswer(sampleView.shape);
export type SampleShowAnswer = z.output<typeof sampleShowAnswer>;
/** POST /api/uzorci/save (201) and /api/uzorci/update (200). */
export const sampleSavedAnswer = successAnswer({ message: z.string(), code: messageCodeSchema, ...sampleView.shape });
export type SampleSavedAnswer = z.output<typeof sampleSavedAnswer>;

/** POST /api/uzorci/delete. */
export const sampleDeletedAnswer = successAnswer({ message: z.string(), code: messageCodeSchema });

export const sampleIdParams = z.object({ id: pathParam('Sample id (uuid)') });
export const sampleShowParams = z.object({ sid: pathParam('Sample id (uuid), or its code as scanned from the label') });

/** GET /api/uzorci/komentar/{id}. */
export const sampleCommentAnswer = successAnswer({ komentar: z.string() });
/** POST /api/uzorci/komentar/{id}. */
export const sampleCommentSavedAnswer = successAnswer({ komentar: z.string(), message: z.string(), code: messageCodeSchema });
/** POST /api/uzorci/hitan. */
export const sampleUrgentAnswer = successAnswer({ hitan: z.boolean() });
export type SampleUrgentAnswer = z.output<typeof sampleUrgentAnswer>;

/** POST /api/uzorci/prijem: `received` false when the sample was already past ZAPRIMLJEN (nothing changed). */
export const sampleReceptionAnswer = successAnswer({
  received: z.boolean(),
  message: z.string(),
  code: messageCodeSchema,
  uzorak: z.object({
    _id: z.string(), code: z.string(), status: statusSchema, hitan: z.boolean(), pacijentRBr: z.number().int(),
    received_at: instantSchema.nullable(), pid: z.string(),
  }),
});
export type SampleReceptionAnswer = z.output<typeof sampleReceptionAnswer>;

/** What a label shows (GET /api/uzorci/barcode/{id}); `datum` is dd.mm.yyyy in the site's zone. */
export const labelDataSchema = z.object({
  code: z.string(),
  pacijentRBr: z.number().int(),
  godiste: z.number().int().nullable(),
  datum: z.string(),
  ime: z.string(),
  prezime: z.string(),
  hitan: z.boolean(),
});
export type LabelData = z.output<typeof labelDataSchema>;
export const labelDataAnswer = successAnswer(labelDataSchema.shape);

/** A row of GET /api/uzorci/list. */
export const sampleListRow = z.object({
  _id: z.string(),
  code: z.string(),
  pacijentRBr: z.number().int(),
  status: statusSchema,
  hitan: z.boolean(),
  tip: z.string(),
  type: z.string(),
  datum: instantSchema,
  lokacija: z.string(),
  doktor: z.string(),
  komentar: z.string(),
  pdf_exists: z.boolean(),
  created_at: instantSchema,
  updated_at: instantSchema,
  pid: z.string(),
  ime: z.string(),
  prezime: z.string(),
  jmbg: z.string(),
  godiste: z.number().int().nullable(),
  testova: z.number().int(),
  ukupno: priceSchema,
});
export type SampleListRow = z.output<typeof sampleListRow>;
export const sampleListAnswer = listAnswerSchema(sampleListRow);
export type SampleListAnswer = z.output<typeof sampleListAnswer>;
export const sampleListQuery = listQuerySchema.extend(sampleListFilter.shape);

export const sampleContracts = {
  patient: defineCall({
    method: 'POST', path: '/uzorci/patient', permission: 'patients.read',
    body: samplePatientRequest, response: { 200: samplePatientAnswer, ...failureResponses },
  }),
  picker: defineCall({
    method: 'POST', path: '/uzorci/labassay/tip', permission: 'samples.read',
    body: labassayTipRequest, response: { 200: pickerAnswer, ...failureResponses },
  }),
  save: defineCall({
    method: 'POST', path: '/uzorci/save', permission: 'samples.write',
    body: sampleSaveRequest, response: { 201: sampleSavedAnswer, ...failureResponses },
  }),
  update: defineCall({
    method: 'POST', path: '/uzorci/update', permission: 'samples.write',
    body: sampleUpdateRequest, response: { 200: sampleSavedAnswer, ...failureResponses },
  }),
  show: defineCall({
    method: 'GET', path: '/uzorci/show/:sid', permission: 'samples.read',
    params: sampleShowParams, response: { 200: sampleShowAnswer, ...failureResponses },
  }),
  delete: defineCall({
    method: 'POST', path: '/uzorci/delete', permission: 'samples.write',
    body: sampleDeleteRequest, response: { 200: sampleDeletedAnswer, ...failureResponses },
  }),
  comment: defineCall({
    method: 'GET', path: '/uzorci/komentar/:id', permission: 'samples.read',
    params: sampleIdParams, response: { 200: sampleCommentAnswer, ...failureResponses },
  }),
  setComment: defineCall({
    method: 'POST', path: '/uzorci/komentar/:id', permission: 'samples.write',
    params: sampleIdParams, body: sampleCommentRequest, response: { 200: sampleCommentSavedAnswer, ...failureResponses },
  }),
  urgent: defineCall({
    method: 'POST', path: '/uzorci/hitan', permission: 'samples.write',
    body: sampleUrgentRequest, response: { 200: sampleUrgentAnswer, ...failureResponses },
  }),
  reception: defineCall({
    method: 'POST', path: '/uzorci/prijem', permission: 'samples.write',
    body: sampleReceptionRequest, response: { 200: sampleReceptionAnswer, ...failureResponses },
  }),
  label: defineCall({
    method: 'GET', path: '/uzorci/barcode/:id', permission: 'samples.read',
    params: sampleIdParams, response: { 200: labelDataAnswer, ...failureResponses },
  }),
  list: defineCall({
    method: 'GET', path: '/uzorci/list', permission: 'samples.read',
    querystring: sampleListQuery, response: { 200: sampleListAnswer, ...failureResponses },
  }),
} as const;
