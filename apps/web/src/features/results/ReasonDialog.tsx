/**
 * Asks for the reason of a change that the audit trail keeps: unlocking a
 * verified sample, or changing a released result after an unlock. POTVRDI is
 * enabled once a reason is written; `onConfirm` may return a promise: the
 * dialog closes when it resolves and stays open (with the text) when it throws.
 */
import { useState } from 'react';
import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RESULT_TEXT_LIMITS } from '@lis/domain';
import { AppDialog } from '../../components/AppDialog.tsx';

interface ReasonDialogProps {
  opened: boolean;
  title: string;
  intro: string;
  onClose: () => void;
  onConfirm: (razlog: string) => void | Promise<void>;
}

export function ReasonDialog({ opened, title, intro, onClose, onConfirm }: ReasonDialogProps) {
  const { t } = useTranslation();
  const [razlog, setRazlog] = useState('');
  const [busy, setBusy] = useState(false);
  const reason = razlog.trim();

  const close = () => {
    if (busy) return;
    setRazlog('');
    onClose();
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!reason || busy) return;
    setBusy(true);
    try {
      await onConfirm(reason);
      setRazlog('');
      onClose();
    } catch {
      // The caller reports the failure; the reason stays so it can be sent again.
    } finally {
      setBusy(false);
    }
  };

  return (
    <AppDialog opened={opened} onClose={close} title={title} force>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <Text size="sm">{intro}</Text>
          <Textarea
            label={t('results.reason')}
            placeholder={t('results.reasonPlaceholder')}
            value={razlog}
            onChange={(event) => setRazlog(event.currentTarget.value)}
            maxLength={RESULT_TEXT_LIMITS.razlog}
            autosize
            minRows={2}
            maxRows={6}
            required
            data-autofocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={busy}>{t('common.cancel')}</Button>
            <Button type="submit" loading={busy} disabled={!reason}>{t('common.confirm')}</Button>
          </Group>
        </Stack>
      </form>
    </AppDialog>
  );
}
