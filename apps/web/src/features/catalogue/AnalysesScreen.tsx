/** /postavke/analize, 'Analize': the lab assays by section, their edit with reference ranges, history and delete. */
import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AssayTable } from './AssayTable.tsx';

export function AnalysesScreen() {
  const { t } = useTranslation(undefined, { keyPrefix: 'catalogue' });
  return (
    <Stack gap="lg" maw={1400} mx="auto">
      <Stack gap={4}>
        <Title order={1} size="h2">{t('analizeTitle')}</Title>
        <Text c="dimmed" size="sm">{t('analizeHint')}</Text>
      </Stack>
      <AssayTable variant="settings" caption={t('analizeTitle')} />
    </Stack>
  );
}
