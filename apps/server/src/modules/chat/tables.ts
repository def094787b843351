/** The tables the chat module owns: only its repositories query them; another module asks its service (eslint-rules/boundaries.js). */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, createdAt, bytea } from '../../db/columns.ts';
import { sites, users } from '../../db/shared-tables.ts';

/**
 * Staff chat: one conversation per site. A message is what its author wrote, as plain text, at the time it was
 * sent; it is never edited or deleted (triggers of the migration refuse both), so the conversation is its own
 * record of who said what and when. `seq` orders the site's messages (history pages, unread counts).
 */
export const chatMessages = pgTable('chat_messages', {
  id: id(),
  seq: bigserial('seq', { mode: 'number' }).notNull(),
  siteId: uuid('site_id').notNull().references(() => sites.id),
  authorId: uuid('author_id').notNull().references(() => users.id),
  /** Plain text as typed (trimmed at the ends); '' for a message that carries only files. */
  tekst: text('tekst').notNull().default(''),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('chat_messages_seq_key').on(t.seq),
  // The site's history newest first and its unread count: a range of this index.
  index('chat_messages_site_seq_idx').on(t.siteId, t.seq),
]);

/** A file a chat message carries (an image or a PDF): the bytes as sent and the type they proved. */
export const chatFiles = pgTable('chat_files', {
  id: id(),
  messageId: uuid('message_id').notNull().references(() => chatMessages.id),
  siteId: uuid('site_id').notNull().references(() => sites.id),
  naziv: text('naziv').notNull(),
  tip: text('tip').notNull(),
  velicina: integer('velicina').notNull(),
  sadrzaj: bytea('sadrzaj').notNull(),
  /** The file's order within its message. */
  redoslijed: integer('redoslijed').notNull(),
}, (t) => [
  index('chat_files_message_idx').on(t.messageId),
  check('chat_files_tip_check', sql`${t.tip} in ('image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf')`),
]);

/** How far a user has read a site's chat: the `seq` of the newest message seen there. */
export const chatReads = pgTable('chat_reads', {
  userId: uuid('user_id').notNull().references(() => users.id),
  siteId: uuid('site_id').notNull().references(() => sites.id),
  lastReadSeq: bigint('last_read_seq', { mode: 'number' }).notNull().default(0),
}, (t) => [primaryKey({ columns: [t.userId, t.siteId] })]);
