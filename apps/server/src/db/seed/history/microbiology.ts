import { cultureSummary, formatSampleCode, sampleCodeDay } from '@lis/domain';
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../client.ts';
import { allocateDemoCounters } from './codes.ts';
import { registerDemoPatients } from './people.ts';
import { unnestRows, jsonText } from '../../unnest.ts';
import { cultureIsolates, labAssays, microOrganisms, microReferenceSets, sampleCultures, sampleTests, samples } from '../../schema.ts';
import { interpretedCulture } from '../../../modules/microbiology/culture-interpretation.ts';
import { DEMO_SITE, type HistoryContext, demoRandom, siteDay, siteTime } from './context.ts';

// A year of verified cultures at the demo site, so the cumulative antibiogram has organisms above the
// 30 first isolates it calls reliable: urine cultures (E. coli above all, Klebsiella, Proteus, Enterococcus)
// and wound swabs (S. aureus, Pseudomonas), each from a patient of its own, a few sterile. The MICs are drawn
// per organism and agent around a resistance rate typical of the region, and every category is the one the
// module's own interpretation (interpretedCulture: the newest imported guideline's breakpoints, intrinsic
// resistance and the expert rules) gives, so the table counts what the culture screen shows. Needs the
// microbiology reference data (imported before the seed); without it there is nothing to interpret against
// and no culture is seeded.

export const MICRO_DAYS = 360;

/** An organism's cultures: how many, the specimen, the agents tested (its demo panel's) and the share resistant per agent (5 % where not named). */
interface Species { mo: string; count: number; material: 'Urin' | 'Bris rane'; agents: readonly string[]; resistant: Readonly<Record<string, number>> }

const URINE_ENTERO = ['AMP', 'AMC', 'MEC', 'CXM', 'CTX', 'CAZ', 'MEM', 'CIP', 'GEN', 'NIT', 'FOS', 'SXT', 'TMP'] as const;
export const DEMO_SPECIES: readonly Species[] = [
  { mo: 'B_ESCHR_COLI', count: 140, material: 'Urin', agents: URINE_ENTERO, resistant: { MEM: 0, AMP: 0.55, AMC: 0.3, MEC: 0.06, CXM: 0.15, CTX: 0.12, CAZ: 0.1, CIP: 0.25, GEN: 0.08, NIT: 0.03, FOS: 0.02, SXT: 0.3, TMP: 0.32 } },
  { mo: 'B_KLBSL_PNMN', count: 45, material: 'Urin', agents: URINE_ENTERO, resistant: { AMC: 0.35, MEC: 0.1, CXM: 0.35, CTX: 0.33, CAZ: 0.3, MEM: 0.04, CIP: 0.38, GEN: 0.2, NIT: 0.3, FOS: 0.2, SXT: 0.35, TMP: 0.36 } },
  { mo: 'B_PROTS_MRBL', count: 22, material: 'Urin', agents: URINE_ENTERO, resistant: { AMP: 0.3, AMC: 0.12, CIP: 0.2, GEN: 0.1, SXT: 0.3, TMP: 0.32 } },
  { mo: 'B_ENTRC_FCLS', count: 32, material: 'Urin', agents: ['AMP', 'IPM', 'VAN', 'LNZ', 'NIT'], resistant: { AMP: 0.03, IPM: 0.04, VAN: 0.01 } },
  { mo: 'B_STPHY_AURS', count: 40, material: 'Bris rane', agents: ['FOX', 'PEN', 'GEN', 'CIP', 'ERY', 'CLI', 'TCY', 'SXT', 'VAN', 'LNZ', 'RIF', 'FUS'], resistant: { FOX: 0.15, PEN: 0.8, GEN: 0.05, CIP: 0.15, ERY: 0.25, CLI: 0.2, TCY: 0.08, SXT: 0.03, FUS: 0.1 } },
  { mo: 'B_PSDMN_AERG', count: 24, material: 'Bris rane', agents: ['TZP', 'CAZ', 'FEP', 'IPM', 'MEM', 'CIP', 'TOB', 'AMK'], resistant: { TZP: 0.15, CAZ: 0.15, FEP: 0.12, IPM: 0.2, MEM: 0.15, CIP: 0.22, TOB: 0.12, AMK: 0.06 } },
];
/** Sterile urines among them (no growth): the normal text of the urine culture. */
const STERILE = 30;

