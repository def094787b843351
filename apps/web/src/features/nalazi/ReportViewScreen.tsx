/**
 * /nalazi/pregled/{id} (and {id}_German, {id}_English): a sample's result
 * report shown in the page as issued (the stored PDF, fetched with the token
 * and shown through an object URL), its versions newest first (when, by whom,
 * corrected with the unlock's reason and the date of the report it replaces)
 * and the languages it was issued in. Choosing a language changes the
 * address, so the German report has its own link. All three languages are
 * offered: a version not issued in the chosen one says so and, for a user
 * who may hand reports out, issues it there from the version's frozen
 * content (not a correction). 'Pošalji e-mailom' queues the shown version
 * for the patient's address through the outbox, again or for the first time.
 */
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert, Anchor, Badge, Box, Button, Grid, Group, Paper, SegmentedControl, Skeleton, Stack, Table, Text, Title, UnstyledButton,
} from '@mantine/core';
import { IconArrowLeft, IconDownload, IconLanguage, IconMail } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { REPORT_JEZICI, parseReportRouteId, type ReportJezik } from '@lis/domain';
import { ApiError } from '../../api/client.ts';
import { useFileUrl } from '../../api/use-file-url.ts';
import { OpenInTabButton } from '../../components/OpenInTabButton.tsx';
import { READABLE_ALERT_STYLES, READABLE_BADGE_TEXT } from '../../components/readable.ts';
import { GOLD } from '../../components/status.ts';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { notify } from '../../components/notify.tsx';
import { messageText, serverMessage } from '../../i18n/index.ts';
import { useActiveSession } from '../auth/index.ts';
import { formatDateTime } from '../../lib/date-time.ts';
import { downloadBlob } from '../../lib/download.ts';
import {
  REPORT_LIST_PATH, type ReportVersion, addReportLanguage, reportKeys, reportPdfFile, reportVersions, reportViewPath, sendReport,
} from './api.ts';

const VIEWER_HEIGHT = 'calc(100vh - 220px)';

export function ReportViewScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { sid, jezik: routeJezik } = parseReportRouteId(useParams<{ id: string }>().id ?? '');
  const query = useQuery({ queryKey: reportKeys.versions(sid), queryFn: ({ signal }) => reportVersions(sid, signal) });
  const [chosenVerzija, setChosenVerzija] = useState<number | null>(null);
  const session = useActiveSession();
  const queryClient = useQueryClient();
  const mayHandOut = session.can('outbox.send');

  const versions = query.data?.versions ?? [];
  const shown = versions.find((version) => version.verzija === chosenVerzija) ?? versions[0] ?? null;
  // The language of the address, issued or not (a missing one is offered, never replaced by another).
  const jezik: ReportJezik | null = shown ? (routeJezik ?? shown.jezici[0] ?? null) : null;
  const issued = shown !== null && jezik !== null && shown.jezici.includes(jezik);
  const pdf = useFileUrl(shown && jezik && issued ? reportPdfFile(sid, { verzija: shown.verzija, jezik }) : null);
  const code = query.data?.nalaz.code ?? '';

  const addLanguage = useMutation({
    mutationFn: ({ verzija, language }: { verzija: number; language: ReportJezik }) => addReportLanguage(sid, verzija, language),
    onSuccess: (answer) => {
      notify.success(messageText(answer.code));
      void queryClient.invalidateQueries({ queryKey: reportKeys.versions(sid) });
    },
    onError: (error) => notify.apiError(error),
  });
  const send = useMutation({
    mutationFn: (verzija: number) => sendReport(sid, verzija),
    onSuccess: (answer) => notify.success(messageText(answer.code)),
    onError: (error) => notify.apiError(error),
  });

  if (query.isError) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return (
      <Stack gap="lg" maw={900} mx="auto">
        <BackLink />
        <Alert styles={READABLE_ALERT_STYLES} color="red" title={t('nalazi.pdfFailed')}>
          {notFound ? t('nalazi.notFound') : query.error instanceof ApiError ? serverMessage(query.error) : t('nalazi.pdfFailed')}
        </Alert>
      </Stack>
    );
  }

  const pdfTitle = shown && jezik ? t('nalazi.pdfTitle', { code, verzija: shown.verzija, jezik: t(`nalazi.jezik_${jezik}`) }) : '';

  return (
    <Stack gap="md" maw={1500} mx="auto">
      <BackLink />
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={4}>
          <Title order={1} size="h2">{t('nalazi.viewTitle', { code })}</Title>
          {query.data ? (
            <Group gap="xs">
              <Text size="sm">{t('nalazi.patient')}: <Text span fw={600}>{query.data.nalaz.pacijent}</Text></Text>
              <StatusBadge status={query.data.nalaz.status} />
              {query.data.nalaz.withdrawn ? <Badge variant="light" color="gray" c={READABLE_BADGE_TEXT}>{t('nalazi.withdrawn')}</Badge> : null}
            </Group>
          ) : <Skeleton h={20} w={320} />}
        </Stack>
        {shown && jezik ? (
          <SegmentedControl
            aria-label={t('nalazi.languages')}
            value={jezik}
            onChange={(value) => void navigate(reportViewPath(sid, value), { replace: true })}
            data={REPORT_JEZICI.map((candidate) => ({ value: candidate, label: t(`nalazi.jezik_${candidate}`) }))}
          />
        ) : null}
      </Group>

      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Paper withBorder p="sm" radius="md">
            <Title order={2} size="h4" mb="xs">{t('nalazi.versions')}</Title>
            {query.isPending ? <Skeleton h={120} /> : (
              <VersionList versions={versions} shown={shown?.verzija ?? null} onChoose={setChosenVerzija} />
            )}
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="xs">
            <Group justify="flex-end" gap="xs">
              {mayHandOut && shown ? (
                <Button
                  variant="default"
                  leftSection={<IconMail size={16} aria-hidden />}
                  loading={send.isPending}
                  onClick={() => send.mutate(shown.verzija)}
                >
                  {t('nalazi.sendMail')}
                </Button>
              ) : null}
              <OpenInTabButton file={pdf} label={t('nalazi.openTab')} />
              <Button
                variant="default"
                leftSection={<IconDownload size={16} aria-hidden />}
                disabled={pdf.state !== 'ready'}
                onClick={() => { if (pdf.state === 'ready' && shown && jezik) downloadBlob(pdf.blob, `nalaz-${code}-v${shown.verzija}-${jezik}.pdf`); }}
              >
                {t('nalazi.download')}
              </Button>
            </Group>
            <Box h={VIEWER_HEIGHT} mih={480} bg="gray.1" style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}>
              {shown && jezik && !issued ? (
                <Alert styles={READABLE_ALERT_STYLES} color="yellow" m="md" title={t('nalazi.languageMissing', { verzija: shown.verzija, jezik: t(`nalazi.jezik_${jezik}`) })}>
                  <Stack gap="sm" align="flex-start">
                    <Text size="sm">{mayHandOut ? t('nalazi.languageMissingHint') : t('nalazi.languageNoRight')}</Text>
                    {mayHandOut ? (
                      <Button
                        leftSection={<IconLanguage size={16} aria-hidden />}
                        loading={addLanguage.isPending}
                        onClick={() => addLanguage.mutate({ verzija: shown.verzija, language: jezik })}
                      >
                        {t('nalazi.issueLanguage', { jezik: t(`nalazi.jezik_${jezik}`) })}
                      </Button>
                    ) : null}
                  </Stack>
                </Alert>
              ) : null}
              {issued && (pdf.state === 'loading' || pdf.state === 'idle') ? <Skeleton h="100%" aria-label={t('nalazi.pdfLoading')} /> : null}
              {pdf.state === 'ready' ? (
                <iframe src={`${pdf.url}#navpanes=0&view=FitH`} title={pdfTitle} style={{ width: '100%', height: '100%', border: 0, display: 'block' }} />
              ) : null}
              {pdf.state === 'failed' ? (
                <Alert styles={READABLE_ALERT_STYLES} color="red" m="md" title={t('nalazi.pdfFailed')}>
                  {pdf.error ? serverMessage(pdf.error) : t('nalazi.pdfFailed')}
                </Alert>
              ) : null}
            </Box>
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

