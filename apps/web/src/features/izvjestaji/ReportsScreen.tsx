/**
 * /reports, Izvještaji: one tab per report whose flag is set in the session's
 * `reports` (the login answer; the server refuses the others too), each over
 * a date range chosen in 'Unesite opseg datuma' (this month by default): a
 * description, the figures over the whole range, a chart where days are
 * compared, the table (paged for the per-sample reports), and the export to
 * PDF and XLSX. Computing and exporting show their progress.
 */
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Button, Group, Pagination, Paper, Progress, SimpleGrid, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { IconCalendar, IconFileSpreadsheet, IconFileTypePdf } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  REPORT_DEFINITIONS, REPORT_FLAGS, startOfDay, type DateRange, type Language, type ReportDefinition, type ReportFlag,
} from '@lis/domain';
import { ApiError } from '../../api/client.ts';
import { DateRangePicker, formatDateRange, wholeDay } from '../../components/date-range/index.ts';
import { notify } from '../../components/notify.tsx';
import { READABLE_ALERT_STYLES } from '../../components/readable.ts';
import { serverMessage, useLanguage } from '../../i18n/index.ts';
import { siteTimeZone, siteToday } from '../../lib/date-time.ts';
import { downloadBlob } from '../../lib/download.ts';
import { useActiveSession } from '../auth/index.ts';
import { fetchExport, fetchReport, type ExportFormat } from './api.ts';
import { cellText, isNumeric } from './cells.ts';
import { ReportChart } from './ReportChart.tsx';

const PER_PAGE = 100;

/** This month at the site, from its first day to the end of today. */
function thisMonth(): DateRange {
  const today = siteToday();
  return { from: startOfDay({ ...today, day: 1 }, siteTimeZone()), to: wholeDay(today).to };
}

function isReportFlag(value: string | null): value is ReportFlag {
  return (REPORT_FLAGS as readonly (string | null)[]).includes(value);
}

export function ReportsScreen() {
  const { t } = useTranslation();
  const language = useLanguage();
  const session = useActiveSession();
  const allowed = REPORT_FLAGS.filter((flag) => session.data.reports[flag] === true);
  const [search, setSearch] = useSearchParams();
  const asked = search.get('izvjestaj');
  const flag = isReportFlag(asked) && allowed.includes(asked) ? asked : allowed[0];
  const [range, setRange] = useState<DateRange>(thisMonth);
  const [rangeOpen, setRangeOpen] = useState(false);

  return (
    <Stack gap="lg" maw={1400} mx="auto">
      <Stack gap={4}>
        <Title order={1} size="h2">{t('izvjestaji.title')}</Title>
        <Text c="dimmed" size="sm">{t('izvjestaji.hint')}</Text>
      </Stack>
      {flag === undefined ? <Alert styles={READABLE_ALERT_STYLES} color="yellow">{t('izvjestaji.none')}</Alert> : (
        <>
          <Group justify="space-between" align="flex-end" gap="sm">
            <Tabs value={flag} onChange={(value) => { if (isReportFlag(value)) setSearch({ izvjestaj: value }, { replace: true }); }}>
              <Tabs.List aria-label={t('izvjestaji.report')}>
                {allowed.map((candidate) => (
                  <Tabs.Tab key={candidate} value={candidate}>{t(`izvjestaji.reports.${candidate}.title`)}</Tabs.Tab>
                ))}
              </Tabs.List>
            </Tabs>
            <Button variant="light" leftSection={<IconCalendar size={16} aria-hidden />} onClick={() => setRangeOpen(true)} aria-label={`${t('izvjestaji.range')}: ${formatDateRange(range, t('dateRange.separator'))}`}>
              {formatDateRange(range, t('dateRange.separator'))}
            </Button>
          </Group>
          <ReportView key={flag} definition={REPORT_DEFINITIONS[flag]} range={range} language={language} />
          <DateRangePicker opened={rangeOpen} onClose={() => setRangeOpen(false)} value={range} onChange={setRange} />
        </>
      )}
    </Stack>
  );
}

