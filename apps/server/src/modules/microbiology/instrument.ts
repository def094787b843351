import type { InstrumentIsolate, InstrumentSusceptibility } from '@lis/analyser-protocols';
import { type MicrobiologyInstrument, type SirCategory, cultureSpecimen, cultureSummary, readAstValue } from '@lis/domain';
import type { Db, Tx } from '../../db/client.ts';
import { writeAudit } from '../../db/audit.ts';
import type { RequestContext } from '../../lib/context.ts';
import { saveAnalyserResults, type AnalyserTargetSample, type SampleEvent } from '../results/service.ts';
import {
  type CultureTestRow, type CultureWrite, type StoredCulture, cultureRepository, referenceRepository,
} from './repository.ts';
import { type IsolateProvenance, type SaveInput, auditForm, interpretedCulture, provenanceOf, rowKey } from './culture-interpretation.ts';

/**
 * A microbiology instrument's identification and susceptibility results (VITEK 2, BD Phoenix …) landing as a
 * culture's isolates: each isolate the instrument reports for a specimen becomes an isolate of the culture of
 * the sample with that code, its antibiogram interpreted by the lab's breakpoints exactly as a person's entry
 * is (the culture save's interpretedCulture: the culture's guideline, intrinsic resistance, expert rules),
 * with the instrument's own S/I/R kept beside ours. The same specimen and isolate number sent again updates
 * that isolate (a person's overrides of unchanged values kept), never adds another one.
 */

/** Why an instrument's isolate or antibiogram row is kept for review instead of landing on the culture. */
export type InstrumentRefusal = 'noCulture' | 'unknownOrganism' | 'unknownAntibiotic' | 'invalidValue';

export interface PlannedRow {
  source: InstrumentSusceptibility;
  /** The reference agent the instrument's code names, null when none. */
  ab: string | null;
  razlog: InstrumentRefusal | null;
}

export interface PlannedIsolate {
  source: InstrumentIsolate;
  /** The reference organism, null when the instrument's code (or name) names none. */
  mo: string | null;
  naziv: string | null;
  razlog: InstrumentRefusal | null;
  rows: PlannedRow[];
}

/** What an instrument's isolates would do to a sample's culture: what lands (interpreted) and what is kept for review, and why. */
export interface InstrumentCulturePlan {
  /** 'noCulture': the sample has no culture test; everything is kept for review. */
  razlog: 'noCulture' | null;
  isolates: PlannedIsolate[];
  /** The culture test the isolates land on, the culture before, and the culture as it would be written; null when nothing lands. */
  target: { test: CultureTestRow; before: StoredCulture | null; write: CultureWrite; summary: string } | null;
}

/**
 * The instrument's codes resolved against the reference tables: an organism by the analyser's map, else as
 * a reference code, else by its exact scientific name; an agent by the map, else as a reference code, else by
 * an abbreviation only one agent has (VITEK's AM, GM, FT).
 */
async function resolveCodes(db: Db | Tx, maps: MicrobiologyInstrument, isolates: readonly InstrumentIsolate[]) {
  const reference = referenceRepository(db);
  const organismCode = (code: string) => maps.organizmi[code] ?? code;
  const agentCode = (code: string) => maps.antibiotici[code] ?? code;
  const organismsSent = isolates.flatMap((isolate) => (isolate.organism ? [isolate.organism] : []));
  const agentsSent = [...new Set(isolates.flatMap((isolate) => isolate.susceptibilities.map((row) => row.code)))];
  const [byCode, agentsByCode] = await Promise.all([
    reference.organismsByCode([...new Set(organismsSent.map((organism) => organismCode(organism.code)))]),
    reference.antimicrobialsByCode([...new Set(agentsSent.map(agentCode))]),
  ]);
  const organisms = new Map(byCode.map((row) => [row.mo, row.fullname]));
  const agents = new Set(agentsByCode.map((row) => row.ab));
  const unnamed = organismsSent.filter((organism) => !organisms.has(organismCode(organism.code)) && organism.name !== null);
  const byName = await reference.organismsByName([...new Set(unnamed.map((organism) => organism.name!))]);
  const unknownAgents = agentsSent.filter((code) => !agents.has(agentCode(code)));
  const byAbbreviation = await reference.antimicrobialsByAbbreviation(unknownAgents);
  return {
    organism(sent: InstrumentIsolate['organism']): { mo: string; naziv: string } | null {
      if (!sent) return null;
      const code = organismCode(sent.code);
      const named = organisms.get(code);
      if (named !== undefined) return { mo: code, naziv: named };
      const match = sent.name === null ? undefined : byName.find((row) => row.fullname.toLowerCase() === sent.name!.toLowerCase());
      return match ? { mo: match.mo, naziv: match.fullname } : null;
    },
    agent(code: string): string | null {
      if (agents.has(agentCode(code))) return agentCode(code);
      const matches = [...new Set(byAbbreviation.filter((row) => row.abbreviation === code.toLowerCase()).map((row) => row.ab))];
      return matches.length === 1 ? matches[0]! : null;
    },
  };
}

