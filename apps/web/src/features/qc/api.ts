/** The quality-control calls, typed by their contracts in @lis/domain (qc/contracts.ts). */
import type {
  AssayRulesAnswer, ChartAnswer, ControlAnswer, ControlDefinitionAnswer, ControlElement, ControlEntryBody, ControlRow, EntryRun, HoldsAnswer, LabAssayListRow,
  MonthlyAnswer, WestgardRule,
} from '@lis/domain';
import { api } from '../../api/client.ts';

export type {
  AssayRulesAnswer as AssayRules, ChartAnswer, ChartLevel, ChartPoint, ControlAnswer, ControlResultRow, ControlRow, EntryRun, Hold, MonthlyRow,
} from '@lis/domain';

export const CONTROLS_LIST_URL = '/kontrole/list';
export const RESULTS_LIST_URL = '/kontrole/obrada/rezultati';

export const qcKeys = {
  all: ['qc'] as const,
  controls: (site: string) => ['qc', 'controls', site] as const,
  definition: (site: string, id: string) => ['qc', 'definition', site, id] as const,
  chart: (site: string, kontrola: string, labassay: string, from: string, to: string, izvor: string) => ['qc', 'chart', site, kontrola, labassay, from, to, izvor] as const,
  monthly: (site: string, kontrola: string, mjesec: string, izvor: string) => ['qc', 'monthly', site, kontrola, mjesec, izvor] as const,
  holds: (site: string) => ['qc', 'holds', site] as const,
  comment: (site: string, id: string) => ['qc', 'comment', site, id] as const,
  rules: (site: string) => ['qc', 'rules', site] as const,
  assays: ['qc', 'assays'] as const,
};

/** Every lot of the site for the control widget's selector (newest first). */
export const allControls = (signal?: AbortSignal) =>
  api.get<{ data: ControlRow[] }>(CONTROLS_LIST_URL, { per_page: 0, datum: 'SVE', sort: 'created|desc' }, { signal });
export const definition = (id: string, signal?: AbortSignal) => api.get<ControlDefinitionAnswer>(`/kontrole/definicija/${id}`, {}, { signal });
export const saveControl = (element: ControlElement) => api.post<{ kontrola: ControlAnswer; message: string }>('/kontrole/definicija/save', { element });
export const enterResults = (body: ControlEntryBody) => api.post<{ serije: EntryRun[]; message: string }>('/kontrole/unos', { ...body });
/** `izvor`: '' every source, 'rucno' hand entry, else an analyser's id: that source's results against its target. */
export const chart = (kontrola: string, labassay: string, from: string, to: string, izvor: string, signal?: AbortSignal) =>
  api.get<ChartAnswer>('/kontrole/charts', { kontrola, labassay, dateRangeMin: from, dateRangeMax: to, ...(izvor ? { izvor } : {}) }, { signal });
/** The lot's monthly table: per test and level n, mean, SD, CV, bias and Sigma of the month (YYYY-MM). */
export const monthly = (kontrola: string, mjesec: string, izvor: string, signal?: AbortSignal) =>
  api.get<MonthlyAnswer>('/kontrole/mjesecno', { kontrola, mjesec, ...(izvor ? { izvor } : {}) }, { signal });
export const holds = (signal?: AbortSignal) => api.get<HoldsAnswer>('/kontrole/blokade', {}, { signal });
export const recordCorrectiveAction = (serija: string, opis: string) => api.post<{ success: true }>('/kontrole/korektivna', { serija, opis });
/** The catalogue's assays for the targets' selector (numeric, not calculated). */
export const assays = (signal?: AbortSignal) =>
  api.get<{ data: LabAssayListRow[] }>('/assays/lab/list', { per_page: 0, datum: 'SVE' }, { signal });
export const comment = (id: string) => api.post<{ komentar: string }>('/control/comment/get', { id });
export const setComment = (id: string, komentar: string) => api.post<{ success: true }>('/control/comment/set', { id, komentar });
/** The spec's delete of a control result: it is excluded with the reason, never erased. */
export const excludeResult = (id: string, razlog: string) => api.post<{ success: true }>('/kontrole/pregled/delete/', { _id: id, razlog });
export const rules = (signal?: AbortSignal) => api.get<{ pravila: AssayRulesAnswer[] }>('/kontrole/pravila', {}, { signal });
export const saveRules = (labassay: string, pravila: WestgardRule[], tea: number | null) =>
  api.post<{ success: true }>('/kontrole/pravila/save', { labassay, pravila, tea });
