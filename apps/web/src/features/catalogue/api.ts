/**
 * The calls of the catalogue screens. Record and answer types are those of the
 * contracts in @lis/domain (catalogue/), the schemas the server validates with.
 */
import {
  SETTING_RECORD_KINDS, type HistoryAnswer, type ReferralChoicesAnswer, type ReferralOptions, type HistoryEntry, type LabAssayListRow, type LabAssayRecord, type SettingRecordKind,
} from '@lis/domain';
import { api } from '../../api/client.ts';

export type AssayRow = LabAssayListRow;
export type SettingRecordRow = Record<string, unknown> & { _id: string };

export const ASSAY_LIST_URL = '/assays/lab/list';

export function recordListUrl(kind: SettingRecordKind): string {
  return `/postavke/${SETTING_RECORD_KINDS[kind].path}/list`;
}

/** POST /api/postavke/<path>/edit with the record in the kind's body field; answers the saved record. */
export async function saveRecord(kind: SettingRecordKind, record: unknown): Promise<SettingRecordRow> {
  const { path, bodyField } = SETTING_RECORD_KINDS[kind];
  const answer = await api.post<Record<string, SettingRecordRow>>(`/postavke/${path}/edit`, { [bodyField]: record });
  const saved = answer[bodyField];
  if (!saved) throw new Error('the edit answered without its record');
  return saved;
}

export async function recordHistory(kind: SettingRecordKind, id: string): Promise<HistoryEntry[]> {
  return (await api.get<HistoryAnswer>(`/postavke/${SETTING_RECORD_KINDS[kind].path}/history/${id}`)).historija;
}

export async function readAssay(id: string): Promise<LabAssayRecord> {
  return (await api.get<{ labassay: LabAssayRecord }>(`/assays/lab/${id}`)).labassay;
}

export async function saveAssay(labassay: unknown): Promise<LabAssayRecord> {
  return (await api.post<{ labassay: LabAssayRecord }>('/assays/lab/edit', { labassay })).labassay;
}

export async function deleteAssay(id: string): Promise<void> {
  await api.post('/assays/lab/delete', { id });
}

export async function assayHistory(id: string): Promise<HistoryEntry[]> {
  return (await api.get<HistoryAnswer>(`/assays/lab/history/${id}`)).historija;
}

/** The lab's sections and sample types, for the assay screens' choices. */
export async function sectionChoices(): Promise<SettingRecordRow[]> {
  return (await api.get<{ data: SettingRecordRow[] }>(recordListUrl('sekcija'), { per_page: 0, sort: 'redoslijed|asc' })).data;
}

export const REFERRAL_QUERY_KEY = ['catalogue-referral'] as const;

/** Whether sample entry takes a doctor or location typed freely (GET /api/postavke/uputni). */
export async function referralOptions(): Promise<ReferralOptions> {
  return (await api.get<ReferralChoicesAnswer>('/postavke/uputni')).slobodan_unos;
}

export async function saveReferralOptions(opcije: ReferralOptions): Promise<ReferralOptions> {
  return (await api.post<{ opcije: ReferralOptions }>('/postavke/uputni/edit', { opcije })).opcije;
}
