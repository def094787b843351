/**
 * The result-multi dialog: a patient's results at this site over time, one
 * parameter at a time (the parameter selector), as a graph (the default) or
 * as a table of the exact results. Closing it brings the graph back for the
 * next opening, as the spec says; the parameter chosen stays.
 *
 *   <ResultMultiDialog patientId={pid} opened={opened} onClose={close} assay="GLU" />
 */
import { Suspense, lazy, useState } from 'react';
import { Alert, Button, Center, Group, Loader, SegmentedControl, Select, Skeleton, Stack, Text } from '@mantine/core';
import { IconChartLine } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../components/AppDialog.tsx';
import { type PatientAssaySeries, evaluationKeys, patientResults, referenceText } from './api.ts';
import { ResultHistoryTable } from './ResultHistoryTable.tsx';
import { assayLabel } from '../../lib/catalogue-name.ts';
import { useLanguage } from '../../i18n/index.ts';
import { patientName } from '../../lib/patient-name.ts';

// The chart library is loaded when a graph is first shown, not with every screen that offers the dialog.
const ResultChart = lazy(() => import('./ResultChart.tsx').then((module) => ({ default: module.ResultChart })));

export type ResultView = 'graph' | 'table';

export interface ResultMultiDialogProps {
  patientId: string | null;
  opened: boolean;
  onClose: () => void;
  /** The parameter (assay sifra) shown first, e.g. the test the result screen opened it from; the first one otherwise. */
  assay?: string;
  /** Shows 'Evaluacija rezultata' leading to /evaluation/{id}; leave it out for users below whom that screen is not (access level above 0). */
  onOpenEvaluation?: () => void;
}

export function ResultMultiDialog({ patientId, opened, onClose, assay, onOpenEvaluation }: ResultMultiDialogProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [view, setView] = useState<ResultView>('graph');
  const [chosen, setChosen] = useState<string | null>(null);
  const results = useQuery({
    queryKey: evaluationKeys.patient(patientId ?? ''),
    queryFn: ({ signal }) => patientResults(patientId ?? '', signal),
    enabled: opened && patientId !== null,
  });

  const close = () => {
    setView('graph');
    onClose();
  };

  const assays = results.data?.assays ?? [];
  const wanted = chosen ?? assay ?? null;
  const series: PatientAssaySeries | undefined = assays.find((candidate) => candidate.sifra === wanted) ?? assays[0];
  const pacijent = results.data?.pacijent;
  const name = pacijent ? patientName(pacijent) : '';

  return (
    <AppDialog opened={opened} onClose={close} title={t('evaluation.dialogTitle', { name })} size="xl">
      {results.isPending && opened ? (
        <Center py="xl" role="status" aria-label={t('evaluation.loading')}><Loader /></Center>
      ) : null}
      {results.isError ? <Alert color="red">{t('evaluation.failed')}</Alert> : null}
      {results.data && assays.length === 0 ? <Text c="dimmed" py="md">{t('evaluation.empty')}</Text> : null}
      {series ? (
        <Stack gap="md">
          <Group justify="space-between" align="flex-end" gap="sm">
            <Select
              label={t('evaluation.parameter')}
              data={assays.map((candidate) => ({ value: candidate.sifra, label: assayLabel(candidate, language) }))}
              value={series.sifra}
              onChange={(value) => { if (value) setChosen(value); }}
              allowDeselect={false}
              searchable
              w={{ base: '100%', sm: 340 }}
            />
            <SegmentedControl
              aria-label={t('evaluation.view')}
              value={view}
              onChange={(value) => setView(value === 'table' ? 'table' : 'graph')}
              data={[{ value: 'graph', label: t('evaluation.graph') }, { value: 'table', label: t('evaluation.table') }]}
            />
          </Group>
          <Text size="sm" c="dimmed">
            {referenceText(series) ? t('evaluation.referenceRange', { range: referenceText(series) }) : t('evaluation.noReference')}
          </Text>
          {view === 'graph' ? (
            <Suspense fallback={<Skeleton h={260} radius="sm" />}><ResultChart key={series.sifra} series={series} /></Suspense>
          ) : <ResultHistoryTable series={series} />}
          {onOpenEvaluation ? (
            <Group justify="flex-end">
              <Button variant="light" leftSection={<IconChartLine size={16} aria-hidden />} onClick={() => { close(); onOpenEvaluation(); }}>
                {t('evaluation.title')}
              </Button>
            </Group>
          ) : null}
        </Stack>
      ) : null}
    </AppDialog>
  );
}
