/**
 * The dialogs of the patient list (spec section 2):
 * - the patient edit dialog 'Pacijent: {ime} {prezime}', opened once the
 *   detail answer carries a patient with jmbg; an invalid ID typed there
 *   goes back to the stored one without a message (spec section 5), and a
 *   failed update changes nothing and says nothing (spec section 8);
 * - the patient-data dialog: birth year, address, referring location, note;
 * - the read-only symptoms dialog;
 * - the patient's uncompleted samples with their status.
 * Read-only users see the same dialogs without SAČUVAJ.
 */
import type { ReactNode } from 'react';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  Alert, Anchor, Autocomplete, Button, Group, SimpleGrid, Skeleton, Stack, Table, Text, TextInput, Textarea,
} from '@mantine/core';
import { IconArrowRight, IconStarFilled } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  JMBG_LENGTH, PATIENT_LIMITS, type PatientUpdateRequest, describeJmbg, intakeProblems, isValidJmbg,
  message, normaliseName, parseBirthYearInput, setSymptom, truncateIdInput,
} from '@lis/domain';
import { AppDialog } from '../../components/AppDialog.tsx';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { invalidateList } from '../../components/list-table/index.ts';
import { notify } from '../../components/notify.tsx';
import { currentLanguage } from '../../i18n/index.ts';
import { useActiveSession } from '../auth/session.ts';
import { formatDateTime, labToday } from '../samples/format.ts';
import { PATIENT_LIST_URL, type Patient, patientDetail, uncompletedSamples, updatePatient } from './api.ts';
import { LanguageSelect, SpolChoice, SymptomChecklist } from './PatientFields.tsx';
import { READABLE_ALERT_STYLES } from '../samples/readable.ts';

export type PatientDialogKind = 'edit' | 'data' | 'symptoms' | 'samples';

export interface PatientDialogTarget {
  kind: PatientDialogKind;
  patient: { _id: string; ime: string; prezime: string };
}

const detailKey = (id: string) => ['patients', 'detail', id] as const;

function usePatientDetail(id: string | null) {
  return useQuery({
    queryKey: detailKey(id ?? ''),
    queryFn: ({ signal }) => patientDetail(id!, signal),
    enabled: id !== null,
    staleTime: 0,
  });
}

interface PatientDialogsProps {
  target: PatientDialogTarget | null;
  onClose: () => void;
  /** A sample of the uncompleted list was chosen: the caller shows it (the sample edit dialog). */
  onOpenSample: (sampleId: string) => void;
}

/** Opens the dialog named by `target`; null closes every one. */
export function PatientDialogs({ target, onClose, onOpenSample }: PatientDialogsProps) {
  const kind = target?.kind ?? null;
  const id = target?.patient._id ?? null;
  return (
    <>
      <PatientEditDialog patientId={kind === 'edit' ? id : null} onClose={onClose} />
      <PatientDataDialog patientId={kind === 'data' ? id : null} onClose={onClose} />
      <SymptomsDialog patientId={kind === 'symptoms' ? id : null} onClose={onClose} />
      <UncompletedSamplesDialog patient={kind === 'samples' ? target?.patient ?? null : null} onClose={onClose} onOpenSample={onOpenSample} />
    </>
  );
}

/** Saves a patient update, refreshes what shows the patient and closes; a failure changes nothing and says nothing (spec section 8). */
function usePatientUpdate(onClose: () => void) {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  const [saving, setSaving] = useState(false);
  const save = async (id: string, body: PatientUpdateRequest) => {
    setSaving(true);
    try {
      await updatePatient(id, body);
      notify.success(t('patients.updated'));
      await Promise.all([
        invalidateList(queryClient, PATIENT_LIST_URL),
        queryClient.invalidateQueries({ queryKey: detailKey(id) }),
        queryClient.invalidateQueries({ queryKey: ['samples'] }),
      ]);
      onClose();
    } catch {
      // Spec section 8: a failed patient update changes nothing and shows no message.
    } finally {
      setSaving(false);
    }
  };
  return { saving, save };
}

