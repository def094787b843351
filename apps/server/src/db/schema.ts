import { sql } from 'drizzle-orm';
import {
  bigint,
  type AnyPgColumn,
  bigserial,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { bosnianSortKeySql, searchFoldSql } from './bosnian-sort-key.ts';
import type { ConnectionStatus } from '@lis/domain';

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
  /** Signed in with a password an administrator set (a new user, a reset): only the password change is allowed until it is changed. */
  mustChangePassword: boolean('must_change_password').notNull().default(false),
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
}, (t) => [
  uniqueIndex('sessions_token_hash_key').on(t.tokenHash),
  // With created_at: the users list's last sign-in is the newest entry of the user's sessions, one index row however many years of sessions.
  index('sessions_user_idx').on(t.userId, t.createdAt),
]);

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
  // The administrator's view of accounts under attack reads the last minutes of every account.
  index('login_attempts_created_idx').on(t.createdAt),
]);

/**
 * The sign-in throttle's counters: failed (checked) attempts in the current window, per account and address together
 * (`email` the lower-case account, `ip` the address) and per address alone (`email` empty). An attempt is reserved
 * here, by one atomic upsert that refuses at the limit, before its password is verified, so parallel attempts on
 * several servers never check more than the limit; a correct password gives its reservation back.
 */
export const loginThrottles = pgTable('login_throttles', {
  email: text('email').notNull(),
  ip: text('ip').notNull(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  failures: integer('failures').notNull(),
}, (t) => [primaryKey({ columns: [t.email, t.ip] })]);

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
  /** The section's name on English and German reports; blank: the Bosnian naziv is printed. */
  nazivEn: text('naziv_en').notNull().default(''),
  nazivDe: text('naziv_de').notNull().default(''),
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
  /** The test's name on English and German reports; blank: the Bosnian naziv is printed. */
  nazivEn: text('naziv_en').notNull().default(''),
  nazivDe: text('naziv_de').notNull().default(''),
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
  /** Critical limits of this range; null: the assay's critical_low / critical_high. */
  criticalLow: numeric('critical_low'),
  criticalHigh: numeric('critical_high'),
  /** The unit the limits are given in; null: the assay's jedinica. */
  jedinica: text('jedinica'),
}, (t) => [index('reference_ranges_labassay_idx').on(t.labassayId)]);

/**
 * The reference a result was judged by, copied onto its sample test when the result is entered
 * (limits as exact numeric text), so a later change of the catalogue never alters a verified report.
 */
export interface ReferenceSnapshot {
  low: string | null;
  high: string | null;
  tekst: string | null;
  jedinica: string;
  criticalLow: string | null;
  criticalHigh: string | null;
}

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
   * The sample has a test of a lab section marked mikrobiologija: the
   * 'Mikrobiologija' worklist. Kept by the database (trigger on sample_tests,
   * migration 0007) whichever code adds or removes tests, so the worklist
   * reads it from an index instead of looking into every sample's tests.
   */
  mikrobiologija: boolean('mikrobiologija').notNull().default(false),
  /**
   * The sample's tests and what they cost (a calculated test's components at
   * 0), as 'Izvještaji' counts them per day. Kept by the database (statement
   * triggers on sample_tests, migration 0016) whichever code adds, removes or
   * reprices tests, and summed per quarter hour into
   * sample_totals_by_quarter_hour by the triggers on samples.
   */
  testCount: integer('test_count').notNull().default(0),
  priceTotal: numeric('price_total', { precision: 14, scale: 2 }).notNull().default('0'),
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
  /** The partner that ordered the sample (naručilac): its price list prices the tests, its report addresses get the group e-mail. */
  partnerId: uuid('partner_id').references(() => partners.id),
  /**
   * The sample's reference in an imported Excel file (/import), unique within the site, so importing the
   * same file again finds the sample instead of creating it twice. Null for samples entered on screen.
   */
  importRef: text('import_ref'),
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
  // The worklist ('RADNA LISTA', /obrada/pregled) and the results check (/protokol) read a few thousand
  // samples out of millions, newest first: partial indexes hold only those rows, in list order. Their
  // predicates are the lists' conditions word for word (samples/repository.ts), or the planner cannot use them.
  index('samples_worklist_idx').on(t.siteId, t.createdAt, t.id)
    .where(sql`${t.status} in ('ZAPRIMLJEN', 'U OBRADI', 'REALIZOVAN')`),
  index('samples_microbiology_idx').on(t.siteId, t.createdAt, t.id)
    .where(sql`${t.mikrobiologija} and ${t.status} in ('ZAPRIMLJEN', 'U OBRADI', 'REALIZOVAN')`),
  // Microbiology surveillance (cumulative antibiogram, WHONET export): a site's verified culture samples taken in a
  // period. The predicate is the surveillance query's word for word (microbiology/surveillance-repository.ts).
  index('samples_micro_verified_idx').on(t.siteId, t.datum)
    .where(sql`${t.mikrobiologija} and ${t.status} = 'VERIFICIRAN'`),
  index('samples_protocol_idx').on(t.siteId, t.createdAt, t.id)
    .where(sql`(${t.status} in ('REALIZOVAN', 'ODOBREN') or (${t.komentar} <> '' and ${t.status} <> 'VERIFICIRAN'))`),
  // The group e-mail's question: the site's samples with a referring location verified in a range of days
  // (/narucioci). The location in the predicate keeps the index to that question: without it, the delta
  // lookup (a patient's latest verified sample) would take it for samples_patient_verified_idx.
  index('samples_site_verified_idx').on(t.siteId, t.verifiedAt).where(sql`${t.status} = 'VERIFICIRAN' and ${t.lokacija} <> ''`),
  uniqueIndex('samples_site_import_ref_key').on(t.siteId, t.importRef).where(sql`${t.importRef} is not null`),
  index('samples_partner_idx').on(t.partnerId).where(sql`${t.partnerId} is not null`),
  // The statistics' turnaround of the urgent samples (statistics/repository.ts): a few per cent of the samples.
  index('samples_urgent_turnaround_idx').on(t.siteId, t.createdAt, t.receivedAt, t.verifiedAt)
    .where(sql`${t.status} = 'VERIFICIRAN' and ${t.hitan}`),
  check('samples_status_check', sql`${t.status} in ('ZAPRIMLJEN', 'U OBRADI', 'REALIZOVAN', 'ODOBREN', 'VERIFICIRAN')`),
]);

/**
 * The site's samples, their tests and what the tests cost, per quarter hour
 * of registration (samples.created_at cut to 15 minutes, UTC). Kept by
 * statement triggers on samples in the same transaction as every change
 * (migration 0016), so finances per day ('fpodanu') over a year sum some
 * 35,000 rows instead of reading 180,000 samples and their tests. Quarter
 * hours, not days: a day is the site's, in its time zone, which may change;
 * every time zone's day starts on a quarter hour.
 */
export const sampleTotalsByQuarterHour = pgTable('sample_totals_by_quarter_hour', {
  siteId: uuid('site_id').notNull().references(() => sites.id),
  quarterHour: timestamp('quarter_hour', { withTimezone: true }).notNull(),
  uzoraka: integer('uzoraka').notNull(),
  testova: integer('testova').notNull(),
  iznos: numeric('iznos', { precision: 14, scale: 2 }).notNull(),
}, (t) => [primaryKey({ columns: [t.siteId, t.quarterHour] })]);

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
  /** The range the result was judged by, copied at entry; frozen once the sample has been verified (see ReferenceSnapshot). */
  referenca: jsonb('referenca').$type<ReferenceSnapshot>(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  uniqueIndex('sample_tests_sample_assay_key').on(t.sampleId, t.labassayId),
  index('sample_tests_labassay_idx').on(t.labassayId),
]);

