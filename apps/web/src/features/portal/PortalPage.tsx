/**
 * /portal: the patient portal, outside the staff shell and its menus. A patient signs in with the e-mail
 * address a one-time code was mailed to and the code; the portal then shows their verified reports at the
 * lab (the current version of each, downloadable in every language it was issued in) and their results over
 * time, one chart per assay with the reference range and plain words. The session is the portal's own
 * (api.ts), kept in this tab only.
 */
import { useState } from 'react';
import {
  Alert, Button, Center, Group, Loader, SimpleGrid, Stack, Table, Text, TextInput, Title, VisuallyHidden,
} from '@mantine/core';
import { IconAlertTriangle, IconDownload, IconFileText, IconLogout, IconUserShield } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PublicPage } from '../../components/PublicPage.tsx';
import { type PortalOverviewAnswer, type ReportJezik } from '@lis/domain';
import { ApiError } from '../../api/client.ts';
import { serverMessage } from '../../i18n/index.ts';
import { formatDate } from '../../lib/date-time.ts';
import { downloadBlob } from '../../lib/download.ts';
import { portalOverview, portalReportPdf, portalSignIn, portalSignOut, portalToken } from './api.ts';
import { TrendChart } from './TrendChart.tsx';

function SignInForm({ onSignedIn, ended }: { onSignedIn: () => void; ended: boolean }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [kod, setKod] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    try {
      await portalSignIn(email, kod);
      onSignedIn();
    } catch (error) {
      setProblem(error instanceof ApiError ? serverMessage(error) : t('portal.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <Title order={2} size="h4">{t('portal.signInTitle')}</Title>
        <Text size="sm">{t('portal.signInHint')}</Text>
        {ended ? <Alert color="gray">{t('portal.sessionEnded')}</Alert> : null}
        <TextInput label={t('portal.email')} type="email" autoComplete="email" required value={email} onChange={(event) => setEmail(event.currentTarget.value)} />
        <TextInput
          label={t('portal.code')} placeholder={t('portal.codePlaceholder')} autoComplete="one-time-code" required spellCheck={false}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', letterSpacing: '0.08em' } }}
          value={kod} onChange={(event) => setKod(event.currentTarget.value)}
        />
        <div role="alert" aria-live="assertive">
          {problem ? <Alert color="red" icon={<IconAlertTriangle />} data-testid="portal-sign-in-problem">{problem}</Alert> : null}
        </div>
        <Group justify="flex-end">
          <Button type="submit" loading={busy} disabled={email.trim() === '' || kod.trim() === ''}>{t('portal.signIn')}</Button>
        </Group>
      </Stack>
    </form>
  );
}

function ReportList({ token, reports }: { token: string; reports: PortalOverviewAnswer['nalazi'] }) {
  const { t } = useTranslation();
  const [problem, setProblem] = useState<string | null>(null);
  if (reports.length === 0) return <Text c="dimmed">{t('portal.noReports')}</Text>;
  const download = async (sid: string, code: string, verzija: number, jezik: ReportJezik) => {
    setProblem(null);
    try {
      downloadBlob(await portalReportPdf(token, sid, jezik), `nalaz-${code}-v${verzija}-${jezik}.pdf`);
    } catch (error) {
      setProblem(error instanceof ApiError ? serverMessage(error) : t('portal.failed'));
    }
  };
  return (
    <Stack gap="xs">
      <Table.ScrollContainer minWidth={440}>
        <Table verticalSpacing="xs" withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('portal.sample')}</Table.Th><Table.Th>{t('portal.taken')}</Table.Th><Table.Th>{t('portal.issued')}</Table.Th><Table.Th>{t('portal.download')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {reports.map((report) => (
              <Table.Tr key={report.sid} data-testid="portal-report-row">
                <Table.Td>
                  <Text fw={600} size="sm">{report.code}</Text>
                  <Text size="xs" c="dimmed">{`${t('portal.version')} ${report.verzija}${report.corrected ? ` (${t('portal.corrected')})` : ''} · ${report.site}`}</Text>
                </Table.Td>
                <Table.Td>{formatDate(report.datum)}</Table.Td>
                <Table.Td>{formatDate(report.issued_at)}</Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="wrap">
                    {report.jezici.map((jezik) => (
                      <Button
                        key={jezik} size="compact-sm" variant="light" leftSection={<IconDownload size={14} aria-hidden />}
                        title={t(`portal.jezik_${jezik}`)}
                        onClick={() => void download(report.sid, report.code, report.verzija, jezik)}
                      >
                        {/* The visible language code ends the button's name (axe: the visible text is part of the name). */}
                        <VisuallyHidden>{t('portal.downloadIn', { code: report.code })}</VisuallyHidden>
                        {jezik.toUpperCase()}
                      </Button>
                    ))}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {problem ? <Alert color="red" role="alert">{problem}</Alert> : null}
    </Stack>
  );
}

function Overview({ token, onSignedOut }: { token: string; onSignedOut: () => void }) {
  const { t } = useTranslation();
  const overview = useQuery({
    queryKey: ['portal', 'overview', token],
    queryFn: ({ signal }) => portalOverview(token, signal),
    retry: false,
    refetchOnWindowFocus: false,
  });
  if (overview.isPending) return <Center py="xl" role="status" aria-label={t('portal.loading')}><Loader /></Center>;
  if (overview.error instanceof ApiError && overview.error.status === 401) {
    onSignedOut();
    return null;
  }
  if (!overview.data) return <Alert color="red" icon={<IconAlertTriangle />}>{t('portal.failed')}</Alert>;
  const { pacijent, nalazi, trendovi, lab } = overview.data;
  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <div>
          <Text fw={700} size="lg" data-testid="portal-patient">{t('portal.greeting', { ime: pacijent.ime, prezime: pacijent.prezime })}</Text>
          {lab ? <Text size="sm" c="dimmed">{lab}</Text> : null}
        </div>
        <Button
          variant="default" leftSection={<IconLogout size={16} aria-hidden />}
          onClick={() => void portalSignOut(token).finally(onSignedOut)}
        >
          {t('portal.signOut')}
        </Button>
      </Group>
      <Stack gap="sm" component="section" aria-labelledby="portal-reports">
        <Group gap="xs"><IconFileText size={20} aria-hidden /><Title order={2} size="h4" id="portal-reports">{t('portal.reports')}</Title></Group>
        <ReportList token={token} reports={nalazi} />
      </Stack>
      {trendovi.length > 0 ? (
        <Stack gap="sm" component="section" aria-labelledby="portal-trends">
          <Title order={2} size="h4" id="portal-trends">{t('portal.trends')}</Title>
          <Text size="sm" c="dimmed">{t('portal.trendsHint')}</Text>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            {trendovi.map((trend) => <TrendChart key={`${trend.naziv}-${trend.jedinica}`} trend={trend} />)}
          </SimpleGrid>
        </Stack>
      ) : null}
      <Text size="xs" c="dimmed">{t('portal.privacy')}</Text>
    </Stack>
  );
}

export function PortalPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [token, setToken] = useState<string | null>(() => portalToken.get());
  const [ended, setEnded] = useState(false);
  const signedOut = () => {
    portalToken.clear();
    queryClient.removeQueries({ queryKey: ['portal'] });
    setToken(null);
    setEnded(true);
  };

  return (
    <PublicPage
      icon={<IconUserShield size={24} stroke={1.6} />} title={t('portal.title')} subtitle={t('portal.subtitle')}
      languageLabel={t('portal.language')} width={token ? 1100 : 480}
    >
      {token
        ? <Overview token={token} onSignedOut={signedOut} />
        : <SignInForm ended={ended} onSignedIn={() => { setEnded(false); setToken(portalToken.get()); }} />}
    </PublicPage>
  );
}
