/**
 * What goods in and goods out share: the screen's heading, the alerts line, the form in its
 * panel (the screen's fields, then the note and the submit button), and the site's latest movements of
 * the kind below; and `useMovementForm`, which checks the required fields, sends, tells the outcome
 * and puts a refused field's message under that field.
 */
import { type ReactNode, useState } from 'react';
import { Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPackage } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { notify } from '../../components/notify.tsx';
import { serverMessage, messageText } from '../../i18n/index.ts';
import { invalidateList } from '../../components/list-table/index.ts';
import { CONTRACT_LIST, ORDER_LIST, inventoryKeys } from './api.ts';
import { InventoryAlertsLine } from './InventoryAlertsLine.tsx';
import { MovementsTable } from './MovementsTable.tsx';

export function useMovementForm() {
  const queryClient = useQueryClient();
  const [napomena, setNapomena] = useState('');
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(0);

  /** Whether every required field has a value; those without one are marked and a warning is shown. */
  const requireAll = (required: Record<string, unknown>): boolean => {
    const text = messageText('form.required');
    const missing = Object.fromEntries(Object.entries(required).filter(([, value]) => value === null || value === '').map(([field]) => [field, text]));
    setProblems(missing);
    if (Object.keys(missing).length > 0) notify.warning(text);
    return Object.keys(missing).length === 0;
  };

  /** Sends; `action` answers the success message to show. A refused field's message goes under that field. */
  const send = async (action: () => Promise<string>): Promise<void> => {
    setSaving(true);
    try {
      notify.success(await action());
      setNapomena('');
      setSaved((count) => count + 1);
      void queryClient.invalidateQueries({ queryKey: inventoryKeys.all });
      // A receipt may have moved an order to received and used up a contract line.
      void invalidateList(queryClient, ORDER_LIST);
      void invalidateList(queryClient, CONTRACT_LIST);
    } catch (error) {
      if (error instanceof ApiError && error.field) setProblems({ [error.field]: serverMessage(error) });
      notify.apiError(error);
    } finally {
      setSaving(false);
    }
  };
  return { napomena, setNapomena, problems, saving, saved, requireAll, send };
}

export function MovementForm({
  vrsta, title, description, recentTitle, submitLabel, submitIcon, form, onSubmit, children, noProducts,
}: {
  vrsta: 'ulaz' | 'izlaz';
  title: string;
  description: string;
  recentTitle: string;
  submitLabel: string;
  submitIcon: ReactNode;
  form: ReturnType<typeof useMovementForm>;
  onSubmit: () => Promise<unknown>;
  children: ReactNode;
  /** No product registered yet: nothing can be booked, so the form gives way to what to do first and where. */
  noProducts: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" maw={1400} mx="auto">
      <Stack gap={4}>
        <Title order={2}>{title}</Title>
        <Text c="dimmed" size="sm">{description}</Text>
      </Stack>
      <InventoryAlertsLine />
      {noProducts ? (
        <EmptyState
          icon={<IconPackage size={26} />}
          title={t('inventory.noProductsTitle')}
          description={t('inventory.noProductsText')}
          action={{ to: '/inventar/produkti', label: t('inventory.noProductsLink') }}
        />
      ) : (
      <Paper withBorder radius="md" p="md">
        <form onSubmit={(event) => { event.preventDefault(); void onSubmit(); }} noValidate>
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md" verticalSpacing="sm">{children}</SimpleGrid>
            <TextInput label={t('inventory.napomena')} maxLength={300} value={form.napomena} onChange={(event) => form.setNapomena(event.currentTarget.value)} />
            <Group justify="flex-end">
              <Button type="submit" loading={form.saving} leftSection={submitIcon}>{submitLabel}</Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      )}
      <Title order={3} size="h4">{recentTitle}</Title>
      <MovementsTable vrsta={vrsta} refreshSignal={form.saved} />
    </Stack>
  );
}
