import { z } from 'zod';
import { addDays, fromIsoDate } from './calendar-date.ts';
import { calendarDateOf, startOfDay } from './time-zone.ts';

/** 'Svi Rezultati' (all results) in the items-per-page choice. */
export const ALL_ROWS = 0;
/** Table page size by default. */
export const DEFAULT_PER_PAGE = 10;
export const PER_PAGE_CHOICES = [10, 15, 25, 50, 100, ALL_ROWS] as const;
/** Upper bound for one page, also for 'all', so one request can never pull a million rows. */
export const MAX_ROWS = 1000;
/** Sorting by more columns than this helps nobody and only costs the database. */
export const MAX_SORT_FIELDS = 5;
/** Each word of the filter is one condition over the filter columns; more words than this is not a search. */
export const MAX_FILTER_WORDS = 10;
export const MAX_FILTER_LENGTH = 200;

export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];
export interface SortSpec {
  field: string;
  direction: SortDirection;
}

/**
 * Day presets of the dropdown beside the filter, handled for every list with a
 * date column: DANAS today, JUČER yesterday, SEDMICA the last 7 days,
 * MJESEC the last 30 days (both counting today), SVE no date limit.
 * Days are the site's calendar days.
 */
export const DATE_PRESETS = ['DANAS', 'JUČER', 'SEDMICA', 'MJESEC', 'SVE'] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];
/** Presets only the sample-processing list knows (RADNA LISTA = worklist); it defines what they select. */
export const WORKLIST_PRESETS = ['RADNA LISTA', 'Mikrobiologija'] as const;
export const DATUM_PRESETS = [...DATE_PRESETS, ...WORKLIST_PRESETS] as const;
export const DEFAULT_DATUM: DatePreset = 'DANAS';

const SORT_ITEM = /^[A-Za-z_][A-Za-z0-9_.]{0,99}\|(asc|desc)$/;

function parseSortItems(items: string[], context: z.RefinementCtx): SortSpec[] {
  const sorts: SortSpec[] = [];
  for (const item of items) {
    if (!SORT_ITEM.test(item)) {
      context.addIssue({ code: 'custom', message: 'sort must be field|asc or field|desc', path: [] });
      return z.NEVER;
    }
    const [field, direction] = item.split('|') as [string, SortDirection];
    if (sorts.some((sort) => sort.field === field)) {
      context.addIssue({ code: 'custom', message: `sort names ${field} twice`, path: [] });
      return z.NEVER;
    }
    sorts.push({ field, direction });
  }
  if (sorts.length > MAX_SORT_FIELDS) {
    context.addIssue({ code: 'custom', message: `at most ${MAX_SORT_FIELDS} sort fields`, path: [] });
    return z.NEVER;
  }
  return sorts;
}

/** `sort` arrives as `a|asc,b|desc` (one parameter, as the spec's tables send it) or as a repeated parameter. */
const sortParam = z.union([z.string().max(600), z.array(z.string().max(200)).max(MAX_SORT_FIELDS)]).optional()
  .transform((value, context) => {
    if (value === undefined || value === '') return [];
    const items = (Array.isArray(value) ? value : [value]).flatMap((item) => item.split(',')).map((item) => item.trim());
    return parseSortItems(items, context);
  });

const instantOrDay = z.union([z.iso.datetime({ offset: true }), z.iso.date()]).optional();

/** The list query every list call takes: sort, page, per_page, datum, filter, the date range and access. */
export const listQuerySchema = z.object({
  sort: sortParam,
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(0).max(MAX_ROWS).default(DEFAULT_PER_PAGE),
  datum: z.string().max(40).optional().transform((value) => (value === '' ? undefined : value)),
  filter: z.string().max(MAX_FILTER_LENGTH).optional()
    .transform((value) => value?.trim() ?? '')
    .refine((value) => filterWords(value).length <= MAX_FILTER_WORDS, `at most ${MAX_FILTER_WORDS} words`),
  dateRangeMin: instantOrDay,
  dateRangeMax: instantOrDay,
  /** Sent by the spec's tables; the server decides rights from the session, never from this. */
  access: z.coerce.number().int().min(0).max(9).optional(),
});
export type ListQuery = z.output<typeof listQuerySchema>;
export type ListQueryInput = z.input<typeof listQuerySchema>;

/** The words of the 'Pretraga' text: each must match some filter column. Repeats count once. */
export function filterWords(filter: string): string[] {
  return [...new Set(filter.trim().split(/\s+/).filter((word) => word.length > 0))];
}

/** Half-open window of instants: from <= t < before. */
export interface TimeWindow {
  from: Date;
  before: Date;
}

export function isDatePreset(value: string): value is DatePreset {
  return (DATE_PRESETS as readonly string[]).includes(value);
}

/** The window a day preset selects, in the site's days; null for SVE (no limit). */
export function datumWindow(preset: DatePreset, now: Date, timeZone: string): TimeWindow | null {
  const today = calendarDateOf(now, timeZone);
  const days = (first: number, last: number): TimeWindow => ({
    from: startOfDay(addDays(today, first), timeZone),
    before: startOfDay(addDays(today, last + 1), timeZone),
  });
  switch (preset) {
    case 'DANAS': return days(0, 0);
    case 'JUČER': return days(-1, -1);
    case 'SEDMICA': return days(-6, 0);
    case 'MJESEC': return days(-29, 0);
    case 'SVE': return null;
  }
}

export type DateRangeQuery =
  | { kind: 'none' }
  | { kind: 'invalid'; field: 'dateRangeMin' | 'dateRangeMax' }
  | { kind: 'window'; window: TimeWindow };

