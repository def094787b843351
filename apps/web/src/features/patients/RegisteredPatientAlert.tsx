/**
 * The ID typed on the intake form is registered already: 'Uneseni Matični
 * broj je već registriran!' with the patient, and 'Prijem' (admit) instead
 * of saving a second record.
 */
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconArrowRight, IconUserCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { messageText } from '../../i18n/index.ts';
import { READABLE_ALERT_STYLES } from '../../components/readable.ts';
import type { Patient } from './api.ts';
import { patientName } from '../../lib/patient-name.ts';

interface RegisteredPatientAlertProps {
  patient: Patient;
  admitRef: React.RefObject<HTMLButtonElement | null>;
  onAdmit: (patient: Patient) => void;
}

export function RegisteredPatientAlert({ patient, admitRef, onAdmit }: RegisteredPatientAlertProps) {
  const { t } = useTranslation();
  return (
    <Alert
      styles={READABLE_ALERT_STYLES}
      color="orange"
      variant="light"
      icon={<IconUserCheck aria-hidden />}
      title={messageText('patient.duplicate')}
    >
      <Group justify="space-between" align="center" gap="sm">
        <Text fw={500}>{t('patients.registeredPatient', { name: patientName(patient), jmbg: patient.jmbg })}</Text>
        <Button ref={admitRef} rightSection={<IconArrowRight size={16} aria-hidden />} onClick={() => onAdmit(patient)}>
          {t('common.admit')}
        </Button>
      </Group>
    </Alert>
  );
}
