/**
 * One agent of an isolate's antibiogram: agent (searching the reference tables), MIC or zone, its value,
 * the interpretation the server gave at the last save (with a microbiology instrument's own S/I/R beside it
 * and a disagreement between the two marked for the specialist), and an override with its reason.
 */
import { ActionIcon, Badge, Group, NativeSelect, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CULTURE_LIMITS } from '@lis/domain';
import { microbiologyKeys, searchAntimicrobials } from './api.ts';
import { type Override, type RowDraft, agentLabel, savedInterpretationHolds } from './culture-draft.ts';
import { RemotePicker } from './RemotePicker.tsx';
import { SirBadge } from './SirBadge.tsx';

interface AntibiogramLineProps {
  row: RowDraft;
  n: number;
  editable: boolean;
  onChange: (change: Partial<RowDraft>) => void;
  onRemove: () => void;
}

export function AntibiogramLine({ row, n, editable, onChange, onRemove }: AntibiogramLineProps) {
  const { t } = useTranslation();
  const agentFieldLabel = `${t('microbiology.agent')} ${n}`;
  return (
    <Table.Tr data-agent={row.ab ?? ''}>
      <Table.Td>
        <RemotePicker
          aria-label={agentFieldLabel}
          placeholder={t('microbiology.agentPlaceholder')}
          value={row.ab ? { value: row.ab, label: row.abLabel } : null}
          onPick={(option) => onChange({ ab: option?.value ?? null, abLabel: option?.label ?? '' })}
          queryKey={microbiologyKeys.antimicrobials}
          search={async (text, signal) => (await searchAntimicrobials(text, signal)).map((item) => ({ value: item.ab, label: agentLabel(item) }))}
          readOnly={!editable}
          data-enter-next={`agent-${row.key}`}
          data-focus-key={row.key}
          size="xs"
        />
      </Table.Td>
      <Table.Td>
        <NativeSelect
          aria-label={`${t('microbiology.method')} ${n}`}
          data={[{ value: 'MIC', label: t('microbiology.mic') }, { value: 'DISK', label: t('microbiology.disk') }]}
          value={row.metoda}
          onChange={(event) => onChange({ metoda: event.currentTarget.value === 'DISK' ? 'DISK' : 'MIC' })}
          disabled={!editable}
          data-enter-next={`method-${row.key}`}
          size="xs"
        />
      </Table.Td>
      <Table.Td>
        <TextInput
          aria-label={`${t('microbiology.value')} ${n}`}
          value={row.vrijednost}
          onChange={(event) => onChange({ vrijednost: event.currentTarget.value })}
          maxLength={CULTURE_LIMITS.vrijednost}
          readOnly={!editable}
          data-enter-next={`value-${row.key}`}
          size="xs"
          styles={{ input: { fontVariantNumeric: 'tabular-nums' } }}
        />
      </Table.Td>
      <Table.Td>
        <Interpretation row={row} />
      </Table.Td>
      <Table.Td>
        <Stack gap={4}>
          <NativeSelect
            aria-label={`${t('microbiology.override')} ${n}`}
            data={[{ value: '', label: t('microbiology.overrideNone') }, { value: 'S', label: 'S' }, { value: 'I', label: 'I' }, { value: 'R', label: 'R' }]}
            value={row.izmjena}
            onChange={(event) => onChange({ izmjena: event.currentTarget.value as Override })}
            disabled={!editable}
            size="xs"
          />
          {row.izmjena !== '' ? (
            <TextInput
              aria-label={`${t('microbiology.overrideReason')} ${n}`}
              placeholder={t('microbiology.overrideReason')}
              value={row.razlog}
              onChange={(event) => onChange({ razlog: event.currentTarget.value })}
              maxLength={CULTURE_LIMITS.razlog}
              readOnly={!editable}
              size="xs"
            />
          ) : null}
        </Stack>
      </Table.Td>
      <Table.Td>
        {editable ? (
          <ActionIcon variant="subtle" color="red" onClick={onRemove} aria-label={t('microbiology.removeAgent', { n })}>
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        ) : null}
      </Table.Td>
    </Table.Tr>
  );
}

/** The saved category and what decided it; a changed row waits for the save. */
function Interpretation({ row }: { row: RowDraft }) {
  const { t } = useTranslation();
  if (!row.saved || !savedInterpretationHolds(row)) {
    return row.ab && row.vrijednost.trim() ? <Text size="xs" c="dimmed">{t('microbiology.basis_pending')}</Text> : null;
  }
  const { saved } = row;
  const overridden = saved.izmjena && saved.izmjena.kategorija !== saved.tumacenje;
  const site = saved.granica?.site ? ` (${saved.granica.site})` : '';
  const limits = saved.granica
    ? t(saved.metoda === 'MIC' ? 'microbiology.breakpoint' : 'microbiology.breakpointZone', { s: saved.granica.s, r: saved.granica.r, site })
    : '';
  const basis = saved.osnova === 'breakpoint' ? '' : t(`microbiology.basis_${saved.osnova}`);
  return (
    <Group gap="xs" wrap="nowrap" data-testid="interpretation">
      {saved.konacno ? <SirBadge category={saved.konacno} /> : null}
      <Stack gap={0}>
        {basis ? <Text size="xs" fw={600}>{basis}</Text> : null}
        {overridden ? <Text size="xs" fw={600}>{t('microbiology.overridden', { category: saved.tumacenje ?? '–' })}</Text> : null}
        {limits && saved.osnova !== 'intrinsic' ? <Text size="xs" c="dimmed">{limits}</Text> : null}
        {saved.aparat ? <Text size="xs" c="dimmed" data-testid="instrument-category">{t('microbiology.instrumentCategory', { category: saved.aparat.kategorija })}</Text> : null}
        {saved.aparat?.neslaganje ? (
          <Badge color="red" variant="light" c="gray.9" size="sm" leftSection={<IconAlertTriangle size={12} aria-hidden />} data-testid="instrument-disagrees">
            {t('microbiology.instrumentDisagrees')}
          </Badge>
        ) : null}
      </Stack>
    </Group>
  );
}
