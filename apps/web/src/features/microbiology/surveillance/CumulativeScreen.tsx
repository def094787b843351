/**
 * /mikrobiologija/kumulativni-antibiogram: the site's cumulative antibiogram (CLSI M39) over a period (this
 * year by default; this or last year in one click, any range in 'Unesite opseg datuma') and optionally one
 * specimen. Organisms × agents, each cell the %S coloured by its level with the number tested; I is counted
 * apart (the cell's title gives S, I, R and %S+I); organisms with fewer than 30 first isolates are marked
 * unreliable. Exports: the table as XLSX, and the period's isolates as a WHONET file (for those who may
 * release results; the server refuses others and records every export).
 */
import { useState } from 'react';
import {
  Alert, Badge, Box, Button, Group, Paper, Progress, Select, SimpleGrid, Stack, Table, Text, TextInput, Title, Tooltip,
} from '@mantine/core';
import { IconCalendar, IconDatabaseExport, IconFileSpreadsheet } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { startOfDay, type CumulativeAnswer, type DateRange } from '@lis/domain';
import { ApiError } from '../../../api/client.ts';
import { AppDialog } from '../../../components/AppDialog.tsx';
import { DateRangePicker, formatDateRange } from '../../../components/date-range/index.ts';
import { notify } from '../../../components/notify.tsx';
import { READABLE_ALERT_STYLES } from '../../../components/readable.ts';
import { serverMessage, useLanguage } from '../../../i18n/index.ts';
import { siteTimeZone, siteToday } from '../../../lib/date-time.ts';
import { downloadBlob } from '../../../lib/download.ts';
import { useActiveSession } from '../../auth/index.ts';
import { fetchCumulative, fetchCumulativeXlsx, fetchWhonet, surveillanceKeys, type SurveillancePeriod } from './api.ts';

/** A calendar year at the site: 1 January to the end of 31 December, or to now for the current year. */
function yearRange(year: number): DateRange {
  const zone = siteTimeZone();
  const from = startOfDay({ year, month: 1, day: 1 }, zone);
  const end = new Date(startOfDay({ year: year + 1, month: 1, day: 1 }, zone).getTime() - 1);
  return { from, to: end.getTime() > Date.now() ? new Date() : end };
}

/** The colour band of a %S: the usual antibiogram bands (≥ 90 % green, 60–89 % yellow, below red), light so the text stays readable. */
function band(percent: number): string {
  if (percent >= 90) return 'var(--mantine-color-green-1)';
  if (percent >= 60) return 'var(--mantine-color-yellow-1)';
  return 'var(--mantine-color-red-1)';
}

