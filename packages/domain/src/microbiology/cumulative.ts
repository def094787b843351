import type { SirCategory } from './interpretation.ts';

/**
 * The cumulative antibiogram (CLSI M39): over a period, for each organism the share of its isolates
 * susceptible to each agent, so that empirical therapy can be chosen from the lab's own data.
 *
 * Rules, as M39 states them:
 * - Only final (verified) results count: the caller passes only isolates of verified samples.
 * - The first isolate of a species per patient per period counts, whatever the specimen and whatever the
 *   susceptibility profile: a patient with E. coli in three urines in a year is one E. coli; a patient with
 *   E. coli and Klebsiella pneumoniae is one of each; the same patient in the next period counts again.
 *   "First" is the earliest specimen date; on the same date the lower sample code, then the isolate's place.
 *   When a specimen is chosen (urine only), the first isolate is taken among that specimen's isolates.
 * - Only agents tested routinely: an agent is shown for an organism when it was interpreted on at least
 *   half of that organism's first isolates (ROUTINE_SHARE); an agent tested only now and then (typically on
 *   resistant isolates, a second-line panel) would otherwise show a resistance that is not the population's.
 * - %S counts S alone. EUCAST's I ("susceptible, increased exposure") is counted apart: each cell carries
 *   S, I and R counts and the percentages %S, %I, %R and %S+I.
 * - An organism with fewer than 30 first isolates is shown but marked statistically unreliable
 *   (MIN_RELIABLE_ISOLATES).
 * A result without a category (no breakpoint, or a censored value spanning categories) is not counted as tested.
 */

/** M39: fewer first isolates than this make an organism's percentages statistically unreliable. */
export const MIN_RELIABLE_ISOLATES = 30;

/** An agent counts as routinely tested for an organism when interpreted on at least this share of its first isolates. */
export const ROUTINE_SHARE = 0.5;

export interface SurveillanceResult {
  ab: string;
  naziv: string;
  grupa: string;
  /** The reported category (a person's override, else the interpretation); null: not interpreted. */
  kategorija: SirCategory | null;
}

export interface SurveillanceIsolate {
  patientId: string;
  /** When the specimen was taken. */
  takenAt: Date;
  /** The sample's code: orders isolates of the same instant. */
  sampleCode: string;
  /** The isolate's place in its culture. */
  rbr: number;
  /** The specimen as the lab names it (culture materijal). */
  materijal: string;
  organism: { mo: string; naziv: string };
  results: readonly SurveillanceResult[];
}

export interface CumulativeCell {
  ab: string;
  /** First isolates with a category for this agent. */
  testirano: number;
  s: number;
  i: number;
  r: number;
  /** Whole percentages of `testirano` (half up). */
  postoS: number;
  postoI: number;
  postoR: number;
  postoSI: number;
}

export interface CumulativeRow {
  organizam: { mo: string; naziv: string };
  /** First isolates of the organism in the period. */
  izolata: number;
  /** Fewer than MIN_RELIABLE_ISOLATES first isolates. */
  nepouzdano: boolean;
  /** Routinely tested agents only, in the order of the antibiogram's columns. */
  celije: CumulativeCell[];
}

export interface CumulativeAntibiogram {
  /** The agents of any row, by group then name: the table's columns. */
  antibiotici: { ab: string; naziv: string; grupa: string }[];
  /** Organisms by number of first isolates, most first, then by name. */
  redovi: CumulativeRow[];
  /** Isolates in the period (and specimen) before the first-isolate rule. */
  svihIzolata: number;
  /** Isolates counted: the first of their species per patient. */
  prvihIzolata: number;
}

export interface CumulativeOptions {
  /** The period: from (inclusive) to before (exclusive). */
  from: Date;
  before: Date;
  /** Only isolates of this specimen (culture materijal, exact); null or absent: every specimen. */
  materijal?: string | null;
}

function compareIsolates(a: SurveillanceIsolate, b: SurveillanceIsolate): number {
  return a.takenAt.getTime() - b.takenAt.getTime()
    || (a.sampleCode < b.sampleCode ? -1 : a.sampleCode > b.sampleCode ? 1 : 0)
    || a.rbr - b.rbr;
}

