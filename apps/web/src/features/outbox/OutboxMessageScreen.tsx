/**
 * /nalazi/outbox/{id}: one e-mail of the outbox as it was queued (recipient,
 * subject, body, Message-ID), its report (the sample, each attached PDF
 * opened through the reports call exactly as issued) and every attempt to
 * send it with the SMTP server's reply. Resend and delete as on the list.
 */
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Anchor, Badge, Button, Card, Group, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconFileTypePdf, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type OutboxShowAnswer } from '@lis/domain';
import { ConfirmDelete } from '../../components/ConfirmDelete.tsx';
import { notify } from '../../components/notify.tsx';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { messageText } from '../../i18n/index.ts';
import { formatDateTime } from '../../lib/date-time.ts';
import { useActiveSession } from '../auth/index.ts';
import { openReportPdf, reportViewPath } from '../nalazi/index.ts';
import { deleteMessage, fetchMessage, outboxKeys, resendMessage } from './api.ts';
import { OutboxStatusBadge } from './OutboxStatusBadge.tsx';

const OUTCOME_COLORS = { sent: 'teal', retry: 'orange', failed: 'red' } as const;
/** While the message is on its way the screen follows it. */
const FOLLOW_MS = 3_000;

export function OutboxMessageScreen() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const shown = useQuery({
    queryKey: outboxKeys.message(id),
    queryFn: ({ signal }) => fetchMessage(id, signal),
    refetchInterval: (query) => (query.state.data && ['queued', 'sending'].includes(query.state.data.poruka.status) ? FOLLOW_MS : false),
  });
  const back = () => void navigate('/nalazi/outbox');

  return (
    <Stack gap="lg" maw={1100} mx="auto">
      <Group justify="space-between">
        <Title order={1} size="h2">{t('outbox.detailTitle')}</Title>
        <Button variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={back}>{t('outbox.back')}</Button>
      </Group>
      {shown.isPending ? <Loader aria-label={t('outbox.detailTitle')} /> : null}
      {shown.isError ? <Alert color="red" title={t('outbox.notFound')}>{null}</Alert> : null}
      {shown.data ? <MessageView answer={shown.data} onDeleted={back} /> : null}
    </Stack>
  );
}

