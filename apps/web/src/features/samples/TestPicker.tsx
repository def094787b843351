/**
 * The test picker: the tests offered to the
 * patient by section, in row groups of 100 (chunkTests), each with its class
 * (Lab, Man, Calc) and price; a search across sections; and the chosen tests
 * with their prices, components of calculated tests at 0, and the running
 * total. What ticking does is decided by the caller (picker-selection.ts).
 */
import { useMemo, useState } from 'react';
import {
  ActionIcon, Badge, Checkbox, Group, SimpleGrid, Skeleton, Stack, Table, Tabs, Text, TextInput, Tooltip,
} from '@mantine/core';
import { IconSearch, IconStack2, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type SelectedTest, type TestClass, type TestPanel, chunkTests, searchPicker, totalPrice } from '@lis/domain';
import { currentLanguage, useLanguage } from '../../i18n/index.ts';
import { assayName, assayShortName, useAssayName } from '../../lib/catalogue-name.ts';
import type { PickerSection, PickerTest } from './api.ts';
import { formatKm, priceUnits } from './format.ts';
import type { TestInfo } from './picker-selection.ts';
import classes from './samples.module.css';
import { READABLE_BADGE_TEXT } from '../../components/readable.ts';

const CLASS_COLORS: Record<TestClass, string> = { Lab: 'gray', Man: 'grape', Calc: 'teal' };
const SKELETON_CARDS = 12;

export function ClassBadge({ klasa }: { klasa: TestClass }) {
  const { t } = useTranslation();
  return (
    <Tooltip label={t(`samples.classHint_${klasa}`)} openDelay={400}>
      <Badge size="xs" variant="light" color={CLASS_COLORS[klasa]} c={READABLE_BADGE_TEXT} style={{ flexShrink: 0 }}>{t(`samples.class_${klasa}`)}</Badge>
    </Tooltip>
  );
}

interface TestPickerProps {
  tests: readonly PickerTest[];
  sekcije: readonly PickerSection[];
  selection: readonly SelectedTest[];
  info: ReadonlyMap<string, TestInfo>;
  onToggle: (test: PickerTest) => void;
  loading?: boolean;
  /** The search field, so Enter at the end of the sample's fields can move on to it. */
  searchRef?: React.Ref<HTMLInputElement>;
  /** The site's test panels, found by the search beside the tests. */
  panels?: readonly TestPanel[];
  onAddPanel?: (panel: TestPanel) => void;
}

