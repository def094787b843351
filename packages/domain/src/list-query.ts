import { z } from 'zod';

/** 'Svi Rezultati' (all results) in the items-per-page choice. */
export const ALL_ROWS = 0;
export const DEFAULT_PER_PAGE = 10;
export const PER_PAGE_CHOICES = [10, 15, 25, 50, 100, ALL_ROWS] as const;
/** Upper bound for 'all' so one request can never pull a million rows. */
export const MAX_ROWS = 1000;

export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export interface SortSpec {
  field: string;
  direction: 'asc' | 'desc';
}

const sortItem = z.string().max(100).regex(/^[A-Za-z_][A-Za-z0-9_.]*\|(asc|desc)$/, 'sort must be field|asc or field|desc');

/** Day-scoped presets of the dropdown beside the filter (DANAS = today, RADNA LISTA = worklist). */
export const DATUM_PRESETS = ['DANAS', 'JUČER', 'SEDMICA', 'MJESEC', 'SVE', 'RADNA LISTA', 'Mikrobiologija'] as const;

/** The list query contract (design.md, spec section 3 "Table query"). */
export const listQuerySchema = z.object({
  sort: z.union([sortItem, z.array(sortItem).max(5)]).optional()
    .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]))
    .transform((items) => items.map((item): SortSpec => {
      const [field, direction] = item.split('|') as [string, 'asc' | 'desc'];
      return { field, direction };
    })),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(0).max(MAX_ROWS).default(DEFAULT_PER_PAGE),
  datum: z.string().max(40).optional(),
  filter: z.string().max(200).optional().transform((value) => value?.trim() ?? ''),
  dateRangeMin: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
  dateRangeMax: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
  access: z.coerce.number().int().min(0).max(9).optional(),
});
export type ListQuery = z.output<typeof listQuerySchema>;

export interface Pagination {
  total: number;
  per_page: number;
  current_page: number;
  last_page: number;
  next_page_url: string | null;
  prev_page_url: string | null;
  from: number | null;
  to: number | null;
}

export interface ListAnswer<Row> {
  data: Row[];
  pagination: Pagination;
}

/** Pagination block of a list answer; perPage 0 means all rows on one page. */
export function paginate(total: number, page: number, perPage: number, baseUrl: string): Pagination {
  const size = perPage === ALL_ROWS ? Math.max(total, 1) : perPage;
  const lastPage = Math.max(1, Math.ceil(total / size));
  const current = Math.min(Math.max(page, 1), lastPage);
  const link = (target: number) => `${baseUrl}${baseUrl.includes('?') ? '&' : '?'}page=${target}`;
  const from = total === 0 ? null : (current - 1) * size + 1;
  const to = total === 0 ? null : Math.min(current * size, total);
  return {
    total,
    per_page: perPage,
    current_page: current,
    last_page: lastPage,
    next_page_url: current < lastPage ? link(current + 1) : null,
    prev_page_url: current > 1 ? link(current - 1) : null,
    from,
    to,
  };
}

/** Page links shown: 2 each side of the current page (spec section 9). */
export function pageWindow(current: number, last: number, side = 2): number[] {
  const start = Math.max(1, current - side);
  const end = Math.min(last, current + side);
  return Array.from({ length: end - start + 1 }, (_, i) => start + i);
}

/**
 * Next sort state after a header click. Single-sort: asc, then desc on repeat.
 * Multi-sort (shift/ctrl): add asc, then desc, then remove (spec section 4).
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