function MessageView({ answer, onDeleted }: { answer: OutboxShowAnswer; onDeleted: () => void }) {
  const { t } = useTranslation();
  const session = useActiveSession();
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState(false);
  const [busy, setBusy] = useState(false);
  const { poruka, attempts, nalaz } = answer;
  const canSend = session.can('outbox.send') && poruka.status !== 'sending';

  const resend = async () => {
    setBusy(true);
    try {
      await resendMessage(poruka._id);
      notify.success(messageText('outbox.resent'));
      await queryClient.invalidateQueries({ queryKey: outboxKeys.message(poruka._id) });
    } catch (error) {
      notify.apiError(error);
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    try {
      await deleteMessage(poruka, session.user.email);
    } catch (error) {
      notify.apiError(error);
      throw error;
    }
    notify.success(messageText('delete.ok'));
    onDeleted();
  };

  const openPdf = async (attachment: OutboxShowAnswer['poruka']['prilozi_lista'][number]) => {
    if (!attachment.sid || !attachment.jezik || !attachment.verzija) return;
    try {
      await openReportPdf(attachment.sid, { jezik: attachment.jezik, verzija: attachment.verzija });
    } catch {
      notify.error(t('outbox.pdfFailed'));
    }
  };

  return (
    <>
      <Card withBorder padding="lg">
        <Stack gap="md">
          <Group justify="space-between" align="flex-start">
            <Stack gap={4}>
              <OutboxStatusBadge status={poruka.status} />
              {poruka.last_reply ? (
                <Text size="sm" c={poruka.status === 'sent' ? 'dimmed' : 'red.9'}>
                  {t('outbox.lastReply')}: <Text span ff="monospace" size="sm">{poruka.last_reply}</Text>
                </Text>
              ) : null}
            </Stack>
            {session.can('outbox.send') ? (
              <Group gap="xs">
                <Button variant="light" leftSection={<IconRefresh size={16} aria-hidden />} onClick={() => void resend()} loading={busy} disabled={!canSend}>
                  {poruka.status === 'sent' ? t('outbox.resendSent') : t('outbox.resend')}
                </Button>
                <Button variant="light" color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => setDeleting(true)} disabled={!canSend}>
                  {t('outbox.delete')}
                </Button>
              </Group>
            ) : null}
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Field label={t('outbox.recipient')} value={poruka.email} />
            <Field label={t('outbox.subject')} value={poruka.subject} />
            <Field label={t('outbox.queuedAt')} value={formatDateTime(poruka.created_at)} />
            <Field label={t('outbox.sentAt')} value={poruka.sent_at ? formatDateTime(poruka.sent_at) : '—'} />
            <Field label={t('outbox.messageId')} value={poruka.message_id} mono />
            {poruka.narucilac ? <Field label={t('outbox.ordererName')} value={poruka.narucilac} /> : null}
          </SimpleGrid>
          <Stack gap={4}>
            <Text size="sm" fw={600}>{t('outbox.body')}</Text>
            <Card withBorder bg="gray.0" padding="sm">
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>{poruka.body}</Text>
            </Card>
          </Stack>
        </Stack>
      </Card>

      <Card withBorder padding="lg">
        <Stack gap="sm">
          <Title order={2} size="h4">{nalaz ? t('outbox.report') : t('outbox.attachmentsTitle')}</Title>
          {nalaz ? (
            <Group gap="sm">
              <Anchor component={Link} to={reportViewPath(nalaz.sid)} size="sm" fw={500}>{t('outbox.reportOf', { code: nalaz.code })}</Anchor>
              <StatusBadge status={nalaz.status} />
            </Group>
          ) : null}
          <Group gap="xs">
            {poruka.prilozi_lista.map((attachment) => (
              <Button
                key={attachment.id}
                variant="default"
                leftSection={<IconFileTypePdf size={16} aria-hidden />}
                onClick={() => void openPdf(attachment)}
                aria-label={t('outbox.openPdf', { name: attachment.filename })}
              >
                {attachment.filename}
              </Button>
            ))}
          </Group>
        </Stack>
      </Card>

      <Card withBorder padding="lg">
        <Stack gap="sm">
          <Title order={2} size="h4">{t('outbox.attemptsTitle')}</Title>
          {attempts.length === 0 ? <Text size="sm" c="dimmed">{t('outbox.noAttempts')}</Text> : (
            <Table striped withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={150}>{t('outbox.attemptAt')}</Table.Th>
                  <Table.Th w={200}>{t('outbox.attemptOutcome')}</Table.Th>
                  <Table.Th>{t('outbox.attemptReply')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {attempts.map((attempt, index) => (
                  <Table.Tr key={`${attempt.at}-${index}`}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(attempt.at)}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={OUTCOME_COLORS[attempt.outcome]} c="gray.9" style={{ overflow: 'visible' }}>{t(`outbox.outcome_${attempt.outcome}`)}</Badge>
                    </Table.Td>
                    <Table.Td><Text size="sm" ff="monospace" style={{ wordBreak: 'break-word' }}>{attempt.reply}</Text></Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      </Card>
      <ConfirmDelete
        opened={deleting}
        onClose={() => setDeleting(false)}
        message={t('outbox.deleteMessage', { email: poruka.email })}
        onConfirm={remove}
      />
    </>
  );
}

function Field({ label, value, mono = false }: { label: string; value: string; mono?: boolean }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">{label}</Text>
      <Text size="sm" ff={mono ? 'monospace' : undefined} style={{ wordBreak: 'break-word' }}>{value}</Text>
    </Stack>
  );
}
