/**
 * A record's history: each change newest first with when, who, what kind of
 * change, and the fields it changed (before → after) read from the audit
 * rows' old and new JSON.
 */
import { Alert, Code, Loader, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { HistoryEntry } from '@lis/domain';
import { AppDialog } from '../../components/AppDialog.tsx';
import { formatDateTime } from '../../lib/date-time.ts';

export interface HistoryDialogProps {
  /** What the dialog shows; null closes it. */
  target: { id: string; name: string } | null;
  load: (id: string) => Promise<HistoryEntry[]>;
  /** Names the query: the kind of record. */
  queryName: string;
  onClose: () => void;
}

/** The top-level fields whose JSON differs between before and after (every field of a created or deleted record). */
export function changedFields(before: unknown, after: unknown): { field: string; before: string; after: string }[] {
  const asObject = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' ? value as Record<string, unknown> : {});
  const old = asObject(before);
  const next = asObject(after);
  const fields = [...new Set([...Object.keys(old), ...Object.keys(next)])].filter((field) => field !== '_id');
  const text = (value: unknown) => (value === undefined ? '' : JSON.stringify(value));
  return fields
    .filter((field) => text(old[field]) !== text(next[field]))
    .map((field) => ({ field, before: text(old[field]), after: text(next[field]) }));
}

function actionKey(akcija: string): 'action_create' | 'action_update' | 'action_delete' {
  if (akcija.endsWith('.create')) return 'action_create';
  if (akcija.endsWith('.delete')) return 'action_delete';
  return 'action_update';
}

export function HistoryDialog({ target, load, queryName, onClose }: HistoryDialogProps) {
  const { t } = useTranslation(undefined, { keyPrefix: 'catalogue' });
  const query = useQuery({
    queryKey: ['catalogue-history', queryName, target?.id],
    queryFn: () => load(target!.id),
    enabled: target !== null,
    staleTime: 0,
  });
  return (
    <AppDialog opened={target !== null} onClose={onClose} title={t('historyTitle', { name: target?.name ?? '' })} size="xl">
      {query.isPending ? (
        <Loader size="sm" aria-label={t('loading')} />
      ) : query.data && query.data.length > 0 ? (
        <Table striped withTableBorder verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={150}>{t('historyAt')}</Table.Th>
              <Table.Th w={160}>{t('historyUser')}</Table.Th>
              <Table.Th w={90}>{t('historyAction')}</Table.Th>
              <Table.Th>{t('historyChanges')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {query.data.map((entry, index) => (
              <Table.Tr key={`${entry.at}-${index}`}>
                <Table.Td><Text size="sm">{formatDateTime(entry.at)}</Text></Table.Td>
                <Table.Td><Text size="sm">{entry.korisnik ?? t('historySystem')}</Text></Table.Td>
                <Table.Td><Text size="sm">{t(actionKey(entry.akcija))}</Text></Table.Td>
                <Table.Td>
                  <Stack gap={2}>
                    {changedFields(entry.staro, entry.novo).map((change) => (
                      <Text size="xs" key={change.field} style={{ wordBreak: 'break-word' }}>
                        <Text span fw={600} size="xs">{change.field}</Text>: <Code>{change.before || '—'}</Code> → <Code>{change.after || '—'}</Code>
                      </Text>
                    ))}
                  </Stack>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : (
        <Alert color="gray">{t('historyEmpty')}</Alert>
      )}
    </AppDialog>
  );
}
