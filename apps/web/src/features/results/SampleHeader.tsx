/**
 * Whose sample it is and where it stands: the patient (prezime ime, ID, age,
 * sex), the sample's code, status badge, urgent star and date.
 */
import { Group, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { formatDateTime } from '../../lib/date-time.ts';
import { useSpolLabel } from '../../lib/spol-label.ts';
import { UrgentStar, ageText } from '../samples/index.ts';
import type { ResultsShowAnswer } from './api.ts';
import codeClasses from '../../components/sample-code.module.css';
import { patientName } from '../../lib/patient-name.ts';

export function SampleHeader({ answer }: { answer: ResultsShowAnswer }) {
  const { t } = useTranslation();
  const spolLabel = useSpolLabel();
  const { uzorak } = answer;
  const { patient } = uzorak;
  const age = uzorak.jmbgObj ? ageText(uzorak.jmbgObj) : null;
  const facts: { label: string; value: React.ReactNode; mono?: boolean }[] = [
    { label: t('results.jmbg'), value: patient.jmbg, mono: true },
    { label: t('results.age'), value: age ? t(`samples.${age.key}`, age) : t('results.ageUnknown') },
    { label: t('results.spol'), value: patient.spol ? spolLabel(patient.spol) : '—' },
  ];
  const sampleFacts: { label: string; value: React.ReactNode; mono?: boolean }[] = [
    { label: t('results.sampleDate'), value: formatDateTime(uzorak.datum) },
    { label: t('results.status'), value: <StatusBadge status={answer.status} /> },
  ];
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" align="flex-start" gap="lg" wrap="wrap">
        <Group gap="xl" align="flex-end" wrap="wrap">
          <div style={{ minWidth: 0 }}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>{t('results.patient')}</Text>
            <Text fw={700} size="xl" lh={1.3}>{patientName(patient)}</Text>
          </div>
          {facts.map((fact) => <Fact key={fact.label} {...fact} />)}
        </Group>
        <Group gap="xl" align="flex-end" wrap="wrap">
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>{t('results.sample')}</Text>
            <Group gap={4} wrap="nowrap">
              <Text fw={700} size="lg" className={codeClasses.code} data-testid="sample-code">{uzorak.code}</Text>
              <UrgentStar hitan={uzorak.hitan} size="md" />
            </Group>
          </div>
          {sampleFacts.map((fact) => <Fact key={fact.label} {...fact} />)}
        </Group>
      </Group>
    </Paper>
  );
}

function Fact({ label, value, mono = false }: { label: string; value: React.ReactNode; mono?: boolean }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>{label}</Text>
      {typeof value === 'string' ? <Text fw={500} className={mono ? codeClasses.code : undefined}>{value}</Text> : <div>{value}</div>}
    </div>
  );
}
