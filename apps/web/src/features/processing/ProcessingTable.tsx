/**
 * The sample rows of /obrada/pregled and /protokol in the list table: code
 * (to the result entry), urgent star, patient, status badge (with the mark of
 * a correction), results in (x/y), the critical and out-of-range marks, and
 * the time of registration (the sample table dialog with ID, date and time).
 * Row actions follow the sample's status (allowedSampleActions) and the
 * user's rights: approve, undo, verify and unlock (the results feature's
 * ResultRowActions with their dialogs), result entry, label print, comment,
 * the audit trail, the report PDF of a verified sample (unavailable until it
 * is issued) and delete. The list reloads after a change made here and
 * when a result event of the site arrives.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Badge, Button, Group, Stack, Text, ThemeIcon, Tooltip } from '@mantine/core';
import {
  IconAlertTriangle, IconArrowRight, IconFileTypePdf, IconHistory, IconMessage, IconNotes, IconPencil, IconPrinter, IconTrash,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { RESULT_ACTION_PERMISSIONS, allowedSampleActions, isSampleLocked, type SampleAction } from '@lis/domain';
import { ConfirmDelete } from '../../components/ConfirmDelete.tsx';
import { ListTable, type ListColumn, type ListRowAction } from '../../components/list-table/index.ts';
import { notify } from '../../components/notify.tsx';
import { READABLE_BADGE_TEXT } from '../../components/readable.ts';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { messageText } from '../../i18n/index.ts';
import { formatDate, formatDateTime, formatTime, siteToday } from '../../lib/date-time.ts';
import { useActiveSession } from '../auth/index.ts';
import { LabelDialog, SampleDetailsDialog, type LabelTarget } from '../labels/index.ts';
import { openReportPdf, reportViewPath } from '../nalazi/index.ts';
import { PatientDataDialog } from '../patients/index.ts';
import { AuditTrailDialog, CommentDialog, ResultRowActions, resultEntryPath } from '../results/index.ts';
import { UrgentStar } from '../samples/index.ts';
import { type ProcessingRow, deleteSample, setUrgent } from './api.ts';
import { OutsideViewMatches } from './OutsideViewMatches.tsx';
import { useListRefresh } from './use-list-refresh.ts';
import classes from '../../components/sample-code.module.css';
import type { ListCall } from '../../components/list-table/index.ts';
import { patientName } from '../../lib/patient-name.ts';

export interface ProcessingTableProps {
  list: ListCall;
  /** Names the list's stored filter. */
  storageKey: string;
  caption: string;
  datumPresets: readonly string[];
  defaultDatum: string;
  /** Start with an empty 'Pretraga' instead of the stored one (entering the sample review clears the filter). */
  clearFilter?: boolean;
  /** The search also finds samples outside the view (any day, any status) and links to them (OutsideViewMatches). */
  searchOutsideView?: boolean;
}

function allowedFor(row: ProcessingRow): Set<SampleAction> {
  return allowedSampleActions({ status: row.status, pdf_exists: row.pdf_exists });
}

/** The result entry of a row, with the day the sample was registered at the site (its patient's other samples of that day). */
function resultsPathOf(row: ProcessingRow): string {
  return resultEntryPath(row.pid, row._id, siteToday(new Date(row.created_at)));
}

function isToday(instant: string): boolean {
  const day = siteToday(new Date(instant));
  const today = siteToday();
  return day.year === today.year && day.month === today.month && day.day === today.day;
}

/** When the sample was registered: the time today, the date and time before. */
function registeredText(row: ProcessingRow): string {
  return isToday(row.created_at) ? formatTime(row.created_at) : `${formatDate(row.created_at)} ${formatTime(row.created_at)}`;
}

