/**
 * The patient calls as the screens use them. Request and
 * answer types are those of the contracts in @lis/domain (patient/contracts.ts),
 * the same zod schemas the server validates and serialises with.
 */
import type { Patient, PatientListRow, PatientSaveRequest, PatientUpdateRequest, ReportJezik, UncompletedSampleRow } from '@lis/domain';
import { call } from '../../api/client.ts';
import type { FileRequest } from '../../api/use-file-url.ts';
import { nalaziContracts, patientContracts, portalContracts } from '@lis/domain';

/** A patient as the find, save, detail and update calls answer it (the domain's answer contract). */
export type { Patient } from '@lis/domain';
/** A row of GET /api/pacijenti/list. */
export type PatientRow = PatientListRow;
/** A row of GET /api/pacijenti/{id}/uzorci. */
export type UncompletedSample = UncompletedSampleRow;

export const PATIENT_LIST = patientContracts.list;

/** PREZIME IME: the one order of a patient's name everywhere (lib/patient-name.ts). */
export { patientName } from '../../lib/patient-name.ts';

export async function findPatient(jmbg: string, signal?: AbortSignal): Promise<Patient | null> {
  const answer = await call(patientContracts.find, { body: { jmbg } }, { signal });
  return answer.exists ? answer.pacijent : null;
}

export async function savePatient(body: PatientSaveRequest): Promise<Patient> {
  const answer = await call(patientContracts.save, { body: { ...body } });
  return answer.pacijent;
}

export async function patientDetail(id: string, signal?: AbortSignal): Promise<Patient> {
  const answer = await call(patientContracts.detail, { params: { id } }, { signal });
  return answer.pacijent;
}

export async function updatePatient(id: string, body: PatientUpdateRequest): Promise<Patient> {
  const answer = await call(patientContracts.update, { params: { id }, body });
  return answer.pacijent;
}

export async function uncompletedSamples(id: string, signal?: AbortSignal): Promise<UncompletedSample[]> {
  const answer = await call(patientContracts.uncompletedSamples, { params: { id }, query: { datum: 'SVE', per_page: 0, sort: 'created_at|desc' } }, { signal });
  return answer.data;
}

/** POST /pacijenti/portal/opozovi/{id}: the patient's unused portal codes and open portal sessions end now. */
export async function revokePortalAccess(id: string): Promise<{ codes: number; sessions: number }> {
  const answer = await call(portalContracts.revoke, { params: { id } });
  return { codes: answer.codes, sessions: answer.sessions };
}

/** The patient's cumulative report (PDF) for days `od` to `do` (YYYY-MM-DD, both included) in `jezik`, as a file to show. */
export function cumulativeReportFile(id: string, query: { od: string; do: string; jezik: ReportJezik }): FileRequest {
  return {
    key: `${id}?${query.od}&${query.do}&${query.jezik}`,
    load: (signal) => call(nalaziContracts.cumulative, { params: { id }, query }, { signal }),
  };
}
