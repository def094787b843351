/**
 * /dashboard, without sign-in: the wall display of a site, opened with the
 * display key an administrator issued (/dashboard?kljuc=...). Today's samples
 * by status, urgent samples waiting and the turnaround time, in large type
 * for a screen across the room; never a patient, a sample code or a name.
 * The socket (admitted by the display key) says when the site's data changed
 * and the display asks again; a minute's poll keeps the clock-driven values
 * current and covers a socket that cannot connect.
 */
import { useEffect } from 'react';
import { Alert, Box, Center, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { io } from 'socket.io-client';
import { WALL_DISPLAY_CHANGED_EVENT } from '@lis/domain';
import { SAMPLE_STATUS_COLORS } from '../../components/status.ts';
import { useLanguage } from '../../i18n/index.ts';
import { formatTime } from '../../lib/date-time.ts';
import { WallDisplayRefused, statisticsKeys, wallDisplay } from './api.ts';
import { count, minutesText, percent } from './format.ts';
import { SOCKET_TRANSPORTS } from '../realtime/index.ts';

const POLL_MS = 60_000;

function useDisplaySocket(key: string): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!key) return undefined;
    const socket = io({ path: '/socket.io', auth: { dashboardKey: key }, transports: SOCKET_TRANSPORTS });
    socket.on(WALL_DISPLAY_CHANGED_EVENT, () => void client.invalidateQueries({ queryKey: statisticsKeys.wallDisplay(key) }));
    return () => {
      socket.disconnect();
    };
  }, [client, key]);
}

export function DashboardScreen() {
  const { t } = useTranslation();
  const language = useLanguage();
  const [params] = useSearchParams();
  const key = params.get('kljuc') ?? '';
  const query = useQuery({
    queryKey: statisticsKeys.wallDisplay(key),
    queryFn: ({ signal }) => wallDisplay(key, signal),
    enabled: key !== '',
    refetchInterval: (state) => (state.state.error instanceof WallDisplayRefused ? false : POLL_MS),
    retry: (failures, error) => !(error instanceof WallDisplayRefused) && failures < 3,
  });
  useDisplaySocket(query.isError ? '' : key);
  const display = query.data?.prikaz ?? null;

  if (key === '' || query.error instanceof WallDisplayRefused) {
    return (
      <Center mih="100vh" p="md" component="main">
        <Alert color="gray" maw={520} title={t('statistics.dashboardTitle')}>{t('statistics.dashboardNoKey')}</Alert>
      </Center>
    );
  }
  if (!display) {
    return <Center mih="100vh" component="main">{query.isError ? <Alert color="red">{t('statistics.failed')}</Alert> : <Loader aria-label={t('statistics.loading')} />}</Center>;
  }
  const tat = display.tat;
  return (
    <Box component="main" p={{ base: 'md', md: 'xl' }} mih="100vh" bg="gray.0">
      <Stack gap="lg" maw={1600} mx="auto">
        <Group justify="space-between" align="baseline" wrap="wrap">
          <Title order={1}>{t('statistics.dashboardTitle')}</Title>
          <Text size="xl" fw={600} data-testid="dashboard-site">
            {t('statistics.dashboardSite', { site: display.sajt, day: `${display.dan.slice(8, 10)}.${display.dan.slice(5, 7)}.${display.dan.slice(0, 4)}.` })}
          </Text>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          <Paper withBorder p="lg" radius="md" data-testid="dashboard-total">
            <Text size="lg" c="dimmed">{t('statistics.samples')}</Text>
            <Text fz={64} fw={800} lh={1.1} data-testid="dashboard-total-value">{count(display.uzorci, language)}</Text>
          </Paper>
          <Paper withBorder p="lg" radius="md" data-testid="dashboard-urgent" style={display.hitni_cekaju > 0 ? { borderColor: 'var(--mantine-color-red-7)', borderWidth: 2 } : undefined}>
            <Text size="lg" c="dimmed">{t('statistics.dashboardUrgent')}</Text>
            <Text fz={64} fw={800} lh={1.1} c={display.hitni_cekaju > 0 ? 'red.8' : undefined} data-testid="dashboard-urgent-value">
              {count(display.hitni_cekaju, language)}
            </Text>
          </Paper>
          <Paper withBorder p="lg" radius="md" data-testid="dashboard-tat">
            <Text size="lg" c="dimmed">{t('statistics.dashboardTat')}</Text>
            <Text fz={28} fw={700} lh={1.3}>{t('statistics.dashboardTatMedian', { value: minutesText(tat.medijan_min, language) })}</Text>
            <Text fz={28} fw={700} lh={1.3}>{t('statistics.dashboardTatP90', { value: minutesText(tat.p90_min, language) })}</Text>
            <Text size="lg">{t('statistics.dashboardWithin', { share: percent(tat.u_cilju, language), target: tat.cilj_min })}</Text>
          </Paper>
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }}>
          {display.po_statusu.map((row) => (
            <Paper key={row.status} withBorder p="lg" radius="md" data-testid={`dashboard-status-${row.status}`}
              style={{ borderTop: `6px solid var(--mantine-color-${SAMPLE_STATUS_COLORS[row.status].color}-6)` }}>
              <Text size="lg" fw={600}>{t(SAMPLE_STATUS_COLORS[row.status].labelKey)}</Text>
              <Text fz={48} fw={800} lh={1.1}>{count(row.uzorci, language)}</Text>
            </Paper>
          ))}
        </SimpleGrid>
        <Text c="dimmed" ta="right">{t('statistics.dashboardRefreshed', { time: formatTime(display.osvjezeno) })}</Text>
      </Stack>
    </Box>
  );
}
