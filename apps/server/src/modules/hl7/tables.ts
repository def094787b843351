/** The tables the hl7 module owns: only its repositories query them; another module asks its service (eslint-rules/boundaries.js). */
import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, createdAt, updatedAt } from '../../db/columns.ts';
import { sites, users } from '../../db/shared-tables.ts';
import { samples } from '../samples/tables.ts';

/**
 * The HL7 outbound queue: one ORU^R01 per verified report version of a sample and HL7 destination of its
 * orderers (its partner's, its referring location's; one message per distinct destination). The message text, the destination and the message control id (MSH-10) are fixed when
 * queued (in the verification's transaction), so every attempt sends the very same bytes and a receiver
 * can tell a repeat by its control id. Claimed and settled like the e-mail outbox (status 'sending',
 * `claimed_at`, the worker's `claim_token`).
 */
export const hl7Messages = pgTable('hl7_messages', {
  id: id(),
  siteId: uuid('site_id').notNull().references(() => sites.id),
  sampleId: uuid('sample_id').notNull().references(() => samples.id),
  /** The report version the message carries; a version above 1 is a correction (result status C). */
  verzija: integer('verzija').notNull(),
  /**
   * The orderer it goes to: a partner, or a referring location (setting record of kind lokacija), exactly one of
   * the two; `orderer` its name as when queued.
   */
  partnerId: uuid('partner_id'),
  locationId: uuid('location_id'),
  orderer: text('orderer').notNull(),
  host: text('host').notNull(),
  port: integer('port').notNull(),
  /** MSH-10: the same on every attempt of this message. */
  controlId: text('control_id').notNull(),
  /** The ER7 text (segments ending in CR), as queued. */
  body: text('body').notNull(),
  status: text('status').notNull().default('queued'),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
  claimedAt: timestamp('claimed_at', { withTimezone: true }),
  claimToken: uuid('claim_token'),
  /** The receiver's last acknowledgement (code and text), or why none came. */
  lastReply: text('last_reply'),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  createdBy: uuid('created_by').references(() => users.id),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  uniqueIndex('hl7_messages_control_id_key').on(t.controlId),
  index('hl7_messages_list_idx').on(t.siteId, t.createdAt, t.id),
  index('hl7_messages_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'queued'`),
  index('hl7_messages_claimed_idx').on(t.claimedAt).where(sql`${t.status} = 'sending'`),
  index('hl7_messages_sample_idx').on(t.sampleId),
  check('hl7_messages_status_check', sql`${t.status} in ('queued', 'sending', 'sent', 'failed')`),
  check('hl7_messages_port_check', sql`${t.port} between 1 and 65535`),
  check('hl7_messages_orderer_check', sql`(${t.partnerId} is null) <> (${t.locationId} is null)`),
]);

/** Every attempt to hand an HL7 message to its receiver: when, what came of it, and the receiver's answer. */
export const hl7Attempts = pgTable('hl7_attempts', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  messageId: uuid('message_id').notNull().references(() => hl7Messages.id),
  siteId: uuid('site_id').notNull().references(() => sites.id),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  /** sent, retry (tried again later) or failed. */
  outcome: text('outcome').notNull(),
  reply: text('reply').notNull(),
}, (t) => [
  index('hl7_attempts_message_idx').on(t.messageId, t.at),
  check('hl7_attempts_outcome_check', sql`${t.outcome} in ('sent', 'retry', 'failed')`),
]);
