/**
 * The pro-forma invoice part of the sample table dialog: the patient's
 * samples at this site, each with its checkbox 'include in the pro-forma
 * invoice', ticked when the sample was updated today (the site's day), and
 * the way to the invoice of the ticked ones.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Badge, Button, Checkbox, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type InvoiceCandidate } from '@lis/domain';
import { READABLE_ALERT_STYLES } from '../../components/readable.ts';
import { formatDate, formatTime, siteToday } from '../../lib/date-time.ts';
import { fetchCandidates, invoicePath } from './api.ts';
import classes from '../../components/sample-code.module.css';
import { formatMoney } from '../../lib/format.ts';
import { useLanguage } from '../../i18n/index.ts';

function updatedToday(candidate: InvoiceCandidate): boolean {
  const day = siteToday(new Date(candidate.updated_at));
  const today = siteToday();
  return day.year === today.year && day.month === today.month && day.day === today.day;
}

export function InvoiceChoice({ patientId, sampleId }: { patientId: string; sampleId: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const candidates = useQuery({
    queryKey: ['predracun', 'uzorci', patientId],
    queryFn: ({ signal }) => fetchCandidates(patientId, signal),
    // Ticks start from what is true now: an edit made a minute ago counts as today.
    staleTime: 0,
  });
  // The user's own ticks over the default (updated today), by sample id.
  const [ticks, setTicks] = useState<Record<string, boolean>>({});
  const rows = candidates.data?.uzorci ?? [];
  const ticked = (row: InvoiceCandidate) => ticks[row._id] ?? updatedToday(row);
  const chosen = rows.filter(ticked).map((row) => row._id);

  return (
    <Stack gap="xs" component="section" aria-labelledby="invoice-choice-title">
      <Group justify="space-between" gap="xs">
        <Text id="invoice-choice-title" fw={600}>{t('invoice.choiceTitle')}</Text>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconReceipt size={16} aria-hidden />}
          disabled={chosen.length === 0}
          onClick={() => void navigate(invoicePath(patientId, chosen))}
        >
          {t('invoice.open', { count: chosen.length })}
        </Button>
      </Group>
      <Text size="xs" c="dimmed">{t('invoice.choiceHint')}</Text>
      {candidates.isPending ? <Skeleton h={60} aria-label={t('invoice.choiceLoading')} /> : null}
      {candidates.isError ? <Alert styles={READABLE_ALERT_STYLES} color="red">{t('invoice.choiceFailed')}</Alert> : null}
      <Stack gap={6} mah={220} style={{ overflowY: 'auto' }}>
        {rows.map((row) => (
          <Checkbox
            key={row._id}
            checked={ticked(row)}
            onChange={(event) => {
              const { checked } = event.currentTarget;
              setTicks((current) => ({ ...current, [row._id]: checked }));
            }}
            label={(
              <Group gap="xs" wrap="nowrap">
                <Text span className={classes.code} fw={row._id === sampleId ? 700 : 500}>{row.code}</Text>
                <Text span size="sm">{formatDate(row.datum)} {formatTime(row.datum)}</Text>
                <Text span size="sm" c="dimmed">{t('invoice.tests', { count: row.testova })}</Text>
                <Text span size="sm" fw={500}>{formatMoney(row.ukupno, language)}</Text>
                {row._id === sampleId ? <Badge size="xs" variant="light">{t('invoice.thisSample')}</Badge> : null}
              </Group>
            )}
          />
        ))}
      </Stack>
    </Stack>
  );
}
