/** The tables the samples module owns: only its repositories query them; another module asks its service (eslint-rules/boundaries.js). */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { type ReferenceSnapshot, id, createdAt, updatedAt } from '../../db/columns.ts';
import { sites, users } from '../../db/shared-tables.ts';
import { labAssays } from '../catalogue/tables.ts';
import { partners } from '../partners/tables.ts';
import { patients } from '../patients/tables.ts';
import { testPanels } from '../test-panels/tables.ts';
import { reflexRules } from '../reflex/tables.ts';

/** A sample (uzorak) of a patient, taken at one site. */
export const samples = pgTable('samples', {
  id: id(),
  siteId: uuid('site_id').notNull().references(() => sites.id),
  patientId: uuid('patient_id').notNull().references(() => patients.id),
  /** Barcode on the tube: yymmdd + the day's running number (see @lis/domain sample code). Never reused. */
  code: text('code').notNull(),
  /** The day's running number within the lab, printed on the label as pacijentRBr. */
  rbr: integer('rbr').notNull(),
  status: text('status').notNull().default('ZAPRIMLJEN'),
  hitan: boolean('hitan').notNull().default(false),
  /** Kind of sample work: 'Standard', or a microbiology type with its bracketed subtype. */
  tip: text('tip').notNull().default('Standard'),
  /** Sample material (serum, plasma, urine ...). */
  type: text('type').notNull().default(''),
  trudnica: boolean('trudnica').notNull().default(false),
  /** Phase or day of the menstrual cycle. */
  menstc: text('menstc').notNull().default(''),
  anticoag: boolean('anticoag').notNull().default(false),
  menopauza: boolean('menopauza').notNull().default(false),
  /** Referring location. */
  lokacija: text('lokacija').notNull().default(''),
  doktor: text('doktor').notNull().default(''),
  komentar: text('komentar').notNull().default(''),
  tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
  /** When the sample was taken. */
  datum: timestamp('datum', { withTimezone: true }).notNull().defaultNow(),
  /** When the lab received the tube (scan at /barcode): ZAPRIMLJEN -> U OBRADI. */
  receivedAt: timestamp('received_at', { withTimezone: true }),
  pdfExists: boolean('pdf_exists').notNull().default(false),
  /**
   * The sample has a test of a lab section marked mikrobiologija: the
   * 'Mikrobiologija' worklist. Kept by the database (trigger on sample_tests,
   * migration 0007) whichever code adds or removes tests, so the worklist
   * reads it from an index instead of looking into every sample's tests.
   */
  mikrobiologija: boolean('mikrobiologija').notNull().default(false),
  /**
   * The sample's tests and what they cost (a calculated test's components at
   * 0), as 'Izvještaji' counts them per day. Kept by the database (statement
   * triggers on sample_tests, migration 0016) whichever code adds, removes or
   * reprices tests, and summed per quarter hour into
   * sample_totals_by_quarter_hour by the triggers on samples.
   */
  testCount: integer('test_count').notNull().default(0),
  priceTotal: numeric('price_total', { precision: 14, scale: 2 }).notNull().default('0'),
  /**
   * Optimistic lock of the result screen: every change of results or status
   * adds one, and a save naming an older version is refused (409), so two
   * people never silently overwrite each other.
   */
  version: integer('version').notNull().default(0),
  approvedAt: timestamp('approved_at', { withTimezone: true }),
  approvedBy: uuid('approved_by').references(() => users.id),
  verifiedAt: timestamp('verified_at', { withTimezone: true }),
  verifiedBy: uuid('verified_by').references(() => users.id),
  /** Verified at least once: its results were released, so changing one after an unlock needs a reason. */
  verifiedOnce: boolean('verified_once').notNull().default(false),
  /** Who was told of the sample's critical values and when ({ ko, kada }), recorded at verification. */
  obavijesten: jsonb('obavijesten').$type<{ ko: string; kada: string }>(),
  /** The partner that ordered the sample (naručilac): its price list prices the tests, its report addresses get the group e-mail. */
  partnerId: uuid('partner_id').references(() => partners.id),
  /**
   * The sample's reference in an imported Excel file (/import), unique within the site, so importing the
   * same file again finds the sample instead of creating it twice. Null for samples entered on screen.
   */
  importRef: text('import_ref'),
  createdBy: uuid('created_by').references(() => users.id),
  updatedBy: uuid('updated_by').references(() => users.id),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  uniqueIndex('samples_code_key').on(t.code),
  // The list's newest-first order is a backward scan of these (see db/list-query.ts).
  index('samples_site_created_idx').on(t.siteId, t.createdAt, t.id),
  index('samples_site_status_idx').on(t.siteId, t.status, t.createdAt, t.id),
  index('samples_patient_idx').on(t.patientId, t.createdAt),
  // The delta check's lookup: a patient's verified samples at a site, newest verification first (a backward scan).
  index('samples_patient_verified_idx').on(t.patientId, t.siteId, t.verifiedAt).where(sql`${t.status} = 'VERIFICIRAN'`),
  // The worklist ('RADNA LISTA', /obrada/pregled) and the results check (/protokol) read a few thousand
  // samples out of millions, newest first: partial indexes hold only those rows, in list order. Their
  // predicates are the lists' conditions word for word (samples/repository.ts), or the planner cannot use them.
  index('samples_worklist_idx').on(t.siteId, t.createdAt, t.id)
    .where(sql`${t.status} in ('ZAPRIMLJEN', 'U OBRADI', 'REALIZOVAN')`),
  index('samples_microbiology_idx').on(t.siteId, t.createdAt, t.id)
    .where(sql`${t.mikrobiologija} and ${t.status} in ('ZAPRIMLJEN', 'U OBRADI', 'REALIZOVAN')`),
  // Microbiology surveillance (cumulative antibiogram, WHONET export): a site's verified culture samples taken in a
  // period. The predicate is the surveillance query's word for word (microbiology/surveillance-repository.ts).
  index('samples_micro_verified_idx').on(t.siteId, t.datum)
    .where(sql`${t.mikrobiologija} and ${t.status} = 'VERIFICIRAN'`),
  index('samples_protocol_idx').on(t.siteId, t.createdAt, t.id)
    .where(sql`(${t.status} in ('REALIZOVAN', 'ODOBREN') or (${t.komentar} <> '' and ${t.status} <> 'VERIFICIRAN'))`),
  // The group e-mail's question: the site's samples with a referring location verified in a range of days
  // (/narucioci). The location in the predicate keeps the index to that question: without it, the delta
  // lookup (a patient's latest verified sample) would take it for samples_patient_verified_idx.
  index('samples_site_verified_idx').on(t.siteId, t.verifiedAt).where(sql`${t.status} = 'VERIFICIRAN' and ${t.lokacija} <> ''`),
  uniqueIndex('samples_site_import_ref_key').on(t.siteId, t.importRef).where(sql`${t.importRef} is not null`),
  index('samples_partner_idx').on(t.partnerId).where(sql`${t.partnerId} is not null`),
  check('samples_status_check', sql`${t.status} in ('ZAPRIMLJEN', 'U OBRADI', 'REALIZOVAN', 'ODOBREN', 'VERIFICIRAN')`),
]);

