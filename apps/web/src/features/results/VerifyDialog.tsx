/**
 * The acknowledgement of critical values: a sample with a result beyond a
 * critical limit (LL/HH) is verified only with who was told (ko) and when
 * (kada: the site's wall clock, now by default, never later than now). The
 * form is checked by the domain's contract (obavijestenSchema) and rule
 * (verifyRefusal), the same the server applies.
 */
import { useState } from 'react';
import { Button, Group, List, Stack, Text, TextInput } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  type Obavijesten, RESULT_TEXT_LIMITS, type ResultTest, type SampleStatus, isCriticalFlag, obavijestenSchema, verifyRefusal,
} from '@lis/domain';
import { useAssayName } from '../../lib/catalogue-name.ts';
import { AppDialog } from '../../components/AppDialog.tsx';
import { currentLanguage, messageText } from '../../i18n/index.ts';
import { fromSiteWallClock, toSiteWallClock } from '../../lib/date-time.ts';
import { formatResult } from '../../lib/format.ts';

const PICKER_FORMAT = 'DD.MM.YYYY HH:mm';
const MONDAY = 1;

export interface VerifyDialogProps {
  opened: boolean;
  code: string;
  status: SampleStatus;
  tests: readonly ResultTest[];
  onClose: () => void;
  /** Sends the verification; the dialog closes when it resolves and stays open when it throws. */
  onConfirm: (obavijesten: Obavijesten) => Promise<void>;
  /** Who was told and when, filled in to start with (a correction offers the acknowledgement of the verification it corrects). */
  initial?: Obavijesten | null;
  /** The button's word (a correction saves and verifies). */
  confirmLabel?: string;
}

/** Who was told and when, or the catalogue code of what is missing or wrong. */
function acknowledgement(ko: string, kada: string | null, status: SampleStatus, tests: readonly ResultTest[]): Obavijesten | { problem: string } {
  const instant = kada ? fromSiteWallClock(kada) : null;
  const candidate = { ko: ko.trim(), kada: instant ? instant.toISOString() : '' };
  const parsed = obavijestenSchema.safeParse(candidate);
  const refusal = verifyRefusal({ status, flags: tests.map((test) => test.flag), obavijesten: candidate, now: new Date() });
  if (refusal) return { problem: messageText(refusal.code, refusal.params ?? {}) };
  if (!parsed.success) return { problem: messageText('results.notifiedRequired') };
  return parsed.data;
}

export function VerifyDialog({ opened, code, status, tests, onClose, onConfirm, initial, confirmLabel }: VerifyDialogProps) {
  const { t } = useTranslation();
  const nameOf = useAssayName();
  const [ko, setKo] = useState(initial?.ko ?? '');
  // Mounted afresh for each verification (keyed by the caller), so "now" is the moment the dialog opened.
  const [kada, setKada] = useState<string | null>(() => toSiteWallClock(initial ? new Date(initial.kada) : new Date()));
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Each critical test named in the reader's language.
  const critical = tests.filter((test) => isCriticalFlag(test.flag)).map((test) => ({ ...test, naziv: nameOf(test) }));

  const close = () => {
    if (!busy) onClose();
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const answer = acknowledgement(ko, kada, status, tests);
    if ('problem' in answer) {
      setProblem(answer.problem);
      return;
    }
    setProblem(null);
    setBusy(true);
    try {
      await onConfirm(answer);
      onClose();
    } catch {
      // The caller shows the server's message; the dialog keeps what was typed.
    } finally {
      setBusy(false);
    }
  };

  return (
    <AppDialog opened={opened} onClose={close} title={t('results.verifyTitle')} force size="lg">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <Text size="sm">{t('results.verifyIntro', { code })}</Text>
          {critical.length > 0 ? (
            <div>
              <Text size="sm" fw={600}>{t('results.criticalValues')}</Text>
              <List size="sm" spacing={2}>
                {critical.map((test) => (
                  <List.Item key={test._id}>
                    <Text span fw={600}>{test.naziv}</Text>
                    {`: ${formatResult(test.rezultat ?? '', currentLanguage())} ${test.jedinica} (${test.flag ?? ''})`}
                  </List.Item>
                ))}
              </List>
            </div>
          ) : null}
          <TextInput
            label={t('results.ko')}
            placeholder={t('results.koPlaceholder')}
            value={ko}
            onChange={(event) => setKo(event.currentTarget.value)}
            maxLength={RESULT_TEXT_LIMITS.obavijestenKo}
            required
            data-autofocus
          />
          <DateTimePicker
            label={t('results.kada')}
            value={kada}
            onChange={setKada}
            locale={currentLanguage()}
            firstDayOfWeek={MONDAY}
            maxDate={toSiteWallClock(new Date())}
            valueFormat={PICKER_FORMAT}
            timePickerProps={{ format: '24h', minutesStep: 1, hoursInputLabel: t('results.hours'), minutesInputLabel: t('results.minutes') }}
            submitButtonProps={{ 'aria-label': t('results.kadaConfirm') }}
            popoverProps={{ withinPortal: true }}
            leftSection={<IconCalendar size={16} aria-hidden />}
            required
          />
          {problem ? <Text c="var(--mantine-color-error)" size="sm" role="alert">{problem}</Text> : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={busy}>{t('common.cancel')}</Button>
            <Button type="submit" loading={busy}>{confirmLabel ?? t('results.verify')}</Button>
          </Group>
        </Stack>
      </form>
    </AppDialog>
  );
}
