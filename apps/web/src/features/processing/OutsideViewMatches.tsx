/**
 * The sample search beyond the processing list's view: what the 'Pretraga' text (a sample code, a
 * patient's name or JMBG) finds among all the site's samples, of any day and status, that the list does
 * not show now (a verified sample is off RADNA LISTA, yesterday's off DANAS). Each such sample gets a line
 * saying it is outside the current view, with a link to its results. It asks the list's own call
 * (GET obrada/list) with the 'SVE' preset, so the search is the list's filter rule itself.
 */
import { Alert, Anchor, Group, Stack, Text } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { READABLE_ALERT_STYLES } from '../../components/readable.ts';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { type ListAsideView, type ListCall, datumLabelKey, listQueryKey, useListFetcher } from '../../components/list-table/index.ts';
import { formatDate } from '../../lib/date-time.ts';
import type { ProcessingRow } from './api.ts';
import { patientName } from '../../lib/patient-name.ts';

/** Shorter text finds too much to be a search for one sample. */
export const OUTSIDE_SEARCH_MIN_LENGTH = 3;
/** The newest few are enough to find the one meant; the count says how many there are. */
const OUTSIDE_SEARCH_ROWS = 5;

interface OutsideViewMatchesProps {
  list: ListCall;
  view: ListAsideView<ProcessingRow>;
  /** The result screen of a row. */
  pathOf: (row: ProcessingRow) => string;
}

export function OutsideViewMatches({ list, view, pathOf }: OutsideViewMatchesProps) {
  const { t } = useTranslation();
  const fetcher = useListFetcher();
  const filter = view.filter.trim();
  // 'SVE' without a date range already shows every sample: nothing can be outside it.
  const everything = view.datum === 'SVE' && !view.dateRange;
  const enabled = filter.length >= OUTSIDE_SEARCH_MIN_LENGTH && !everything;
  const search = useQuery({
    // Under the list's key, so whatever reloads the list (a save, a socket event) reloads this too.
    queryKey: [...listQueryKey(list), 'outside-view', filter],
    queryFn: ({ signal }) => fetcher(list, new URLSearchParams({
      datum: 'SVE', filter, per_page: String(OUTSIDE_SEARCH_ROWS), page: '1', sort: 'created_at|desc',
    }), signal),
    enabled,
    retry: false,
  });
  if (!enabled || !search.data) return null;
  const shown = new Set(view.rows.map((row) => row._id));
  const outside = (search.data.data as ProcessingRow[]).filter((row) => !shown.has(row._id));
  if (outside.length === 0) return null;
  const labelKey = view.dateRange ? null : datumLabelKey(view.datum ?? '');
  const current = view.dateRange ? t('processing.outsideRange') : labelKey ? t(`listTable.${labelKey}`) : (view.datum ?? '');
  const more = search.data.pagination.total - search.data.data.length;
  return (
    <Alert styles={READABLE_ALERT_STYLES} color="blue" icon={<IconSearch size={18} aria-hidden />} aria-live="polite"
      title={t('processing.outsideView', { view: current })}>
      <Stack gap={4}>
        {outside.map((row) => (
          <Group key={row._id} gap="xs" wrap="wrap">
            <Anchor component={Link} to={pathOf(row)} fw={600} ff="monospace" aria-label={t('processing.outsideOpen', { code: row.code })}>
              {row.code}
            </Anchor>
            <Text span size="sm">{patientName(row)}</Text>
            <StatusBadge status={row.status} />
            <Text span size="sm" c="dimmed">{formatDate(row.created_at)}</Text>
          </Group>
        ))}
        {more > 0 ? <Text size="sm" c="dimmed">{t('processing.outsideMore', { count: more })}</Text> : null}
      </Stack>
    </Alert>
  );
}
