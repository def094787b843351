/**
 * The ID field of the intake form in the chosen mode: cut to the mode's
 * length (13, 8 or 4), no pasting or dropping (only typing or a scanner
 * counts), Enter confirms; 'no data' has no field and shows the generated ID.
 */
import { Loader, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MIN_BIRTH_YEAR, inputLengthFor } from '@lis/domain';
import { siteToday } from '../../lib/date-time.ts';
import type { IntakeState } from './intake-form.ts';

const blockPaste = {
  onPaste: (event: React.ClipboardEvent) => event.preventDefault(),
  onDrop: (event: React.DragEvent) => event.preventDefault(),
};

interface IdFieldProps {
  state: IntakeState;
  inputRef: React.RefObject<HTMLInputElement | null>;
  checking: boolean;
  problem: string | null;
  /** Shown under the field (the control-digit warning). */
  below?: React.ReactNode;
  onType: (value: string) => void;
  onLeave: () => void;
  onConfirm: () => void;
}

export function IdField({ state, inputRef, checking, problem, below, onType, onLeave, onConfirm }: IdFieldProps) {
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
    ? t('patients.hint_god', { min: MIN_BIRTH_YEAR, max: siteToday().year })
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
      {below}
      {generated}
    </Stack>
  );
}
