/** The tables the catalogue module owns: only its repositories query them; another module asks its service (eslint-rules/boundaries.js). */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, numeric, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, createdAt, updatedAt } from '../../db/columns.ts';
import { sampleTypes } from '../sample-types/tables.ts';

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
  /** The assay's LOINC code (checked with its check digit on save); null: none. FHIR Observations and HL7 OBX name the test by it. */
  loinc: text('loinc'),
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
  /** Hours after collection the test can still be measured: per sample type id, or (uzorak null) for any type. */
  stabilnost: jsonb('stabilnost').$type<{ uzorak: string | null; sati: number }[]>().notNull().default(sql`'[]'::jsonb`),
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
