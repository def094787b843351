/**
 * 'Historija izmjena': the sample's audit trail (GET uzorci/audit/{sid}),
 * newest first as the server answers it: who, when, what, the field or test,
 * the old and the new value, and the reason.
 */
import { Alert, Button, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../components/AppDialog.tsx';
import { READABLE_ALERT_STYLES } from '../../components/readable.ts';
import { formatDateTime } from '../../lib/date-time.ts';
import { type AuditEntry, resultKeys, sampleAudit } from './api.ts';
import { useAuditText } from './audit-text.ts';

export interface AuditTrailDialogProps {
  sid: string;
  opened: boolean;
  onClose: () => void;
}

export function AuditTrailDialog({ sid, opened, onClose }: AuditTrailDialogProps) {
  const { t } = useTranslation();
  const audit = useQuery({
    queryKey: resultKeys.audit(sid),
    queryFn: ({ signal }) => sampleAudit(sid, signal),
    enabled: opened,
    staleTime: 0,
  });
  return (
    <AppDialog opened={opened} onClose={onClose} title={t('results.auditTitle')} size="80rem">
      <Stack gap="md">
        {audit.isPending ? (
          <Stack gap="xs" aria-busy><Skeleton h={28} /><Skeleton h={28} /><Skeleton h={28} /></Stack>
        ) : audit.isError ? (
          <Alert styles={READABLE_ALERT_STYLES} color="red">{t('results.loadFailed')}</Alert>
        ) : audit.data.length === 0 ? (
          <Text c="dimmed">{t('results.auditEmpty')}</Text>
        ) : <AuditTable entries={audit.data} />}
        <Group justify="flex-end"><Button variant="default" onClick={onClose}>{t('common.close')}</Button></Group>
      </Stack>
    </AppDialog>
  );
}

export function AuditTable({ entries }: { entries: readonly AuditEntry[] }) {
  const { t } = useTranslation();
  const text = useAuditText();
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped verticalSpacing="xs" aria-label={t('results.auditTitle')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={140}>{t('results.auditWhen')}</Table.Th>
            <Table.Th miw={130}>{t('results.auditWho')}</Table.Th>
            <Table.Th miw={150}>{t('results.auditWhat')}</Table.Th>
            <Table.Th miw={80}>{t('results.auditField')}</Table.Th>
            <Table.Th miw={110}>{t('results.auditOld')}</Table.Th>
            <Table.Th miw={110}>{t('results.auditNew')}</Table.Th>
            <Table.Th miw={160}>{t('results.auditReason')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry, index) => (
            // Audit rows carry no id; the trail is fixed once read, so the position is stable.
            <Table.Tr key={index}>
              <Table.Td style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>{formatDateTime(entry.vrijeme)}</Table.Td>
              <Table.Td>{entry.korisnik ?? t('results.auditSystem')}</Table.Td>
              <Table.Td>{text.action(entry.akcija)}</Table.Td>
              <Table.Td>{text.field(entry.polje)}</Table.Td>
              <Table.Td style={{ wordBreak: 'break-word' }}>{text.value(entry, entry.staro)}</Table.Td>
              <Table.Td style={{ wordBreak: 'break-word' }} fw={500}>{text.value(entry, entry.novo)}</Table.Td>
              <Table.Td style={{ wordBreak: 'break-word' }}>{entry.razlog ?? ''}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
