import {
  type AntibiogramRow, type AstMethod, type Culture, type ReportMicrobiologyInput, type CultureSaveRequest, type CulturesAnswer, type OrganismOption,
  type InfectionSite, type SampleStatus, type SirCategory, INFECTION_SITES, cultureSaveRequest, cultureSpecimen, cultureSummary, instrumentDisagrees,
  reportedCategory,
} from '@lis/domain';
import type { Db, Tx } from '../../db/client.ts';
import type { AuditEntry } from '../../db/audit.ts';
import type { RequestContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import type { RealtimeHub } from '../../realtime/hub.ts';
import * as results from '../results/service.ts';
import { auditForm, interpretedCulture, provenanceOf } from './culture-interpretation.ts';
import {
  type CultureWrite, type StoredCulture, type StoredIsolate, cultureRepository, referenceRepository,
} from './repository.ts';

// A microbiology instrument's isolates (the analyser ingest and its capture bench reach them through this service).
export {
  type InstrumentCulturePlan, type InstrumentRefusal, type PlannedIsolate, type PlannedRow, applyInstrumentCulture, planInstrumentCulture,
} from './instrument.ts';
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

/** The codes among these that name no reference organism (`mo`) or agent (`ab`): what a microbiology instrument's code map may not point to. */
export async function unknownReferenceCodes(db: Db, codes: { organisms: readonly string[]; agents: readonly string[] }): Promise<{ organisms: string[]; agents: string[] }> {
  const reference = referenceRepository(db);
  const [organisms, agents] = await Promise.all([reference.organismsByCode(codes.organisms), reference.antimicrobialsByCode(codes.agents)]);
  const knownOrganisms = new Set(organisms.map((row) => row.mo));
  const knownAgents = new Set(agents.map((row) => row.ab));
  return { organisms: codes.organisms.filter((code) => !knownOrganisms.has(code)), agents: codes.agents.filter((code) => !knownAgents.has(code)) };
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
    aparat: isolate.aparat !== null && isolate.aparatIzolat !== null ? { naziv: isolate.aparat, izolat: isolate.aparatIzolat } : null,
    antibiogram: isolate.antibiogram.map((row): AntibiogramRow => {
      const tumacenje = row.tumacenje as SirCategory | null;
      const izmjena = row.izmjena as SirCategory | null;
      const aparat = row.aparatKategorija as SirCategory | null;
      return {
        aparat: aparat === null ? null : { kategorija: aparat, neslaganje: instrumentDisagrees(tumacenje, aparat) },
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
        _id: test.id, sifra: test.sifra, naziv: test.naziv, naziv_en: test.nazivEn, naziv_de: test.nazivDe, materijal: cultureSpecimen(sample, test.uzorak, test.naziv),
        rezultat: test.rezultat, kultura: culture ? cultureAnswer(culture) : null,
      };
    }),
    reference: reference
      ? { guideline: reference.guideline, attribution: reference.attribution, intrinsicSource: reference.intrinsicSource, importedAt: reference.importedAt.toISOString() }
      : null,
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
  // An isolate an instrument reported keeps its instrument, isolate number and S/I/R through a person's save, as
  // long as it stays in its place with the same organism (the screen sends the isolates in their order).
  const provenance = input.izolati.map((isolate, i) => {
    const earlier = stored?.izolati[i];
    return earlier && earlier.mo === isolate.organizam ? provenanceOf(earlier) : undefined;
  });
  const { write, names } = await interpretedCulture(db, input, stored?.guideline ?? null, provenance);
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
