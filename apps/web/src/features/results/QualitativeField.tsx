/**
 * A qualitative result (Negativan / Pozitivan, with the assay's grades such as
 * +, ++, +++). The field is a button showing the result; from the keyboard N
 * sets Negativan, P sets Pozitivan (or opens the choice of the grade when the
 * assay has grades), Space or a click opens the sample-result dialog. Its
 * POTVRDI is enabled only for a negative, or a positive with its grade chosen
 * (the domain's canConfirmQualitative); the text stored is the domain's
 * qualitativeResult ("Pozitivan (++)").
 */
import { useState } from 'react';
import { Button, Group, Radio, Stack, Text } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  type QualitativeReading, type ResultTest, canConfirmQualitative, qualitativeResult, readQualitativeResult,
} from '@lis/domain';
import { AppDialog } from '../../components/AppDialog.tsx';
import { messageText } from '../../i18n/index.ts';
import { useAssayName } from '../../lib/catalogue-name.ts';
import { shownResult } from '../../lib/reference-range-text.ts';

interface QualitativeFieldProps {
  test: ResultTest;
  value: string;
  onChange: (value: string) => void;
  /** Opens the sample-result dialog (rendered by the screen, outside the result form) at this reading. */
  onChoose: (reading: QualitativeReading) => void;
  invalid?: boolean;
  /** The Enter-navigation group of the field (data-enter-next). */
  enterGroup: string;
  describedBy?: string;
}

export function QualitativeField({ test, value, onChange, onChoose, invalid = false, enterGroup, describedBy }: QualitativeFieldProps) {
  const { t } = useTranslation();
  const naziv = useAssayName()(test);
  const grades = test.opcije;

  const onKeyDown = (event: React.KeyboardEvent<HTMLButtonElement>) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const key = event.key.toLowerCase();
    if (key === 'n') {
      event.preventDefault();
      onChange(qualitativeResult(false, null));
    } else if (key === 'p') {
      event.preventDefault();
      if (grades.length === 0) onChange(qualitativeResult(true, null));
      else onChoose({ positive: true, grade: readQualitativeResult(value)?.grade ?? null });
    }
  };

  return (
    <Button
      variant="default"
      fullWidth
      justify="space-between"
      rightSection={<IconChevronDown size={14} aria-hidden />}
      aria-label={`${t('results.resultOf', { naziv })}: ${value ? shownResult(value) : t('results.qualitativeChoose')}`}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      aria-haspopup="dialog"
      data-enter-next={enterGroup}
      data-result-input=""
      title={t('results.qualitativeHint')}
      onKeyDown={onKeyDown}
      onClick={() => onChoose(readQualitativeResult(value) ?? { positive: false, grade: null })}
      styles={{ label: { fontWeight: value ? 600 : 400, color: value ? undefined : 'var(--mantine-color-gray-7)' } }}
      style={invalid ? { borderColor: 'var(--mantine-color-error)' } : undefined}
    >
      {value ? shownResult(value) : t('results.qualitativeChoose')}
    </Button>
  );
}

interface QualitativeDialogProps {
  test: ResultTest;
  initial: QualitativeReading;
  /** The field has a result the dialog may remove. */
  canClear: boolean;
  onClose: () => void;
  onConfirm: (text: string) => void;
}

const NEGATIVE = 'negative';
const POSITIVE = 'positive';

export function QualitativeDialog({ test, initial, canClear, onClose, onConfirm }: QualitativeDialogProps) {
  const { t } = useTranslation();
  const naziv = useAssayName()(test);
  const [reading, setReading] = useState<QualitativeReading>(initial);
  const grades = test.opcije;
  const confirmable = canConfirmQualitative(reading, grades);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (confirmable) onConfirm(qualitativeResult(reading.positive, reading.positive ? reading.grade : null));
  };

  return (
    <AppDialog opened onClose={onClose} title={t('results.qualitativeTitle', { naziv })} size="sm">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Radio.Group
            label={t('results.answer')}
            value={reading.positive ? POSITIVE : NEGATIVE}
            onChange={(choice) => setReading({ positive: choice === POSITIVE, grade: choice === POSITIVE ? reading.grade : null })}
          >
            <Group gap="lg" mt={6}>
              <Radio value={NEGATIVE} label={t('results.negative')} data-autofocus={!initial.positive || undefined} />
              <Radio value={POSITIVE} label={t('results.positive')} />
            </Group>
          </Radio.Group>
          {reading.positive && grades.length > 0 ? (
            <Radio.Group
              label={t('results.grade')}
              value={reading.grade}
              onChange={(grade) => setReading({ positive: true, grade })}
              required
            >
              <Group gap="lg" mt={6}>
                {grades.map((grade, index) => (
                  <Radio key={grade} value={grade} label={grade} data-autofocus={(initial.positive && index === 0) || undefined} />
                ))}
              </Group>
            </Radio.Group>
          ) : null}
          {reading.positive && grades.length > 0 && !confirmable ? (
            <Text size="sm" c="dimmed">{messageText('results.positiveNeedsGrade')}</Text>
          ) : null}
          <Group justify="space-between" gap="sm">
            {canClear ? (
              <Button variant="subtle" color="red" onClick={() => onConfirm('')}>{t('results.clearResult')}</Button>
            ) : <span />}
            <Group gap="sm">
              <Button variant="default" onClick={onClose}>{t('common.cancel')}</Button>
              <Button type="submit" disabled={!confirmable}>{t('common.confirm')}</Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </AppDialog>
  );
}
