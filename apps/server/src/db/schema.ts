import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { bosnianSortKeySql, searchFoldSql } from './bosnian-sort-key.ts';

const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const sites = pgTable('sites', {
  id: id(),
  sifra: text('sifra').notNull(),
  naziv: text('naziv').notNull(),
  name: text('name').notNull(),
  mjesta: jsonb('mjesta').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  adresa: text('adresa').notNull().default(''),
  timeZone: text('time_zone').notNull().default('Europe/Sarajevo'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [uniqueIndex('sites_sifra_key').on(t.sifra)]);

export const users = pgTable('users', {
  id: id(),
  email: text('email').notNull(),
  passwordHash: text('password_hash').notNull(),
  ime: text('ime').notNull().default(''),
  prezime: text('prezime').notNull().default(''),
  accessLevel: integer('access_level').notNull().default(1),
  role: text('role').notNull(),
  language: text('language').notNull().default('bs'),
  /** Seconds without activity before the session ends. */
  idleTime: integer('idle_time').notNull().default(28_800),
  defaultRoute: text('default_route').notNull().default('/statistika'),
  pidBcode: boolean('pid_bcode').notNull().default(false),
  customer: boolean('customer').notNull().default(false),
  disabled: boolean('disabled').notNull().default(false),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [uniqueIndex('users_email_key').on(sql`lower(${t.email})`)]);

export const userSites = pgTable('user_sites', {
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  siteId: uuid('site_id').notNull().references(() => sites.id, { onDelete: 'cascade' }),
}, (t) => [primaryKey({ columns: [t.userId, t.siteId] })]);

export const sessions = pgTable('sessions', {
  id: id(),
  /** sha256 of the bearer token; the token itself is never stored. */
  tokenHash: text('token_hash').notNull(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  siteId: uuid('site_id').notNull().references(() => sites.id),
  ip: text('ip').notNull().default(''),
  userAgent: text('user_agent').notNull().default(''),
  createdAt: createdAt(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  idleSeconds: integer('idle_seconds').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  endedAt: timestamp('ended_at', { withTimezone: true }),
  endReason: text('end_reason'),
}, (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_idx').on(t.userId)]);

export const loginAttempts = pgTable('login_attempts', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  email: text('email').notNull(),
  ip: text('ip').notNull(),
  success: boolean('success').notNull(),
  reason: text('reason').notNull(),
  createdAt: createdAt(),
}, (t) => [
  index('login_attempts_email_idx').on(t.email, t.createdAt),
  index('login_attempts_ip_idx').on(t.ip, t.createdAt),
]);

/** Append-only: rows are never updated or deleted. */
export const auditLog = pgTable('audit_log', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  userId: uuid('user_id'),
  siteId: uuid('site_id'),
  action: text('action').notNull(),
  entity: text('entity').notNull(),
  entityId: text('entity_id').notNull(),
  field: text('field'),
  oldValue: jsonb('old_value'),
  newValue: jsonb('new_value'),
  reason: text('reason'),
  requestId: text('request_id'),
}, (t) => [index('audit_log_entity_idx').on(t.entity, t.entityId, t.at)]);

/** Who looked at which record (patient charts): read access is logged, not only writes. */
export const accessLog = pgTable('access_log', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  userId: uuid('user_id').notNull(),
  siteId: uuid('site_id'),
  entity: text('entity').notNull(),
  entityId: text('entity_id').notNull(),
  requestId: text('request_id'),
}, (t) => [index('access_log_entity_idx').on(t.entity, t.entityId, t.at)]);

/** Setting records edited as JSON objects: locations, doctors, groups, units, ... */
export const settingRecords = pgTable('setting_records', {
  id: id(),
  siteId: uuid('site_id').references(() => sites.id),
  type: text('type').notNull(),
  data: jsonb('data').$type<Record<string, unknown>>().notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [index('setting_records_type_idx').on(t.type, t.siteId)]);

export const labSections = pgTable('lab_sections', {
  id: id(),
  sifra: text('sifra').notNull(),
  naziv: text('naziv').notNull(),
  redoslijed: integer('redoslijed').notNull().default(0),
  mikrobiologija: boolean('mikrobiologija').notNull().default(false),
}, (t) => [uniqueIndex('lab_sections_sifra_key').on(t.sifra)]);

export const sampleTypes = pgTable('sample_types', {
  id: id(),
  sifra: text('sifra').notNull(),
  naziv: text('naziv').notNull(),
}, (t) => [uniqueIndex('sample_types_sifra_key').on(t.sifra)]);

export const labAssays = pgTable('lab_assays', {
  id: id(),
  sifra: text('sifra').notNull(),
  naziv: text('naziv').notNull(),
  /** Short analyte name printed in narrow columns (advised max 30 characters). */
  analit: text('analit').notNull(),
  sekcijaId: uuid('sekcija_id').notNull().references(() => labSections.id),
  sampleTypeId: uuid('sample_type_id').references(() => sampleTypes.id),
  jedinica: text('jedinica').notNull().default(''),
  /** Price in KM as exact decimal. */
  price: numeric('price', { precision: 10, scale: 2 }).notNull().default('0'),
  manual: boolean('manual').notNull().default(false),
  calculated: boolean('calculated').notNull().default(false),
  /** Formula over component assay codes, e.g. "CHOL - HDL - TG/2.2". */
  formula: text('formula'),
  /** Ids of the component assays of a calculated test. */
  calculatedTests: jsonb('calculated_tests').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  decimals: integer('decimals').notNull().default(2),
  criticalLow: numeric('critical_low'),
  criticalHigh: numeric('critical_high'),
  disabled: boolean('disabled').notNull().default(false),
  tip: text('tip').notNull().default('Standard'),
  redoslijed: integer('redoslijed').notNull().default(0),
  /** How a result is given: a number, free text, or negative/positive (see @lis/domain result kind). */
  vrsta: text('vrsta').notNull().default('numeric'),
  /** Qualitative assays: the grades one of which a positive result must name (e.g. "+", "++", "+++"); empty: a plain positive. */
  opcije: jsonb('opcije').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  /** Delta check: 'absolute' (in the assay's unit) or 'percent' of the previous verified value; null: no delta check. */
  deltaKind: text('delta_kind'),
  deltaLimit: numeric('delta_limit'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  uniqueIndex('lab_assays_sifra_key').on(t.sifra),
  index('lab_assays_sekcija_idx').on(t.sekcijaId),
  check('lab_assays_vrsta_check', sql`${t.vrsta} in ('numeric', 'text', 'qualitative')`),
  check('lab_assays_delta_check', sql`(${t.deltaKind} is null and ${t.deltaLimit} is null) or (${t.deltaKind} in ('absolute', 'percent') and ${t.deltaLimit} > 0)`),
]);

export const referenceRanges = pgTable('reference_ranges', {
  id: id(),
  labassayId: uuid('labassay_id').notNull().references(() => labAssays.id, { onDelete: 'cascade' }),
  /** null: both sexes. */
  spol: text('spol'),
  ageMinDays: integer('age_min_days').notNull().default(0),
  ageMaxDays: integer('age_max_days').notNull().default(54_750),
  /** null: regardless of pregnancy. */
  trudnica: boolean('trudnica'),
  /** null: regardless of menopause (ranges of the sex hormones differ after it). */
  menopauza: boolean('menopauza'),
  low: numeric('low'),
  high: numeric('high'),
  /** Text reference for qualitative tests, e.g. "Negativan". */
  tekst: text('tekst'),
}, (t) => [index('reference_ranges_labassay_idx').on(t.labassayId)]);

/**
 * Patients belong to the lab, not to a site: every site of the lab sees them.
 * jmbg is UNIQUE in the database, so two saves of one ID can never both
 * succeed, however they race. Field names are the spec's.
 */
export const patients = pgTable('patients', {
  id: id(),
  /** Personal ID, or a placeholder ending in P (see @lis/domain personal-id). */
  jmbg: text('jmbg').notNull(),
  ime: text('ime').notNull(),
  prezime: text('prezime').notNull(),
  /** Keys that sort ime and prezime in Bosnian alphabetical order (Č after C, Dž after D, Ž after Z), kept by the database. */
  imeSort: text('ime_sort').notNull().generatedAlwaysAs(bosnianSortKeySql('ime')),
  prezimeSort: text('prezime_sort').notNull().generatedAlwaysAs(bosnianSortKeySql('prezime')),
  /** ime and prezime without case and diacritics (ČOLIĆ -> colic), so 'Pretraga' finds them typed without, kept by the database. */
  imeSearch: text('ime_search').notNull().generatedAlwaysAs(searchFoldSql('ime')),
  prezimeSearch: text('prezime_search').notNull().generatedAlwaysAs(searchFoldSql('prezime')),
  /** MUŠKI or ŽENSKI. */
  spol: text('spol').notNull(),
  /** Derived from jmbg when it carries the date. */
  datumRodjenja: date('datum_rodjenja', { mode: 'string' }),
  /** Derived from jmbg when it carries the year; typed in the patient-data dialog otherwise. */
  godiste: integer('godiste'),
  adresa: text('adresa').notNull().default(''),
  telefon: text('telefon').notNull().default(''),
  email: text('email').notNull().default(''),
  /** Identification document number. */
  passport: text('passport').notNull().default(''),
  /** Report languages: 'Bosanski jezik', 'Engleski jezik', 'Njemački jezik'. */
  language: text('language').array().notNull().default(sql`'{}'::text[]`),
  /** The 14 symptom flags of the intake checklist. */
  symptoms: jsonb('symptoms').$type<Record<string, boolean>>().notNull().default(sql`'{}'::jsonb`),
  note: text('note').notNull().default(''),
  /** Referring location. */
  lokacija: text('lokacija').notNull().default(''),
  /** Smoking and diabetes: part of the spec's payload, sent empty by its form. */
  duhan: text('duhan').notNull().default(''),
  dijabetes: text('dijabetes').notNull().default(''),
  createdBy: uuid('created_by').references(() => users.id),
  updatedBy: uuid('updated_by').references(() => users.id),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  uniqueIndex('patients_jmbg_key').on(t.jmbg),
  // Prefix search ('Pretraga') on lower(col) LIKE 'word%', whatever the database collation.
  index('patients_jmbg_search_idx').on(sql`lower(${t.jmbg}) text_pattern_ops`),
  index('patients_prezime_search_idx').on(sql`lower(${t.prezime}) text_pattern_ops`),
  index('patients_ime_search_idx').on(sql`lower(${t.ime}) text_pattern_ops`),
  // The list's sort by prezime or ime (the id breaks ties, as list-query orders).
  index('patients_prezime_sort_idx').on(t.prezimeSort, t.id),
  index('patients_ime_sort_idx').on(t.imeSort, t.id),
  index('patients_prezime_fold_search_idx').on(sql`lower(${t.prezimeSearch}) text_pattern_ops`),
  index('patients_ime_fold_search_idx').on(sql`lower(${t.imeSearch}) text_pattern_ops`),
  // Ascending: a backward scan serves ORDER BY created_at DESC, id DESC (a DESC index would be NULLS LAST and not match).
  index('patients_created_idx').on(t.createdAt, t.id),
]);

/** A sample (uzorak) of a patient, taken at one site. */
export const samples = pgTable('samples', {
  id: id(),
  siteId: uuid('site_id').notNull().references(() => sites.id),
  patientId: uuid('patient_id').notNull().references(() => patients.id),
  /** Barcode on the tube: yymmdd + the day's running number (see @lis/domain sample code). Never reused. */
  code: text('code').notNull(),
  /** The day's running number within the lab, printed on the label as pacijentRBr. */
  rbr: integer('rbr').notNull(),
  status: text('status').notNull().default('ZAPRIMLJEN'),
  hitan: boolean('hitan').notNull().default(false),
  /** Kind of sample work: 'Standard', or a microbiology type with its bracketed subtype. */
  tip: text('tip').notNull().default('Standard'),
  /** Sample material (serum, plasma, urine ...). */
  type: text('type').notNull().default(''),
  trudnica: boolean('trudnica').notNull().default(false),
  /** Phase or day of the menstrual cycle. */
  menstc: text('menstc').notNull().default(''),
  anticoag: boolean('anticoag').notNull().default(false),
  menopauza: boolean('menopauza').notNull().default(false),
  /** Referring location. */
  lokacija: text('lokacija').notNull().default(''),
  doktor: text('doktor').notNull().default(''),
  komentar: text('komentar').notNull().default(''),
  tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
  /** When the sample was taken. */
  datum: timestamp('datum', { withTimezone: true }).notNull().defaultNow(),
  /** When the lab received the tube (scan at /barcode): ZAPRIMLJEN -> U OBRADI. */
  receivedAt: timestamp('received_at', { withTimezone: true }),
  pdfExists: boolean('pdf_exists').notNull().default(false),
  /**
   * Optimistic lock of the result screen: every change of results or status
   * adds one, and a save naming an older version is refused (409), so two
   * people never silently overwrite each other.
   */
  version: integer('version').notNull().default(0),
  approvedAt: timestamp('approved_at', { withTimezone: true }),
  approvedBy: uuid('approved_by').references(() => users.id),
  verifiedAt: timestamp('verified_at', { withTimezone: true }),
  verifiedBy: uuid('verified_by').references(() => users.id),
  /** Verified at least once: its results were released, so changing one after an unlock needs a reason. */
  verifiedOnce: boolean('verified_once').notNull().default(false),
  /** Who was told of the sample's critical values and when ({ ko, kada }), recorded at verification. */
  obavijesten: jsonb('obavijesten').$type<{ ko: string; kada: string }>(),
  createdBy: uuid('created_by').references(() => users.id),
  updatedBy: uuid('updated_by').references(() => users.id),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  uniqueIndex('samples_code_key').on(t.code),
  // The list's newest-first order is a backward scan of these (see db/list-query.ts).
  index('samples_site_created_idx').on(t.siteId, t.createdAt, t.id),
  index('samples_site_status_idx').on(t.siteId, t.status, t.createdAt, t.id),
  index('samples_patient_idx').on(t.patientId, t.createdAt),
  // The delta check's lookup: a patient's verified samples at a site, newest verification first (a backward scan).
  index('samples_patient_verified_idx').on(t.patientId, t.siteId, t.verifiedAt).where(sql`${t.status} = 'VERIFICIRAN'`),
  check('samples_status_check', sql`${t.status} in ('ZAPRIMLJEN', 'U OBRADI', 'REALIZOVAN', 'ODOBREN', 'VERIFICIRAN')`),
]);

/** The tests ordered on a sample. */
export const sampleTests = pgTable('sample_tests', {
  id: id(),
  sampleId: uuid('sample_id').notNull().references(() => samples.id, { onDelete: 'cascade' }),
  labassayId: uuid('labassay_id').notNull().references(() => labAssays.id),
  /** What the test costs on this sample (KM, exact): the catalogue price, or 0 when pulled in by a calculated test. */
  price: numeric('price', { precision: 10, scale: 2 }).notNull().default('0'),
  /** The test's own progress, in the sample status vocabulary. */
  statusT: text('status_t').notNull().default('ZAPRIMLJEN'),
  /** The calculated test (lab assay) that pulled this one in at price 0; null when chosen by hand. */
  componentOf: uuid('component_of').references(() => labAssays.id),
  /** The result exactly as the analyser or the person gave it; null until there is one. */
  rezultat: text('rezultat'),
  /** The result as a number, when it is one. */
  rezultatF: numeric('rezultat_f'),
  /** The flag the server computed when the result was saved (L, H, LL, HH, A; N within range); null without a result. */
  flag: text('flag'),
  /** Who entered or last changed the result: a user, or (unio_by null) the source named in unio_source. */
  unioBy: uuid('unio_by').references(() => users.id),
  /** Where a result not typed by a person came from: an analyser's name, or 'formula' for a calculated test. */
  unioSource: text('unio_source'),
  unioAt: timestamp('unio_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  uniqueIndex('sample_tests_sample_assay_key').on(t.sampleId, t.labassayId),
  index('sample_tests_labassay_idx').on(t.labassayId),
]);

/**
 * Running number of sample codes per day (yymmdd), lab-wide. Incremented with
 * INSERT ... ON CONFLICT DO UPDATE ... RETURNING inside the sample's
 * transaction: the row lock serialises concurrent saves of a day, and the
 * number only ever grows, so a code is never handed out twice.
 */
export const sampleCodeCounters = pgTable('sample_code_counters', {
  day: text('day').primaryKey(),
  last: integer('last').notNull(),
});
