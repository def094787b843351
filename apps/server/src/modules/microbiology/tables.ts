/** The tables the microbiology module owns: only its repositories query them; another module asks its service (eslint-rules/boundaries.js). */
import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, doublePrecision, index, integer, jsonb, pgTable, primaryKey, real, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, createdAt, updatedAt } from '../../db/columns.ts';
import { users } from '../../db/shared-tables.ts';
import { analysers } from '../integration/tables.ts';
import { sampleTests, samples } from '../samples/tables.ts';

/**
 * Microbiology reference data, imported from published tables (see modules/microbiology/reference-import.ts):
 * one row per imported breakpoint guideline (e.g. 'EUCAST 2025'), with where the data comes from. A lab
 * imports each year's table; every interpretation keeps the guideline it was made with.
 */
export const microReferenceSets = pgTable('micro_reference_sets', {
  guideline: text('guideline').primaryKey(),
  /** Source and licence of the data, printed where it is used. */
  attribution: text('attribution').notNull(),
  /** The rules the intrinsic-resistance rows follow (EUCAST Expected Resistant Phenotypes v1.2). */
  intrinsicSource: text('intrinsic_source').notNull(),
  breakpoints: integer('breakpoints').notNull(),
  importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Organisms and organism groups (AMR package codes: B_ESCHR_COLI, B_STRPT_ABCG, B_[ORD]_ENTRBCTR …) with their taxonomy. */
export const microOrganisms = pgTable('micro_organisms', {
  mo: text('mo').primaryKey(),
  fullname: text('fullname').notNull(),
  status: text('status').notNull(),
  kingdom: text('kingdom').notNull(),
  rank: text('rank').notNull(),
  genus: text('genus').notNull(),
  species: text('species').notNull(),
  family: text('family').notNull(),
  orderName: text('order_name').notNull(),
  gramStain: text('gram_stain').notNull(),
  oxygenTolerance: text('oxygen_tolerance').notNull(),
  /** The species groups and complexes the organism belongs to. */
  groups: text('groups').array().notNull().default(sql`'{}'::text[]`),
  /** Clinical relevance, 1 the most common: orders the picker's matches. */
  prevalence: real('prevalence').notNull(),
});

/** Antimicrobial agents (EARS-Net/WHONET codes: AMP, MEM, SXT …). ATC codes and doses are not imported (WHOCC copyright). */
export const microAntimicrobials = pgTable('micro_antimicrobials', {
  ab: text('ab').primaryKey(),
  name: text('name').notNull(),
  grupa: text('grupa').notNull(),
  abbreviations: text('abbreviations').array().notNull().default(sql`'{}'::text[]`),
});

/** Clinical breakpoints of a guideline, in the table's order (see @lis/domain microbiology interpretation). */
export const microBreakpoints = pgTable('micro_breakpoints', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  guideline: text('guideline').notNull().references(() => microReferenceSets.guideline, { onDelete: 'cascade' }),
  ordinal: integer('ordinal').notNull(),
  method: text('method').notNull(),
  site: text('site').notNull(),
  mo: text('mo').notNull(),
  rankIndex: real('rank_index').notNull(),
  ab: text('ab').notNull(),
  breakpointS: doublePrecision('breakpoint_s').notNull(),
  breakpointR: doublePrecision('breakpoint_r').notNull(),
  uti: boolean('uti').notNull(),
  /** A disk row's disk content as the table gives it ('10 mcg', '1.25/23.75 mcg', '1 unit'); null for MIC rows and older imports. */
  diskDose: text('disk_dose'),
}, (t) => [
  uniqueIndex('micro_breakpoints_ordinal_key').on(t.guideline, t.ordinal),
  index('micro_breakpoints_ab_idx').on(t.guideline, t.ab, t.method),
  check('micro_breakpoints_method_check', sql`${t.method} in ('MIC', 'DISK')`),
]);

/** Expected (intrinsic) resistance: the organism is R to the agent whatever the test shows. */
export const microIntrinsicResistance = pgTable('micro_intrinsic_resistance', {
  mo: text('mo').notNull(),
  ab: text('ab').notNull(),
}, (t) => [primaryKey({ columns: [t.mo, t.ab] })]);

/**
 * Antibiogram panels (see @lis/domain microbiology/panels.ts): the agents tested, in order, for an organism
 * group (an organism code of the reference table) and a specimen ('' for every specimen). Lab-wide, like the
 * reference tables. The codes are not foreign keys: the demo seed writes panels before the reference data is
 * imported, and an import may drop a code; the panel call checks them when a panel is saved.
 */
export const microPanels = pgTable('micro_panels', {
  id: id(),
  naziv: text('naziv').notNull(),
  grupa: text('grupa').notNull(),
  uzorak: text('uzorak').notNull().default(''),
  antibiotici: text('antibiotici').array().notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [uniqueIndex('micro_panels_grupa_uzorak_key').on(t.grupa, sql`lower(${t.uzorak})`)]);

/**
 * The culture of a culture test on a sample (one per sample test): the specimen, whether anything grew,
 * and (below) the isolates and their antibiograms. Its summary is the test's result, so approval,
 * verification and the report follow the results flow.
 */
export const sampleCultures = pgTable('sample_cultures', {
  id: id(),
  sampleId: uuid('sample_id').notNull().references(() => samples.id, { onDelete: 'cascade' }),
  sampleTestId: uuid('sample_test_id').notNull().references(() => sampleTests.id, { onDelete: 'cascade' }),
  /** The specimen as the lab names it (Urin, srednji mlaz; Bris rane …). */
  materijal: text('materijal').notNull(),
  /** From a urinary tract infection: the urinary breakpoints apply where the agent has them. */
  uti: boolean('uti').notNull(),
  /** The site of infection ('' general, meningitis, endocarditis, pneumonia, oral): which breakpoint rows apply (@lis/domain INFECTION_SITES). */
  infekcija: text('infekcija').notNull().default(''),
  rast: boolean('rast').notNull(),
  napomena: text('napomena').notNull().default(''),
  /** The breakpoint guideline the antibiograms were interpreted with. */
  guideline: text('guideline'),
  updatedBy: uuid('updated_by').references(() => users.id),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  uniqueIndex('sample_cultures_test_key').on(t.sampleTestId),
  index('sample_cultures_sample_idx').on(t.sampleId),
]);

/**
 * An organism grown in a culture, with its quantity as a power of ten (5: 10^5 CFU/mL). An isolate a
 * microbiology instrument reported keeps the instrument and its isolate number: a later transmission of the
 * same specimen and isolate number updates that isolate, never adds a second one (the unique index holds it).
 */
export const cultureIsolates = pgTable('culture_isolates', {
  id: id(),
  cultureId: uuid('culture_id').notNull().references(() => sampleCultures.id, { onDelete: 'cascade' }),
  rbr: integer('rbr').notNull(),
  mo: text('mo').notNull().references(() => microOrganisms.mo),
  kolicina: integer('kolicina'),
  napomena: text('napomena').notNull().default(''),
  /** The instrument that reported the isolate (null: entered by a person). */
  analyserId: uuid('analyser_id').references(() => analysers.id, { onDelete: 'set null' }),
  /** The instrument's name when it reported the isolate, shown beside it. */
  aparat: text('aparat'),
  /** The instrument's isolate number. */
  aparatIzolat: text('aparat_izolat'),
}, (t) => [
  uniqueIndex('culture_isolates_rbr_key').on(t.cultureId, t.rbr),
  uniqueIndex('culture_isolates_instrument_key').on(t.cultureId, t.analyserId, t.aparatIzolat).where(sql`${t.analyserId} is not null`),
]);

/**
 * One antibiogram row of an isolate: the agent, the method, the value exactly as typed, the category the
 * breakpoints (or intrinsic resistance) gave and why, the row used, and a person's override with its reason.
 */
export const isolateSusceptibilities = pgTable('isolate_susceptibilities', {
  id: id(),
  isolateId: uuid('isolate_id').notNull().references(() => cultureIsolates.id, { onDelete: 'cascade' }),
  rbr: integer('rbr').notNull(),
  ab: text('ab').notNull().references(() => microAntimicrobials.ab),
  method: text('method').notNull(),
  vrijednost: text('vrijednost').notNull(),
  tumacenje: text('tumacenje'),
  osnova: text('osnova').notNull(),
  breakpoint: jsonb('breakpoint').$type<{ guideline: string; mo: string; site: string; s: number; r: number; uti: boolean }>(),
  izmjena: text('izmjena'),
  razlog: text('razlog'),
  /** The S/I/R the instrument reported for the value (null: entered by a person, or none sent); a difference from `tumacenje` is flagged. */
  aparatKategorija: text('aparat_kategorija'),
}, (t) => [
  uniqueIndex('isolate_susceptibilities_rbr_key').on(t.isolateId, t.rbr),
  check('isolate_susceptibilities_instrument_sir_check', sql`${t.aparatKategorija} is null or ${t.aparatKategorija} in ('S', 'I', 'R')`),
  check('isolate_susceptibilities_method_check', sql`${t.method} in ('MIC', 'DISK')`),
  check('isolate_susceptibilities_sir_check', sql`(${t.tumacenje} is null or ${t.tumacenje} in ('S', 'I', 'R')) and (${t.izmjena} is null or (${t.izmjena} in ('S', 'I', 'R') and ${t.razlog} is not null))`),
]);
