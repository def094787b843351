/**
 * What other features may use of evaluation: the result-multi dialog (a
 * patient's results over time, graph or table), e.g. from a patient row or the
 * result entry screen, and the address of the evaluation screen. The screen
 * itself is loaded by app/routes.tsx on its own (code splitting).
 */
export { ResultMultiDialog, type ResultMultiDialogProps } from './ResultMultiDialog.tsx';

/** /evaluation/{id}: open only below access level 1. */
export function evaluationPath(patientId: string): string {
  return `/evaluation/${encodeURIComponent(patientId)}`;
}
