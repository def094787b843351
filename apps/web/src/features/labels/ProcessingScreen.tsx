/**
 * /naljepnice, 'Uzorci u obradi' (hidden from the menu): the site's samples
 * that are in processing (ZAPRIMLJEN and U OBRADI, or one of the two), in the
 * list table, with the label (re)print per row. The code cell opens the
 * sample dialog with its ID, date and time (sample table); so does a running
 * number typed in the serial-number dialog ('Redni broj').
 */
import { useMemo, useState } from 'react';
import { Button, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconHash, IconPrinter, IconStarFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PROCESSING_STATUSES, sampleStatusLabelKey } from '@lis/domain';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import {
  ListFetcherContext, ListTable, type ListColumn, type ListFetcher, type ListRowAction, apiListFetcher,
} from '../../components/list-table/index.ts';
import { SAMPLE_LIST, type SampleRow } from '../samples/index.ts';
import { formatDate, formatTime } from '../../lib/date-time.ts';
import { LabelDialog, type LabelTarget } from './LabelDialog.tsx';
import { SampleDetailsDialog } from './SampleDetailsDialog.tsx';
import { SerialNumberDialog } from './SerialNumberDialog.tsx';
import classes from '../../components/sample-code.module.css';
import { patientName } from '../../lib/patient-name.ts';

const ALL = 'all';

/**
 * The list call with the status filter: the table carries the statuses as one
 * parameter (`status=ZAPRIMLJEN,U OBRADI`, so they are part of its query key)
 * and the server's list contract takes `status` repeated.
 */
export const processingFetcher: ListFetcher = (list, params, signal) => {
  const query = new URLSearchParams(params);
  const statuses = (params.get('status') ?? '').split(',').filter((status) => status !== '');
  query.delete('status');
  for (const status of statuses) query.append('status', status);
  return apiListFetcher(list, query, signal);
};

export function ProcessingScreen() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<string>(ALL);
  const [label, setLabel] = useState<LabelTarget | null>(null);
  const [details, setDetails] = useState<SampleRow | null>(null);
  const [serialOpened, serial] = useDisclosure(false);
  const statuses = useMemo(() => (status === ALL ? PROCESSING_STATUSES : PROCESSING_STATUSES.filter((item) => item === status)), [status]);

  const columns: ListColumn<SampleRow>[] = [
    {
      key: 'code', header: t('labels.col_code'), sortable: true,
      render: (row) => <Text span className={classes.code} fw={600} size="sm">{row.code}</Text>,
      cellAction: { label: (row) => t('labels.openSample', { code: row.code }), onClick: setDetails },
    },
    {
      key: 'hitan', header: t('labels.col_hitan'), sortable: true, align: 'center', width: 80,
      render: (row) => (row.hitan ? <IconStarFilled size={16} color="var(--mantine-color-orange-7)" role="img" aria-label={t('samples.urgent')} /> : null),
    },
    { key: 'prezime', header: t('labels.col_patient'), sortable: true, render: (row) => patientName(row) },
    { key: 'datum', header: t('labels.col_datum'), sortable: true, render: (row) => `${formatDate(row.datum)} ${formatTime(row.datum)}` },
    { key: 'testova', header: t('labels.col_testova'), align: 'right', width: 90 },
    { key: 'status', header: t('labels.col_status'), sortable: true, render: (row) => <StatusBadge status={row.status} /> },
  ];

  const actions: ListRowAction<SampleRow>[] = [
    { key: 'barcode', label: t('labels.print'), icon: <IconPrinter size={18} aria-hidden />, onClick: (row) => setLabel({ _id: row._id, code: row.code }) },
  ];

  return (
    <Stack gap="lg" maw={1400} mx="auto">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={1} size="h2">{t('labels.processingTitle')}</Title>
        <Group gap="sm">
          <Button variant="default" leftSection={<IconHash size={16} aria-hidden />} onClick={serial.open} title={t('labels.serialOpenHint')}>
            {t('labels.serialOpen')}
          </Button>
          <SegmentedControl
            aria-label={t('labels.statusFilter')}
            value={status}
            onChange={setStatus}
            data={[
              { value: ALL, label: t('labels.status_all') },
              ...PROCESSING_STATUSES.map((value) => ({ value, label: t(sampleStatusLabelKey(value)) })),
            ]}
          />
        </Group>
      </Group>
      <ListFetcherContext value={processingFetcher}>
        <ListTable<SampleRow>
          // A new status filter is a new list: its own query, back to page 1.
          key={status}
          list={SAMPLE_LIST}
          storageKey="naljepnice"
          columns={columns}
          actions={actions}
          rowKey={(row) => row._id}
          rowLabel={(row) => `${row.code} ${patientName(row)}`}
          defaultSort={[{ field: 'created_at', direction: 'desc' }]}
          params={{ status: statuses.join(',') }}
          caption={t('labels.processingCaption')}
          minWidth={760}
        />
      </ListFetcherContext>
      <SerialNumberDialog opened={serialOpened} onClose={serial.close} onPick={setDetails} />
      <SampleDetailsDialog sample={details} onClose={() => setDetails(null)} onLabel={setLabel} />
      <LabelDialog sample={label} onClose={() => setLabel(null)} />
    </Stack>
  );
}