export function ProcessingTable({
  list, storageKey, caption, datumPresets, defaultDatum, clearFilter = false, searchOutsideView = false,
}: ProcessingTableProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useActiveSession();
  const refresh = useListRefresh(session.siteId);
  const [label, setLabel] = useState<LabelTarget | null>(null);
  const [details, setDetails] = useState<ProcessingRow | null>(null);
  const [deleting, setDeleting] = useState<ProcessingRow | null>(null);
  const [starring, setStarring] = useState<string | null>(null);
  // The dialogs keep their sample while they close, so their content does not vanish during the transition.
  const [commentOf, setCommentOf] = useState<{ row: ProcessingRow; opened: boolean } | null>(null);
  const [patientOf, setPatientOf] = useState<string | null>(null);
  const [auditOf, setAuditOf] = useState<{ row: ProcessingRow; opened: boolean } | null>(null);
  const canWrite = session.can('samples.write');
  const canEnter = session.can(RESULT_ACTION_PERMISSIONS.save);

  const openResults = (row: ProcessingRow) => void navigate(resultsPathOf(row));

  /** The verified sample's report in a new tab; where the browser refuses the tab, the report view instead. */
  const openReport = async (row: ProcessingRow) => {
    try {
      if (!(await openReportPdf(row._id))) void navigate(reportViewPath(row._id));
    } catch (error) {
      notify.apiError(error);
    }
  };

  const toggleUrgent = async (row: ProcessingRow, hitan: boolean) => {
    setStarring(row._id);
    try {
      await setUrgent(row._id, hitan);
      refresh.reload();
    } catch (error) {
      notify.apiError(error);
    } finally {
      setStarring(null);
    }
  };

  const remove = async (row: ProcessingRow) => {
    try {
      await deleteSample(row._id, session.user.email);
    } catch (error) {
      notify.error(messageText('delete.failed'));
      throw error;
    }
    notify.success(messageText('delete.ok'));
    setDetails(null);
    refresh.reload();
  };

  const columns: ListColumn<ProcessingRow>[] = [
    {
      key: 'code', header: t('processing.col_code'), sortable: true,
      render: (row) => <Text span className={classes.code} fw={600} size="sm">{row.code}</Text>,
      cellLink: { label: (row) => t('processing.openResults', { code: row.code }), href: resultsPathOf },
    },
    {
      key: 'hitan', header: t('processing.col_hitan'), sortable: true, align: 'center', width: 70,
      render: (row) => (
        <UrgentStar
          hitan={row.hitan}
          size="md"
          subject={row.code}
          busy={starring === row._id}
          onChange={canWrite && !isSampleLocked(row.status) ? (hitan) => void toggleUrgent(row, hitan) : undefined}
        />
      ),
    },
    {
      key: 'prezime', header: t('processing.col_patient'), sortable: true,
      render: (row) => (
        <Stack gap={0}>
          <Text span size="sm" fw={500}>{patientName(row)}</Text>
          <Text span size="xs" c="dimmed" ff="monospace">{row.jmbg}</Text>
        </Stack>
      ),
    },
    {
      key: 'status', header: t('processing.col_status'), sortable: true, width: 150,
      render: (row) => (
        // The badge never shrinks: a cut status ('ZAPRIMLJ…') reads as another one.
        <Group gap={4} wrap="nowrap" miw={130}>
          <StatusBadge status={row.status} />
          {row.verified_once && row.status !== 'VERIFICIRAN' ? (
            <Tooltip label={t('processing.correctionHint')} openDelay={300}>
              <Badge variant="outline" color="grape" size="sm" c={READABLE_BADGE_TEXT}>{t('processing.correction')}</Badge>
            </Tooltip>
          ) : null}
          {row.retest ? (
            <Tooltip label={t('processing.retestHint', { n: row.retest })} openDelay={300}>
              <Badge variant="outline" color="orange" size="sm" c={READABLE_BADGE_TEXT} data-testid={`retest-${row.code}`}>{t('processing.retest')}</Badge>
            </Tooltip>
          ) : null}
          {row.refleks ? (
            <Tooltip label={t('processing.reflexHint', { n: row.refleks })} openDelay={300}>
              <Badge variant="outline" color="grape" size="sm" c={READABLE_BADGE_TEXT} data-testid={`reflex-${row.code}`}>{t('reflex.badge')}</Badge>
            </Tooltip>
          ) : null}
        </Group>
      ),
    },
    {
      key: 'rezultata', header: t('processing.col_results'), align: 'center', width: 90,
      render: (row) => (
        <Text
          span size="sm" ff="monospace" fw={row.rezultata === row.testova ? 600 : 400}
          c={row.rezultata === 0 ? 'dimmed' : undefined}
          aria-label={t('processing.resultsLabel', { done: row.rezultata, total: row.testova })}
        >
          {t('processing.results', { done: row.rezultata, total: row.testova })}
        </Text>
      ),
    },
    {
      key: 'nalaz', header: t('processing.col_flags'), align: 'center', width: 90,
      render: (row) => <FlagMarks row={row} />,
    },
    {
      key: 'created_at', header: t('processing.col_time'), sortable: true,
      render: (row) => (
        <Text span size="sm" title={formatDateTime(row.created_at)} style={{ whiteSpace: 'nowrap' }}>
          {registeredText(row)}
        </Text>
      ),
      // The name carries the time shown, so speech input finds the button by what it reads.
      cellAction: { label: (row) => t('processing.openDetails', { code: row.code, time: registeredText(row) }), onClick: setDetails },
    },
  ];

  const actions: ListRowAction<ProcessingRow>[] = [
    {
      key: 'save', label: t('processing.saveResults'), icon: <IconPencil size={18} aria-hidden />, color: 'clinical',
      hidden: (row) => !(canEnter && allowedFor(row).has('save')), onClick: openResults,
    },
    {
      // The report of a verified sample; shown unavailable until its report is issued (pdf_exists).
      key: 'pdf', label: t('processing.reportPdf'), icon: <IconFileTypePdf size={18} aria-hidden />, color: 'clinical',
      hidden: (row) => row.status !== 'VERIFICIRAN' || !session.can('reports.read'),
      disabled: (row) => !allowedFor(row).has('pdf'),
      onClick: (row) => void openReport(row),
    },
    {
      key: 'barcode', label: t('processing.print'), icon: <IconPrinter size={18} aria-hidden />,
      hidden: (row) => !allowedFor(row).has('barcode'), onClick: (row) => setLabel({ _id: row._id, code: row.code }),
    },
    {
      // Written while the status allows a comment; an approved sample's comment can still be read.
      key: 'comment', label: t('processing.commentAction'), icon: <IconMessage size={18} aria-hidden />,
      hidden: (row) => !allowedFor(row).has('comment') && row.komentar === '', onClick: (row) => setCommentOf({ row, opened: true }),
    },
    {
      // The patient's note and the referring location that sent them (sender) live in the patient-data dialog;
      // offered while the sample's status allows them, read-only for users without write rights.
      key: 'note', label: t('processing.patientData'), icon: <IconNotes size={18} aria-hidden />,
      hidden: (row) => !(allowedFor(row).has('note') && allowedFor(row).has('sender')), onClick: (row) => setPatientOf(row.pid),
    },
    {
      key: 'audit', label: t('processing.auditAction'), icon: <IconHistory size={18} aria-hidden />,
      onClick: (row) => setAuditOf({ row, opened: true }),
    },
    {
      key: 'delete', label: t('processing.delete'), icon: <IconTrash size={18} aria-hidden />, color: 'red',
      hidden: (row) => !(canWrite && allowedFor(row).has('delete')), onClick: setDeleting,
    },
  ];

  return (
    <>
      <ListTable<ProcessingRow>
        list={list}
        storageKey={storageKey}
        filter={clearFilter ? '' : undefined}
        columns={columns}
        actions={actions}
        renderActions={(row) => (
          <ResultRowActions
            sample={{ _id: row._id, status: row.status, pdf_exists: row.pdf_exists, kriticni: row.kriticni, code: row.code }}
            onChanged={refresh.reload}
          />
        )}
        rowKey={(row) => row._id}
        rowLabel={(row) => `${row.code} ${patientName(row)}`}
        datumPresets={datumPresets}
        defaultDatum={defaultDatum}
        defaultSort={[{ field: 'created_at', direction: 'desc' }]}
        refreshSignal={refresh.signal}
        caption={caption}
        minWidth={980}
        aside={searchOutsideView ? (view) => <OutsideViewMatches list={list} view={view} pathOf={resultsPathOf} /> : undefined}
      />
      <SampleDetailsDialog sample={details} onClose={() => setDetails(null)} onLabel={details && allowedFor(details).has('barcode') ? setLabel : undefined}>
        {details ? (
          <Button variant="light" rightSection={<IconArrowRight size={16} aria-hidden />} onClick={() => openResults(details)}>
            {canEnter && allowedFor(details).has('save') ? t('processing.saveResults') : t('processing.openResults', { code: details.code })}
          </Button>
        ) : null}
      </SampleDetailsDialog>
      <LabelDialog sample={label} onClose={() => setLabel(null)} />
      {commentOf ? (
        <CommentDialog
          sid={commentOf.row._id}
          opened={commentOf.opened}
          readOnly={!allowedFor(commentOf.row).has('comment')}
          onClose={() => { setCommentOf({ ...commentOf, opened: false }); refresh.reload(); }}
        />
      ) : null}
      {auditOf ? <AuditTrailDialog sid={auditOf.row._id} opened={auditOf.opened} onClose={() => setAuditOf({ ...auditOf, opened: false })} /> : null}
      <PatientDataDialog patientId={patientOf} onClose={() => setPatientOf(null)} />
      <ConfirmDelete
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        message={deleting ? t('processing.deleteMessage', { code: deleting.code }) : ''}
        onConfirm={() => (deleting ? remove(deleting) : undefined)}
      />
    </>
  );
}

