/**
 * The form of an assay's reference ranges: one block per range with who it
 * is for (sex, pregnancy, menopause), the ages (in days or years), the
 * limits, the critical limits, the unit and the text of a qualitative
 * result. Each problem of the domain's check (a gap or overlap with another
 * range of the same patients, limits out of order) shows at its field.
 */
import { ActionIcon, Alert, Button, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconInfoCircle, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { messageText } from '../../i18n/index.ts';
import { type RangeDraft, type RangeErrors, type RangeField, emptyDraft } from './range-drafts.ts';

export interface ReferenceRangesFormProps {
  drafts: RangeDraft[];
  onChange: (drafts: RangeDraft[]) => void;
  errors: RangeErrors;
  readOnly?: boolean;
}

export function ReferenceRangesForm({ drafts, onChange, errors, readOnly = false }: ReferenceRangesFormProps) {
  const { t } = useTranslation(undefined, { keyPrefix: 'catalogue' });

  const update = (index: number, change: Partial<RangeDraft>) => onChange(drafts.map((draft, at) => (at === index ? { ...draft, ...change } : draft)));
  const errorOf = (index: number, ...fields: RangeField[]): string | undefined => {
    const row = errors[index];
    if (!row) return undefined;
    for (const field of fields) {
      if (!(field in row)) continue;
      const code = row[field];
      return code ? messageText(code) : messageText('form.invalid', { field });
    }
    return undefined;
  };

  const triOptions = [{ value: '', label: t('any') }, { value: 'true', label: t('yes') }, { value: 'false', label: t('no') }];

  return (
    <Stack gap="sm">
      <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />}>{t('rangesHint')}</Alert>
      {drafts.length === 0 && <Text c="dimmed" size="sm">{t('noRanges')}</Text>}
      {drafts.map((draft, index) => {
        const n = index + 1;
        const label = (name: string) => `${name} (${t('rangeLabel', { n })})`;
        return (
          <Paper key={draft.key} withBorder p="sm" radius="sm" component="fieldset" aria-label={t('rangeLabel', { n })} style={{ margin: 0 }}>
            <Group justify="space-between" mb={6}>
              <Text fw={600} size="sm">{t('rangeLabel', { n })}</Text>
              {!readOnly && (
                <Tooltip label={t('removeRange', { n })}>
                  <ActionIcon variant="subtle" color="red" aria-label={t('removeRange', { n })} onClick={() => onChange(drafts.filter((_, at) => at !== index))}>
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                </Tooltip>
              )}
            </Group>
            <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="xs" verticalSpacing={4}>
              <Select
                label={t('spol')} aria-label={label(t('spol'))} size="xs" allowDeselect={false} readOnly={readOnly}
                data={[{ value: '', label: t('both') }, { value: 'MUŠKI', label: 'MUŠKI' }, { value: 'ŽENSKI', label: 'ŽENSKI' }]}
                value={draft.spol} onChange={(value) => update(index, { spol: (value ?? '') })}
              />
              <Select
                label={t('trudnica')} aria-label={label(t('trudnica'))} size="xs" allowDeselect={false} readOnly={readOnly} data={triOptions}
                value={draft.trudnica} onChange={(value) => update(index, { trudnica: (value ?? '') as RangeDraft['trudnica'] })}
              />
              <Select
                label={t('menopauza')} aria-label={label(t('menopauza'))} size="xs" allowDeselect={false} readOnly={readOnly} data={triOptions}
                value={draft.menopauza} onChange={(value) => update(index, { menopauza: (value ?? '') as RangeDraft['menopauza'] })}
              />
              <Select
                label={t('ageUnit')} aria-label={label(t('ageUnit'))} size="xs" allowDeselect={false} readOnly={readOnly}
                data={[{ value: 'years', label: t('years') }, { value: 'days', label: t('days') }]}
                value={draft.unit} onChange={(value) => update(index, { unit: value === 'days' ? 'days' : 'years' })}
              />
              <TextInput
                label={t('ageFrom')} aria-label={label(t('ageFrom'))} size="xs" inputMode="numeric" readOnly={readOnly}
                value={draft.from} onChange={(event) => update(index, { from: event.currentTarget.value })}
                error={errorOf(index, 'age_min_days')}
              />
              <TextInput
                label={t('ageTo')} aria-label={label(t('ageTo'))} size="xs" inputMode="numeric" readOnly={readOnly} placeholder={t('ageToHint')}
                value={draft.to} onChange={(event) => update(index, { to: event.currentTarget.value })}
                error={errorOf(index, 'age_max_days')}
              />
              {([
                ['low', 'low', 'low'], ['high', 'high', 'high'], ['criticalLow', 'critical_low', 'criticalLow'], ['criticalHigh', 'critical_high', 'criticalHigh'],
              ] as const).map(([key, field, text]) => (
                <TextInput
                  key={key} label={t(text)} aria-label={label(t(text))} size="xs" inputMode="decimal" readOnly={readOnly}
                  value={draft[key]} onChange={(event) => update(index, { [key]: event.currentTarget.value })}
                  error={errorOf(index, field)}
                />
              ))}
              <TextInput
                label={t('unit')} aria-label={label(t('unit'))} size="xs" readOnly={readOnly} placeholder={t('unitPlaceholder')}
                value={draft.jedinica} onChange={(event) => update(index, { jedinica: event.currentTarget.value })}
                error={errorOf(index, 'jedinica')}
              />
              <TextInput
                label={t('text')} aria-label={label(t('text'))} size="xs" readOnly={readOnly}
                value={draft.tekst} onChange={(event) => update(index, { tekst: event.currentTarget.value })}
                error={errorOf(index, 'tekst')}
              />
            </SimpleGrid>
          </Paper>
        );
      })}
      {!readOnly && (
        <Group>
          <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => onChange([...drafts, emptyDraft()])}>
            {t('addRange')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
