/** One assay's results as a table, newest first: when the sample was taken, its code, the result exactly as entered, its flag and the sample's status. */
import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { formatDate, formatTime } from '../../lib/date-time.ts';
import type { PatientAssaySeries } from './api.ts';
import { FlagText } from './FlagText.tsx';
import { shownResult } from '../../lib/reference-range-text.ts';
import classes from '../../components/sample-code.module.css';
import { useAssayShortName } from '../../lib/catalogue-name.ts';

export function ResultHistoryTable({ series }: { series: PatientAssaySeries }) {
  const { t } = useTranslation();
  const shortName = useAssayShortName();
  const points = [...series.points].reverse();
  return (
    <Table.ScrollContainer minWidth={520} type="native">
      <Table striped verticalSpacing="xs" aria-label={t('evaluation.tableCaption', { analit: shortName(series) })}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('evaluation.col_datum')}</Table.Th>
            <Table.Th>{t('evaluation.col_code')}</Table.Th>
            <Table.Th ta="right">{t('evaluation.col_rezultat')}</Table.Th>
            <Table.Th>{t('evaluation.col_flag')}</Table.Th>
            <Table.Th>{t('evaluation.col_status')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {points.map((point) => (
            <Table.Tr key={`${point.sid}-${point.datum}`}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{`${formatDate(point.datum)} ${formatTime(point.datum)}`}</Table.Td>
              <Table.Td><Text span size="sm" className={classes.code}>{point.code}</Text></Table.Td>
              <Table.Td ta="right">
                <Text span size="sm" fw={point.flag ? 700 : 400}>{shownResult(point.rezultat)}</Text>
                {series.jedinica ? <Text span size="xs" c="dimmed">{` ${series.jedinica}`}</Text> : null}
              </Table.Td>
              <Table.Td>
                {/* No flag is not shown as "within range": it may also be a result nobody judged. */}
                <FlagText flag={point.flag} />
              </Table.Td>
              <Table.Td><StatusBadge status={point.status} /></Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
