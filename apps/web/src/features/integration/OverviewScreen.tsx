/**
 * /integracija/pregled: each analyser's state (listening or connected, last message, messages today), the
 * messages received with their outcome and raw text, and the results kept for review; a message can be
 * processed again (POST /api/retry) after the sample got the test or the mapping was fixed. A second tab is the
 * capture bench (BenchPanel): what a pasted capture would do, before anything is stored.
 */
import { useState } from 'react';
import { Alert, Badge, Box, Code, Group, Loader, Paper, SimpleGrid, Stack, Switch, Tabs, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconPlugConnected, IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { MessageOutcome } from '@lis/domain';
import { EmptyState } from '../../components/EmptyState.tsx';
import { ListTable, type ListColumn, type ListRowAction } from '../../components/list-table/index.ts';
import { notify } from '../../components/notify.tsx';
import { formatDateTime } from '../../lib/date-time.ts';
import { useActiveSession } from '../auth/index.ts';
import { MESSAGE_LIST, REVIEW_LIST, analysers, integrationKeys, retryMessage, type AnalyserMessageRow, type ReviewItemRow } from './api.ts';
import { BenchPanel } from './BenchPanel.tsx';
import { ConnectionBadge } from './ConnectionBadge.tsx';
import { transportText } from './transport.ts';

/** The analysers' states are read again this often, so a connection coming up is seen without a click. */
const REFRESH_MS = 5_000;

const OUTCOME_COLORS: Record<MessageOutcome, string> = { applied: 'teal', review: 'orange', control: 'grape', query: 'blue', empty: 'gray', error: 'red' };

export function OverviewScreen() {
  const { t } = useTranslation();
  const session = useActiveSession();
  const canRetry = session.can('results.enter');
  const [refresh, setRefresh] = useState(0);
  const [onlyOpen, setOnlyOpen] = useState(true);
  const states = useQuery({ queryKey: integrationKeys.analysers(session.siteId), queryFn: ({ signal }) => analysers(signal), refetchInterval: REFRESH_MS });

  const retry = async (id: string) => {
    try {
      const answer = await retryMessage(id);
      notify.success(t('integration.retried', { applied: answer.primijenjeno, review: answer.za_pregled }));
      setRefresh((value) => value + 1);
    } catch (error) {
      notify.apiError(error);
    }
  };

  const messageColumns: ListColumn<AnalyserMessageRow>[] = [
    { key: 'primljeno', header: t('integration.col_primljeno'), sortable: true, render: (row) => formatDateTime(row.primljeno) },
    { key: 'analyser_ime', header: t('integration.col_analyser'), sortable: true },
    { key: 'vrsta', header: t('integration.col_vrsta'), render: (row) => `${row.protokol.toUpperCase()}${row.vrsta ? ` ${row.vrsta}` : ''}` },
    {
      key: 'ishod', header: t('integration.col_ishod'), sortable: true,
      render: (row) => (
        <Group gap={6} wrap="nowrap">
          <Badge color={OUTCOME_COLORS[row.ishod]} variant="light" c="gray.9" leftSection={<Box component="span" w={8} h={8} bg={`${OUTCOME_COLORS[row.ishod]}.7`} style={{ borderRadius: '50%', display: 'block' }} aria-hidden />}>{t(`integration.outcome_${row.ishod}`)}</Badge>
          {row.duplikata > 0 ? <Text size="xs" c="dimmed">{t('integration.duplicates', { count: row.duplikata })}</Text> : null}
        </Group>
      ),
    },
    { key: 'rezultata', header: t('integration.col_rezultata'), align: 'right' },
    { key: 'kontrolnih', header: t('integration.col_kontrolnih'), align: 'right' },
    { key: 'za_pregled', header: t('integration.col_zaPregled'), align: 'right' },
  ];
  const messageActions: ListRowAction<AnalyserMessageRow>[] = canRetry ? [{
    key: 'retry', label: t('integration.retry'), icon: <IconRefresh size={16} />, onClick: (row) => void retry(row._id),
    hidden: (row) => row.ishod !== 'review' && row.ishod !== 'error',
  }] : [];

  const reviewColumns: ListColumn<ReviewItemRow>[] = [
    { key: 'created_at', header: t('integration.col_primljeno'), sortable: true, render: (row) => formatDateTime(row.created_at) },
    { key: 'analyser_ime', header: t('integration.col_analyser') },
    { key: 'uzorak', header: t('integration.col_uzorak'), sortable: true },
    { key: 'test', header: t('integration.col_test') },
    { key: 'vrijednost', header: t('integration.col_vrijednost'), render: (row) => [row.vrijednost, row.jedinica, row.flag].filter(Boolean).join(' ') },
    { key: 'razlog', header: t('integration.col_razlog'), sortable: true, render: (row) => t(`integration.reason_${row.razlog}`) },
    { key: 'rijeseno', header: t('integration.col_rijeseno'), render: (row) => (row.rijeseno ? formatDateTime(row.rijeseno) : '') },
  ];
  const reviewActions: ListRowAction<ReviewItemRow>[] = canRetry ? [{
    key: 'retry', label: t('integration.retry'), icon: <IconRefresh size={16} />, onClick: (row) => void retry(row.poruka),
    hidden: (row) => row.rijeseno !== null,
  }] : [];

  return (
    <Stack gap="lg" maw={1400} mx="auto">
      <Title order={1} size="h2">{t('integration.overviewTitle')}</Title>
      <Tabs defaultValue="overview" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="overview">{t('integration.tabOverview')}</Tabs.Tab>
          <Tabs.Tab value="bench">{t('integration.tabBench')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="bench"><BenchPanel /></Tabs.Panel>
        <Tabs.Panel value="overview">
          <Stack gap="lg">
            {states.isPending ? <Group gap="xs"><Loader size="sm" /><Text>{t('integration.loading')}</Text></Group> : null}
            {states.isError ? <Alert color="red" icon={<IconAlertTriangle />}>{t('integration.failed')}</Alert> : null}
            {states.data && states.data.length === 0 ? <NoAnalysers /> : null}
            {states.data && states.data.length > 0 ? (
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
                {states.data.map((row) => (
                  <Paper key={row._id} withBorder p="md" radius="md" aria-label={row.ime}>
                    <Group justify="space-between" wrap="nowrap">
                      <Text fw={700}>{row.ime}</Text>
                      <ConnectionBadge veza={row.veza} />
                    </Group>
                    <Text size="sm" c="dimmed">{row.protokol.toUpperCase()} · {transportText(t, row)}</Text>
                    <Text size="sm" mt={6}>{row.zadnja_poruka ? t('integration.lastMessage', { time: formatDateTime(row.zadnja_poruka) }) : t('integration.noMessageYet')}</Text>
                    <Text size="sm">{t('integration.messagesToday', { count: row.poruka_danas })}</Text>
                  </Paper>
                ))}
              </SimpleGrid>
            ) : null}
            <Title order={2} size="h3">{t('integration.messagesTitle')}</Title>
            <ListTable<AnalyserMessageRow>
              list={MESSAGE_LIST}
              columns={messageColumns}
              actions={messageActions}
              rowKey={(row) => row._id}
              rowLabel={(row) => `${row.analyser_ime} ${formatDateTime(row.primljeno)}`}
              defaultSort={[{ field: 'primljeno', direction: 'desc' }]}
              refreshSignal={refresh}
              followPatientSelected={false}
              caption={t('integration.messagesCaption')}
              minWidth={900}
              rowAccent={(row) => (row.ishod === 'error' ? 'var(--mantine-color-red-6)' : row.ishod === 'review' ? 'var(--mantine-color-orange-5)' : undefined)}
              renderDetail={(row) => (
                <Stack gap={4}>
                  {row.greska ? <Text size="sm" c="red.8">{row.greska}</Text> : null}
                  <Text size="xs" fw={600}>{t('integration.raw')}</Text>
                  <Code block tabIndex={0} aria-label={t('integration.raw')} style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', maxHeight: 320, overflow: 'auto' }}>{row.sirovo.replaceAll('\r', '\n')}</Code>
          </Stack>
        )}
      />
      <Group justify="space-between">
        <Title order={2} size="h3">{t('integration.reviewTitle')}</Title>
        <Switch label={t('integration.onlyOpen')} checked={onlyOpen} onChange={(event) => setOnlyOpen(event.currentTarget.checked)} />
      </Group>
      <ListTable<ReviewItemRow>
        list={REVIEW_LIST}
        params={{ otvoreni: onlyOpen ? '1' : undefined }}
        columns={reviewColumns}
        actions={reviewActions}
        rowKey={(row) => row._id}
        rowLabel={(row) => `${row.uzorak} ${row.test}`}
        defaultSort={[{ field: 'created_at', direction: 'desc' }]}
        refreshSignal={refresh}
        followPatientSelected={false}
        caption={t('integration.reviewCaption')}
        minWidth={900}
      />
          </Stack>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

/**
 * The site has no analyser yet: nothing can arrive here until one is set up in the integration settings
 * (protocol, connection, code mapping); the analysers list says the same.
 */
export function NoAnalysers() {
  const { t } = useTranslation();
  const canEdit = useActiveSession().can('settings.write');
  return (
    <EmptyState
      icon={<IconPlugConnected size={26} />}
      title={t('integration.noAnalysersTitle')}
      description={t(canEdit ? 'integration.noAnalysersText' : 'integration.noAnalysersAsk')}
      action={canEdit ? { to: '/integracija/postavke', label: t('integration.noAnalysersLink') } : undefined}
    />
  );
}
