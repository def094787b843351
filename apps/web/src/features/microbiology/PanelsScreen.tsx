/**
 * /mikrobiologija/paneli: the lab's antibiogram panels. A panel names an organism group (an order such as
 * Enterobacterales, a genus, a species group or a species of the reference table), the specimen it is for
 * (the base name of a sample type, 'Urin'; empty: every specimen) and the agents tested, in order. On the
 * culture screen, choosing an isolate's organism offers its panel's agents as the antibiogram's rows, and
 * the server refuses an agent outside the panel. Administrators edit; every change is audited on the server.
 */
import { useState } from 'react';
import {
  ActionIcon, Alert, Badge, Button, Group, Modal, Paper, Skeleton, Stack, Table, Text, TextInput, Title,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PANEL_LIMITS } from '@lis/domain';
import { ApiError } from '../../api/client.ts';
import { serverMessage } from '../../i18n/index.ts';
import { notify } from '../../components/notify.tsx';
import { READABLE_ALERT_STYLES, READABLE_BADGE_TEXT } from '../../components/readable.ts';
import { useActiveSession } from '../auth/index.ts';
import {
  type AntibiogramPanel, deletePanel, getPanels, microbiologyKeys, savePanel, searchAntimicrobials, searchOrganisms,
} from './api.ts';
import { agentLabel } from './culture-draft.ts';
import { type PickerOption, RemotePicker } from './RemotePicker.tsx';

