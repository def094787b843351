/**
 * The patient's samples that are not completed yet, with their status; a code
 * opens the sample, and a button leads to the patient's sample entry.
 */
import { useNavigate } from 'react-router';
import { Alert, Anchor, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconArrowRight, IconStarFilled } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../components/AppDialog.tsx';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { formatDateTime } from '../../lib/date-time.ts';
import { READABLE_ALERT_STYLES } from '../../components/readable.ts';
import { uncompletedSamples } from './api.ts';
import { DialogLoading } from './PatientRecordDialog.tsx';
import { patientName } from '../../lib/patient-name.ts';

export function UncompletedSamplesDialog({ patient, onClose, onOpenSample }: {
  patient: { _id: string; ime: string; prezime: string } | null;
  onClose: () => void;
  onOpenSample: (sampleId: string) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const samples = useQuery({
    queryKey: ['samples', 'uncompleted', patient?._id ?? ''],
    queryFn: ({ signal }) => uncompletedSamples(patient!._id, signal),
    enabled: patient !== null,
    staleTime: 0,
  });
  return (
    <AppDialog
      opened={patient !== null}
      onClose={onClose}
      title={patient ? t('patients.samplesTitle', { name: patientName(patient) }) : ''}
      size="lg"
    >
      <Stack gap="md">
        {samples.isPending ? <DialogLoading /> : samples.isError ? <Alert styles={READABLE_ALERT_STYLES} color="red">{t('patients.loadFailed')}</Alert>
          : samples.data.length === 0 ? <Text c="dimmed">{t('patients.noSamples')}</Text> : (
            <Table.ScrollContainer minWidth={420}>
              <Table striped verticalSpacing="xs" aria-label={t('patients.actionSamples')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('patients.sampleCode')}</Table.Th>
                    <Table.Th>{t('patients.sampleDate')}</Table.Th>
                    <Table.Th ta="right">{t('patients.sampleTests')}</Table.Th>
                    <Table.Th>{t('patients.sampleStatus')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {samples.data.map((sample) => (
                    <Table.Tr key={sample._id}>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          <Anchor
                            component="button"
                            type="button"
                            ff="monospace"
                            fw={600}
                            size="sm"
                            aria-label={t('patients.openSample', { code: sample.code })}
                            onClick={() => onOpenSample(sample._id)}
                          >
                            {sample.code}
                          </Anchor>
                          {sample.hitan ? <IconStarFilled size={14} color="var(--mantine-color-orange-7)" aria-label={t('patients.urgent')} role="img" /> : null}
                        </Group>
                      </Table.Td>
                      <Table.Td>{formatDateTime(sample.datum)}</Table.Td>
                      <Table.Td ta="right">{sample.testova}</Table.Td>
                      <Table.Td><StatusBadge status={sample.status} /></Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        <Group justify="space-between" gap="xs">
          {patient ? (
            <Button variant="light" rightSection={<IconArrowRight size={16} aria-hidden />} onClick={() => void navigate(`/samples/${patient._id}`)}>
              {t('patients.toSamples')}
            </Button>
          ) : <span />}
          <Button variant="default" onClick={onClose}>{t('common.close')}</Button>
        </Group>
      </Stack>
    </AppDialog>
  );
}
