/**
 * The state and the data of one list table: sort, page, items per page, day
 * preset, date range and the 'Pretraga' filter (typed text sent after a pause,
 * stored per list, filled by a patient-selected event), the list call through
 * TanStack Query, and the last answer kept on screen while the next loads or
 * after a failed load.
 */
import { useEffect, useReducer, useRef, useState, type Dispatch } from 'react';
import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import { ALL_ROWS, DATE_PRESETS, DEFAULT_DATUM, DEFAULT_PER_PAGE, listQueryParams, paginate, type ListAnswer, type Pagination } from '@lis/domain';
import { useListFetcher, type ListCall } from './fetcher.ts';
import { listReducer, type ListAction, type ListState } from './list-state.ts';
import { onPatientSelected, patientFilter, readStoredFilter, writeStoredFilter } from './stored-filter.ts';
import type { ListTableProps } from './types.ts';

/** Typing pauses this long before the filter goes to the server; Enter sends it at once. */
export const FILTER_DEBOUNCE_MS = 300;

/** The query key prefix of a list: `invalidateList(queryClient, sampleContracts.list)` reloads it after a write. */
export function listQueryKey(list: Pick<ListCall, 'path'>): readonly unknown[] {
  return ['list', list.path];
}

export function invalidateList(queryClient: QueryClient, list: Pick<ListCall, 'path'>): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: listQueryKey(list) });
}

/** A list answer as the server should send it; a missing pagination block is warned about and rebuilt. */
function checkedAnswer(answer: ListAnswer<unknown>, url: string): ListAnswer<unknown> {
  if (!answer || !Array.isArray(answer.data)) throw new Error(`list ${url} answered without data`);
  if (answer.pagination && typeof answer.pagination.total === 'number') return answer;
  console.warn(`list ${url} answered without pagination`);
  return { data: answer.data, pagination: paginate(answer.data.length, 1, ALL_ROWS, url) };
}

export interface ListQueryView<Row> {
  state: ListState;
  dispatch: Dispatch<ListAction>;
  /** What the filter box shows; it reaches `state.filter` after the pause or on Enter. */
  filterText: string;
  setFilterText: (text: string) => void;
  /** Sends the filter at once (Enter, the clear button). */
  applyFilter: (text: string) => void;
  rows: Row[];
  pagination: Pagination | undefined;
  /** A call is under way (the thin progress bar). */
  loading: boolean;
  /** Nothing has arrived yet (skeleton rows). */
  firstLoad: boolean;
}

type ListQueryOptions<Row> = Pick<ListTableProps<Row>,
  'list' | 'params' | 'datumPresets' | 'defaultDatum' | 'defaultSort' | 'defaultPerPage' | 'storageKey' | 'filter'
  | 'followPatientSelected' | 'refreshSignal'>;

export function useListQuery<Row>(options: ListQueryOptions<Row>): ListQueryView<Row> {
  const {
    list, params, datumPresets = DATE_PRESETS, defaultDatum = DEFAULT_DATUM, defaultSort = [], defaultPerPage = DEFAULT_PER_PAGE,
    followPatientSelected = true,
  } = options;
  const fetcher = useListFetcher();
  const url = list.path;
  const listKey = options.storageKey ?? url;

  const [state, dispatch] = useReducer(listReducer, undefined, (): ListState => ({
    sort: [...defaultSort],
    page: 1,
    perPage: defaultPerPage,
    datum: datumPresets.length > 0 ? defaultDatum : undefined,
    filter: (options.filter ?? readStoredFilter(listKey)).trim(),
    dateRange: null,
  }));
  const [filterText, setFilterText] = useState(state.filter);

  // A new `filter` from outside replaces the text, like a patient-selected event does.
  const [filterProp, setFilterProp] = useState(options.filter);
  if (options.filter !== filterProp) {
    setFilterProp(options.filter);
    if (options.filter !== undefined) {
      setFilterText(options.filter);
      dispatch({ type: 'filter', filter: options.filter });
    }
  }

  const applyFilter = (value: string) => dispatch({ type: 'filter', filter: value });

  useEffect(() => {
    if (filterText.trim() === state.filter) return undefined;
    const timer = setTimeout(() => dispatch({ type: 'filter', filter: filterText }), FILTER_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [filterText, state.filter]);

  useEffect(() => {
    writeStoredFilter(listKey, state.filter);
  }, [listKey, state.filter]);

  useEffect(() => {
    if (!followPatientSelected) return undefined;
    return onPatientSelected((patient) => {
      const filter = patientFilter(patient);
      setFilterText(filter);
      dispatch({ type: 'filter', filter });
    });
  }, [followPatientSelected]);

  const search = new URLSearchParams(listQueryParams(state, params)).toString();
  const query = useQuery({
    queryKey: [...listQueryKey(list), search],
    queryFn: async ({ signal }) => checkedAnswer(await fetcher(list, new URLSearchParams(search), signal), url),
    placeholderData: keepPreviousData,
    retry: false,
  });

  useEffect(() => {
    // A failed load is only logged; the rows already shown stay.
    if (query.error) console.error(`list ${url} failed to load`, query.error);
  }, [query.error, url]);

  const refetch = query.refetch;
  const seenSignal = useRef(options.refreshSignal);
  useEffect(() => {
    if (Object.is(seenSignal.current, options.refreshSignal)) return;
    seenSignal.current = options.refreshSignal;
    void refetch();
  }, [options.refreshSignal, refetch]);

  // The last answer that arrived stays on screen while the next loads, and after a failed load.
  const [lastAnswer, setLastAnswer] = useState<ListAnswer<unknown> | undefined>(undefined);
  if (query.data && query.data !== lastAnswer) setLastAnswer(query.data);
  const answer = (query.data ?? lastAnswer) as ListAnswer<Row> | undefined;

  return {
    state, dispatch, filterText, setFilterText, applyFilter,
    rows: answer?.data ?? [],
    pagination: answer?.pagination,
    loading: query.isFetching,
    firstLoad: !answer && query.isPending,
  };
}
