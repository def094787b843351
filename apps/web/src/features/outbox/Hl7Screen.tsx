/**
 * /nalazi/hl7, beside the e-mail outbox: the ORU^R01 messages sent to partners' hospital systems over MLLP,
 * newest first, with their status (queued with the next try, being sent, sent, failed with the receiver's
 * answer), attempts and control id. A message opens its text and attempts in a dialog; resend queues it again.
 * The list refreshes itself while messages are on their way.
 */
import { useState } from 'react';
import { Badge, Code, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { IconArrowsExchange, IconEye, IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { OutboxStatus } from '@lis/domain';
import { AppDialog } from '../../components/AppDialog.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { ListTable, type ListRowAction } from '../../components/list-table/index.ts';
import { formatDateTime } from '../../lib/date-time.ts';
import { patientName } from '../../lib/patient-name.ts';
import { useActiveSession } from '../auth/index.ts';
import { HL7_LIST, fetchHl7Message, resendHl7Message, type Hl7Row } from './api.ts';
import { OutboxStatusBadge } from './OutboxStatusBadge.tsx';
import { QueueHeader, useQueueColumns, useQueueList } from './queue-list.tsx';

const OUTCOME_COLORS = { sent: 'teal', retry: 'orange', failed: 'red' } as const;

export function Hl7Screen() {
  const { t } = useTranslation();
  const session = useActiveSession();
  const canSend = session.can('outbox.send');
  const [status, setStatus] = useState<OutboxStatus | null>(null);
  const [opened, setOpened] = useState<Hl7Row | null>(null);
  const { refresh, resending, resend } = useQueueList(resendHl7Message, t('outbox.hl7Resent'));

  const sampleText = (row: Hl7Row) => `${row.code} ${patientName(row)}`.trim();

  const columns = useQueueColumns<Hl7Row>(220, [
    {
      key: 'narucilac', header: t('outbox.hl7ColPartner'), sortable: true,
      render: (row) => (
        <Stack gap={0}>
          <Text span size="sm" fw={500}>{row.narucilac}</Text>
          {' '}
          <Text span size="xs" c="dimmed">{row.odrediste}</Text>
        </Stack>
      ),
    },
    {
      key: 'code', header: t('outbox.hl7ColSample'),
      render: (row) => (
        <Stack gap={0}>
          <Text span size="sm">{sampleText(row)}</Text>
          {row.verzija > 1 ? <Text span size="xs" c="dimmed">{t('outbox.hl7Correction', { verzija: row.verzija })}</Text> : null}
        </Stack>
      ),
      cellAction: { label: (row) => t('outbox.hl7Open', { text: sampleText(row) }), onClick: setOpened },
    },
    { key: 'control_id', header: t('outbox.hl7ColControlId'), render: (row) => <Code>{row.control_id}</Code> },
  ]);

  const actions: ListRowAction<Hl7Row>[] = [
    { key: 'open', label: t('outbox.hl7Open', { text: '' }).trim(), icon: <IconEye size={18} aria-hidden />, onClick: setOpened },
    {
      key: 'resend', label: t('outbox.resend'), icon: <IconRefresh size={18} aria-hidden />, color: 'clinical',
      hidden: (row) => !canSend || row.status === 'sending', disabled: (row) => resending === row._id, onClick: (row) => void resend(row),
    },
  ];

  return (
    <Stack gap="lg" maw={1400} mx="auto">
      <QueueHeader title={t('outbox.hl7Title')} hint={t('outbox.hl7Hint')} status={status} onStatus={setStatus} />
      <ListTable<Hl7Row>
        list={HL7_LIST}
        params={{ status: status ?? undefined }}
        columns={columns}
        actions={actions}
        rowKey={(row) => row._id}
        rowLabel={(row) => `${row.narucilac} ${row.code}`}
        defaultSort={[{ field: 'created_at', direction: 'desc' }]}
        refreshSignal={refresh}
        followPatientSelected={false}
        caption={t('outbox.hl7Caption')}
        emptyState={status === null ? (
          <EmptyState
            icon={<IconArrowsExchange size={26} />}
            title={t('outbox.hl7EmptyTitle')}
            description={t('outbox.hl7EmptyText')}
            action={{ to: '/partneri', label: t('outbox.hl7EmptyLink') }}
          />
        ) : undefined}
        minWidth={1000}
      />
      <Hl7MessageDialog row={opened} onClose={() => setOpened(null)} />
    </Stack>
  );
}

/** The message as queued (ER7, one segment a line) and every attempt with the receiver's answer. */
function Hl7MessageDialog({ row, onClose }: { row: Hl7Row | null; onClose: () => void }) {
  const { t } = useTranslation();
  const shown = useQuery({
    queryKey: ['hl7', 'message', row?._id ?? ''],
    queryFn: ({ signal }) => fetchHl7Message(row?._id ?? '', signal),
    enabled: row !== null,
  });
  return (
    <AppDialog opened={row !== null} onClose={onClose} title={t('outbox.hl7DetailTitle', { controlId: row?.control_id ?? '' })} size="xl">
      {shown.isPending ? <Loader aria-label={t('outbox.hl7Body')} /> : null}
      {shown.data ? (
        <Stack gap="md">
          <Group gap="sm">
            <OutboxStatusBadge status={shown.data.poruka.status} />
            <Text size="sm">{shown.data.poruka.narucilac} · {shown.data.poruka.odrediste}</Text>
          </Group>
          <Stack gap={4}>
            <Text size="sm" fw={500}>{t('outbox.hl7Body')}</Text>
            <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>{shown.data.poruka.body.split('\r').filter(Boolean).join('\n')}</Code>
          </Stack>
          <Stack gap={4}>
            <Text size="sm" fw={500}>{t('outbox.attemptsTitle')}</Text>
            {shown.data.attempts.length === 0 ? <Text size="sm" c="dimmed">{t('outbox.noAttempts')}</Text> : (
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('outbox.attemptAt')}</Table.Th>
                    <Table.Th>{t('outbox.attemptOutcome')}</Table.Th>
                    <Table.Th>{t('outbox.hl7AttemptReply')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {shown.data.attempts.map((attempt, index) => (
                    <Table.Tr key={index}>
                      <Table.Td>{formatDateTime(attempt.at)}</Table.Td>
                      <Table.Td><Badge variant="light" color={OUTCOME_COLORS[attempt.outcome]} c="gray.9">{t(`outbox.outcome_${attempt.outcome}`)}</Badge></Table.Td>
                      <Table.Td>{attempt.reply}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Stack>
        </Stack>
      ) : null}
    </AppDialog>
  );
}
