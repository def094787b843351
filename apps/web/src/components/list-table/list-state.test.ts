import { describe, expect, it } from 'vitest';
import { listReducer, type ListState } from './list-state.ts';

const start: ListState = { sort: [], page: 4, perPage: 10, datum: 'DANAS', filter: 'ana', dateRange: null };
const range = { from: new Date('2024-06-01T08:00:00Z'), to: new Date('2024-06-02T08:00:00Z') };

describe('listReducer', () => {
  it('sorts with the spec cycle and goes to page 1', () => {
    const sorted = listReducer(start, { type: 'sort', field: 'prezime', multi: false });
    expect(sorted).toMatchObject({ sort: [{ field: 'prezime', direction: 'asc' }], page: 1 });
    const multi = listReducer(sorted, { type: 'sort', field: 'ime', multi: true });
    expect(multi.sort).toEqual([{ field: 'prezime', direction: 'asc' }, { field: 'ime', direction: 'asc' }]);
  });

  it('goes to page 1 when items per page, day preset, filter or range change', () => {
    expect(listReducer(start, { type: 'perPage', perPage: 25 })).toMatchObject({ perPage: 25, page: 1 });
    expect(listReducer(start, { type: 'datum', datum: 'SVE' })).toMatchObject({ datum: 'SVE', page: 1 });
    expect(listReducer(start, { type: 'filter', filter: ' marko ' })).toMatchObject({ filter: 'marko', page: 1 });
    expect(listReducer(start, { type: 'dateRange', dateRange: range })).toMatchObject({ dateRange: range, page: 1 });
  });

  it('keeps the page when the applied filter does not change', () => {
    expect(listReducer(start, { type: 'filter', filter: 'ana  ' })).toBe(start);
  });

  it('drops the date range when a day preset is chosen', () => {
    const withRange = listReducer(start, { type: 'dateRange', dateRange: range });
    expect(listReducer(withRange, { type: 'datum', datum: 'JUČER' }).dateRange).toBeNull();
  });

  it('moves between pages without touching the rest', () => {
    expect(listReducer(start, { type: 'page', page: 7 })).toEqual({ ...start, page: 7 });
    expect(listReducer(start, { type: 'page', page: 4 })).toBe(start);
    expect(listReducer(start, { type: 'page', page: 0 }).page).toBe(1);
  });
});
