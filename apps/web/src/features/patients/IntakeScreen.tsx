/**
 * /prijem: registering a patient. The ID comes first (IntakeIdSection): a
 * JMBG (a barcode scanner types it and Enter), a date of birth, a birth year
 * or nothing, each turned into the ID to save by the domain rules. A JMBG
 * that is already registered shows 'Uneseni Matični broj je već registriran!'
 * with the patient and 'Prijem' instead of SAČUVAJ. Then the personal data
 * (IntakePersonalSection) and the symptoms. After saving or finding, the
 * sample entry of the patient opens (/samples/{id}). Read-only users only
 * look patients up.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconBarcode, IconTags } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { notify } from '../../components/notify.tsx';
import { serverMessage, messageText } from '../../i18n/index.ts';
import { useActiveSession } from '../auth/index.ts';
import { siteToday } from '../../lib/date-time.ts';
import { savePatient, type Patient } from './api.ts';
import { moveOnEnter } from '../../components/enter-navigation.ts';
import { canSave, fieldRequired, initialIntake, leaveId, revealProblems, saveBody, tickSymptom, type IntakeState } from './intake-form.ts';
import { IntakeIdSection } from './IntakeIdSection.tsx';
import { IntakePersonalSection } from './IntakePersonalSection.tsx';
import { SymptomChecklist } from './PatientFields.tsx';
import { useIntakeLookup } from './use-intake-lookup.ts';

export function IntakeScreen() {
  const { t } = useTranslation();
  const session = useActiveSession();
  const canWrite = session.can('patients.write');
  const navigate = useNavigate();
  const today = useMemo(() => siteToday(), []);
  const [state, setState] = useState<IntakeState>(initialIntake);
  const [saving, setSaving] = useState(false);
  const idRef = useRef<HTMLInputElement>(null);
  const imeRef = useRef<HTMLInputElement>(null);
  const admitRef = useRef<HTMLButtonElement>(null);
  const stateRef = useRef(state);
  stateRef.current = state;
  const lookup = useIntakeLookup(state);
  const { registered } = lookup;

  useEffect(() => {
    idRef.current?.focus();
  }, [state.mode]);

  // Where Enter in the ID field sends the focus; the target may only appear with the next render (the 'Prijem' button).
  const [focusNext, setFocusNext] = useState<'admit' | 'ime' | null>(null);
  useEffect(() => {
    const target = focusNext === 'admit' ? admitRef.current : focusNext === 'ime' ? imeRef.current : null;
    if (!target) return;
    target.focus();
    setFocusNext(null);
  }, [focusNext, registered]);

  const update = (change: (current: IntakeState) => IntakeState) => setState(change);
  const admit = (patient: Patient) => navigate(`/samples/${patient._id}`);

  /** Enter in the ID field (a scanner ends with it): look the JMBG up, then go to 'Prijem' or on to the name. */
  const confirmId = async () => {
    const current = stateRef.current;
    if (!current.jmbg) {
      update(leaveId);
      return;
    }
    if (current.mode === 'jmbg') {
      try {
        if (await lookup.lookUpNow(current.jmbg)) {
          setFocusNext('admit');
          return;
        }
      } catch (error) {
        notify.apiError(error);
        return;
      }
    }
    setFocusNext('ime');
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!canWrite || saving) return;
    if (registered) {
      void admit(registered);
      return;
    }
    if (!canSave(state)) {
      update(revealProblems);
      notify.warning(messageText('form.required'));
      return;
    }
    setSaving(true);
    try {
      const patient = await savePatient(saveBody(state));
      notify.success(t('patients.saved'));
      void admit(patient);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'patient.duplicate' && state.jmbg) {
        // Registered by someone else a moment ago: show that patient and offer 'Prijem'.
        notify.warning(messageText('patient.existsWarning'));
        await lookup.refresh(state.jmbg);
      } else {
        notify.error(error instanceof ApiError ? serverMessage(error) : t('errors.unexpected'), { title: messageText('save.failed') });
      }
    } finally {
      setSaving(false);
    }
  };

  const savable = canSave(state);

  return (
    <Stack gap="lg" maw={1040} mx="auto">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <div>
          <Title order={1} size="h2">{t('patients.intakeTitle')}</Title>
          <Text c="dimmed">{t('patients.intakeSubtitle')}</Text>
        </div>
        <Group gap="xs" aria-label={t('patients.shortcuts')} role="group">
          {session.can('samples.write') ? (
            <Button variant="default" size="sm" leftSection={<IconBarcode size={16} aria-hidden />} onClick={() => void navigate('/barcode')}>
              {t('patients.toReception')}
            </Button>
          ) : null}
          <Button variant="default" size="sm" leftSection={<IconTags size={16} aria-hidden />} onClick={() => void navigate('/naljepnice')}>
            {t('patients.toProcessing')}
          </Button>
        </Group>
      </Group>

      <form onSubmit={(event) => void submit(event)} onKeyDown={moveOnEnter} noValidate aria-label={t('patients.intakeSubtitle')}>
        <Stack gap="lg">
          <IntakeIdSection
            state={state}
            update={update}
            today={today}
            canWrite={canWrite}
            lookup={lookup}
            idRef={idRef}
            admitRef={admitRef}
            onConfirm={() => void confirmId()}
            onAdmit={(patient) => void admit(patient)}
          />

          {/* A registered ID needs no registration form: 'Prijem' above is the way on. */}
          {canWrite && !registered ? (
            <>
              <IntakePersonalSection state={state} update={update} imeRef={imeRef} />
              <Paper withBorder radius="md" p="lg">
                <SymptomChecklist
                  symptoms={state.symptoms}
                  onChange={(key, checked) => update((current) => tickSymptom(current, key, checked))}
                  error={fieldRequired(state, 'symptoms') ? messageText('form.required') : null}
                />
              </Paper>
              <Group justify="flex-end">
                <Button
                  type="submit"
                  size="md"
                  miw={160}
                  loading={saving}
                  data-disabled={!savable || undefined}
                  aria-disabled={!savable || undefined}
                >
                  {t('common.save')}
                </Button>
              </Group>
            </>
          ) : null}
          {canWrite ? null : <Text c="dimmed">{t('patients.readOnlyIntake')}</Text>}
        </Stack>
      </form>
    </Stack>
  );
}
