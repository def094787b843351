/**
 * The multi-parameter view of a lab assay (the 'multi' row action): every
 * setting that shapes its results on one page (names in the three report
 * languages, unit, decimals, result kind and grades, critical and delta
 * limits, price), the formula of a calculated test with its component tests,
 * and its reference ranges as a table.
 */
import { Badge, Code, Group, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MAX_AGE_DAYS, daysAsYears, type LabAssayRecord } from '@lis/domain';
import { READABLE_BADGE_TEXT } from '../../components/readable.ts';
import { AppDialog } from '../../components/AppDialog.tsx';
import { useLanguage } from '../../i18n/index.ts';
import { formatNumber, withDecimalMark } from '../../lib/format.ts';
import { readAssay } from './api.ts';

function Fact({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">{label}</Text>
      <Text size="sm">{value === '' || value === null ? '—' : value}</Text>
    </Stack>
  );
}

export function ParametersDialog({ assay, onClose }: { assay: LabAssayRecord | null; onClose: () => void }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'catalogue' });
  const language = useLanguage();
  const components = useQuery({
    queryKey: ['catalogue-components', assay?._id, assay?.calculatedTests],
    queryFn: () => Promise.all((assay?.calculatedTests ?? []).map(readAssay)),
    enabled: assay !== null && assay.calculatedTests.length > 0,
  });
  const limit = (value: number | null) => (value === null ? '—' : withDecimalMark(String(value), language));
  const age = (days: number, end: 'from' | 'to') => {
    if (end === 'to' && days >= MAX_AGE_DAYS) return '—';
    const years = daysAsYears(days, end);
    return years === null ? `${days} ${t('days')}` : `${years} ${t('years')}`;
  };
  return (
    <AppDialog opened={assay !== null} onClose={onClose} title={t('multiTitle', { naziv: assay?.naziv ?? '' })} size={1000}>
      {assay && (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            <Fact label={t('col_sifra')} value={<Code>{assay.sifra}</Code>} />
            <Fact label={t('col_analit')} value={assay.analit} />
            <Fact label="EN" value={assay.naziv_en} />
            <Fact label="DE" value={assay.naziv_de} />
            <Fact label={t('col_jedinica')} value={assay.jedinica} />
            <Fact label="LOINC" value={assay.loinc ?? ''} />
            <Fact label={t('col_vrsta')} value={`${t(`kind_${assay.vrsta}`)}${assay.opcije.length > 0 ? ` (${assay.opcije.join(' ')})` : ''}`} />
            <Fact label={t('col_price')} value={formatNumber(assay.price, language, { decimals: 2 })} />
            <Fact label="Δ" value={assay.delta ? `${limit(assay.delta.limit)}${assay.delta.kind === 'percent' ? ' %' : ` ${assay.jedinica}`}` : ''} />
            <Fact label={t('criticalLow')} value={limit(assay.critical_low)} />
            <Fact label={t('criticalHigh')} value={limit(assay.critical_high)} />
            <Fact label={t('col_status')} value={<Badge color={assay.disabled ? 'gray' : 'teal'} variant="light" c={READABLE_BADGE_TEXT}>{assay.disabled ? t('disabled') : t('enabled')}</Badge>} />
          </SimpleGrid>
          {assay.calculated && (
            <Stack gap={4}>
              <Title order={3} size="h5">{t('formula')}</Title>
              <Code block>{assay.formula}</Code>
              <Text size="sm" fw={600}>{t('components')}</Text>
              {components.isPending ? <Loader size="xs" aria-label={t('loading')} /> : (
                <Group gap="xs">
                  {(components.data ?? []).map((component) => (
                    <Badge key={component._id} variant="outline" c={READABLE_BADGE_TEXT} tt="none">{`${component.sifra} · ${component.naziv}`}</Badge>
                  ))}
                </Group>
              )}
            </Stack>
          )}
          <Stack gap={4}>
            <Title order={3} size="h5">{t('reference')}</Title>
            {assay.reference.length === 0 ? <Text size="sm" c="dimmed">{t('noRanges')}</Text> : (
              <Table.ScrollContainer minWidth={860}>
              <Table withTableBorder striped verticalSpacing={4} fz="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('spol')}</Table.Th><Table.Th>{t('ageFrom')}</Table.Th><Table.Th>{t('ageTo')}</Table.Th>
                    <Table.Th>{t('trudnica')}</Table.Th><Table.Th>{t('menopauza')}</Table.Th><Table.Th>{t('low')}</Table.Th>
                    <Table.Th>{t('high')}</Table.Th><Table.Th>{t('criticalLow')}</Table.Th><Table.Th>{t('criticalHigh')}</Table.Th>
                    <Table.Th>{t('unit')}</Table.Th><Table.Th>{t('text')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {assay.reference.map((range, index) => (
                    <Table.Tr key={index}>
                      <Table.Td>{range.spol ?? t('both')}</Table.Td>
                      <Table.Td>{age(range.age_min_days, 'from')}</Table.Td>
                      <Table.Td>{age(range.age_max_days, 'to')}</Table.Td>
                      <Table.Td>{range.trudnica === null ? t('any') : range.trudnica ? t('yes') : t('no')}</Table.Td>
                      <Table.Td>{range.menopauza === null ? t('any') : range.menopauza ? t('yes') : t('no')}</Table.Td>
                      <Table.Td>{limit(range.low)}</Table.Td>
                      <Table.Td>{limit(range.high)}</Table.Td>
                      <Table.Td>{limit(range.critical_low)}</Table.Td>
                      <Table.Td>{limit(range.critical_high)}</Table.Td>
                      <Table.Td>{range.jedinica ?? assay.jedinica}</Table.Td>
                      <Table.Td>{range.tekst ?? ''}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
              </Table.ScrollContainer>
            )}
          </Stack>
        </Stack>
      )}
    </AppDialog>
  );
}