function PatientEditDialog({ patientId, onClose }: { patientId: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = usePatientDetail(patientId);
  const patient = detail.data && detail.data._id === patientId && detail.data.jmbg ? detail.data : null;
  return (
    <AppDialog
      opened={patient !== null}
      onClose={onClose}
      title={patient ? t('patients.editTitle', { ime: patient.ime, prezime: patient.prezime }) : ''}
      size="xl"
    >
      {patient ? <EditForm key={patient.updated_at} patient={patient} onClose={onClose} /> : null}
    </AppDialog>
  );
}

/** What the edit dialog lets a person change: the patient's own fields. */
type EditState = Pick<Patient, 'jmbg' | 'ime' | 'prezime' | 'spol' | 'adresa' | 'telefon' | 'email' | 'passport' | 'language' | 'symptoms' | 'note'>;

function EditForm({ patient, onClose }: { patient: Patient; onClose: () => void }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const session = useActiveSession();
  const editable = session.can('patients.write');
  const { saving, save: saveUpdate } = usePatientUpdate(onClose);
  const [form, setForm] = useState<EditState>({
    jmbg: patient.jmbg, ime: patient.ime, prezime: patient.prezime, spol: patient.spol, adresa: patient.adresa, telefon: patient.telefon,
    email: patient.email, passport: patient.passport, language: patient.language, symptoms: patient.symptoms, note: patient.note,
  });
  const problems = useMemo(() => intakeProblems(form), [form]);
  const problemOf = (field: string) => problems.find((problem) => problem.field === field);
  const text = (field: 'ime' | 'prezime' | 'adresa' | 'telefon' | 'email' | 'passport') => ({
    value: form[field],
    disabled: !editable,
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      const value = event.currentTarget.value;
      setForm((current) => ({ ...current, [field]: field === 'ime' || field === 'prezime' ? value.toUpperCase() : value }));
    },
    error: problemOf(field) ? (field === 'email' ? message('patient.emailInvalid', language) : t('patients.required')) : undefined,
  });

  const save = async () => {
    if (problems.length > 0) {
      notify.warning(message('form.required', language));
      return;
    }
    await saveUpdate(patient._id, {
      ...form,
      spol: form.spol === '' ? undefined : form.spol,
      ime: normaliseName(form.ime),
      prezime: normaliseName(form.prezime),
      adresa: form.adresa.trim(),
      telefon: form.telefon.trim(),
      email: form.email.trim(),
      passport: form.passport.trim(),
      duhan: patient.duhan,
      dijabetes: patient.dijabetes,
    });
  };

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label={t('patients.editJmbg')}
          description={editable ? t('patients.editJmbgHint') : undefined}
          // The hint under the field, so the row's labels and inputs stay level.
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          value={form.jmbg}
          maxLength={JMBG_LENGTH}
          disabled={!editable}
          autoComplete="off"
          spellCheck={false}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          onChange={(event) => {
            const value = truncateIdInput(event.currentTarget.value.replace(/\s+/g, ''), 'jmbg');
            setForm((current) => ({ ...current, jmbg: value }));
          }}
          // Spec section 5: on the edit form an invalid ID returns to the original without a message.
          onBlur={() => setForm((current) => (isValidJmbg(current.jmbg) ? current : { ...current, jmbg: patient.jmbg }))}
          onPaste={(event) => event.preventDefault()}
          onDrop={(event) => event.preventDefault()}
        />
        <TextInput label={t('patients.passport')} autoComplete="off" {...text('passport')} />
        <TextInput label={t('patients.ime')} withAsterisk autoComplete="off" {...text('ime')} />
        <TextInput label={t('patients.prezime')} withAsterisk autoComplete="off" {...text('prezime')} />
        <TextInput label={t('patients.adresa')} withAsterisk autoComplete="off" {...text('adresa')} />
        <TextInput label={t('patients.telefon')} withAsterisk type="tel" autoComplete="off" {...text('telefon')} />
        <TextInput label={t('patients.email')} type="email" autoComplete="off" {...text('email')} />
        <SpolChoice value={form.spol} disabled={!editable} onChange={(spol) => setForm((current) => ({ ...current, spol }))} />
        <LanguageSelect value={form.language} disabled={!editable} onChange={(value) => setForm((current) => ({ ...current, language: value }))} />
      </SimpleGrid>
      <SymptomChecklist
        symptoms={form.symptoms}
        readOnly={!editable}
        onChange={(key, checked) => setForm((current) => ({ ...current, symptoms: setSymptom(current.symptoms, key, checked) }))}
        error={problemOf('symptoms') ? message('form.required', language) : null}
      />
      <Textarea
        label={t('patients.note')}
        value={form.note}
        disabled={!editable}
        maxLength={PATIENT_LIMITS.note}
        autosize
        minRows={2}
        onChange={(event) => {
          const note = event.currentTarget.value;
          setForm((current) => ({ ...current, note }));
        }}
      />
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onClose}>{t('common.close')}</Button>
        {editable ? <Button onClick={() => void save()} loading={saving} disabled={problems.length > 0}>{t('common.save')}</Button> : null}
      </Group>
    </Stack>
  );
}