/** A MIC a susceptible and a resistant isolate typically has for the agent (mg/L, dilution steps). */
const MIC: Readonly<Record<string, readonly [string, string]>> = {
  AMP: ['2', '64'], AMC: ['4', '64'], MEC: ['2', '32'], CXM: ['2', '32'], CTX: ['0,125', '16'], CAZ: ['0,25', '32'], FEP: ['1', '32'],
  MEM: ['0,06', '16'], IPM: ['1', '16'], TZP: ['4', '64'], CIP: ['0,125', '4'], GEN: ['0,5', '16'], TOB: ['1', '16'], AMK: ['4', '64'],
  NIT: ['16', '128'], FOS: ['4', '64'], SXT: ['0,5', '8'], TMP: ['1', '32'], VAN: ['1', '16'], LNZ: ['2', '8'], FOX: ['2', '16'],
  PEN: ['0,06', '2'], ERY: ['0,25', '8'], CLI: ['0,125', '4'], TCY: ['0,5', '16'], RIF: ['0,016', '1'], FUS: ['0,25', '4'],
};

export async function seedDemoMicrobiology(db: Db, context: HistoryContext): Promise<void> {
  const site = context.sites.get(DEMO_SITE);
  if (!site) return;
  const [reference] = await db.select({ guideline: microReferenceSets.guideline }).from(microReferenceSets).limit(1);
  const assays = await db.select({ id: labAssays.id, sifra: labAssays.sifra, price: labAssays.price }).from(labAssays).where(inArray(labAssays.sifra, ['UKUL', 'BRANE']));
  const assayOf = new Map(assays.map((row) => [row.sifra, row]));
  const known = new Set((await db.select({ mo: microOrganisms.mo }).from(microOrganisms).where(inArray(microOrganisms.mo, DEMO_SPECIES.map((species) => species.mo)))).map((row) => row.mo));
  if (!reference || assayOf.size < 2 || known.size < DEMO_SPECIES.length) return;

  const random = demoRandom(5_318_008);
  // The cultures, oldest first: a species' isolates spread over the year, the sterile urines among them.
  const planned = [
    ...DEMO_SPECIES.flatMap((species) => Array.from({ length: species.count }, () => ({ species: species, material: species.material }))),
    ...Array.from({ length: STERILE }, () => ({ species: null, material: 'Urin' as const })),
  ].map((culture) => ({
    ...culture, daysAgo: 8 + Math.floor(random.next() * (MICRO_DAYS - 8)), minute: 7 * 60 + Math.floor(random.next() * 300),
    // Hours to the verified result: a sterile urine after a night, a grown culture once its antibiogram is read.
    hours: culture.species ? 40 + Math.floor(random.next() * 32) : 18 + Math.floor(random.next() * 8),
  }))
    .sort((a, b) => b.daysAgo - a.daysAgo || a.minute - b.minute);

  // Each interpreted as the culture screen interprets a save: all the isolates of one specimen kind at once.
  const interpreted = new Map<string, Awaited<ReturnType<typeof interpretedCulture>>>();
  for (const material of ['Urin', 'Bris rane'] as const) {
    const grown = planned.filter((culture) => culture.material === material && culture.species);
    interpreted.set(material, await interpretedCulture(db, {
      materijal: material, uti: material === 'Urin', infekcija: '', rast: true, napomena: '', novaVerzija: false,
      izolati: grown.map((culture) => ({
        organizam: culture.species!.mo, kolicina: material === 'Urin' ? 5 : null, napomena: '',
        antibiogram: culture.species!.agents.map((ab) => ({
          antibiotik: ab, metoda: 'MIC' as const, vrijednost: MIC[ab]![random.next() < (culture.species!.resistant[ab] ?? 0.05) ? 1 : 0],
        })),
      })),
    } as unknown as Parameters<typeof interpretedCulture>[1], null));
  }

  // One patient per culture (a first isolate each).
  const patientIds = await registerDemoPatients(db, random, planned.length, '17', 'Sarajevo');

  const days = planned.map((culture) => sampleCodeDay(siteDay(context, site.timeZone, culture.daysAgo)));
  const numbers = await allocateDemoCounters(db, days);

  const sampleValues = planned.map((culture, index) => {
    const day = days[index]!;
    const rbr = numbers[index]!;
    const datum = siteTime(context, site.timeZone, culture.daysAgo, culture.minute);
    const at = (hours: number) => new Date(datum.getTime() + hours * 3_600_000);
    return {
      siteId: site.id, patientId: patientIds[index]!, code: formatSampleCode(day, rbr), rbr, status: 'VERIFICIRAN',
      lokacija: culture.material === 'Urin' ? 'Dom zdravlja Stari Grad' : 'Hirurška ambulanta', datum, createdAt: datum, updatedAt: at(culture.hours),
      receivedAt: at(0.5), approvedAt: at(culture.hours - 1), verifiedAt: at(culture.hours), verifiedOnce: true,
    };
  });
  const sampleRows = await db.insert(samples).values(sampleValues).returning({ id: samples.id, code: samples.code });
  const sampleOf = new Map(sampleRows.map((row) => [row.code, row.id]));

  const isolateIndex = new Map<string, number>();
  const cultures = planned.map((culture, index) => {
    const material = culture.material;
    const write = interpreted.get(material)!;
    let isolate: (typeof write.write.izolati)[number] | null = null;
    if (culture.species) {
      const taken = isolateIndex.get(material) ?? 0;
      isolate = write.write.izolati[taken]!;
      isolateIndex.set(material, taken + 1);
    }
    const summary = cultureSummary(
      { rast: isolate !== null, izolati: isolate ? [{ naziv: write.names.get(isolate.mo) ?? isolate.mo, kolicina: isolate.kolicina }] : [] },
      'Sterilna',
    );
    return { sampleId: sampleOf.get(sampleValues[index]!.code)!, assay: assayOf.get(material === 'Urin' ? 'UKUL' : 'BRANE')!, material, isolate, summary, guideline: write.write.guideline };
  });

  const testRows = await db.insert(sampleTests).values(cultures.map((culture) => ({
    sampleId: culture.sampleId, labassayId: culture.assay.id, price: culture.assay.price, statusT: 'VERIFICIRAN', rezultat: culture.summary, rezultatF: null,
  }))).returning({ id: sampleTests.id, sampleId: sampleTests.sampleId });
  const testOf = new Map(testRows.map((row) => [row.sampleId, row.id]));
  const cultureRows = await db.insert(sampleCultures).values(cultures.map((culture) => ({
    sampleId: culture.sampleId, sampleTestId: testOf.get(culture.sampleId)!, materijal: culture.material, uti: culture.material === 'Urin',
    rast: culture.isolate !== null, guideline: culture.isolate ? culture.guideline : null,
  }))).returning({ id: sampleCultures.id, sampleId: sampleCultures.sampleId });
  const cultureOf = new Map(cultureRows.map((row) => [row.sampleId, row.id]));
  const grown = cultures.filter((culture) => culture.isolate !== null);
  const isolateRows = await db.insert(cultureIsolates).values(grown.map((culture) => ({
    cultureId: cultureOf.get(culture.sampleId)!, rbr: 1, mo: culture.isolate!.mo, kolicina: culture.isolate!.kolicina,
  }))).returning({ id: cultureIsolates.id, cultureId: cultureIsolates.cultureId });
  const isolateOf = new Map(isolateRows.map((row) => [row.cultureId, row.id]));
  const rows = grown.flatMap((culture) => culture.isolate!.antibiogram.map((row, index) => ({ isolateId: isolateOf.get(cultureOf.get(culture.sampleId)!)!, rbr: index + 1, ...row })));
  await db.execute(sql`
    insert into isolate_susceptibilities (isolate_id, rbr, ab, method, vrijednost, tumacenje, osnova, breakpoint)
    select * from ${unnestRows(rows, [
      ['uuid', (row) => row.isolateId], ['integer', (row) => row.rbr], ['text', (row) => row.ab], ['text', (row) => row.method],
      ['text', (row) => row.vrijednost], ['text', (row) => row.tumacenje], ['text', (row) => row.osnova], ['jsonb', (row) => jsonText(row.breakpoint)],
    ])} as v(isolate_id, rbr, ab, method, vrijednost, tumacenje, osnova, breakpoint)`);
}