/** The tests ordered on a sample. */
export const sampleTests = pgTable('sample_tests', {
  id: id(),
  sampleId: uuid('sample_id').notNull().references(() => samples.id, { onDelete: 'cascade' }),
  labassayId: uuid('labassay_id').notNull().references(() => labAssays.id),
  /** What the test costs on this sample (KM, exact): the catalogue price, or 0 when pulled in by a calculated test. */
  price: numeric('price', { precision: 10, scale: 2 }).notNull().default('0'),
  /** The test's own progress, in the sample status vocabulary. */
  statusT: text('status_t').notNull().default('ZAPRIMLJEN'),
  /** The calculated test (lab assay) that pulled this one in at price 0; null when chosen by hand. */
  componentOf: uuid('component_of').references(() => labAssays.id),
  /** The test panel the test came with (its price may be a share of the panel's); null: picked alone, or the panel was deleted since. */
  panelId: uuid('panel_id').references(() => testPanels.id, { onDelete: 'set null' }),
  /** The result exactly as the analyser or the person gave it; null until there is one. */
  rezultat: text('rezultat'),
  /** The result as a number, when it is one. */
  rezultatF: numeric('rezultat_f'),
  /** The flag the server computed when the result was saved (L, H, LL, HH, A; N within range); null without a result. */
  flag: text('flag'),
  /** Who entered or last changed the result: a user, or (unio_by null) the source named in unio_source. */
  unioBy: uuid('unio_by').references(() => users.id),
  /** Where a result not typed by a person came from: an analyser's name, or 'formula' for a calculated test. */
  unioSource: text('unio_source'),
  unioAt: timestamp('unio_at', { withTimezone: true }),
  /** The range the result was judged by, copied at entry; frozen once the sample has been verified (see ReferenceSnapshot). */
  referenca: jsonb('referenca').$type<ReferenceSnapshot>(),
  /**
   * Why the result was taken back for a retest, while the retest is pending; null otherwise. The earlier
   * value stays in `rezultat` until the retest's value replaces it (audited as a change with this reason).
   */
  retestRazlog: text('retest_razlog'),
  /**
   * The reflex rule that added the test when a result of the sample fired it (samples/reflex.ts): the worklist and
   * the result screen mark it 'Refleks'; null for a test ordered by a person or an import.
   */
  refleks: uuid('refleks').references(() => reflexRules.id),
  /**
   * When the autoverification rules released the result with its section ahead of the rest of the sample (a rule
   * set that releases per section), and the rule set and version that did ('Set v3'); null until then, and again
   * once the released result is changed (with a reason). Verification of the whole sample releases everything.
   */
  releasedAt: timestamp('released_at', { withTimezone: true }),
  releasedByRules: text('released_by_rules'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  uniqueIndex('sample_tests_sample_assay_key').on(t.sampleId, t.labassayId),
  index('sample_tests_labassay_idx').on(t.labassayId),
  // Deleting a panel clears it on the samples' tests (on delete set null): found through this index, not a scan.
  index('sample_tests_panel_idx').on(t.panelId).where(sql`${t.panelId} is not null`),
]);

/**
 * Running number of sample codes per day (yymmdd), lab-wide. Incremented with
 * INSERT ... ON CONFLICT DO UPDATE ... RETURNING inside the sample's
 * transaction: the row lock serialises concurrent saves of a day, and the
 * number only ever grows, so a code is never handed out twice.
 */
export const sampleCodeCounters = pgTable('sample_code_counters', {
  day: text('day').primaryKey(),
  last: integer('last').notNull(),
});
