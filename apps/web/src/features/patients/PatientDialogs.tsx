/**
 * The dialogs of the patient list, one file each:
 * - PatientEditDialog: 'Pacijent: {ime} {prezime}', the patient's own fields;
 * - PatientDataDialog: birth year, address, referring location, note;
 * - PatientSymptomsDialog: the symptoms, read-only;
 * - UncompletedSamplesDialog: the patient's uncompleted samples with their status;
 * - CumulativeReportDialog: the cumulative report of a period (PDF), opened from the edit dialog.
 * Read-only users see the same dialogs without SAČUVAJ.
 */
import { CumulativeReportDialog } from './CumulativeReportDialog.tsx';
import { PatientDataDialog } from './PatientDataDialog.tsx';
import { PatientEditDialog } from './PatientEditDialog.tsx';
import { PatientSymptomsDialog } from './PatientSymptomsDialog.tsx';
import { UncompletedSamplesDialog } from './UncompletedSamplesDialog.tsx';

export type PatientDialogKind = 'edit' | 'data' | 'symptoms' | 'samples' | 'cumulative';

export interface PatientDialogTarget {
  kind: PatientDialogKind;
  patient: { _id: string; ime: string; prezime: string };
}

interface PatientDialogsProps {
  target: PatientDialogTarget | null;
  onClose: () => void;
  /** A sample of the uncompleted list was chosen: the caller shows it (the sample edit dialog). */
  onOpenSample: (sampleId: string) => void;
  /** The patient's results over time were asked for from the edit dialog: the caller shows them. */
  onOpenResults?: (patientId: string) => void;
  /** The cumulative report was asked for from the edit dialog: the caller opens its dialog (kind 'cumulative'). */
  onOpenCumulative?: (patient: PatientDialogTarget['patient']) => void;
}

/** Opens the dialog named by `target`; null closes every one. */
export function PatientDialogs({ target, onClose, onOpenSample, onOpenResults, onOpenCumulative }: PatientDialogsProps) {
  const kind = target?.kind ?? null;
  const id = target?.patient._id ?? null;
  return (
    <>
      <PatientEditDialog patientId={kind === 'edit' ? id : null} onClose={onClose} onOpenResults={onOpenResults} onOpenCumulative={onOpenCumulative} />
      <PatientDataDialog patientId={kind === 'data' ? id : null} onClose={onClose} />
      <PatientSymptomsDialog patientId={kind === 'symptoms' ? id : null} onClose={onClose} />
      <UncompletedSamplesDialog patient={kind === 'samples' ? target?.patient ?? null : null} onClose={onClose} onOpenSample={onOpenSample} />
      <CumulativeReportDialog patientId={kind === 'cumulative' ? id : null} onClose={onClose} />
    </>
  );
}
