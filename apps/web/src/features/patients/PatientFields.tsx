/**
 * Pieces of the patient forms shared by the intake form, the patient edit
 * dialog and the read-only symptoms dialog: the symptom checklist, the sex
 * choice and the report-language multi-select.
 */
import { useId } from 'react';
import { Checkbox, Divider, Fieldset, Group, MultiSelect, Pill, Radio, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  NO_SYMPTOMS, REPORT_LANGUAGES, SPOL_VALUES, SYMPTOM_KEYS, isSymptomDisabled, type ReportLanguage, type Spol,
  type SymptomKey, type Symptoms,
} from '@lis/domain';
import { useSpolLabel } from '../../lib/spol-label.ts';

interface SymptomChecklistProps {
  symptoms: Symptoms;
  onChange?: (key: SymptomKey, checked: boolean) => void;
  /** Shows the boxes without letting them change (the symptoms dialog, read-only users). */
  readOnly?: boolean;
  error?: string | null;
}

/** The 14 symptoms of the spec in its order; 'no symptoms' first, and ticking it disables and clears the others. */
export function SymptomChecklist({ symptoms, onChange, readOnly = false, error }: SymptomChecklistProps) {
  const { t } = useTranslation();
  const errorId = useId();
  const others = SYMPTOM_KEYS.filter((key) => key !== NO_SYMPTOMS);
  const box = (key: SymptomKey) => (
    <Checkbox
      key={key}
      label={t(`symptoms.${key}`)}
      checked={symptoms[key]}
      disabled={readOnly ? !symptoms[key] : isSymptomDisabled(symptoms, key)}
      readOnly={readOnly}
      onChange={(event) => {
        if (!readOnly) onChange?.(key, event.currentTarget.checked);
      }}
      aria-describedby={error ? errorId : undefined}
    />
  );
  return (
    <Fieldset legend={<Text span fw={600} size="lg">{t('patients.symptoms')}</Text>} variant="unstyled" m={0} p={0} aria-invalid={error ? true : undefined}>
      {readOnly ? null : <Text size="sm" c="dimmed" mb="xs">{t('patients.symptomsHint')}</Text>}
      {box(NO_SYMPTOMS)}
      <Divider my="sm" />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" verticalSpacing="xs">
        {others.map(box)}
      </SimpleGrid>
      {error ? <Text id={errorId} size="sm" c="var(--mantine-color-error)" mt="xs" role="alert">{error}</Text> : null}
    </Fieldset>
  );
}

interface SpolChoiceProps {
  value: Spol | '';
  onChange: (spol: Spol) => void;
  error?: string | null;
  disabled?: boolean;
}

export function SpolChoice({ value, onChange, error, disabled }: SpolChoiceProps) {
  const { t } = useTranslation();
  const spolLabel = useSpolLabel();
  return (
    <Radio.Group label={t('patients.spol')} value={value} onChange={(next) => onChange(next as Spol)} withAsterisk error={error ?? undefined}>
      <Group gap="lg" mt={6} mih={36} align="center">
        {SPOL_VALUES.map((spol) => (
          <Radio key={spol} value={spol} label={spolLabel(spol)} disabled={disabled} data-enter-next="spol" />
        ))}
      </Group>
    </Radio.Group>
  );
}

const LANGUAGE_KEYS: Record<ReportLanguage, 'bs' | 'en' | 'de'> = { 'Bosanski jezik': 'bs', 'Engleski jezik': 'en', 'Njemački jezik': 'de' };

/** More than this many chosen languages show as 'N od M odabrana' instead of one pill each. */
export const LANGUAGE_PILLS_SHOWN = 2;

interface LanguageSelectProps {
  value: ReportLanguage[];
  onChange: (value: ReportLanguage[]) => void;
  disabled?: boolean;
}

export function LanguageSelect({ value, onChange, disabled }: LanguageSelectProps) {
  const { t } = useTranslation();
  const summarised = value.length > LANGUAGE_PILLS_SHOWN;
  return (
    <MultiSelect
      label={t('patients.language')}
      placeholder={value.length === 0 ? t('patients.languagePlaceholder') : undefined}
      data={REPORT_LANGUAGES.map((language) => ({ value: language, label: t(`language.${LANGUAGE_KEYS[language]}`) }))}
      value={value}
      onChange={(next) => onChange(next.filter((item): item is ReportLanguage => (REPORT_LANGUAGES as readonly string[]).includes(item)))}
      disabled={disabled}
      clearable
      renderPill={summarised ? ({ value: pillValue }) => (pillValue === value[0]
        ? <Pill key="summary">{t('patients.languagesSelected', { n: value.length, m: REPORT_LANGUAGES.length })}</Pill>
        : null) : undefined}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
