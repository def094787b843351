/** The quality-control calls, typed by their contracts in @lis/domain (qc/contracts.ts). */
import type { ControlElement, ControlEntryBody, WestgardRule } from '@lis/domain';
import { call } from '../../api/client.ts';

export type {
  AssayRulesAnswer as AssayRules, ChartAnswer, ChartLevel, ChartPoint, ControlAnswer, ControlResultRow, ControlRow, EntryRun, Hold, MonthlyRow,
} from '@lis/domain';
import { catalogueContracts, qcContracts } from '@lis/domain';

export const CONTROLS_LIST = qcContracts.list;
export const RESULTS_LIST = qcContracts.results;

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
  call(CONTROLS_LIST, { query: { per_page: 0, datum: 'SVE', sort: 'created|desc' } }, { signal });
export const definition = (id: string, signal?: AbortSignal) => call(qcContracts.definition, { params: { id } }, { signal });
export const saveControl = (element: ControlElement) => call(qcContracts.save, { body: { element } });
export const enterResults = (body: ControlEntryBody) => call(qcContracts.entry, { body: { ...body } });
/** `izvor`: '' every source, 'rucno' hand entry, else an analyser's id: that source's results against its target. */
export const chart = (kontrola: string, labassay: string, from: string, to: string, izvor: string, signal?: AbortSignal) =>
  call(qcContracts.chart, { query: { kontrola, labassay, dateRangeMin: from, dateRangeMax: to, ...(izvor ? { izvor } : {}) } }, { signal });
/** The lot's monthly table: per test and level n, mean, SD, CV, bias and Sigma of the month (YYYY-MM). */
export const monthly = (kontrola: string, mjesec: string, izvor: string, signal?: AbortSignal) =>
  call(qcContracts.monthly, { query: { kontrola, mjesec, ...(izvor ? { izvor } : {}) } }, { signal });
export const holds = (signal?: AbortSignal) => call(qcContracts.holds, {}, { signal });
export const recordCorrectiveAction = (serija: string, opis: string) => call(qcContracts.correctiveAction, { body: { serija, opis } });
/** The catalogue's assays for the targets' selector (numeric, not calculated). */
export const assays = (signal?: AbortSignal) =>
  call(catalogueContracts.labAssayList, { query: { per_page: 0, datum: 'SVE' } }, { signal });
export const comment = (id: string) => call(qcContracts.commentGet, { body: { id } });
export const setComment = (id: string, komentar: string) => call(qcContracts.commentSet, { body: { id, komentar } });
/** The spec's delete of a control result: it is excluded with the reason, never erased. */
export const excludeResult = (id: string, razlog: string) => call(qcContracts.exclude, { body: { _id: id, razlog } });
export const rules = (signal?: AbortSignal) => call(qcContracts.rules, {}, { signal });
export const saveRules = (labassay: string, pravila: WestgardRule[], tea: number | null) =>
  call(qcContracts.saveRules, { body: { labassay, pravila, tea } });