function DialogLoading() {
  return (
    <Stack gap="sm" aria-hidden>
      <Skeleton h={36} />
      <Skeleton h={36} />
      <Skeleton h={72} />
    </Stack>
  );
}

/** A dialog about one patient record: loads it, shows a skeleton meanwhile and the failure if it fails. */
function PatientRecordDialog({ patientId, onClose, titleKey, loadingTitleKey, children }: {
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
      title={patient ? t(titleKey, { ime: patient.ime, prezime: patient.prezime }) : t(loadingTitleKey)}
      size="lg"
    >
      {patient ? children(patient)
        : detail.isError ? <Alert styles={READABLE_ALERT_STYLES} color="red">{t('patients.loadFailed')}</Alert> : <DialogLoading />}
    </AppDialog>
  );
}

function PatientDataDialog({ patientId, onClose }: { patientId: string | null; onClose: () => void }) {
  return (
    <PatientRecordDialog patientId={patientId} onClose={onClose} titleKey="patients.dataTitle" loadingTitleKey="patients.actionData">
      {(patient) => <DataForm key={patient.updated_at} patient={patient} onClose={onClose} />}
    </PatientRecordDialog>
  );
}

function DataForm({ patient, onClose }: { patient: Patient; onClose: () => void }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const session = useActiveSession();
  const editable = session.can('patients.write');
  const { saving, save: saveUpdate } = usePatientUpdate(onClose);
  // When the ID carries the birth, the birth year comes from it and is not typed.
  const yearFromId = describeJmbg(patient.jmbg)?.birthYear ?? null;
  const [godiste, setGodiste] = useState(patient.godiste === null ? '' : String(patient.godiste));
  const [adresa, setAdresa] = useState(patient.adresa);
  const [lokacija, setLokacija] = useState(patient.lokacija);
  const [note, setNote] = useState(patient.note);
  const year = godiste.trim() === '' ? null : parseBirthYearInput(godiste.trim(), labToday());
  const yearInvalid = godiste.trim() !== '' && year === null;
  const adresaMissing = adresa.trim() === '';

  const save = async () => {
    if (yearInvalid || adresaMissing) return;
    await saveUpdate(patient._id, {
      adresa: adresa.trim(), lokacija: lokacija.trim(), note, ...(yearFromId === null ? { godiste: year } : {}),
    });
  };

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label={t('patients.godiste')}
          description={yearFromId !== null ? t('patients.godisteFromId') : undefined}
          value={yearFromId !== null ? String(yearFromId) : godiste}
          disabled={!editable || yearFromId !== null}
          maxLength={4}
          inputMode="numeric"
          autoComplete="off"
          error={yearInvalid ? message('patient.birthYearInvalid', language) : undefined}
          onChange={(event) => setGodiste(event.currentTarget.value.replace(/\D/g, ''))}
        />
        <Autocomplete
          label={t('patients.lokacija')}
          placeholder={t('patients.lokacijaPlaceholder')}
          data={session.site.mjesta}
          value={lokacija}
          onChange={setLokacija}
          disabled={!editable}
          maxLength={PATIENT_LIMITS.lokacija}
          comboboxProps={{ withinPortal: true }}
        />
      </SimpleGrid>
      <TextInput
        label={t('patients.adresa')}
        withAsterisk
        value={adresa}
        disabled={!editable}
        maxLength={PATIENT_LIMITS.adresa}
        autoComplete="off"
        error={adresaMissing ? t('patients.required') : undefined}
        onChange={(event) => setAdresa(event.currentTarget.value)}
      />
      <Textarea
        label={t('patients.note')}
        value={note}
        disabled={!editable}
        maxLength={PATIENT_LIMITS.note}
        autosize
        minRows={3}
        onChange={(event) => setNote(event.currentTarget.value)}
      />
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onClose}>{t('common.close')}</Button>
        {editable ? <Button onClick={() => void save()} loading={saving} disabled={yearInvalid || adresaMissing}>{t('common.save')}</Button> : null}
      </Group>
    </Stack>
  );
}

