/**
 * The patient calls of spec section 7 as the screens use them, with the
 * answers' shapes (apps/server/src/modules/patients/routes.ts documents them).
 */
import type { PatientSaveRequest, PatientUpdateRequest, ReportLanguage, SampleStatus, Spol, Symptoms } from '@lis/domain';
import { api } from '../../api/client.ts';

/** A patient as the find, save, detail and update calls answer it. */
export interface Patient {
  _id: string;
  id: string;
  jmbg: string;
  ime: string;
  prezime: string;
  spol: Spol | '';
  datum_rodjenja: string | null;
  godiste: number | null;
  adresa: string;
  telefon: string;
  email: string;
  passport: string;
  language: ReportLanguage[];
  symptoms: Symptoms;
  note: string;
  lokacija: string;
  duhan: string;
  dijabetes: string;
  created_at: string;
  updated_at: string;
}

/** A row of GET /api/pacijenti/list. */
export interface PatientRow {
  _id: string;
  jmbg: string;
  ime: string;
  prezime: string;
  spol: Spol | '';
  godiste: number | null;
  datum_rodjenja: string | null;
  adresa: string;
  telefon: string;
  lokacija: string;
  created_at: string;
  /** The patient's samples at this site that are not VERIFICIRAN yet. */
  nezavrseni: number;
}

/** A row of GET /api/pacijenti/{id}/uzorci. */
export interface UncompletedSample {
  _id: string;
  code: string;
  status: SampleStatus;
  hitan: boolean;
  tip: string;
  datum: string;
  created_at: string;
  testova: number;
}

export const PATIENT_LIST_URL = '/pacijenti/list';

export function patientName(patient: { ime: string; prezime: string }): string {
  return `${patient.prezime} ${patient.ime}`.trim();
}

export async function findPatient(jmbg: string, signal?: AbortSignal): Promise<Patient | null> {
  const answer = await api.post<{ exists: boolean; pacijent: Patient | null }>('/pacijenti/unos/find', { jmbg }, { signal });
  return answer.exists ? answer.pacijent : null;
}

export async function savePatient(body: PatientSaveRequest): Promise<Patient> {
  const answer = await api.post<{ pacijent: Patient }>('/pacijenti/unos/save', { ...body });
  return answer.pacijent;
}

export async function patientDetail(id: string, signal?: AbortSignal): Promise<Patient> {
  const answer = await api.get<{ pacijent: Patient }>(`/pacijenti/detalji/${encodeURIComponent(id)}`, {}, { signal });
  return answer.pacijent;
}

export async function updatePatient(id: string, body: PatientUpdateRequest): Promise<Patient> {
  const answer = await api.post<{ pacijent: Patient }>(`/pacijenti/detalji/update/${encodeURIComponent(id)}`, { id, ...body });
  return answer.pacijent;
}

export async function uncompletedSamples(id: string, signal?: AbortSignal): Promise<UncompletedSample[]> {
  const answer = await api.get<{ data: UncompletedSample[] }>(
    `/pacijenti/${encodeURIComponent(id)}/uzorci`, { datum: 'SVE', per_page: 0, sort: 'created_at|desc' }, { signal },
  );
  return answer.data;
}
