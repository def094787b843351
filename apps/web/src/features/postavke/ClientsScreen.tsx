/**
 * /postavke/klijenti: the system clients (a hospital system calling the API and /fhir/R4 without a person): each
 * with its client id, permissions, sites, state and last use; 'Novi klijent', the edit of name, permissions and
 * sites, a new secret, and deactivation. A secret is shown once, when the client is made or its secret renewed,
 * with a copy button: only its hash is kept. Administrators only (users.manage).
 */
import { useEffect, useState } from 'react';
import {
  ActionIcon, Alert, Badge, Button, Checkbox, CopyButton, Group, Menu, MultiSelect, ScrollArea, SimpleGrid, Stack, Table, Text, TextInput, Tooltip, VisuallyHidden,
} from '@mantine/core';
import { IconAlertCircle, IconAlertTriangle, IconCheck, IconCopy, IconDots, IconKey, IconPencil, IconPlugConnected, IconPlugConnectedX, IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS, type Permission, type SystemClient, systemClientElementSchema } from '@lis/domain';
import { ApiError } from '../../api/client.ts';
import { AppDialog } from '../../components/AppDialog.tsx';
import { moveOnEnter } from '../../components/enter-navigation.ts';
import { notify } from '../../components/notify.tsx';
import { serverMessage, translateKey } from '../../i18n/index.ts';
import { formatDateTime } from '../../lib/date-time.ts';
import { useAllSites } from './all-sites.ts';
import { CLIENTS_KEY, rotateClientSecret, saveClient, setClientActive, useSystemClients } from './clients-api.ts';
import { schemaProblems } from './form-problems.ts';
import { SettingsHeader } from './SettingsHeader.tsx';
import { FormFooter, useSettingsForm } from './settings-form.tsx';

/** 'patients.read' as the screen says it: the area and what may be done there ('Pacijenti: čitanje'). */
function usePermissionLabel() {
  // Read again when the language changes: the labels are built from catalogue keys.
  useTranslation();
  return (permission: Permission) => {
    const [area = '', action = ''] = permission.split('.');
    return `${translateKey(`postavke.clients.area.${area}`)}: ${translateKey(`postavke.clients.action.${action}`)}`;
  };
}

