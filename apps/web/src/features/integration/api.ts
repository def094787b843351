/**
 * The integration screens' calls, typed by their contracts in @lis/domain (integration/contracts.ts).
 */
import type { AnalyserAnswer, AnalyserElement, AnalyserListAnswer, AnalyserSavedAnswer, LabAssayListRow, RetryAnswer } from '@lis/domain';
import { api } from '../../api/client.ts';

export type { AnalyserAnswer, AnalyserMessageRow, ReviewItemRow } from '@lis/domain';

export const ANALYSER_LIST_URL = '/postavke/analysers/list';
export const MESSAGE_LIST_URL = '/integracija/poruke';
export const REVIEW_LIST_URL = '/integracija/pregled/stavke';

export const integrationKeys = {
  all: ['integration'] as const,
  analysers: (site: string) => ['integration', 'analysers', site] as const,
  assays: ['integration', 'assays'] as const,
};

/** Every analyser of the site (one page: a lab has a handful). */
export const analysers = async (signal?: AbortSignal) =>
  (await api.get<AnalyserListAnswer>(ANALYSER_LIST_URL, { per_page: 0, sort: 'ime|asc' }, { signal })).data;

export const saveAnalyser = (analyser: AnalyserElement | Record<string, unknown>) =>
  api.post<AnalyserSavedAnswer>('/postavke/analysers/edit', { analyser });

export const retryMessage = (id: string) => api.post<RetryAnswer>('/retry', { id });

/** The lab's assays for the mapping's choices (code and name), active ones only. */
export const assayChoices = async (signal?: AbortSignal) =>
  (await api.get<{ data: LabAssayListRow[] }>('/assays/lab/list', { per_page: 0, sort: 'sifra|asc' }, { signal })).data;

/** What the editor shows of an analyser: its JSON without what the server adds (state, counters, times). */
export function editableAnalyser(row: AnalyserAnswer): Record<string, unknown> {
  const { veza: _veza, zadnja_poruka: _last, poruka_danas: _today, created_at: _created, updated_at: _updated, ...element } = row;
  return element;
}