/** The first isolate of each species per patient among these, earliest first (see the rules above). */
export function firstIsolates(isolates: readonly SurveillanceIsolate[]): SurveillanceIsolate[] {
  const seen = new Set<string>();
  const first: SurveillanceIsolate[] = [];
  for (const isolate of [...isolates].sort(compareIsolates)) {
    const key = `${isolate.patientId}\u0000${isolate.organism.mo}`;
    if (seen.has(key)) continue;
    seen.add(key);
    first.push(isolate);
  }
  return first;
}

/** A whole percentage, half up; 0 of 0 is 0 (a cell is only shown when something was tested). */
export function percentOf(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.floor((part * 100) / whole + 0.5);
}

function collator(): (a: string, b: string) => number {
  return (a, b) => a.localeCompare(b, 'en');
}

/** The cumulative antibiogram of the isolates in the period (and specimen), by the rules above. */
export function cumulativeAntibiogram(isolates: readonly SurveillanceIsolate[], options: CumulativeOptions): CumulativeAntibiogram {
  const from = options.from.getTime();
  const before = options.before.getTime();
  const inScope = isolates.filter((isolate) => {
    const at = isolate.takenAt.getTime();
    return at >= from && at < before && (options.materijal == null || isolate.materijal === options.materijal);
  });
  const first = firstIsolates(inScope);
  const byOrganism = new Map<string, SurveillanceIsolate[]>();
  for (const isolate of first) {
    const list = byOrganism.get(isolate.organism.mo) ?? [];
    list.push(isolate);
    byOrganism.set(isolate.organism.mo, list);
  }
  const agents = new Map<string, { ab: string; naziv: string; grupa: string }>();
  const rows = [...byOrganism.values()].map((list): Omit<CumulativeRow, 'celije'> & { cells: CumulativeCell[] } => {
    const counts = new Map<string, { s: number; i: number; r: number }>();
    for (const isolate of list) {
      // An agent counts once per isolate even if it was tested by two methods (MIC and disk) with one reported category each.
      const categoryOf = new Map<string, SirCategory>();
      for (const result of isolate.results) {
        if (result.kategorija === null) continue;
        const earlier = categoryOf.get(result.ab);
        // Two methods disagreeing: the less susceptible category is the one reported for the isolate.
        if (earlier === undefined || rank(result.kategorija) > rank(earlier)) categoryOf.set(result.ab, result.kategorija);
        if (!agents.has(result.ab)) agents.set(result.ab, { ab: result.ab, naziv: result.naziv, grupa: result.grupa });
      }
      for (const [ab, category] of categoryOf) {
        const count = counts.get(ab) ?? { s: 0, i: 0, r: 0 };
        if (category === 'S') count.s += 1;
        else if (category === 'I') count.i += 1;
        else count.r += 1;
        counts.set(ab, count);
      }
    }
    const cells = [...counts].flatMap(([ab, count]): CumulativeCell[] => {
      const testirano = count.s + count.i + count.r;
      if (testirano < list.length * ROUTINE_SHARE) return [];
      return [{
        ab, testirano, s: count.s, i: count.i, r: count.r,
        postoS: percentOf(count.s, testirano), postoI: percentOf(count.i, testirano), postoR: percentOf(count.r, testirano),
        postoSI: percentOf(count.s + count.i, testirano),
      }];
    });
    return { organizam: list[0]!.organism, izolata: list.length, nepouzdano: list.length < MIN_RELIABLE_ISOLATES, cells };
  });
  const shown = new Set(rows.flatMap((row) => row.cells.map((cell) => cell.ab)));
  const byName = collator();
  const antibiotici = [...agents.values()].filter((agent) => shown.has(agent.ab))
    .sort((a, b) => byName(a.grupa, b.grupa) || byName(a.naziv, b.naziv));
  const column = new Map(antibiotici.map((agent, index) => [agent.ab, index]));
  const redovi = rows
    .sort((a, b) => b.izolata - a.izolata || byName(a.organizam.naziv, b.organizam.naziv))
    .map(({ cells, ...row }) => ({ ...row, celije: cells.sort((a, b) => column.get(a.ab)! - column.get(b.ab)!) }));
  return { antibiotici, redovi, svihIzolata: inScope.length, prvihIzolata: first.length };
}

function rank(category: SirCategory): number {
  return category === 'S' ? 0 : category === 'I' ? 1 : 2;
}