/** The secret of a client, shown this once, with its client id and a copy button for each. */
function SecretDialog({ shown, onClose }: { shown: { client: SystemClient; secret: string } | null; onClose: () => void }) {
  const { t } = useTranslation();
  const copyRow = (label: string, value: string, testId: string) => (
    <Stack gap={4}>
      <Text size="sm" fw={600}>{label}</Text>
      <Group gap="xs" wrap="nowrap">
        <Text ff="monospace" size="sm" data-testid={testId} style={{ wordBreak: 'break-all', flex: 1 }}>{value}</Text>
        <CopyButton value={value} timeout={2000}>
          {({ copied, copy }) => (
            <Button
              size="xs" variant="default" onClick={copy}
              leftSection={copied ? <IconCheck size={16} color="var(--mantine-color-teal-8)" aria-hidden /> : <IconCopy size={16} aria-hidden />}
              // The accessible name starts with the words the button shows (axe: label-content-name-mismatch).
              aria-label={`${copied ? t('postavke.clients.copied') : t('postavke.clients.copy')}: ${label}`}
            >
              {copied ? t('postavke.clients.copied') : t('postavke.clients.copy')}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
  return (
    <AppDialog opened={shown !== null} onClose={onClose} title={shown ? t('postavke.clients.secretTitle', { naziv: shown.client.naziv }) : ''} size="lg" force>
      {shown ? (
        <Stack gap="md">
          <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />}>{t('postavke.clients.secretOnce')}</Alert>
          {copyRow(t('postavke.clients.clientId'), shown.client.clientId, 'client-id')}
          {copyRow(t('postavke.clients.secret'), shown.secret, 'client-secret')}
          <Text size="sm" c="dimmed">{t('postavke.clients.tokenHint')}</Text>
          <Group justify="flex-end"><Button onClick={onClose} data-autofocus>{t('postavke.clients.secretDone')}</Button></Group>
        </Stack>
      ) : null}
    </AppDialog>
  );
}

interface Fields { naziv: string; permissions: Permission[]; sites: string[] }

/** 'Novi klijent' and the edit of a client: name, permissions (the role table's set) and sites. */
function ClientDialog({ opened, client, onClose, onSaved }: {
  opened: boolean; client: SystemClient | null; onClose: () => void; onSaved: (client: SystemClient, secret?: string) => void;
}) {
  const { t } = useTranslation();
  const label = usePermissionLabel();
  const form = useSettingsForm();
  const { reset, language } = form;
  const sites = useAllSites();
  const [fields, setFields] = useState<Fields>({ naziv: '', permissions: [], sites: [] });
  useEffect(() => {
    if (!opened) return;
    setFields(client ? { naziv: client.naziv, permissions: client.permissions, sites: client.sites } : { naziv: '', permissions: ['patients.read', 'samples.read', 'reports.read'], sites: [] });
    reset();
  }, [opened, client, reset]);
  const set = <K extends keyof Fields>(key: K) => (value: Fields[K]) => {
    setFields((current) => ({ ...current, [key]: value }));
    form.clearProblem(key);
  };
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const element = { ...(client ? { _id: client._id } : {}), ...fields };
    void form.save(schemaProblems(systemClientElementSchema.safeParse(element), language, form.fieldLabel), async () => {
      const answer = await saveClient(element);
      notify.success(t('postavke.clients.saved'));
      onSaved(answer.element, answer.secret);
    }, { serverPrefix: 'element' });
  };
  const siteOptions = (sites.data ?? []).map((site) => ({ value: site._id, label: `${site.sifra} · ${site.naziv}` }));
  return (
    <AppDialog opened={opened} onClose={onClose} title={client ? t('postavke.clients.editTitle', { naziv: client.naziv }) : t('postavke.clients.newTitle')} size="xl" force>
      <form onSubmit={submit} onKeyDown={moveOnEnter} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('postavke.clients.naziv')} description={t('postavke.clients.nazivHint')} withAsterisk data-autofocus data-enter-next="naziv"
            value={fields.naziv} onChange={(event) => set('naziv')(event.currentTarget.value)} error={form.problems.naziv}
          />
          <MultiSelect
            label={t('postavke.clients.sites')} description={t('postavke.clients.sitesHint')} withAsterisk data={siteOptions}
            value={fields.sites} onChange={set('sites')} searchable hidePickedOptions error={form.problems.sites}
          />
          <Checkbox.Group
            label={t('postavke.clients.permissions')} description={t('postavke.clients.permissionsHint')} withAsterisk
            value={fields.permissions} onChange={(value) => set('permissions')(value)} error={form.problems.permissions}
          >
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing={6} mt="xs">
              {PERMISSIONS.map((permission) => <Checkbox key={permission} value={permission} label={label(permission)} />)}
            </SimpleGrid>
          </Checkbox.Group>
          <FormFooter form={form} onCancel={onClose} />
        </Stack>
      </form>
    </AppDialog>
  );
}

type Confirming = { kind: 'rotate' | 'deactivate'; client: SystemClient };

