/** The tables the reflex module owns: only its repositories query them; another module asks its service (eslint-rules/boundaries.js). */
import { sql } from 'drizzle-orm';
import { boolean, check, index, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, createdAt } from '../../db/columns.ts';
import { sites, users } from '../../db/shared-tables.ts';
import { labAssays } from '../catalogue/tables.ts';

/**
 * A site's reflex rule: when a saved result of `trigger` meets `condition` (@lis/domain reflexFires), the server adds
 * `add` to the same sample, free of charge or at its price (`charge`). One rule per trigger and added test at a site.
 * Never deleted, only switched off (`active`): the reflex tests it added name it (sample_tests.refleks).
 */
export const reflexRules = pgTable('reflex_rules', {
  id: id(),
  siteId: uuid('site_id').notNull().references(() => sites.id),
  triggerAssayId: uuid('trigger_assay_id').notNull().references(() => labAssays.id),
  condition: text('condition').notNull(),
  /** The cut-off of 'above' and 'below' (exact decimal); null for the conditions judged by the flag. */
  value: numeric('value'),
  addAssayId: uuid('add_assay_id').notNull().references(() => labAssays.id),
  charge: text('charge').notNull().default('free'),
  active: boolean('active').notNull().default(true),
  createdBy: uuid('created_by').references(() => users.id),
  updatedBy: uuid('updated_by').references(() => users.id),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('reflex_rules_site_pair_key').on(t.siteId, t.triggerAssayId, t.addAssayId),
  index('reflex_rules_site_active_idx').on(t.siteId).where(sql`${t.active}`),
  check('reflex_rules_condition_check', sql`${t.condition} in ('above-range', 'below-range', 'outside-range', 'above', 'below', 'abnormal')`),
  check('reflex_rules_charge_check', sql`${t.charge} in ('free', 'charged')`),
  check('reflex_rules_not_itself_check', sql`${t.triggerAssayId} <> ${t.addAssayId}`),
]);
