/**
 * /mikrobiologija/kultura/{sid}: the culture of each culture test of a sample (a test of a microbiology
 * section): specimen, urinary or not, growth, the isolates with organism and colony count, and per
 * isolate its antibiogram (agent, MIC in mg/L or zone in mm, and the category the server interprets by
 * the imported EUCAST breakpoints: S green, I amber, R red; intrinsic resistance and "no breakpoint" said
 * in words), with an override and its reason.
 *
 * This screen loads the sample's cultures and shows the sample, the guideline in use and one CultureEditor
 * per culture test (typed from the bench sheet, saved with Ctrl+S). The culture becomes the test's result,
 * so approval and verification are those of the result screen (the way back); an approved or verified
 * sample is shown read-only.
 */
import { useNavigate, useParams } from 'react-router';
import { Alert, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { READABLE_ALERT_STYLES } from '../../components/readable.ts';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { resultEntryPath } from '../results/index.ts';
import { type CulturesAnswer, getCultures, microbiologyKeys } from './api.ts';
import { CultureEditor } from './CultureEditor.tsx';
import { patientName } from '../../lib/patient-name.ts';

export function CultureScreen() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const cultures = useQuery({ queryKey: microbiologyKeys.cultures(id), queryFn: ({ signal }) => getCultures(id, signal), enabled: id !== '' });
  const notFound = cultures.error instanceof ApiError && (cultures.error.status === 404 || cultures.error.status === 400);
  const answer = cultures.data;

  return (
    <Stack gap="md" maw={1280} mx="auto">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={1} size="h2">{t('microbiology.title')}</Title>
        {answer ? (
          <Button
            variant="subtle"
            leftSection={<IconArrowLeft size={16} aria-hidden />}
            onClick={() => void navigate(resultEntryPath(answer.uzorak.pid, answer.uzorak._id))}
          >
            {t('microbiology.backToResults')}
          </Button>
        ) : null}
      </Group>
      {notFound ? (
        <Alert styles={READABLE_ALERT_STYLES} color="orange">{t('microbiology.notFound')}</Alert>
      ) : cultures.isError ? (
        <Alert styles={READABLE_ALERT_STYLES} color="red">{t('microbiology.loadFailed')}</Alert>
      ) : answer ? (
        <Cultures answer={answer} />
      ) : (
        <Stack gap="md" aria-busy aria-label={t('common.loading')}>
          <Skeleton h={72} radius="md" />
          <Skeleton h={360} radius="md" />
        </Stack>
      )}
    </Stack>
  );
}

function Cultures({ answer }: { answer: CulturesAnswer }) {
  const { t } = useTranslation();
  const { uzorak } = answer;
  return (
    <>
      <Paper withBorder radius="md" p="sm">
        <Group justify="space-between" gap="sm">
          <Group gap="md">
            <Text fw={700}>{patientName(uzorak)}</Text>
            <Text>{t('microbiology.sample', { code: uzorak.code })}</Text>
            <StatusBadge status={uzorak.status} />
          </Group>
          <Text size="sm" c="dimmed">
            {answer.reference ? t('microbiology.reference', { guideline: answer.reference.guideline }) : ''}
          </Text>
        </Group>
      </Paper>
      {answer.reference ? null : <Alert styles={READABLE_ALERT_STYLES} color="orange">{t('microbiology.noReference')}</Alert>}
      {answer.testovi.length === 0 ? <Alert styles={READABLE_ALERT_STYLES} color="gray">{t('microbiology.noCultureTests')}</Alert> : null}
      {answer.testovi.map((test) => (
        // A culture saved elsewhere (or by this screen) starts the editor afresh from what the server holds.
        <CultureEditor key={`${test._id} ${test.kultura?.updated_at ?? ''}`} answer={answer} test={test} only={answer.testovi.length === 1} />
      ))}
    </>
  );
}
