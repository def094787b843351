/**
 * /evaluation/{id}: a patient's results at this site over time, a chart per
 * parameter (reference range shaded, points coloured by flag), or the same
 * results as tables of the exact texts. The parameters shown can be narrowed.
 * The route is open only below access level 1 (app/routes.tsx).
 */
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Alert, Button, Card, Center, Group, Loader, MultiSelect, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type PatientAssaySeries, evaluationKeys, patientResults, referenceText } from './api.ts';
import { ResultChart } from './ResultChart.tsx';
import { ResultHistoryTable } from './ResultHistoryTable.tsx';
import type { ResultView } from './ResultMultiDialog.tsx';
import { assayLabel, assayName } from '../../lib/catalogue-name.ts';
import { useLanguage } from '../../i18n/index.ts';
import { patientName } from '../../lib/patient-name.ts';

export function EvaluationScreen() {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const [view, setView] = useState<ResultView>('graph');
  const [shown, setShown] = useState<string[]>([]);
  const results = useQuery({ queryKey: evaluationKeys.patient(id), queryFn: ({ signal }) => patientResults(id, signal) });

  const assays = results.data?.assays ?? [];
  const visible = shown.length === 0 ? assays : assays.filter((series) => shown.includes(series.sifra));
  const pacijent = results.data?.pacijent;

  return (
    <Stack gap="lg" maw={1400} mx="auto">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={2}>
          <Title order={1} size="h2">{t('evaluation.title')}</Title>
          {pacijent ? <Text c="dimmed">{t('evaluation.patient', { name: patientName(pacijent), jmbg: pacijent.jmbg })}</Text> : null}
        </Stack>
        <Button variant="subtle" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={() => void navigate('/pacijenti')}>
          {t('evaluation.back')}
        </Button>
      </Group>
      {results.isPending ? <Center py="xl" role="status" aria-label={t('evaluation.loading')}><Loader /></Center> : null}
      {results.isError ? <Alert color="red">{t('evaluation.failed')}</Alert> : null}
      {results.data && assays.length === 0 ? <Text c="dimmed">{t('evaluation.empty')}</Text> : null}
      {assays.length > 0 ? (
        <>
          <Group justify="space-between" align="flex-end" gap="sm">
            <MultiSelect
              label={t('evaluation.parameters')}
              placeholder={shown.length === 0 ? t('evaluation.parametersPlaceholder') : undefined}
              data={assays.map((series) => ({ value: series.sifra, label: assayLabel(series, language) }))}
              value={shown}
              onChange={setShown}
              searchable
              clearable
              style={{ flex: '1 1 20rem' }}
            />
            <SegmentedControl
              aria-label={t('evaluation.view')}
              value={view}
              onChange={(value) => setView(value === 'table' ? 'table' : 'graph')}
              data={[{ value: 'graph', label: t('evaluation.graph') }, { value: 'table', label: t('evaluation.table') }]}
            />
          </Group>
          <SimpleGrid cols={{ base: 1, lg: view === 'graph' ? 2 : 1 }} spacing="md">
            {visible.map((series) => <AssayCard key={series.sifra} series={series} view={view} />)}
          </SimpleGrid>
        </>
      ) : null}
    </Stack>
  );
}

function AssayCard({ series, view }: { series: PatientAssaySeries; view: ResultView }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const reference = referenceText(series);
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={assayName(series, language)}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" align="baseline">
          <Title order={2} size="h4">{assayLabel(series, language)}</Title>
          <Text size="xs" c="dimmed">{reference ? t('evaluation.referenceRange', { range: reference }) : t('evaluation.noReference')}</Text>
        </Group>
        {view === 'graph' ? <ResultChart series={series} height={220} /> : <ResultHistoryTable series={series} />}
      </Stack>
    </Card>
  );
}
