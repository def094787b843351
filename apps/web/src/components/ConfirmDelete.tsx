/**
 * Delete confirmation: the user types the answer 'Da'
 * (in English 'Yes', in German 'Ja') before POTVRDI is enabled.
 *
 *   <ConfirmDelete opened={opened} onClose={close}
 *     message="Obrisati uzorak? Rezultati uzorka se brišu također."
 *     onConfirm={async () => { await api.post('/uzorci/delete', { id }); }} />
 *
 * `onConfirm` may return a promise: the button shows progress and the dialog
 * closes when it resolves; when it throws, the dialog stays open (the caller
 * shows the error, e.g. notify.error('Greška prilikom brisanja!')).
 */
import { useState } from 'react';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AppDialog } from './AppDialog.tsx';

export interface ConfirmDeleteProps {
  opened: boolean;
  onClose: () => void;
  message: React.ReactNode;
  onConfirm: () => void | Promise<void>;
  title?: string;
}

/** Whether the typed text is the expected answer; case and surrounding spaces do not matter. */
export function isConfirmAnswer(typed: string, answer: string): boolean {
  return typed.trim().toLocaleLowerCase() === answer.toLocaleLowerCase();
}

export function ConfirmDelete({ opened, onClose, message, onConfirm, title }: ConfirmDeleteProps) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const answer = t('confirmDelete.answer');
  const confirmed = isConfirmAnswer(typed, answer);

  const close = () => {
    if (busy) return;
    setTyped('');
    onClose();
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!confirmed || busy) return;
    setBusy(true);
    try {
      await onConfirm();
      setTyped('');
      onClose();
    } catch {
      // The caller reports the failure; the dialog stays so the user can retry or cancel.
    } finally {
      setBusy(false);
    }
  };

  return (
    <AppDialog opened={opened} onClose={close} title={title ?? t('confirmDelete.title')} force>
      <form onSubmit={(event) => void submit(event)}>
        <Stack>
          <Text>{message}</Text>
          <TextInput
            label={t('confirmDelete.label')}
            description={t('confirmDelete.prompt', { answer })}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            autoComplete="off"
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={busy}>{t('common.cancel')}</Button>
            {/* red.9: white on Mantine's default red (red.6) is 3.3:1, under the 4.5:1 AA asks of text; red.9 is 5.5:1 and its hover (red.8) 4.5:1. */}
            <Button type="submit" color="red.9" disabled={!confirmed} loading={busy}>{t('common.confirm')}</Button>
          </Group>
        </Stack>
      </form>
    </AppDialog>
  );
}
