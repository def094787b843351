/**
 * /loger/postavke: the site's refrigerators with their limits, each edited as
 * JSON in the shared JSON editor dialog (checked against the domain's
 * refrigerator schema at every keystroke, the server's refusal marked at its
 * field), a device key for each refrigerator's HTTP gateway (shown once), its
 * MQTT credentials (shown once when it is created or they are issued anew,
 * revocable), and what the ingest has taken and refused since the server
 * started.
 */
import { useState } from 'react';
import { ActionIcon, Alert, Badge, Button, Code, CopyButton, Group, Loader, Paper, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconKey, IconPencil, IconPlus, IconWifi } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { INGEST_REJECTIONS, type MqttCredentials, type RefrigeratorAnswer, newRefrigeratorElement, readingTopic, refrigeratorElementSchema } from '@lis/domain';
import { AppDialog } from '../../components/AppDialog.tsx';
import { JsonEditorDialog } from '../../components/json-editor/index.ts';
import { notify } from '../../components/notify.tsx';
import { useLanguage } from '../../i18n/index.ts';
import { useActiveSession } from '../auth/index.ts';
import { loggerKeys, newDeviceKey, refrigerators, replaceMqttKey, saveRefrigerator } from './api.ts';
import { measured } from './format.ts';

/** The element the editor shows: the refrigerator's JSON without what the server adds (key flag, times). */
function editableElement(row: RefrigeratorAnswer): Record<string, unknown> {
  const { ima_kljuc: _key, ima_mqtt: _mqtt, created_at: _created, updated_at: _updated, ...element } = row;
  return element;
}

type Editing = { kind: 'new' } | { kind: 'edit'; row: RefrigeratorAnswer };

