/**
 * /inventar/postavke: the reference lists products point into (klasa,
 * program, platforma, proizvođač), each in a tab where an administrator adds
 * and renames entries, and OJ, the lab's sites, shown read-only.
 */
import { useState } from 'react';
import { ActionIcon, Button, Group, Paper, Stack, Table, Tabs, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { REFERENCE_KINDS, type ReferenceEntry, type ReferenceKind } from '@lis/domain';
import { ApiError } from '../../api/client.ts';
import { AppDialog } from '../../components/AppDialog.tsx';
import { notify } from '../../components/notify.tsx';
import { serverMessage } from '../../i18n/index.ts';
import { useActiveSession } from '../auth/index.ts';
import { inventoryKeys, referenceList, saveReferenceEntry } from './api.ts';

interface EntryTableProps {
  kind: ReferenceKind | 'oj';
  canEdit: boolean;
  onRename: (entry: ReferenceEntry) => void;
}

function EntryTable({ kind, canEdit, onRename }: EntryTableProps) {
  const { t } = useTranslation();
  const session = useActiveSession();
  const query = useQuery({ queryKey: inventoryKeys.reference(kind, session.siteId), queryFn: ({ signal }) => referenceList(kind, signal) });
  const rows = query.data ?? [];
  if (query.isPending) return <Text c="dimmed">{t('inventory.loading')}</Text>;
  if (query.isError) return <Text c="red.8">{t('inventory.failed')}</Text>;
  if (rows.length === 0) return <Text c="dimmed">{t('inventory.emptyList')}</Text>;
  return (
    <Table striped highlightOnHover maw={640}>
      <Table.Caption>{t(`inventory.list_${kind}`)}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('inventory.entryName')}</Table.Th>
          {canEdit && kind !== 'oj' ? <Table.Th w={60}><VisuallyHidden>{t('inventory.rename')}</VisuallyHidden></Table.Th> : null}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((entry) => (
          <Table.Tr key={entry._id}>
            <Table.Td>{entry.naziv}</Table.Td>
            {canEdit && kind !== 'oj' ? (
              <Table.Td>
                <ActionIcon variant="subtle" aria-label={`${t('inventory.rename')}: ${entry.naziv}`} onClick={() => onRename(entry)}>
                  <IconPencil size={18} aria-hidden />
                </ActionIcon>
              </Table.Td>
            ) : null}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export function SettingsScreen() {
  const { t } = useTranslation();
  const session = useActiveSession();
  const queryClient = useQueryClient();
  const canEdit = session.can('settings.write');
  const [tab, setTab] = useState<ReferenceKind | 'oj'>('klasa');
  const [name, setName] = useState('');
  const [renaming, setRenaming] = useState<{ kind: ReferenceKind; entry: ReferenceEntry; naziv: string } | null>(null);
  const [error, setError] = useState<string | null>(null);

  const save = async (kind: ReferenceKind, element: { _id?: string; naziv: string }) => {
    try {
      const answer = await saveReferenceEntry(kind, element);
      notify.success(serverMessage({ message: answer.message, code: 'inventory.entrySaved' }));
      await queryClient.invalidateQueries({ queryKey: inventoryKeys.all });
      setError(null);
      return true;
    } catch (caught) {
      if (caught instanceof ApiError && caught.status < 500) setError(serverMessage(caught));
      else notify.apiError(caught);
      return false;
    }
  };

  const add = async (event: React.FormEvent) => {
    event.preventDefault();
    if (tab === 'oj') return;
    if (await save(tab, { naziv: name })) setName('');
  };

  const rename = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!renaming) return;
    if (await save(renaming.kind, { _id: renaming.entry._id, naziv: renaming.naziv })) setRenaming(null);
  };

  return (
    <Stack gap="lg" maw={1400} mx="auto">
      <Stack gap={4}>
        <Title order={2}>{t('inventory.settingsTitle')}</Title>
        <Text c="dimmed" size="sm">{t('inventory.settingsDescription')}</Text>
      </Stack>
      <Paper withBorder p="md" radius="md">
        <Tabs value={tab} onChange={(value) => { setTab((value ?? 'klasa') as ReferenceKind | 'oj'); setError(null); setName(''); }}>
          <Tabs.List mb="md">
            {[...REFERENCE_KINDS, 'oj' as const].map((kind) => <Tabs.Tab key={kind} value={kind}>{t(`inventory.list_${kind}`)}</Tabs.Tab>)}
          </Tabs.List>
          {[...REFERENCE_KINDS, 'oj' as const].map((kind) => (
            <Tabs.Panel key={kind} value={kind}>
              <Stack gap="md">
                {kind === 'oj' ? <Text size="sm" c="dimmed">{t('inventory.ojHint')}</Text> : null}
                {canEdit && kind !== 'oj' ? (
                  <form onSubmit={(event) => void add(event)} noValidate>
                    <Group align="flex-start" gap="sm">
                      <TextInput
                        label={t('inventory.entryName')} value={tab === kind ? name : ''} maxLength={100} w={320}
                        onChange={(event) => { setName(event.currentTarget.value); setError(null); }} error={tab === kind ? error : null}
                      />
                      <Button type="submit" mt={25} leftSection={<IconPlus size={16} aria-hidden />} disabled={name.trim() === ''}>{t('inventory.addEntry')}</Button>
                    </Group>
                  </form>
                ) : null}
                <EntryTable kind={kind} canEdit={canEdit} onRename={(entry) => kind !== 'oj' && setRenaming({ kind, entry, naziv: entry.naziv })} />
              </Stack>
            </Tabs.Panel>
          ))}
        </Tabs>
      </Paper>
      <AppDialog opened={renaming !== null} onClose={() => setRenaming(null)} title={renaming ? t('inventory.renameLabel', { naziv: renaming.entry.naziv }) : ''}>
        {renaming ? (
          <form onSubmit={(event) => void rename(event)} noValidate>
            <Stack gap="md">
              <TextInput
                label={t('inventory.entryName')} data-autofocus maxLength={100} value={renaming.naziv} error={error}
                onChange={(event) => { const naziv = event.currentTarget.value; setRenaming((current) => current && { ...current, naziv }); }}
              />
              <Group justify="flex-end">
                <Button variant="default" onClick={() => setRenaming(null)}>{t('common.cancel')}</Button>
                <Button type="submit" disabled={renaming.naziv.trim() === ''}>{t('common.save')}</Button>
              </Group>
            </Stack>
          </form>
        ) : null}
      </AppDialog>
    </Stack>
  );
}
