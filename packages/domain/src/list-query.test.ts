import { describe, expect, it } from 'vitest';
import {
  ALL_ROWS, MAX_ROWS, datumWindow, filterWords, isDatePreset, listQuerySchema, listQueryParams, nextSort, pageSize,
  pageWindow, paginate, resolveDateRange, sortParamOf, type SortSpec,
} from './list-query.ts';

const SARAJEVO = 'Europe/Sarajevo';

function parse(input: Record<string, unknown>) {
  return listQuerySchema.safeParse(input);
}

function failingField(input: Record<string, unknown>): string | undefined {
  const result = parse(input);
  if (result.success) return undefined;
  return result.error.issues[0]?.path.join('.');
}

describe('listQuerySchema', () => {
  it('gives the defaults for an empty query', () => {
    expect(listQuerySchema.parse({})).toEqual({
      sort: [], page: 1, per_page: 10, datum: undefined, filter: '', dateRangeMin: undefined, dateRangeMax: undefined, access: undefined,
    });
  });

  it('reads query-string numbers and trims the filter', () => {
    const query = listQuerySchema.parse({ page: '3', per_page: '25', filter: '  ana  ', access: '1', datum: 'SVE' });
    expect(query).toMatchObject({ page: 3, per_page: 25, filter: 'ana', access: 1, datum: 'SVE' });
  });

  it('reads sort as one comma-separated parameter or as repeated parameters', () => {
    expect(listQuerySchema.parse({ sort: 'prezime|asc,datum|desc' }).sort).toEqual([
      { field: 'prezime', direction: 'asc' }, { field: 'datum', direction: 'desc' },
    ]);
    expect(listQuerySchema.parse({ sort: ['patient.ime|desc', 'sid|asc'] }).sort).toEqual([
      { field: 'patient.ime', direction: 'desc' }, { field: 'sid', direction: 'asc' },
    ]);
    expect(listQuerySchema.parse({ sort: '' }).sort).toEqual([]);
  });

  it('names sort for a malformed, repeated or too long sort', () => {
    expect(failingField({ sort: 'prezime' })).toBe('sort');
    expect(failingField({ sort: 'prezime|up' })).toBe('sort');
    expect(failingField({ sort: 'pre zime|asc' })).toBe('sort');
    expect(failingField({ sort: "x|asc;drop table users" })).toBe('sort');
    expect(failingField({ sort: 'a|asc,a|desc' })).toBe('sort');
    expect(failingField({ sort: 'a|asc,b|asc,c|asc,d|asc,e|asc,f|asc' })).toBe('sort');
    expect(failingField({ sort: 5 })).toBe('sort');
  });

  it('names the field of bad paging input', () => {
    expect(failingField({ page: '0' })).toBe('page');
    expect(failingField({ page: 'two' })).toBe('page');
    expect(failingField({ page: '1.5' })).toBe('page');
    expect(failingField({ per_page: '-1' })).toBe('per_page');
    expect(failingField({ per_page: String(MAX_ROWS + 1) })).toBe('per_page');
    expect(listQuerySchema.parse({ per_page: String(ALL_ROWS) }).per_page).toBe(0);
  });

  it('names the field of a bad filter, datum or date', () => {
    expect(failingField({ filter: 'x'.repeat(201) })).toBe('filter');
    expect(failingField({ filter: 'a b c d e f g h i j k' })).toBe('filter');
    expect(failingField({ filter: ['a', 'b'] })).toBe('filter');
    expect(failingField({ datum: 'x'.repeat(41) })).toBe('datum');
    expect(failingField({ dateRangeMin: 'yesterday' })).toBe('dateRangeMin');
    expect(failingField({ dateRangeMax: '2024-02-30' })).toBe('dateRangeMax');
    expect(failingField({ access: 'admin' })).toBe('access');
  });

  it('accepts instants with an offset and bare days for the range', () => {
    const query = listQuerySchema.parse({ dateRangeMin: '2024-06-01T08:00:00.000Z', dateRangeMax: '2024-06-05T10:00:00+02:00' });
    expect(query.dateRangeMin).toBe('2024-06-01T08:00:00.000Z');
    expect(listQuerySchema.parse({ dateRangeMin: '2024-06-01' }).dateRangeMin).toBe('2024-06-01');
  });

  it('round-trips what listQueryParams sends', () => {
    const params = listQueryParams({
      sort: [{ field: 'prezime', direction: 'asc' }, { field: 'datum', direction: 'desc' }],
      page: 4, perPage: 25, datum: 'SEDMICA', filter: ' marko  ',
      dateRange: { from: new Date('2024-06-01T08:00:00Z'), to: new Date('2024-06-02T08:00:00Z') },
    }, { status: 'ODOBREN', skipped: undefined });
    expect(params.status).toBe('ODOBREN');
    expect('skipped' in params).toBe(false);
    const query = listQuerySchema.parse(params);
    expect(query).toMatchObject({
      sort: [{ field: 'prezime', direction: 'asc' }, { field: 'datum', direction: 'desc' }],
      page: 4, per_page: 25, datum: 'SEDMICA', filter: 'marko',
      dateRangeMin: '2024-06-01T08:00:00.000Z', dateRangeMax: '2024-06-02T08:00:00.000Z',
    });
    const bare = listQueryParams({ sort: [], page: 1, perPage: 10, filter: '   ' });
    expect(bare).toEqual({ page: '1', per_page: '10' });
  });
});