export function CumulativeScreen() {
  const { t } = useTranslation();
  const language = useLanguage();
  const session = useActiveSession();
  const thisYear = siteToday().year;
  const [range, setRange] = useState<DateRange>(() => yearRange(thisYear));
  const [rangeOpen, setRangeOpen] = useState(false);
  const [materijal, setMaterijal] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const [whonetOpen, setWhonetOpen] = useState(false);
  const period: SurveillancePeriod = { range, materijal };
  const query = useQuery({
    queryKey: surveillanceKeys.cumulative(period),
    queryFn: ({ signal }) => fetchCumulative(period, signal),
    placeholderData: keepPreviousData,
  });
  const answer = query.data;

  const exportXlsx = async () => {
    setExporting(true);
    try {
      downloadBlob(await fetchCumulativeXlsx(period, language), 'kumulativni-antibiogram.xlsx');
    } catch (error) {
      notify.apiError(error);
    } finally {
      setExporting(false);
    }
  };

  const specimens = [...new Set([...(answer?.materijali ?? []), ...(materijal ? [materijal] : [])])];
  return (
    <Stack gap="lg" maw={1400} mx="auto">
      <Stack gap={4}>
        <Title order={1} size="h2">{t('microSurveillance.title')}</Title>
        <Text c="dimmed" size="sm" maw={900}>{t('microSurveillance.hint')}</Text>
      </Stack>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Group align="flex-end" gap="sm">
          <Stack gap={4}>
            <Text size="sm" fw={500}>{t('microSurveillance.period')}</Text>
            <Group gap="xs">
              <Button
                variant="light" leftSection={<IconCalendar size={16} aria-hidden />} onClick={() => setRangeOpen(true)}
                aria-label={`${t('microSurveillance.period')}: ${formatDateRange(range, t('dateRange.separator'))}`}
              >
                {formatDateRange(range, t('dateRange.separator'))}
              </Button>
              <Button variant="default" onClick={() => setRange(yearRange(thisYear))}>{t('microSurveillance.thisYear')}</Button>
              <Button variant="default" onClick={() => setRange(yearRange(thisYear - 1))}>{t('microSurveillance.lastYear')}</Button>
            </Group>
          </Stack>
          <Select
            label={t('microSurveillance.specimen')} placeholder={t('microSurveillance.everySpecimen')} data={specimens} value={materijal}
            onChange={setMaterijal} clearable w={240}
          />
        </Group>
        <Group gap="xs">
          <Button
            variant="default" leftSection={<IconFileSpreadsheet size={16} aria-hidden />} loading={exporting} disabled={exporting || !answer}
            onClick={() => void exportXlsx()}
          >
            {t('microSurveillance.exportXlsx')}
          </Button>
          {session.can('results.verify') ? (
            <Button variant="default" leftSection={<IconDatabaseExport size={16} aria-hidden />} onClick={() => setWhonetOpen(true)}>
              {t('microSurveillance.exportWhonet')}
            </Button>
          ) : null}
        </Group>
      </Group>
      {query.isFetching || exporting ? (
        <Stack gap={4} role="status">
          <Text size="sm" c="dimmed">{exporting ? t('microSurveillance.exporting') : t('microSurveillance.loading')}</Text>
          <Progress value={100} animated striped size="sm" aria-label={exporting ? t('microSurveillance.exporting') : t('microSurveillance.loading')} />
        </Stack>
      ) : null}
      {query.isError ? (
        <Alert styles={READABLE_ALERT_STYLES} color="red" title={t('microSurveillance.failed')}>
          {query.error instanceof ApiError ? serverMessage(query.error) : null}
        </Alert>
      ) : null}
      {answer ? <CumulativeTable answer={answer} /> : null}
      <DateRangePicker opened={rangeOpen} onClose={() => setRangeOpen(false)} value={range} onChange={setRange} />
      <WhonetDialog opened={whonetOpen} onClose={() => setWhonetOpen(false)} period={period} siteCode={session.site.sifra} />
    </Stack>
  );
}

