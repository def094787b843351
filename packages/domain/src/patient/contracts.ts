import { z } from 'zod';
import { daySchema, failureAnswer, failureResponses, instantSchema, messageCodeSchema, pathParam, successAnswer } from '../answers.ts';
import { listAnswerSchema, listQuerySchema } from '../list-query.ts';
import { isMessageCode, type MessageCode } from '../messages.ts';
import { SAMPLE_STATUSES } from '../sample/status.ts';
import { SPOL_VALUES } from '../spol.ts';
import { PATIENT_LIMITS, REPORT_LANGUAGES, isValidEmail, normaliseName } from './intake.ts';
import { MIN_BIRTH_YEAR, isValidJmbg } from './personal-id.ts';
import { SYMPTOM_KEYS, hasSymptomAnswer, normaliseSymptoms, type SymptomKey } from './symptoms.ts';
import { defineCall } from '../call.ts';

/**
 * The contract of every patient call: the request (body, query, path) and the
 * answers per status, shared by the server (validation, serialisation,
 * OpenAPI) and the web app (types, form rules). Request issue messages are
 * message-catalogue codes, so a refused field answers with the spec's own
 * text. Unknown request fields (token, site, id) are ignored.
 */

/** A missing field is 'Unesite obavezna polja.', a field of the wrong type a generic invalid-input answer. */
const requiredError = (issue: { input?: unknown }) => (issue.input === undefined || issue.input === null ? 'form.required' : undefined);

export const jmbgSchema = z.string({ error: requiredError })
  .trim()
  .toUpperCase()
  .max(13, { error: 'patient.jmbgInvalid' })
  .refine(isValidJmbg, { error: 'patient.jmbgInvalid' });

function requiredText(max: number) {
  return z.string({ error: requiredError }).trim().min(1, { error: 'form.required' }).max(max);
}

function optionalText(max: number) {
  return z.string().trim().max(max).nullish().transform((value) => value ?? '');
}

const nameSchema = (max: number) => requiredText(max).transform(normaliseName);

const spolSchema = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim().toUpperCase() : value),
  z.enum(SPOL_VALUES, { error: 'form.required' }),
);

const emailSchema = z.string().trim().max(PATIENT_LIMITS.email, { error: 'patient.emailInvalid' }).nullish()
  .transform((value) => value ?? '')
  .refine((value) => value === '' || isValidEmail(value), { error: 'patient.emailInvalid' });

const symptomShape = Object.fromEntries(SYMPTOM_KEYS.map((key) => [key, z.boolean().optional()])) as Record<SymptomKey, z.ZodOptional<z.ZodBoolean>>;

/** The 14 flags; 'no symptoms' clears the others; at least one must be ticked. */
export const symptomsSchema = z.object(symptomShape, { error: requiredError })
  .refine(hasSymptomAnswer, { error: 'form.required' })
  .transform(normaliseSymptoms);

/** Report languages: the multi-select's values; a single value is taken as a list of one. */
export const reportLanguagesSchema = z.preprocess(
  (value) => (typeof value === 'string' ? (value === '' ? [] : [value]) : value ?? []),
  z.array(z.enum(REPORT_LANGUAGES)).max(REPORT_LANGUAGES.length),
).transform((values) => [...new Set(values)]);

/** A birth year typed in the patient-data dialog; used only when the ID itself does not carry the birth. */
export const godisteSchema = z.union([z.number(), z.string().trim().regex(/^\d{4}$/).transform(Number)], { error: 'patient.birthYearInvalid' })
  .refine((year) => Number.isInteger(year) && year >= MIN_BIRTH_YEAR && year <= 9999, { error: 'patient.birthYearInvalid' })
  .nullish();

const patientFields = {
  jmbg: jmbgSchema,
  ime: nameSchema(PATIENT_LIMITS.ime),
  prezime: nameSchema(PATIENT_LIMITS.prezime),
  spol: spolSchema,
  adresa: requiredText(PATIENT_LIMITS.adresa),
  telefon: requiredText(PATIENT_LIMITS.telefon),
  email: emailSchema,
  passport: optionalText(PATIENT_LIMITS.passport),
  language: reportLanguagesSchema,
  symptoms: symptomsSchema,
  note: optionalText(PATIENT_LIMITS.note),
  /** Referring location (patient-data dialog). */
  lokacija: optionalText(PATIENT_LIMITS.lokacija),
  godiste: godisteSchema,
  /** Smoking and diabetes: in the spec's payload, sent empty by its form; kept as given. */
  duhan: optionalText(100),
  dijabetes: optionalText(100),
  /** Consent to the patient portal: a verification then mails a one-time code (off unless sent true). */
  portal_consent: z.boolean({ error: 'form.invalid' }).optional(),
};