/**
 * What the instrument's isolates for one sample would do, storing nothing (the ingest then writes it with
 * applyInstrumentCulture; the capture bench only shows it). Refused: an isolate without an identification or
 * whose organism is not found (unknownOrganism, with its rows), an agent not found (unknownAntibiotic), a MIC
 * off the dilution scale or a zone that is no whole mm (invalidValue, also the earlier of two rows of one
 * agent and method), and all of it when the sample has no culture test (noCulture). The culture lands on the
 * sample's first culture test (report order); a culture not started yet starts from the sample's specimen.
 */
export async function planInstrumentCulture(
  db: Db | Tx, siteId: string, sampleId: string, analyser: { id: string; ime: string }, maps: MicrobiologyInstrument,
  isolates: readonly InstrumentIsolate[],
): Promise<InstrumentCulturePlan> {
  const codes = await resolveCodes(db, maps, isolates);
  const planned = isolates.map((isolate): PlannedIsolate => {
    const organism = codes.organism(isolate.organism);
    const seen = new Map<string, PlannedRow>();
    const rows = isolate.susceptibilities.map((source): PlannedRow => {
      const ab = codes.agent(source.code);
      if (organism === null) return { source, ab, razlog: 'unknownOrganism' };
      if (ab === null) return { source, ab, razlog: 'unknownAntibiotic' };
      if (typeof readAstValue(source.method, source.value) === 'string') return { source, ab, razlog: 'invalidValue' };
      const row: PlannedRow = { source, ab, razlog: null };
      const earlier = seen.get(rowKey(ab, source.method));
      if (earlier) earlier.razlog = 'invalidValue';
      seen.set(rowKey(ab, source.method), row);
      return row;
    });
    return { source: isolate, mo: organism?.mo ?? null, naziv: organism?.naziv ?? null, razlog: organism === null ? 'unknownOrganism' : null, rows };
  });

  const repository = cultureRepository(db, siteId);
  const [test] = await repository.cultureTests(sampleId);
  if (!test) {
    for (const isolate of planned) {
      isolate.razlog = 'noCulture';
      for (const row of isolate.rows) row.razlog = 'noCulture';
    }
    return { razlog: 'noCulture', isolates: planned, target: null };
  }
  const landing = planned.filter((isolate) => isolate.razlog === null);
  if (landing.length === 0) return { razlog: null, isolates: planned, target: null };

  const before = (await repository.culturesOf(sampleId)).find((culture) => culture.sampleTestId === test.id) ?? null;
  const sample = before ? null : await repository.findSample(sampleId);
  const izolati: SaveInput['izolati'] = [];
  const provenance: (IsolateProvenance | undefined)[] = [];
  for (const stored of before?.izolati ?? []) {
    izolati.push({
      organizam: stored.mo, kolicina: stored.kolicina, napomena: stored.napomena,
      antibiogram: stored.antibiogram.map((row) => ({
        antibiotik: row.ab, metoda: row.method as 'MIC' | 'DISK', vrijednost: row.vrijednost,
        izmjena: row.izmjena === null ? null : { kategorija: row.izmjena as SirCategory, razlog: row.razlog ?? '' },
      })),
    });
    provenance.push(provenanceOf(stored));
  }
  for (const isolate of landing) {
    // The same instrument's same isolate number is that isolate again: updated in its place, never added twice.
    const at = provenance.findIndex((origin) => origin?.aparat.analyserId === analyser.id && origin.aparat.izolat === isolate.source.isolate);
    const earlier = at >= 0 ? izolati[at] : undefined;
    const rows = isolate.rows.filter((row) => row.razlog === null);
    const entry: SaveInput['izolati'][number] = {
      organizam: isolate.mo!, kolicina: earlier?.kolicina ?? null, napomena: earlier?.napomena ?? '',
      antibiogram: rows.map((row) => {
        // A person's override of a row stays while the instrument sends the same value for it again.
        const kept = earlier?.organizam === isolate.mo
          ? earlier.antibiogram.find((old) => old.antibiotik === row.ab && old.metoda === row.source.method && old.vrijednost === row.source.value)
          : undefined;
        return { antibiotik: row.ab!, metoda: row.source.method, vrijednost: row.source.value, izmjena: kept?.izmjena ?? null };
      }),
    };
    const origin: IsolateProvenance = {
      aparat: { analyserId: analyser.id, naziv: analyser.ime, izolat: isolate.source.isolate },
      kategorije: new Map(rows.map((row) => [rowKey(row.ab!, row.source.method), { vrijednost: row.source.value, kategorija: row.source.category }])),
    };
    if (at >= 0) { izolati[at] = entry; provenance[at] = origin; } else { izolati.push(entry); provenance.push(origin); }
  }
  const input: SaveInput = {
    sid: sampleId, version: 0, test: test.id, izolati, rast: true,
    materijal: before?.materijal ?? cultureSpecimen(sample ?? { type: '', tip: '' }, test.uzorak, test.naziv),
    uti: before?.uti ?? false, infekcija: (before?.infekcija ?? '') as SaveInput['infekcija'], napomena: before?.napomena ?? '',
  };
  const { write, names } = await interpretedCulture(db, input, before?.guideline ?? null, provenance);
  const summary = cultureSummary({ rast: true, izolati: write.izolati.map((isolate) => ({ naziv: names.get(isolate.mo) ?? isolate.mo, kolicina: isolate.kolicina })) }, null);
  return { razlog: null, isolates: planned, target: { test, before, write, summary } };
}

