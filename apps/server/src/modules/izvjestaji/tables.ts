/** The tables the izvjestaji module owns: only its repositories query them; another module asks its service (eslint-rules/boundaries.js). */
import { integer, numeric, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sites } from '../../db/shared-tables.ts';

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
