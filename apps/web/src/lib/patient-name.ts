/**
 * A patient's name as every screen shows it: surname first, then the first
 * name, in upper case (PREZIME IME), e.g. 'HODŽIĆ ANA'. Lists sort by prezime,
 * so the name reads in the order the list is sorted; one helper keeps headers,
 * tables, dialog titles and screen-reader labels in the same order.
 * A missing part is left out rather than leaving a stray space.
 */
export interface PatientNameParts {
  ime?: string | null;
  prezime?: string | null;
}

export function patientName(patient: PatientNameParts): string {
  return [patient.prezime, patient.ime]
    .map((part) => (part ?? '').trim())
    .filter((part) => part !== '')
    .join(' ')
    .toLocaleUpperCase('bs');
}