/** POST /api/pacijenti/unos/find and POST /api/uzorci/patient (by jmbg). */
export const patientFindRequest = z.object({ jmbg: jmbgSchema });

/** POST /api/pacijenti/unos/save: the intake form. */
export const patientSaveRequest = z.object(patientFields);
export type PatientSaveRequest = z.output<typeof patientSaveRequest>;

/**
 * POST /api/pacijenti/detalji/update/{id}: the patient edit dialog sends every
 * field, the patient-data dialog only godiste, adresa, lokacija and note; a
 * field left out keeps its value, a field sent is checked as on intake.
 */
export const patientUpdateRequest = z.object(patientFields).partial();
export type PatientUpdateRequest = z.output<typeof patientUpdateRequest>;

/** What the intake and patient edit forms hold: the save request's fields as typed. */
export interface IntakeForm {
  jmbg: string;
  ime: string;
  prezime: string;
  spol: string;
  adresa: string;
  telefon: string;
  email?: string | undefined;
  passport?: string | undefined;
  language?: readonly string[] | undefined;
  symptoms: Partial<Record<string, boolean>>;
  note?: string | undefined;
}

export type PatientField = keyof z.input<typeof patientSaveRequest>;

export interface IntakeProblem {
  field: PatientField;
  code: MessageCode;
}

/**
 * Why the intake (or edit) form cannot be saved yet, by the very schema the
 * server saves with (`patientSaveRequest`), so the form and the server can
 * never disagree: a valid ID, ime, prezime, spol, adresa and telefon filled,
 * a symptom answer, an e-mail that looks like one when given, and every text
 * within its length limit. One problem per field, in the form's order; a
 * problem whose message is not a catalogue code is 'form.invalid'. Empty
 * means save is enabled.
 */
export function intakeProblems(form: IntakeForm): IntakeProblem[] {
  const result = patientSaveRequest.safeParse(form);
  if (result.success) return [];
  const problems: IntakeProblem[] = [];
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field !== 'string' || !(field in patientFields) || problems.some((problem) => problem.field === field)) continue;
    problems.push({ field: field as PatientField, code: isMessageCode(issue.message) ? issue.message : 'form.invalid' });
  }
  return problems;
}

export function canSaveIntake(form: IntakeForm): boolean {
  return intakeProblems(form).length === 0;
}

/** POST /api/uzorci/patient: the patient of the sample-entry screen, by jmbg or by id. */
export const samplePatientRequest = z.object({
  jmbg: jmbgSchema.optional(),
  pid: z.guid().optional(),
}).refine((value) => value.jmbg !== undefined || value.pid !== undefined, { error: 'form.required', path: ['jmbg'] });

// ---------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------

/** A patient's sex as stored: MUŠKI, ŽENSKI, or '' for a record that has none. */
export const storedSpolSchema = z.enum([...SPOL_VALUES, '']);

const symptomFlags = Object.fromEntries(SYMPTOM_KEYS.map((key) => [key, z.boolean()])) as Record<SymptomKey, z.ZodBoolean>;

/** A patient as the find, save, detail and update calls answer it; `_id` and `id` are both the uuid. */
export const patientSchema = z.object({
  _id: z.string(),
  id: z.string(),
  jmbg: z.string(),
  ime: z.string(),
  prezime: z.string(),
  spol: storedSpolSchema,
  /** From the ID; null when the ID does not carry the birth date. */
  datum_rodjenja: daySchema.nullable(),
  godiste: z.number().int().nullable(),
  adresa: z.string(),
  telefon: z.string(),
  email: z.string(),
  passport: z.string(),
  /** Report languages. */
  language: z.array(z.enum(REPORT_LANGUAGES)),
  /** The 14 symptom flags, every one present. */
  symptoms: z.object(symptomFlags),
  note: z.string(),
  lokacija: z.string(),
  duhan: z.string(),
  dijabetes: z.string(),
  /** The patient agreed to the patient portal (a verification mails a one-time code). */
  portal_consent: z.boolean(),
  created_at: instantSchema,
  updated_at: instantSchema,
}).meta({ id: 'Patient' });
export type Patient = z.output<typeof patientSchema>;

