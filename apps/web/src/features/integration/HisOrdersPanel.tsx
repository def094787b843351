/**
 * The site's listener for orders from a hospital system (HIS): ORM^O01 or OML^O21 over MLLP on the port set
 * here, each creating its sample as a FHIR order does. Shown under the analysers' settings on /integracija/postavke.
 */
import { useState } from 'react';
import { Badge, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { notify } from '../../components/notify.tsx';
import { messageText, serverMessage } from '../../i18n/index.ts';
import { hl7Inbound, saveHl7Inbound } from './api.ts';

const STATE_COLORS = { off: 'gray', listening: 'teal', error: 'red' } as const;
const KEY = ['integration', 'hl7-inbound'] as const;

export function HisOrdersPanel({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const inbound = useQuery({ queryKey: KEY, queryFn: ({ signal }) => hl7Inbound(signal) });
  const [typed, setTyped] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const value = typed ?? (inbound.data?.port === null || inbound.data === undefined ? '' : String(inbound.data.port));

  const save = async () => {
    const text = value.trim();
    if (text !== '' && !/^\d{1,5}$/.test(text)) {
      setError(messageText('partners.hl7PortInvalid'));
      return;
    }
    setSaving(true);
    try {
      const saved = await saveHl7Inbound(text === '' ? null : Number(text));
      queryClient.setQueryData(KEY, saved);
      setTyped(null);
      setError(null);
      notify.success(messageText('hl7.inboundSaved'));
    } catch (failure) {
      if (failure instanceof ApiError && failure.status < 500) setError(serverMessage(failure));
      else notify.apiError(failure);
    } finally {
      setSaving(false);
    }
  };

  const state = inbound.data?.stanje ?? 'off';
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">{t('integration.hisTitle')}</Title>
          <Badge variant="light" color={STATE_COLORS[state]} c="gray.9">
            {t(`integration.hisState_${state}`)}{inbound.data?.greska ? `: ${inbound.data.greska}` : ''}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">{t('integration.hisHint')}</Text>
        <Group align="flex-end">
          <TextInput
            label={t('integration.hisPort')} placeholder="2575" inputMode="numeric" maxLength={5} w={200} value={value} error={error}
            readOnly={!canEdit} onChange={(event) => { setTyped(event.currentTarget.value); setError(null); }}
          />
          {canEdit ? <Button loading={saving} onClick={() => void save()}>{t('integration.hisSave')}</Button> : null}
        </Group>
      </Stack>
    </Paper>
  );
}
