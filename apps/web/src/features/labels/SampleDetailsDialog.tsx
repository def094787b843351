/**
 * The sample table dialog: clicking a sample row opens it with the sample's
 * ID, code, date and time of sampling, patient and status, the patient's
 * samples each with its checkbox 'include in the pro-forma invoice' (ticked
 * when updated today) and the way to that invoice, the label print and the
 * way to the patient's sample entry. Screens add their own actions as
 * children (beside the label print).
 */
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Button, Divider, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconArrowRight, IconPrinter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../components/AppDialog.tsx';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { formatDate, formatTime } from '../../lib/date-time.ts';
import { InvoiceChoice } from '../invoice/index.ts';
import type { LabelTarget } from './LabelDialog.tsx';
import classes from '../../components/sample-code.module.css';
import { patientName } from '../../lib/patient-name.ts';

/** What the dialog shows of a sample: a row of the sample lists (GET /api/uzorci/list, /api/obrada/list). */
export interface SampleDetails {
  _id: string;
  code: string;
  datum: string;
  status: string;
  pid: string;
  ime: string;
  prezime: string;
}

export function SampleDetailsDialog({ sample, onClose, onLabel, children }: {
  sample: SampleDetails | null;
  onClose: () => void;
  /** Print the label; left out, the dialog offers no label print (a user who may not print). */
  onLabel?: (sample: LabelTarget) => void;
  /** The screen's own actions, beside the label print. */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const facts = sample ? [
    // The ID is long: it gets the whole row.
    { label: t('labels.sampleId'), value: sample._id, mono: true, wide: true },
    { label: t('labels.sampleCode'), value: sample.code, mono: true },
    { label: t('labels.sampleDate'), value: formatDate(sample.datum) },
    { label: t('labels.sampleTime'), value: formatTime(sample.datum) },
    { label: t('labels.samplePatient'), value: patientName(sample) },
  ] : [];
  return (
    <AppDialog opened={sample !== null} onClose={onClose} title={sample ? t('labels.sampleTitle', { code: sample.code }) : ''} size="lg">
      {sample ? (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" component="dl" m={0}>
            {facts.map((fact) => (
              <div key={fact.label} style={'wide' in fact ? { gridColumn: '1 / -1' } : undefined}>
                <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600}>{fact.label}</Text>
                <Text component="dd" m={0} fw={500} className={fact.mono ? classes.code : undefined} style={{ overflowWrap: 'anywhere' }}>
                  {fact.value}
                </Text>
              </div>
            ))}
            <div>
              <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600}>{t('labels.sampleStatus')}</Text>
              <Text component="dd" m={0}><StatusBadge status={sample.status} /></Text>
            </div>
          </SimpleGrid>
          <Divider />
          <InvoiceChoice patientId={sample.pid} sampleId={sample._id} />
          <Divider />
          <Group justify="space-between" gap="xs">
            <Group gap="xs">
              {onLabel ? (
                <Button variant="light" leftSection={<IconPrinter size={16} aria-hidden />} onClick={() => onLabel({ _id: sample._id, code: sample.code })}>
                  {t('labels.print')}
                </Button>
              ) : null}
              {children}
              <Button variant="subtle" rightSection={<IconArrowRight size={16} aria-hidden />} onClick={() => void navigate(`/samples/${sample.pid}`)}>
                {t('labels.openPatient')}
              </Button>
            </Group>
            <Button variant="default" onClick={onClose}>{t('common.close')}</Button>
          </Group>
        </Stack>
      ) : null}
    </AppDialog>
  );
}
