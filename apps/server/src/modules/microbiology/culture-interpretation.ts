import {
  type Interpretation, type SirCategory, type UsedBreakpoint, type cultureSaveRequest, expertRules, interpretReading, readAstValue, selectBreakpoint,
} from '@lis/domain';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { checkPanels } from './panels.ts';
import { type CultureWrite, type IsolateInstrument, type StoredCulture, type StoredIsolate, referenceRepository } from './repository.ts';

/**
 * The one interpretation of a culture, shared by a person's save (service.ts) and a microbiology instrument's
 * isolates (instrument.ts): the culture as entered, checked against the reference tables and interpreted by
 * the culture's guideline, and the form its audit rows record.
 */
export type SaveInput = z.output<typeof cultureSaveRequest>;

/**
 * An isolate a microbiology instrument reported, as a save carries it along: the instrument and its isolate
 * number, and per antibiogram row (`ab method`) the S/I/R the instrument gave with the value it gave it for.
 * A row whose value a person changed no longer carries the instrument's category.
 */
export interface IsolateProvenance {
  aparat: IsolateInstrument;
  kategorije: ReadonlyMap<string, { vrijednost: string; kategorija: SirCategory | null }>;
}

/** The key of an antibiogram row within its isolate: agent and method. */
export function rowKey(ab: string, method: string): string {
  return `${ab} ${method}`;
}

/** The provenance of the stored isolates an instrument reported, by isolate id. */
export function provenanceOf(isolate: StoredIsolate): IsolateProvenance | undefined {
  if (isolate.analyserId === null || isolate.aparatIzolat === null) return undefined;
  return {
    aparat: { analyserId: isolate.analyserId, naziv: isolate.aparat ?? '', izolat: isolate.aparatIzolat },
    kategorije: new Map(isolate.antibiogram.map((row) => [rowKey(row.ab, row.method), {
      vrijednost: row.vrijednost, kategorija: row.aparatKategorija as SirCategory | null,
    }])),
  };
}

/**
 * The culture as typed, checked and interpreted: each organism and agent must be in the reference
 * tables, each value a MIC dilution step or a zone in whole mm (400 naming the row's field otherwise),
 * an agent once per method and isolate, and only the agents of the isolate's panel when its organism has
 * one (400 naming the row's agent); then every row is interpreted against the culture's guideline: the
 * one it was interpreted with before, the newest for a new culture or when `novaVerzija` asks for it
 * (intrinsic resistance first; no row: "no breakpoint").
 */
