/** The tables the autoverification module owns: only its repositories query them; another module asks its service (eslint-rules/boundaries.js). */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { AutoverificationFailure, AutoverificationRules, SimulationProgress } from '@lis/domain';
import { id, createdAt } from '../../db/columns.ts';
import { sites, users } from '../../db/shared-tables.ts';
import { samples } from '../samples/tables.ts';

/**
 * A version of a site's autoverification rule set. Versions are numbered per site from 1; a version is a draft
 * until it is activated, then frozen: the active one is the newest activated, an edit after activation makes a
 * new draft. At most one draft per site. Never deleted: a release names the version that released it.
 */
export const autoverificationRuleSets = pgTable('autoverification_rule_sets', {
  id: id(),
  siteId: uuid('site_id').notNull().references(() => sites.id),
  naziv: text('naziv').notNull(),
  verzija: integer('verzija').notNull(),
  pravila: jsonb('pravila').$type<AutoverificationRules>().notNull(),
  createdBy: uuid('created_by').references(() => users.id),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  activatedAt: timestamp('activated_at', { withTimezone: true }),
  activatedBy: uuid('activated_by').references(() => users.id),
  /** The last simulation of this content (cleared by an edit): its period, counts and the results it would have released that a person later changed. */
  simulacija: jsonb('simulacija').$type<Record<string, unknown>>(),
  /** While a simulation of this draft runs: the days of its period judged so far, of how many, and when it began. */
  simulacijaNapredak: jsonb('simulacija_napredak').$type<SimulationProgress>(),
}, (t) => [
  uniqueIndex('autoverification_rule_sets_site_version_key').on(t.siteId, t.verzija),
  uniqueIndex('autoverification_rule_sets_one_draft_key').on(t.siteId).where(sql`${t.activatedAt} is null`),
  check('autoverification_rule_sets_version_check', sql`${t.verzija} >= 1`),
]);

/**
 * Per site: the kill switch (autoverification runs only while `ukljuceno`; a site without a row has it off) and
 * the specialist its reports released by the rules name as responsible (null: none named).
 */
export const autoverificationSwitches = pgTable('autoverification_switches', {
  siteId: uuid('site_id').primaryKey().references(() => sites.id),
  ukljuceno: boolean('ukljuceno').notNull().default(false),
  odgovorniId: uuid('odgovorni_id').references(() => users.id),
  updatedBy: uuid('updated_by').references(() => users.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The latest judgement of a sample by the rules: which version judged it, whether it was released, and each
 * result's failed conditions (by sample test id), for the result screen's "why not".
 */
export const autoverificationOutcomes = pgTable('autoverification_outcomes', {
  sampleId: uuid('sample_id').primaryKey().references(() => samples.id, { onDelete: 'cascade' }),
  siteId: uuid('site_id').notNull().references(() => sites.id),
  ruleSetId: uuid('rule_set_id').notNull().references(() => autoverificationRuleSets.id),
  released: boolean('released').notNull(),
  failures: jsonb('failures').$type<Record<string, AutoverificationFailure[]>>().notNull(),
  /** The sample's version the judgement read (a later change of its results makes it stale). */
  sampleVersion: integer('sample_version').notNull(),
  judgedAt: timestamp('judged_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('autoverification_outcomes_site_idx').on(t.siteId, t.judgedAt)]);
