/**
 * The sample calls as the sample screens use them. Request
 * and answer types are those of the contracts in @lis/domain
 * (sample/contracts.ts), the same zod schemas the server validates and
 * serialises with.
 */
import type { PartnerChoice, PickerAnswer, SampleListRow, SamplePatient, SampleSaveRequest, SampleUpdateRequest, SampleView } from '@lis/domain';
import { call } from '../../api/client.ts';
import { type TestPanel, partnerContracts, sampleContracts, testPanelContracts } from '@lis/domain';

export type { PickerAnswer, PickerSection, PickerTest, SamplePatient, SampleTest, Uzorak } from '@lis/domain';

/** A sample and its results, as the show, save and update calls answer them. */
export type SampleAnswer = SampleView;

/** A row of GET /api/uzorci/list. */
export type SampleRow = SampleListRow;

export const SAMPLE_LIST = sampleContracts.list;

/** Query keys: everything about samples starts with 'samples', so one invalidation refreshes every sample view. */
export const sampleKeys = {
  all: ['samples'] as const,
  patient: (pid: string) => ['samples', 'patient', pid] as const,
  picker: (pid: string, trudnica: boolean, menopauza: boolean, partner: string | null = null) => ['samples', 'picker', pid, trudnica, menopauza, partner] as const,
  partners: ['samples', 'partners'] as const,
  today: (pid: string) => ['samples', 'today', pid] as const,
  panels: ['samples', 'panels'] as const,
  show: (id: string) => ['samples', 'show', id] as const,
};

export async function samplePatient(pid: string, signal?: AbortSignal): Promise<SamplePatient> {
  const answer = await call(sampleContracts.patient, { body: { pid } }, { signal });
  return answer.pacijent;
}

/** The picker's tests, priced for the sample's partner (its price list) when one is chosen. */
export function pickerTests(pid: string, flags: { trudnica: boolean; menopauza: boolean; partner?: string | null }, signal?: AbortSignal): Promise<PickerAnswer> {
  return call(sampleContracts.picker, { body: { pid, sekcija: '', tip: '', ...flags } }, { signal });
}

/** The site's test panels, which the picker finds beside the tests. */
export async function testPanels(signal?: AbortSignal): Promise<TestPanel[]> {
  return (await call(testPanelContracts.list, {}, { signal })).paneli;
}

/** What the new-sample form sends; fields left out take the server's defaults. */
export type SampleSaveBody = Partial<SampleSaveRequest> & Pick<SampleSaveRequest, 'testovi'>;

export function saveSample(body: SampleSaveBody): Promise<SampleAnswer> {
  return call(sampleContracts.save, { body: { ...body } });
}

/** What the edit dialog sends; fields left out keep their values. */
export type SampleUpdateBody = Partial<SampleUpdateRequest> & Pick<SampleUpdateRequest, 'sid'>;

export function updateSample(body: SampleUpdateBody): Promise<SampleAnswer> {
  return call(sampleContracts.update, { body: { ...body } });
}

export function showSample(id: string, signal?: AbortSignal): Promise<SampleAnswer> {
  return call(sampleContracts.show, { params: { sid: id } }, { signal });
}

/** Active orderers: the choices of a sample's partner. */
export async function orderingPartners(signal?: AbortSignal): Promise<PartnerChoice[]> {
  const answer = await call(partnerContracts.orderers, {}, { signal });
  return answer.partneri;
}

export async function deleteSample(id: string, email: string): Promise<void> {
  await call(sampleContracts.delete, { body: { id, email } });
}

export async function setUrgent(id: string, hitan: boolean): Promise<boolean> {
  const answer = await call(sampleContracts.urgent, { body: { id, hitan } });
  return answer.hitan;
}

/** The patient's samples registered today at this site, newest first (the list filter on the full ID matches only this patient). */
export async function todaysSamples(patient: { _id: string; jmbg: string }, signal?: AbortSignal): Promise<SampleRow[]> {
  const answer = await call(SAMPLE_LIST, { query: { datum: 'DANAS', filter: patient.jmbg, per_page: 0, sort: 'created_at|desc' } }, { signal });
  return answer.data.filter((row) => row.pid === patient._id);
}