// The lab statistics (/statistika, /dashboard) read these instead of every sample and test of the range. All
// three are kept by triggers on samples, sample_tests, lab_assays and sites in the transaction of the change
// (migration 0028; backfilled there). A day (`dan`) is the site's calendar day of the sample's registration
// (created_at at the site's time zone, as the statistics cut their ranges); a change of a site's time zone
// recounts its rows.

/** Samples and their tests per site, day, status, urgency and ordering partner (null: none). */
export const statisticsSamplesDaily = pgTable('statistics_samples_daily', {
  siteId: uuid('site_id').notNull().references(() => sites.id),
  dan: date('dan', { mode: 'string' }).notNull(),
  status: text('status').notNull(),
  hitan: boolean('hitan').notNull(),
  partnerId: uuid('partner_id'),
  uzorci: integer('uzorci').notNull(),
  testovi: integer('testovi').notNull(),
}, (t) => [unique('statistics_samples_daily_key').on(t.siteId, t.dan, t.status, t.hitan, t.partnerId).nullsNotDistinct()]);

/**
 * One row per sample and lab section it has a test of: the section's tests on it and, for a verified sample
 * whose reception and verification are both known, the turnaround in minutes. Counting rows gives the
 * samples of a section (each once), and the exact median and 90th percentile of the turnaround come from an
 * index scan of the range's rows rather than a join of every sample with its tests.
 */
export const statisticsSampleSections = pgTable('statistics_sample_sections', {
  sampleId: uuid('sample_id').notNull().references(() => samples.id, { onDelete: 'cascade' }),
  sekcijaId: uuid('sekcija_id').notNull(),
  siteId: uuid('site_id').notNull(),
  dan: date('dan', { mode: 'string' }).notNull(),
  testovi: integer('testovi').notNull(),
  minuta: doublePrecision('minuta'),
}, (t) => [
  primaryKey({ columns: [t.sampleId, t.sekcijaId] }),
  index('statistics_sample_sections_range_idx').on(t.siteId, t.dan, t.sekcijaId, t.testovi, t.minuta),
]);

/**
 * Results per site, day, lab assay and source (sample_tests.unio_source: an analyser's name, 'formula' for a
 * calculated test, null for a person's entry): how many, and how many positive ('Pozitivan' or
 * 'Pozitivan (grade)'). Per assay whatever its kind, so a change of an assay's kind changes nothing stored.
 */
export const statisticsResultsDaily = pgTable('statistics_results_daily', {
  siteId: uuid('site_id').notNull().references(() => sites.id),
  dan: date('dan', { mode: 'string' }).notNull(),
  labassayId: uuid('labassay_id').notNull(),
  izvor: text('izvor'),
  rezultati: integer('rezultati').notNull(),
  pozitivni: integer('pozitivni').notNull(),
}, (t) => [unique('statistics_results_daily_key').on(t.siteId, t.dan, t.labassayId, t.izvor).nullsNotDistinct()]);

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

/** Binary data (a stored PDF): Buffer in, Buffer out, whichever driver returns bytes. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => value,
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * A sample's result report: one row per sample that was ever verified, the
 * list /nalazi/pregled reads (its versions are in report_versions). The
 * latest version's number, languages and issue time are kept here, so the
 * list reads one row per report. Withdrawn from the list (nalazi/delete):
 * the versions stay retrievable; a new verification issues it again.
 */
export const reports = pgTable('reports', {
  id: id(),
  siteId: uuid('site_id').notNull().references(() => sites.id),
  sampleId: uuid('sample_id').notNull().references(() => samples.id),
  /** The latest version issued (1, 2, ...). */
  verzija: integer('verzija').notNull(),
  /** The languages of the latest version. */
  jezici: text('jezici').array().notNull(),
  firstIssuedAt: timestamp('first_issued_at', { withTimezone: true }).notNull().defaultNow(),
  /** When the latest version was issued. */
  issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  withdrawnBy: uuid('withdrawn_by').references(() => users.id),
}, (t) => [
  uniqueIndex('reports_sample_key').on(t.sampleId),
  // The list's newest-first order and its day presets: a backward scan (see db/list-query.ts).
  index('reports_site_issued_idx').on(t.siteId, t.issuedAt, t.id),
]);

/**
 * One issued report in one language: the PDF's bytes exactly as issued and
 * their SHA-256. Rows are only ever inserted: a correction is a new version,
 * so every report a patient or doctor received can be shown again as it was.
 */
export const reportVersions = pgTable('report_versions', {
  id: id(),
  siteId: uuid('site_id').notNull().references(() => sites.id),
  sampleId: uuid('sample_id').notNull().references(() => samples.id),
  verzija: integer('verzija').notNull(),
  /** bs, en or de. */
  jezik: text('jezik').notNull(),
  pdf: bytea('pdf').notNull(),
  /** SHA-256 of `pdf`, hex. */
  sha256: text('sha256').notNull(),
  createdAt: createdAt(),
  issuedBy: uuid('issued_by').notNull().references(() => users.id),
  /** A corrected report: issued after an unlock of a verified sample. */
  corrected: boolean('corrected').notNull().default(false),
  /** The unlock's reason, on a corrected report. */
  razlog: text('razlog'),
  /** When the version this one replaces was issued, on a corrected report. */
  originalIssuedAt: timestamp('original_issued_at', { withTimezone: true }),
}, (t) => [
  uniqueIndex('report_versions_sample_verzija_jezik_key').on(t.sampleId, t.verzija, t.jezik),
  check('report_versions_jezik_check', sql`${t.jezik} in ('bs', 'en', 'de')`),
]);

/**
 * A group e-mail of /narucioci: the reports of a range of verification days
 * sent to each orderer. Its messages are queued in the outbox in the same
 * transaction that inserts this row (outbox_messages.group_mail_id), so a
 * group e-mail is either wholly queued or not at all, and a server restart
 * loses none of it; its progress is read from its messages' statuses.
 */
export const groupMails = pgTable('group_mails', {
  id: id(),
  siteId: uuid('site_id').notNull().references(() => sites.id),
  /** The range of verification days (the site's calendar), both included. */
  rangeFrom: date('range_from').notNull(),
  rangeTo: date('range_to').notNull(),
  /** Orderers with reports in the range, with an address or without. */
  orderers: integer('orderers').notNull(),
  /** Orderers with reports but no address: no message went to them. */
  withoutAddress: text('without_address').array().notNull().default(sql`'{}'::text[]`),
  createdBy: uuid('created_by').references(() => users.id),
  createdAt: createdAt(),
}, (t) => [
  index('group_mails_site_idx').on(t.siteId, t.createdAt),
]);

/**
 * The e-mail outbox: one row per e-mail, to a patient (the report of one
 * sample) or to an orderer (the reports of a date range). Subject, body and
 * recipient are fixed when queued, the attachments are report versions (whose
 * bytes never change), and the Message-ID is fixed too, so every attempt
 * sends the very same message. A worker claims due rows (status 'sending',
 * `claimed_at`, its own `claim_token`) and settles them after the SMTP
 * server's answer. Deleting hides a message (`deleted_at`); its row, its
 * attempts and the audit trail stay.
 */
