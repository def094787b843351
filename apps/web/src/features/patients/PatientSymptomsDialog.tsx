/** The read-only symptoms dialog of the patient list. */
import { Button, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PatientRecordDialog } from './PatientRecordDialog.tsx';
import { SymptomChecklist } from './PatientFields.tsx';

export function PatientSymptomsDialog({ patientId, onClose }: { patientId: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <PatientRecordDialog patientId={patientId} onClose={onClose} titleKey="patients.symptomsTitle" loadingTitleKey="patients.actionSymptoms">
      {(patient) => (
        <Stack gap="md">
          <SymptomChecklist symptoms={patient.symptoms} readOnly />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>{t('common.close')}</Button>
          </Group>
        </Stack>
      )}
    </PatientRecordDialog>
  );
}
