/** Files the composer dropped (a format that is not allowed, too large, too many), said in a dialog as the spec's upload rule asks. */
import { Button, Group, List, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../components/AppDialog.tsx';

export function RejectedFilesDialog({ rejections, onClose }: { rejections: readonly string[]; onClose: () => void }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'chat' });
  return (
    <AppDialog opened={rejections.length > 0} onClose={onClose} title={t('rejectedTitle')} size="md">
      <Stack gap="md">
        <List size="sm" spacing={4}>
          {rejections.map((line) => <List.Item key={line}>{line}</List.Item>)}
        </List>
        <Group justify="flex-end">
          <Button onClick={onClose} data-autofocus>{t('ok')}</Button>
        </Group>
      </Stack>
    </AppDialog>
  );
}