export const outboxMessages = pgTable('outbox_messages', {
  id: id(),
  siteId: uuid('site_id').notNull().references(() => sites.id),
  /** The sample whose report a patient's mail carries; null for a group e-mail. */
  sampleId: uuid('sample_id').references(() => samples.id),
  /** The orderer of a group e-mail ('lokacija': a referring location); null for a patient's mail. */
  ordererKind: text('orderer_kind'),
  orderer: text('orderer'),
  /** The group e-mail that queued it; null for a patient's mail. */
  groupMailId: uuid('group_mail_id').references(() => groupMails.id),
  recipient: text('recipient').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  /** bs, en or de: the language the subject and body are written in. */
  language: text('language').notNull(),
  /** Report versions (report_versions.id) attached, in order. */
  attachmentIds: uuid('attachment_ids').array().notNull().default(sql`'{}'::uuid[]`),
  status: text('status').notNull().default('queued'),
  /** Attempts since queued (or queued again). */
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
  claimedAt: timestamp('claimed_at', { withTimezone: true }),
  claimToken: uuid('claim_token'),
  /** The SMTP server's last reply, or why none answered. */
  lastReply: text('last_reply'),
  /** The Message-ID header, the same on every attempt. */
  messageId: text('message_id').notNull(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  deletedBy: uuid('deleted_by').references(() => users.id),
  createdBy: uuid('created_by').references(() => users.id),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  uniqueIndex('outbox_messages_message_id_key').on(t.messageId),
  // The list, newest first, without deleted messages (a backward scan, see db/list-query.ts).
  index('outbox_messages_list_idx').on(t.siteId, t.createdAt, t.id).where(sql`${t.deletedAt} is null`),
  index('outbox_messages_recipient_search_idx').on(t.siteId, sql`lower(${t.recipient}) text_pattern_ops`).where(sql`${t.deletedAt} is null`),
  // The worker's two questions: what is due, and which claims went stale. Both hold only the few rows in flight.
  index('outbox_messages_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'queued' and ${t.deletedAt} is null`),
  index('outbox_messages_claimed_idx').on(t.claimedAt).where(sql`${t.status} = 'sending'`),
  index('outbox_messages_sample_idx').on(t.sampleId),
  index('outbox_messages_group_mail_idx').on(t.groupMailId).where(sql`${t.groupMailId} is not null`),
  check('outbox_messages_status_check', sql`${t.status} in ('queued', 'sending', 'sent', 'failed')`),
]);

/** Every attempt to hand an outbox message to the SMTP server: when, what came of it, and the server's reply. */
export const outboxAttempts = pgTable('outbox_attempts', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  messageId: uuid('message_id').notNull().references(() => outboxMessages.id),
  siteId: uuid('site_id').notNull().references(() => sites.id),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  /** sent, retry (a temporary failure, tried again later) or failed. */
  outcome: text('outcome').notNull(),
  reply: text('reply').notNull(),
}, (t) => [
  index('outbox_attempts_message_idx').on(t.messageId, t.at),
  check('outbox_attempts_outcome_check', sql`${t.outcome} in ('sent', 'retry', 'failed')`),
]);

// Temperature logger ---------------------------------------------------------

/**
 * A refrigerator of a site and the sensor (slave_id) that measures it. The
 * checked settings are columns; `element` keeps the whole JSON the lab edits
 * (free-form fields included). The monitor state (last reading, start of the
 * current run out of range) is what the alarm rules read between readings.
 * Limits are `real` like the readings, so a reading equal to a limit compares
 * equal in SQL as in the domain.
 */
export const refrigerators = pgTable('refrigerators', {
  id: id(),
  siteId: uuid('site_id').notNull().references(() => sites.id),
  naziv: text('naziv').notNull(),
  slaveId: integer('slave_id').notNull(),
  aktivan: boolean('aktivan').notNull().default(true),
  tempMin: real('temp_min').notNull(),
  tempMax: real('temp_max').notNull(),
  humMin: real('hum_min'),
  humMax: real('hum_max'),
  odgodaAlarmaMin: integer('odgoda_alarma_min').notNull(),
  limitTisineMin: integer('limit_tisine_min').notNull(),
  /** The closing rule: an open alarm closes by itself after this many consecutive readings ending its condition … */
  closeAfterReadings: integer('close_after_readings').notNull().default(3),
  /** … the first and the last at least this many minutes apart (never by one reading). */
  closeAfterMin: integer('close_after_min').notNull().default(10),
  element: jsonb('element').$type<Record<string, unknown>>().notNull(),
  /** sha256 of the gateway's device key for POST /api/loger/ocitanja; the key itself is never stored. */
  deviceKeyHash: text('device_key_hash'),
  /**
   * sha256 of the refrigerator's MQTT password (user name: the refrigerator's id); null: revoked or never issued,
   * and the embedded broker admits no one as this refrigerator. Issued at creation, shown once.
   */
  mqttKeyHash: text('mqtt_key_hash'),
  monitoredSince: timestamp('monitored_since', { withTimezone: true }).notNull().defaultNow(),
  lastReadingAt: timestamp('last_reading_at', { withTimezone: true }),
  lastTemperatura: real('last_temperatura'),
  lastVlaznost: real('last_vlaznost'),
  outOfRangeSince: timestamp('out_of_range_since', { withTimezone: true }),
  /** While the range alarm is open: the run of readings back in range, its first reading's time and count. */
  backInRangeSince: timestamp('back_in_range_since', { withTimezone: true }),
  backInRangeCount: integer('back_in_range_count').notNull().default(0),
  /** While the silence alarm is open: the run of readings since they came again. */
  resumedSince: timestamp('resumed_since', { withTimezone: true }),
  resumedCount: integer('resumed_count').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  uniqueIndex('refrigerators_site_slave_key').on(t.siteId, t.slaveId),
  uniqueIndex('refrigerators_device_key').on(t.deviceKeyHash),
]);

/**
 * One-minute readings, years of them: the primary key (refrigerator, time)
 * deduplicates (ON CONFLICT DO NOTHING) and serves a refrigerator's time
 * range; the BRIN index on time (rows arrive in time order, so tiny) serves
 * time ranges across refrigerators. Reached only through a refrigerator, which
 * carries the site.
 */
export const temperatureReadings = pgTable('temperature_readings', {
  refrigeratorId: uuid('refrigerator_id').notNull().references(() => refrigerators.id),
  time: timestamp('time', { withTimezone: true }).notNull(),
  temperatura: real('temperatura').notNull(),
  vlaznost: real('vlaznost'),
}, (t) => [
  primaryKey({ name: 'temperature_readings_pkey', columns: [t.refrigeratorId, t.time] }),
  index('temperature_readings_time_brin').using('brin', t.time),
]);

/**
 * Each refrigerator's day (in its site's time zone), summed up as readings
 * are stored, so statistics over a year read 365 rows rather than half a
 * million readings. Out of range is judged against the limits in force when
 * the reading was stored.
 */
export const temperatureDaily = pgTable('temperature_daily', {
  refrigeratorId: uuid('refrigerator_id').notNull().references(() => refrigerators.id),
  dan: date('dan').notNull(),
  n: integer('n').notNull(),
  tMin: real('t_min').notNull(),
  tMax: real('t_max').notNull(),
  tSum: doublePrecision('t_sum').notNull(),
  hN: integer('h_n').notNull(),
  hMin: real('h_min'),
  hMax: real('h_max'),
  hSum: doublePrecision('h_sum').notNull(),
  vanOpsega: integer('van_opsega').notNull(),
}, (t) => [primaryKey({ name: 'temperature_daily_pkey', columns: [t.refrigeratorId, t.dan] })]);

/**
 * Alarms of a refrigerator: 'opseg' (out of range longer than the delay) and
 * 'tisina' (no reading for the silence limit). The partial unique index lets
 * a kind be open (not cleared) only once per refrigerator, so an alarm is
 * raised once even when two ingests race.
 */
export const loggerAlarms = pgTable('logger_alarms', {
  id: id(),
  siteId: uuid('site_id').notNull().references(() => sites.id),
  refrigeratorId: uuid('refrigerator_id').notNull().references(() => refrigerators.id),
  vrsta: text('vrsta').notNull(),
  pocetak: timestamp('pocetak', { withTimezone: true }).notNull(),
  podignutAt: timestamp('podignut_at', { withTimezone: true }).notNull(),
  vrijednost: real('vrijednost'),
  zavrsenAt: timestamp('zavrsen_at', { withTimezone: true }),
  potvrdenAt: timestamp('potvrden_at', { withTimezone: true }),
  potvrdio: uuid('potvrdio').references(() => users.id),
  napomena: text('napomena'),
}, (t) => [
  uniqueIndex('logger_alarms_open_key').on(t.refrigeratorId, t.vrsta).where(sql`zavrsen_at is null`),
  index('logger_alarms_site_idx').on(t.siteId, t.podignutAt),
  index('logger_alarms_refrigerator_idx').on(t.refrigeratorId, t.podignutAt),
]);

/**
 * Inventory reference lists (klasa, program, platforma, proizvodjac), lab-wide:
 * a product points into each. A name is listed once per kind.
 */
export const inventoryReferenceEntries = pgTable('inventory_reference_entries', {
  id: id(),
  vrsta: text('vrsta').notNull(),
  naziv: text('naziv').notNull(),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('inventory_reference_entries_name_key').on(t.vrsta, sql`lower(${t.naziv})`),
  check('inventory_reference_entries_vrsta_check', sql`${t.vrsta} in ('klasa', 'program', 'platforma', 'proizvodjac')`),
]);

/**
 * Products (reagents and consumables), lab-wide, each under its LN. The LN is
 * unique in the lab whatever its case: the unique index decides between two
 * saves that race, so a duplicate can never be stored. `oj` is the site
 * (organisational unit) the product belongs to.
 */
export const inventoryProducts = pgTable('inventory_products', {
  id: id(),
  ln: text('ln').notNull(),
  opis: text('opis').notNull(),
  zasticeniNaziv: text('zasticeni_naziv').notNull().default(''),
  zemljaPorijekla: text('zemlja_porijekla').notNull().default(''),
  jedinicaMjere: text('jedinica_mjere').notNull(),
  pakovanje: text('pakovanje').notNull().default(''),
  sadrzaj: doublePrecision('sadrzaj').notNull(),
  upozorenje: text('upozorenje').notNull().default(''),
  nivo: integer('nivo').notNull().default(0),
  danadoroka: integer('danadoroka').notNull().default(30),
  klasaId: uuid('klasa_id').references(() => inventoryReferenceEntries.id),
  programId: uuid('program_id').references(() => inventoryReferenceEntries.id),
  platformaId: uuid('platforma_id').references(() => inventoryReferenceEntries.id),
  proizvodjacId: uuid('proizvodjac_id').references(() => inventoryReferenceEntries.id),
  ojId: uuid('oj_id').notNull().references(() => sites.id),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  uniqueIndex('inventory_products_ln_key').on(sql`upper(${t.ln})`),
  check('inventory_products_nivo_check', sql`${t.nivo} >= 0`),
  check('inventory_products_danadoroka_check', sql`${t.danadoroka} >= 0`),
]);

/** A lot of a product received at a site: its number and expiry. Its stock is the sum of its movements. */
export const inventoryLots = pgTable('inventory_lots', {
  id: id(),
  siteId: uuid('site_id').notNull().references(() => sites.id),
  productId: uuid('product_id').notNull().references(() => inventoryProducts.id),
  lot: text('lot').notNull(),
  rokTrajanja: date('rok_trajanja', { mode: 'string' }).notNull(),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('inventory_lots_site_product_lot_key').on(t.siteId, t.productId, t.lot),
  index('inventory_lots_product_idx').on(t.siteId, t.productId, t.rokTrajanja),
]);

/**
 * The stock ledger: every receipt (+) and consumption (−) of a lot, never
 * changed or deleted. Stock is the sum of a lot's rows; a consumption is
 * written only while the lot's row is locked and the sum covers it.
 */
export const inventoryMovements = pgTable('inventory_movements', {
  id: id(),
  siteId: uuid('site_id').notNull().references(() => sites.id),
  lotId: uuid('lot_id').notNull().references(() => inventoryLots.id),
  productId: uuid('product_id').notNull().references(() => inventoryProducts.id),
  vrsta: text('vrsta').notNull(),
  kolicina: integer('kolicina').notNull(),
  sekcijaId: uuid('sekcija_id').references(() => labSections.id),
  napomena: text('napomena').notNull().default(''),
  userId: uuid('user_id').notNull().references(() => users.id),
  /** A receipt against a supplier contract: the contract line it counts against (what remains is summed from these). */
  contractLineId: uuid('contract_line_id').references((): AnyPgColumn => inventoryContractLines.id),
  /** A receipt of a purchase order's line: what the order still awaits is summed from these. */
  orderLineId: uuid('order_line_id').references((): AnyPgColumn => inventoryOrderLines.id),
  createdAt: createdAt(),
}, (t) => [
  index('inventory_movements_lot_idx').on(t.lotId),
  index('inventory_movements_contract_line_idx').on(t.contractLineId),
  index('inventory_movements_order_line_idx').on(t.orderLineId),
  index('inventory_movements_list_idx').on(t.siteId, t.createdAt, t.id),
  check('inventory_movements_sign_check', sql`(${t.vrsta} = 'ulaz' and ${t.kolicina} > 0) or (${t.vrsta} = 'izlaz' and ${t.kolicina} < 0)`),
]);

/**
 * Contracts with suppliers (partners whose vrste include 'dobavljac'), lab-wide: a number unique per supplier
 * (case ignored), a validity from–to (both days included) and its lines. A receipt may name the contract;
 * what remains of a line is its quantity minus the receipts (ledger rows) against it, never a counter.
 */
export const inventoryContracts = pgTable('inventory_contracts', {
  id: id(),
  partnerId: uuid('partner_id').notNull().references(() => partners.id),
  broj: text('broj').notNull(),
  vaziOd: date('vazi_od', { mode: 'string' }).notNull(),
  vaziDo: date('vazi_do', { mode: 'string' }).notNull(),
  napomena: text('napomena').notNull().default(''),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  uniqueIndex('inventory_contracts_broj_key').on(t.partnerId, sql`upper(${t.broj})`),
  check('inventory_contracts_validity_check', sql`${t.vaziDo} >= ${t.vaziOd}`),
]);

/** A product on a contract: its unit price (KM per package) and the contracted quantity of packages. */
export const inventoryContractLines = pgTable('inventory_contract_lines', {
  id: id(),
  contractId: uuid('contract_id').notNull().references(() => inventoryContracts.id),
  productId: uuid('product_id').notNull().references(() => inventoryProducts.id),
  cijena: numeric('cijena', { precision: 12, scale: 2 }).notNull(),
  kolicina: integer('kolicina').notNull(),
}, (t) => [
  uniqueIndex('inventory_contract_lines_product_key').on(t.contractId, t.productId),
  check('inventory_contract_lines_kolicina_check', sql`${t.kolicina} > 0`),
  check('inventory_contract_lines_cijena_check', sql`${t.cijena} >= 0`),
]);

/**
 * Purchase orders of a site to a supplier: nacrt (draft, lines editable) → poslana (sent) → djelimicno
 * (partly received) → primljena (received), or otkazana (cancelled) from nacrt or poslana. The received
 * states follow from the receipts (ledger rows) against the order's lines. `broj` numbers orders lab-wide.
 */
export const inventoryOrders = pgTable('inventory_orders', {
  id: id(),
  broj: integer('broj').notNull().generatedAlwaysAsIdentity(),
  siteId: uuid('site_id').notNull().references(() => sites.id),
  partnerId: uuid('partner_id').notNull().references(() => partners.id),
  contractId: uuid('contract_id').references(() => inventoryContracts.id),
  status: text('status').notNull().default('nacrt'),
  napomena: text('napomena').notNull().default(''),
  createdBy: uuid('created_by').notNull().references(() => users.id),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  uniqueIndex('inventory_orders_broj_key').on(t.broj),
  index('inventory_orders_site_idx').on(t.siteId, t.createdAt, t.id),
  check('inventory_orders_status_check', sql`${t.status} in ('nacrt', 'poslana', 'djelimicno', 'primljena', 'otkazana')`),
]);

/** A product on an order: packages ordered and the unit price (the contract's when the order is under a contract). */
export const inventoryOrderLines = pgTable('inventory_order_lines', {
  id: id(),
  orderId: uuid('order_id').notNull().references(() => inventoryOrders.id),
  productId: uuid('product_id').notNull().references(() => inventoryProducts.id),
  kolicina: integer('kolicina').notNull(),
  cijena: numeric('cijena', { precision: 12, scale: 2 }),
  contractLineId: uuid('contract_line_id').references(() => inventoryContractLines.id),
}, (t) => [
  uniqueIndex('inventory_order_lines_product_key').on(t.orderId, t.productId),
  check('inventory_order_lines_kolicina_check', sql`${t.kolicina} > 0`),
]);

/** How the LIS reaches an analyser: it listens on a TCP port of HOST, or it connects to the analyser's address. */
export type AnalyserTransport = { mode: 'listen'; port: number } | { mode: 'connect'; host: string; port: number };

/**
 * Analysers (aparati) of a site that send results over TCP: ASTM E1381/E1394 or HL7 v2 (MLLP). The checked
 * settings are columns; `element` keeps the whole JSON the editor saved (free-form fields included). `mapa`
 * maps the analyser's test code (WBC, HbA1c) to a lab assay `sifra`.
 */
export const analysers = pgTable('analysers', {
  id: id(),
  siteId: uuid('site_id').notNull().references(() => sites.id),
  ime: text('ime').notNull(),
  protokol: text('protokol').$type<'astm' | 'hl7'>().notNull(),
  transport: jsonb('transport').$type<AnalyserTransport>().notNull(),
  checksum: boolean('checksum').notNull().default(true),
  mapa: jsonb('mapa').$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
  aktivan: boolean('aktivan').notNull().default(true),
  element: jsonb('element').$type<Record<string, unknown>>().notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  uniqueIndex('analysers_site_ime_key').on(t.siteId, t.ime),
  check('analysers_protokol_check', sql`${t.protokol} in ('astm', 'hl7')`),
]);

/**
 * Every message an analyser sent, kept as received with what became of it. `content_hash` (SHA-256 of the
 * message text) and, for HL7, `control_id` (MSH-10) are unique per analyser: a message sent twice is stored
 * once and applied once (`duplicates` counts the repeats).
 */
export const analyserMessages = pgTable('analyser_messages', {
  id: id(),
  siteId: uuid('site_id').notNull().references(() => sites.id),
  analyserId: uuid('analyser_id').notNull().references(() => analysers.id, { onDelete: 'cascade' }),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  protokol: text('protokol').$type<'astm' | 'hl7'>().notNull(),
  /** The message text as received (E1394 records or HL7 segments, the link layer's framing removed). */
  raw: text('raw').notNull(),
  contentHash: text('content_hash').notNull(),
  controlId: text('control_id'),
  messageType: text('message_type'),
  /**
   * 'applied' (every result saved), 'review' (some kept for review), 'control' (control results stored as
   * control runs, none kept for review or applied to a sample), 'query' (a host query answered), 'empty', 'error'.
   */
  outcome: text('outcome').$type<'applied' | 'review' | 'control' | 'query' | 'empty' | 'error'>().notNull(),
  error: text('error'),
  rezultata: integer('rezultata').notNull().default(0),
  /** Control results of the message stored as control runs (qc_results with this message_id). */
  kontrolnih: integer('kontrolnih').notNull().default(0),
  zaPregled: integer('za_pregled').notNull().default(0),
  duplicates: integer('duplicates').notNull().default(0),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('analyser_messages_hash_key').on(t.analyserId, t.contentHash),
  uniqueIndex('analyser_messages_control_key').on(t.analyserId, t.controlId).where(sql`${t.protokol} = 'hl7' and ${t.controlId} is not null`),
  index('analyser_messages_site_received_idx').on(t.siteId, t.receivedAt, t.id),
]);

/**
 * A result an analyser sent that was saved on a sample's test: the value and flag exactly as sent, beside
 * what the LIS stored (sample_tests.rezultat, flag). Retry never applies a message's result twice.
 */
export const analyserResults = pgTable('analyser_results', {
  id: id(),
  messageId: uuid('message_id').notNull().references(() => analyserMessages.id, { onDelete: 'cascade' }),
  sampleTestId: uuid('sample_test_id').notNull().references(() => sampleTests.id, { onDelete: 'cascade' }),
  testCode: text('test_code').notNull(),
  vrijednost: text('vrijednost').notNull(),
  jedinica: text('jedinica'),
  flag: text('flag'),
  createdAt: createdAt(),
}, (t) => [index('analyser_results_message_idx').on(t.messageId), index('analyser_results_test_idx').on(t.sampleTestId)]);

/**
 * A result an analyser sent that was not applied: an unknown specimen, a sample approved or verified, a
 * test the sample does not have, a code without a mapping, a value the assay does not take. Kept for a
 * person on /integracija/pregled; `resolved_at` is set when a retry applied it.
 */
export const analyserReviewItems = pgTable('analyser_review_items', {
  id: id(),
  siteId: uuid('site_id').notNull().references(() => sites.id),
  analyserId: uuid('analyser_id').notNull().references(() => analysers.id, { onDelete: 'cascade' }),
  messageId: uuid('message_id').notNull().references(() => analyserMessages.id, { onDelete: 'cascade' }),
  razlog: text('razlog').$type<
    'unknownSpecimen' | 'sampleLocked' | 'testNotOrdered' | 'unmappedCode' | 'invalidValue' | 'unknownControl' | 'controlNoTarget' | 'controlExpired'
  >().notNull(),
  /** A control specimen's result (by the analyser's prefix or the message's QC flag): a retry sends it to quality control again, never to a sample. */
  kontrola: boolean('kontrola').notNull().default(false),
  specimenId: text('specimen_id').notNull(),
  sampleId: uuid('sample_id').references(() => samples.id, { onDelete: 'set null' }),
  testCode: text('test_code').notNull(),
  testId: text('test_id').notNull(),
  vrijednost: text('vrijednost').notNull(),
  jedinica: text('jedinica'),
  flag: text('flag'),
  resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  createdAt: createdAt(),
}, (t) => [
  index('analyser_review_items_site_created_idx').on(t.siteId, t.createdAt, t.id),
  index('analyser_review_items_message_idx').on(t.messageId),
]);

/**
 * Partners: the organisations the lab works with, lab-wide (one registry for every site): referrers and
 * companies that order tests (and receive their reports by e-mail), insurers, and suppliers of the inventory.
 * `vrste` says which of these roles a partner plays (one partner may be several). A partner's name is listed
 * once whatever its case. A partner is never deleted once anything points at it; `aktivan` retires it.
 */
export const partners = pgTable('partners', {
  id: id(),
  naziv: text('naziv').notNull(),
  vrste: jsonb('vrste').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  email: text('email').notNull().default(''),
  telefon: text('telefon').notNull().default(''),
  adresa: text('adresa').notNull().default(''),
  /** Identification number of a legal entity in Bosnia and Herzegovina (JIB/IDB), when known. */
  idBroj: text('id_broj').notNull().default(''),
  aktivan: boolean('aktivan').notNull().default(true),
  /** People to talk to at the partner: [{ ime, telefon, email }]. */
  kontakti: jsonb('kontakti').$type<{ ime: string; telefon: string; email: string }[]>().notNull().default(sql`'[]'::jsonb`),
  /** Where the partner's result reports go (the group e-mail of /narucioci): a list of addresses. */
  emailNalazi: jsonb('email_nalazi').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  uniqueIndex('partners_naziv_key').on(sql`lower(${t.naziv})`),
  check('partners_vrste_check', sql`jsonb_typeof(${t.vrste}) = 'array' and ${t.vrste} <@ '["narucilac","osiguranje","dobavljac"]'::jsonb`),
]);

/**
 * The request-rate limits of the public calls (sign-in, wall display, temperature readings), counted in the
 * database so that several server processes behind one address share one count: a client cannot get N times
 * the limit by being spread over N servers. One row per route and client key for the current window.
 */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
}, (t) => [index('rate_limit_counters_window_idx').on(t.windowEndsAt)]);

