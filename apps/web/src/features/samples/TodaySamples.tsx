/**
 * The patient's samples of today at this site, beside the new-sample form:
 * code, time, status badge, urgent star, tests and total; edit (the sample
 * edit dialog), delete while ZAPRIMLJEN (confirmation 'Da', results go too),
 * and the label. What a status allows comes from allowedSampleActions.
 */
import { useState } from 'react';
import { ActionIcon, Group, Paper, Skeleton, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconEye, IconPencil, IconPrinter, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { allowedSampleActions } from '@lis/domain';
import { ConfirmDelete } from '../../components/ConfirmDelete.tsx';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { notify } from '../../components/notify.tsx';
import { currentLanguage, messageText } from '../../i18n/index.ts';
import { useActiveSession } from '../auth/index.ts';
import type { LabelTarget } from '../labels/index.ts';
import { type SampleRow, deleteSample, sampleKeys, setUrgent, todaysSamples } from './api.ts';
import { formatKm, priceUnits } from './format.ts';
import { formatTime } from '../../lib/date-time.ts';
import { UrgentStar } from './UrgentStar.tsx';
import classes from '../../components/sample-code.module.css';

interface TodaySamplesProps {
  patient: { _id: string; jmbg: string };
  onEdit: (sampleId: string) => void;
  onLabel: (sample: LabelTarget) => void;
}

export function TodaySamples({ patient, onEdit, onLabel }: TodaySamplesProps) {
  const { t } = useTranslation();
  const samples = useQuery({
    queryKey: sampleKeys.today(patient._id),
    queryFn: ({ signal }) => todaysSamples(patient, signal),
  });
  const [deleting, setDeleting] = useState<SampleRow | null>(null);
  const session = useActiveSession();
  const queryClient = useQueryClient();

  const remove = async (row: SampleRow) => {
    try {
      await deleteSample(row._id, session.user.email);
    } catch (error) {
      notify.error(messageText('delete.failed'));
      throw error;
    }
    notify.success(messageText('delete.ok'));
    await queryClient.invalidateQueries({ queryKey: sampleKeys.all });
  };

  return (
    <Stack gap="sm">
      <Title order={2} size="h4">{t('samples.today')}</Title>
      {samples.isPending ? (
        <Stack gap="xs" aria-hidden>
          <Skeleton h={76} radius="md" />
          <Skeleton h={76} radius="md" />
        </Stack>
      ) : samples.isError ? (
        <Text c="var(--mantine-color-error)" size="sm">{t('samples.loadFailed')}</Text>
      ) : samples.data.length === 0 ? (
        <Text c="dimmed" size="sm">{t('samples.todayEmpty')}</Text>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('samples.today')}>
          {samples.data.map((row) => (
            <SampleItem key={row._id} row={row} onEdit={onEdit} onLabel={onLabel} onDelete={setDeleting} />
          ))}
        </Stack>
      )}
      <ConfirmDelete
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        message={deleting ? t('samples.deleteMessage', { code: deleting.code }) : ''}
        onConfirm={() => (deleting ? remove(deleting) : undefined)}
      />
    </Stack>
  );
}

function SampleItem({ row, onEdit, onLabel, onDelete }: {
  row: SampleRow;
  onEdit: (sampleId: string) => void;
  onLabel: (sample: LabelTarget) => void;
  onDelete: (row: SampleRow) => void;
}) {
  const { t } = useTranslation();
  const session = useActiveSession();
  const queryClient = useQueryClient();
  const language = currentLanguage();
  const [starBusy, setStarBusy] = useState(false);
  const actions = allowedSampleActions({ status: row.status, pdf_exists: row.pdf_exists });
  const canWrite = session.can('samples.write');
  const editable = canWrite && actions.has('edit');

  const toggleUrgent = async (hitan: boolean) => {
    setStarBusy(true);
    try {
      await setUrgent(row._id, hitan);
      await queryClient.invalidateQueries({ queryKey: sampleKeys.all });
    } catch (error) {
      notify.apiError(error);
    } finally {
      setStarBusy(false);
    }
  };

  const action = (label: string, icon: React.ReactNode, onClick: () => void, color = 'gray') => (
    <Tooltip label={label} openDelay={400}>
      <ActionIcon variant="subtle" color={color} aria-label={`${label} — ${row.code}`} onClick={onClick}>{icon}</ActionIcon>
    </Tooltip>
  );

  return (
    <Paper component="li" withBorder radius="md" p="sm">
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            <Text className={classes.code} fw={700}>{row.code}</Text>
            <StatusBadge status={row.status} />
          </Group>
          <Text size="xs" c="dimmed">
            {`${formatTime(row.datum)} · ${t('samples.testova', { n: row.testova })} · ${formatKm(priceUnits(row.ukupno), language, t('samples.currency'))}`}
          </Text>
        </Stack>
        <Group gap={2} wrap="nowrap" role="group" aria-label={t('samples.sampleActions', { code: row.code })}>
          <UrgentStar hitan={row.hitan} subject={row.code} size="md" busy={starBusy} onChange={editable ? (hitan) => void toggleUrgent(hitan) : undefined} />
          {action(t('samples.printLabel'), <IconPrinter size={18} aria-hidden />, () => onLabel({ _id: row._id, code: row.code }))}
          {editable
            ? action(t('samples.edit'), <IconPencil size={18} aria-hidden />, () => onEdit(row._id))
            : action(t('samples.view'), <IconEye size={18} aria-hidden />, () => onEdit(row._id))}
          {canWrite && actions.has('delete')
            ? action(t('samples.delete'), <IconTrash size={18} aria-hidden />, () => onDelete(row), 'red')
            : null}
        </Group>
      </Group>
    </Paper>
  );
}
