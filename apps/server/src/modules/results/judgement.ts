import {
  type DeltaLimit, type FlagReference, type FormulaPatient, type ReferencePatient, type ReferenceRange, type ResultFlag,
  type SampleStatus, calendarDateOf, canonicalResultText, evaluateResultFlag, isSampleStatus, isSpol, patientAge, sameResultText,
  selectReferenceRange,
} from '@lis/domain';
import type { Db } from '../../db/client.ts';
import type { ReferenceSnapshot } from '../../db/columns.ts';
import { patientById, patientsByIds, type PatientRecord } from '../patients/service.ts';
import { siteTimeZone } from '../sites/service.ts';
import type { RangeRow, ResultSampleRow, ResultTestRow } from './repository.ts';

// How a sample's results are judged for its patient: the patient's facts at the sample date, the reference
// range that applies, the flag, and the stored values read as the domain's types. Used by the result
// screen's answer, the save (stored flags) and the verification (critical values), so all three agree.

/** Who the results are of: sex, age in days on the day the sample was taken, and the sample's pregnancy and menopause. */
export interface PatientFacts {
  patient: PatientRecord;
  reference: ReferencePatient;
  formula: FormulaPatient;
}

type FactsSample = Pick<ResultSampleRow, 'patientId' | 'datum' | 'trudnica' | 'menopauza'>;

function factsOf(patient: PatientRecord, timeZone: string, sample: FactsSample): PatientFacts {
  const spol = isSpol(patient.spol) ? patient.spol : null;
  const ageDays = patientAge(patient, calendarDateOf(sample.datum, timeZone))?.days ?? null;
  return {
    patient,
    reference: { spol, ageDays, trudnica: sample.trudnica, menopauza: sample.menopauza },
    formula: { spol, ageDays },
  };
}

export async function patientFacts(db: Db, siteId: string, sample: FactsSample): Promise<PatientFacts> {
  const [patient, timeZone] = await Promise.all([patientById(db, sample.patientId), siteTimeZone(db, siteId)]);
  if (!patient) throw new Error('sample without its patient');
  return factsOf(patient, timeZone, sample);
}

/** The facts of several samples of one site, by sample id: their patients in one read, the site's time zone once. */
export async function patientFactsOfSamples(
  db: Db, siteId: string, samples: readonly (FactsSample & { id: string })[],
): Promise<Map<string, PatientFacts>> {
  if (samples.length === 0) return new Map();
  // One after the other: inside a transaction both go over one connection anyway.
  const patients = await patientsByIds(db, samples.map((sample) => sample.patientId));
  const timeZone = await siteTimeZone(db, siteId);
  return new Map(samples.map((sample) => {
    const patient = patients.get(sample.patientId);
    if (!patient) throw new Error('sample without its patient');
    return [sample.id, factsOf(patient, timeZone, sample)];
  }));
}

/** A stored numeric column (text) as a number; null stays null. */
function numberOf(value: string | null): number | null {
  if (value === null) return null;
  const number = Number(value);
  if (!Number.isFinite(number)) throw new Error(`numeric column is not a number: ${value}`);
  return number;
}

type StoredRange = ReferenceRange & FlagReference & {
  /** Exact numeric text of the limits, as the copy onto the test keeps them. */
  lowText: string | null;
  highText: string | null;
  criticalLowText: string | null;
  criticalHighText: string | null;
  jedinica: string | null;
};

function rangeOf(row: RangeRow): StoredRange {
  return {
    lowText: row.low,
    highText: row.high,
    criticalLowText: row.criticalLow,
    criticalHighText: row.criticalHigh,
    jedinica: row.jedinica,
    spol: isSpol(row.spol) ? row.spol : null,
    ageMinDays: row.ageMinDays,
    ageMaxDays: row.ageMaxDays,
    trudnica: row.trudnica,
    menopauza: row.menopauza,
    low: numberOf(row.low),
    high: numberOf(row.high),
    tekst: row.tekst,
  };
}

/** The assays' reference ranges, by assay, read once per call. */
export function rangesByAssay(rows: readonly RangeRow[]): Map<string, StoredRange[]> {
  const byAssay = new Map<string, StoredRange[]>();
  for (const row of rows) {
    const list = byAssay.get(row.labassayId) ?? [];
    list.push(rangeOf(row));
    byAssay.set(row.labassayId, list);
  }
  return byAssay;
}

export interface Judgement {
  /** The reference the result is judged by (limits, text, unit, critical limits), or null when no range applies. */
  range: FlagReference | null;
  /** The critical limits the result is judged by (null where there is none). */
  critical: { low: number | null; high: number | null };
  /** The flag of the result (N within range), or null without a result or when it cannot be judged. */
  flag: ResultFlag | null;
  /** What is copied onto the test: the range and critical limits used, with the unit (the copy itself once frozen). */
  snapshot: ReferenceSnapshot;
}

