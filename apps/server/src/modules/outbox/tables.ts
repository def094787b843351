/** The tables the outbox module owns: only its repositories query them; another module asks its service (eslint-rules/boundaries.js). */
import { sql } from 'drizzle-orm';
import { bigserial, check, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, createdAt, updatedAt } from '../../db/columns.ts';
import { sites, users } from '../../db/shared-tables.ts';
import { samples } from '../samples/tables.ts';

/**
 * A group e-mail of /narucioci: the reports of a range of verification days
 * sent to each orderer. Its messages are queued in the outbox in the same
 * transaction that inserts this row (outbox_messages.group_mail_id), so a
 * group e-mail is either wholly queued or not at all, and a server restart
 * loses none of it; its progress is read from its messages' statuses.
 */
export const groupMails = pgTable('group_mails', {
  id: id(),
  siteId: uuid('site_id').notNull().references(() => sites.id),
  /** The range of verification days (the site's calendar), both included. */
  rangeFrom: date('range_from').notNull(),
  rangeTo: date('range_to').notNull(),
  /** Orderers with reports in the range, with an address or without. */
  orderers: integer('orderers').notNull(),
  /** Orderers with reports but no address: no message went to them. */
  withoutAddress: text('without_address').array().notNull().default(sql`'{}'::text[]`),
  createdBy: uuid('created_by').references(() => users.id),
  createdAt: createdAt(),
}, (t) => [
  index('group_mails_site_idx').on(t.siteId, t.createdAt),
]);

/**
 * The e-mail outbox: one row per e-mail, to a patient (the report of one
 * sample) or to an orderer (the reports of a date range). Subject, body and
 * recipient are fixed when queued, the attachments are report versions (whose
 * bytes never change), and the Message-ID is fixed too, so every attempt
 * sends the very same message. A worker claims due rows (status 'sending',
 * `claimed_at`, its own `claim_token`) and settles them after the SMTP
 * server's answer. Deleting hides a message (`deleted_at`); its row, its
 * attempts and the audit trail stay.
 */
export const outboxMessages = pgTable('outbox_messages', {
  id: id(),
  siteId: uuid('site_id').notNull().references(() => sites.id),
  /** The sample whose report a patient's mail carries; null for a group e-mail. */
  sampleId: uuid('sample_id').references(() => samples.id),
  /** The orderer of a group e-mail ('lokacija': a referring location); null for a patient's mail. */
  ordererKind: text('orderer_kind'),
  orderer: text('orderer'),
  /** The group e-mail that queued it; null for a patient's mail. */
  groupMailId: uuid('group_mail_id').references(() => groupMails.id),
  recipient: text('recipient').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  /**
   * A secret the body carries only until the message is sent (a patient portal's one-time code): once the
   * mail server accepts the message, it is masked in the stored body and this column is cleared, so the
   * code is not left readable in the outbox.
   */
  secret: text('secret'),
  /** bs, en or de: the language the subject and body are written in. */
  language: text('language').notNull(),
  /** Report versions (report_versions.id) attached, in order. */
  attachmentIds: uuid('attachment_ids').array().notNull().default(sql`'{}'::uuid[]`),
  status: text('status').notNull().default('queued'),
  /** Attempts since queued (or queued again). */
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
  claimedAt: timestamp('claimed_at', { withTimezone: true }),
  claimToken: uuid('claim_token'),
  /** The SMTP server's last reply, or why none answered. */
  lastReply: text('last_reply'),
  /** The Message-ID header, the same on every attempt. */
  messageId: text('message_id').notNull(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  deletedBy: uuid('deleted_by').references(() => users.id),
  createdBy: uuid('created_by').references(() => users.id),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  uniqueIndex('outbox_messages_message_id_key').on(t.messageId),
  // The list, newest first, without deleted messages (a backward scan, see db/list-query.ts).
  index('outbox_messages_list_idx').on(t.siteId, t.createdAt, t.id).where(sql`${t.deletedAt} is null`),
  index('outbox_messages_recipient_search_idx').on(t.siteId, sql`lower(${t.recipient}) text_pattern_ops`).where(sql`${t.deletedAt} is null`),
  // The worker's two questions: what is due, and which claims went stale. Both hold only the few rows in flight.
  index('outbox_messages_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'queued' and ${t.deletedAt} is null`),
  index('outbox_messages_claimed_idx').on(t.claimedAt).where(sql`${t.status} = 'sending'`),
  index('outbox_messages_sample_idx').on(t.sampleId),
  index('outbox_messages_group_mail_idx').on(t.groupMailId).where(sql`${t.groupMailId} is not null`),
  check('outbox_messages_status_check', sql`${t.status} in ('queued', 'sending', 'sent', 'failed')`),
]);

/** Every attempt to hand an outbox message to the SMTP server: when, what came of it, and the server's reply. */
export const outboxAttempts = pgTable('outbox_attempts', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  messageId: uuid('message_id').notNull().references(() => outboxMessages.id),
  siteId: uuid('site_id').notNull().references(() => sites.id),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  /** sent, retry (a temporary failure, tried again later) or failed. */
  outcome: text('outcome').notNull(),
  reply: text('reply').notNull(),
}, (t) => [
  index('outbox_attempts_message_idx').on(t.messageId, t.at),
  check('outbox_attempts_outcome_check', sql`${t.outcome} in ('sent', 'retry', 'failed')`),
]);
