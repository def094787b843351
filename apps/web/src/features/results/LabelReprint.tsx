/**
 * Label reprint from the result screen: 'Naljepnice' lists the samples the
 * patient gave at this site on the sample's day (GET
 * /rezultati/odobravanje/barcodes/{sampleId}/{patientId}, the one on screen
 * first) and prints the label of any of them through the label dialog every
 * screen uses (its PDF, or the ZPL file for a Zebra printer). Printing labels
 * works in every status, so the button is always there.
 */
import { useState } from 'react';
import { Alert, Button, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconPrinter, IconTags } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { type CalendarDate, processingContracts, toLocalDateText } from '@lis/domain';
import { call } from '../../api/client.ts';
import { AppDialog } from '../../components/AppDialog.tsx';
import { READABLE_ALERT_STYLES } from '../../components/readable.ts';
import { formatTime, siteToday } from '../../lib/date-time.ts';
import { LabelDialog, type LabelTarget } from '../labels/index.ts';
import { resultKeys } from './api.ts';
import { parseRouteDate } from './sample-day.ts';
import { patientName } from '../../lib/patient-name.ts';

interface LabelReprintProps {
  sid: string;
  patientId: string;
  /** When the sample was registered: its day at the site is listed unless the route names a day (`?date=`). */
  createdAt: string;
}

/** The call's `date`: the spec's dd.mm.yyyy with the dots replaced by dashes. */
export function barcodeDate(day: CalendarDate): string {
  return toLocalDateText(day).replace(/\./g, '-');
}

export function LabelReprint({ sid, patientId, createdAt }: LabelReprintProps) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const day = parseRouteDate(searchParams.get('date')) ?? siteToday(new Date(createdAt));
  const [opened, setOpened] = useState(false);
  const [printing, setPrinting] = useState<LabelTarget | null>(null);
  const date = barcodeDate(day);
  const labels = useQuery({
    queryKey: [...resultKeys.sample(sid), 'barcodes', date],
    queryFn: async ({ signal }) => (await call(processingContracts.barcodes, { params: { sampleId: sid, id: patientId }, query: { date } }, { signal })).results,
    enabled: opened,
  });

  return (
    <>
      <Button variant="default" size="sm" leftSection={<IconTags size={16} aria-hidden />} onClick={() => setOpened(true)}>
        {t('results.labels')}
      </Button>
      <AppDialog opened={opened} onClose={() => setOpened(false)} title={t('results.labelsTitle')} size="lg">
        <Stack gap="sm">
          <Text size="sm" c="dimmed">{t('results.labelsIntro')}</Text>
          {labels.isError ? <Alert styles={READABLE_ALERT_STYLES} color="red">{t('results.labelsFailed')}</Alert> : null}
          {labels.isPending && !labels.isError ? <Skeleton h={80} aria-label={t('common.loading')} /> : null}
          {labels.data ? (
            <Table aria-label={t('results.labelsTitle')} verticalSpacing={6}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('results.labelsCode')}</Table.Th>
                  <Table.Th>{t('results.labelsPatient')}</Table.Th>
                  <Table.Th>{t('results.labelsTime')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {labels.data.map((label) => (
                  <Table.Tr key={label.id} data-testid={`label-row-${label.sample.code}`}>
                    <Table.Td><Text size="sm" ff="monospace" fw={label.id === sid ? 700 : 400}>{label.sample.code}</Text></Table.Td>
                    <Table.Td><Text size="sm">{patientName(label.patient)}</Text></Table.Td>
                    <Table.Td><Text size="sm">{`${label.sample.datum} ${formatTime(label.created_at)}`}</Text></Table.Td>
                    <Table.Td ta="right">
                      <Button
                        size="xs"
                        variant="light"
                        leftSection={<IconPrinter size={14} aria-hidden />}
                        aria-label={t('results.labelsPrintOf', { code: label.sample.code })}
                        onClick={() => setPrinting({ _id: label.id, code: label.sample.code })}
                      >
                        {t('results.labelsPrint')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpened(false)}>{t('common.close')}</Button>
          </Group>
        </Stack>
      </AppDialog>
      <LabelDialog sample={printing} onClose={() => setPrinting(null)} />
    </>
  );
}
