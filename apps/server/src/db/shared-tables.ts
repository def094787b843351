/**
 * The tables every module shares: the lab's sites and users, the audit and access logs, the setting records,
 * and the stores the db/ layer and the server's plumbing keep (rate limits, Socket.IO attachments, lab secrets).
 * Any repository may import them; a module's own tables are in its `tables.ts`.
 */
import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, createdAt, updatedAt, bytea } from './columns.ts';

export const sites = pgTable('sites', {
  id: id(),
  sifra: text('sifra').notNull(),
  naziv: text('naziv').notNull(),
  name: text('name').notNull(),
  mjesta: jsonb('mjesta').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  adresa: text('adresa').notNull().default(''),
  timeZone: text('time_zone').notNull().default('Europe/Sarajevo'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [uniqueIndex('sites_sifra_key').on(t.sifra)]);

export const users = pgTable('users', {
  id: id(),
  email: text('email').notNull(),
  passwordHash: text('password_hash').notNull(),
  ime: text('ime').notNull().default(''),
  prezime: text('prezime').notNull().default(''),
  accessLevel: integer('access_level').notNull().default(1),
  role: text('role').notNull(),
  language: text('language').notNull().default('bs'),
  /** Seconds without activity before the session ends. */
  idleTime: integer('idle_time').notNull().default(28_800),
  defaultRoute: text('default_route').notNull().default('/statistika'),
  pidBcode: boolean('pid_bcode').notNull().default(false),
  /** Microbiology mode: the processing list (/obrada/pregled) opens on the Mikrobiologija preset instead of RADNA LISTA. */
  mikrobiologija: boolean('mikrobiologija').notNull().default(false),
  customer: boolean('customer').notNull().default(false),
  disabled: boolean('disabled').notNull().default(false),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
  /** Signed in with a password an administrator set (a new user, a reset): only the password change is allowed until it is changed. */
  mustChangePassword: boolean('must_change_password').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [uniqueIndex('users_email_key').on(sql`lower(${t.email})`)]);

export const userSites = pgTable('user_sites', {
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  siteId: uuid('site_id').notNull().references(() => sites.id, { onDelete: 'cascade' }),
}, (t) => [primaryKey({ columns: [t.userId, t.siteId] })]);

/** Append-only: rows are never updated or deleted. */
export const auditLog = pgTable('audit_log', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  userId: uuid('user_id'),
  siteId: uuid('site_id'),
  action: text('action').notNull(),
  entity: text('entity').notNull(),
  entityId: text('entity_id').notNull(),
  field: text('field'),
  oldValue: jsonb('old_value'),
  newValue: jsonb('new_value'),
  reason: text('reason'),
  requestId: text('request_id'),
}, (t) => [index('audit_log_entity_idx').on(t.entity, t.entityId, t.at)]);

/**
 * Who looked at which record (patient charts): read access is logged, not only writes. A lookup without
 * sign-in (a report's verification page) has no user: its row carries the caller's address instead.
 */
export const accessLog = pgTable('access_log', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  userId: uuid('user_id'),
  /** The caller's address, on a lookup without sign-in. */
  ip: text('ip'),
  siteId: uuid('site_id'),
  entity: text('entity').notNull(),
  entityId: text('entity_id').notNull(),
  requestId: text('request_id'),
}, (t) => [index('access_log_entity_idx').on(t.entity, t.entityId, t.at)]);

/** Setting records edited as JSON objects: locations, doctors, groups, units, ... */
export const settingRecords = pgTable('setting_records', {
  id: id(),
  siteId: uuid('site_id').references(() => sites.id),
  type: text('type').notNull(),
  data: jsonb('data').$type<Record<string, unknown>>().notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [index('setting_records_type_idx').on(t.type, t.siteId)]);

/**
 * The request-rate limits of the public calls (sign-in, wall display, temperature readings), counted in the
 * database so that several server processes behind one address share one count: a client cannot get N times
 * the limit by being spread over N servers. One row per route and client key for the current window.
 */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
}, (t) => [index('rate_limit_counters_window_idx').on(t.windowEndsAt)]);

/**
 * Real-time events that several server processes pass to each other through PostgreSQL (socket.io's
 * postgres adapter, on LISTEN/NOTIFY): a notification carries at most 8,000 bytes, so a larger event is
 * stored here and the notification names its row; the adapter deletes rows older than its cleanup interval.
 * Named and shaped as the adapter expects. Unused with the embedded database (one process).
 */
export const socketIoAttachments = pgTable('socket_io_attachments', {
  id: bigserial('id', { mode: 'number' }).unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).defaultNow(),
  payload: bytea('payload'),
});

/**
 * The lab's own secrets, created on first use and never sent to a client: 'whonet_pseudonym' keys the
 * HMAC that turns a patient's id into the PATIENT_ID of the WHONET export (stable across exports, so
 * WHONET can still tell one patient's isolates apart, and not reversible without this key).
 */
export const labSecrets = pgTable('lab_secrets', {
  name: text('name').primaryKey(),
  secret: text('secret').notNull(),
  createdAt: createdAt(),
});
