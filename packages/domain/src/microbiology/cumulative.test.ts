import { describe, expect, it } from 'vitest';
import {
  MIN_RELIABLE_ISOLATES, cumulativeAntibiogram, firstIsolates, percentOf, type SurveillanceIsolate, type SurveillanceResult,
} from './cumulative.ts';
import type { SirCategory } from './interpretation.ts';

const ECO = { mo: 'B_ESCHR_COLI', naziv: 'Escherichia coli' };
const KPN = { mo: 'B_KLBSL_PNMN', naziv: 'Klebsiella pneumoniae' };
const AGENTS: Record<string, { naziv: string; grupa: string }> = {
  AMP: { naziv: 'Ampicillin', grupa: 'Beta-lactams/penicillins' },
  CIP: { naziv: 'Ciprofloxacin', grupa: 'Quinolones' },
  MEM: { naziv: 'Meropenem', grupa: 'Carbapenems' },
  FOS: { naziv: 'Fosfomycin', grupa: 'Other antibacterials' },
};

function results(categories: Record<string, SirCategory | null>): SurveillanceResult[] {
  return Object.entries(categories).map(([ab, kategorija]) => ({ ab, ...AGENTS[ab]!, kategorija }));
}

let serial = 0;
function isolate(
  patientId: string, day: string, organism: { mo: string; naziv: string }, categories: Record<string, SirCategory | null>,
  extra: Partial<SurveillanceIsolate> = {},
): SurveillanceIsolate {
  serial += 1;
  return {
    patientId, takenAt: new Date(`${day}T08:00:00Z`), sampleCode: `S${String(serial).padStart(4, '0')}`, rbr: 1,
    materijal: 'Urin', organism, results: results(categories), ...extra,
  };
}

const JANUARY = { from: new Date('2026-01-01T00:00:00Z'), before: new Date('2026-02-01T00:00:00Z') };
const FEBRUARY = { from: new Date('2026-02-01T00:00:00Z'), before: new Date('2026-03-01T00:00:00Z') };

describe('first isolate per patient per period (CLSI M39)', () => {
  it('counts the same species of the same patient once in a period, the earliest one', () => {
    const later = isolate('p1', '2026-01-20', ECO, { AMP: 'R' });
    const earlier = isolate('p1', '2026-01-05', ECO, { AMP: 'S' });
    expect(firstIsolates([later, earlier])).toEqual([earlier]);
    const answer = cumulativeAntibiogram([later, earlier], JANUARY);
    expect(answer.svihIzolata).toBe(2);
    expect(answer.prvihIzolata).toBe(1);
    expect(answer.redovi).toHaveLength(1);
    // The earlier isolate (AMP S) is the one counted, whatever the later one's profile.
    expect(answer.redovi[0]!.celije).toEqual([expect.objectContaining({ ab: 'AMP', testirano: 1, s: 1, r: 0, postoS: 100 })]);
  });

  it('counts each species of one patient', () => {
    const answer = cumulativeAntibiogram([
      isolate('p1', '2026-01-05', ECO, { CIP: 'S' }), isolate('p1', '2026-01-06', KPN, { CIP: 'R' }),
    ], JANUARY);
    expect(answer.prvihIzolata).toBe(2);
    expect(answer.redovi.map((row) => [row.organizam.mo, row.izolata])).toEqual([[ECO.mo, 1], [KPN.mo, 1]]);
  });

  it('counts the same patient again in the next period', () => {
    const isolates = [isolate('p1', '2026-01-05', ECO, { CIP: 'S' }), isolate('p1', '2026-02-10', ECO, { CIP: 'R' })];
    expect(cumulativeAntibiogram(isolates, JANUARY).redovi[0]!.celije[0]).toMatchObject({ testirano: 1, s: 1 });
    expect(cumulativeAntibiogram(isolates, FEBRUARY).redovi[0]!.celije[0]).toMatchObject({ testirano: 1, r: 1 });
  });

  it('takes the first isolate regardless of specimen, unless a specimen is chosen', () => {
    const blood = isolate('p1', '2026-01-03', ECO, { CIP: 'R' }, { materijal: 'Hemokultura' });
    const urine = isolate('p1', '2026-01-08', ECO, { CIP: 'S' }, { materijal: 'Urin' });
    expect(cumulativeAntibiogram([blood, urine], JANUARY).redovi[0]!.celije[0]).toMatchObject({ testirano: 1, r: 1 });
    const urineOnly = cumulativeAntibiogram([blood, urine], { ...JANUARY, materijal: 'Urin' });
    expect(urineOnly.svihIzolata).toBe(1);
    expect(urineOnly.redovi[0]!.celije[0]).toMatchObject({ testirano: 1, s: 1 });
  });

  it('breaks a tie of the same instant by sample code, then by the isolate\'s place', () => {
    const at = '2026-01-05';
    const second = { ...isolate('p1', at, ECO, { CIP: 'R' }), sampleCode: 'B', rbr: 1 };
    const first = { ...isolate('p1', at, ECO, { CIP: 'S' }), sampleCode: 'A', rbr: 2 };
    expect(firstIsolates([second, first])).toEqual([first]);
  });
});

