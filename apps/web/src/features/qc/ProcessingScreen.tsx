/**
 * /kontrole/obrada/pregled and /kontrole/obrada/rezultati?kontrola=: the site's control results (of one lot
 * with `kontrola`) of the chosen period (today first), newest first, as a list screen (sortable columns, paging, 'Pretraga', date range, items
 * per page), each with its comment and its exclusion. A control result is never erased: 'delete' excludes
 * it, with a reason, from the statistics, the rules and the hold, once 'Da' is typed.
 */
import { useState } from 'react';
import { Badge, Button, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconBan, IconMessage } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EXCLUSION_WITHOUT_REASON } from '@lis/domain';
import { useSearchParams } from 'react-router';
import { AppDialog } from '../../components/AppDialog.tsx';
import { ConfirmDelete } from '../../components/ConfirmDelete.tsx';
import { ListTable, type ListColumn, type ListRowAction, invalidateList } from '../../components/list-table/index.ts';
import { notify } from '../../components/notify.tsx';
import { READABLE_BADGE_TEXT } from '../../components/readable.ts';
import { messageText, useLanguage } from '../../i18n/index.ts';
import { formatDateTime } from '../../lib/date-time.ts';
import { assayName } from '../../lib/catalogue-name.ts';
import { useActiveSession } from '../auth/index.ts';
import { RESULTS_LIST, type ControlResultRow, comment, excludeResult, qcKeys, setComment } from './api.ts';
import { STATUS_COLORS, figure } from './format.ts';

