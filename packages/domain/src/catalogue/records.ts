import { z } from 'zod';

/**
 * The lab's setting records edited as JSON (postavke/<path>/edit): each kind
 * with its call path, the body field that carries the record, where it is
 * kept and its own schema. Records are the lab's, shared by every site. A
 * record with `_id` updates that record, one without creates a new one.
 * Strict objects: an unknown field is refused (a typo would otherwise be
 * saved and silently ignored). `aktivan: false` keeps a record (old samples
 * still name it) but takes it out of the choices of new work.
 */

const id = () => z.guid({ error: 'form.invalid' });
const name = (max = 200) => z.string({ error: 'form.required' }).trim().min(1, 'form.required').max(max);
const optionalText = (max = 300) => z.string().trim().max(max).default('');
const code = () => z.string({ error: 'form.required' }).trim().min(1, 'form.required').max(20)
  .regex(/^[\p{L}\p{N}_.%#+-]+$/u, 'form.invalid');
const active = () => z.boolean().default(true);

/**
 * Referring locations (the sample's "lokacija"): clinics, wards, outside practices. `hl7Host` and `hl7Port`: the
 * location's hospital system for results over HL7 v2 (MLLP), as a partner's: a verified sample naming the location
 * sends it an ORU^R01. Both empty (or absent): none; a host needs a port.
 */
export const locationRecordSchema = z.strictObject({
  _id: id().optional(),
  naziv: name(),
  sifra: optionalText(20),
  adresa: optionalText(),
  telefon: optionalText(50),
  aktivan: active(),
  // No transforms here: the same schema describes the saved record in answers, and an answer is encoded by it.
  hl7Host: z.string({ error: 'partners.hl7HostInvalid' }).trim().max(253, { error: 'partners.hl7HostInvalid' })
    .regex(/^[A-Za-z0-9.:-]*$/, { error: 'partners.hl7HostInvalid' }).default(''),
  hl7Port: z.number({ error: 'partners.hl7PortInvalid' }).int({ error: 'partners.hl7PortInvalid' }).min(1, { error: 'partners.hl7PortInvalid' })
    .max(65535, { error: 'partners.hl7PortInvalid' }).nullable().default(null),
}).superRefine((value, context) => {
  if (value.hl7Host !== '' && value.hl7Port === null) context.addIssue({ code: 'custom', path: ['hl7Port'], message: 'partners.hl7PortInvalid' });
  if (value.hl7Host === '' && value.hl7Port !== null) context.addIssue({ code: 'custom', path: ['hl7Host'], message: 'partners.hl7HostInvalid' });
});

/** Referring doctors; `lokacija` is the id of the location they usually send from. */
export const doctorRecordSchema = z.strictObject({
  _id: id().optional(),
  ime: name(100),
  prezime: name(100),
  titula: optionalText(50),
  specijalnost: optionalText(100),
  sifra: optionalText(20),
  lokacija: id().nullable().default(null),
  aktivan: active(),
});

/** Lab sections (table lab_sections); the report prints its tests grouped by section in `redoslijed`. */
export const sectionRecordSchema = z.strictObject({
  _id: id().optional(),
  sifra: code(),
  naziv: name(),
  /** The name on English and German reports; blank prints the Bosnian naziv. */
  naziv_en: optionalText(200),
  naziv_de: optionalText(200),
  redoslijed: z.number().int().min(0).max(10_000).default(0),
  mikrobiologija: z.boolean().default(false),
});

/** Test groups (panels) ordered together, e.g. "Lipidni status": `testovi` are lab assay ids. */
export const testGroupRecordSchema = z.strictObject({
  _id: id().optional(),
  naziv: name(),
  sifra: optionalText(20),
  testovi: z.array(id()).max(200).default([]),
  redoslijed: z.number().int().min(0).max(10_000).default(0),
  aktivan: active(),
});

/** Reference groups (populations a reference range may be published for, e.g. "Djeca", "Trudnice"). */
export const referenceGroupRecordSchema = z.strictObject({
  _id: id().optional(),
  naziv: name(),
  opis: optionalText(1000),
  aktivan: active(),
});

/** Measurement units offered for assays: `oznaka` as printed (mmol/L), `naziv` in words. */
export const unitRecordSchema = z.strictObject({
  _id: id().optional(),
  oznaka: name(30),
  naziv: optionalText(100),
  aktivan: active(),
});

/** Analyser technologies (photometry, ISE, flow cytometry ...). */
export const technologyRecordSchema = z.strictObject({
  _id: id().optional(),
  naziv: name(),
  opis: optionalText(1000),
  aktivan: active(),
});

/** Analyser types (models); `tehnologija` is the id of a technology record. */
export const analyserTypeRecordSchema = z.strictObject({
  _id: id().optional(),
  naziv: name(),
  proizvodjac: optionalText(100),
  tehnologija: id().nullable().default(null),
  aktivan: active(),
});

/** Sample definitions: the container a sample type is taken in (tube, cap colour, volume). */
export const sampleDefinitionRecordSchema = z.strictObject({
  _id: id().optional(),
  naziv: name(),
  /** The id of the sample type (table sample_types) this container holds. */
  uzorak: id().nullable().default(null),
  spremnik: optionalText(100),
  boja: optionalText(30),
  volumen_ml: z.number().positive().max(1000).nullable().default(null),
  aktivan: active(),
});

/** Sample types (table sample_types): what new samples choose from. */
export const sampleTypeRecordSchema = z.strictObject({
  _id: id().optional(),
  sifra: code(),
  naziv: name(),
  /** The name on English and German screens and reports; blank shows the Bosnian naziv. */
  naziv_en: optionalText(200),
  naziv_de: optionalText(200),
});

/** How one kind of record is reached and kept. `storage` 'table' kinds have a table of their own. */
interface RecordKindSpec<S extends z.ZodType> {
  /** The call path under /api/postavke/ (`${path}/edit`, `${path}/list`). */
  path: string;
  /** The body field of the edit call. */
  bodyField: string;
  storage: 'records' | 'lab_sections' | 'sample_types';
  schema: S;
  /** Fields holding ids of other records, checked to exist before a save. */
  references: Readonly<Record<string, 'lokacija' | 'tehnologija' | 'labassay' | 'sample_type'>>;
  /** Fields the list's 'Pretraga' searches and sorts by (the first is the default sort). */
  listFields: readonly string[];
}

function kind<S extends z.ZodType>(spec: RecordKindSpec<S>): RecordKindSpec<S> {
  return spec;
}

export const SETTING_RECORD_KINDS = {
  lokacija: kind({ path: 'lokacije', bodyField: 'lokacija', storage: 'records', schema: locationRecordSchema, references: {}, listFields: ['naziv', 'sifra'] }),
  doktor: kind({ path: 'doktori', bodyField: 'doktor', storage: 'records', schema: doctorRecordSchema, references: { lokacija: 'lokacija' }, listFields: ['prezime', 'ime', 'sifra'] }),
  sekcija: kind({ path: 'sekcije', bodyField: 'sekcija', storage: 'lab_sections', schema: sectionRecordSchema, references: {}, listFields: ['naziv', 'sifra'] }),
  grupa: kind({ path: 'grupe', bodyField: 'grupa', storage: 'records', schema: testGroupRecordSchema, references: { testovi: 'labassay' }, listFields: ['naziv', 'sifra'] }),
  ref_grupa: kind({ path: 'refgr', bodyField: 'ref_grupa', storage: 'records', schema: referenceGroupRecordSchema, references: {}, listFields: ['naziv'] }),
  jedinica: kind({ path: 'jedinice', bodyField: 'jedinica', storage: 'records', schema: unitRecordSchema, references: {}, listFields: ['oznaka', 'naziv'] }),
  tehnologija: kind({ path: 'tehnologije', bodyField: 'tehnologija', storage: 'records', schema: technologyRecordSchema, references: {}, listFields: ['naziv'] }),
  tip: kind({ path: 'tipovi', bodyField: 'tip', storage: 'records', schema: analyserTypeRecordSchema, references: { tehnologija: 'tehnologija' }, listFields: ['naziv', 'proizvodjac'] }),
  uzorak_def: kind({ path: 'uzorak/def', bodyField: 'uzorak', storage: 'records', schema: sampleDefinitionRecordSchema, references: { uzorak: 'sample_type' }, listFields: ['naziv', 'spremnik'] }),
  uzorak: kind({ path: 'uzorak', bodyField: 'uzorak', storage: 'sample_types', schema: sampleTypeRecordSchema, references: {}, listFields: ['naziv', 'sifra'] }),
} as const;

export type SettingRecordKind = keyof typeof SETTING_RECORD_KINDS;
export const SETTING_RECORD_KIND_NAMES = Object.keys(SETTING_RECORD_KINDS) as SettingRecordKind[];

export function isSettingRecordKind(value: string): value is SettingRecordKind {
  return Object.hasOwn(SETTING_RECORD_KINDS, value);
}

/** A saved record as lists and edits answer it: the kind's fields with its `_id`. */
export type SettingRecord = Record<string, unknown> & { _id: string };

/**
 * Sample entry's referral fields (doctor, referring location) choose from the doctors and locations lists;
 * a lab that wants to may still let them be typed freely, list by list (`slobodan_unos`). Kept lab-wide in
 * setting_records of this type; without a record both lists allow free text, as before the lists existed.
 */
export const REFERRAL_OPTIONS_TYPE = 'referral_options';
export const referralOptionsSchema = z.strictObject({
  doktor: z.boolean({ error: 'form.invalid' }).default(true),
  lokacija: z.boolean({ error: 'form.invalid' }).default(true),
});
export type ReferralOptions = z.output<typeof referralOptionsSchema>;