function CumulativeTable({ answer }: { answer: CumulativeAnswer }) {
  const { t } = useTranslation();
  const agents = answer.antibiotici;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" maw={440}>
        <Paper withBorder p="sm" radius="md">
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>{t('microSurveillance.isolatesAll')}</Text>
          <Text fw={700} size="xl" data-testid="isolates-all">{answer.svihIzolata}</Text>
        </Paper>
        <Paper withBorder p="sm" radius="md">
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>{t('microSurveillance.isolatesFirst')}</Text>
          <Text fw={700} size="xl" data-testid="isolates-first">{answer.prvihIzolata}</Text>
        </Paper>
      </SimpleGrid>
      <Text size="sm">{t('microSurveillance.countingNote')}</Text>
      {answer.redovi.length === 0 ? <Text c="dimmed">{t('microSurveillance.empty')}</Text> : (
        <>
          <Table.ScrollContainer minWidth={260 + agents.length * 84}>
            <Table withTableBorder withColumnBorders stickyHeader aria-label={t('microSurveillance.title')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('microSurveillance.organism')}</Table.Th>
                  <Table.Th ta="right" title={t('microSurveillance.isolatesTitle')}>{t('microSurveillance.isolates')}</Table.Th>
                  {agents.map((agent) => (
                    <Table.Th key={agent.ab} ta="center" title={agent.naziv} style={{ whiteSpace: 'nowrap' }}>
                      <Text size="xs" fw={700} span>{agent.ab}</Text>
                      <Text size="xs" c="dimmed" display="block" fw={400}>{agent.naziv}</Text>
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {answer.redovi.map((row) => {
                  const cellOf = new Map(row.celije.map((cell) => [cell.ab, cell]));
                  return (
                    <Table.Tr key={row.organizam.mo} data-organism={row.organizam.mo}>
                      <Table.Td>
                        <Group gap={6} wrap="nowrap">
                          <Text fs="italic" size="sm">{row.organizam.naziv}</Text>
                          {row.nepouzdano ? (
                            <Tooltip label={t('microSurveillance.unreliableTitle', { min: answer.minIzolata })}>
                              {/* The mark keeps its whole text ('< 30'); the organism's name wraps beside it instead. */}
                              <Badge color="gray" variant="light" size="sm" style={{ flexShrink: 0 }} aria-label={t('microSurveillance.unreliableTitle', { min: answer.minIzolata })}>
                                {t('microSurveillance.unreliable', { min: answer.minIzolata })}
                              </Badge>
                            </Tooltip>
                          ) : null}
                        </Group>
                      </Table.Td>
                      <Table.Td ta="right">{row.izolata}</Table.Td>
                      {agents.map((agent) => {
                        const cell = cellOf.get(agent.ab);
                        if (!cell) return <Table.Td key={agent.ab} ta="center" c="dimmed" title={t('microSurveillance.notTested')}>–</Table.Td>;
                        const title = t('microSurveillance.cellTitle', {
                          agent: agent.naziv, s: cell.postoS, i: cell.postoI, r: cell.postoR, si: cell.postoSI,
                          // Not 'ns': i18next reads that option as a namespace.
                          countS: cell.s, countI: cell.i, countR: cell.r, n: cell.testirano,
                        });
                        return (
                          <Table.Td
                            key={agent.ab} ta="center" title={title} aria-label={title} data-agent={agent.ab}
                            style={{ background: band(cell.postoS), fontStyle: row.nepouzdano ? 'italic' : undefined }}
                          >
                            <Text fw={700} size="sm" data-testid="percent-s">{cell.postoS}</Text>
                            <Text size="xs" c="dark.6">{t('microSurveillance.testedOf', { n: cell.testirano })}</Text>
                          </Table.Td>
                        );
                      })}
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group gap="sm">
            <Text size="sm">{t('microSurveillance.legend')}</Text>
            {([[95, t('microSurveillance.legendHigh')], [75, t('microSurveillance.legendMid')], [10, t('microSurveillance.legendLow')]] as const).map(([percent, label]) => (
              <Box key={percent} px="xs" py={2} style={{ background: band(percent), borderRadius: 4 }}>
                <Text size="sm">{label}</Text>
              </Box>
            ))}
          </Group>
        </>
      )}
    </Stack>
  );
}

function WhonetDialog({ opened, onClose, period, siteCode }: { opened: boolean; onClose: () => void; period: SurveillancePeriod; siteCode: string }) {
  const { t } = useTranslation();
  const [zemlja, setZemlja] = useState('BIH');
  const [laboratorija, setLaboratorija] = useState(() => siteCode.replace(/[^A-Za-z0-9]/g, '').slice(0, 3).toUpperCase());
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<{ field?: string; text: string } | null>(null);

  const download = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const blob = await fetchWhonet(period, { zemlja, laboratorija });
      downloadBlob(blob, 'whonet.txt');
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) setProblem({ field: error.field, text: serverMessage(error) });
      else notify.apiError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AppDialog opened={opened} onClose={onClose} title={t('microSurveillance.whonetTitle')}>
      <form onSubmit={(event) => { event.preventDefault(); void download(); }}>
        <Stack gap="sm">
          <Text size="sm">{t('microSurveillance.whonetHint')}</Text>
          <TextInput
            label={t('microSurveillance.country')} value={zemlja} maxLength={3} onChange={(event) => setZemlja(event.currentTarget.value.toUpperCase())}
            error={problem?.field === 'zemlja' ? problem.text : undefined} data-autofocus
          />
          <TextInput
            label={t('microSurveillance.laboratory')} value={laboratorija} maxLength={3}
            onChange={(event) => setLaboratorija(event.currentTarget.value.toUpperCase())}
            error={problem?.field === 'laboratorija' ? problem.text : undefined}
          />
          {problem && problem.field !== 'zemlja' && problem.field !== 'laboratorija' ? (
            <Alert styles={READABLE_ALERT_STYLES} color="red">{problem.text}</Alert>
          ) : null}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>{t('microSurveillance.cancel')}</Button>
            <Button type="submit" loading={busy} leftSection={<IconDatabaseExport size={16} aria-hidden />}>{t('microSurveillance.download')}</Button>
          </Group>
        </Stack>
      </form>
    </AppDialog>
  );
}
