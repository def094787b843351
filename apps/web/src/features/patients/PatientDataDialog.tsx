/**
 * The patient-data dialog: birth year (typed only when the ID does not carry
 * it), address, referring location and note. Read-only users see it without
 * SAČUVAJ.
 */
import { useState } from 'react';
import { Autocomplete, Button, Group, Select, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PATIENT_LIMITS, describeJmbg, parseBirthYearInput } from '@lis/domain';
import { messageText } from '../../i18n/index.ts';
import { useActiveSession } from '../auth/index.ts';
import { choicesWith, useReferralChoices } from '../samples/index.ts';
import { siteToday } from '../../lib/date-time.ts';
import type { Patient } from './api.ts';
import { usePatientUpdate } from './patient-record.ts';
import { PatientRecordDialog } from './PatientRecordDialog.tsx';

export function PatientDataDialog({ patientId, onClose }: { patientId: string | null; onClose: () => void }) {
  return (
    <PatientRecordDialog patientId={patientId} onClose={onClose} titleKey="patients.dataTitle" loadingTitleKey="patients.actionData">
      {(patient) => <DataForm key={patient.updated_at} patient={patient} onClose={onClose} />}
    </PatientRecordDialog>
  );
}

function DataForm({ patient, onClose }: { patient: Patient; onClose: () => void }) {
  const { t } = useTranslation();
  const session = useActiveSession();
  const editable = session.can('patients.write');
  const { saving, save: saveUpdate } = usePatientUpdate(onClose);
  // When the ID carries the birth, the birth year comes from it and is not typed.
  const yearFromId = describeJmbg(patient.jmbg)?.birthYear ?? null;
  const [godiste, setGodiste] = useState(patient.godiste === null ? '' : String(patient.godiste));
  const [adresa, setAdresa] = useState(patient.adresa);
  const [lokacija, setLokacija] = useState(patient.lokacija);
  const [note, setNote] = useState(patient.note);
  // The referring location is chosen from the lab's list like a sample's, typed freely only when the lab allows it.
  const referral = useReferralChoices();
  const locationOptions = choicesWith(referral.freeLocation ? [...referral.lokacije, ...session.site.mjesta] : referral.lokacije, patient.lokacija);
  const year = godiste.trim() === '' ? null : parseBirthYearInput(godiste.trim(), siteToday());
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
          error={yearInvalid ? messageText('patient.birthYearInvalid') : undefined}
          onChange={(event) => setGodiste(event.currentTarget.value.replace(/\D/g, ''))}
        />
        {referral.freeLocation ? (
          <Autocomplete
            label={t('patients.lokacija')}
            placeholder={t('patients.lokacijaPlaceholder')}
            data={locationOptions}
            value={lokacija}
            onChange={setLokacija}
            disabled={!editable}
            maxLength={PATIENT_LIMITS.lokacija}
            comboboxProps={{ withinPortal: true }}
          />
        ) : (
          <Select
            label={t('patients.lokacija')}
            placeholder={t('patients.lokacijaChoose')}
            data={locationOptions}
            value={lokacija === '' ? null : lokacija}
            onChange={(value) => setLokacija(value ?? '')}
            searchable
            clearable
            disabled={!editable}
            comboboxProps={{ withinPortal: true }}
          />
        )}
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
