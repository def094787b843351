/** The tables the statistics module owns: only its repositories query them; another module asks its service (eslint-rules/boundaries.js). */
import { boolean, date, doublePrecision, index, integer, pgTable, primaryKey, text, unique, uuid } from 'drizzle-orm/pg-core';
import { sites } from '../../db/shared-tables.ts';
import { samples } from '../samples/tables.ts';

// The lab statistics (/statistika, /dashboard) read these instead of every sample and test of the range. All
// are kept by triggers on samples, sample_tests, lab_assays, sites and statistics_sample_sections in the
// transaction of the change (migrations 0033 and 0054; backfilled there). A day (`dan`) is the site's calendar day of the sample's registration
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
 * whose reception and verification are both known, the turnaround in minutes. The per-sample state the
 * section counts below are kept from: a change to a sample rebuilds its rows, and their triggers move the
 * counts by the difference. Nothing reads it to answer a call.
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
 * Samples with a test of a lab section and those tests, per site, day, section and the sample's turnaround in
 * whole minutes rounded up (null: not measured: not verified, or reception or verification unknown). A month
 * of a section is a few thousand rows however busy the site: the samples and tests of a section add up its
 * rows, and the median and 90th percentile of its turnaround come from the counts per minute
 * (@lis/domain turnaroundOfCounts) instead of sorting one row per sample.
 */
export const statisticsSectionsDaily = pgTable('statistics_sections_daily', {
  siteId: uuid('site_id').notNull().references(() => sites.id),
  dan: date('dan', { mode: 'string' }).notNull(),
  sekcijaId: uuid('sekcija_id').notNull(),
  minuta: integer('minuta'),
  uzorci: integer('uzorci').notNull(),
  testovi: integer('testovi').notNull(),
}, (t) => [unique('statistics_sections_daily_key').on(t.siteId, t.dan, t.sekcijaId, t.minuta).nullsNotDistinct()]);

/**
 * Measured samples (verified, with reception and verification known) per site, day, urgency and turnaround
 * in whole minutes rounded up: the turnaround of the site's samples as a whole, of its urgent ones, and the
 * wall display's of today.
 */
export const statisticsTurnaroundDaily = pgTable('statistics_turnaround_daily', {
  siteId: uuid('site_id').notNull().references(() => sites.id),
  dan: date('dan', { mode: 'string' }).notNull(),
  hitan: boolean('hitan').notNull(),
  minuta: integer('minuta').notNull(),
  uzorci: integer('uzorci').notNull(),
}, (t) => [unique('statistics_turnaround_daily_key').on(t.siteId, t.dan, t.hitan, t.minuta)]);

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
