/**
 * A searchable select whose options come from the server as the person types (organisms, antimicrobials):
 * the typed words go to the call after a short pause, the server's matches are the options (no second
 * filtering here), and the chosen option stays shown while new matches load.
 */
import { useState } from 'react';
import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';

const SEARCH_DELAY_MS = 200;

export interface PickerOption {
  value: string;
  label: string;
}

interface RemotePickerProps extends Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchValue' | 'onSearchChange' | 'filter'> {
  value: PickerOption | null;
  onPick: (option: PickerOption | null) => void;
  queryKey: (search: string) => readonly unknown[];
  search: (text: string, signal: AbortSignal) => Promise<PickerOption[]>;
}

export function RemotePicker({ value, onPick, queryKey, search, ...props }: RemotePickerProps) {
  const [typed, setTyped] = useState(value?.label ?? '');
  const [debounced] = useDebouncedValue(typed.trim(), SEARCH_DELAY_MS);
  // The chosen option's own label is not a search: the list opens on what the person types.
  const searching = debounced !== '' && debounced !== value?.label;
  const matches = useQuery({
    queryKey: queryKey(debounced),
    queryFn: ({ signal }) => search(debounced, signal),
    enabled: searching,
    staleTime: 60_000,
  });
  const options = [...(value ? [value] : []), ...(matches.data ?? []).filter((option) => option.value !== value?.value)];
  return (
    <Select
      {...props}
      searchable
      data={options}
      value={value?.value ?? null}
      searchValue={typed}
      onSearchChange={setTyped}
      filter={({ options: all }) => all}
      nothingFoundMessage={searching && matches.isFetched ? '—' : undefined}
      onChange={(chosen) => onPick(options.find((option) => option.value === chosen) ?? null)}
    />
  );
}
