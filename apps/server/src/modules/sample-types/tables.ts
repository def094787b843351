/** The tables the sample-types module owns: only its repositories query them; another module asks its service (eslint-rules/boundaries.js). */
import { pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id } from '../../db/columns.ts';

export const sampleTypes = pgTable('sample_types', {
  id: id(),
  sifra: text('sifra').notNull(),
  naziv: text('naziv').notNull(),
  /** The name in English and German screens and reports; blank shows the Bosnian naziv (which a sample stores as its type). */
  nazivEn: text('naziv_en').notNull().default(''),
  nazivDe: text('naziv_de').notNull().default(''),
}, (t) => [uniqueIndex('sample_types_sifra_key').on(t.sifra)]);
