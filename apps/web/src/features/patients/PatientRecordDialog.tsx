/** The frame of a dialog about one patient record: loads it, shows a skeleton meanwhile and the failure if it fails. */
import type { ReactNode } from 'react';
import { Alert, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../components/AppDialog.tsx';
import { READABLE_ALERT_STYLES } from '../../components/readable.ts';
import type { Patient } from './api.ts';
import { usePatientDetail } from './patient-record.ts';
import { patientName } from '../../lib/patient-name.ts';

export function DialogLoading() {
  return (
    <Stack gap="sm" aria-hidden>
      <Skeleton h={36} />
      <Skeleton h={36} />
      <Skeleton h={72} />
    </Stack>
  );
}

export function PatientRecordDialog({ patientId, onClose, titleKey, loadingTitleKey, children }: {
  patientId: string | null;
  onClose: () => void;
  titleKey: 'patients.dataTitle' | 'patients.symptomsTitle';
  loadingTitleKey: 'patients.actionData' | 'patients.actionSymptoms';
  children: (patient: Patient) => ReactNode;
}) {
  const { t } = useTranslation();
  const detail = usePatientDetail(patientId);
  const patient = detail.data && detail.data._id === patientId ? detail.data : null;
  return (
    <AppDialog
      opened={patientId !== null}
      onClose={onClose}
      title={patient ? t(titleKey, { name: patientName(patient) }) : t(loadingTitleKey)}
      size="lg"
    >
      {patient ? children(patient)
        : detail.isError ? <Alert styles={READABLE_ALERT_STYLES} color="red">{t('patients.loadFailed')}</Alert> : <DialogLoading />}
    </AppDialog>
  );
}
