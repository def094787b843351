/** The tables the sample-types module owns: only its repositories query them; another module asks its service (eslint-rules/boundaries.js). */
import { pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id } from '../../db/columns.ts';

export const sampleTypes = pgTable('sample_types', {
  id: id(),
  sifra: text('sifra').notNull(),
  naziv: text('naziv').notNull(),
}, (t) => [uniqueIndex('sample_types_sifra_key').on(t.sifra)]);
