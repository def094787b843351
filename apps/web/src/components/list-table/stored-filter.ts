/**
 * The stored filter of a list: its 'Pretraga' text survives
 * leaving and re-entering the screen within the browser session
 * (sessionStorage, one entry per list), and a patient chosen elsewhere fills
 * it with ime and prezime through the patient-selected event.
 */
const PREFIX = 'lis.listFilter:';

export const PATIENT_SELECTED_EVENT = 'lis:patient-selected';

export interface PatientSelected {
  ime: string;
  prezime: string;
}

export function readStoredFilter(listKey: string): string {
  try {
    return sessionStorage.getItem(PREFIX + listKey) ?? '';
  } catch {
    return '';
  }
}

export function writeStoredFilter(listKey: string, filter: string): void {
  try {
    if (filter) sessionStorage.setItem(PREFIX + listKey, filter);
    else sessionStorage.removeItem(PREFIX + listKey);
  } catch {
    // Storage full or blocked (private mode): the filter then lasts as long as the screen.
  }
}

/** For screens whose entry clears the filter (the sample-review route). */
export function clearStoredFilter(listKey: string): void {
  writeStoredFilter(listKey, '');
}

/** The filter text a selected patient puts in the lists. */
export function patientFilter(patient: PatientSelected): string {
  return `${patient.ime} ${patient.prezime}`.trim().replace(/\s+/g, ' ');
}

/** Tells every list on screen that a patient was chosen (e.g. from the intake search). */
export function emitPatientSelected(patient: PatientSelected): void {
  window.dispatchEvent(new CustomEvent<PatientSelected>(PATIENT_SELECTED_EVENT, { detail: patient }));
}

export function onPatientSelected(listener: (patient: PatientSelected) => void): () => void {
  const handler = (event: Event) => {
    const detail = (event as CustomEvent<Partial<PatientSelected>>).detail;
    if (detail && typeof detail.ime === 'string' && typeof detail.prezime === 'string') listener({ ime: detail.ime, prezime: detail.prezime });
  };
  window.addEventListener(PATIENT_SELECTED_EVENT, handler);
  return () => window.removeEventListener(PATIENT_SELECTED_EVENT, handler);
}