describe('filterWords', () => {
  it('splits on any whitespace and drops repeats', () => {
    expect(filterWords('  marko\tmarković  marko ')).toEqual(['marko', 'marković']);
    expect(filterWords('')).toEqual([]);
  });
});

describe('nextSort', () => {
  const none: SortSpec[] = [];

  it('cycles one column ascending then descending on repeat clicks', () => {
    const first = nextSort(none, 'prezime', false);
    expect(first).toEqual([{ field: 'prezime', direction: 'asc' }]);
    const second = nextSort(first, 'prezime', false);
    expect(second).toEqual([{ field: 'prezime', direction: 'desc' }]);
    expect(nextSort(second, 'prezime', false)).toEqual([{ field: 'prezime', direction: 'asc' }]);
  });

  it('replaces a multi-sort with the clicked column on a plain click', () => {
    const multi: SortSpec[] = [{ field: 'prezime', direction: 'desc' }, { field: 'ime', direction: 'asc' }];
    expect(nextSort(multi, 'datum', false)).toEqual([{ field: 'datum', direction: 'asc' }]);
    expect(nextSort(multi, 'ime', false)).toEqual([{ field: 'ime', direction: 'desc' }]);
    expect(nextSort(multi, 'prezime', false)).toEqual([{ field: 'prezime', direction: 'asc' }]);
  });

  it('adds a column ascending, turns it descending, then removes it on multi clicks', () => {
    let sorts = nextSort(none, 'prezime', true);
    expect(sorts).toEqual([{ field: 'prezime', direction: 'asc' }]);
    sorts = nextSort(sorts, 'ime', true);
    expect(sorts).toEqual([{ field: 'prezime', direction: 'asc' }, { field: 'ime', direction: 'asc' }]);
    sorts = nextSort(sorts, 'ime', true);
    expect(sorts).toEqual([{ field: 'prezime', direction: 'asc' }, { field: 'ime', direction: 'desc' }]);
    sorts = nextSort(sorts, 'prezime', true);
    expect(sorts).toEqual([{ field: 'prezime', direction: 'desc' }, { field: 'ime', direction: 'desc' }]);
    sorts = nextSort(sorts, 'ime', true);
    expect(sorts).toEqual([{ field: 'prezime', direction: 'desc' }]);
    sorts = nextSort(sorts, 'prezime', true);
    expect(sorts).toEqual([]);
  });

  it('does not change the state it was given', () => {
    const state: SortSpec[] = [{ field: 'a', direction: 'asc' }];
    nextSort(state, 'a', true);
    nextSort(state, 'b', true);
    expect(state).toEqual([{ field: 'a', direction: 'asc' }]);
  });

  it('writes the sort parameter in order', () => {
    expect(sortParamOf([{ field: 'a', direction: 'asc' }, { field: 'b.c', direction: 'desc' }])).toBe('a|asc,b.c|desc');
    expect(sortParamOf([])).toBe('');
  });
});

describe('paginate', () => {
  it('describes a middle page', () => {
    expect(paginate(95, 3, 10, '/api/list?datum=SVE')).toEqual({
      total: 95, per_page: 10, current_page: 3, last_page: 10,
      next_page_url: '/api/list?datum=SVE&page=4', prev_page_url: '/api/list?datum=SVE&page=2', from: 21, to: 30,
    });
  });

  it('describes the first and the last page', () => {
    const first = paginate(95, 1, 10, '/api/list');
    expect(first).toMatchObject({ current_page: 1, prev_page_url: null, next_page_url: '/api/list?page=2', from: 1, to: 10 });
    const last = paginate(95, 10, 10, '/api/list');
    expect(last).toMatchObject({ current_page: 10, next_page_url: null, from: 91, to: 95 });
  });

  it('gives an exact multiple no extra page', () => {
    expect(paginate(100, 10, 10, '/l')).toMatchObject({ last_page: 10, from: 91, to: 100, next_page_url: null });
  });

  it('answers an empty list with one page and no rows', () => {
    expect(paginate(0, 1, 10, '/l')).toEqual({
      total: 0, per_page: 10, current_page: 1, last_page: 1, next_page_url: null, prev_page_url: null, from: null, to: null,
    });
  });

  it('turns a page past the end into the last page', () => {
    expect(paginate(25, 7, 10, '/l')).toMatchObject({ current_page: 3, from: 21, to: 25 });
  });

  it('shows all rows on one page, pages of MAX_ROWS beyond that', () => {
    expect(paginate(42, 1, ALL_ROWS, '/l')).toMatchObject({ per_page: 0, last_page: 1, from: 1, to: 42, next_page_url: null });
    expect(paginate(2500, 2, ALL_ROWS, '/l')).toMatchObject({ last_page: 3, from: 1001, to: 2000 });
    expect(pageSize(ALL_ROWS)).toBe(MAX_ROWS);
    expect(pageSize(25)).toBe(25);
  });
});

