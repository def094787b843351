/**
 * One isolate of a culture: organism (searching the reference tables), colony count and remark, and its
 * antibiogram, one AntibiogramLine per agent; the panel the rows were offered from is named under it.
 */
import { ActionIcon, Button, Group, Paper, Select, Stack, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CULTURE_LIMITS } from '@lis/domain';
import { AntibiogramLine } from './AntibiogramLine.tsx';
import { microbiologyKeys, searchOrganisms } from './api.ts';
import type { IsolateDraft, RowDraft } from './culture-draft.ts';
import { type PickerOption, RemotePicker } from './RemotePicker.tsx';

const COUNT_STEPS = Array.from({ length: CULTURE_LIMITS.kolicinaMax - CULTURE_LIMITS.kolicinaMin + 1 }, (_, index) => String(index + CULTURE_LIMITS.kolicinaMin));

interface IsolateEditorProps {
  isolate: IsolateDraft;
  n: number;
  editable: boolean;
  canRemove: boolean;
  onChange: (change: (isolate: IsolateDraft) => IsolateDraft) => void;
  onOrganism: (option: PickerOption | null) => void;
  onRow: (rowKey: string, change: Partial<RowDraft>) => void;
  onAddRow: () => void;
  onRemove: () => void;
}

export function IsolateEditor({ isolate, n, editable, canRemove, onChange, onOrganism, onRow, onAddRow, onRemove }: IsolateEditorProps) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="sm" bg="gray.0" role="group" aria-label={t('microbiology.isolate', { n })}>
      <Stack gap="sm">
        <Group align="flex-end" gap="md" wrap="wrap">
          <Text fw={700} mb={8}>{t('microbiology.isolate', { n })}</Text>
          <RemotePicker
            label={t('microbiology.organism')}
            placeholder={t('microbiology.organismPlaceholder')}
            value={isolate.mo ? { value: isolate.mo, label: isolate.moLabel } : null}
            onPick={onOrganism}
            queryKey={microbiologyKeys.organisms}
            search={async (text, signal) => (await searchOrganisms(text, signal)).map((item) => ({ value: item.mo, label: item.naziv }))}
            readOnly={!editable}
            data-enter-next={`organism-${isolate.key}`}
            data-focus-key={isolate.key}
            w={320}
          />
          <Select
            label={t('microbiology.count')}
            data={[{ value: '', label: t('microbiology.countNone') }, ...COUNT_STEPS.map((step) => ({ value: step, label: t('microbiology.countValue', { n: step }) }))]}
            value={isolate.kolicina}
            onChange={(value) => onChange((current) => ({ ...current, kolicina: value ?? '' }))}
            allowDeselect={false}
            readOnly={!editable}
            data-enter-next={`count-${isolate.key}`}
            w={180}
          />
          <TextInput
            label={t('microbiology.remark')}
            value={isolate.napomena}
            onChange={(event) => {
              const text = event.currentTarget.value;
              onChange((current) => ({ ...current, napomena: text }));
            }}
            readOnly={!editable}
            data-enter-next={`remark-${isolate.key}`}
            style={{ flex: 1 }}
            miw={200}
          />
          {editable && canRemove ? (
            <ActionIcon variant="subtle" color="red" size="lg" mb={2} onClick={onRemove} aria-label={t('microbiology.removeIsolate', { n })}>
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          ) : null}
        </Group>
        {isolate.aparat ? (
          <Text size="xs" c="dimmed" data-testid="isolate-instrument">
            {t('microbiology.fromInstrument', { naziv: isolate.aparat.naziv, izolat: isolate.aparat.izolat })}
          </Text>
        ) : null}
        <Table.ScrollContainer minWidth={860}>
          <Table verticalSpacing={4} aria-label={t('microbiology.antibiogram', { n })}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={240}>{t('microbiology.agent')}</Table.Th>
                <Table.Th w={120}>{t('microbiology.method')}</Table.Th>
                <Table.Th w={90}>{t('microbiology.value')}</Table.Th>
                <Table.Th>{t('microbiology.interpretation')}</Table.Th>
                <Table.Th w={170}>{t('microbiology.override')}</Table.Th>
                <Table.Th w={44}><VisuallyHidden>{t('microbiology.removeAgent', { n: '' })}</VisuallyHidden></Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {isolate.rows.map((row, index) => (
                <AntibiogramLine
                  key={row.key}
                  row={row}
                  n={index + 1}
                  editable={editable}
                  onChange={(change) => onRow(row.key, change)}
                  onRemove={() => onChange((current) => ({ ...current, rows: current.rows.filter((item) => item.key !== row.key) }))}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {(editable && isolate.rows.length < CULTURE_LIMITS.antibiogramRows) || isolate.panel ? (
          <Group justify="space-between">
            {editable && isolate.rows.length < CULTURE_LIMITS.antibiogramRows ? (
              <Button variant="light" size="xs" leftSection={<IconPlus size={14} aria-hidden />} onClick={onAddRow}>{t('microbiology.addAgent')}</Button>
            ) : <span />}
            {isolate.panel ? <Text size="xs" c="dimmed" data-testid="isolate-panel">{t('microbiology.panelUsed', { panel: isolate.panel })}</Text> : null}
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