/** Asks before a new secret (the old one and its tokens stop) or a deactivation (its tokens stop at once). */
function ConfirmClientDialog({ confirming, onClose, onDone }: { confirming: Confirming | null; onClose: () => void; onDone: (client: SystemClient, secret?: string) => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => setFailure(null), [confirming]);
  const confirm = async () => {
    if (!confirming || busy) return;
    setBusy(true);
    try {
      if (confirming.kind === 'rotate') {
        const answer = await rotateClientSecret(confirming.client._id);
        onDone(answer.element, answer.secret);
      } else {
        onDone(await setClientActive(confirming.client._id, false));
        notify.success(t('postavke.clients.deactivated'));
      }
    } catch (error) {
      setFailure(error instanceof ApiError ? serverMessage(error) : t('errors.unexpected'));
    } finally {
      setBusy(false);
    }
  };
  const rotate = confirming?.kind === 'rotate';
  return (
    <AppDialog opened={confirming !== null} onClose={onClose} size="md" title={confirming ? t(rotate ? 'postavke.clients.rotateTitle' : 'postavke.clients.deactivateTitle', { naziv: confirming.client.naziv }) : ''}>
      <Stack gap="md">
        <Text size="sm">{t(rotate ? 'postavke.clients.rotateText' : 'postavke.clients.deactivateText')}</Text>
        {failure ? <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">{failure}</Alert> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{t('common.cancel')}</Button>
          <Button color={rotate ? undefined : 'red'} loading={busy} onClick={() => void confirm()} data-autofocus>
            {t(rotate ? 'postavke.clients.rotate' : 'postavke.clients.deactivate')}
          </Button>
        </Group>
      </Stack>
    </AppDialog>
  );
}

export function ClientsScreen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const clients = useSystemClients();
  const sites = useAllSites();
  const [editing, setEditing] = useState<{ client: SystemClient | null } | null>(null);
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const [secret, setSecret] = useState<{ client: SystemClient; secret: string } | null>(null);
  const siteCode = (id: string) => sites.data?.find((site) => site._id === id)?.sifra ?? '…';
  const refresh = () => void queryClient.invalidateQueries({ queryKey: CLIENTS_KEY });

  const done = (client: SystemClient, shownSecret?: string) => {
    setEditing(null);
    setConfirming(null);
    if (shownSecret) setSecret({ client, secret: shownSecret });
    refresh();
  };
  const reactivate = async (client: SystemClient) => {
    try {
      await setClientActive(client._id, true);
      notify.success(t('postavke.clients.activated'));
      refresh();
    } catch (error) {
      notify.error(error instanceof ApiError ? serverMessage(error) : t('errors.unexpected'));
    }
  };

  const rows = (clients.data ?? []).map((client) => (
    <Table.Tr key={client._id}>
      <Table.Td><Text size="sm" fw={600}>{client.naziv}</Text></Table.Td>
      <Table.Td><Text size="sm" ff="monospace">{client.clientId}</Text></Table.Td>
      <Table.Td>
        <Tooltip label={client.permissions.join(', ')} multiline w={320} withinPortal>
          <Text size="sm" tabIndex={0}>{t('postavke.clients.permissionCount', { count: client.permissions.length })}</Text>
        </Tooltip>
      </Table.Td>
      <Table.Td><Text size="sm">{client.sites.map(siteCode).join(', ')}</Text></Table.Td>
      <Table.Td>
        <Badge color={client.aktivan ? 'teal' : 'gray'} c="gray.9" variant="light">{client.aktivan ? t('postavke.clients.active') : t('postavke.clients.inactive')}</Badge>
      </Table.Td>
      <Table.Td><Text size="sm" c={client.lastUsedAt ? undefined : 'dimmed'}>{client.lastUsedAt ? formatDateTime(client.lastUsedAt) : t('postavke.clients.never')}</Text></Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap" justify="flex-end">
          <Tooltip label={t('postavke.clients.edit')}>
            <ActionIcon variant="subtle" aria-label={`${t('postavke.clients.edit')}: ${client.naziv}`} onClick={() => setEditing({ client })}>
              <IconPencil size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" aria-label={`${t('postavke.clients.more')}: ${client.naziv}`}><IconDots size={18} aria-hidden /></ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item leftSection={<IconKey size={16} aria-hidden />} onClick={() => setConfirming({ kind: 'rotate', client })}>{t('postavke.clients.rotate')}</Menu.Item>
              {client.aktivan ? (
                <Menu.Item color="red" leftSection={<IconPlugConnectedX size={16} aria-hidden />} onClick={() => setConfirming({ kind: 'deactivate', client })}>
                  {t('postavke.clients.deactivate')}
                </Menu.Item>
              ) : (
                <Menu.Item leftSection={<IconPlugConnected size={16} aria-hidden />} onClick={() => void reactivate(client)}>{t('postavke.clients.activate')}</Menu.Item>
              )}
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Table.Td>
    </Table.Tr>
  ));

  return (
    <Stack gap="lg" maw={1400} mx="auto">
      <SettingsHeader title={t('postavke.clients.title')} description={t('postavke.clients.description')}>
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing({ client: null })}>{t('postavke.clients.add')}</Button>
      </SettingsHeader>
      {clients.isError ? <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>{t('postavke.loadFailed')}</Alert> : null}
      {clients.data && clients.data.length === 0 ? <Text c="dimmed">{t('postavke.clients.empty')}</Text> : null}
      {clients.data && clients.data.length > 0 ? (
        <ScrollArea type="auto">
          <Table striped highlightOnHover miw={900} verticalSpacing="sm">
            <Table.Caption>{t('postavke.clients.caption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('postavke.clients.naziv')}</Table.Th>
                <Table.Th>{t('postavke.clients.clientId')}</Table.Th>
                <Table.Th>{t('postavke.clients.permissions')}</Table.Th>
                <Table.Th>{t('postavke.clients.sites')}</Table.Th>
                <Table.Th>{t('postavke.clients.state')}</Table.Th>
                <Table.Th>{t('postavke.clients.lastUsed')}</Table.Th>
                <Table.Th><VisuallyHidden>{t('postavke.clients.actions')}</VisuallyHidden></Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>{rows}</Table.Tbody>
          </Table>
        </ScrollArea>
      ) : null}
      <ClientDialog opened={editing !== null} client={editing?.client ?? null} onClose={() => setEditing(null)} onSaved={done} />
      <ConfirmClientDialog confirming={confirming} onClose={() => setConfirming(null)} onDone={done} />
      <SecretDialog shown={secret} onClose={() => setSecret(null)} />
    </Stack>
  );
}
