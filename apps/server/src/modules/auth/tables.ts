/** The tables the auth module owns: only its repositories query them; another module asks its service (eslint-rules/boundaries.js). */
import { bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, createdAt } from '../../db/columns.ts';
import { sites, users } from '../../db/shared-tables.ts';

export const sessions = pgTable('sessions', {
  id: id(),
  /** sha256 of the bearer token; the token itself is never stored. */
  tokenHash: text('token_hash').notNull(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  siteId: uuid('site_id').notNull().references(() => sites.id),
  ip: text('ip').notNull().default(''),
  userAgent: text('user_agent').notNull().default(''),
  createdAt: createdAt(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  idleSeconds: integer('idle_seconds').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  endedAt: timestamp('ended_at', { withTimezone: true }),
  endReason: text('end_reason'),
}, (t) => [
  uniqueIndex('sessions_token_hash_key').on(t.tokenHash),
  // With created_at: the users list's last sign-in is the newest entry of the user's sessions, one index row however many years of sessions.
  index('sessions_user_idx').on(t.userId, t.createdAt),
]);

export const loginAttempts = pgTable('login_attempts', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  email: text('email').notNull(),
  ip: text('ip').notNull(),
  success: boolean('success').notNull(),
  reason: text('reason').notNull(),
  createdAt: createdAt(),
}, (t) => [
  index('login_attempts_email_idx').on(t.email, t.createdAt),
  index('login_attempts_ip_idx').on(t.ip, t.createdAt),
  // The administrator's view of accounts under attack reads the last minutes of every account.
  index('login_attempts_created_idx').on(t.createdAt),
]);

/**
 * The sign-in throttle's counters: failed (checked) attempts in the current window, per account and address together
 * (`email` the lower-case account, `ip` the address) and per address alone (`email` empty). An attempt is reserved
 * here, by one atomic upsert that refuses at the limit, before its password is verified, so parallel attempts on
 * several servers never check more than the limit; a correct password gives its reservation back.
 */
export const loginThrottles = pgTable('login_throttles', {
  email: text('email').notNull(),
  ip: text('ip').notNull(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  failures: integer('failures').notNull(),
}, (t) => [primaryKey({ columns: [t.email, t.ip] })]);

/**
 * System clients: programs (a hospital system) that call the API with a token got by OAuth 2.0 client credentials
 * (POST /api/oauth/token). Each has a system account of its own, a `users` row that cannot sign in with a password
 * (disabled, no password hash) and whose `user_sites` are the client's site list: the client's tokens are sessions of
 * that account, so site scoping, audit rows and the access log name it exactly as they name a person. `permissions`
 * replaces the account's role table: the client may do exactly what is listed. A client whose `active` is false has
 * every token refused at once (the session lookup reads it on every call).
 */
export const systemClients = pgTable('system_clients', {
  id: id(),
  naziv: text('naziv').notNull(),
  /** The public half of the credentials, `klijent-` and 16 hex digits. */
  clientId: text('client_id').notNull(),
  /** sha256 of the secret (256 random bits, so a slow password hash adds nothing); the secret is shown once. */
  secretHash: text('secret_hash').notNull(),
  permissions: jsonb('permissions').$type<string[]>().notNull(),
  userId: uuid('user_id').notNull().references(() => users.id),
  active: boolean('active').notNull().default(true),
  createdBy: uuid('created_by').references(() => users.id),
  createdAt: createdAt(),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
}, (t) => [
  uniqueIndex('system_clients_client_id_key').on(t.clientId),
  uniqueIndex('system_clients_user_id_key').on(t.userId),
]);
