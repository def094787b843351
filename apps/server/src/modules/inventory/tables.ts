/** The tables the inventory module owns: only its repositories query them; another module asks its service (eslint-rules/boundaries.js). */
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, date, doublePrecision, index, integer, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, createdAt, updatedAt } from '../../db/columns.ts';
import { sites, users } from '../../db/shared-tables.ts';
import { labSections } from '../catalogue/tables.ts';
import { partners } from '../partners/tables.ts';

/**
 * Inventory reference lists (klasa, program, platforma, proizvodjac), lab-wide:
 * a product points into each. A name is listed once per kind.
 */
export const inventoryReferenceEntries = pgTable('inventory_reference_entries', {
  id: id(),
  vrsta: text('vrsta').notNull(),
  naziv: text('naziv').notNull(),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('inventory_reference_entries_name_key').on(t.vrsta, sql`lower(${t.naziv})`),
  check('inventory_reference_entries_vrsta_check', sql`${t.vrsta} in ('klasa', 'program', 'platforma', 'proizvodjac')`),
]);

/**
 * Products (reagents and consumables), lab-wide, each under its LN. The LN is
 * unique in the lab whatever its case: the unique index decides between two
 * saves that race, so a duplicate can never be stored. `oj` is the site
 * (organisational unit) the product belongs to.
 */
export const inventoryProducts = pgTable('inventory_products', {
  id: id(),
  ln: text('ln').notNull(),
  opis: text('opis').notNull(),
  zasticeniNaziv: text('zasticeni_naziv').notNull().default(''),
  zemljaPorijekla: text('zemlja_porijekla').notNull().default(''),
  jedinicaMjere: text('jedinica_mjere').notNull(),
  pakovanje: text('pakovanje').notNull().default(''),
  sadrzaj: doublePrecision('sadrzaj').notNull(),
  upozorenje: text('upozorenje').notNull().default(''),
  nivo: integer('nivo').notNull().default(0),
  danadoroka: integer('danadoroka').notNull().default(30),
  klasaId: uuid('klasa_id').references(() => inventoryReferenceEntries.id),
  programId: uuid('program_id').references(() => inventoryReferenceEntries.id),
  platformaId: uuid('platforma_id').references(() => inventoryReferenceEntries.id),
  proizvodjacId: uuid('proizvodjac_id').references(() => inventoryReferenceEntries.id),
  ojId: uuid('oj_id').notNull().references(() => sites.id),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  uniqueIndex('inventory_products_ln_key').on(sql`upper(${t.ln})`),
  check('inventory_products_nivo_check', sql`${t.nivo} >= 0`),
  check('inventory_products_danadoroka_check', sql`${t.danadoroka} >= 0`),
]);

/** A lot of a product received at a site: its number and expiry. Its stock is the sum of its movements. */
export const inventoryLots = pgTable('inventory_lots', {
  id: id(),
  siteId: uuid('site_id').notNull().references(() => sites.id),
  productId: uuid('product_id').notNull().references(() => inventoryProducts.id),
  lot: text('lot').notNull(),
  rokTrajanja: date('rok_trajanja', { mode: 'string' }).notNull(),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('inventory_lots_site_product_lot_key').on(t.siteId, t.productId, t.lot),
  index('inventory_lots_product_idx').on(t.siteId, t.productId, t.rokTrajanja),
]);

/**
 * The stock ledger: every receipt (+) and consumption (−) of a lot, never
 * changed or deleted. Stock is the sum of a lot's rows; a consumption is
 * written only while the lot's row is locked and the sum covers it.
 */
export const inventoryMovements = pgTable('inventory_movements', {
  id: id(),
  siteId: uuid('site_id').notNull().references(() => sites.id),
  lotId: uuid('lot_id').notNull().references(() => inventoryLots.id),
  productId: uuid('product_id').notNull().references(() => inventoryProducts.id),
  vrsta: text('vrsta').notNull(),
  kolicina: integer('kolicina').notNull(),
  sekcijaId: uuid('sekcija_id').references(() => labSections.id),
  napomena: text('napomena').notNull().default(''),
  userId: uuid('user_id').notNull().references(() => users.id),
  /** A receipt against a supplier contract: the contract line it counts against (what remains is summed from these). */
  contractLineId: uuid('contract_line_id').references((): AnyPgColumn => inventoryContractLines.id),
  /** A receipt of a purchase order's line: what the order still awaits is summed from these. */
  orderLineId: uuid('order_line_id').references((): AnyPgColumn => inventoryOrderLines.id),
  createdAt: createdAt(),
}, (t) => [
  index('inventory_movements_lot_idx').on(t.lotId),
  index('inventory_movements_contract_line_idx').on(t.contractLineId),
  index('inventory_movements_order_line_idx').on(t.orderLineId),
  index('inventory_movements_list_idx').on(t.siteId, t.createdAt, t.id),
  check('inventory_movements_sign_check', sql`(${t.vrsta} = 'ulaz' and ${t.kolicina} > 0) or (${t.vrsta} = 'izlaz' and ${t.kolicina} < 0)`),
]);