export function PanelsScreen() {
  const { t } = useTranslation();
  const session = useActiveSession();
  const mayEdit = session.can('settings.write');
  const panels = useQuery({ queryKey: microbiologyKeys.panels, queryFn: ({ signal }) => getPanels(signal) });
  const [editing, setEditing] = useState<{ panel: AntibiogramPanel | null } | null>(null);
  const [removing, setRemoving] = useState<AntibiogramPanel | null>(null);

  return (
    <Stack gap="lg" maw={1280} mx="auto">
      <Group justify="space-between" align="flex-end" gap="md">
        <div>
          <Title order={1} size="h2">{t('microbiology.panels.title')}</Title>
          <Text c="dimmed" size="sm" mt={4} maw={820}>{t('microbiology.panels.description')}</Text>
        </div>
        {mayEdit ? (
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing({ panel: null })}>{t('microbiology.panels.add')}</Button>
        ) : null}
      </Group>
      {panels.isError ? (
        <Alert styles={READABLE_ALERT_STYLES} color="red">{t('microbiology.loadFailed')}</Alert>
      ) : !panels.data ? (
        <Skeleton h={320} radius="md" aria-busy aria-label={t('common.loading')} />
      ) : panels.data.length === 0 ? (
        <Alert styles={READABLE_ALERT_STYLES} color="gray">{t('microbiology.panels.empty')}</Alert>
      ) : (
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={860}>
            <Table verticalSpacing="sm" striped aria-label={t('microbiology.panels.title')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={240}>{t('microbiology.panels.name')}</Table.Th>
                  <Table.Th w={220}>{t('microbiology.panels.group')}</Table.Th>
                  <Table.Th w={130}>{t('microbiology.panels.specimen')}</Table.Th>
                  <Table.Th>{t('microbiology.panels.agents')}</Table.Th>
                  {mayEdit ? <Table.Th w={90}>{t('microbiology.panels.actions')}</Table.Th> : null}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {panels.data.map((panel) => (
                  <Table.Tr key={panel._id} data-panel={panel.naziv}>
                    <Table.Td><Text size="sm" fw={600}>{panel.naziv}</Text></Table.Td>
                    <Table.Td><Text size="sm" fs="italic">{panel.grupa.naziv}</Text></Table.Td>
                    <Table.Td>
                      {panel.uzorak ? <Text size="sm">{panel.uzorak}</Text> : <Text size="sm" c="dimmed">{t('microbiology.panels.everySpecimen')}</Text>}
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4}>
                        {panel.antibiotici.map((agent) => (
                          <Badge key={agent.ab} variant="light" color="gray" c={READABLE_BADGE_TEXT} tt="none" title={agent.naziv}>{agent.ab}</Badge>
                        ))}
                      </Group>
                    </Table.Td>
                    {mayEdit ? (
                      <Table.Td>
                        <Group gap={2} wrap="nowrap">
                          <ActionIcon variant="subtle" onClick={() => setEditing({ panel })} aria-label={t('microbiology.panels.edit', { name: panel.naziv })}>
                            <IconPencil size={18} aria-hidden />
                          </ActionIcon>
                          <ActionIcon variant="subtle" color="red" onClick={() => setRemoving(panel)} aria-label={t('microbiology.panels.remove', { name: panel.naziv })}>
                            <IconTrash size={18} aria-hidden />
                          </ActionIcon>
                        </Group>
                      </Table.Td>
                    ) : null}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
      {editing ? <PanelDialog panel={editing.panel} onClose={() => setEditing(null)} /> : null}
      <RemoveDialog panel={removing} onClose={() => setRemoving(null)} />
    </Stack>
  );
}

interface AgentEntry {
  ab: string;
  label: string;
}

/** The edit dialog: name, organism group, specimen and the agents in order (added with the picker, moved up and down). */
function PanelDialog({ panel, onClose }: { panel: AntibiogramPanel | null; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [naziv, setNaziv] = useState(panel?.naziv ?? '');
  const [grupa, setGrupa] = useState<PickerOption | null>(panel ? { value: panel.grupa.mo, label: panel.grupa.naziv } : null);
  const [uzorak, setUzorak] = useState(panel?.uzorak ?? '');
  const [agents, setAgents] = useState<AgentEntry[]>(panel?.antibiotici.map((agent) => ({ ab: agent.ab, label: agentLabel(agent) })) ?? []);
  const [adding, setAdding] = useState<PickerOption | null>(null);
  const [pickerKey, setPickerKey] = useState(0);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<{ field: string; message: string } | null>(null);

  const addAgent = (option: PickerOption | null) => {
    setAdding(option);
    if (!option) return;
    if (!agents.some((agent) => agent.ab === option.value)) setAgents([...agents, { ab: option.value, label: option.label }]);
    // A fresh picker for the next agent, the cursor stays in it.
    setAdding(null);
    setPickerKey((key) => key + 1);
  };
  const move = (index: number, by: number) => {
    const next = [...agents];
    const [moved] = next.splice(index, 1);
    next.splice(index + by, 0, moved!);
    setAgents(next);
  };
  const errorOf = (field: string) => (problem && (problem.field === field || problem.field.startsWith(`${field}.`)) ? problem.message : undefined);

  const save = async () => {
    setSaving(true);
    setProblem(null);
    try {
      await savePanel({
        ...(panel ? { _id: panel._id } : {}), naziv, grupa: grupa?.value ?? '', uzorak, antibiotici: agents.map((agent) => agent.ab),
      });
      notify.success(t('microbiology.panels.saved'));
      await queryClient.invalidateQueries({ queryKey: microbiologyKeys.panels });
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.field) setProblem({ field: error.field, message: serverMessage(error) });
      notify.apiError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal opened onClose={onClose} size="lg" title={panel ? t('microbiology.panels.editTitle') : t('microbiology.panels.add')}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Stack gap="sm">
          <TextInput
            label={t('microbiology.panels.name')}
            value={naziv}
            onChange={(event) => setNaziv(event.currentTarget.value)}
            maxLength={PANEL_LIMITS.naziv}
            required
            error={errorOf('naziv')}
            data-autofocus
          />
          <RemotePicker
            label={t('microbiology.panels.group')}
            description={t('microbiology.panels.groupHint')}
            placeholder={t('microbiology.organismPlaceholder')}
            value={grupa}
            onPick={setGrupa}
            queryKey={(search) => [...microbiologyKeys.organisms(search), 'groups']}
            search={async (text, signal) => (await searchOrganisms(text, signal)).map((item) => ({ value: item.mo, label: item.naziv }))}
            required
            error={errorOf('grupa')}
          />
          <TextInput
            label={t('microbiology.panels.specimen')}
            description={t('microbiology.panels.specimenHint')}
            value={uzorak}
            onChange={(event) => setUzorak(event.currentTarget.value)}
            maxLength={PANEL_LIMITS.uzorak}
            error={errorOf('uzorak')}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="panel-agents">{t('microbiology.panels.agents')}</Text>
            {agents.length === 0 ? <Text size="sm" c="dimmed">{t('microbiology.panels.noAgents')}</Text> : null}
            <Stack gap={2} role="list" aria-labelledby="panel-agents">
              {agents.map((agent, index) => (
                <Group key={agent.ab} gap="xs" justify="space-between" role="listitem" wrap="nowrap">
                  <Text size="sm">{`${index + 1}. ${agent.label}`}</Text>
                  <Group gap={2} wrap="nowrap">
                    <ActionIcon variant="subtle" disabled={index === 0} onClick={() => move(index, -1)} aria-label={t('microbiology.panels.up', { agent: agent.ab })}>
                      <IconArrowUp size={16} aria-hidden />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      disabled={index === agents.length - 1}
                      onClick={() => move(index, 1)}
                      aria-label={t('microbiology.panels.down', { agent: agent.ab })}
                    >
                      <IconArrowDown size={16} aria-hidden />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      onClick={() => setAgents(agents.filter((item) => item.ab !== agent.ab))}
                      aria-label={t('microbiology.panels.removeAgent', { agent: agent.ab })}
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Group>
                </Group>
              ))}
            </Stack>
            {agents.length < PANEL_LIMITS.antibiotici ? (
              <RemotePicker
                key={pickerKey}
                aria-label={t('microbiology.panels.addAgent')}
                placeholder={t('microbiology.panels.addAgent')}
                value={adding}
                onPick={addAgent}
                queryKey={microbiologyKeys.antimicrobials}
                search={async (text, signal) => (await searchAntimicrobials(text, signal)).map((item) => ({ value: item.ab, label: agentLabel(item) }))}
                error={errorOf('antibiotici')}
                autoFocus={pickerKey > 0}
              />
            ) : null}
          </Stack>
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>{t('common.cancel')}</Button>
            <Button type="submit" loading={saving}>{t('common.save')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function RemoveDialog({ panel, onClose }: { panel: AntibiogramPanel | null; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    if (!panel) return;
    setBusy(true);
    try {
      await deletePanel(panel._id);
      notify.success(t('microbiology.panels.removed'));
      await queryClient.invalidateQueries({ queryKey: microbiologyKeys.panels });
      onClose();
    } catch (error) {
      notify.apiError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={panel !== null} onClose={onClose} title={t('microbiology.panels.removeTitle')}>
      <Stack gap="md">
        <Text size="sm">{t('microbiology.panels.removeQuestion', { name: panel?.naziv ?? '' })}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{t('common.cancel')}</Button>
          <Button color="red" loading={busy} onClick={() => void remove()}>{t('microbiology.panels.removeConfirm')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
