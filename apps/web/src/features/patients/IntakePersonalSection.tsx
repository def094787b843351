/**
 * The personal data block of the intake form: names, address, phone, e-mail,
 * identification document, sex and report languages. Enter moves to the next
 * field (data-enter-next, see components/enter-navigation.ts). A required field shows
 * its message only after a save was tried.
 */
import { Checkbox, Paper, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { messageText } from '../../i18n/index.ts';
import {
  fieldRequired, leaveEmail, setLanguages, setSpol, setText, visibleEmailProblem, type IntakeState, type IntakeTextField,
} from './intake-form.ts';
import { LanguageSelect, SpolChoice } from './PatientFields.tsx';

interface IntakePersonalSectionProps {
  state: IntakeState;
  update: (change: (current: IntakeState) => IntakeState) => void;
  imeRef: React.RefObject<HTMLInputElement | null>;
}

export function IntakePersonalSection({ state, update, imeRef }: IntakePersonalSectionProps) {
  const { t } = useTranslation();
  const required = t('patients.required');
  const emailProblem = visibleEmailProblem(state);
  const text = (field: IntakeTextField) => ({
    value: state[field],
    autoComplete: 'off',
    'data-enter-next': field,
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      const value = event.currentTarget.value;
      update((current) => setText(current, field, value));
    },
  });
  const requiredError = (field: 'ime' | 'prezime' | 'adresa' | 'telefon') => (fieldRequired(state, field) ? required : undefined);
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="md">
        <Title order={2} size="h4">{t('patients.personal')}</Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
          <TextInput ref={imeRef} label={t('patients.ime')} withAsterisk error={requiredError('ime')} {...text('ime')} />
          <TextInput label={t('patients.prezime')} withAsterisk error={requiredError('prezime')} {...text('prezime')} />
          <TextInput label={t('patients.adresa')} withAsterisk error={requiredError('adresa')} {...text('adresa')} />
          <TextInput label={t('patients.telefon')} withAsterisk type="tel" error={requiredError('telefon')} {...text('telefon')} />
          <TextInput
            label={t('patients.email')}
            type="email"
            error={emailProblem ? messageText(emailProblem) : undefined}
            onBlur={() => update(leaveEmail)}
            {...text('email')}
          />
          <TextInput label={t('patients.passport')} {...text('passport')} />
          <SpolChoice
            value={state.spol}
            onChange={(spol) => update((current) => setSpol(current, spol))}
            error={fieldRequired(state, 'spol') ? required : null}
          />
          <LanguageSelect value={state.language} onChange={(value) => update((current) => setLanguages(current, value))} />
        </SimpleGrid>
        <Checkbox
          label={t('patients.portalConsent')}
          description={t('patients.portalConsentHint')}
          checked={state.portalConsent}
          onChange={(event) => {
            const checked = event.currentTarget.checked;
            update((current) => ({ ...current, portalConsent: checked }));
          }}
        />
      </Stack>
    </Paper>
  );
}
