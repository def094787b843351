/**
 * The reference-range form's rows as typed (text in every field, ages in
 * days or years) and their reading as the ranges `assays/lab/edit` takes,
 * checked with the domain's schema and range rule (gaps and overlaps of the
 * same patients), each problem at its row and field.
 */
import {
  MAX_AGE_DAYS, daysAsYears, isMessageCode, referenceRangesSchema, yearsToDays,
  type LabAssayRecord, type MessageCode, type ReferenceRangeInput, type Spol,
} from '@lis/domain';
import { withDecimalMark } from '../../lib/reference-range-text.ts';

export type TriState = '' | 'true' | 'false';
export type AgeUnit = 'days' | 'years';

export interface RangeDraft {
  key: number;
  spol: '' | Spol;
  unit: AgeUnit;
  from: string;
  to: string;
  trudnica: TriState;
  menopauza: TriState;
  low: string;
  high: string;
  criticalLow: string;
  criticalHigh: string;
  jedinica: string;
  tekst: string;
}

export type RangeField = 'age_min_days' | 'age_max_days' | 'low' | 'high' | 'critical_low' | 'critical_high' | 'jedinica' | 'tekst' | 'spol' | 'trudnica' | 'menopauza';

/** A problem of one row: the field and the message code (or null for a plain 'not valid'). */
export type RangeErrors = Record<number, Partial<Record<RangeField, MessageCode | null>>>;

let nextKey = 1;

/** A limit as the form shows it: with the language's decimal mark, as results are typed. */
function numberText(value: number | null): string {
  return value === null ? '' : withDecimalMark(String(value));
}

function triState(value: boolean | null): TriState {
  return value === null ? '' : value ? 'true' : 'false';
}

/** A stored range as a form row: in years when both ends fall on birthdays (or are open), else in days. */
export function draftOf(range: LabAssayRecord['reference'][number]): RangeDraft {
  const fromYears = range.age_min_days === 0 ? 0 : daysAsYears(range.age_min_days, 'from');
  const toYears = range.age_max_days >= MAX_AGE_DAYS ? null : daysAsYears(range.age_max_days, 'to');
  const inYears = fromYears !== null && (range.age_max_days >= MAX_AGE_DAYS || toYears !== null);
  return {
    key: nextKey++,
    spol: range.spol ?? '',
    unit: inYears ? 'years' : 'days',
    from: inYears ? String(fromYears) : String(range.age_min_days),
    to: range.age_max_days >= MAX_AGE_DAYS ? '' : inYears ? String(toYears) : String(range.age_max_days),
    trudnica: triState(range.trudnica),
    menopauza: triState(range.menopauza),
    low: numberText(range.low),
    high: numberText(range.high),
    criticalLow: numberText(range.critical_low),
    criticalHigh: numberText(range.critical_high),
    jedinica: range.jedinica ?? '',
    tekst: range.tekst ?? '',
  };
}

export function emptyDraft(): RangeDraft {
  return {
    key: nextKey++, spol: '', unit: 'years', from: '', to: '', trudnica: '', menopauza: '',
    low: '', high: '', criticalLow: '', criticalHigh: '', jedinica: '', tekst: '',
  };
}

/** A typed number ('5,4' or '5.4'); blank is null; anything else NaN, which the schema refuses at its field. */
function typedNumber(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^-?\d+([.,]\d+)?$/.test(trimmed) ? Number(trimmed.replace(',', '.')) : Number.NaN;
}

function triValue(value: TriState): boolean | null {
  return value === '' ? null : value === 'true';
}

/** Age ends in days: 'from 18 years' is the 18th birthday, 'to 18 years' the day before it; blank ends are open. */
function ageDays(draft: RangeDraft): { min: number; max: number } {
  const from = typedNumber(draft.from);
  const to = typedNumber(draft.to);
  if (draft.unit === 'days') return { min: from ?? 0, max: to ?? MAX_AGE_DAYS };
  const min = from === null ? 0 : Number.isInteger(from) ? yearsToDays(from) : Number.NaN;
  const max = to === null ? MAX_AGE_DAYS : Number.isInteger(to) ? Math.min(MAX_AGE_DAYS, yearsToDays(to) - 1) : Number.NaN;
  return { min, max };
}

/** The rows as the save call's ranges (not yet checked). */
export function rangeInputs(drafts: readonly RangeDraft[]): ReferenceRangeInput[] {
  return drafts.map((draft) => {
    const { min, max } = ageDays(draft);
    return {
      spol: draft.spol === '' ? null : draft.spol,
      age_min_days: min,
      age_max_days: max,
      trudnica: triValue(draft.trudnica),
      menopauza: triValue(draft.menopauza),
      low: typedNumber(draft.low),
      high: typedNumber(draft.high),
      critical_low: typedNumber(draft.criticalLow),
      critical_high: typedNumber(draft.criticalHigh),
      jedinica: draft.jedinica.trim() === '' ? null : draft.jedinica.trim(),
      tekst: draft.tekst.trim() === '' ? null : draft.tekst.trim(),
    };
  });
}

/** The rows checked: the ranges to save, or each problem at its row and field. */
export function checkDrafts(drafts: readonly RangeDraft[]): { ok: true; ranges: ReferenceRangeInput[] } | { ok: false; errors: RangeErrors } {
  const result = referenceRangesSchema.safeParse(rangeInputs(drafts));
  if (result.success) return { ok: true, ranges: result.data };
  const errors: RangeErrors = {};
  for (const issue of result.error.issues) {
    const [index, field] = issue.path;
    if (typeof index !== 'number' || typeof field !== 'string') continue;
    const row = (errors[index] ??= {});
    if (!(field in row)) row[field as RangeField] = isMessageCode(issue.message) && issue.message !== 'form.invalid' ? issue.message : null;
  }
  return { ok: false, errors };
}