function SymptomsDialog({ patientId, onClose }: { patientId: string | null; onClose: () => void }) {
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

function UncompletedSamplesDialog({ patient, onClose, onOpenSample }: {
  patient: PatientDialogTarget['patient'] | null;
  onClose: () => void;
  onOpenSample: (sampleId: string) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const samples = useQuery({
    queryKey: ['samples', 'uncompleted', patient?._id ?? ''],
    queryFn: ({ signal }) => uncompletedSamples(patient!._id, signal),
    enabled: patient !== null,
    staleTime: 0,
  });
  return (
    <AppDialog
      opened={patient !== null}
      onClose={onClose}
      title={patient ? t('patients.samplesTitle', { ime: patient.ime, prezime: patient.prezime }) : ''}
      size="lg"
    >
      <Stack gap="md">
        {samples.isPending ? <DialogLoading /> : samples.isError ? <Alert styles={READABLE_ALERT_STYLES} color="red">{t('patients.loadFailed')}</Alert>
          : samples.data.length === 0 ? <Text c="dimmed">{t('patients.noSamples')}</Text> : (
            <Table.ScrollContainer minWidth={420}>
              <Table striped verticalSpacing="xs" aria-label={t('patients.actionSamples')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('patients.sampleCode')}</Table.Th>
                    <Table.Th>{t('patients.sampleDate')}</Table.Th>
                    <Table.Th ta="right">{t('patients.sampleTests')}</Table.Th>
                    <Table.Th>{t('patients.sampleStatus')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {samples.data.map((sample) => (
                    <Table.Tr key={sample._id}>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          <Anchor
                            component="button"
                            type="button"
                            ff="monospace"
                            fw={600}
                            size="sm"
                            aria-label={t('patients.openSample', { code: sample.code })}
                            onClick={() => onOpenSample(sample._id)}
                          >
                            {sample.code}
                          </Anchor>
                          {sample.hitan ? <IconStarFilled size={14} color="var(--mantine-color-orange-7)" aria-label={t('patients.urgent')} role="img" /> : null}
                        </Group>
                      </Table.Td>
                      <Table.Td>{formatDateTime(sample.datum)}</Table.Td>
                      <Table.Td ta="right">{sample.testova}</Table.Td>
                      <Table.Td><StatusBadge status={sample.status} /></Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        <Group justify="space-between" gap="xs">
          {patient ? (
            <Button variant="light" rightSection={<IconArrowRight size={16} aria-hidden />} onClick={() => navigate(`/samples/${patient._id}`)}>
              {t('patients.toSamples')}
            </Button>
          ) : <span />}
          <Button variant="default" onClick={onClose}>{t('common.close')}</Button>
        </Group>
      </Stack>
    </AppDialog>
  );
}