/**
 * Writes a plan on a sample the ingest has locked (not approved or verified): the culture whole, the culture
 * test's result (its summary) through the analyser's results save (status, flags, audit, the analyser as
 * author), and a `culture.save` audit row with the culture before and after, the system's, tied to the message
 * by the request id. A plan that changes nothing (the same transmission again) writes nothing.
 */
export async function applyInstrumentCulture(
  tx: Tx, ctx: RequestContext, sample: AnalyserTargetSample, plan: InstrumentCulturePlan, analyserName: string,
): Promise<{ sampleTestId: string | null; completions: SampleEvent[] }> {
  const target = plan.target;
  if (!target) return { sampleTestId: null, completions: [] };
  const before = auditForm(target.before);
  const after = auditForm(target.write);
  if (JSON.stringify(before) === JSON.stringify(after)) return { sampleTestId: target.test.id, completions: [] };
  await cultureRepository(tx, ctx.siteId).writeCulture(sample.id, target.test.id, target.write, null);
  const completions = await saveAnalyserResults(tx, ctx, [{ sample, rezultati: [{ test: target.test.id, rezultat: target.summary }] }], analyserName);
  await writeAudit(tx, ctx, {
    action: 'culture.save', entity: 'sample', entityId: sample.id, field: target.test.sifra, oldValue: before, newValue: after, bySystem: true,
  });
  return { sampleTestId: target.test.id, completions };
}
