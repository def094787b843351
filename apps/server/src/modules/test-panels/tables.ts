/** The tables the test-panels module owns: only its repository queries them; another module asks its service. */
import { sql } from 'drizzle-orm';
import { check, jsonb, numeric, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, createdAt, updatedAt } from '../../db/columns.ts';
import { sites } from '../../db/shared-tables.ts';

/**
 * A site's test panels (profiles): named sets of lab assays ordered together. The tests are a list of lab
 * assay ids in order (jsonb): an assay deleted from the catalogue (only possible while no sample has it)
 * simply stops being offered with the panel, which is read through the catalogue.
 */
export const testPanels = pgTable('test_panels', {
  id: id(),
  siteId: uuid('site_id').notNull().references(() => sites.id),
  sifra: text('sifra').notNull(),
  naziv: text('naziv').notNull(),
  /** Other names the picker finds the panel by ('krvna slika', 'hemogram', 'CBC'). */
  sinonimi: jsonb('sinonimi').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  testovi: jsonb('testovi').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  /** The panel's price in KM (exact), charged when naplata is 'panel'. */
  price: numeric('price', { precision: 10, scale: 2 }).notNull().default('0'),
  /** 'panel': the panel's price for its tests together; 'testovi': each test at its own price. */
  naplata: text('naplata').notNull().default('testovi'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  uniqueIndex('test_panels_site_sifra_key').on(t.siteId, sql`upper(${t.sifra})`),
  check('test_panels_naplata_check', sql`${t.naplata} in ('panel', 'testovi')`),
]);
