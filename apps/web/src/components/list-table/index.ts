export {
  ListTable, invalidateList, listQueryKey, FILTER_DEBOUNCE_MS, type ListAsideView, type ListColumn, type ListRowAction, type ListTableProps,
} from './ListTable.tsx';
export { ListFetcherContext, apiListFetcher, useListFetcher, type ListCall, type ListFetcher } from './fetcher.ts';
export {
  PATIENT_SELECTED_EVENT, clearStoredFilter, emitPatientSelected, onPatientSelected, readStoredFilter, type PatientSelected,
} from './stored-filter.ts';
export { datumLabelKey, listTableMessages } from './messages.ts';
