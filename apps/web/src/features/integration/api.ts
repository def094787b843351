/**
 * The integration screens' calls, typed by their contracts in @lis/domain (integration/contracts.ts).
 */
import type { AnalyserAnswer, AnalyserElement } from '@lis/domain';
import { call } from '../../api/client.ts';
import { catalogueContracts, hl7Contracts, integrationContracts } from '@lis/domain';

export type { AnalyserAnswer, AnalyserMessageRow, BenchCheckAnswer, BenchMicrobiologyLine, BenchResultRow, ReviewItemRow } from '@lis/domain';

export const ANALYSER_LIST = integrationContracts.list;
export const MESSAGE_LIST = integrationContracts.messages;
export const REVIEW_LIST = integrationContracts.review;

export const integrationKeys = {
  all: ['integration'] as const,
  analysers: (site: string) => ['integration', 'analysers', site] as const,
  assays: ['integration', 'assays'] as const,
};

/** Every analyser of the site (one page: a lab has a handful). */
export const analysers = async (signal?: AbortSignal) =>
  (await call(ANALYSER_LIST, { query: { per_page: 0, sort: 'ime|asc' } }, { signal })).data;

/** The JSON editor hands over what passed analyserElementSchema in the browser (an untyped record); the server checks it again. */
export const saveAnalyser = (analyser: AnalyserElement | Record<string, unknown>) =>
  call(integrationContracts.edit, { body: { analyser: analyser as AnalyserElement } });

export const retryMessage = (id: string) => call(integrationContracts.retry, { body: { id } });

/** The lab's assays for the mapping's choices (code and name), active ones only. */
export const assayChoices = async (signal?: AbortSignal) =>
  (await call(catalogueContracts.labAssayList, { query: { per_page: 0, sort: 'sifra|asc' } }, { signal })).data;

/** What the editor shows of an analyser: its JSON without what the server adds (state, counters, times). */
export function editableAnalyser(row: AnalyserAnswer): Record<string, unknown> {
  const { veza: _veza, zadnja_poruka: _last, poruka_danas: _today, created_at: _created, updated_at: _updated, ...element } = row;
  return element;
}

/** The capture bench: what the ingest would do with a capture for this analyser (stores nothing). */
export const benchCheck = (analyser: string, tekst: string) => call(integrationContracts.benchCheck, { body: { analyser, tekst } });

/** The capture bench: the capture stored through the ingest as a message from the analyser. */
export const benchStore = (analyser: string, tekst: string) => call(integrationContracts.benchStore, { body: { analyser, tekst } });

/** The site's inbound HL7 order listener (orders from a hospital system over MLLP): its port and its state. */
export const hl7Inbound = async (signal?: AbortSignal) => (await call(hl7Contracts.inbound, {}, { signal })).ulaz;

/** Sets the port of the site's listener (null: off); the server restarts it at once. */
export const saveHl7Inbound = async (port: number | null) => (await call(hl7Contracts.saveInbound, { body: { port } })).ulaz;