/**
 * Real-time events that several server processes pass to each other through PostgreSQL (socket.io's
 * postgres adapter, on LISTEN/NOTIFY): a notification carries at most 8,000 bytes, so a larger event is
 * stored here and the notification names its row; the adapter deletes rows older than its cleanup interval.
 * Named and shaped as the adapter expects. Unused with the embedded database (one process).
 */
export const socketIoAttachments = pgTable('socket_io_attachments', {
  id: bigserial('id', { mode: 'number' }).unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).defaultNow(),
  payload: bytea('payload'),
});

/**
 * Which server process runs an analyser's connection, when several run on one database: one at a time, the
 * holder of the analyser's lease, which it renews while it lives. A lease that was not renewed in time
 * (its process died) is taken by another process, which then opens the connection (modules/integration/leases.ts).
 */
export const analyserLeases = pgTable('analyser_leases', {
  analyserId: uuid('analyser_id').primaryKey().references(() => analysers.id, { onDelete: 'cascade' }),
  /** The holding process: a random id of each server start. */
  owner: text('owner').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  /**
   * The connection's state as its holder last reported it (every lease round), so a server that does not run
   * the analyser answers the same state as the one that does.
   */
  status: jsonb('status').$type<ConnectionStatus>(),
});

/**
 * Staff chat: one conversation per site. A message is what its author wrote, as plain text, at the time it was
 * sent; it is never edited or deleted (triggers of the migration refuse both), so the conversation is its own
 * record of who said what and when. `seq` orders the site's messages (history pages, unread counts).
 */
