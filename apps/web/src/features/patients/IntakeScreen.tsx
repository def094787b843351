/**
 * /prijem: registering a patient (spec sections 4 and 5). The ID comes first:
 * a JMBG (a barcode scanner types it and Enter), a date of birth, a birth year
 * or nothing, each turned into the ID to save by the domain rules. A JMBG
 * that is already registered shows 'Uneseni Matični broj je već registriran!'
 * with the patient and 'Prijem' instead of SAČUVAJ. After saving or finding,
 * the sample entry of the patient opens (/samples/{id}). Read-only users only
 * look patients up.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  Alert, Button, Group, Loader, Paper, Radio, SimpleGrid, Stack, Text, TextInput, Title,
} from '@mantine/core';
import { IconArrowRight, IconBarcode, IconTags, IconUserCheck } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ID_MODES, MIN_BIRTH_YEAR, inputLengthFor, message, type IdMode } from '@lis/domain';
import { ApiError } from '../../api/client.ts';
import { notify } from '../../components/notify.tsx';
import { currentLanguage, serverMessage } from '../../i18n/index.ts';
import { useActiveSession } from '../auth/session.ts';
import { labToday } from '../samples/format.ts';
import { findPatient, savePatient, type Patient } from './api.ts';
import { moveOnEnter } from './enter-navigation.ts';
import {
  canSave, chooseMode, fieldRequired, initialIntake, leaveEmail, leaveId, revealProblems, saveBody, setLanguages, setSpol, setText,
  tickSymptom, typeId, visibleEmailProblem, visibleIdProblem, type IntakeState, type IntakeTextField,
} from './intake-form.ts';
import { LanguageSelect, SpolChoice, SymptomChecklist } from './PatientFields.tsx';
import { READABLE_ALERT_STYLES } from '../samples/readable.ts';

const findKey = (jmbg: string | null) => ['patients', 'find', jmbg] as const;

/** Typing, dropping or pasting into an ID field: only typing counts (spec section 5: pasting is blocked). */
const blockPaste = {
  onPaste: (event: React.ClipboardEvent) => event.preventDefault(),
  onDrop: (event: React.DragEvent) => event.preventDefault(),
};