export function TestPicker({ tests, sekcije, selection, info, onToggle, loading = false, searchRef, panels = [], onAddPanel }: TestPickerProps) {
  const { t } = useTranslation();
  const nameOf = useAssayName();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState<string | null>(null);
  const chosen = useMemo(() => new Map(selection.map((item) => [item.labassay, item])), [selection]);
  const bySection = useMemo(() => {
    const groups = new Map<string, PickerTest[]>();
    for (const test of tests) groups.set(test.sekcija, [...(groups.get(test.sekcija) ?? []), test]);
    return groups;
  }, [tests]);
  const searching = query.trim() !== '';
  // Panels (by name, code and synonyms) and tests, best match first; Enter adds the first.
  const matches = useMemo(() => (searching ? searchPicker(tests, onAddPanel ? panels : [], query) : []), [searching, tests, panels, onAddPanel, query]);
  const found = useMemo(() => matches.flatMap((match) => (match.kind === 'test' ? [match.test] : [])), [matches]);
  const foundPanels = useMemo(() => matches.flatMap((match) => (match.kind === 'panel' ? [match.panel] : [])), [matches]);
  const pickTop = () => {
    const [top] = matches;
    if (!top) return;
    if (top.kind === 'panel') onAddPanel?.(top.panel);
    // Enter adds the top test; it never takes off a test already chosen (a click does that).
    else if (!chosen.has(top.test._id) && !top.test.disabled) onToggle(top.test);
    else return;
    setQuery('');
  };
  const current = active && bySection.has(active) ? active : sekcije[0]?._id ?? null;

  const grid = (items: readonly PickerTest[]) => (
    items.length === 0 ? <Text c="dimmed" size="sm" py="md">{t('samples.noTests')}</Text> : (
      <Stack gap="sm">
        {chunkTests(items).map((group, index) => (
          <SimpleGrid
            key={group[0]?._id ?? index}
            role="group"
            aria-label={t('samples.group', { from: index * 100 + 1, to: index * 100 + group.length })}
            cols={{ base: 1, xs: 2, xl: 3 }}
            spacing="xs"
            verticalSpacing="xs"
          >
            {group.map((test) => (
              <TestCard key={test._id} test={test} selected={chosen.get(test._id)} info={info} onToggle={onToggle} />
            ))}
          </SimpleGrid>
        ))}
      </Stack>
    )
  );

  return (
    <Stack gap="sm">
      <TextInput
        ref={searchRef}
        aria-label={t('samples.search')}
        placeholder={`${t('samples.search')}: ${t('samples.searchHint')}`}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={query}
        onChange={(event) => setQuery(event.currentTarget.value)}
        description={searching && matches.length > 0 ? t('panels.enterHint') : undefined}
        onKeyDown={(event) => {
          if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
          event.preventDefault();
          pickTop();
        }}
        rightSection={query ? (
          <ActionIcon variant="subtle" color="gray" aria-label={t('listTable.filterClear')} onClick={() => setQuery('')}>
            <IconX size={14} aria-hidden />
          </ActionIcon>
        ) : null}
      />
      {loading ? (
        <SimpleGrid cols={{ base: 1, xs: 2, xl: 3 }} spacing="xs" verticalSpacing="xs" aria-hidden>
          {Array.from({ length: SKELETON_CARDS }, (_, index) => <Skeleton key={index} h={56} radius="md" />)}
        </SimpleGrid>
      ) : searching ? (
        <Stack gap="xs">
          <Text size="sm" fw={600}>{t('samples.searchResults')}</Text>
          {foundPanels.length > 0 ? (
            <SimpleGrid cols={{ base: 1, xs: 2, xl: 3 }} spacing="xs" verticalSpacing="xs" role="group" aria-label={t('panels.title')}>
              {foundPanels.map((panel, index) => (
                <PanelCard key={panel._id} panel={panel} top={index === 0 && matches[0]?.kind === 'panel'} onAdd={() => { onAddPanel?.(panel); setQuery(''); }} />
              ))}
            </SimpleGrid>
          ) : null}
          {found.length > 0 || foundPanels.length === 0 ? grid(found) : null}
        </Stack>
      ) : (
        <Tabs value={current} onChange={setActive} keepMounted={false}>
          <Tabs.List>
            {sekcije.map((sekcija) => {
              const count = (bySection.get(sekcija._id) ?? []).filter((test) => chosen.has(test._id)).length;
              return (
                <Tabs.Tab
                  key={sekcija._id}
                  value={sekcija._id}
                  rightSection={count > 0 ? (
                    <Badge size="xs" circle aria-label={t('samples.selectedCount', { n: count })}>{count}</Badge>
                  ) : null}
                >
                  {nameOf(sekcija)}
                </Tabs.Tab>
              );
            })}
          </Tabs.List>
          {sekcije.map((sekcija) => (
            <Tabs.Panel key={sekcija._id} value={sekcija._id} pt="sm">
              {grid(bySection.get(sekcija._id) ?? [])}
            </Tabs.Panel>
          ))}
        </Tabs>
      )}
    </Stack>
  );
}

function PanelCard({ panel, top, onAdd }: { panel: TestPanel; top: boolean; onAdd: () => void }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const tests = t('panels.testCount', { count: panel.testovi.length });
  const detail = panel.naplata === 'panel'
    ? t('panels.pickerDetail', { sifra: panel.sifra, tests, price: formatKm(priceUnits(panel.price), language, t('samples.currency')) })
    : t('panels.pickerDetailTests', { sifra: panel.sifra, tests });
  return (
    <Checkbox.Card
      className={classes.testCard}
      checked={false}
      onClick={onAdd}
      radius="md"
      title={panel.naziv}
      data-top-match={top || undefined}
      style={top ? { borderColor: 'var(--mantine-primary-color-filled)' } : undefined}
    >
      <Group wrap="nowrap" gap="xs" align="center">
        <IconStack2 size={18} aria-hidden style={{ flexShrink: 0 }} />
        <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
          <Text size="sm" fw={600} truncate="end">{panel.naziv}</Text>
          <Text size="xs" c="dimmed" truncate="end">{detail}</Text>
        </Stack>
        <Badge size="xs" variant="light" color="indigo" c={READABLE_BADGE_TEXT} style={{ flexShrink: 0 }}>{t('panels.badge')}</Badge>
      </Group>
    </Checkbox.Card>
  );
}