type JudgedTest = Pick<ResultTestRow, 'labassayId' | 'criticalLow' | 'criticalHigh' | 'jedinica' | 'referenca'>;

/**
 * Whether a test keeps the reference copied onto it rather than the catalogue's (judge's `frozen`): once its
 * sample has been verified, or once the autoverification released it with its section on a partial report.
 */
export function keepsItsReference(sample: { verifiedOnce: boolean }, test: { releasedAt: Date | null }): boolean {
  return sample.verifiedOnce || test.releasedAt !== null;
}

/**
 * The reference of a test for this patient and the flag of `rezultat` against it. While `frozen` (the sample
 * has been verified at least once, or the test released: keepsItsReference) a test that carries a copy of its reference is judged by that copy, so a
 * later change of the catalogue never alters a verified report; otherwise by the catalogue: the range that
 * applies to the patient, its critical limits or else the assay's, its unit or else the assay's.
 */
export function judge(
  test: JudgedTest,
  rezultat: string | null,
  ranges: ReadonlyMap<string, readonly StoredRange[]>,
  facts: PatientFacts,
  frozen = false,
): Judgement {
  const snapshot = frozen && test.referenca ? test.referenca : catalogueSnapshot(test, selectReferenceRange(ranges.get(test.labassayId) ?? [], facts.reference));
  const hasRange = snapshot.low !== null || snapshot.high !== null || snapshot.tekst !== null;
  const range: FlagReference | null = hasRange ? { low: numberOf(snapshot.low), high: numberOf(snapshot.high), tekst: snapshot.tekst } : null;
  const critical = { low: numberOf(snapshot.criticalLow), high: numberOf(snapshot.criticalHigh) };
  if (rezultat === null) return { range, critical, flag: null, snapshot };
  const flag = evaluateResultFlag(rezultat, range, { criticalLow: critical.low, criticalHigh: critical.high });
  return { range, critical, flag, snapshot };
}

function catalogueSnapshot(test: JudgedTest, range: StoredRange | null): ReferenceSnapshot {
  return {
    low: range?.lowText ?? null,
    high: range?.highText ?? null,
    tekst: range?.tekst ?? null,
    jedinica: range?.jedinica ?? test.jedinica,
    criticalLow: range?.criticalLowText ?? test.criticalLow,
    criticalHigh: range?.criticalHighText ?? test.criticalHigh,
  };
}

/** Whether two copies of a reference say the same (field by field: jsonb does not keep the order of keys). */
export function sameSnapshot(a: ReferenceSnapshot | null, b: ReferenceSnapshot | null): boolean {
  if (a === null || b === null) return a === b;
  return a.low === b.low && a.high === b.high && a.tekst === b.tekst && a.jedinica === b.jedinica
    && a.criticalLow === b.criticalLow && a.criticalHigh === b.criticalHigh;
}

/** The assay's delta limit, or null when it has none. */
export function deltaLimitOf(test: Pick<ResultTestRow, 'deltaKind' | 'deltaLimit'>): DeltaLimit | null {
  const value = numberOf(test.deltaLimit);
  if (value === null) return null;
  if (test.deltaKind === 'absolute' || test.deltaKind === 'percent') return { kind: test.deltaKind, value };
  throw new Error(`unknown delta kind in the catalogue: ${String(test.deltaKind)}`);
}

// Stored values the domain does not know are a broken database, not bad input: these throw a plain Error (a 500).

export function statusOf(value: string): SampleStatus {
  if (!isSampleStatus(value)) throw new Error(`unknown sample status in the database: ${value}`);
  return value;
}


/**
 * The result to store for a typed or sent value. A blank text is no result: saving '' or spaces clears the
 * value. A number is stored with a decimal point, its digits as typed ('5,20' -> '5.20', canonicalResultText),
 * whichever mark was typed; other text exactly as sent. A value that reads as the stored one ('5,2' over a
 * '5,2' stored before this rule) keeps the stored text, so re-saving old data is no change and no audit row.
 */
export function storedText(rezultat: string | null, stored: string | null = null): string | null {
  if (rezultat === null || rezultat.trim() === '') return null;
  if (stored !== null && sameResultText(rezultat, stored)) return stored;
  return canonicalResultText(rezultat);
}

/** Who entered a result: the user's display name, or the source (an analyser, 'formula'); null before any result. */
export function enteredBy(test: Pick<ResultTestRow, 'unioIme' | 'unioPrezime' | 'unioSource'>): string | null {
  if (test.unioIme !== null || test.unioPrezime !== null) return `${test.unioIme ?? ''} ${test.unioPrezime ?? ''}`.trim();
  return test.unioSource;
}
