import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import {
  evaluateFormula,
  evaluateResultFlag,
  formatAssayValue,
  formulaComponents,
  isSpol,
  selectReferenceRange,
  type ReferenceRange,
  type Spol,
} from '@lis/domain';
import type { Database } from '../client.ts';
import { labAssays, labSections, referenceRanges, sampleTypes, settingRecords, sites, users } from '../schema.ts';
import { createTestDatabase } from '../../test/harness.ts';
import { seedDemo } from './index.ts';
import { ASSAY_SETTINGS_TYPE, seedCatalogue } from './catalogue.ts';

type AssayRow = typeof labAssays.$inferSelect;
type RangeRow = typeof referenceRanges.$inferSelect;

const YEAR = 365.25;
const toNumber = (value: string | null): number | null => (value === null ? null : Number(value));

function asDomainRange(row: RangeRow): ReferenceRange & { row: RangeRow } {
  if (row.spol !== null && !isSpol(row.spol)) throw new Error(`range ${row.id} has spol ${row.spol}`);
  return {
    row,
    spol: row.spol,
    ageMinDays: row.ageMinDays,
    ageMaxDays: row.ageMaxDays,
    trudnica: row.trudnica,
    menopauza: row.menopauza,
    low: toNumber(row.low),
    high: toNumber(row.high),
    tekst: row.tekst,
  };
}

/** A plausible result for a component: the middle of its range, or just inside a one-sided limit. */
function representativeValue(range: ReferenceRange | null): number {
  if (range?.low != null && range.high != null) return (range.low + range.high) / 2;
  if (range?.high != null) return range.high * 0.8;
  if (range?.low != null) return range.low * 1.2;
  return 1;
}

let database: Database;
let assays: AssayRow[];
let rangesByAssay: Map<string, ReturnType<typeof asDomainRange>[]>;

beforeAll(async () => {
  database = await createTestDatabase();
  assays = await database.db.select().from(labAssays).orderBy(asc(labAssays.sifra));
  const ranges = await database.db.select().from(referenceRanges);
  rangesByAssay = new Map(assays.map((assay) => [assay.id, []]));
  for (const range of ranges) rangesByAssay.get(range.labassayId)?.push(asDomainRange(range));
});

afterAll(async () => {
  await database?.close();
});