export async function interpretedCulture(
  db: Db | Tx, input: SaveInput, storedGuideline: string | null, provenance: readonly (IsolateProvenance | undefined)[] = [],
): Promise<{ write: CultureWrite; names: Map<string, string> }> {
  if (!input.rast && input.izolati.length > 0) throw new AppError(400, 'micro.noGrowthIsolates', 'izolati');
  if (input.rast && input.izolati.length === 0) throw new AppError(400, 'micro.growthNeedsIsolate', 'izolati');
  const reference = referenceRepository(db);
  const organismCodes = [...new Set(input.izolati.map((isolate) => isolate.organizam))];
  const agentCodes = [...new Set(input.izolati.flatMap((isolate) => isolate.antibiogram.map((row) => row.antibiotik)))];
  const [organisms, agents, sets] = await Promise.all([
    reference.organismsByCode(organismCodes), reference.antimicrobialsByCode(agentCodes), reference.referenceSets(),
  ]);
  const organismOf = new Map(organisms.map((row) => [row.mo, row]));
  const agentOf = new Map(agents.map((row) => [row.ab, row]));
  input.izolati.forEach((isolate, i) => {
    if (!organismOf.has(isolate.organizam)) {
      throw new AppError(400, 'micro.unknownOrganism', `izolati.${i}.organizam`, { organizam: isolate.organizam });
    }
    const seen = new Set<string>();
    isolate.antibiogram.forEach((row, j) => {
      const field = `izolati.${i}.antibiogram.${j}`;
      if (!agentOf.has(row.antibiotik)) throw new AppError(400, 'micro.unknownAntibiotic', `${field}.antibiotik`, { antibiotik: row.antibiotik });
      const key = `${row.antibiotik} ${row.metoda}`;
      if (seen.has(key)) throw new AppError(400, 'micro.duplicateAntibiotic', `${field}.antibiotik`, { antibiotik: agentOf.get(row.antibiotik)!.name });
      seen.add(key);
      const reading = readAstValue(row.metoda, row.vrijednost);
      if (typeof reading === 'string') throw new AppError(400, reading, `${field}.vrijednost`);
    });
  });

  // An isolate whose organism has a panel is tested only with the panel's agents (see panels.ts); an isolate an
  // instrument reported was tested with the instrument's card, which the panel does not govern.
  const agentNames = new Map(agents.map((row) => [row.ab, row.name]));
  await checkPanels(db, input.materijal, input.izolati.map((isolate, i) => ({
    organism: organismOf.get(isolate.organizam)!, agents: provenance[i] ? [] : isolate.antibiogram.map((row) => row.antibiotik), names: agentNames,
  })));

  // A culture keeps the guideline it was interpreted with; the newest only for a new culture or when asked for.
  const newest = sets[0]?.guideline ?? null;
  const guideline = !input.novaVerzija && storedGuideline !== null && sets.some((set) => set.guideline === storedGuideline) ? storedGuideline : newest;
  const breakpoints = guideline ? await reference.breakpointsOf(guideline, agentCodes) : [];
  // Group rows (genus, order, species groups) are matched through their organism's taxonomy.
  const rowOrganisms = await reference.organismsByCode([...new Set(breakpoints.map((row) => row.mo))]);
  const taxonomy = new Map([...rowOrganisms, ...organisms].map((row) => [row.mo, row]));
  const intrinsic = await reference.intrinsicPairs(organismCodes, agentCodes);

  const write: CultureWrite = {
    materijal: input.materijal, uti: input.uti, infekcija: input.infekcija, rast: input.rast, napomena: input.napomena, guideline,
    izolati: input.izolati.map((isolate, i) => {
      const organism = organismOf.get(isolate.organizam)!;
      const origin = provenance[i];
      // The instrument's category stays with a row only while the row keeps the value it was given for.
      const instrumentCategory = (row: { antibiotik: string; metoda: string; vrijednost: string }) => {
        const sent = origin?.kategorije.get(rowKey(row.antibiotik, row.metoda));
        return sent !== undefined && sent.vrijednost === row.vrijednost ? sent.kategorija : null;
      };
      return {
        mo: organism.mo, kolicina: isolate.kolicina, napomena: isolate.napomena, aparat: origin?.aparat ?? null,
        antibiogram: withExpertRules(organism, isolate.antibiogram.map((row) => {
          const reading = readAstValue(row.metoda, row.vrijednost);
          if (typeof reading === 'string') throw new Error('checked above');
          const candidates = breakpoints.filter((item) => item.ab === row.antibiotik && item.method === row.metoda);
          const chosen = selectBreakpoint(organism, candidates, (mo) => taxonomy.get(mo), { uti: input.uti, site: input.infekcija });
          const interpretation: Interpretation = interpretReading(reading, chosen, intrinsic.has(`${organism.mo} ${row.antibiotik}`));
          return { row, interpretation };
        }), agentOf).map(({ row, interpretation }) => {
          const used: UsedBreakpoint | null = interpretation.breakpoint && {
            guideline: interpretation.breakpoint.guideline, mo: interpretation.breakpoint.mo, site: interpretation.breakpoint.site,
            s: interpretation.breakpoint.breakpointS, r: interpretation.breakpoint.breakpointR, uti: interpretation.breakpoint.uti,
          };
          return {
            ab: row.antibiotik, method: row.metoda, vrijednost: row.vrijednost, tumacenje: interpretation.category,
            osnova: interpretation.basis, breakpoint: used, izmjena: row.izmjena?.kategorija ?? null, razlog: row.izmjena?.razlog ?? null,
            aparatKategorija: instrumentCategory(row),
          };
        }),
      };
    }),
  };
  return { write, names: new Map(organisms.map((row) => [row.mo, row.fullname])) };
}

/**
 * The isolate's rows after the expert rules (@lis/domain expertRules): a row a rule makes resistant is R with
 * that rule as its basis, keeping the breakpoint row its own value was read against.
 */
function withExpertRules<Row extends { antibiotik: string }>(
  organism: { genus: string }, rows: { row: Row; interpretation: Interpretation }[], agentOf: Map<string, { grupa: string }>,
): { row: Row; interpretation: Interpretation }[] {
  const resistant = expertRules(organism, rows.map(({ row, interpretation }) => ({
    ab: row.antibiotik, group: agentOf.get(row.antibiotik)?.grupa ?? '', interpretation,
  })));
  return rows.map((entry) => {
    const basis = resistant.get(entry.row.antibiotik);
    return basis ? { row: entry.row, interpretation: { ...entry.interpretation, category: 'R', basis } } : entry;
  });
}

/** The culture as its audit rows record it: what was typed and what it was interpreted as. */
export function auditForm(culture: CultureWrite | StoredCulture | null): unknown {
  if (!culture) return null;
  return {
    materijal: culture.materijal, uti: culture.uti, infekcija: culture.infekcija, rast: culture.rast, napomena: culture.napomena,
    guideline: culture.guideline,
    izolati: culture.izolati.map((isolate) => ({
      organizam: isolate.mo, kolicina: isolate.kolicina, napomena: isolate.napomena,
      ...(instrumentOf(isolate) === null ? {} : { aparat: instrumentOf(isolate) }),
      antibiogram: isolate.antibiogram.map((row) => ({
        antibiotik: row.ab, metoda: row.method, vrijednost: row.vrijednost, tumacenje: row.tumacenje, izmjena: row.izmjena,
        ...(row.aparatKategorija === null ? {} : { aparatKategorija: row.aparatKategorija }),
      })),
    })),
  };
}

/** The instrument and isolate number of a stored or written isolate, as its audit form records it; null when a person entered it. */
function instrumentOf(isolate: CultureWrite['izolati'][number] | StoredIsolate): { naziv: string; izolat: string } | null {
  if ('analyserId' in isolate) return isolate.aparat !== null && isolate.aparatIzolat !== null ? { naziv: isolate.aparat, izolat: isolate.aparatIzolat } : null;
  return isolate.aparat === null ? null : { naziv: isolate.aparat.naziv, izolat: isolate.aparat.izolat };
}

