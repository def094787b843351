/** The tables the integration module owns: only its repositories query them; another module asks its service (eslint-rules/boundaries.js). */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, createdAt, updatedAt } from '../../db/columns.ts';
import type { ConnectionStatus, ReviewReason } from '@lis/domain';
import { sites } from '../../db/shared-tables.ts';
import { sampleTests, samples } from '../samples/tables.ts';

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
 * test the sample does not have, a code without a mapping, a value the assay does not take, a preliminary or
 * cancelled result, a correction of an approved sample (ReviewReason). Kept for a
 * person on /integracija/pregled; `resolved_at` is set when a retry applied it.
 */
export const analyserReviewItems = pgTable('analyser_review_items', {
  id: id(),
  siteId: uuid('site_id').notNull().references(() => sites.id),
  analyserId: uuid('analyser_id').notNull().references(() => analysers.id, { onDelete: 'cascade' }),
  messageId: uuid('message_id').notNull().references(() => analyserMessages.id, { onDelete: 'cascade' }),
  razlog: text('razlog').$type<ReviewReason>().notNull(),
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
