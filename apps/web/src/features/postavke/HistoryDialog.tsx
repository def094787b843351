/**
 * 'Historija izmjena' of a settings record (a user, a site, the general
 * options): every change newest first, who made it and when, the action, and
 * what it changed field by field (before → after), like the sample's audit
 * trail. Passwords never appear: the server keeps them out of the trail.
 */
import { Alert, Button, Group, List, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../components/AppDialog.tsx';
import { READABLE_ALERT_STYLES } from '../../components/readable.ts';
import { formatDateTime } from '../../lib/date-time.ts';
import { type HistoryKind, type SettingsHistoryEntry, readHistory, settingsKeys } from './api.ts';
import { recordChanges } from './history-diff.ts';
import { useValueText } from './value-text.ts';

export interface HistoryTarget {
  kind: HistoryKind;
  /** The record's id ('' for the general options). */
  id: string;
  /** What the title names: the user's or site's name. */
  name: string;
}

export function HistoryDialog({ target, onClose }: { target: HistoryTarget | null; onClose: () => void }) {
  const { t } = useTranslation();
  const history = useQuery({
    queryKey: settingsKeys.history(target?.kind ?? 'options', target?.id ?? ''),
    queryFn: ({ signal }) => readHistory(target!.kind, target!.id, signal),
    enabled: target !== null,
    staleTime: 0,
  });
  return (
    <AppDialog opened={target !== null} onClose={onClose} title={target ? t('postavke.historyOf', { name: target.name }) : ''} size="70rem">
      <Stack gap="md">
        {history.isPending ? (
          <Stack gap="xs" aria-busy><Skeleton h={28} /><Skeleton h={28} /><Skeleton h={28} /></Stack>
        ) : history.isError ? (
          <Alert styles={READABLE_ALERT_STYLES} color="red">{t('postavke.loadFailed')}</Alert>
        ) : history.data.history.length === 0 ? (
          <Text c="dimmed">{t('postavke.historyEmpty')}</Text>
        ) : <HistoryTable entries={history.data.history} />}
        <Group justify="flex-end"><Button variant="default" onClick={onClose}>{t('common.close')}</Button></Group>
      </Stack>
    </AppDialog>
  );
}

function HistoryTable({ entries }: { entries: readonly SettingsHistoryEntry[] }) {
  const { t } = useTranslation();
  const text = useValueText();
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped verticalSpacing="xs" aria-label={t('postavke.history')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={150}>{t('postavke.historyWhen')}</Table.Th>
            <Table.Th w={170}>{t('postavke.historyWho')}</Table.Th>
            <Table.Th w={170}>{t('postavke.historyWhat')}</Table.Th>
            <Table.Th>{t('postavke.historyChanges')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry, index) => {
            const changes = recordChanges(entry.staro, entry.novo);
            return (
              // History rows carry no id; the list is fixed once read, so the position is stable.
              <Table.Tr key={index} style={{ verticalAlign: 'top' }}>
                <Table.Td style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>{formatDateTime(entry.vrijeme)}</Table.Td>
                <Table.Td>{entry.korisnik ?? t('postavke.historySystem')}</Table.Td>
                <Table.Td>{text.action(entry.akcija)}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  {changes.length === 0 ? <Text size="sm" c="dimmed">{t('postavke.historyNoChange')}</Text> : (
                    <List size="sm" spacing={2} listStyleType="none">
                      {changes.map((change) => (
                        <List.Item key={change.field}>
                          <Text span size="sm" fw={500}>{text.field(change.field)}: </Text>
                          {entry.staro === null ? null : (
                            <><Text span size="sm" c="dimmed" td="line-through">{text.value(change.field, change.before)}</Text>{' → '}</>
                          )}
                          <Text span size="sm">{text.value(change.field, change.after)}</Text>
                        </List.Item>
                      ))}
                    </List>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