export function IntakeScreen() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const session = useActiveSession();
  const canWrite = session.can('patients.write');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const today = useMemo(() => labToday(), []);
  const [state, setState] = useState<IntakeState>(initialIntake);
  const [saving, setSaving] = useState(false);
  const idRef = useRef<HTMLInputElement>(null);
  const imeRef = useRef<HTMLInputElement>(null);
  const admitRef = useRef<HTMLButtonElement>(null);
  const stateRef = useRef(state);
  stateRef.current = state;

  // Only a real JMBG can be looked up: the other modes make a new random placeholder.
  const lookup = state.mode === 'jmbg' ? state.jmbg : null;
  const find = useQuery({
    queryKey: findKey(lookup),
    queryFn: ({ signal }) => findPatient(lookup!, signal),
    enabled: lookup !== null,
    staleTime: 0,
  });
  const registered: Patient | null = lookup && find.data ? find.data : null;

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
  const text = (field: IntakeTextField) => ({
    value: state[field],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      const value = event.currentTarget.value;
      update((current) => setText(current, field, value));
    },
  });

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
        const patient = await queryClient.fetchQuery({
          queryKey: findKey(current.jmbg), queryFn: ({ signal }) => findPatient(current.jmbg!, signal), staleTime: 0,
        });
        if (patient) {
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
      admit(registered);
      return;
    }
    if (!canSave(state)) {
      update(revealProblems);
      notify.warning(message('form.required', language));
      return;
    }
    setSaving(true);
    try {
      const patient = await savePatient(saveBody(state));
      notify.success(t('patients.saved'));
      admit(patient);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'patient.duplicate' && state.jmbg) {
        // Registered by someone else a moment ago: show that patient and offer 'Prijem'.
        notify.warning(message('patient.existsWarning', language));
        await queryClient.invalidateQueries({ queryKey: findKey(state.jmbg) });
      } else {
        notify.error(error instanceof ApiError ? serverMessage(error) : t('errors.unexpected'), { title: message('save.failed', language) });
      }
    } finally {
      setSaving(false);
    }
  };

  const idProblem = visibleIdProblem(state);
  const emailProblem = visibleEmailProblem(state);
  const required = t('patients.required');
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
            <Button variant="default" size="sm" leftSection={<IconBarcode size={16} aria-hidden />} onClick={() => navigate('/barcode')}>
              {t('patients.toReception')}
            </Button>
          ) : null}
          <Button variant="default" size="sm" leftSection={<IconTags size={16} aria-hidden />} onClick={() => navigate('/naljepnice')}>
            {t('patients.toProcessing')}
          </Button>
        </Group>
      </Group>

      <form onSubmit={submit} onKeyDown={moveOnEnter} noValidate aria-label={t('patients.intakeSubtitle')}>
        <Stack gap="lg">
          <Paper withBorder radius="md" p="lg">
            <Stack gap="md">
              <Title order={2} size="h4">{t('patients.identification')}</Title>
              <Radio.Group
                label={t('patients.idMode')}
                value={state.mode}
                onChange={(mode) => update((current) => chooseMode(current, mode as IdMode))}
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
                checking={find.isFetching}
                problem={idProblem ? message(idProblem, language) : null}
                onType={(value) => update((current) => typeId(current, value, today))}
                onLeave={() => update(leaveId)}
                onConfirm={() => void confirmId()}
              />
              {registered ? (
                <Alert styles={READABLE_ALERT_STYLES} color="orange" variant="light" icon={<IconUserCheck aria-hidden />} title={message('patient.duplicate', language)}>
                  <Group justify="space-between" align="center" gap="sm">
                    <Text fw={500}>{t('patients.registeredPatient', { ime: registered.ime, prezime: registered.prezime, jmbg: registered.jmbg })}</Text>
                    <Button ref={admitRef} rightSection={<IconArrowRight size={16} aria-hidden />} onClick={() => admit(registered)}>
                      {t('common.admit')}
                    </Button>
                  </Group>
                </Alert>
              ) : null}
              {!canWrite && lookup && find.isSuccess && !registered ? (
                <Text c="dimmed">{t('samples.patientMissing')}</Text>
              ) : null}
            </Stack>
          </Paper>

          {/* A registered ID needs no registration form: 'Prijem' above is the way on. */}
          {canWrite && !registered ? (
            <>
              <Paper withBorder radius="md" p="lg">
                <Stack gap="md">
                  <Title order={2} size="h4">{t('patients.personal')}</Title>
                  <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
                    <TextInput
                      ref={imeRef}
                      label={t('patients.ime')}
                      withAsterisk
                      autoComplete="off"
                      data-enter-next="ime"
                      error={fieldRequired(state, 'ime') ? required : undefined}
                      {...text('ime')}
                    />
                    <TextInput
                      label={t('patients.prezime')}
                      withAsterisk
                      autoComplete="off"
                      data-enter-next="prezime"
                      error={fieldRequired(state, 'prezime') ? required : undefined}
                      {...text('prezime')}
                    />
                    <TextInput
                      label={t('patients.adresa')}
                      withAsterisk
                      autoComplete="off"
                      data-enter-next="adresa"
                      error={fieldRequired(state, 'adresa') ? required : undefined}
                      {...text('adresa')}
                    />
                    <TextInput
                      label={t('patients.telefon')}
                      withAsterisk
                      type="tel"
                      autoComplete="off"
                      data-enter-next="telefon"
                      error={fieldRequired(state, 'telefon') ? required : undefined}
                      {...text('telefon')}
                    />
                    <TextInput
                      label={t('patients.email')}
                      type="email"
                      autoComplete="off"
                      data-enter-next="email"
                      error={emailProblem ? message(emailProblem, language) : undefined}
                      onBlur={() => update(leaveEmail)}
                      {...text('email')}
                    />
                    <TextInput
                      label={t('patients.passport')}
                      autoComplete="off"
                      data-enter-next="passport"
                      {...text('passport')}
                    />
                    <SpolChoice
                      value={state.spol}
                      onChange={(spol) => update((current) => setSpol(current, spol))}
                      error={fieldRequired(state, 'spol') ? required : null}
                    />
                    <LanguageSelect value={state.language} onChange={(value) => update((current) => setLanguages(current, value))} />
                  </SimpleGrid>
                </Stack>
              </Paper>

              <Paper withBorder radius="md" p="lg">
                <SymptomChecklist
                  symptoms={state.symptoms}
                  onChange={(key, checked) => update((current) => tickSymptom(current, key, checked))}
                  error={fieldRequired(state, 'symptoms') ? message('form.required', language) : null}
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

interface IdFieldProps {
  state: IntakeState;
  inputRef: React.RefObject<HTMLInputElement | null>;
  checking: boolean;
  problem: string | null;
  onType: (value: string) => void;
  onLeave: () => void;
  onConfirm: () => void;
}

/** The ID field of the chosen mode: cut to its length, no pasting, Enter confirms; 'no data' shows the generated ID. */
function IdField({ state, inputRef, checking, problem, onType, onLeave, onConfirm }: IdFieldProps) {
  const { t } = useTranslation();
  // The placeholder generated for the date, year and no-data modes, shown so the desk can write it down.
  const generated = (
    <Text size="sm" c="dimmed" ff="monospace" mih={22} data-testid="generated-id">
      {state.mode !== 'jmbg' && state.jmbg ? t('patients.generatedId', { id: state.jmbg }) : ''}
    </Text>
  );
  if (state.mode === 'bez') {
    return (
      <Stack gap={4} mih={62} justify="center">
        <Text size="sm">{t('patients.hint_bez')}</Text>
        {generated}
      </Stack>
    );
  }
  const hint = state.mode === 'god'
    ? t('patients.hint_god', { min: MIN_BIRTH_YEAR, max: labToday().year })
    : t(`patients.hint_${state.mode}`);
  return (
    <Stack gap={4}>
      <TextInput
        ref={inputRef}
        label={t(`patients.input_${state.mode}`)}
        description={hint}
        withAsterisk
        size="md"
        maw={420}
        value={state.idInput}
        maxLength={inputLengthFor(state.mode)}
        inputMode={state.mode === 'jmbg' ? 'text' : 'numeric'}
        autoComplete="off"
        spellCheck={false}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', letterSpacing: '0.06em' } }}
        error={problem ?? undefined}
        rightSection={checking ? <Loader size="xs" aria-label={t('patients.checking')} /> : null}
        onChange={(event) => onType(event.currentTarget.value)}
        onBlur={onLeave}
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return;
          event.preventDefault();
          onConfirm();
        }}
        {...blockPaste}
      />
      {generated}
    </Stack>
  );
}
