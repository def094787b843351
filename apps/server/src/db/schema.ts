import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

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
  customer: boolean('customer').notNull().default(false),
  disabled: boolean('disabled').notNull().default(false),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [uniqueIndex('users_email_key').on(sql`lower(${t.email})`)]);

export const userSites = pgTable('user_sites', {
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  siteId: uuid('site_id').notNull().references(() => sites.id, { onDelete: 'cascade' }),
}, (t) => [primaryKey({ columns: [t.userId, t.siteId] })]);

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
}, (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_idx').on(t.userId)]);

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
]);

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

/** Who looked at which record (patient charts): read access is logged, not only writes. */
export const accessLog = pgTable('access_log', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  userId: uuid('user_id').notNull(),
  siteId: uuid('site_id'),
  entity: text('entity').notNull(),
  entityId: text('entity_id').notNull(),
  requestId: text('request_id'),
}, (t) => [index('access_log_entity_idx').on(t.entity, t.entityId, t.at)]);

/** Setting records edited as JSON (spec section 3): locations, doctors, groups, units, ... */
export const settingRecords = pgTable('setting_records', {
  id: id(),
  siteId: uuid('site_id').references(() => sites.id),
  type: text('type').notNull(),
  data: jsonb('data').$type<Record<string, unknown>>().notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [index('setting_records_type_idx').on(t.type, t.siteId)]);

export const labSections = pgTable('lab_sections', {
  id: id(),
  sifra: text('sifra').notNull(),
  naziv: text('naziv').notNull(),
  redoslijed: integer('redoslijed').notNull().default(0),
  mikrobiologija: boolean('mikrobiologija').notNull().default(false),
}, (t) => [uniqueIndex('lab_sections_sifra_key').on(t.sifra)]);

export const sampleTypes = pgTable('sample_types', {
  id: id(),
  sifra: text('sifra').notNull(),
  naziv: text('naziv').notNull(),
}, (t) => [uniqueIndex('sample_types_sifra_key').on(t.sifra)]);

export const labAssays = pgTable('lab_assays', {
  id: id(),
  sifra: text('sifra').notNull(),
  naziv: text('naziv').notNull(),
  /** Short analyte name printed in narrow columns (advised max 30 characters). */
  analit: text('analit').notNull(),
  sekcijaId: uuid('sekcija_id').notNull().references(() => labSections.id),
  sampleTypeId: uuid('sample_type_id').references(() => sampleTypes.id),
  jedinica: text('jedinica').notNull().default(''),
  /** Price in KM as exact decimal. */
  price: numeric('price', { precision: 10, scale: 2 }).notNull().default('0'),
  manual: boolean('manual').notNull().default(false),
  calculated: boolean('calculated').notNull().default(false),
  /** Formula over component assay codes, e.g. "CHOL - HDL - TG/2.2". */
  formula: text('formula'),
  /** Ids of the component assays of a calculated test. */
  calculatedTests: jsonb('calculated_tests').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  decimals: integer('decimals').notNull().default(2),
  criticalLow: numeric('critical_low'),
  criticalHigh: numeric('critical_high'),
  disabled: boolean('disabled').notNull().default(false),
  tip: text('tip').notNull().default('Standard'),
  redoslijed: integer('redoslijed').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [uniqueIndex('lab_assays_sifra_key').on(t.sifra), index('lab_assays_sekcija_idx').on(t.sekcijaId)]);

export const referenceRanges = pgTable('reference_ranges', {
  id: id(),
  labassayId: uuid('labassay_id').notNull().references(() => labAssays.id, { onDelete: 'cascade' }),
  /** null: both sexes. */
  spol: text('spol'),
  ageMinDays: integer('age_min_days').notNull().default(0),
  ageMaxDays: integer('age_max_days').notNull().default(54_750),
  /** null: regardless of pregnancy. */
  trudnica: boolean('trudnica'),
  low: numeric('low'),
  high: numeric('high'),
  /** Text reference for qualitative tests, e.g. "Negativan". */
  tekst: text('tekst'),
}, (t) => [index('reference_ranges_labassay_idx').on(t.labassayId)]);