function TestCard({ test, selected, info, onToggle }: {
  test: PickerTest;
  selected: SelectedTest | undefined;
  info: ReadonlyMap<string, TestInfo>;
  onToggle: (test: PickerTest) => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const component = selected?.component_of ? info.get(selected.component_of) : undefined;
  const pulledBy = selected?.component_of ? (component ? assayShortName(component, language) : '') : null;
  const detail = pulledBy !== null
    ? t('samples.componentOf', { test: pulledBy })
    : `${test.sifra} · ${formatKm(priceUnits(test.price), language, t('samples.currency'))}`;
  return (
    <Checkbox.Card
      className={classes.testCard}
      checked={selected !== undefined}
      disabled={test.disabled && selected === undefined}
      onClick={() => onToggle(test)}
      radius="md"
      title={test.disabled ? t('samples.disabledTest') : assayName(test, language)}
    >
      <Group wrap="nowrap" gap="xs" align="center">
        <Checkbox.Indicator size="sm" />
        <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
          <Text size="sm" fw={500} truncate="end">{assayShortName(test, language)}</Text>
          <Text size="xs" c="dimmed" truncate="end">{detail}</Text>
        </Stack>
        <ClassBadge klasa={test.klasa} />
      </Group>
    </Checkbox.Card>
  );
}

interface SelectedTestsProps {
  selection: readonly SelectedTest[];
  info: ReadonlyMap<string, TestInfo>;
  onRemove?: (labassay: string) => void;
  /** Panel names by id, so a test shows the panel it came with. */
  panelNames?: ReadonlyMap<string, string>;
}

/** The chosen tests with their prices (components of a calculated test at 0) and the running total. */
export function SelectedTests({ selection, info, onRemove, panelNames }: SelectedTestsProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const money = (units: number) => formatKm(units, language, t('samples.currency'));
  const total = totalPrice(selection);
  return (
    <Stack gap="xs">
      {selection.length === 0 ? (
        <Text c="dimmed" size="sm" py="xs">{t('samples.noneSelected')}</Text>
      ) : (
        <Table verticalSpacing={4} horizontalSpacing="xs" aria-label={t('samples.selected')}>
          <Table.Tbody>
            {selection.map((item) => {
              const test = info.get(item.labassay);
              const name = test ? assayShortName(test, language) : item.labassay;
              const component = item.component_of ? info.get(item.component_of) : undefined;
              const pulledBy = item.component_of ? (component ? assayShortName(component, language) : '') : null;
              return (
                <Table.Tr key={item.labassay}>
                  <Table.Td>
                    <Text size="sm" fw={500} lh={1.3}>{name}</Text>
                    {pulledBy !== null ? <Text size="xs" c="dimmed">{t('samples.componentOf', { test: pulledBy })}</Text> : null}
                    {item.panel && panelNames?.get(item.panel) ? (
                      <Text size="xs" c="dimmed">{t('panels.ofPanel', { panel: panelNames.get(item.panel) })}</Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td ta="right" w={96}>
                    <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>{money(item.price)}</Text>
                  </Table.Td>
                  {onRemove ? (
                    <Table.Td w={36}>
                      <ActionIcon variant="subtle" color="gray" aria-label={t('samples.remove', { test: name })} onClick={() => onRemove(item.labassay)}>
                        <IconX size={16} aria-hidden />
                      </ActionIcon>
                    </Table.Td>
                  ) : null}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
      <Group justify="space-between" px="xs" py={6} bg="gray.0" style={{ borderRadius: 'var(--mantine-radius-sm)' }}>
        <Text fw={600}>{t('samples.total')}</Text>
        <Text fw={700} aria-live="polite" data-testid="sample-total" style={{ fontVariantNumeric: 'tabular-nums' }}>{money(total)}</Text>
      </Group>
    </Stack>
  );
}
