import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AntimicrobialRecord, Breakpoint, IntrinsicResistanceRecord, OrganismRecord, OrganismTaxonomy, UsedBreakpoint } from '@lis/domain';
import { queryRows, type Db } from '../../db/client.ts';
import { referenceRangesOf } from '../../db/reference-ranges.ts';
import { labAssays, labSections } from '../catalogue/tables.ts';
import { cultureIsolates, isolateSusceptibilities, microAntimicrobials, microBreakpoints, microIntrinsicResistance, microOrganisms, microReferenceSets, sampleCultures } from './tables.ts';
import { patients } from '../patients/tables.ts';
import { sampleTypes } from '../sample-types/tables.ts';
import { sampleTests, samples } from '../samples/tables.ts';
import { isUuid } from '../../lib/ids.ts';

/** Rows per INSERT when importing: well under PostgreSQL's 65,535 parameters per statement. */
const IMPORT_BATCH = 2000;

async function insertInBatches<Row>(rows: readonly Row[], insert: (batch: Row[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += IMPORT_BATCH) await insert(rows.slice(start, start + IMPORT_BATCH));
}

export interface ReferenceSetRow {
  guideline: string;
  breakpoints: number;
  attribution: string;
  intrinsicSource: string;
  importedAt: Date;
}

/** The reference tables (organisms, agents, breakpoints, intrinsic resistance): lab-wide, not a site's. */
export function referenceRepository(db: Db) {
  return {
    async referenceSets(): Promise<ReferenceSetRow[]> {
      return db.select({
        guideline: microReferenceSets.guideline, breakpoints: microReferenceSets.breakpoints, attribution: microReferenceSets.attribution,
        intrinsicSource: microReferenceSets.intrinsicSource, importedAt: microReferenceSets.importedAt,
      }).from(microReferenceSets).orderBy(desc(microReferenceSets.guideline));
    },

    /**
     * Stores an imported set: organisms and agents are upserted (names and taxonomy follow the newest
     * import), the guideline's breakpoints replace its earlier rows, intrinsic resistance is replaced whole
     * (null: the set brings none, the stored rows stay).
     */
    async storeReferenceSet(set: {
      guideline: string; attribution: string; intrinsicSource: string;
      organisms: OrganismRecord[]; antimicrobials: AntimicrobialRecord[]; breakpoints: Breakpoint[]; intrinsic: IntrinsicResistanceRecord[] | null;
    }): Promise<void> {
      await insertInBatches(set.organisms, (batch) => db.insert(microOrganisms).values(batch.map((row) => ({
        mo: row.mo, fullname: row.fullname, status: row.status, kingdom: row.kingdom, rank: row.rank, genus: row.genus,
        species: row.species, family: row.family, orderName: row.order, gramStain: row.gramStain,
        oxygenTolerance: row.oxygenTolerance, groups: [...row.groups], prevalence: row.prevalence,
      }))).onConflictDoUpdate({
        target: microOrganisms.mo,
        set: {
          fullname: sql`excluded.fullname`, status: sql`excluded.status`, kingdom: sql`excluded.kingdom`, rank: sql`excluded.rank`,
          genus: sql`excluded.genus`, species: sql`excluded.species`, family: sql`excluded.family`, orderName: sql`excluded.order_name`,
          gramStain: sql`excluded.gram_stain`, oxygenTolerance: sql`excluded.oxygen_tolerance`, groups: sql`excluded.groups`,
          prevalence: sql`excluded.prevalence`,
        },
      }));
      await insertInBatches(set.antimicrobials, (batch) => db.insert(microAntimicrobials).values(batch.map((row) => ({
        ab: row.ab, name: row.name, grupa: row.group, abbreviations: row.abbreviations,
      }))).onConflictDoUpdate({
        target: microAntimicrobials.ab,
        set: { name: sql`excluded.name`, grupa: sql`excluded.grupa`, abbreviations: sql`excluded.abbreviations` },
      }));
      await db.delete(microReferenceSets).where(eq(microReferenceSets.guideline, set.guideline));
      await db.insert(microReferenceSets).values({
        guideline: set.guideline, attribution: set.attribution, intrinsicSource: set.intrinsicSource, breakpoints: set.breakpoints.length,
      });
      await insertInBatches(set.breakpoints.map((row, ordinal) => ({ row, ordinal })), (batch) => db.insert(microBreakpoints).values(
        batch.map(({ row, ordinal }) => ({
          guideline: set.guideline, ordinal, method: row.method, site: row.site, mo: row.mo, rankIndex: row.rankIndex, ab: row.ab,
          breakpointS: row.breakpointS, breakpointR: row.breakpointR, uti: row.uti, diskDose: row.diskDose ?? null,
        })),
      ));
      if (set.intrinsic === null) return;
      await db.delete(microIntrinsicResistance);
      await insertInBatches(set.intrinsic, (batch) => db.insert(microIntrinsicResistance).values(batch).onConflictDoNothing());
    },

    /** Whether a disk row was imported before disk contents were kept. */
    async lacksDiskDoses(): Promise<boolean> {
      const rows = await queryRows<{ lacks: boolean }>(db, sql`
        select exists(select 1 from micro_breakpoints where method = 'DISK' and disk_dose is null) as lacks`);
      return rows[0]?.lacks ?? false;
    },

    /** Gives the stored disk rows of a table's guideline their disk contents, matched by the row's place in the table. */
    async fillDiskDoses(breakpoints: readonly Breakpoint[]): Promise<void> {
      const doses = breakpoints.flatMap((row, ordinal) => (row.diskDose ? [{ guideline: row.guideline, ordinal, dose: row.diskDose }] : []));
      await insertInBatches(doses, async (batch) => {
        await db.execute(sql`
          update micro_breakpoints b set disk_dose = v.dose
          from (values ${sql.join(batch.map((row) => sql`(${row.guideline}, ${row.ordinal}::int, ${row.dose})`), sql`, `)}) as v(guideline, ordinal, dose)
          where b.guideline = v.guideline and b.ordinal = v.ordinal and b.method = 'DISK' and b.disk_dose is null`);
      });
    },

    /** The organism codes the guideline's breakpoint rows are written for. */
    async breakpointOrganisms(guideline: string): Promise<string[]> {
      const rows = await db.selectDistinct({ mo: microBreakpoints.mo }).from(microBreakpoints).where(eq(microBreakpoints.guideline, guideline));
      return rows.map((row) => row.mo);
    },

    /** How many of the site's cultures each guideline interpreted. */
    async culturesByGuideline(siteId: string): Promise<Map<string, number>> {
      const rows = await db.select({ guideline: sampleCultures.guideline, n: sql<number>`count(*)::int` }).from(sampleCultures)
        .innerJoin(samples, eq(samples.id, sampleCultures.sampleId))
        .where(and(eq(samples.siteId, siteId), sql`${sampleCultures.guideline} is not null`))
        .groupBy(sampleCultures.guideline);
      return new Map(rows.map((row) => [row.guideline!, Number(row.n)]));
    },

    async organismCodes(): Promise<Set<string>> {
      return new Set((await db.select({ mo: microOrganisms.mo }).from(microOrganisms)).map((row) => row.mo));
    },

    async antimicrobialCodes(): Promise<Set<string>> {
      return new Set((await db.select({ ab: microAntimicrobials.ab }).from(microAntimicrobials)).map((row) => row.ab));
    },

    /** Organisms whose name contains every word typed, the most common first (then names that begin with it); no synonyms. */
    async searchOrganisms(words: readonly string[], limit: number): Promise<{ mo: string; fullname: string; gramStain: string; rank: string }[]> {
      const conditions: SQL[] = words.map((word) => sql`${microOrganisms.fullname} ilike ${`%${escapeLike(word)}%`}`);
      return db.select({ mo: microOrganisms.mo, fullname: microOrganisms.fullname, gramStain: microOrganisms.gramStain, rank: microOrganisms.rank })
        .from(microOrganisms)
        .where(and(sql`${microOrganisms.status} <> 'synonym'`, ...conditions))
        .orderBy(
          asc(microOrganisms.prevalence),
          sql`(${microOrganisms.fullname} ilike ${`${escapeLike(words[0] ?? '')}%`}) desc`,
          sql`length(${microOrganisms.fullname})`, asc(microOrganisms.fullname),
        )
        .limit(limit);
    },

    /** Agents whose name, code or an abbreviation matches what was typed, by name. */
    async searchAntimicrobials(words: readonly string[], limit: number): Promise<{ ab: string; name: string; grupa: string }[]> {
      const conditions: SQL[] = words.map((word) => sql`(${microAntimicrobials.name} ilike ${`%${escapeLike(word)}%`}
        or ${microAntimicrobials.ab} ilike ${escapeLike(word)} or ${word.toLowerCase()} = any(${microAntimicrobials.abbreviations}))`);
      return db.select({ ab: microAntimicrobials.ab, name: microAntimicrobials.name, grupa: microAntimicrobials.grupa })
        .from(microAntimicrobials)
        .where(and(...conditions))
        // The code typed exactly first, then names that begin with the first word (vancomycin before norvancomycin).
        .orderBy(
          sql`(${microAntimicrobials.ab} ilike ${escapeLike(words[0] ?? '')}) desc`,
          sql`(${microAntimicrobials.name} ilike ${`${escapeLike(words[0] ?? '')}%`}) desc`,
          asc(microAntimicrobials.name),
        )
        .limit(limit);
    },

    async organismsByCode(codes: readonly string[]): Promise<(OrganismTaxonomy & { fullname: string })[]> {
      if (codes.length === 0) return [];
      const rows = await db.select({
        mo: microOrganisms.mo, fullname: microOrganisms.fullname, rank: microOrganisms.rank, genus: microOrganisms.genus,
        species: microOrganisms.species, family: microOrganisms.family, order: microOrganisms.orderName,
        gramStain: microOrganisms.gramStain, oxygenTolerance: microOrganisms.oxygenTolerance, groups: microOrganisms.groups,
      }).from(microOrganisms).where(inArray(microOrganisms.mo, [...codes]));
      return rows;
    },

    /** Organisms whose scientific name is exactly one of these (case ignored), current names before synonyms. */
    async organismsByName(names: readonly string[]): Promise<{ mo: string; fullname: string }[]> {
      if (names.length === 0) return [];
      return db.select({ mo: microOrganisms.mo, fullname: microOrganisms.fullname }).from(microOrganisms)
        .where(inArray(sql`lower(${microOrganisms.fullname})`, names.map((name) => name.toLowerCase())))
        .orderBy(sql`(${microOrganisms.status} = 'synonym')`, asc(microOrganisms.mo));
    },

    /** Agents that list one of these abbreviations (lower case), with the abbreviation they matched. */
    async antimicrobialsByAbbreviation(abbreviations: readonly string[]): Promise<{ ab: string; abbreviation: string }[]> {
      if (abbreviations.length === 0) return [];
      const wanted = abbreviations.map((abbreviation) => abbreviation.toLowerCase());
      const rows = await db.select({ ab: microAntimicrobials.ab, abbreviations: microAntimicrobials.abbreviations }).from(microAntimicrobials)
        .where(sql`${microAntimicrobials.abbreviations} && array[${sql.join(wanted.map((abbreviation) => sql`${abbreviation}`), sql`, `)}]::text[]`);
      return rows.flatMap((row) => row.abbreviations.filter((abbreviation) => wanted.includes(abbreviation)).map((abbreviation) => ({ ab: row.ab, abbreviation })));
    },

    async antimicrobialsByCode(codes: readonly string[]): Promise<{ ab: string; name: string; grupa: string }[]> {
      if (codes.length === 0) return [];
      return db.select({ ab: microAntimicrobials.ab, name: microAntimicrobials.name, grupa: microAntimicrobials.grupa })
        .from(microAntimicrobials).where(inArray(microAntimicrobials.ab, [...codes]));
    },

    /** The guideline's breakpoint rows of these agents, in table order. */
    async breakpointsOf(guideline: string, agents: readonly string[]): Promise<Breakpoint[]> {
      if (agents.length === 0) return [];
      return db.select({
        guideline: microBreakpoints.guideline, method: sql<'MIC' | 'DISK'>`${microBreakpoints.method}`, site: microBreakpoints.site,
        mo: microBreakpoints.mo, rankIndex: microBreakpoints.rankIndex, ab: microBreakpoints.ab,
        breakpointS: microBreakpoints.breakpointS, breakpointR: microBreakpoints.breakpointR, uti: microBreakpoints.uti,
      }).from(microBreakpoints)
        .where(and(eq(microBreakpoints.guideline, guideline), inArray(microBreakpoints.ab, [...agents])))
        .orderBy(asc(microBreakpoints.ordinal));
    },

    /** The (organism, agent) pairs among these that are intrinsically resistant, as "mo ab". */
    async intrinsicPairs(organisms: readonly string[], agents: readonly string[]): Promise<Set<string>> {
      if (organisms.length === 0 || agents.length === 0) return new Set();
      const rows = await db.select({ mo: microIntrinsicResistance.mo, ab: microIntrinsicResistance.ab }).from(microIntrinsicResistance)
        .where(and(inArray(microIntrinsicResistance.mo, [...organisms]), inArray(microIntrinsicResistance.ab, [...agents])));
      return new Set(rows.map((row) => `${row.mo} ${row.ab}`));
    },
  };
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

export interface CultureSampleRow {
  id: string;
  patientId: string;
  createdAt: Date;
  code: string;
  status: string;
  version: number;
  datum: Date;
  type: string;
  tip: string;
  ime: string;
  prezime: string;
}

export interface CultureTestRow {
  id: string;
  labassayId: string;
  sifra: string;
  naziv: string;
  nazivEn: string;
  nazivDe: string;
  /** The sample type the assay is done on, null when it names none. */
  uzorak: string | null;
  rezultat: string | null;
}

export interface StoredCulture {
  id: string;
  sampleTestId: string;
  materijal: string;
  uti: boolean;
  infekcija: string;
  rast: boolean;
  napomena: string;
  guideline: string | null;
  updatedAt: Date;
  izolati: StoredIsolate[];
}

export interface StoredIsolate {
  id: string;
  rbr: number;
  mo: string;
  fullname: string;
  gramStain: string;
  rank: string;
  kolicina: number | null;
  napomena: string;
  /** The instrument that reported it (null: a person entered it). */
  analyserId: string | null;
  aparat: string | null;
  aparatIzolat: string | null;
  antibiogram: StoredSusceptibility[];
}

export interface StoredSusceptibility {
  id: string;
  rbr: number;
  ab: string;
  name: string;
  grupa: string;
  method: string;
  vrijednost: string;
  tumacenje: string | null;
  osnova: string;
  breakpoint: UsedBreakpoint | null;
  izmjena: string | null;
  razlog: string | null;
  aparatKategorija: string | null;
}

/** Where an isolate came from when a microbiology instrument reported it: the instrument, its name then, its isolate number. */
export interface IsolateInstrument {
  analyserId: string;
  naziv: string;
  izolat: string;
}

/** What a culture save writes: the culture and its isolates with their antibiogram rows, already interpreted. */
export interface CultureWrite {
  materijal: string;
  uti: boolean;
  infekcija: string;
  rast: boolean;
  napomena: string;
  guideline: string | null;
  izolati: {
    mo: string;
    kolicina: number | null;
    napomena: string;
    /** The instrument that reported the isolate, null when a person entered it. */
    aparat: IsolateInstrument | null;
    antibiogram: {
      ab: string; method: string; vrijednost: string; tumacenje: string | null; osnova: string;
      breakpoint: UsedBreakpoint | null; izmjena: string | null; razlog: string | null;
      /** The instrument's own S/I/R for this value, null when a person entered it or none was sent. */
      aparatKategorija: string | null;
    }[];
  }[];
}

/**
 * Cultures of one site's samples. Every read goes through a sample of this site (samples.site_id), so
 * another site's sample and its cultures are not found.
 */
export function cultureRepository(db: Db, siteId: string) {
  return {
    async findSample(id: string): Promise<CultureSampleRow | null> {
      if (!isUuid(id)) return null;
      const [row] = await db.select({
        id: samples.id, patientId: samples.patientId, createdAt: samples.createdAt, code: samples.code, status: samples.status, version: samples.version, datum: samples.datum, type: samples.type,
        tip: samples.tip, ime: patients.ime, prezime: patients.prezime,
      }).from(samples).innerJoin(patients, eq(patients.id, samples.patientId))
        .where(and(eq(samples.id, id), eq(samples.siteId, siteId))).limit(1);
      return row ?? null;
    },

    /** The sample's tests of a microbiology section (cultures), in report order. */
    async cultureTests(sampleId: string): Promise<CultureTestRow[]> {
      return db.select({
        id: sampleTests.id, labassayId: sampleTests.labassayId, sifra: labAssays.sifra, naziv: labAssays.naziv,
        nazivEn: labAssays.nazivEn, nazivDe: labAssays.nazivDe, uzorak: sampleTypes.naziv, rezultat: sampleTests.rezultat,
      }).from(sampleTests)
        .innerJoin(samples, eq(samples.id, sampleTests.sampleId))
        .innerJoin(labAssays, eq(labAssays.id, sampleTests.labassayId))
        .leftJoin(sampleTypes, eq(sampleTypes.id, labAssays.sampleTypeId))
        .innerJoin(labSections, eq(labSections.id, labAssays.sekcijaId))
        .where(and(eq(sampleTests.sampleId, sampleId), eq(samples.siteId, siteId), eq(labSections.mikrobiologija, true), eq(labAssays.calculated, false)))
        .orderBy(asc(labSections.redoslijed), asc(labAssays.redoslijed), asc(labAssays.sifra));
    },

    /** The assay's normal text (its reference range's text), what a culture without growth reports. */
    async normalTextOf(labassayId: string): Promise<string | null> {
      const ranges = await referenceRangesOf(db, [labassayId]);
      return ranges.find((range) => range.tekst !== null && range.tekst.trim() !== '')?.tekst ?? null;
    },

    /** The cultures of the sample with their isolates and antibiograms, in entry order. */
    async culturesOf(sampleId: string): Promise<StoredCulture[]> {
      const cultures = await db.select({
        id: sampleCultures.id, sampleTestId: sampleCultures.sampleTestId, materijal: sampleCultures.materijal, uti: sampleCultures.uti,
        infekcija: sampleCultures.infekcija, rast: sampleCultures.rast, napomena: sampleCultures.napomena, guideline: sampleCultures.guideline, updatedAt: sampleCultures.updatedAt,
      }).from(sampleCultures).innerJoin(samples, eq(samples.id, sampleCultures.sampleId))
        .where(and(eq(sampleCultures.sampleId, sampleId), eq(samples.siteId, siteId)));
      if (cultures.length === 0) return [];
      const isolates = await db.select({
        id: cultureIsolates.id, cultureId: cultureIsolates.cultureId, rbr: cultureIsolates.rbr, mo: cultureIsolates.mo,
        fullname: microOrganisms.fullname, gramStain: microOrganisms.gramStain, rank: microOrganisms.rank,
        kolicina: cultureIsolates.kolicina, napomena: cultureIsolates.napomena, analyserId: cultureIsolates.analyserId,
        aparat: cultureIsolates.aparat, aparatIzolat: cultureIsolates.aparatIzolat,
      }).from(cultureIsolates).innerJoin(microOrganisms, eq(microOrganisms.mo, cultureIsolates.mo))
        .where(inArray(cultureIsolates.cultureId, cultures.map((culture) => culture.id)))
        .orderBy(asc(cultureIsolates.rbr));
      const rows = isolates.length === 0 ? [] : await db.select({
        id: isolateSusceptibilities.id, isolateId: isolateSusceptibilities.isolateId, rbr: isolateSusceptibilities.rbr,
        ab: isolateSusceptibilities.ab, name: microAntimicrobials.name, grupa: microAntimicrobials.grupa,
        method: isolateSusceptibilities.method, vrijednost: isolateSusceptibilities.vrijednost, tumacenje: isolateSusceptibilities.tumacenje,
        osnova: isolateSusceptibilities.osnova, breakpoint: isolateSusceptibilities.breakpoint, izmjena: isolateSusceptibilities.izmjena,
        razlog: isolateSusceptibilities.razlog, aparatKategorija: isolateSusceptibilities.aparatKategorija,
      }).from(isolateSusceptibilities).innerJoin(microAntimicrobials, eq(microAntimicrobials.ab, isolateSusceptibilities.ab))
        .where(inArray(isolateSusceptibilities.isolateId, isolates.map((isolate) => isolate.id)))
        .orderBy(asc(isolateSusceptibilities.rbr));
      return cultures.map((culture) => ({
        ...culture,
        izolati: isolates.filter((isolate) => isolate.cultureId === culture.id).map(({ cultureId: _culture, ...isolate }) => ({
          ...isolate,
          antibiogram: rows.filter((row) => row.isolateId === isolate.id).map(({ isolateId: _isolate, ...row }) => row),
        })),
      }));
    },

    /**
     * Writes the culture of a sample test whole: the culture row upserted, its isolates and antibiogram rows
     * replaced (an instrument's isolate with its instrument and isolate number). `userId` null: an instrument wrote it.
     */
    async writeCulture(sampleId: string, sampleTestId: string, culture: CultureWrite, userId: string | null): Promise<void> {
      const [stored] = await db.insert(sampleCultures).values({
        sampleId, sampleTestId, materijal: culture.materijal, uti: culture.uti, infekcija: culture.infekcija, rast: culture.rast,
        napomena: culture.napomena, guideline: culture.guideline, updatedBy: userId,
      }).onConflictDoUpdate({
        target: sampleCultures.sampleTestId,
        set: {
          materijal: culture.materijal, uti: culture.uti, infekcija: culture.infekcija, rast: culture.rast, napomena: culture.napomena,
          guideline: culture.guideline, updatedBy: userId, updatedAt: sql`now()`,
        },
      }).returning({ id: sampleCultures.id });
      const cultureId = stored!.id;
      await db.delete(cultureIsolates).where(eq(cultureIsolates.cultureId, cultureId));
      for (const [index, isolate] of culture.izolati.entries()) {
        const [row] = await db.insert(cultureIsolates).values({
          cultureId, rbr: index + 1, mo: isolate.mo, kolicina: isolate.kolicina, napomena: isolate.napomena,
          analyserId: isolate.aparat?.analyserId ?? null, aparat: isolate.aparat?.naziv ?? null, aparatIzolat: isolate.aparat?.izolat ?? null,
        }).returning({ id: cultureIsolates.id });
        if (isolate.antibiogram.length === 0) continue;
        await db.insert(isolateSusceptibilities).values(isolate.antibiogram.map((line, rbr) => ({
          isolateId: row!.id, rbr: rbr + 1, ab: line.ab, method: line.method, vrijednost: line.vrijednost, tumacenje: line.tumacenje,
          osnova: line.osnova, breakpoint: line.breakpoint, izmjena: line.izmjena, razlog: line.razlog, aparatKategorija: line.aparatKategorija,
        })));
      }
    },
  };
}