export const chatMessages = pgTable('chat_messages', {
  id: id(),
  seq: bigserial('seq', { mode: 'number' }).notNull(),
  siteId: uuid('site_id').notNull().references(() => sites.id),
  authorId: uuid('author_id').notNull().references(() => users.id),
  /** Plain text as typed (trimmed at the ends); '' for a message that carries only files. */
  tekst: text('tekst').notNull().default(''),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('chat_messages_seq_key').on(t.seq),
  // The site's history newest first and its unread count: a range of this index.
  index('chat_messages_site_seq_idx').on(t.siteId, t.seq),
]);

/** A file a chat message carries (an image or a PDF): the bytes as sent and the type they proved. */
export const chatFiles = pgTable('chat_files', {
  id: id(),
  messageId: uuid('message_id').notNull().references(() => chatMessages.id),
  siteId: uuid('site_id').notNull().references(() => sites.id),
  naziv: text('naziv').notNull(),
  tip: text('tip').notNull(),
  velicina: integer('velicina').notNull(),
  sadrzaj: bytea('sadrzaj').notNull(),
  /** The file's order within its message. */
  redoslijed: integer('redoslijed').notNull(),
}, (t) => [
  index('chat_files_message_idx').on(t.messageId),
  check('chat_files_tip_check', sql`${t.tip} in ('image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf')`),
]);