describe('demo catalogue', () => {
  it('has at least 60 assays, and every section has some', async () => {
    expect(assays.length).toBeGreaterThanOrEqual(60);
    const sections = await database.db.select().from(labSections).orderBy(asc(labSections.redoslijed));
    expect(sections.map((section) => section.naziv)).toEqual([
      'Biohemija', 'Hematologija', 'Koagulacija', 'Imunologija/Serologija', 'Urin', 'Mikrobiologija',
    ]);
    for (const section of sections) {
      const inSection = assays.filter((assay) => assay.sekcijaId === section.id);
      expect(inSection.length, section.naziv).toBeGreaterThanOrEqual(5);
      // Report order within a section: 1, 2, 3 … without gaps or repeats.
      expect(inSection.map((assay) => assay.redoslijed).sort((a, b) => a - b)).toEqual(inSection.map((_, index) => index + 1));
    }
    expect(sections.filter((section) => section.mikrobiologija).map((section) => section.sifra)).toEqual(['MIK']);
  });

  it('gives every assay a sample type, short analit, sensible decimals and a price in KM', async () => {
    const sampleTypeIds = new Set((await database.db.select().from(sampleTypes)).map((row) => row.id));
    for (const assay of assays) {
      expect(assay.analit.length, assay.sifra).toBeGreaterThan(0);
      expect(assay.analit.length, `${assay.sifra}: ${assay.analit}`).toBeLessThanOrEqual(30);
      expect(assay.naziv.length, assay.sifra).toBeGreaterThan(0);
      expect(sampleTypeIds.has(assay.sampleTypeId ?? ''), assay.sifra).toBe(true);
      expect(assay.price, assay.sifra).toMatch(/^\d{1,8}\.\d{2}$/);
      expect(Number(assay.price), assay.sifra).toBeGreaterThan(0);
      expect(assay.decimals, assay.sifra).toBeGreaterThanOrEqual(0);
      expect(assay.decimals, assay.sifra).toBeLessThanOrEqual(3);
      expect(assay.disabled, assay.sifra).toBe(false);
    }
  });

  it('names every section and assay in English and German for reports in the patient\'s language', async () => {
    const sections = await database.db.select().from(labSections);
    for (const row of [...sections, ...assays]) {
      expect(row.nazivEn.trim(), `${row.sifra} in English`).not.toBe('');
      expect(row.nazivDe.trim(), `${row.sifra} in German`).not.toBe('');
    }
    const byCode = new Map(assays.map((assay) => [assay.sifra, assay]));
    expect(byCode.get('K')).toMatchObject({ naziv: 'Kalij', nazivEn: 'Potassium', nazivDe: 'Kalium' });
    expect(byCode.get('FE')).toMatchObject({ naziv: 'Željezo', nazivEn: 'Iron', nazivDe: 'Eisen' });
  });

  it('marks microbiology assays as entered by hand', async () => {
    const [mik] = await database.db.select().from(labSections).where(eq(labSections.sifra, 'MIK'));
    const cultures = assays.filter((assay) => assay.sekcijaId === mik?.id);
    expect(cultures.length).toBeGreaterThan(0);
    for (const assay of cultures) {
      expect(assay.manual, assay.sifra).toBe(true);
      expect(assay.tip, assay.sifra).toBe('Mikrobiologija');
    }
  });

  it('gives every assay a numeric range or a text reference, and every range is well formed', () => {
    for (const assay of assays) {
      const ranges = rangesByAssay.get(assay.id) ?? [];
      expect(ranges.length, assay.sifra).toBeGreaterThan(0);
      for (const range of ranges) {
        const hasNumbers = range.low !== null || range.high !== null;
        expect(hasNumbers || (range.tekst ?? '').length > 0, assay.sifra).toBe(true);
        if (range.low !== null && range.high !== null) expect(range.low, assay.sifra).toBeLessThan(range.high);
        expect(range.ageMinDays, assay.sifra).toBeLessThanOrEqual(range.ageMaxDays);
        expect(range.ageMinDays, assay.sifra).toBeGreaterThanOrEqual(0);
        if (range.trudnica === true || range.menopauza !== null) expect(range.spol, assay.sifra).toBe('ŽENSKI');
      }
    }
  });

  it('never has two ranges of one assay that the selection could not tell apart', () => {
    // Same sex, pregnancy and menopause scope: age bands must be disjoint, or one must lie strictly inside the other.
    const nestedStrictly = (inner: ReferenceRange, outer: ReferenceRange) =>
      outer.ageMinDays <= inner.ageMinDays && inner.ageMaxDays <= outer.ageMaxDays
      && inner.ageMaxDays - inner.ageMinDays < outer.ageMaxDays - outer.ageMinDays;
    for (const assay of assays) {
      const ranges = rangesByAssay.get(assay.id) ?? [];
      for (const [index, a] of ranges.entries()) {
        for (const b of ranges.slice(index + 1)) {
          const sameScope = a.spol === b.spol && a.trudnica === b.trudnica && a.menopauza === b.menopauza;
          const overlap = a.ageMinDays <= b.ageMaxDays && b.ageMinDays <= a.ageMaxDays;
          const ambiguous = sameScope && overlap && !nestedStrictly(a, b) && !nestedStrictly(b, a);
          expect(ambiguous, `${assay.sifra}: ${JSON.stringify([a.row, b.row])}`).toBe(false);
        }
      }
    }
  });

  it('has a reference for adults of at least one sex for every assay', () => {
    for (const assay of assays) {
      const ranges = rangesByAssay.get(assay.id) ?? [];
      const forAdults = (['MUŠKI', 'ŽENSKI'] as const)
        .map((spol) => selectReferenceRange(ranges, { spol, ageDays: Math.round(45 * YEAR) }))
        .filter((range) => range !== null);
      expect(forAdults.length, assay.sifra).toBeGreaterThan(0);
    }
  });

  it('puts critical limits beyond the reference ranges', () => {
    const withLimits = assays.filter((assay) => assay.criticalLow !== null || assay.criticalHigh !== null);
    expect(withLimits.map((assay) => assay.sifra)).toEqual(expect.arrayContaining(['K', 'NA', 'GLU', 'HGB', 'PLT', 'INR']));
    for (const assay of withLimits) {
      for (const range of rangesByAssay.get(assay.id) ?? []) {
        if (assay.criticalLow !== null && range.low !== null) expect(Number(assay.criticalLow), assay.sifra).toBeLessThan(range.low);
        if (assay.criticalHigh !== null && range.high !== null) expect(Number(assay.criticalHigh), assay.sifra).toBeGreaterThan(range.high);
      }
    }
  });

  it('has calculated tests whose components exist and whose formulas evaluate', () => {
    const bySifra = new Map(assays.map((assay) => [assay.sifra, assay]));
    const byId = new Map(assays.map((assay) => [assay.id, assay]));
    const calculated = assays.filter((assay) => assay.calculated);
    expect(calculated.map((assay) => assay.sifra)).toEqual(expect.arrayContaining(['LDL', 'EGFR']));
    for (const assay of calculated) {
      expect(assay.formula, assay.sifra).not.toBeNull();
      const formula = assay.formula as string;
      const components = formulaComponents(formula);
      expect(components.length, assay.sifra).toBeGreaterThan(0);
      expect(assay.calculatedTests.map((id) => byId.get(id)?.sifra), assay.sifra).toEqual(components);
      // Representative values: the middle of each component's adult reference range.
      const values: Record<string, number> = {};
      for (const code of components) {
        const component = bySifra.get(code);
        expect(component, `${assay.sifra} reads ${code}`).toBeDefined();
        expect(component?.calculated, `${assay.sifra} reads ${code}`).toBe(false);
        const range = selectReferenceRange(rangesByAssay.get(component?.id ?? '') ?? [], { spol: 'MUŠKI', ageDays: Math.round(50 * YEAR) });
        values[code] = representativeValue(range);
      }
      for (const spol of ['MUŠKI', 'ŽENSKI'] as const) {
        const outcome = evaluateFormula(formula, values, { spol, ageDays: Math.round(50 * YEAR) });
        expect(outcome, `${assay.sifra} = ${formula} with ${JSON.stringify(values)}`).toMatchObject({ ok: true });
        if (outcome.ok) expect(formatAssayValue(outcome.value, assay.decimals)).toMatch(/^-?\d+(\.\d+)?$/);
      }
    }
  });

  it('computes the clinical formulas as a lab reports them', () => {
    const ldl = assays.find((assay) => assay.sifra === 'LDL');
    const egfr = assays.find((assay) => assay.sifra === 'EGFR');
    const ldlValue = evaluateFormula(ldl?.formula ?? '', { CHOL: 5.6, HDL: 1.2, TG: 1.54 });
    expect(ldlValue.ok && formatAssayValue(ldlValue.value, ldl?.decimals ?? 0)).toBe('3.70');
    expect(evaluateFormula(ldl?.formula ?? '', { CHOL: 7.5, HDL: 1.0, TG: 5.1 })).toMatchObject({ ok: false, reason: 'not_applicable' });
    // 88 µmol/L, man of 60: 86.6 → reported as 87.
    const egfrValue = evaluateFormula(egfr?.formula ?? '', { KREA: 88 }, { spol: 'MUŠKI', ageDays: Math.round(60.5 * YEAR) });
    expect(egfrValue.ok && formatAssayValue(egfrValue.value, egfr?.decimals ?? 0)).toBe('87');
  });

  it('flags results against the seeded ranges and limits', () => {
    const flag = (sifra: string, result: string, patient: { spol: Spol; years: number; trudnica?: boolean; menopauza?: boolean }) => {
      const assay = assays.find((item) => item.sifra === sifra);
      if (!assay) throw new Error(`no assay ${sifra}`);
      const range = selectReferenceRange(rangesByAssay.get(assay.id) ?? [], {
        spol: patient.spol, ageDays: Math.round(patient.years * YEAR), trudnica: patient.trudnica, menopauza: patient.menopauza,
      });
      return evaluateResultFlag(result, range, { criticalLow: toNumber(assay.criticalLow), criticalHigh: toNumber(assay.criticalHigh) });
    };
    expect(flag('K', '6.5', { spol: 'MUŠKI', years: 60 })).toBe('HH');
    expect(flag('K', '5,4', { spol: 'MUŠKI', years: 60 })).toBe('H');
    expect(flag('HGB', '115', { spol: 'ŽENSKI', years: 30 })).toBe('L');
    expect(flag('HGB', '115', { spol: 'ŽENSKI', years: 30, trudnica: true })).toBe('N');
    expect(flag('HGB', '115', { spol: 'MUŠKI', years: 4 })).toBe('N');
    expect(flag('CRP', '<0.6', { spol: 'ŽENSKI', years: 30 })).toBe('N');
    expect(flag('PSA', '4.0', { spol: 'MUŠKI', years: 45 })).toBe('H');
    expect(flag('PSA', '4.0', { spol: 'MUŠKI', years: 65 })).toBe('N');
    expect(flag('FSH', '40', { spol: 'ŽENSKI', years: 55 })).toBe('H');
    expect(flag('FSH', '40', { spol: 'ŽENSKI', years: 55, menopauza: true })).toBe('N');
    expect(flag('HBSAG', 'Pozitivan', { spol: 'MUŠKI', years: 40 })).toBe('A');
    expect(flag('UKUL', 'sterilna', { spol: 'ŽENSKI', years: 25 })).toBe('N');
  });

  it('gives serology and strip pads a negative/positive result, strip pads with grades, and free text where the reference is a description', async () => {
    const assays = await database.db.select().from(labAssays);
    const bySifra = new Map(assays.map((assay) => [assay.sifra, assay]));
    expect(bySifra.get('U-GLU')).toMatchObject({ vrsta: 'qualitative', opcije: ['+', '++', '+++'] });
    expect(bySifra.get('U-BOJA')).toMatchObject({ vrsta: 'text', opcije: [] });
    expect(bySifra.get('GLU')).toMatchObject({ vrsta: 'numeric', deltaKind: 'percent', deltaLimit: '50' });
    expect(bySifra.get('K')).toMatchObject({ deltaKind: 'absolute', deltaLimit: '1' });
    const qualitative = assays.filter((assay) => assay.vrsta === 'qualitative');
    expect(qualitative.some((assay) => assay.opcije.length === 0)).toBe(true);
    for (const assay of assays) {
      if (assay.vrsta !== 'qualitative') expect(assay.opcije).toEqual([]);
      if (assay.calculated) expect(assay.vrsta).toBe('numeric');
    }
  });

  it('stores the predefined comments as the assay settings', async () => {
    const rows = await database.db.select().from(settingRecords).where(eq(settingRecords.type, ASSAY_SETTINGS_TYPE));
    expect(rows).toHaveLength(1);
    const komentari = (rows[0]?.data as { komentari?: unknown }).komentari;
    expect(Array.isArray(komentari)).toBe(true);
    expect((komentari as unknown[]).length).toBeGreaterThanOrEqual(10);
    expect(komentari).toContain('Uzorak hemolitičan.');
    for (const komentar of komentari as unknown[]) expect(typeof komentar === 'string' && komentar.trim().length > 0).toBe(true);
  });

  it('changes nothing when the seed runs again', async () => {
    const snapshot = async () => ({
      sites: await database.db.select().from(sites).orderBy(asc(sites.id)),
      users: await database.db.select().from(users).orderBy(asc(users.id)),
      sections: await database.db.select().from(labSections).orderBy(asc(labSections.id)),
      sampleTypes: await database.db.select().from(sampleTypes).orderBy(asc(sampleTypes.id)),
      assays: await database.db.select().from(labAssays).orderBy(asc(labAssays.id)),
      ranges: await database.db.select().from(referenceRanges).orderBy(asc(referenceRanges.id)),
      settings: await database.db.select().from(settingRecords).orderBy(asc(settingRecords.id)),
    });
    const before = await snapshot();
    expect(await seedDemo(database.db)).toBe(false);
    await seedCatalogue(database.db);
    expect(await snapshot()).toEqual(before);
  });
});
