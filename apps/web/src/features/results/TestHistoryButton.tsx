/**
 * The small history button of a result row: the earlier values of that test
 * on this sample (retests, corrections after an unlock), read from the
 * sample's audit trail when opened, newest first, with who changed them,
 * when, and why.
 */
import { useState } from 'react';
import { ActionIcon, Loader, Popover, Stack, Text, Tooltip } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/date-time.ts';
import { type AuditEntry, type ResultTest, resultKeys, sampleAudit } from './api.ts';
import { shownResult } from '../../lib/reference-range-text.ts';
import { useAssayName } from '../../lib/catalogue-name.ts';

/** Result steps of the trail (entered, changed, removed, calculated); each names its test in `polje` by the assay code. */
const RESULT_ACTION_PREFIX = 'result.';

/** The steps of the audit trail that gave this test a value or took it away. */
export function testHistory(entries: readonly AuditEntry[], test: ResultTest): AuditEntry[] {
  return entries.filter((entry) => entry.akcija.startsWith(RESULT_ACTION_PREFIX) && entry.polje === test.sifra);
}

export function TestHistoryButton({ sid, test }: { sid: string; test: ResultTest }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const naziv = useAssayName()(test);
  const audit = useQuery({
    queryKey: resultKeys.audit(sid),
    queryFn: ({ signal }) => sampleAudit(sid, signal),
    enabled: opened,
    staleTime: 0,
  });
  const label = t('results.history', { naziv });
  const entries = audit.data ? testHistory(audit.data, test) : [];

  return (
    <Popover opened={opened} onChange={setOpened} position="left" withArrow shadow="md" width={340} trapFocus={false}>
      <Popover.Target>
        <Tooltip label={label} openDelay={400}>
          <ActionIcon variant="subtle" color="gray" size="sm" aria-label={label} aria-expanded={opened} onClick={() => setOpened((open) => !open)}>
            <IconHistory size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown role="dialog" aria-label={label}>
        <Stack gap={6}>
          <Text size="sm" fw={600}>{t('results.historyTitle')}: {naziv}</Text>
          {audit.isPending ? <Loader size="sm" aria-label={t('common.loading')} />
            : audit.isError ? <Text size="sm" c="var(--mantine-color-error)">{t('results.loadFailed')}</Text>
              : entries.length === 0 ? <Text size="sm" c="dimmed">{t('results.historyEmpty')}</Text> : (
                <Stack gap={8} component="ol" m={0} p={0} style={{ listStyle: 'none' }}>
                  {entries.map((entry, index) => (
                    <li key={index}>
                      <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
                        <Text span fw={600}>{entry.novo === null ? t('results.noResult') : shownResult(entry.novo)}</Text>
                        {entry.staro !== null ? <Text span c="dimmed">{` ← ${shownResult(entry.staro)}`}</Text> : null}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {formatDateTime(entry.vrijeme)} · {entry.korisnik ?? t('results.auditSystem')}
                        {entry.razlog ? ` · ${entry.razlog}` : ''}
                      </Text>
                    </li>
                  ))}
                </Stack>
              )}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