export function ProcessingScreen() {
  const { t } = useTranslation();
  // A call without a reason stores the server's Bosnian words; each language shows its own.
  const exclusionReason = (razlog: string | null | undefined) => (razlog === EXCLUSION_WITHOUT_REASON ? t('qc.noReasonGiven') : razlog ?? '');
  const language = useLanguage();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const kontrola = params.get('kontrola') ?? undefined;
  const [commenting, setCommenting] = useState<ControlResultRow | null>(null);
  const [excluding, setExcluding] = useState<ControlResultRow | null>(null);
  const [razlog, setRazlog] = useState('');
  const [razlogError, setRazlogError] = useState<string | null>(null);
  const reload = () => {
    void invalidateList(queryClient, RESULTS_LIST);
    void queryClient.invalidateQueries({ queryKey: qcKeys.all });
  };

  const columns: ListColumn<ControlResultRow>[] = [
    { key: 'izmjereno', header: t('qc.col_time'), sortable: true, render: (row) => formatDateTime(row.izmjereno) },
    { key: 'control', header: t('qc.col_control'), sortable: true, render: (row) => `${row.control} · ${row.lot}` },
    { key: 'naziv', header: t('qc.assay'), sortable: true, render: (row) => assayName(row, language) },
    { key: 'nivo', header: t('qc.level'), sortable: true, align: 'center' },
    { key: 'vrijednost', header: t('qc.col_value'), sortable: true, align: 'right', render: (row) => row.unos },
    { key: 'z', header: t('qc.col_z'), sortable: true, align: 'right', render: (row) => figure(row.z, language, 2) },
    {
      key: 'status', header: t('qc.col_status'), sortable: true, width: 140,
      render: (row) => (row.iskljucen
        ? <Text size="sm" c="dimmed">{t('qc.excludedBecause', { reason: exclusionReason(row.razlog_iskljucenja) })}</Text>
        : <Badge color={STATUS_COLORS[row.status]} variant="light" c={READABLE_BADGE_TEXT}>{t(`qc.status_${row.status}`)}</Badge>),
    },
    { key: 'pravila', header: t('qc.col_rules'), render: (row) => row.pravila.join(', ') || '—' },
    { key: 'izvor', header: t('qc.col_source'), render: (row) => (row.izvor === 'rucno' ? t('qc.byHand') : row.izvor) },
    { key: 'komentar', header: t('qc.comment'), render: (row) => row.komentar || '—' },
  ];
  const actions: ListRowAction<ControlResultRow>[] = [
    { key: 'comment', label: t('qc.comment'), icon: <IconMessage size={18} aria-hidden />, onClick: setCommenting },
    {
      key: 'exclude', label: t('qc.exclude'), icon: <IconBan size={18} aria-hidden />, color: 'red', hidden: (row) => row.iskljucen,
      onClick: (row) => { setRazlog(''); setExcluding(row); },
    },
  ];

  return (
    <Stack gap="lg" maw={1400} mx="auto">
      <Title order={1} size="h2">{t('qc.processingTitle')}</Title>
      <ListTable<ControlResultRow>
        list={RESULTS_LIST}
        params={{ kontrola }}
        storageKey={`${RESULTS_LIST.path}:${kontrola ?? ''}`}
        columns={columns}
        actions={actions}
        rowKey={(row) => row._id}
        rowLabel={(row) => `${assayName(row, language)} N${row.nivo} ${formatDateTime(row.izmjereno)}`}
        defaultSort={[{ field: 'izmjereno', direction: 'desc' }]}
        withDateRange
        caption={t('qc.processingCaption')}
        minWidth={1000}
        rowAccent={(row) => (row.iskljucen ? undefined : row.status === 'odbijen' ? 'var(--mantine-color-red-6)' : undefined)}
      />
      <CommentDialog row={commenting} onClose={() => setCommenting(null)} onSaved={reload} />
      <ConfirmDelete
        opened={excluding !== null}
        onClose={() => setExcluding(null)}
        title={t('qc.exclude')}
        message={(
          <Stack gap="xs">
            <Text>{excluding ? t('qc.excludeQuestion', { assay: assayName(excluding, language), level: excluding.nivo, value: excluding.unos }) : ''}</Text>
            <Textarea
              label={t('qc.reason')}
              withAsterisk
              value={razlog}
              error={razlogError}
              onChange={(event) => { setRazlog(event.currentTarget.value); setRazlogError(null); }}
              autosize
              minRows={2}
            />
          </Stack>
        )}
        onConfirm={async () => {
          if (!excluding) return;
          // The call accepts no reason (the spec's body), but a person excluding a result gives one.
          if (razlog.trim().length === 0) {
            setRazlogError(messageText('qc.reasonRequired'));
            throw new Error('reason required');
          }
          try {
            await excludeResult(excluding._id, razlog);
            notify.success(t('qc.excludedSaved'));
            reload();
          } catch (error) {
            notify.apiError(error);
            throw error;
          }
        }}
      />
    </Stack>
  );
}

/** The comment of a control result: read afresh when the dialog opens (control/comment/get), saved with control/comment/set. */
function CommentDialog({ row, onClose, onSaved }: { row: ControlResultRow | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  return (
    <AppDialog opened={row !== null} onClose={onClose} title={t('qc.comment')}>
      {row ? <CommentForm key={row._id} row={row} onClose={onClose} onSaved={onSaved} /> : null}
    </AppDialog>
  );
}

function CommentForm({ row, onClose, onSaved }: { row: ControlResultRow; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const session = useActiveSession();
  const stored = useQuery({ queryKey: qcKeys.comment(session.siteId, row._id), queryFn: () => comment(row._id), gcTime: 0 });
  const [typed, setTyped] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const text = typed ?? stored.data?.komentar ?? '';
  const save = async () => {
    setSaving(true);
    try {
      await setComment(row._id, text);
      notify.success(t('qc.commentSaved'));
      onSaved();
      onClose();
    } catch (error) {
      notify.apiError(error);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Stack>
      <Textarea label={t('qc.commentFor', { assay: assayName(row, language), level: row.nivo })} value={text} disabled={stored.isPending}
        onChange={(event) => setTyped(event.currentTarget.value)} autosize minRows={3} data-autofocus />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>{t('qc.cancel')}</Button>
        <Button onClick={() => void save()} loading={saving} disabled={stored.isPending}>{t('qc.save')}</Button>
      </Group>
    </Stack>
  );
}
