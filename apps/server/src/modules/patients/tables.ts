/** The tables the patients module owns: only its repositories query them; another module asks its service (eslint-rules/boundaries.js). */
import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, createdAt, updatedAt } from '../../db/columns.ts';
import { bosnianSortKeySql, searchFoldSql } from '../../db/bosnian-sort-key.ts';
import { sites, users } from '../../db/shared-tables.ts';

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
  /**
   * The patient agreed to read their verified reports in the patient portal (/portal): only then does a
   * verification mail them a one-time code, and only then does a code or a portal session open anything.
   * Off unless staff tick it at intake or on the patient's record.
   */
  portalConsent: boolean('portal_consent').notNull().default(false),
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

/**
 * The one-time codes of the patient portal, one per verification of a consenting patient with an e-mail
 * address (mailed through the outbox). Only the SHA-256 of the code is kept: the code itself exists in the
 * mail alone. A code opens one patient's portal once (`used_at`), until `expires_at` (the general options'
 * portalCodeDays), unless staff revoked the patient's access (`revoked_at`).
 */
export const patientPortalCodes = pgTable('patient_portal_codes', {
  id: id(),
  patientId: uuid('patient_id').notNull().references(() => patients.id),
  /** The site whose verification issued the code. */
  siteId: uuid('site_id').notNull().references(() => sites.id),
  /** SHA-256 (hex) of the code as normalised (upper case, no separators). */
  codeHash: text('code_hash').notNull(),
  createdAt: createdAt(),
  createdBy: uuid('created_by').references(() => users.id),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
}, (t) => [
  uniqueIndex('patient_portal_codes_hash_key').on(t.codeHash),
  index('patient_portal_codes_patient_idx').on(t.patientId),
]);

/**
 * A patient's portal session, opened by a code: a token kind of its own (kept as its SHA-256), looked up
 * only by the portal's calls, never by the staff sign-in, so neither kind of token opens the other's API.
 */
export const patientPortalSessions = pgTable('patient_portal_sessions', {
  id: id(),
  patientId: uuid('patient_id').notNull().references(() => patients.id),
  codeId: uuid('code_id').notNull().references(() => patientPortalCodes.id),
  tokenHash: text('token_hash').notNull(),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
}, (t) => [
  uniqueIndex('patient_portal_sessions_token_key').on(t.tokenHash),
  index('patient_portal_sessions_patient_idx').on(t.patientId),
]);