/**
 * Contracts with suppliers (partners whose vrste include 'dobavljac'), lab-wide: a number unique per supplier
 * (case ignored), a validity from–to (both days included) and its lines. A receipt may name the contract;
 * what remains of a line is its quantity minus the receipts (ledger rows) against it, never a counter.
 */
export const inventoryContracts = pgTable('inventory_contracts', {
  id: id(),
  partnerId: uuid('partner_id').notNull().references(() => partners.id),
  broj: text('broj').notNull(),
  vaziOd: date('vazi_od', { mode: 'string' }).notNull(),
  vaziDo: date('vazi_do', { mode: 'string' }).notNull(),
  napomena: text('napomena').notNull().default(''),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  uniqueIndex('inventory_contracts_broj_key').on(t.partnerId, sql`upper(${t.broj})`),
  check('inventory_contracts_validity_check', sql`${t.vaziDo} >= ${t.vaziOd}`),
]);

/** A product on a contract: its unit price (KM per package) and the contracted quantity of packages. */
export const inventoryContractLines = pgTable('inventory_contract_lines', {
  id: id(),
  contractId: uuid('contract_id').notNull().references(() => inventoryContracts.id),
  productId: uuid('product_id').notNull().references(() => inventoryProducts.id),
  cijena: numeric('cijena', { precision: 12, scale: 2 }).notNull(),
  kolicina: integer('kolicina').notNull(),
}, (t) => [
  uniqueIndex('inventory_contract_lines_product_key').on(t.contractId, t.productId),
  check('inventory_contract_lines_kolicina_check', sql`${t.kolicina} > 0`),
  check('inventory_contract_lines_cijena_check', sql`${t.cijena} >= 0`),
]);

/**
 * Purchase orders of a site to a supplier: nacrt (draft, lines editable) → poslana (sent) → djelimicno
 * (partly received) → primljena (received), or otkazana (cancelled) from nacrt or poslana. The received
 * states follow from the receipts (ledger rows) against the order's lines. `broj` numbers orders lab-wide.
 */
export const inventoryOrders = pgTable('inventory_orders', {
  id: id(),
  broj: integer('broj').notNull().generatedAlwaysAsIdentity(),
  siteId: uuid('site_id').notNull().references(() => sites.id),
  partnerId: uuid('partner_id').notNull().references(() => partners.id),
  contractId: uuid('contract_id').references(() => inventoryContracts.id),
  status: text('status').notNull().default('nacrt'),
  napomena: text('napomena').notNull().default(''),
  createdBy: uuid('created_by').notNull().references(() => users.id),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  uniqueIndex('inventory_orders_broj_key').on(t.broj),
  index('inventory_orders_site_idx').on(t.siteId, t.createdAt, t.id),
  check('inventory_orders_status_check', sql`${t.status} in ('nacrt', 'poslana', 'djelimicno', 'primljena', 'otkazana')`),
]);

/** A product on an order: packages ordered and the unit price (the contract's when the order is under a contract). */
export const inventoryOrderLines = pgTable('inventory_order_lines', {
  id: id(),
  orderId: uuid('order_id').notNull().references(() => inventoryOrders.id),
  productId: uuid('product_id').notNull().references(() => inventoryProducts.id),
  kolicina: integer('kolicina').notNull(),
  cijena: numeric('cijena', { precision: 12, scale: 2 }),
  contractLineId: uuid('contract_line_id').references(() => inventoryContractLines.id),
}, (t) => [
  uniqueIndex('inventory_order_lines_product_key').on(t.orderId, t.productId),
  check('inventory_order_lines_kolicina_check', sql`${t.kolicina} > 0`),
]);