/** How far a user has read a site's chat: the `seq` of the newest message seen there. */
export const chatReads = pgTable('chat_reads', {
  userId: uuid('user_id').notNull().references(() => users.id),
  siteId: uuid('site_id').notNull().references(() => sites.id),
  lastReadSeq: bigint('last_read_seq', { mode: 'number' }).notNull().default(0),
}, (t) => [primaryKey({ columns: [t.userId, t.siteId] })]);

/**
 * Microbiology reference data, imported from published tables (see modules/microbiology/reference-import.ts):
 * one row per imported breakpoint guideline (e.g. 'EUCAST 2025'), with where the data comes from. A lab
 * imports each year's table; every interpretation keeps the guideline it was made with.
 */
export const microReferenceSets = pgTable('micro_reference_sets', {
  guideline: text('guideline').primaryKey(),
  /** Source and licence of the data, printed where it is used. */
  attribution: text('attribution').notNull(),
  /** The rules the intrinsic-resistance rows follow (EUCAST Expected Resistant Phenotypes v1.2). */
  intrinsicSource: text('intrinsic_source').notNull(),
  breakpoints: integer('breakpoints').notNull(),
  importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Organisms and organism groups (AMR package codes: B_ESCHR_COLI, B_STRPT_ABCG, B_[ORD]_ENTRBCTR …) with their taxonomy. */
export const microOrganisms = pgTable('micro_organisms', {
  mo: text('mo').primaryKey(),
  fullname: text('fullname').notNull(),
  status: text('status').notNull(),
  kingdom: text('kingdom').notNull(),
  rank: text('rank').notNull(),
  genus: text('genus').notNull(),
  species: text('species').notNull(),
  family: text('family').notNull(),
  orderName: text('order_name').notNull(),
  gramStain: text('gram_stain').notNull(),
  oxygenTolerance: text('oxygen_tolerance').notNull(),
  /** The species groups and complexes the organism belongs to. */
  groups: text('groups').array().notNull().default(sql`'{}'::text[]`),
  /** Clinical relevance, 1 the most common: orders the picker's matches. */
  prevalence: real('prevalence').notNull(),
});

/** Antimicrobial agents (EARS-Net/WHONET codes: AMP, MEM, SXT …). ATC codes and doses are not imported (WHOCC copyright). */
export const microAntimicrobials = pgTable('micro_antimicrobials', {
  ab: text('ab').primaryKey(),
  name: text('name').notNull(),
  grupa: text('grupa').notNull(),
  abbreviations: text('abbreviations').array().notNull().default(sql`'{}'::text[]`),
});

/** Clinical breakpoints of a guideline, in the table's order (see @lis/domain microbiology interpretation). */
export const microBreakpoints = pgTable('micro_breakpoints', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  guideline: text('guideline').notNull().references(() => microReferenceSets.guideline, { onDelete: 'cascade' }),
  ordinal: integer('ordinal').notNull(),
  method: text('method').notNull(),
  site: text('site').notNull(),
  mo: text('mo').notNull(),
  rankIndex: real('rank_index').notNull(),
  ab: text('ab').notNull(),
  breakpointS: doublePrecision('breakpoint_s').notNull(),
  breakpointR: doublePrecision('breakpoint_r').notNull(),
  uti: boolean('uti').notNull(),
  /** A disk row's disk content as the table gives it ('10 mcg', '1.25/23.75 mcg', '1 unit'); null for MIC rows and older imports. */
  diskDose: text('disk_dose'),
}, (t) => [
  uniqueIndex('micro_breakpoints_ordinal_key').on(t.guideline, t.ordinal),
  index('micro_breakpoints_ab_idx').on(t.guideline, t.ab, t.method),
  check('micro_breakpoints_method_check', sql`${t.method} in ('MIC', 'DISK')`),
]);

/** Expected (intrinsic) resistance: the organism is R to the agent whatever the test shows. */
export const microIntrinsicResistance = pgTable('micro_intrinsic_resistance', {
  mo: text('mo').notNull(),
  ab: text('ab').notNull(),
}, (t) => [primaryKey({ columns: [t.mo, t.ab] })]);

/**
 * Antibiogram panels (see @lis/domain microbiology/panels.ts): the agents tested, in order, for an organism
 * group (an organism code of the reference table) and a specimen ('' for every specimen). Lab-wide, like the
 * reference tables. The codes are not foreign keys: the demo seed writes panels before the reference data is
 * imported, and an import may drop a code; the panel call checks them when a panel is saved.
 */
export const microPanels = pgTable('micro_panels', {
  id: id(),
  naziv: text('naziv').notNull(),
  grupa: text('grupa').notNull(),
  uzorak: text('uzorak').notNull().default(''),
  antibiotici: text('antibiotici').array().notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [uniqueIndex('micro_panels_grupa_uzorak_key').on(t.grupa, sql`lower(${t.uzorak})`)]);

/**
 * The culture of a culture test on a sample (one per sample test): the specimen, whether anything grew,
 * and (below) the isolates and their antibiograms. Its summary is the test's result, so approval,
 * verification and the report follow the results flow.
 */
export const sampleCultures = pgTable('sample_cultures', {
  id: id(),
  sampleId: uuid('sample_id').notNull().references(() => samples.id, { onDelete: 'cascade' }),
  sampleTestId: uuid('sample_test_id').notNull().references(() => sampleTests.id, { onDelete: 'cascade' }),
  /** The specimen as the lab names it (Urin, srednji mlaz; Bris rane …). */
  materijal: text('materijal').notNull(),
  /** From a urinary tract infection: the urinary breakpoints apply where the agent has them. */
  uti: boolean('uti').notNull(),
  /** The site of infection ('' general, meningitis, endocarditis, pneumonia, oral): which breakpoint rows apply (@lis/domain INFECTION_SITES). */
  infekcija: text('infekcija').notNull().default(''),
  rast: boolean('rast').notNull(),
  napomena: text('napomena').notNull().default(''),
  /** The breakpoint guideline the antibiograms were interpreted with. */
  guideline: text('guideline'),
  updatedBy: uuid('updated_by').references(() => users.id),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  uniqueIndex('sample_cultures_test_key').on(t.sampleTestId),
  index('sample_cultures_sample_idx').on(t.sampleId),
]);

/** An organism grown in a culture, with its quantity as a power of ten (5: 10^5 CFU/mL). */
export const cultureIsolates = pgTable('culture_isolates', {
  id: id(),
  cultureId: uuid('culture_id').notNull().references(() => sampleCultures.id, { onDelete: 'cascade' }),
  rbr: integer('rbr').notNull(),
  mo: text('mo').notNull().references(() => microOrganisms.mo),
  kolicina: integer('kolicina'),
  napomena: text('napomena').notNull().default(''),
}, (t) => [uniqueIndex('culture_isolates_rbr_key').on(t.cultureId, t.rbr)]);

/**
 * One antibiogram row of an isolate: the agent, the method, the value exactly as typed, the category the
 * breakpoints (or intrinsic resistance) gave and why, the row used, and a person's override with its reason.
 */
export const isolateSusceptibilities = pgTable('isolate_susceptibilities', {
  id: id(),
  isolateId: uuid('isolate_id').notNull().references(() => cultureIsolates.id, { onDelete: 'cascade' }),
  rbr: integer('rbr').notNull(),
  ab: text('ab').notNull().references(() => microAntimicrobials.ab),
  method: text('method').notNull(),
  vrijednost: text('vrijednost').notNull(),
  tumacenje: text('tumacenje'),
  osnova: text('osnova').notNull(),
  breakpoint: jsonb('breakpoint').$type<{ guideline: string; mo: string; site: string; s: number; r: number; uti: boolean }>(),
  izmjena: text('izmjena'),
  razlog: text('razlog'),
}, (t) => [
  uniqueIndex('isolate_susceptibilities_rbr_key').on(t.isolateId, t.rbr),
  check('isolate_susceptibilities_method_check', sql`${t.method} in ('MIC', 'DISK')`),
  check('isolate_susceptibilities_sir_check', sql`(${t.tumacenje} is null or ${t.tumacenje} in ('S', 'I', 'R')) and (${t.izmjena} is null or (${t.izmjena} in ('S', 'I', 'R') and ${t.razlog} is not null))`),
]);

/**
 * Quality control: a control material's lot at a site (the spec's control: name, LOT, expiry, and the entry
 * mode its widget opens in, 'Multi' for several levels at once or 'Single' for one). A lot is never deleted:
 * its results are the lab's quality record.
 */
export const qcControls = pgTable('qc_controls', {
  id: id(),
  siteId: uuid('site_id').notNull().references(() => sites.id),
  kontrola: text('kontrola').notNull(),
  proizvodjac: text('proizvodjac').notNull().default(''),
  lot: text('lot').notNull(),
  rokTrajanja: date('rok_trajanja', { mode: 'string' }).notNull(),
  mod: text('mod').$type<'Multi' | 'Single'>().notNull().default('Multi'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  uniqueIndex('qc_controls_site_lot_key').on(t.siteId, sql`lower(${t.kontrola})`, sql`upper(${t.lot})`),
  index('qc_controls_list_idx').on(t.siteId, t.createdAt, t.id),
  check('qc_controls_mod_check', sql`${t.mod} in ('Multi', 'Single')`),
]);

/** A lot's target per assay and level: the declared mean and SD (SD above zero) and where the target comes from. */
export const qcTargets = pgTable('qc_targets', {
  id: id(),
  controlId: uuid('control_id').notNull().references(() => qcControls.id),
  labassayId: uuid('labassay_id').notNull().references(() => labAssays.id),
  nivo: integer('nivo').notNull(),
  mean: doublePrecision('mean').notNull(),
  sd: doublePrecision('sd').notNull(),
  izvor: text('izvor').notNull().default('proizvodjac'),
  /**
   * The analyser whose runs this target judges; null: the general target, for hand entry and for every
   * analyser of the site without a target of its own.
   */
  analyserId: uuid('analyser_id').references(() => analysers.id, { onDelete: 'cascade' }),
}, (t) => [
  // One target per lot, assay, level and analyser; the general one (null analyser) counts as one more source.
  uniqueIndex('qc_targets_control_assay_level_analyser_key').on(
    t.controlId, t.labassayId, t.nivo, sql`coalesce(${t.analyserId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
  ),
  check('qc_targets_sd_check', sql`${t.sd} > 0`),
  check('qc_targets_nivo_check', sql`${t.nivo} between 1 and 6`),
  check('qc_targets_izvor_check', sql`${t.izvor} in ('proizvodjac', 'prvih20', 'kumulativno')`),
]);

/**
 * The specimen id an analyser sends for a level of a lot (the control vial's barcode as programmed on the
 * analyser, e.g. "QC-BR1-1"): a control result with that specimen id is stored on that lot and level. Unique
 * at a site, case ignored, so a specimen id names one lot's level; a lot has one per level.
 */
export const qcControlSpecimens = pgTable('qc_control_specimens', {
  id: id(),
  siteId: uuid('site_id').notNull().references(() => sites.id),
  controlId: uuid('control_id').notNull().references(() => qcControls.id),
  nivo: integer('nivo').notNull(),
  uzorak: text('uzorak').notNull(),
}, (t) => [
  uniqueIndex('qc_control_specimens_site_uzorak_key').on(t.siteId, sql`upper(${t.uzorak})`),
  uniqueIndex('qc_control_specimens_control_nivo_key').on(t.controlId, t.nivo),
  check('qc_control_specimens_nivo_check', sql`${t.nivo} between 1 and 6`),
]);

/** The Westgard rules in force for an assay at a site and its allowable total error (TEa, %). */
export const qcAssayRules = pgTable('qc_assay_rules', {
  siteId: uuid('site_id').notNull().references(() => sites.id),
  labassayId: uuid('labassay_id').notNull().references(() => labAssays.id),
  pravila: jsonb('pravila').$type<string[]>().notNull(),
  tea: doublePrecision('tea'),
  updatedAt: updatedAt(),
}, (t) => [primaryKey({ columns: [t.siteId, t.labassayId] })]);

/**
 * Control results: one row per level of a run. A run (`serija`) is the levels of one assay measured together
 * on one lot; its rows carry the judgement made when it was entered (status, the rules violated, the z-score
 * against the target then in force). A result is never deleted: `iskljucen` takes it out of the statistics,
 * the rules and the hold, with a reason, and is audited.
 */
export const qcResults = pgTable('qc_results', {
  id: id(),
  siteId: uuid('site_id').notNull().references(() => sites.id),
  controlId: uuid('control_id').notNull().references(() => qcControls.id),
  labassayId: uuid('labassay_id').notNull().references(() => labAssays.id),
  serija: uuid('serija').notNull(),
  nivo: integer('nivo').notNull(),
  /** The value exactly as given, beside its number. */
  unos: text('unos').notNull(),
  vrijednost: doublePrecision('vrijednost').notNull(),
  izmjereno: timestamp('izmjereno', { withTimezone: true }).notNull(),
  mean: doublePrecision('mean').notNull(),
  sd: doublePrecision('sd').notNull(),
  z: doublePrecision('z').notNull(),
  status: text('status').$type<'prihvacen' | 'upozorenje' | 'odbijen'>().notNull(),
  /** The rules this level takes part in violating, e.g. ["2-2s", "1-2s"]. */
  pravila: jsonb('pravila').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  komentar: text('komentar').notNull().default(''),
  iskljucen: boolean('iskljucen').notNull().default(false),
  razlogIskljucenja: text('razlog_iskljucenja'),
  /** Who entered it; null when an analyser sent it (named in `izvor`). */
  unioBy: uuid('unio_by').references(() => users.id),
  izvor: text('izvor').notNull().default('rucno'),
  /** The analyser that measured it (null: entered by hand): a rejected run holds that analyser's patient results. */
  analyserId: uuid('analyser_id').references(() => analysers.id, { onDelete: 'set null' }),
  /** The analyser message that carried it. */
  messageId: uuid('message_id').references(() => analyserMessages.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
}, (t) => [
  index('qc_results_hold_idx').on(t.siteId, t.labassayId, t.analyserId, t.izmjereno, t.createdAt),
  index('qc_results_chart_idx').on(t.siteId, t.controlId, t.labassayId, t.izmjereno, t.id),
  index('qc_results_latest_idx').on(t.siteId, t.labassayId, t.izmjereno, t.createdAt),
  index('qc_results_serija_idx').on(t.serija),
  index('qc_results_list_idx').on(t.siteId, t.createdAt, t.id),
  check('qc_results_status_check', sql`${t.status} in ('prihvacen', 'upozorenje', 'odbijen')`),
  check('qc_results_excluded_reason_check', sql`not ${t.iskljucen} or ${t.razlogIskljucenja} is not null`),
]);

/** What was done about a rejected run: recording it releases the assay's patient results held by that run. */
export const qcCorrectiveActions = pgTable('qc_corrective_actions', {
  id: id(),
  siteId: uuid('site_id').notNull().references(() => sites.id),
  labassayId: uuid('labassay_id').notNull().references(() => labAssays.id),
  serija: uuid('serija').notNull(),
  opis: text('opis').notNull(),
  userId: uuid('user_id').notNull().references(() => users.id),
  createdAt: createdAt(),
}, (t) => [index('qc_corrective_actions_serija_idx').on(t.serija)]);

/**
 * A partner's price list: the price of a test on that partner's samples,
 * instead of the catalogue price (lab_assays.price). A test without a row
 * here costs the catalogue price.
 */
export const partnerPrices = pgTable('partner_prices', {
  partnerId: uuid('partner_id').notNull().references(() => partners.id, { onDelete: 'cascade' }),
  labassayId: uuid('labassay_id').notNull().references(() => labAssays.id, { onDelete: 'cascade' }),
  price: numeric('price', { precision: 10, scale: 2 }).notNull(),
}, (t) => [
  primaryKey({ columns: [t.partnerId, t.labassayId] }),
  check('partner_prices_price_check', sql`${t.price} >= 0`),
]);

/**
 * The lab's own secrets, created on first use and never sent to a client: 'whonet_pseudonym' keys the
 * HMAC that turns a patient's id into the PATIENT_ID of the WHONET export (stable across exports, so
 * WHONET can still tell one patient's isolates apart, and not reversible without this key).
 */
export const labSecrets = pgTable('lab_secrets', {
  name: text('name').primaryKey(),
  secret: text('secret').notNull(),
  createdAt: createdAt(),
});
