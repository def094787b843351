/**
 * The row above a list table: the 'Pretraga' filter, the day presets, the
 * date range (button, clear button and the picker dialog) and items per page.
 */
import { useMemo, useState } from 'react';
import { Button, CloseButton, Group, NativeSelect, TextInput } from '@mantine/core';
import { IconCalendar, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ALL_ROWS, PER_PAGE_CHOICES } from '@lis/domain';
import { DateRangePicker, formatDateRange } from '../date-range/DateRangePicker.tsx';
import { datumLabelKey } from './messages.ts';
import type { ListQueryView } from './use-list-query.ts';

/** The dropdown's value while a date range is chosen; never sent to the server. */
const RANGE_CHOSEN = '';

export interface ListToolbarProps {
  list: Pick<ListQueryView<unknown>, 'state' | 'dispatch' | 'filterText' | 'setFilterText' | 'applyFilter'>;
  /** Day presets offered; an empty list hides the dropdown. */
  datumPresets: readonly string[];
  withDateRange: boolean;
  /** Offered first when it is not one of the usual choices. */
  defaultPerPage: number;
}

export function ListToolbar({ list, datumPresets, withDateRange, defaultPerPage }: ListToolbarProps) {
  const { t: text } = useTranslation(undefined, { keyPrefix: 'listTable' });
  const { state, dispatch, filterText, setFilterText, applyFilter } = list;
  const [rangeOpen, setRangeOpen] = useState(false);

  const perPageChoices = useMemo(() => {
    const choices: number[] = [...PER_PAGE_CHOICES];
    if (!choices.includes(defaultPerPage)) choices.unshift(defaultPerPage);
    return choices.map((n) => ({ value: String(n), label: n === ALL_ROWS ? text('allRows') : text('perPage', { n }) }));
  }, [defaultPerPage, text]);

  const presetLabel = (preset: string) => {
    const key = datumLabelKey(preset);
    return key ? text(key) : preset;
  };

  return (
    <Group gap="xs" wrap="wrap" align="flex-end">
      <TextInput
        style={{ flex: '1 1 14rem' }}
        aria-label={text('filter')}
        placeholder={text('filter')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={filterText}
        onChange={(event) => setFilterText(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') applyFilter(filterText);
        }}
        rightSection={filterText ? (
          <CloseButton size="sm" aria-label={text('filterClear')} onClick={() => { setFilterText(''); applyFilter(''); }} />
        ) : null}
      />
      {datumPresets.length > 0 ? (
        <NativeSelect
          aria-label={text('datumLabel')}
          value={state.dateRange ? RANGE_CHOSEN : (state.datum ?? '')}
          onChange={(event) => dispatch({ type: 'datum', datum: event.currentTarget.value })}
          data={[
            // While a date range applies, the presets do not: the dropdown says so instead of showing a stale preset.
            ...(state.dateRange ? [{ value: RANGE_CHOSEN, label: text('dateRange'), disabled: true }] : []),
            ...datumPresets.map((preset) => ({ value: preset, label: presetLabel(preset) })),
          ]}
        />
      ) : null}
      {withDateRange ? (
        <Group gap={4} wrap="nowrap">
          <Button
            variant={state.dateRange ? 'light' : 'default'}
            leftSection={<IconCalendar size={16} aria-hidden />}
            onClick={() => setRangeOpen(true)}
          >
            {state.dateRange ? formatDateRange(state.dateRange, text('separator')) : text('dateRange')}
          </Button>
          {state.dateRange ? (
            <CloseButton aria-label={text('dateRangeClear')} onClick={() => dispatch({ type: 'dateRange', dateRange: null })} />
          ) : null}
        </Group>
      ) : null}
      <NativeSelect
        aria-label={text('perPageLabel')}
        value={String(state.perPage)}
        onChange={(event) => dispatch({ type: 'perPage', perPage: Number(event.currentTarget.value) })}
        data={perPageChoices}
      />
      {withDateRange ? (
        <DateRangePicker
          opened={rangeOpen}
          onClose={() => setRangeOpen(false)}
          value={state.dateRange}
          onChange={(dateRange) => dispatch({ type: 'dateRange', dateRange })}
          onClear={() => dispatch({ type: 'dateRange', dateRange: null })}
        />
      ) : null}
    </Group>
  );
}
