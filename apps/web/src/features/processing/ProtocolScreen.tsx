/**
 * /protokol, 'Provjera nalaza': samples waiting for approval (REALIZOVAN) or
 * verification (ODOBREN), and unverified samples carrying a comment, of the
 * chosen period (today first, as every list but the processing work list);
 * the same rows and actions as sample processing.
 */
import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DATE_PRESETS, DEFAULT_DATUM } from '@lis/domain';
import { PROTOCOL_LIST } from './api.ts';
import { ProcessingTable } from './ProcessingTable.tsx';

export function ProtocolScreen() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" maw={1400} mx="auto">
      <Stack gap={4}>
        <Title order={1} size="h2">{t('processing.protocolTitle')}</Title>
        <Text c="dimmed" size="sm">{t('processing.protocolHint')}</Text>
      </Stack>
      <ProcessingTable
        list={PROTOCOL_LIST}
        storageKey="protokol"
        caption={t('processing.protocolCaption')}
        datumPresets={DATE_PRESETS}
        defaultDatum={DEFAULT_DATUM}
      />
    </Stack>
  );
}
