/**
 * The calls of the catalogue screens. Record and answer types are those of the
 * contracts in @lis/domain (catalogue/), the schemas the server validates with.
 */
import {
  SETTING_RECORD_KINDS, type ReferralOptions, type HistoryEntry, type LabAssayListRow, type LabAssayRecord, type SettingRecordKind,
  settingRecordContracts, catalogueContracts, referralContracts,
} from '@lis/domain';
import { call, type CallInput } from '../../api/client.ts';
import type { ListCall } from '../../components/list-table/index.ts';

export type AssayRow = LabAssayListRow;
export type SettingRecordRow = Record<string, unknown> & { _id: string };

export const ASSAY_LIST = catalogueContracts.labAssayList;

/** The list call of a kind of setting record (its table). */
export function recordList(kind: SettingRecordKind): ListCall {
  return settingRecordContracts(kind).list;
}

/** The kind's edit call with the record in the kind's body field; answers the saved record. */
export async function saveRecord(kind: SettingRecordKind, record: unknown): Promise<SettingRecordRow> {
  const { bodyField } = SETTING_RECORD_KINDS[kind];
  const answer = await call(settingRecordContracts(kind).edit, { body: { [bodyField]: record } });
  const saved = answer[bodyField] as SettingRecordRow | undefined;
  if (!saved) throw new Error('the edit answered without its record');
  return saved;
}

export async function recordHistory(kind: SettingRecordKind, id: string): Promise<HistoryEntry[]> {
  return (await call(settingRecordContracts(kind).history, { params: { id } })).historija;
}

export async function readAssay(id: string): Promise<LabAssayRecord> {
  return (await call(catalogueContracts.labAssayShow, { params: { id } })).labassay;
}

/** A lab assay as the edit call takes it; the server checks it against the catalogue's rules and answers each refused field. */
export type LabAssayInput = CallInput<typeof catalogueContracts.labAssayEdit>['body']['labassay'];

export async function saveAssay(labassay: LabAssayInput): Promise<LabAssayRecord> {
  return (await call(catalogueContracts.labAssayEdit, { body: { labassay } })).labassay;
}

export async function deleteAssay(id: string): Promise<void> {
  await call(catalogueContracts.labAssayDelete, { body: { id } });
}

export async function assayHistory(id: string): Promise<HistoryEntry[]> {
  return (await call(catalogueContracts.labAssayHistory, { params: { id } })).historija;
}

/** The lab's sections and sample types, for the assay screens' choices. */
export async function sectionChoices(): Promise<SettingRecordRow[]> {
  return (await call(settingRecordContracts('sekcija').list, { query: { per_page: 0, sort: 'redoslijed|asc' } })).data;
}

export const REFERRAL_QUERY_KEY = ['catalogue-referral'] as const;

/** Whether sample entry takes a doctor or location typed freely (GET /api/postavke/uputni). */
export async function referralOptions(): Promise<ReferralOptions> {
  return (await call(referralContracts.choices)).slobodan_unos;
}

export async function saveReferralOptions(opcije: ReferralOptions): Promise<ReferralOptions> {
  return (await call(referralContracts.edit, { body: { opcije } })).opcije;
}