/** A critical result (LL/HH) in red, results outside their range counted in orange, the comment as an icon. */
function FlagMarks({ row }: { row: ProcessingRow }) {
  const { t } = useTranslation();
  return (
    <Group gap={4} justify="center" wrap="nowrap">
      {row.kriticni ? (
        <Tooltip label={t('processing.critical')} openDelay={200}>
          <ThemeIcon variant="light" color="red" size="sm" role="img" aria-label={t('processing.critical')}>
            <IconAlertTriangle size={14} aria-hidden />
          </ThemeIcon>
        </Tooltip>
      ) : null}
      {row.abnormalni > 0 ? (
        <Tooltip label={t('processing.abnormal', { count: row.abnormalni })} openDelay={200}>
          <Badge variant="light" color="orange" size="sm" c={READABLE_BADGE_TEXT} aria-label={t('processing.abnormal', { count: row.abnormalni })}>
            {row.abnormalni}
          </Badge>
        </Tooltip>
      ) : null}
      {row.komentar ? (
        <Tooltip label={t('processing.comment', { text: row.komentar })} openDelay={200} multiline maw={320}>
          <ThemeIcon variant="transparent" color="gray" size="sm" role="img" aria-label={t('processing.comment', { text: row.komentar })}>
            <IconMessage size={14} aria-hidden />
          </ThemeIcon>
        </Tooltip>
      ) : null}
    </Group>
  );
}
