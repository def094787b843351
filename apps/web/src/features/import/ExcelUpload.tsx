/**
 * The Excel upload: a file chosen or dropped is filtered by its extension
 * (case ignored); a disallowed one is dropped and an error dialog says
 * 'Format nije podržan.'. The chosen file is listed with its size (Bytes to
 * YB); removing it keeps it restorable for 2 seconds, then it is truly removed.
 */
import { useEffect, useRef, useState } from 'react';
import { ActionIcon, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconArrowBackUp, IconFileSpreadsheet, IconTrash, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatFileSize, hasAllowedExtension } from '@lis/domain';
import { AppDialog } from '../../components/AppDialog.tsx';
import { messageText } from '../../i18n/index.ts';

/** How long a removed file can be restored before it is gone (spec: 2000 ms). */
export const REMOVE_UNDO_MS = 2000;

interface ExcelUploadProps {
  extensions: readonly string[];
  file: File | null;
  onChange: (file: File | null) => void;
  disabled?: boolean;
}

export function ExcelUpload({ extensions, file, onChange, disabled = false }: ExcelUploadProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const [removing, setRemoving] = useState(false);
  const [dragging, setDragging] = useState(false);

  useEffect(() => {
    if (!removing) return undefined;
    const timer = setTimeout(() => { setRemoving(false); onChange(null); }, REMOVE_UNDO_MS);
    return () => clearTimeout(timer);
  }, [removing, onChange]);

  const take = (chosen: File | undefined) => {
    if (!chosen) return;
    setRemoving(false);
    if (!hasAllowedExtension(chosen.name, extensions)) {
      setRefused(chosen.name);
      return;
    }
    onChange(chosen);
  };

  return (
    <Stack gap="sm">
      <Paper
        withBorder radius="md" p="lg"
        style={{ borderStyle: 'dashed', borderColor: dragging ? 'var(--mantine-color-blue-6)' : undefined }}
        onDragOver={(event) => { event.preventDefault(); setDragging(true); }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => { event.preventDefault(); setDragging(false); if (!disabled) take(event.dataTransfer.files[0]); }}
      >
        <Group justify="center" gap="md">
          <IconUpload size={28} aria-hidden color="var(--mantine-color-dimmed)" />
          <Stack gap={2}>
            <Text size="sm">{t('import.dropHint')}</Text>
            <Text size="xs" c="dimmed">{t('import.allowed', { extensions: extensions.join(', ') })}</Text>
          </Stack>
          <Button variant="light" onClick={() => input.current?.click()} disabled={disabled}>{t('import.choose')}</Button>
          <input
            ref={input} type="file" hidden accept={extensions.join(',')} data-testid="import-file-input" aria-label={t('import.choose')}
            onChange={(event) => { take(event.currentTarget.files?.[0]); event.currentTarget.value = ''; }}
          />
        </Group>
      </Paper>
      {file ? (
        <Paper withBorder radius="md" px="md" py="xs" aria-label={t('import.chosenFile')}>
          <Group justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, opacity: removing ? 0.5 : 1 }}>
              <IconFileSpreadsheet size={22} aria-hidden color="var(--mantine-color-green-7)" />
              <Text size="sm" fw={600} truncate td={removing ? 'line-through' : undefined}>{file.name}</Text>
              <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }} data-testid="import-file-size">{formatFileSize(file.size)}</Text>
            </Group>
            {removing ? (
              <Button size="xs" variant="subtle" leftSection={<IconArrowBackUp size={16} aria-hidden />} onClick={() => setRemoving(false)}>
                {t('import.restore')}
              </Button>
            ) : (
              <ActionIcon variant="subtle" color="red" aria-label={t('import.remove', { name: file.name })} onClick={() => setRemoving(true)} disabled={disabled}>
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            )}
          </Group>
        </Paper>
      ) : null}
      <AppDialog opened={refused !== null} onClose={() => setRefused(null)} title={messageText('import.unsupported')} size="sm">
        <Stack gap="md">
          <Text size="sm">{t('import.refusedFile', { name: refused ?? '', extensions: extensions.join(', ') })}</Text>
          <Group justify="flex-end"><Button onClick={() => setRefused(null)}>{t('common.close')}</Button></Group>
        </Stack>
      </AppDialog>
    </Stack>
  );
}
