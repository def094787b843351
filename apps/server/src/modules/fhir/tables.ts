/** The tables the fhir module owns: only its repositories query them; another module asks its service (eslint-rules/boundaries.js). */
import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, createdAt } from '../../db/columns.ts';
import { sites } from '../../db/shared-tables.ts';
import { labAssays } from '../catalogue/tables.ts';
import { samples } from '../samples/tables.ts';

/**
 * Orders received from a hospital system (a FHIR transaction's ServiceRequest identifier): the sender's
 * identifier, unique per site, names the sample it created, so the same order sent again creates nothing.
 */
export const externalOrders = pgTable('external_orders', {
  id: id(),
  siteId: uuid('site_id').notNull().references(() => sites.id),
  /** The sender's identifier system (ServiceRequest.identifier.system; '' when it sent none). */
  system: text('system').notNull(),
  value: text('value').notNull(),
  sampleId: uuid('sample_id').notNull().references(() => samples.id, { onDelete: 'cascade' }),
  /** The ordered test (lab assay) the identifier's ServiceRequest asked for. */
  labassayId: uuid('labassay_id').notNull().references(() => labAssays.id),
  /** Where the order came from: 'fhir' (or 'hl7' for an MLLP order). */
  channel: text('channel').notNull(),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('external_orders_site_identifier_key').on(t.siteId, t.system, t.value),
  index('external_orders_sample_idx').on(t.sampleId),
]);