function ReportView({ definition, range, language }: { definition: ReportDefinition; range: DateRange; language: Language }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [rangeSeen, setRangeSeen] = useState(range);
  if (rangeSeen !== range) {
    // A new range starts at its first page.
    setRangeSeen(range);
    setPage(1);
  }
  const [exporting, setExporting] = useState<ExportFormat | null>(null);
  const report = useQuery({
    queryKey: ['izvjestaji', definition.flag, range.from.toISOString(), range.to.toISOString(), page],
    queryFn: ({ signal }) => fetchReport({ flag: definition.flag, range, page, perPage: PER_PAGE }, signal),
    placeholderData: keepPreviousData,
  });
  const texts = `izvjestaji.reports.${definition.flag}` as const;
  const title = t(`${texts}.title`);
  const blank = t(`${texts}.blank`);
  const answer = report.data;
  const pages = answer && definition.paged ? Math.max(1, Math.ceil(answer.pagination.total / PER_PAGE)) : 1;

  const exportAs = async (format: ExportFormat) => {
    setExporting(format);
    try {
      const blob = await fetchExport(definition.flag, range, format, language);
      downloadBlob(blob, `${definition.flag}.${format}`);
    } catch (error) {
      notify.apiError(error);
    } finally {
      setExporting(null);
    }
  };

  return (
    <Stack gap="md" aria-busy={report.isFetching}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={2} maw={820}>
          <Title order={2} size="h3">{title}</Title>
          <Text size="sm" c="dimmed">{t(`${texts}.description`)}</Text>
        </Stack>
        <Group gap="xs">
          <Button
            variant="default" leftSection={<IconFileTypePdf size={16} aria-hidden />} loading={exporting === 'pdf'} disabled={exporting !== null}
            onClick={() => void exportAs('pdf')}
          >
            {t('izvjestaji.exportPdf')}
          </Button>
          <Button
            variant="default" leftSection={<IconFileSpreadsheet size={16} aria-hidden />} loading={exporting === 'xlsx'} disabled={exporting !== null}
            onClick={() => void exportAs('xlsx')}
          >
            {t('izvjestaji.exportXlsx')}
          </Button>
        </Group>
      </Group>
      {report.isFetching || exporting ? (
        <Stack gap={4} role="status">
          <Text size="sm" c="dimmed">{exporting ? t('izvjestaji.exporting', { format: exporting.toUpperCase() }) : t('izvjestaji.loading')}</Text>
          <Progress value={100} animated striped size="sm" aria-label={exporting ? t('izvjestaji.exporting', { format: exporting.toUpperCase() }) : t('izvjestaji.loading')} />
        </Stack>
      ) : null}
      {report.isError ? (
        <Alert styles={READABLE_ALERT_STYLES} color="red" title={t('izvjestaji.failed')}>
          {report.error instanceof ApiError ? serverMessage(report.error) : null}
        </Alert>
      ) : null}
      {answer ? (
        <>
          <SimpleGrid cols={{ base: 1, xs: definition.summary.length }} spacing="sm" maw={220 * definition.summary.length}>
            {definition.summary.map((column) => (
              <Paper key={column.key} withBorder p="sm" radius="md">
                <Text size="xs" c="dimmed" tt="uppercase" fw={600}>{t(`${texts}.columns.${column.key}`)}</Text>
                <Text fw={700} size="xl" data-testid={`summary-${column.key}`}>{cellText(column, answer.sazetak[column.key], language, '–')}</Text>
              </Paper>
            ))}
          </SimpleGrid>
          <ReportChart definition={definition} rows={answer.rows} language={language} />
          {answer.rows.length === 0 ? <Text c="dimmed">{t('izvjestaji.empty')}</Text> : (
            <Table.ScrollContainer minWidth={definition.columns.length * 130}>
              <Table striped highlightOnHover withTableBorder stickyHeader aria-label={title}>
                <Table.Thead>
                  <Table.Tr>
                    {definition.columns.map((column) => (
                      <Table.Th key={column.key} ta={isNumeric(column) ? 'right' : undefined}>{t(`${texts}.columns.${column.key}`)}</Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {answer.rows.map((row, index) => (
                    // Rows have no id of their own (a day, a town, a sample in a section); their place in the answer is stable.
                    <Table.Tr key={index}>
                      {definition.columns.map((column) => (
                        <Table.Td key={column.key} ta={isNumeric(column) ? 'right' : undefined} style={{ whiteSpace: column.kind === 'instant' || column.kind === 'day' ? 'nowrap' : undefined }}>
                          {cellText(column, row[column.key], language, blank)}
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          {definition.paged ? (
            <Group justify="space-between">
              <Text size="sm" c="dimmed">{t('izvjestaji.rows', { count: answer.pagination.total })} · {t('izvjestaji.pageOf', { page, pages })}</Text>
              {pages > 1 ? <Pagination total={pages} value={page} onChange={setPage} siblings={2} /> : null}
            </Group>
          ) : null}
        </>
      ) : null}
    </Stack>
  );
}
