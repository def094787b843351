/**
 * What other features may use of labels: the dialog that prints a sample's
 * labels, and the sample table dialog (ID, date and time). The reception and processing screens are loaded by app/routes.tsx
 * on their own, so they are not exported here (code splitting).
 */
export { LabelDialog, type LabelTarget } from './LabelDialog.tsx';
export { SampleDetailsDialog, type SampleDetails } from './SampleDetailsDialog.tsx';