function BackLink() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Anchor component="button" type="button" size="sm" onClick={() => void navigate(REPORT_LIST_PATH)} w="fit-content">
      <Group gap={4}><IconArrowLeft size={16} aria-hidden />{t('nalazi.back')}</Group>
    </Anchor>
  );
}

/** The versions newest first; the one shown is marked, any other is shown on a click. */
function VersionList({ versions, shown, onChoose }: { versions: readonly ReportVersion[]; shown: number | null; onChoose: (verzija: number) => void }) {
  const { t } = useTranslation();
  return (
    <Table verticalSpacing={6} aria-label={t('nalazi.versions')}>
      <Table.Tbody>
        {versions.map((version) => {
          const current = version.verzija === shown;
          return (
            <Table.Tr key={version.verzija} bg={current ? 'var(--mantine-color-clinical-0)' : undefined}>
              <Table.Td>
                <UnstyledButton
                  onClick={() => onChoose(version.verzija)}
                  aria-current={current || undefined}
                  w="100%"
                >
                  <Stack gap={2}>
                    <Group gap={6} justify="space-between" wrap="nowrap">
                      <Text fw={600} size="sm">{t('nalazi.version', { verzija: version.verzija })}</Text>
                      {version.corrected
                        ? <Badge size="sm" variant="light" color="red" c={READABLE_BADGE_TEXT}>{t('nalazi.corrected')}</Badge>
                        : version.partial
                        ? <Badge size="sm" variant="light" color="blue" c={READABLE_BADGE_TEXT} title={t('nalazi.partialHint')}>{t('nalazi.partial')}</Badge>
                        : <Badge size="sm" variant="outline" color="yellow" c={READABLE_BADGE_TEXT} style={{ borderColor: GOLD }}>{t('nalazi.original')}</Badge>}
                    </Group>
                    <Text size="xs">{t('nalazi.issuedAt')}: {formatDateTime(version.created_at)} · {t('nalazi.issuedBy')}: {version.issued_by}</Text>
                    {version.corrected ? (
                      <>
                        <Text size="xs">{t('nalazi.reason')}: <Text span fw={600} size="xs">{version.razlog || '—'}</Text></Text>
                        {version.original_issued_at ? <Text size="xs" c="dimmed">{t('nalazi.replaces', { date: formatDateTime(version.original_issued_at) })}</Text> : null}
                      </>
                    ) : null}
                    <Group gap={4}>
                      {version.jezici.map((jezik) => <Badge key={jezik} size="xs" variant="default">{jezik.toUpperCase()}</Badge>)}
                      {current ? <Text size="xs" c="dimmed">· {t('nalazi.shown')}</Text> : null}
                    </Group>
                  </Stack>
                </UnstyledButton>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
