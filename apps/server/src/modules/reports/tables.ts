/** The tables the reports module owns: only its repositories query them; another module asks its service (eslint-rules/boundaries.js). */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { FrozenReportInput } from '@lis/domain';
import { id, createdAt, bytea } from '../../db/columns.ts';
import { sites, users } from '../../db/shared-tables.ts';
import { samples } from '../samples/tables.ts';

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
  /** The latest version is a partial report (sections the rules released before the rest of the sample). */
  partial: boolean('partial').notNull().default(false),
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
  /**
   * A partial report: only the results the autoverification rules released with their sections while the sample's
   * others were still to come; the version after it is the final report (a correction only when a released result changed).
   */
  partial: boolean('partial').notNull().default(false),
  /**
   * The unguessable id in the QR code printed on every page of this PDF (PUBLIC_URL/provjera/{token}):
   * 128 random bits, never the sample code, so a verification link names no patient and cannot be guessed.
   * The server draws it before rendering; the default only fills versions issued before tokens existed.
   */
  verificationToken: text('verification_token').notNull().default(sql`replace(gen_random_uuid()::text, '-', '')`),
}, (t) => [
  uniqueIndex('report_versions_sample_verzija_jezik_key').on(t.sampleId, t.verzija, t.jezik),
  uniqueIndex('report_versions_verification_token_key').on(t.verificationToken),
  check('report_versions_jezik_check', sql`${t.jezik} in ('bs', 'en', 'de')`),
]);

/**
 * What one version of a report says, as it was verified (results, ranges,
 * flags, names in every language, letterhead, signatures): kept when the
 * version is issued, so the version can later be printed in another
 * language with exactly that content. Versions issued before it was kept
 * have none and cannot be printed in a further language.
 */
export const reportContents = pgTable('report_contents', {
  id: id(),
  siteId: uuid('site_id').notNull().references(() => sites.id),
  sampleId: uuid('sample_id').notNull().references(() => samples.id),
  verzija: integer('verzija').notNull(),
  sadrzaj: jsonb('sadrzaj').$type<FrozenReportInput>().notNull(),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('report_contents_sample_verzija_key').on(t.sampleId, t.verzija),
]);
