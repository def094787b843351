/**
 * /nalazi/outbox, the e-mail outbox: every message of the site, newest
 * first, with its status (queued, being sent, sent, failed with the SMTP
 * server's reply), the recipient and the report it carries. A message opens
 * its detail screen; resend queues it again, delete takes it off the outbox
 * after 'Da'. The list refreshes itself while messages are on their way.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Stack, Text } from '@mantine/core';
import { IconEye, IconMailOff, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { OutboxStatus } from '@lis/domain';
import { ConfirmDelete } from '../../components/ConfirmDelete.tsx';
import { EmailText } from '../../components/EmailText.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { ListTable, type ListRowAction } from '../../components/list-table/index.ts';
import { notify } from '../../components/notify.tsx';
import { messageText } from '../../i18n/index.ts';
import { useActiveSession } from '../auth/index.ts';
import { OUTBOX_LIST, deleteMessage, resendMessage, type OutboxRow } from './api.ts';
import { QueueHeader, useQueueColumns, useQueueList } from './queue-list.tsx';
import { patientName } from '../../lib/patient-name.ts';

export function outboxMessagePath(id: string): string {
  return `/nalazi/outbox/${encodeURIComponent(id)}`;
}

export function OutboxScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useActiveSession();
  const canSend = session.can('outbox.send');
  const [status, setStatus] = useState<OutboxStatus | null>(null);
  const [deleting, setDeleting] = useState<OutboxRow | null>(null);
  const { refresh, changed, resending, resend } = useQueueList(resendMessage, messageText('outbox.resent'));

  const open = (row: OutboxRow) => void navigate(outboxMessagePath(row._id));

  const remove = async (row: OutboxRow) => {
    try {
      await deleteMessage(row, session.user.email);
    } catch (error) {
      notify.apiError(error);
      throw error;
    }
    notify.success(messageText('delete.ok'));
    changed();
  };

  /** What the message carries: the sample and patient of a report mail, the orderer of a group e-mail. */
  const reportText = (row: OutboxRow) => (row.narucilac
    ? t('outbox.groupMail', { name: row.narucilac })
    : `${row.code ?? ''} ${patientName(row)}`.trim());

  const columns = useQueueColumns<OutboxRow>(200, [
    {
      key: 'email', header: t('outbox.col_recipient'), sortable: true,
      render: (row) => <EmailText email={row.email} />,
    },
    {
      key: 'subject', header: t('outbox.col_subject'),
      render: (row) => (
        <Stack gap={0}>
          <Text span size="sm" fw={500}>{reportText(row)}</Text>
          {/* A space between the lines, so the cell's text (its button's name) reads as two words. */}
          {' '}
          <Text span size="xs" c="dimmed">{t('outbox.attachments', { count: row.prilozi })}</Text>
        </Stack>
      ),
      cellAction: {
        label: (row) => t('outbox.openMessage', { text: `${reportText(row)} ${t('outbox.attachments', { count: row.prilozi })}` }),
        onClick: open,
      },
    },
  ]);

  const actions: ListRowAction<OutboxRow>[] = [
    { key: 'open', label: t('outbox.detailTitle'), icon: <IconEye size={18} aria-hidden />, onClick: open },
    {
      key: 'resend', label: t('outbox.resend'), icon: <IconRefresh size={18} aria-hidden />, color: 'clinical',
      hidden: (row) => !canSend || row.status === 'sending', disabled: (row) => resending === row._id, onClick: (row) => void resend(row),
    },
    {
      key: 'delete', label: t('outbox.delete'), icon: <IconTrash size={18} aria-hidden />, color: 'red',
      hidden: (row) => !canSend || row.status === 'sending', onClick: setDeleting,
    },
  ];

  return (
    <Stack gap="lg" maw={1400} mx="auto">
      <QueueHeader title={t('outbox.title')} hint={t('outbox.hint')} status={status} onStatus={setStatus} />
      <ListTable<OutboxRow>
        list={OUTBOX_LIST}
        params={{ status: status ?? undefined }}
        columns={columns}
        actions={actions}
        rowKey={(row) => row._id}
        rowLabel={(row) => `${row.email} ${row.code ?? row.narucilac ?? ''}`}
        defaultSort={[{ field: 'created_at', direction: 'desc' }]}
        refreshSignal={refresh}
        followPatientSelected={false}
        caption={t('outbox.caption')}
        // With a status chosen, an empty list is that status's answer, not an empty outbox.
        emptyState={status === null ? (
          <EmptyState
            icon={<IconMailOff size={26} />}
            title={t('outbox.emptyTitle')}
            description={t('outbox.emptyText')}
            action={{ to: '/nalazi/pregled', label: t('outbox.emptyLink') }}
          />
        ) : undefined}
        minWidth={900}
      />
      <ConfirmDelete
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        message={deleting ? t('outbox.deleteMessage', { email: deleting.email }) : ''}
        onConfirm={() => (deleting ? remove(deleting) : undefined)}
      />
    </Stack>
  );
}
