/**
 * What the two outgoing queues' screens share (the e-mail outbox, /nalazi/outbox, and the HL7 messages,
 * /nalazi/hl7): the header with its status filter, the list refreshing itself while messages are on their
 * way, the resend of one message, and the columns of a queued message's time, status and sending.
 */
import { useEffect, useState } from 'react';
import { Group, Select, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { OUTBOX_STATUSES, type OutboxStatus } from '@lis/domain';
import type { ListColumn } from '../../components/list-table/index.ts';
import { notify } from '../../components/notify.tsx';
import { formatDateTime } from '../../lib/date-time.ts';
import { OutboxStatusBadge } from './OutboxStatusBadge.tsx';

/** How often a queue's list reloads itself, so a message queued a moment ago is seen sent without a click. */
const REFRESH_MS = 5_000;

/** A queued message as both lists answer it. */
export interface QueuedRow {
  _id: string;
  status: OutboxStatus;
  attempts: number;
  last_reply: string | null;
  next_attempt_at: string;
  created_at: string;
  sent_at: string | null;
}

/** The list's refresh signal (bumped every few seconds and after a change) and the resend of one message. */
export function useQueueList(resendCall: (id: string) => Promise<unknown>, resentText: string) {
  const [refresh, setRefresh] = useState(0);
  const [resending, setResending] = useState<string | null>(null);
  useEffect(() => {
    const timer = setInterval(() => setRefresh((count) => count + 1), REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  const changed = () => setRefresh((count) => count + 1);
  const resend = async (row: { _id: string }) => {
    setResending(row._id);
    try {
      await resendCall(row._id);
      notify.success(resentText);
      changed();
    } catch (error) {
      notify.apiError(error);
    } finally {
      setResending(null);
    }
  };
  return { refresh, changed, resending, resend };
}

/** The screen's title and hint, with the status filter beside them. */
export function QueueHeader({ title, hint, status, onStatus }: {
  title: string; hint: string; status: OutboxStatus | null; onStatus: (status: OutboxStatus | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" align="flex-end">
      <Stack gap={4}>
        <Title order={1} size="h2">{title}</Title>
        <Text size="sm" c="dimmed" maw={760}>{hint}</Text>
      </Stack>
      <Select
        label={t('outbox.statusFilter')}
        placeholder={t('outbox.allStatuses')}
        data={OUTBOX_STATUSES.map((value) => ({ value, label: t(`outbox.status_${value}`) }))}
        value={status}
        onChange={onStatus}
        clearable
        w={200}
      />
    </Group>
  );
}

/**
 * The columns every queue shows: when the message was queued, its status (with the receiver's last answer and
 * the next try while it is retried), and at the end its attempts and when it was sent; `middle` between them.
 */
export function useQueueColumns<Row extends QueuedRow>(statusWidth: number, middle: ListColumn<Row>[]): ListColumn<Row>[] {
  const { t } = useTranslation();
  return [
    {
      key: 'created_at', header: t('outbox.col_time'), sortable: true, width: 140,
      render: (row) => <Text span size="sm" style={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.created_at)}</Text>,
    },
    {
      key: 'status', header: t('outbox.col_status'), sortable: true, width: statusWidth,
      render: (row) => (
        <Stack gap={2}>
          <OutboxStatusBadge status={row.status} />
          {row.status === 'failed' || (row.status === 'queued' && row.attempts > 0) ? (
            <Text span size="xs" c="red.9" lineClamp={2} title={row.last_reply ?? undefined}>{row.last_reply}</Text>
          ) : null}
          {row.status === 'queued' && row.attempts > 0 ? (
            <Text span size="xs" c="dimmed">{t('outbox.nextAttempt', { time: formatDateTime(row.next_attempt_at) })}</Text>
          ) : null}
        </Stack>
      ),
    },
    ...middle,
    { key: 'attempts', header: t('outbox.col_attempts'), sortable: true, align: 'center', width: 80 },
    {
      key: 'sent_at', header: t('outbox.col_sent'), sortable: true, width: 140,
      render: (row) => <Text span size="sm" style={{ whiteSpace: 'nowrap' }}>{row.sent_at ? formatDateTime(row.sent_at) : ''}</Text>,
    },
  ];
}