export function SettingsScreen() {
  const { t } = useTranslation();
  const language = useLanguage();
  const session = useActiveSession();
  const queryClient = useQueryClient();
  const key = loggerKeys.refrigerators(session.siteId);
  const query = useQuery({ queryKey: key, queryFn: ({ signal }) => refrigerators(signal) });
  const canEdit = session.can('settings.write');
  const [editing, setEditing] = useState<Editing | null>(null);
  const [keyFor, setKeyFor] = useState<RefrigeratorAnswer | null>(null);
  const [mqttFor, setMqttFor] = useState<{ naziv: string; id: string; issued: MqttCredentials | null } | null>(null);

  const refresh = () => void queryClient.invalidateQueries({ queryKey: loggerKeys.all });
  const range = (limits: { min: number; max: number } | null) =>
    (limits ? `${measured(limits.min, language)} – ${measured(limits.max, language)}` : t('logger.notMonitored'));
  const rows = query.data?.frizideri ?? [];
  const counters = query.data?.prijem;
  const rejected = counters ? INGEST_REJECTIONS.reduce((sum, reason) => sum + counters.odbijeno[reason], 0) : 0;

  return (
    <Stack gap="lg" maw={1400} mx="auto">
      <Group justify="space-between">
        <Title order={1} size="h2">{t('logger.settingsTitle')}</Title>
        {canEdit ? <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing({ kind: 'new' })}>{t('logger.newRefrigerator')}</Button> : null}
      </Group>
      {query.isPending ? <Group gap="xs"><Loader size="sm" /><Text>{t('logger.loading')}</Text></Group> : null}
      {query.isError ? <Alert color="red" icon={<IconAlertTriangle />}>{t('logger.failed')}</Alert> : null}
      {query.data && rows.length === 0 ? <Alert color="gray">{t('logger.noRefrigerators')}</Alert> : null}
      {rows.length > 0 ? (
        <Table.ScrollContainer minWidth={900}>
          <Table striped highlightOnHover verticalSpacing="xs" horizontalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                {(['naziv', 'slave', 'temperatura', 'vlaznost', 'odgoda', 'tisina', 'zatvaranje', 'aktivan', 'kljuc', 'mqtt', 'actions'] as const).map((column) => (
                  <Table.Th key={column}>{t(`logger.col_${column}`)}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row._id}>
                  <Table.Td fw={600}>{row.naziv}</Table.Td>
                  <Table.Td>{row.slave_id}</Table.Td>
                  <Table.Td>{range(row.temperatura)}</Table.Td>
                  <Table.Td>{range(row.vlaznost)}</Table.Td>
                  <Table.Td>{t('logger.minutes', { count: row.odgoda_alarma_min })}</Table.Td>
                  <Table.Td>{t('logger.minutes', { count: row.limit_tisine_min })}</Table.Td>
                  <Table.Td>{t('logger.closeRule', { count: row.zatvaranje_ocitanja, minutes: row.zatvaranje_min })}</Table.Td>
                  <Table.Td>{row.aktivan ? t('logger.yes') : <Badge color="gray" variant="light">{t('logger.no')}</Badge>}</Table.Td>
                  <Table.Td>{row.ima_kljuc ? t('logger.keySet') : <Text span c="dimmed" size="sm">{t('logger.keyMissing')}</Text>}</Table.Td>
                  <Table.Td>{row.ima_mqtt ? t('logger.keySet') : <Text span c="dimmed" size="sm">{t('logger.keyMissing')}</Text>}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Button size="xs" variant="light" leftSection={<IconPencil size={14} />} onClick={() => setEditing({ kind: 'edit', row })}
                        aria-label={`${t('logger.edit')}: ${row.naziv}`}>
                        {t('logger.edit')}
                      </Button>
                      {canEdit ? (
                        <Tooltip label={t('logger.newDeviceKey')}>
                          <ActionIcon size="md" variant="default" onClick={() => setKeyFor(row)} aria-label={`${t('logger.newDeviceKey')}: ${row.naziv}`}>
                            <IconKey size={16} />
                          </ActionIcon>
                        </Tooltip>
                      ) : null}
                      {canEdit ? (
                        <Tooltip label={t('logger.mqttTitle', { naziv: row.naziv })}>
                          <ActionIcon size="md" variant="default" onClick={() => setMqttFor({ naziv: row.naziv, id: row._id, issued: null })}
                            aria-label={`${t('logger.mqttButton')}: ${row.naziv}`}>
                            <IconWifi size={16} />
                          </ActionIcon>
                        </Tooltip>
                      ) : null}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
      {counters ? (
        <Paper withBorder p="md" radius="md">
          <Text fw={600} size="sm">{t('logger.ingestTitle')}</Text>
          <Group gap="lg" mt={4}>
            <Text size="sm">{t('logger.ingestAccepted', { count: counters.primljeno })}</Text>
            <Text size="sm">{t('logger.ingestDuplicates', { count: counters.duplikati })}</Text>
            <Text size="sm" c={rejected > 0 ? 'orange.9' : undefined}>
              {t('logger.ingestRejected', { count: rejected })}
              {rejected > 0 ? ` (${INGEST_REJECTIONS.filter((reason) => counters.odbijeno[reason] > 0)
                .map((reason) => `${t(`logger.reason_${reason}`)}: ${counters.odbijeno[reason]}`).join(', ')})` : ''}
            </Text>
          </Group>
          <Text size="xs" c="dimmed" mt={6}>{t('logger.ingestHelp', { topic: readingTopic(session.site.sifra, 1) })}</Text>
        </Paper>
      ) : null}
      <JsonEditorDialog
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.kind === 'edit' ? t('logger.editTitle', { naziv: editing.row.naziv }) : t('logger.newTitle')}
        value={editing?.kind === 'edit' ? editableElement(editing.row) : newRefrigeratorElement(session.siteId)}
        schema={refrigeratorElementSchema}
        bodyField="element"
        readOnly={!canEdit}
        onSave={async (element) => {
          const answer = await saveRefrigerator(element);
          notify.success(answer.message);
          refresh();
          // A new refrigerator's MQTT credentials are in this answer only: shown now, once.
          if (answer.mqtt) setMqttFor({ naziv: answer.frizider.naziv, id: answer.frizider._id, issued: answer.mqtt });
        }}
      />
      <DeviceKeyDialog refrigerator={keyFor} onClose={() => setKeyFor(null)} onIssued={refresh} />
      <MqttDialog target={mqttFor} onClose={() => setMqttFor(null)} onChanged={refresh} />
    </Stack>
  );
}

/** Asks before replacing the key, then shows the new key once with a copy button. */
function DeviceKeyDialog({ refrigerator, onClose, onIssued }: { refrigerator: RefrigeratorAnswer | null; onClose: () => void; onIssued: () => void }) {
  const { t } = useTranslation();
  const [issued, setIssued] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: (id: string) => newDeviceKey(id),
    onSuccess: (answer) => {
      setIssued(answer.kljuc);
      onIssued();
    },
    onError: (error) => notify.apiError(error),
  });
  const close = () => {
    setIssued(null);
    onClose();
  };
  return (
    <AppDialog opened={refrigerator !== null} onClose={close} title={refrigerator ? t('logger.deviceKeyTitle', { naziv: refrigerator.naziv }) : ''} force>
      {issued ? (
        <Stack>
          <Text size="sm">{t('logger.deviceKeyShown')}</Text>
          <Code block data-testid="device-key">{issued}</Code>
          <Group justify="flex-end">
            <CopyButton value={issued}>
              {({ copied, copy }) => <Button variant="light" onClick={copy}>{copied ? t('logger.copied') : t('logger.copy')}</Button>}
            </CopyButton>
            <Button onClick={close}>{t('logger.close')}</Button>
          </Group>
        </Stack>
      ) : (
        <Stack>
          <Text size="sm">{t('logger.deviceKeyConfirm')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>{t('logger.cancel')}</Button>
            <Button loading={mutation.isPending} onClick={() => refrigerator && mutation.mutate(refrigerator._id)}>{t('logger.newDeviceKey')}</Button>
          </Group>
        </Stack>
      )}
    </AppDialog>
  );
}

/** One credential with its copy button. */
function CopyField({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600}>{label}</Text>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Code block data-testid={testId} style={{ flex: 1, wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>{value}</Code>
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Button size="xs" variant="light" onClick={copy} aria-label={`${copied ? t('logger.copied') : t('logger.copy')}: ${label}`}>
              {copied ? t('logger.copied') : t('logger.copy')}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}

/**
 * A refrigerator's MQTT access: the credentials shown once (right after its creation, or after new ones are
 * issued), or the choice of issuing new ones (the old stop at once) or revoking them.
 */
function MqttDialog({ target, onClose, onChanged }: {
  target: { naziv: string; id: string; issued: MqttCredentials | null } | null; onClose: () => void; onChanged: () => void;
}) {
  const { t } = useTranslation();
  const [issued, setIssued] = useState<MqttCredentials | null>(null);
  const shown = issued ?? target?.issued ?? null;
  const mutation = useMutation({
    mutationFn: ({ id, opoziv }: { id: string; opoziv: boolean }) => replaceMqttKey(id, opoziv),
    onSuccess: (answer) => {
      onChanged();
      if (answer.mqtt) setIssued(answer.mqtt);
      else {
        notify.success(t('logger.mqttRevoked'));
        close();
      }
    },
    onError: (error) => notify.apiError(error),
  });
  function close() {
    setIssued(null);
    onClose();
  }
  return (
    <AppDialog opened={target !== null} onClose={close} title={target ? t('logger.mqttTitle', { naziv: target.naziv }) : ''} force>
      {shown ? (
        <Stack>
          <Text size="sm">{t('logger.mqttShown')}</Text>
          <CopyField label={t('logger.mqttUser')} value={shown.korisnik} testId="mqtt-user" />
          <CopyField label={t('logger.mqttPassword')} value={shown.lozinka} testId="mqtt-password" />
          <CopyField label={t('logger.mqttTopic')} value={shown.tema} testId="mqtt-topic" />
          <Group justify="flex-end">
            <Button onClick={close}>{t('logger.close')}</Button>
          </Group>
        </Stack>
      ) : (
        <Stack>
          <Text size="sm">{t('logger.mqttConfirm')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>{t('logger.cancel')}</Button>
            <Button variant="light" color="red" loading={mutation.isPending && mutation.variables.opoziv}
              onClick={() => target && mutation.mutate({ id: target.id, opoziv: true })}>{t('logger.mqttRevoke')}</Button>
            <Button loading={mutation.isPending && !mutation.variables.opoziv}
              onClick={() => target && mutation.mutate({ id: target.id, opoziv: false })}>{t('logger.mqttIssue')}</Button>
          </Group>
        </Stack>
      )}
    </AppDialog>
  );
}
