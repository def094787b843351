import {
  type AntibiogramRow, type AstMethod, type Culture, type ReportMicrobiologyInput, type CultureSaveRequest, type CulturesAnswer, type Interpretation, type OrganismOption,
  type InfectionSite, type SampleStatus, type SirCategory, type UsedBreakpoint, INFECTION_SITES, cultureSaveRequest, cultureSpecimen, cultureSummary, expertRules, interpretReading, readAstValue,
  reportedCategory, selectBreakpoint,
} from '@lis/domain';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import type { AuditEntry } from '../../db/audit.ts';
import type { RequestContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import type { RealtimeHub } from '../../realtime/hub.ts';
import * as results from '../results/service.ts';
import { checkPanels } from './panels.ts';
import {
  type CultureWrite, type StoredCulture, type StoredIsolate, cultureRepository, referenceRepository,
} from './repository.ts';

export { microWorkList } from './worklist-repository.ts';

const PICKER_LIMIT = 30;

function words(query: string): string[] {
  return query.trim().split(/\s+/).filter(Boolean).slice(0, 4);
}

/** GET /mikrobiologija/organizmi: the organism picker. */
export async function searchOrganisms(db: Db, query: string): Promise<OrganismOption[]> {
  const rows = await referenceRepository(db).searchOrganisms(words(query), PICKER_LIMIT);
  return rows.map((row) => ({ mo: row.mo, naziv: row.fullname, gram: row.gramStain, rank: row.rank }));
}

/** GET /mikrobiologija/antibiotici: the antimicrobial picker. */
export async function searchAntimicrobials(db: Db, query: string) {
  const rows = await referenceRepository(db).searchAntimicrobials(words(query), PICKER_LIMIT);
  return rows.map((row) => ({ ab: row.ab, naziv: row.name, grupa: row.grupa }));
}

function cultureAnswer(culture: StoredCulture): Culture {
  return {
    _id: culture.id, materijal: culture.materijal, uti: culture.uti, infekcija: infectionSiteOf(culture.infekcija), rast: culture.rast, napomena: culture.napomena,
    guideline: culture.guideline, updated_at: culture.updatedAt.toISOString(),
    izolati: culture.izolati.map(isolateAnswer),
  };
}

function infectionSiteOf(stored: string): InfectionSite {
  return (INFECTION_SITES as readonly string[]).includes(stored) ? stored as InfectionSite : '';
}

function isolateAnswer(isolate: StoredIsolate): Culture['izolati'][number] {
  return {
    _id: isolate.id, rbr: isolate.rbr, kolicina: isolate.kolicina, napomena: isolate.napomena,
    organizam: { mo: isolate.mo, naziv: isolate.fullname, gram: isolate.gramStain, rank: isolate.rank },
    antibiogram: isolate.antibiogram.map((row): AntibiogramRow => {
      const tumacenje = row.tumacenje as SirCategory | null;
      const izmjena = row.izmjena as SirCategory | null;
      return {
        _id: row.id, antibiotik: { ab: row.ab, naziv: row.name, grupa: row.grupa }, metoda: row.method as AntibiogramRow['metoda'],
        vrijednost: row.vrijednost, tumacenje, osnova: row.osnova as AntibiogramRow['osnova'], granica: row.breakpoint,
        izmjena: izmjena === null ? null : { kategorija: izmjena, razlog: row.razlog ?? '' },
        konacno: reportedCategory(tumacenje, izmjena),
      };
    }),
  };
}

/** GET /mikrobiologija/kulture/{sid}: the sample, its culture tests with their cultures, and the breakpoint set in use. */
export async function cultures(db: Db, ctx: RequestContext, sid: string): Promise<Omit<CulturesAnswer, 'success'>> {
  const repository = cultureRepository(db, ctx.siteId);
  const sample = await repository.findSample(sid);
  if (!sample) throw AppError.notFound();
  const [tests, stored, sets] = await Promise.all([
    repository.cultureTests(sample.id), repository.culturesOf(sample.id), referenceRepository(db).referenceSets(),
  ]);
  const reference = sets[0];
  return {
    uzorak: {
      _id: sample.id, pid: sample.patientId, created_at: sample.createdAt.toISOString(), code: sample.code,
      status: sample.status as SampleStatus, version: sample.version, ime: sample.ime,
      prezime: sample.prezime, datum: sample.datum.toISOString(), type: sample.type,
    },
    testovi: tests.map((test) => {
      const culture = stored.find((item) => item.sampleTestId === test.id);
      return {
        _id: test.id, sifra: test.sifra, naziv: test.naziv, materijal: cultureSpecimen(sample, test.uzorak, test.naziv),
        rezultat: test.rezultat, kultura: culture ? cultureAnswer(culture) : null,
      };
    }),
    reference: reference
      ? { guideline: reference.guideline, attribution: reference.attribution, intrinsicSource: reference.intrinsicSource, importedAt: reference.importedAt.toISOString() }
      : null,
  };
}

type SaveInput = z.output<typeof cultureSaveRequest>;

/**
 * The culture as typed, checked and interpreted: each organism and agent must be in the reference
 * tables, each value a MIC dilution step or a zone in whole mm (400 naming the row's field otherwise),
 * an agent once per method and isolate, and only the agents of the isolate's panel when its organism has
 * one (400 naming the row's agent); then every row is interpreted against the culture's guideline: the
 * one it was interpreted with before, the newest for a new culture or when `novaVerzija` asks for it
 * (intrinsic resistance first; no row: "no breakpoint").
 */
async function interpretedCulture(
  db: Db | Tx, input: SaveInput, storedGuideline: string | null,
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

  // An isolate whose organism has a panel is tested only with the panel's agents (see panels.ts).
  const agentNames = new Map(agents.map((row) => [row.ab, row.name]));
  await checkPanels(db, input.materijal, input.izolati.map((isolate) => ({
    organism: organismOf.get(isolate.organizam)!, agents: isolate.antibiogram.map((row) => row.antibiotik), names: agentNames,
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
    izolati: input.izolati.map((isolate) => {
      const organism = organismOf.get(isolate.organizam)!;
      return {
        mo: organism.mo, kolicina: isolate.kolicina, napomena: isolate.napomena,
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
function auditForm(culture: CultureWrite | StoredCulture | null): unknown {
  if (!culture) return null;
  return {
    materijal: culture.materijal, uti: culture.uti, infekcija: culture.infekcija, rast: culture.rast, napomena: culture.napomena,
    guideline: culture.guideline,
    izolati: culture.izolati.map((isolate) => ({
      organizam: isolate.mo, kolicina: isolate.kolicina, napomena: isolate.napomena,
      antibiogram: isolate.antibiogram.map((row) => ({
        antibiotik: row.ab, metoda: row.method, vrijednost: row.vrijednost, tumacenje: row.tumacenje, izmjena: row.izmjena,
      })),
    })),
  };
}

/** One audit row per antibiogram override set, changed or taken back, keyed by organism and agent. */
function overrideAudit(sampleId: string, before: StoredCulture | null, after: CultureWrite): AuditEntry[] {
  const key = (mo: string, ab: string, method: string) => `${mo} ${ab} ${method}`;
  const earlier = new Map<string, { izmjena: string | null; razlog: string | null }>();
  for (const isolate of before?.izolati ?? []) {
    for (const row of isolate.antibiogram) earlier.set(key(isolate.mo, row.ab, row.method), { izmjena: row.izmjena, razlog: row.razlog });
  }
  const entries: AuditEntry[] = [];
  for (const isolate of after.izolati) {
    for (const row of isolate.antibiogram) {
      const previous = earlier.get(key(isolate.mo, row.ab, row.method));
      if ((previous?.izmjena ?? null) === row.izmjena) continue;
      entries.push({
        action: 'culture.override', entity: 'sample', entityId: sampleId, field: `${isolate.mo} ${row.ab} ${row.method}`,
        oldValue: previous?.izmjena ?? row.tumacenje, newValue: row.izmjena ?? row.tumacenje, reason: row.razlog ?? previous?.razlog ?? null,
      });
    }
  }
  return entries;
}

const LOCKED_STATUSES: readonly string[] = ['ODOBREN', 'VERIFICIRAN'];

/**
 * POST /mikrobiologija/kulture/save: the culture of one culture test, saved whole with the test's result
 * (the culture's summary) through the results save, in its transaction on the locked sample: the same
 * version check (409), the same lock of an approved or verified sample (409 results.locked), the same
 * reason after an unlock (400 razlog), the same status flow and audit. The culture writes 'culture.save'
 * (old and new culture) and a 'culture.override' row for each category a person set or took back.
 */
export async function save(
  db: Db, ctx: RequestContext, body: CultureSaveRequest, realtime: RealtimeHub | undefined,
): Promise<{ status: SampleStatus; version: number; kultura: Culture }> {
  const input = cultureSaveRequest.parse(body);
  const repository = cultureRepository(db, ctx.siteId);
  const sample = await repository.findSample(input.sid);
  if (!sample) throw AppError.notFound();
  const test = (await repository.cultureTests(sample.id)).find((item) => item.id === input.test);
  if (!test) throw new AppError(400, 'micro.notCultureTest', 'test');
  const stored = (await repository.culturesOf(sample.id)).find((item) => item.sampleTestId === test.id) ?? null;
  const { write, names } = await interpretedCulture(db, input, stored?.guideline ?? null);
  const summary = cultureSummary(
    { rast: write.rast, izolati: write.izolati.map((isolate) => ({ naziv: names.get(isolate.mo) ?? isolate.mo, kolicina: isolate.kolicina })) },
    write.rast ? null : await repository.normalTextOf(test.labassayId),
  );

  const answer = await results.save(db, ctx, {
    sid: sample.id, version: input.version, rezultati: [{ test: test.id, rezultat: summary }], razlog: input.razlog,
  }, realtime, async (tx, locked) => {
    const inTx = cultureRepository(tx, ctx.siteId);
    const before = (await inTx.culturesOf(locked.id)).find((item) => item.sampleTestId === test.id) ?? null;
    const beforeForm = JSON.stringify(auditForm(before));
    const afterForm = JSON.stringify(auditForm(write));
    if (beforeForm === afterForm) return [];
    if (LOCKED_STATUSES.includes(locked.status)) throw AppError.conflict('results.locked');
    const razlog = input.razlog?.trim() || null;
    if (locked.verifiedOnce && before && !razlog) throw new AppError(400, 'results.reasonRequired', 'razlog');
    await inTx.writeCulture(locked.id, test.id, write, ctx.userId);
    return [
      { action: 'culture.save', entity: 'sample', entityId: locked.id, field: test.sifra, oldValue: auditForm(before), newValue: auditForm(write), reason: razlog },
      ...overrideAudit(locked.id, before, write),
    ];
  });
  const saved = (await repository.culturesOf(sample.id)).find((item) => item.sampleTestId === test.id);
  if (!saved) throw new Error('the culture saved was not found');
  return { ...answer, kultura: cultureAnswer(saved) };
}

/**
 * The cultures of a sample of the site for its report, in the order of their tests, with the attribution
 * of the reference data; null when the sample has none. Run one statement after another: inside the
 * verification's transaction a connection runs one at a time.
 */
export async function reportMicrobiology(db: Db | Tx, siteId: string, sampleId: string): Promise<ReportMicrobiologyInput | null> {
  const repository = cultureRepository(db, siteId);
  const stored = await repository.culturesOf(sampleId);
  if (stored.length === 0) return null;
  const tests = await repository.cultureTests(sampleId);
  const sets = await referenceRepository(db).referenceSets();
  const cultures = tests.flatMap((test) => {
    const culture = stored.find((item) => item.sampleTestId === test.id);
    if (!culture) return [];
    return [{
      test: { naziv: test.naziv, nazivEn: test.nazivEn, nazivDe: test.nazivDe },
      materijal: culture.materijal, infekcija: infectionSiteOf(culture.infekcija), rast: culture.rast, napomena: culture.napomena, guideline: culture.guideline,
      izolati: culture.izolati.map((isolate) => ({
        naziv: isolate.fullname, kolicina: isolate.kolicina, napomena: isolate.napomena,
        antibiogram: isolate.antibiogram.map((row) => ({
          antibiotik: row.name, metoda: row.method as AstMethod, vrijednost: row.vrijednost, tumacenje: row.tumacenje as SirCategory | null,
          osnova: row.osnova, izmjena: row.izmjena as SirCategory | null,
        })),
      })),
    }];
  });
  const used = sets.find((set) => cultures.some((culture) => culture.guideline === set.guideline)) ?? sets[0];
  return { cultures, attribution: used?.attribution ?? '' };
}
