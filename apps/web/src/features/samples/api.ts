/**
 * The sample calls (spec section 7 and apps/server/src/modules/samples/routes.ts)
 * as the sample screens use them, with the answers' shapes.
 */
import type {
  Age, SampleSaveRequest, SampleStatus, SampleUpdateRequest, Spol, TestClass,
} from '@lis/domain';
import { api } from '../../api/client.ts';

/** POST /api/uzorci/patient: the patient header of the sample-entry screen. */
export interface SamplePatient {
  _id: string;
  id: string;
  ime: string;
  prezime: string;
  jmbg: string;
  spol: Spol | '';
  godiste: number | null;
  datum_rodjenja: string | null;
  /** Age from the ID on today's date at the site; null when the ID does not tell the birth. */
  jmbgObj: Age | null;
  starost_dana: number | null;
}

/** A test the picker offers (POST /api/uzorci/labassay/tip); price is exact decimal text. */
export interface PickerTest {
  _id: string;
  sifra: string;
  naziv: string;
  price: string;
  analit: string;
  jedinica: string;
  sekcija: string;
  manual: boolean;
  calculated: boolean;
  calculatedTests: string[];
  disabled: boolean;
  tip: string;
  klasa: TestClass;
}

export interface PickerSection {
  _id: string;
  sifra: string;
  naziv: string;
  redoslijed: number;
}

export interface PickerAnswer {
  testovi: PickerTest[];
  sekcije: PickerSection[];
  starost_dana: number | null;
  spol: Spol | null;
}

/** A test on a sample (the spec's test entry). */
export interface SampleTest {
  _id: string;
  labassay: string;
  ime_testa: string;
  sifra: string;
  analit: string;
  jedinica: string;
  sekcija: string;
  sekcija_naziv: string;
  manual: boolean;
  calculated: boolean;
  klasa: TestClass;
  /** It has a result, or a calculated test on the sample is computed from it: it cannot be removed. */
  disable: boolean;
  price: string;
  status_t: string;
  /** The calculated test that pulled it in at price 0. */
  component_of: string | null;
}

export interface Uzorak {
  _id: string;
  code: string;
  pacijentRBr: number;
  pid: string;
  status: SampleStatus;
  hitan: boolean;
  tip: string;
  type: string;
  pdf_exists: boolean;
  komentar: string;
  datum: string;
  vrijeme: string;
  created_at: string;
  updated_at: string;
  received_at: string | null;
  patient: { _id: string; ime: string; prezime: string; jmbg: string; spol: Spol | ''; godiste: number | null };
  jmbgObj: Age | null;
  lokacija: { lokacija: string };
  doktor: string;
  trudnica: boolean;
  menstc: string;
  anticoag: boolean;
  menopauza: boolean;
  tests: SampleTest[];
  ukupno: string;
  /** What the status allows (allowedSampleActions of @lis/domain, worked out by the server). */
  actions: string[];
}

export interface SampleAnswer {
  uzorak: Uzorak;
  rezultat: { rezultati: { labassay: string; rezultat: string | null; rezultat_f: string | null }[] };
}

/** A row of GET /api/uzorci/list. */
export interface SampleRow {
  _id: string;
  code: string;
  pacijentRBr: number;
  status: SampleStatus;
  hitan: boolean;
  tip: string;
  datum: string;
  lokacija: string;
  doktor: string;
  pdf_exists: boolean;
  created_at: string;
  updated_at: string;
  pid: string;
  ime: string;
  prezime: string;
  jmbg: string;
  godiste: number | null;
  testova: number;
  ukupno: string;
}

export const SAMPLE_LIST_URL = '/uzorci/list';

/** Query keys: everything about samples starts with 'samples', so one invalidation refreshes every sample view. */
export const sampleKeys = {
  all: ['samples'] as const,
  patient: (pid: string) => ['samples', 'patient', pid] as const,
  picker: (pid: string, trudnica: boolean, menopauza: boolean) => ['samples', 'picker', pid, trudnica, menopauza] as const,
  today: (pid: string) => ['samples', 'today', pid] as const,
  show: (id: string) => ['samples', 'show', id] as const,
};

export async function samplePatient(pid: string, signal?: AbortSignal): Promise<SamplePatient> {
  const answer = await api.post<{ pacijent: SamplePatient }>('/uzorci/patient', { pid }, { signal });
  return answer.pacijent;
}

export function pickerTests(pid: string, flags: { trudnica: boolean; menopauza: boolean }, signal?: AbortSignal): Promise<PickerAnswer> {
  return api.post<PickerAnswer>('/uzorci/labassay/tip', { pid, sekcija: '', tip: '', ...flags }, { signal });
}

/** What the new-sample form sends; fields left out take the server's defaults. */
export type SampleSaveBody = Partial<SampleSaveRequest> & Pick<SampleSaveRequest, 'testovi'>;

export function saveSample(body: SampleSaveBody): Promise<SampleAnswer> {
  return api.post<SampleAnswer>('/uzorci/save', { ...body });
}

/** What the edit dialog sends; fields left out keep their values. */
export type SampleUpdateBody = Partial<SampleUpdateRequest> & Pick<SampleUpdateRequest, 'sid'>;

export function updateSample(body: SampleUpdateBody): Promise<SampleAnswer> {
  return api.post<SampleAnswer>('/uzorci/update', { ...body });
}

export function showSample(id: string, signal?: AbortSignal): Promise<SampleAnswer> {
  return api.get<SampleAnswer>(`/uzorci/show/${encodeURIComponent(id)}`, {}, { signal });
}

export async function deleteSample(id: string, email: string): Promise<void> {
  await api.post('/uzorci/delete', { id, email });
}

export async function setUrgent(id: string, hitan: boolean): Promise<boolean> {
  const answer = await api.post<{ hitan: boolean }>('/uzorci/hitan', { id, hitan });
  return answer.hitan;
}

/** The patient's samples registered today at this site, newest first (the list filter on the full ID matches only this patient). */
export async function todaysSamples(patient: { _id: string; jmbg: string }, signal?: AbortSignal): Promise<SampleRow[]> {
  const answer = await api.get<{ data: SampleRow[] }>(
    SAMPLE_LIST_URL, { datum: 'DANAS', filter: patient.jmbg, per_page: 0, sort: 'created_at|desc' }, { signal },
  );
  return answer.data.filter((row) => row.pid === patient._id);
}