/** 409: the ID is already registered; `pacijent` is the patient who has it, so the form can offer 'Prijem' for them. */
export const patientDuplicateAnswer = failureAnswer.extend({ pacijent: patientSchema.optional() });
export type PatientDuplicateAnswer = z.output<typeof patientDuplicateAnswer>;

/** POST /api/pacijenti/unos/find. */
export const patientFindAnswer = z.union([
  successAnswer({ exists: z.literal(true), message: z.string(), code: messageCodeSchema, pacijent: patientSchema }),
  successAnswer({ exists: z.literal(false), pacijent: z.null() }),
]);
export type PatientFindAnswer = z.output<typeof patientFindAnswer>;

/** The save (201) and update (200) answer. */
export const patientSavedAnswer = successAnswer({ pacijent: patientSchema });
export type PatientSavedAnswer = z.output<typeof patientSavedAnswer>;

/** A path parameter naming a patient. */
export const patientIdParams = z.object({ id: pathParam('Patient id (uuid)') });

/** A row of GET /api/pacijenti/list. */
export const patientListRow = z.object({
  _id: z.string(),
  jmbg: z.string(),
  ime: z.string(),
  prezime: z.string(),
  spol: storedSpolSchema,
  godiste: z.number().int().nullable(),
  datum_rodjenja: daySchema.nullable(),
  adresa: z.string(),
  telefon: z.string(),
  lokacija: z.string(),
  created_at: instantSchema,
  /** The patient's samples at this site that are not VERIFICIRAN yet. */
  nezavrseni: z.number().int(),
});
export type PatientListRow = z.output<typeof patientListRow>;
export const patientListAnswer = listAnswerSchema(patientListRow);
export type PatientListAnswer = z.output<typeof patientListAnswer>;

/** A row of GET /api/pacijenti/{id}/uzorci: an uncompleted sample of the patient at this site. */
export const uncompletedSampleRow = z.object({
  _id: z.string(),
  code: z.string(),
  status: z.enum(SAMPLE_STATUSES),
  hitan: z.boolean(),
  tip: z.string(),
  datum: instantSchema,
  created_at: instantSchema,
  /** How many tests the sample has. */
  testova: z.number().int(),
});
export type UncompletedSampleRow = z.output<typeof uncompletedSampleRow>;
export const uncompletedSamplesAnswer = listAnswerSchema(uncompletedSampleRow);
export type UncompletedSamplesAnswer = z.output<typeof uncompletedSamplesAnswer>;

export const patientContracts = {
  find: defineCall({
    method: 'POST', path: '/pacijenti/unos/find', permission: 'patients.read',
    body: patientFindRequest, response: { 200: patientFindAnswer, ...failureResponses },
  }),
  save: defineCall({
    method: 'POST', path: '/pacijenti/unos/save', permission: 'patients.write',
    body: patientSaveRequest, response: { 201: patientSavedAnswer, 409: patientDuplicateAnswer, ...failureResponses },
  }),
  detail: defineCall({
    method: 'GET', path: '/pacijenti/detalji/:id', permission: 'patients.read',
    params: patientIdParams, response: { 200: patientSavedAnswer, ...failureResponses },
  }),
  update: defineCall({
    method: 'POST', path: '/pacijenti/detalji/update/:id', permission: 'patients.write',
    params: patientIdParams, body: patientUpdateRequest,
    response: { 200: patientSavedAnswer, 409: patientDuplicateAnswer, ...failureResponses },
  }),
  list: defineCall({
    method: 'GET', path: '/pacijenti/list', permission: 'patients.read',
    querystring: listQuerySchema, response: { 200: patientListAnswer, ...failureResponses },
  }),
  uncompletedSamples: defineCall({
    method: 'GET', path: '/pacijenti/:id/uzorci', permission: 'samples.read',
    params: patientIdParams, querystring: listQuerySchema, response: { 200: uncompletedSamplesAnswer, ...failureResponses },
  }),
} as const;