/**
 * dateRangeMin/dateRangeMax of a list query: both or neither, start before end.
 * A bare day means that whole day in the site's zone (min from its start, max
 * to its end); an instant is taken as it is, the max inclusive (the pickers end
 * a day at 23:59:59).
 */
export function resolveDateRange(min: string | undefined, max: string | undefined, timeZone: string): DateRangeQuery {
  if (min === undefined && max === undefined) return { kind: 'none' };
  if (min === undefined) return { kind: 'invalid', field: 'dateRangeMin' };
  if (max === undefined) return { kind: 'invalid', field: 'dateRangeMax' };
  const [minDay, maxDay] = [fromIsoDate(min), fromIsoDate(max)];
  const from = minDay ? startOfDay(minDay, timeZone) : new Date(min);
  const before = maxDay ? startOfDay(addDays(maxDay, 1), timeZone) : new Date(new Date(max).getTime() + 1);
  if (Number.isNaN(from.getTime())) return { kind: 'invalid', field: 'dateRangeMin' };
  if (Number.isNaN(before.getTime())) return { kind: 'invalid', field: 'dateRangeMax' };
  const inclusiveEnd = before.getTime() - (maxDay ? 0 : 1);
  if (from.getTime() >= inclusiveEnd) return { kind: 'invalid', field: 'dateRangeMax' };
  return { kind: 'window', window: { from, before } };
}

/** The pagination block of every list answer. */
export const paginationSchema = z.object({
  total: z.number().int(),
  per_page: z.number().int(),
  current_page: z.number().int(),
  last_page: z.number().int(),
  next_page_url: z.string().nullable(),
  prev_page_url: z.string().nullable(),
  from: z.number().int().nullable(),
  to: z.number().int().nullable(),
  /** True when there are more rows than counted: `total` is then a lower bound ("10 000+"). */
  total_capped: z.boolean().optional(),
});
export type Pagination = z.output<typeof paginationSchema>;

export interface ListAnswer<Row> {
  data: Row[];
  pagination: Pagination;
}

/** The answer of a list call: `{ success: true, data: [row], pagination }`. */
export function listAnswerSchema<Row extends z.ZodType>(row: Row) {
  return z.object({ success: z.literal(true), data: z.array(row), pagination: paginationSchema });
}

/** Rows one page holds: 'all' still stops at MAX_ROWS. */
export function pageSize(perPage: number): number {
  return perPage === ALL_ROWS ? MAX_ROWS : Math.min(perPage, MAX_ROWS);
}

/**
 * Pagination block of a list answer. A page past the end is the last page.
 * perPage 0 (all rows) is echoed as 0 but pages by MAX_ROWS.
 */
export function paginate(total: number, page: number, perPage: number, baseUrl: string, totalCapped = false): Pagination {
  const size = pageSize(perPage);
  const lastPage = Math.max(1, Math.ceil(total / size));
  const current = Math.min(Math.max(Math.trunc(page), 1), lastPage);
  const link = (target: number) => `${baseUrl}${baseUrl.includes('?') ? '&' : '?'}page=${target}`;
  return {
    total,
    per_page: perPage,
    current_page: current,
    last_page: lastPage,
    next_page_url: current < lastPage ? link(current + 1) : null,
    prev_page_url: current > 1 ? link(current - 1) : null,
    from: total === 0 ? null : (current - 1) * size + 1,
    to: total === 0 ? null : Math.min(current * size, total),
    ...(totalCapped ? { total_capped: true } : {}),
  };
}

/** Page links shown: `side` (2) each side of the current page, never past the ends. */
export function pageWindow(current: number, last: number, side = 2): number[] {
  if (last < 1) return [];
  const page = Math.min(Math.max(current, 1), last);
  const start = Math.max(1, page - side);
  const end = Math.min(last, page + side);
  return Array.from({ length: end - start + 1 }, (_, i) => start + i);
}

/**
 * Next sort state after a header click. A plain click sorts by
 * that column alone: ascending, then descending on repeat. A multi click
 * (shift) adds the column ascending, turns it descending, then removes it.
 */
export function nextSort(current: readonly SortSpec[], field: string, multi: boolean): SortSpec[] {
  const existing = current.find((item) => item.field === field);
  if (!multi) {
    return [{ field, direction: existing?.direction === 'asc' ? 'desc' : 'asc' }];
  }
  if (!existing) return [...current, { field, direction: 'asc' }];
  if (existing.direction === 'asc') return current.map((item) => (item.field === field ? { field, direction: 'desc' } : item));
  return current.filter((item) => item.field !== field);
}

/** The `sort` parameter as the tables send it: `a|asc,b|desc`. */
export function sortParamOf(sorts: readonly SortSpec[]): string {
  return sorts.map((sort) => `${sort.field}|${sort.direction}`).join(',');
}

export interface ListRequestState {
  sort: readonly SortSpec[];
  page: number;
  perPage: number;
  datum?: string | undefined;
  filter?: string | undefined;
  /** Instants sent as ISO strings. */
  dateRange?: { from: Date; to: Date } | null | undefined;
}

/** The query parameters of a list call, the counterpart of listQuerySchema (feed them to URLSearchParams). */
export function listQueryParams(state: ListRequestState, extra: Record<string, string | number | undefined> = {}): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(extra)) {
    if (value !== undefined) params[key] = String(value);
  }
  if (state.sort.length > 0) params.sort = sortParamOf(state.sort);
  params.page = String(state.page);
  params.per_page = String(state.perPage);
  if (state.datum) params.datum = state.datum;
  const filter = state.filter?.trim();
  if (filter) params.filter = filter;
  if (state.dateRange) {
    params.dateRangeMin = state.dateRange.from.toISOString();
    params.dateRangeMax = state.dateRange.to.toISOString();
  }
  return params;
}
