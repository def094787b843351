import { foldForSearch } from '@lis/domain';
import type { InstantRange, InstantRangeOfDate, Page } from './repository.ts';
import { FhirError } from './outcome.ts';

// FHIR search parameters as the API reads them (https://hl7.org/fhir/R4/search.html): each parameter may be
// repeated (AND), a value may list alternatives with commas (OR), dates take the prefixes eq, ge, gt, le, lt.
// A parameter the resource does not support, or a value that does not parse, is refused naming the parameter.

export const DEFAULT_COUNT = 20;
/** The largest page a search answers, whatever _count asks. */
export const MAX_COUNT = 100;

/** The parameters every search takes beside the resource's own. */
const COMMON = ['_count', '_offset', '_id', '_lastUpdated', '_format', '_total'] as const;

export type RawQuery = Record<string, string | string[] | undefined>;

/** The values of each parameter, repeated ones in order; a parameter not supported is refused. */
export function readParameters(query: RawQuery, supported: readonly string[]): Map<string, string[]> {
  const allowed = new Set<string>([...COMMON, ...supported]);
  const parameters = new Map<string, string[]>();
  for (const [name, raw] of Object.entries(query)) {
    if (raw === undefined) continue;
    if (!allowed.has(name)) throw FhirError.invalid(`Unsupported search parameter: ${name}`, name);
    const values = [raw].flat();
    for (const value of values) {
      if (value.length > 500) throw FhirError.invalid(`The value of ${name} is too long`, name);
    }
    parameters.set(name, values);
  }
  return parameters;
}

/** _count capped at MAX_COUNT and _offset from 0. */
export function pageOf(parameters: Map<string, string[]>): Page {
  const number = (name: string, fallback: number, min: number, max: number): number => {
    const value = parameters.get(name)?.at(-1);
    if (value === undefined) return fallback;
    if (!/^\d{1,9}$/.test(value)) throw FhirError.invalid(`${name} must be a whole number`, name);
    return Math.max(min, Math.min(max, Number(value)));
  };
  return { count: number('_count', DEFAULT_COUNT, 0, MAX_COUNT), offset: number('_offset', 0, 0, 1_000_000) };
}

/** Every comma-separated alternative of every occurrence (the occurrences are ANDed, which for ids means all must match). */
export function alternatives(parameters: Map<string, string[]>, name: string): string[][] | undefined {
  const values = parameters.get(name);
  if (values === undefined) return undefined;
  return values.map((value) => value.split(',').map((item) => item.trim()).filter((item) => item !== ''));
}

/** Ids named by every occurrence of the parameter: their intersection (an id parameter repeated must match each). */
export function idsOf(parameters: Map<string, string[]>, name: string, resourceType?: string): string[] | undefined {
  const sets = alternatives(parameters, name);
  if (sets === undefined) return undefined;
  const bare = sets.map((set) => set.map((value) => {
    if (resourceType === undefined) return value;
    const slash = value.indexOf('/');
    if (slash === -1) return value;
    const type = value.slice(0, slash);
    if (type !== resourceType) throw FhirError.invalid(`${name} must reference a ${resourceType}`, name);
    return value.slice(slash + 1);
  }));
  return bare.reduce((kept, set) => kept.filter((id) => set.includes(id)));
}

const DATE_VALUE = /^(eq|ge|gt|le|lt)?(\d{4})(?:-(\d{2})(?:-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?(Z|[+-]\d{2}:\d{2}))?)?)?$/;

/** The instant range one date value covers ([start, end) of its precision) and what its prefix keeps of it. */
function rangeOf(value: string, name: string): InstantRange {
  const match = DATE_VALUE.exec(value);
  if (!match) throw FhirError.invalid(`${name} must be a date (YYYY, YYYY-MM, YYYY-MM-DD or a date-time with its zone), optionally prefixed eq, ge, gt, le or lt`, name);
  const [, prefix = 'eq', year, month, day, hour, minute, second, millis, zone] = match;
  let start: Date;
  let end: Date;
  if (hour !== undefined) {
    const text = `${year}-${month}-${day}T${hour}:${minute}:${second ?? '00'}.${(millis ?? '0').padEnd(3, '0')}${zone === 'Z' ? 'Z' : zone}`;
    start = new Date(text);
    const step = millis !== undefined ? 1 : second !== undefined ? 1000 : 60_000;
    end = new Date(start.getTime() + step);
  } else {
    const y = Number(year);
    const m = month === undefined ? 0 : Number(month) - 1;
    const d = day === undefined ? 1 : Number(day);
    start = new Date(Date.UTC(y, m, d));
    end = day !== undefined ? new Date(Date.UTC(y, m, d + 1)) : month !== undefined ? new Date(Date.UTC(y, m + 1, 1)) : new Date(Date.UTC(y + 1, 0, 1));
    if (month !== undefined && (m > 11 || start.getUTCMonth() !== m || (day !== undefined && start.getUTCDate() !== d))) {
      throw FhirError.invalid(`${name} is not a calendar date`, name);
    }
  }
  if (Number.isNaN(start.getTime())) throw FhirError.invalid(`${name} is not a valid date`, name);
  switch (prefix) {
    case 'ge': return { from: start };
    case 'gt': return { from: end };
    case 'le': return { to: end };
    case 'lt': return { to: start };
    default: return { from: start, to: end };
  }
}

/** Every occurrence of a date parameter as a range (ANDed); a comma list in a date is refused. */
export function datesOf(parameters: Map<string, string[]>, name: string): InstantRange[] | undefined {
  const values = parameters.get(name);
  if (values === undefined) return undefined;
  return values.map((value) => {
    if (value.includes(',')) throw FhirError.invalid(`${name} takes one date per occurrence; repeat the parameter for a range`, name);
    return rangeOf(value, name);
  });
}

/** Birth dates compare as calendar dates: the instant range turned into ISO dates. */
export function calendarDatesOf(parameters: Map<string, string[]>, name: string): InstantRangeOfDate[] | undefined {
  return datesOf(parameters, name)?.map((range) => ({
    ...(range.from ? { from: range.from.toISOString().slice(0, 10) } : {}),
    ...(range.to ? { to: range.to.toISOString().slice(0, 10) } : {}),
  }));
}

/** Name words as the patients' search columns hold them (no case, no diacritics). */
export function namesOf(parameters: Map<string, string[]>): string[] | undefined {
  const values = parameters.get('name');
  if (values === undefined) return undefined;
  return values.map((value) => foldForSearch(value.trim()).toLowerCase().replace(/[%_\\]/g, ''));
}

/** The one token of each occurrence (statuses): the union of a comma list, intersected across occurrences. */
export function tokensOf(parameters: Map<string, string[]>, name: string, known: readonly string[]): string[] | undefined {
  const sets = alternatives(parameters, name);
  if (sets === undefined) return undefined;
  for (const value of sets.flat()) {
    if (!known.includes(value)) throw FhirError.invalid(`${name} must be one of ${known.join(', ')}`, name);
  }
  return sets.reduce((kept, set) => kept.filter((token) => set.includes(token)));
}
