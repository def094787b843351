/**
 * What other features may use of patients: the patient-data dialog (birth
 * year, address, the referring location that sent the patient, and the note),
 * e.g. from a row of the processing list. The screens are loaded by
 * app/routes.tsx on their own (code splitting).
 */
export { PatientDataDialog } from './PatientDataDialog.tsx';
