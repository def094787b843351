import { z } from 'zod';
import { SPOL_VALUES } from '../spol.ts';
import { PATIENT_LIMITS, REPORT_LANGUAGES, isValidEmail, normaliseName } from './intake.ts';
import { MIN_BIRTH_YEAR, isValidJmbg } from './personal-id.ts';
import { SYMPTOM_KEYS, hasSymptomAnswer, normaliseSymptoms, type SymptomKey } from './symptoms.ts';

/**
 * Request contracts of the patient calls (spec section 7), shared by the
 * server and the intake form. Issue messages are message-catalogue codes, so
 * a refused field answers with the spec's own text. Unknown fields (token,
 * site, id) are ignored.
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

/**
 * A birth year typed in the patient-data dialog; used only when the ID itself
 * does not carry the birth. The schema checks the form (a whole year from
 * 1921); that it is not after the current year is isPossibleBirthYear with
 * the site's day, which the server's service and the form supply.
 */
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
};

/** POST /api/pacijenti/unos/find and POST /api/uzorci/patient (by jmbg). */
export const patientFindRequest = z.object({ jmbg: jmbgSchema });
export type PatientFindRequest = z.output<typeof patientFindRequest>;

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

/** POST /api/uzorci/patient: the patient of the sample-entry screen, by jmbg or by id. */
export const samplePatientRequest = z.object({
  jmbg: jmbgSchema.optional(),
  pid: z.guid().optional(),
}).refine((value) => value.jmbg !== undefined || value.pid !== undefined, { error: 'form.required', path: ['jmbg'] });
export type SamplePatientRequest = z.output<typeof samplePatientRequest>;
