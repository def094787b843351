/** /assays, 'Assays': the lab assay table with the row actions reference, multi, uredi, akcija and icon. */
import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AssayTable } from './AssayTable.tsx';

export function AssaysScreen() {
  const { t } = useTranslation(undefined, { keyPrefix: 'catalogue' });
  return (
    <Stack gap="lg" maw={1400} mx="auto">
      <Stack gap={4}>
        <Title order={1} size="h2">{t('assaysTitle')}</Title>
        <Text c="dimmed" size="sm">{t('assaysHint')}</Text>
      </Stack>
      <AssayTable variant="assays" caption={t('assaysTitle')} />
    </Stack>
  );
}
