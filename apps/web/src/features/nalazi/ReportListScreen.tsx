/**
 * /nalazi/pregled, 'Pregled nalaza': the site's issued result reports in the
 * list table, newest first. A final report (the sample verified, the latest
 * version of that verification) is a gold row, one unlocked since a red row,
 * said in words in the 'Nalaz' column too. Row actions: open the PDF in a new
 * tab, the report view with its versions, and (with the right) withdraw the
 * report from the list after 'Da'; its versions stay stored.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Badge, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconEye, IconFileTypePdf, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ConfirmDelete } from '../../components/ConfirmDelete.tsx';
import { ListTable, type ListColumn, type ListRowAction } from '../../components/list-table/index.ts';
import { notify } from '../../components/notify.tsx';
import { READABLE_BADGE_TEXT } from '../../components/readable.ts';
import { GOLD } from '../../components/status.ts';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { messageText } from '../../i18n/index.ts';
import { formatDateTime } from '../../lib/date-time.ts';
import { useActiveSession } from '../auth/index.ts';
import { REPORT_LIST, type ReportListRow, openReportPdf, reportViewPath, withdrawReport } from './api.ts';
import classes from '../../components/sample-code.module.css';

/** The red of a report that is no longer final (the sample unlocked since). */
const NOT_FINAL = 'var(--mantine-color-red-6)';
/** The blue of a partial report (sections the rules released ahead of the rest of the sample): the final one is still to come. */
const PARTIAL = 'var(--mantine-color-blue-6)';

export function ReportListScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useActiveSession();
  const [withdrawing, setWithdrawing] = useState<ReportListRow | null>(null);
  const [reload, setReload] = useState(0);

  const openView = (row: ReportListRow) => void navigate(reportViewPath(row._id, row.jezici[0]));

  const openPdf = async (row: ReportListRow) => {
    try {
      if (!(await openReportPdf(row._id))) {
        notify.warning(t('nalazi.popupBlocked'));
        openView(row);
      }
    } catch (error) {
      notify.apiError(error);
    }
  };

  const withdraw = async (row: ReportListRow) => {
    try {
      await withdrawReport(row, session.user.email);
    } catch (error) {
      notify.error(messageText('delete.failed'));
      throw error;
    }
    notify.success(messageText('delete.ok'));
    setReload((value) => value + 1);
  };

  const columns: ListColumn<ReportListRow>[] = [
    {
      key: 'code', header: t('nalazi.col_code'), sortable: true,
      render: (row) => <Text span className={classes.code} fw={600} size="sm">{row.code}</Text>,
      cellLink: { label: (row) => t('nalazi.openView', { code: row.code }), href: (row) => reportViewPath(row._id, row.jezici[0]) },
    },
    {
      key: 'prezime', header: t('nalazi.col_patient'), sortable: true,
      render: (row) => (
        <Stack gap={0}>
          <Text span size="sm" fw={500}>{row.pacijent}</Text>
          <Text span size="xs" c="dimmed" ff="monospace">{row.jmbg}</Text>
        </Stack>
      ),
    },
    { key: 'status', header: t('nalazi.col_status'), sortable: true, width: 150, render: (row) => <StatusBadge status={row.status} /> },
    {
      key: 'final_pdf', header: t('nalazi.col_final'), width: 130,
      render: (row) => (row.final_pdf
        ? <Badge variant="outline" color="yellow" c={READABLE_BADGE_TEXT} style={{ borderColor: GOLD }}>{t('nalazi.final')}</Badge>
        : row.djelimican ? (
          <Tooltip label={t('nalazi.partialHint')} openDelay={300} multiline maw={300}>
            <Badge variant="light" color="blue" c={READABLE_BADGE_TEXT}>{t('nalazi.partial')}</Badge>
          </Tooltip>
        ) : (
          <Tooltip label={t('nalazi.notFinalHint')} openDelay={300} multiline maw={300}>
            <Badge variant="light" color="red" c={READABLE_BADGE_TEXT}>{t('nalazi.notFinal')}</Badge>
          </Tooltip>
        )),
    },
    {
      key: 'verzija', header: t('nalazi.col_versions'), sortable: true, align: 'center', width: 90,
      render: (row) => <Text span size="sm" ff="monospace">{row.verzija}</Text>,
    },
    {
      key: 'jezici', header: t('nalazi.col_languages'), width: 130,
      render: (row) => (
        <Group gap={4} wrap="nowrap">
          {row.jezici.map((jezik) => (
            <Badge key={jezik} variant="default" size="sm" aria-label={t(`nalazi.jezik_${jezik}`)}>{jezik.toUpperCase()}</Badge>
          ))}
        </Group>
      ),
    },
    {
      key: 'datum', header: t('nalazi.col_date'), sortable: true,
      render: (row) => <Text span size="sm" style={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.datum)}</Text>,
    },
  ];

  const actions: ListRowAction<ReportListRow>[] = [
    { key: 'pdf', label: t('nalazi.openPdf'), icon: <IconFileTypePdf size={18} aria-hidden />, color: 'clinical', onClick: (row) => void openPdf(row) },
    { key: 'view', label: t('nalazi.view'), icon: <IconEye size={18} aria-hidden />, onClick: openView },
    {
      key: 'delete', label: t('nalazi.withdraw'), icon: <IconTrash size={18} aria-hidden />, color: 'red',
      hidden: () => !session.can('reports.write'), onClick: setWithdrawing,
    },
  ];

  return (
    <Stack gap="lg" maw={1400} mx="auto">
      <Stack gap={4}>
        <Title order={1} size="h2">{t('nalazi.title')}</Title>
        <Text c="dimmed" size="sm">{t('nalazi.hint')}</Text>
      </Stack>
      <ListTable<ReportListRow>
        list={REPORT_LIST}
        storageKey="nalazi"
        columns={columns}
        actions={actions}
        rowKey={(row) => row._id}
        rowLabel={(row) => `${row.code} ${row.pacijent}`}
        rowAccent={(row) => (row.final_pdf ? GOLD : row.djelimican ? PARTIAL : NOT_FINAL)}
        defaultSort={[{ field: 'datum', direction: 'desc' }]}
        refreshSignal={reload}
        caption={t('nalazi.caption')}
        minWidth={900}
      />
      <ConfirmDelete
        opened={withdrawing !== null}
        onClose={() => setWithdrawing(null)}
        title={t('nalazi.withdraw')}
        message={withdrawing ? t('nalazi.withdrawMessage', { code: withdrawing.code }) : ''}
        onConfirm={() => (withdrawing ? withdraw(withdrawing) : undefined)}
      />
    </Stack>
  );
}