describe('percentages and counts', () => {
  it('counts S, I and R apart, %S of S alone and %S+I together', () => {
    const categories: SirCategory[] = ['S', 'S', 'S', 'I', 'R', 'R', 'S'];
    const answer = cumulativeAntibiogram(categories.map((category, index) => isolate(`p${index}`, '2026-01-10', ECO, { CIP: category })), JANUARY);
    expect(answer.redovi[0]!.celije[0]).toEqual({
      ab: 'CIP', testirano: 7, s: 4, i: 1, r: 2, postoS: percentOf(4, 7), postoI: percentOf(1, 7), postoR: percentOf(2, 7), postoSI: percentOf(5, 7),
    });
    expect([percentOf(4, 7), percentOf(1, 7), percentOf(2, 7), percentOf(5, 7)]).toEqual([57, 14, 29, 71]);
  });

  it('rounds half up and answers 0 for nothing tested', () => {
    expect(percentOf(1, 8)).toBe(13);
    expect(percentOf(1, 200)).toBe(1);
    expect(percentOf(0, 0)).toBe(0);
  });

  it('does not count a result without a category as tested', () => {
    const answer = cumulativeAntibiogram([
      isolate('p1', '2026-01-05', ECO, { CIP: 'S', MEM: null }), isolate('p2', '2026-01-05', ECO, { CIP: 'R', MEM: 'S' }),
    ], JANUARY);
    const cells = answer.redovi[0]!.celije;
    expect(cells.find((cell) => cell.ab === 'MEM')).toMatchObject({ testirano: 1, s: 1 });
  });

  it('shows only agents tested on at least half of the organism\'s first isolates', () => {
    const isolates = [
      isolate('p1', '2026-01-05', ECO, { CIP: 'S', FOS: 'R' }),
      isolate('p2', '2026-01-05', ECO, { CIP: 'S' }),
      isolate('p3', '2026-01-05', ECO, { CIP: 'R' }),
      isolate('p4', '2026-01-05', KPN, { CIP: 'S', FOS: 'S' }),
    ];
    const answer = cumulativeAntibiogram(isolates, JANUARY);
    const eco = answer.redovi.find((row) => row.organizam.mo === ECO.mo)!;
    const kpn = answer.redovi.find((row) => row.organizam.mo === KPN.mo)!;
    // Fosfomycin on one E. coli of three: not routine for E. coli; on the only K. pneumoniae: shown.
    expect(eco.celije.map((cell) => cell.ab)).toEqual(['CIP']);
    expect(kpn.celije.map((cell) => cell.ab)).toEqual(['FOS', 'CIP']);
    expect(answer.antibiotici.map((agent) => agent.ab)).toEqual(['FOS', 'CIP']);
  });

  it('counts an agent tested by two methods once, by the less susceptible category', () => {
    const both: SurveillanceResult[] = [
      { ab: 'CIP', ...AGENTS.CIP!, kategorija: 'S' }, { ab: 'CIP', ...AGENTS.CIP!, kategorija: 'R' },
    ];
    const answer = cumulativeAntibiogram([{ ...isolate('p1', '2026-01-05', ECO, {}), results: both }], JANUARY);
    expect(answer.redovi[0]!.celije).toEqual([expect.objectContaining({ ab: 'CIP', testirano: 1, r: 1, s: 0 })]);
  });

  it('leaves out isolates outside the period: from inclusive, before exclusive', () => {
    const answer = cumulativeAntibiogram([
      { ...isolate('p1', '2026-01-01', ECO, { CIP: 'S' }), takenAt: new Date('2026-01-01T00:00:00Z') },
      { ...isolate('p2', '2026-01-01', ECO, { CIP: 'S' }), takenAt: new Date('2026-02-01T00:00:00Z') },
    ], JANUARY);
    expect(answer.svihIzolata).toBe(1);
  });
});

describe('reliability and order', () => {
  it('marks an organism with fewer than 30 first isolates unreliable, 30 reliable', () => {
    const many = Array.from({ length: MIN_RELIABLE_ISOLATES }, (_, index) => isolate(`e${index}`, '2026-01-05', ECO, { CIP: 'S' }));
    const few = Array.from({ length: MIN_RELIABLE_ISOLATES - 1 }, (_, index) => isolate(`k${index}`, '2026-01-05', KPN, { CIP: 'S' }));
    const answer = cumulativeAntibiogram([...few, ...many], JANUARY);
    expect(answer.redovi.map((row) => [row.organizam.mo, row.izolata, row.nepouzdano])).toEqual([
      [ECO.mo, 30, false], [KPN.mo, 29, true],
    ]);
  });

  it('orders the columns by group, then name', () => {
    const answer = cumulativeAntibiogram([isolate('p1', '2026-01-05', ECO, { MEM: 'S', AMP: 'R', CIP: 'S' })], JANUARY);
    expect(answer.antibiotici.map((agent) => agent.ab)).toEqual(['AMP', 'MEM', 'CIP']);
    expect(answer.redovi[0]!.celije.map((cell) => cell.ab)).toEqual(['AMP', 'MEM', 'CIP']);
  });
});
