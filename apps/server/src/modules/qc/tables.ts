/** The tables the qc module owns: only its repositories query them; another module asks its service (eslint-rules/boundaries.js). */
import { sql } from 'drizzle-orm';
import { boolean, check, date, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, createdAt, updatedAt } from '../../db/columns.ts';
import { sites, users } from '../../db/shared-tables.ts';
import { labAssays } from '../catalogue/tables.ts';
import { analyserMessages, analysers } from '../integration/tables.ts';

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
