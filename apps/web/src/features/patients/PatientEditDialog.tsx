/**
 * The patient edit dialog 'Pacijent: {ime} {prezime}', opened once the detail
 * answer carries a patient with jmbg. An invalid ID typed there goes back to
 * the stored one without a message; a JMBG with a wrong control digit is kept
 * with a warning under the field. Read-only users see it without SAČUVAJ.
 */
import { useMemo, useState } from 'react';
import { Button, Checkbox, Group, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { IconChartLine, IconLockAccess, IconTable } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  JMBG_LENGTH, PATIENT_LIMITS, intakeProblems, isValidJmbg, normaliseName, setSymptom, truncateIdInput,
} from '@lis/domain';
import { AppDialog } from '../../components/AppDialog.tsx';
import { notify } from '../../components/notify.tsx';
import { messageText } from '../../i18n/index.ts';
import { useActiveSession } from '../auth/index.ts';
import { revokePortalAccess, type Patient } from './api.ts';
import { JmbgWarning } from './JmbgWarning.tsx';
import { usePatientDetail, usePatientUpdate } from './patient-record.ts';
import { LanguageSelect, SpolChoice, SymptomChecklist } from './PatientFields.tsx';

export function PatientEditDialog({ patientId, onClose, onOpenResults, onOpenCumulative }: {
  patientId: string | null;
  onClose: () => void;
  /** Offers the patient's results over time (the result-multi dialog, which the caller opens). */
  onOpenResults?: (patientId: string) => void;
  /** Offers the patient's cumulative report (its dialog, which the caller opens). */
  onOpenCumulative?: (patient: Pick<Patient, '_id' | 'ime' | 'prezime'>) => void;
}) {
  const { t } = useTranslation();
  const detail = usePatientDetail(patientId);
  const patient = detail.data && detail.data._id === patientId && detail.data.jmbg ? detail.data : null;
  return (
    <AppDialog
      opened={patient !== null}
      onClose={onClose}
      // The edit dialog's title is the one place the name reads first name first: the title as the lab's
      // specification writes it ('Pacijent: {ime} {prezime}'); lists and every other title read PREZIME IME.
      title={patient ? t('patients.editTitle', { ime: patient.ime, prezime: patient.prezime }) : ''}
      size="xl"
    >
      {patient ? (
        <EditForm
          key={patient.updated_at} patient={patient} onClose={onClose}
          onOpenResults={onOpenResults ? () => onOpenResults(patient._id) : undefined}
          onOpenCumulative={onOpenCumulative ? () => onOpenCumulative(patient) : undefined}
        />
      ) : null}
    </AppDialog>
  );
}

/** What the edit dialog lets a person change: the patient's own fields. */
type EditState = Pick<Patient, 'jmbg' | 'ime' | 'prezime' | 'spol' | 'adresa' | 'telefon' | 'email' | 'passport' | 'language' | 'symptoms' | 'note' | 'portal_consent'>;

/** Ends every unused portal code and open portal session of the patient (audited by the server). */
function RevokePortalButton({ patientId }: { patientId: string }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const revoke = async () => {
    setBusy(true);
    try {
      await revokePortalAccess(patientId);
      notify.success(messageText('portal.revoked'));
    } catch (error) {
      notify.apiError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="light" color="red" size="xs" leftSection={<IconLockAccess size={16} aria-hidden />} loading={busy} onClick={() => void revoke()}>
      {t('patients.portalRevoke')}
    </Button>
  );
}

function EditForm({ patient, onClose, onOpenResults, onOpenCumulative }: {
  patient: Patient; onClose: () => void; onOpenResults: (() => void) | undefined; onOpenCumulative: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const session = useActiveSession();
  const editable = session.can('patients.write');
  const { saving, save: saveUpdate } = usePatientUpdate(onClose);
  const [form, setForm] = useState<EditState>({
    jmbg: patient.jmbg, ime: patient.ime, prezime: patient.prezime, spol: patient.spol, adresa: patient.adresa, telefon: patient.telefon,
    email: patient.email, passport: patient.passport, language: patient.language, symptoms: patient.symptoms, note: patient.note,
    portal_consent: patient.portal_consent,
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
    error: problemOf(field) ? (field === 'email' ? messageText('patient.emailInvalid') : t('patients.required')) : undefined,
  });

  const save = async () => {
    if (problems.length > 0) {
      notify.warning(messageText('form.required'));
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
        <Stack gap={4}>
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
            // On the edit form an invalid ID returns to the stored one without a message.
            onBlur={() => setForm((current) => (isValidJmbg(current.jmbg) ? current : { ...current, jmbg: patient.jmbg }))}
            onPaste={(event) => event.preventDefault()}
            onDrop={(event) => event.preventDefault()}
          />
          <JmbgWarning jmbg={isValidJmbg(form.jmbg) ? form.jmbg : null} />
        </Stack>
        <TextInput label={t('patients.passport')} autoComplete="off" {...text('passport')} />
        <TextInput label={t('patients.ime')} withAsterisk autoComplete="off" {...text('ime')} />
        <TextInput label={t('patients.prezime')} withAsterisk autoComplete="off" {...text('prezime')} />
        <TextInput label={t('patients.adresa')} withAsterisk autoComplete="off" {...text('adresa')} />
        <TextInput label={t('patients.telefon')} withAsterisk type="tel" autoComplete="off" {...text('telefon')} />
        <TextInput label={t('patients.email')} type="email" autoComplete="off" {...text('email')} />
        <SpolChoice value={form.spol} disabled={!editable} onChange={(spol) => setForm((current) => ({ ...current, spol }))} />
        <LanguageSelect value={form.language} disabled={!editable} onChange={(value) => setForm((current) => ({ ...current, language: value }))} />
      </SimpleGrid>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Checkbox
          label={t('patients.portalConsent')}
          description={t('patients.portalConsentHint')}
          checked={form.portal_consent}
          disabled={!editable}
          onChange={(event) => {
            const checked = event.currentTarget.checked;
            setForm((current) => ({ ...current, portal_consent: checked }));
          }}
          maw={520}
        />
        {editable ? <RevokePortalButton patientId={patient._id} /> : null}
      </Group>
      <SymptomChecklist
        symptoms={form.symptoms}
        readOnly={!editable}
        onChange={(key, checked) => setForm((current) => ({ ...current, symptoms: setSymptom(current.symptoms, key, checked) }))}
        error={problemOf('symptoms') ? messageText('form.required') : null}
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
      <Group justify="space-between" gap="xs">
        <Group gap="xs">
          {onOpenResults ? (
            <Button variant="subtle" leftSection={<IconChartLine size={16} aria-hidden />} onClick={onOpenResults}>{t('patients.actionResults')}</Button>
          ) : null}
          {onOpenCumulative && session.can('reports.read') ? (
            <Button variant="subtle" leftSection={<IconTable size={16} aria-hidden />} onClick={onOpenCumulative}>{t('patients.actionCumulative')}</Button>
          ) : null}
        </Group>
        <Group gap="xs">
          <Button variant="default" onClick={onClose}>{t('common.close')}</Button>
          {editable ? <Button onClick={() => void save()} loading={saving} disabled={problems.length > 0}>{t('common.save')}</Button> : null}
        </Group>
      </Group>
    </Stack>
  );
}
