/** The tables the partners module owns: only its repositories query them; another module asks its service (eslint-rules/boundaries.js). */
import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, numeric, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, createdAt, updatedAt } from '../../db/columns.ts';
import { labAssays } from '../catalogue/tables.ts';

/**
 * Partners: the organisations the lab works with, lab-wide (one registry for every site): referrers and
 * companies that order tests (and receive their reports by e-mail), insurers, and suppliers of the inventory.
 * `vrste` says which of these roles a partner plays (one partner may be several). A partner's name is listed
 * once whatever its case. A partner is never deleted once anything points at it; `aktivan` retires it.
 */
export const partners = pgTable('partners', {
  id: id(),
  naziv: text('naziv').notNull(),
  vrste: jsonb('vrste').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  email: text('email').notNull().default(''),
  telefon: text('telefon').notNull().default(''),
  adresa: text('adresa').notNull().default(''),
  /** Identification number of a legal entity in Bosnia and Herzegovina (JIB/IDB), when known. */
  idBroj: text('id_broj').notNull().default(''),
  aktivan: boolean('aktivan').notNull().default(true),
  /** People to talk to at the partner: [{ ime, telefon, email }]. */
  kontakti: jsonb('kontakti').$type<{ ime: string; telefon: string; email: string }[]>().notNull().default(sql`'[]'::jsonb`),
  /** Where the partner's result reports go (the group e-mail of /narucioci): a list of addresses. */
  emailNalazi: jsonb('email_nalazi').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  /** The partner's hospital system (HIS) for results over HL7 v2: MLLP host and port; '' and null: none. */
  hl7Host: text('hl7_host').notNull().default(''),
  hl7Port: integer('hl7_port'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  uniqueIndex('partners_naziv_key').on(sql`lower(${t.naziv})`),
  check('partners_hl7_port_check', sql`${t.hl7Port} is null or ${t.hl7Port} between 1 and 65535`),
  check('partners_vrste_check', sql`jsonb_typeof(${t.vrste}) = 'array' and ${t.vrste} <@ '["narucilac","osiguranje","dobavljac"]'::jsonb`),
]);

/**
 * A partner's price list: the price of a test on that partner's samples,
 * instead of the catalogue price (lab_assays.price). A test without a row
 * here costs the catalogue price.
 */
export const partnerPrices = pgTable('partner_prices', {
  partnerId: uuid('partner_id').notNull().references(() => partners.id, { onDelete: 'cascade' }),
  labassayId: uuid('labassay_id').notNull().references(() => labAssays.id, { onDelete: 'cascade' }),
  price: numeric('price', { precision: 10, scale: 2 }).notNull(),
}, (t) => [
  primaryKey({ columns: [t.partnerId, t.labassayId] }),
  check('partner_prices_price_check', sql`${t.price} >= 0`),
]);
