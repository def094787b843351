/**
 * The identification block of the intake form: the radio choice between a
 * personal ID, a date of birth, a birth year or no data, the ID field of the
 * chosen mode with its message or control-digit warning, and, when the JMBG
 * is registered already, that patient with 'Prijem'. Read-only users can only
 * type a JMBG to look a patient up.
 */
import { Group, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ID_MODES, type CalendarDate } from '@lis/domain';
import { messageText } from '../../i18n/index.ts';
import type { Patient } from './api.ts';
import { IdField } from './IdField.tsx';
import { chooseMode, leaveId, typeId, visibleIdProblem, type IntakeState } from './intake-form.ts';
import { JmbgWarning } from './JmbgWarning.tsx';
import { RegisteredPatientAlert } from './RegisteredPatientAlert.tsx';
import type { useIntakeLookup } from './use-intake-lookup.ts';

interface IntakeIdSectionProps {
  state: IntakeState;
  update: (change: (current: IntakeState) => IntakeState) => void;
  today: CalendarDate;
  canWrite: boolean;
  lookup: ReturnType<typeof useIntakeLookup>;
  idRef: React.RefObject<HTMLInputElement | null>;
  admitRef: React.RefObject<HTMLButtonElement | null>;
  onConfirm: () => void;
  onAdmit: (patient: Patient) => void;
}

export function IntakeIdSection({ state, update, today, canWrite, lookup, idRef, admitRef, onConfirm, onAdmit }: IntakeIdSectionProps) {
  const { t } = useTranslation();
  const idProblem = visibleIdProblem(state);
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="md">
        <Title order={2} size="h4">{t('patients.identification')}</Title>
        <Radio.Group
          label={t('patients.idMode')}
          value={state.mode}
          onChange={(mode) => update((current) => chooseMode(current, mode))}
        >
          <Group gap="lg" mt={6}>
            {(canWrite ? ID_MODES : (['jmbg'] as const)).map((mode) => (
              <Radio key={mode} value={mode} label={t(`patients.mode_${mode}`)} />
            ))}
          </Group>
        </Radio.Group>
        <IdField
          state={state}
          inputRef={idRef}
          checking={lookup.checking}
          problem={idProblem ? messageText(idProblem) : null}
          below={<JmbgWarning jmbg={state.mode === 'jmbg' ? state.jmbg : null} />}
          onType={(value) => update((current) => typeId(current, value, today))}
          onLeave={() => update(leaveId)}
          onConfirm={onConfirm}
        />
        {lookup.registered ? <RegisteredPatientAlert patient={lookup.registered} admitRef={admitRef} onAdmit={onAdmit} /> : null}
        {!canWrite && lookup.unknown ? <Text c="dimmed">{t('samples.patientMissing')}</Text> : null}
      </Stack>
    </Paper>
  );
}