describe('pageWindow', () => {
  it('shows two links each side of the current page', () => {
    expect(pageWindow(5, 10)).toEqual([3, 4, 5, 6, 7]);
  });

  it('stops at the ends', () => {
    expect(pageWindow(1, 10)).toEqual([1, 2, 3]);
    expect(pageWindow(2, 10)).toEqual([1, 2, 3, 4]);
    expect(pageWindow(10, 10)).toEqual([8, 9, 10]);
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
  });

  it('keeps a current page outside the pages inside them', () => {
    expect(pageWindow(12, 10)).toEqual([8, 9, 10]);
    expect(pageWindow(0, 4)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 0)).toEqual([]);
  });

  it('takes another number of side links', () => {
    expect(pageWindow(5, 10, 1)).toEqual([4, 5, 6]);
  });
});

describe('datumWindow', () => {
  // 10 June 2024 00:30 in Sarajevo is still 9 June in UTC.
  const now = new Date('2024-06-09T22:30:00Z');

  it('selects today and yesterday in the site zone', () => {
    expect(datumWindow('DANAS', now, SARAJEVO)).toEqual({
      from: new Date('2024-06-09T22:00:00Z'), before: new Date('2024-06-10T22:00:00Z'),
    });
    expect(datumWindow('JUČER', now, SARAJEVO)).toEqual({
      from: new Date('2024-06-08T22:00:00Z'), before: new Date('2024-06-09T22:00:00Z'),
    });
    expect(datumWindow('DANAS', now, 'UTC')).toEqual({
      from: new Date('2024-06-09T00:00:00Z'), before: new Date('2024-06-10T00:00:00Z'),
    });
  });

  it('selects the last 7 and 30 days counting today', () => {
    expect(datumWindow('SEDMICA', now, SARAJEVO)).toEqual({
      from: new Date('2024-06-03T22:00:00Z'), before: new Date('2024-06-10T22:00:00Z'),
    });
    expect(datumWindow('MJESEC', now, SARAJEVO)).toEqual({
      from: new Date('2024-05-11T22:00:00Z'), before: new Date('2024-06-10T22:00:00Z'),
    });
  });

  it('has no limit for SVE', () => {
    expect(datumWindow('SVE', now, SARAJEVO)).toBeNull();
  });

  it('knows the standard presets only', () => {
    expect(isDatePreset('DANAS')).toBe(true);
    expect(isDatePreset('RADNA LISTA')).toBe(false);
    expect(isDatePreset('danas')).toBe(false);
  });
});

describe('resolveDateRange', () => {
  it('is none without either end', () => {
    expect(resolveDateRange(undefined, undefined, SARAJEVO)).toEqual({ kind: 'none' });
  });

  it('needs both ends', () => {
    expect(resolveDateRange('2024-06-01', undefined, SARAJEVO)).toEqual({ kind: 'invalid', field: 'dateRangeMax' });
    expect(resolveDateRange(undefined, '2024-06-01', SARAJEVO)).toEqual({ kind: 'invalid', field: 'dateRangeMin' });
  });

  it('takes bare days as whole days of the site', () => {
    expect(resolveDateRange('2024-06-01', '2024-06-01', SARAJEVO)).toEqual({
      kind: 'window', window: { from: new Date('2024-05-31T22:00:00Z'), before: new Date('2024-06-01T22:00:00Z') },
    });
  });

  it('takes instants as they are, the end inclusive', () => {
    expect(resolveDateRange('2024-06-01T08:00:00Z', '2024-06-01T09:00:00Z', SARAJEVO)).toEqual({
      kind: 'window', window: { from: new Date('2024-06-01T08:00:00Z'), before: new Date('2024-06-01T09:00:00.001Z') },
    });
  });

  it('refuses an end not after the start', () => {
    expect(resolveDateRange('2024-06-01T08:00:00Z', '2024-06-01T08:00:00Z', SARAJEVO)).toEqual({ kind: 'invalid', field: 'dateRangeMax' });
    expect(resolveDateRange('2024-06-02', '2024-06-01', SARAJEVO)).toEqual({ kind: 'invalid', field: 'dateRangeMax' });
    expect(resolveDateRange('2024-06-02T00:00:00+02:00', '2024-06-01', SARAJEVO)).toEqual({ kind: 'invalid', field: 'dateRangeMax' });
  });
});
