/**
 * What a list table asks the server for, and how each user action changes it:
 * any sort, filter, items-per-page, day preset or date
 * range change goes back to page 1; choosing a day preset drops the range.
 */
import { nextSort, type DateRange, type SortSpec } from '@lis/domain';

export interface ListState {
  sort: SortSpec[];
  page: number;
  perPage: number;
  datum: string | undefined;
  /** The filter the server gets (trimmed); what is being typed lives in the input until it is applied. */
  filter: string;
  dateRange: DateRange | null;
}

export type ListAction =
  | { type: 'sort'; field: string; multi: boolean }
  | { type: 'page'; page: number }
  | { type: 'perPage'; perPage: number }
  | { type: 'datum'; datum: string }
  | { type: 'filter'; filter: string }
  | { type: 'dateRange'; dateRange: DateRange | null };

export function listReducer(state: ListState, action: ListAction): ListState {
  switch (action.type) {
    case 'sort':
      return { ...state, sort: nextSort(state.sort, action.field, action.multi), page: 1 };
    case 'page':
      return action.page === state.page ? state : { ...state, page: Math.max(1, Math.trunc(action.page)) };
    case 'perPage':
      return { ...state, perPage: action.perPage, page: 1 };
    case 'datum':
      return { ...state, datum: action.datum, dateRange: null, page: 1 };
    case 'filter': {
      const filter = action.filter.trim();
      return filter === state.filter ? state : { ...state, filter, page: 1 };
    }
    case 'dateRange':
      return { ...state, dateRange: action.dateRange, page: 1 };
  }
}
