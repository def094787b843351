/**
 * The list table of every list screen (spec sections 2, 4, 8, 9): sortable
 * columns, paging with 2 links each side, the 'Pretraga' filter with its
 * stored value, day presets, the date range, items per page, detail rows and
 * row actions announced for their row. Sorting, filtering and paging happen
 * on the server (GET `url` with the list query of design.md).
 *
 *   <ListTable<SampleRow>
 *     url="/uzorci/list"
 *     columns={[
 *       { key: 'sid', header: t('samples.sid'), sortable: true, width: 120 },
 *       { key: 'prezime', header: t('patient.prezime'), sortable: true,
 *         cellAction: { label: (row) => t('samples.open', { sid: row.sid }), onClick: (row) => navigate(`/samples/${row.pid}`) } },
 *       { key: 'status', header: t('samples.status'), render: (row) => <StatusBadge status={row.status} /> },
 *     ]}
 *     rowKey={(row) => row.id}
 *     rowLabel={(row) => `${row.sid} ${row.ime} ${row.prezime}`}
 *     actions={[{ key: 'delete', label: t('common.delete'), icon: <IconTrash size={16} />, color: 'red',
 *                 hidden: (row) => row.status !== 'ZAPRIMLJEN', onClick: askDelete }]}
 *     renderDetail={(row) => <SampleTests sample={row} />}
 *     refreshSignal={reloads}
 *   />
 */
import { Fragment, useEffect, useMemo, useReducer, useRef, useState, type ReactNode } from 'react';
import {
  ActionIcon, Box, Button, CloseButton, Group, NativeSelect, Progress, Skeleton, Stack, Table, Text, TextInput, Tooltip,
  UnstyledButton, VisuallyHidden, type MantineColor,
} from '@mantine/core';
import {
  IconArrowDown, IconArrowUp, IconArrowsSort, IconCalendar, IconChevronDown, IconChevronLeft, IconChevronRight,
  IconChevronsLeft, IconChevronsRight, IconSearch,
} from '@tabler/icons-react';
import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import {
  ALL_ROWS, DATE_PRESETS, DEFAULT_DATUM, DEFAULT_PER_PAGE, PER_PAGE_CHOICES, listQueryParams, pageWindow, paginate,
  type ListAnswer, type SortSpec,
} from '@lis/domain';
import { DateRangePicker, formatDateRange } from '../date-range/DateRangePicker.tsx';
import { useListFetcher } from './fetcher.ts';
import { listReducer, type ListState } from './list-state.ts';
import { datumLabel, useListTableText } from './messages.ts';
import { onPatientSelected, patientFilter, readStoredFilter, writeStoredFilter } from './stored-filter.ts';

/** Typing pauses this long before the filter goes to the server; Enter sends it at once. */
export const FILTER_DEBOUNCE_MS = 300;
const SKELETON_ROWS = 5;
/** The dropdown's value while a date range is chosen; never sent to the server. */
const RANGE_CHOSEN = '';

export interface ListColumn<Row> {
  /** The row's field shown by default, and the sort field unless `sortField` says otherwise. */
  key: string;
  /** The column title, already translated (t('...')). */
  header: string;
  sortable?: boolean;
  /** The server's name for sorting by this column when it differs from `key`. */
  sortField?: string;
  render?: (row: Row) => ReactNode;
  width?: number | string;
  align?: 'left' | 'center' | 'right';
  /** Makes the cell a button, e.g. the details cell that opens the patient dialog. */
  cellAction?: {
    /** Names the action and its row for screen readers: 'Detalji — 000123 ANA HODŽIĆ'. */
    label: (row: Row) => string;
    onClick: (row: Row) => void;
    disabled?: (row: Row) => boolean;
  };
}

export interface ListRowAction<Row> {
  key: string;
  /** The action's name, already translated ('Obriši'); the row's label is added for screen readers. */
  label: string;
  icon: ReactNode;
  onClick: (row: Row) => void;
  color?: MantineColor;
  hidden?: (row: Row) => boolean;
  disabled?: (row: Row) => boolean;
}

export interface ListTableProps<Row> {
  /** The list call's path without '/api' (e.g. '/uzorci/list'). */
  url: string;
  columns: readonly ListColumn<Row>[];
  rowKey: (row: Row) => string | number;
  /** What names a row for screen readers in its action labels (e.g. sample id and patient name). */
  rowLabel: (row: Row) => string;
  /** The list's own query parameters sent with every call. */
  params?: Record<string, string | number | undefined>;
  /** Day presets offered; DANAS … SVE by default, an empty list hides the dropdown (a list without dates). */
  datumPresets?: readonly string[];
  /** The preset chosen at first (DANAS; RADNA LISTA on sample processing). */
  defaultDatum?: string;
  defaultSort?: SortSpec[];
  defaultPerPage?: number;
  withDateRange?: boolean;
  /** Names the list's stored filter; the url by default. Two tables on one url need their own. */
  storageKey?: string;
  /** Sets the filter from outside (e.g. the patient chosen on the screen); each new value replaces the text. */
  filter?: string;
  /** Fill the filter with ime and prezime when a patient-selected event arrives (default true). */
  followPatientSelected?: boolean;
  /** A detail row under each row, opened and closed by a toggle in the row. */
  renderDetail?: (row: Row) => ReactNode;
  actions?: readonly ListRowAction<Row>[];
  /** Any new value reloads the current page (e.g. a counter raised after a write or by a socket event). */
  refreshSignal?: unknown;
  /** The table's accessible name. */
  caption?: string;
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth?: number;
}

/** The query key prefix of a list: `invalidateList(queryClient, '/uzorci/list')` reloads it after a write. */
export function listQueryKey(url: string): readonly unknown[] {
  return ['list', url];
}

export function invalidateList(queryClient: QueryClient, url: string): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: listQueryKey(url) });
}

/** A list answer as the server should send it; a missing pagination block is warned about and rebuilt (spec section 8). */
function checkedAnswer(answer: ListAnswer<unknown>, url: string): ListAnswer<unknown> {
  if (!answer || !Array.isArray(answer.data)) throw new Error(`list ${url} answered without data`);
  if (answer.pagination && typeof answer.pagination.total === 'number') return answer;
  console.warn(`list ${url} answered without pagination`);
  return { data: answer.data, pagination: paginate(answer.data.length, 1, ALL_ROWS, url) };
}

function cellValue<Row>(row: Row, key: string): ReactNode {
  const value = (row as Record<string, unknown>)[key];
  if (value === null || value === undefined) return '';
  if (typeof value === 'string' || typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? '✓' : '';
  return String(value);
}

export function ListTable<Row>(props: ListTableProps<Row>) {
  const {
    url, columns, rowKey, rowLabel, params, datumPresets = DATE_PRESETS, defaultDatum = DEFAULT_DATUM, defaultSort = [],
    defaultPerPage = DEFAULT_PER_PAGE, withDateRange = true, followPatientSelected = true, renderDetail, actions = [],
  } = props;
  const text = useListTableText();
  const fetcher = useListFetcher();
  const listKey = props.storageKey ?? url;

  const [state, dispatch] = useReducer(listReducer, undefined, (): ListState => ({
    sort: [...defaultSort],
    page: 1,
    perPage: defaultPerPage,
    datum: datumPresets.length > 0 ? defaultDatum : undefined,
    filter: (props.filter ?? readStoredFilter(listKey)).trim(),
    dateRange: null,
  }));
  const [filterText, setFilterText] = useState(state.filter);
  const [expanded, setExpanded] = useState<ReadonlySet<string | number>>(() => new Set());
  const [rangeOpen, setRangeOpen] = useState(false);

  // A new `filter` from outside replaces the text, like a patient-selected event does.
  const [filterProp, setFilterProp] = useState(props.filter);
  if (props.filter !== filterProp) {
    setFilterProp(props.filter);
    if (props.filter !== undefined) {
      setFilterText(props.filter);
      dispatch({ type: 'filter', filter: props.filter });
    }
  }

  const applyFilter = (value: string) => dispatch({ type: 'filter', filter: value });

  useEffect(() => {
    if (filterText.trim() === state.filter) return undefined;
    const timer = setTimeout(() => dispatch({ type: 'filter', filter: filterText }), FILTER_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [filterText, state.filter]);

  useEffect(() => {
    writeStoredFilter(listKey, state.filter);
  }, [listKey, state.filter]);

  useEffect(() => {
    if (!followPatientSelected) return undefined;
    return onPatientSelected((patient) => {
      const filter = patientFilter(patient);
      setFilterText(filter);
      dispatch({ type: 'filter', filter });
    });
  }, [followPatientSelected]);

  const search = new URLSearchParams(listQueryParams(state, params)).toString();
  const query = useQuery({
    queryKey: [...listQueryKey(url), search],
    queryFn: async ({ signal }) => checkedAnswer(await fetcher(url, new URLSearchParams(search), signal), url),
    placeholderData: keepPreviousData,
    retry: false,
  });

  useEffect(() => {
    // Spec section 8: a failed load is only logged; the rows already shown stay.
    if (query.error) console.error(`list ${url} failed to load`, query.error);
  }, [query.error, url]);

  const refetch = query.refetch;
  const seenSignal = useRef(props.refreshSignal);
  useEffect(() => {
    if (Object.is(seenSignal.current, props.refreshSignal)) return;
    seenSignal.current = props.refreshSignal;
    void refetch();
  }, [props.refreshSignal, refetch]);

  // The last answer that arrived stays on screen while the next loads, and after a failed load.
  const [lastAnswer, setLastAnswer] = useState<ListAnswer<unknown> | undefined>(undefined);
  if (query.data && query.data !== lastAnswer) setLastAnswer(query.data);
  const answer = (query.data ?? lastAnswer) as ListAnswer<Row> | undefined;
  const rows = answer?.data ?? [];
  const pagination = answer?.pagination;
  const loading = query.isFetching;
  const firstLoad = !answer && query.isPending;

  const toggleDetail = (key: string | number) => setExpanded((current) => {
    const next = new Set(current);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    return next;
  });

  const columnCount = columns.length + (renderDetail ? 1 : 0) + (actions.length > 0 ? 1 : 0);
  const perPageChoices = useMemo(() => {
    const choices: number[] = [...PER_PAGE_CHOICES];
    if (!choices.includes(defaultPerPage)) choices.unshift(defaultPerPage);
    return choices.map((n) => ({ value: String(n), label: n === ALL_ROWS ? text('allRows') : text('perPage', { n }) }));
  }, [defaultPerPage, text]);

  return (
    <Stack gap="xs">
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
              ...datumPresets.map((preset) => ({ value: preset, label: datumLabel(text, preset) })),
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
      </Group>

      <Box>
        {/* Always 3 px tall, so starting and ending a load moves nothing. */}
        <Box h={3} aria-hidden>
          {loading ? <Progress value={100} animated size={3} radius={0} /> : null}
        </Box>
        <Table.ScrollContainer minWidth={props.minWidth ?? 600} type="native">
          <Table striped highlightOnHover verticalSpacing="xs" aria-busy={loading} aria-label={props.caption}>
            <Table.Thead>
              <Table.Tr>
                {renderDetail ? <Table.Th w={40}><VisuallyHidden>{text('details')}</VisuallyHidden></Table.Th> : null}
                {columns.map((column) => (
                  <HeaderCell
                    key={column.key}
                    column={column}
                    sort={state.sort}
                    hint={text('sortHint')}
                    onSort={(field, multi) => dispatch({ type: 'sort', field, multi })}
                  />
                ))}
                {actions.length > 0 ? <Table.Th ta="right">{text('actions')}</Table.Th> : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {firstLoad ? Array.from({ length: SKELETON_ROWS }, (_, index) => (
                <Table.Tr key={`skeleton-${index}`} aria-hidden>
                  {Array.from({ length: columnCount }, (__, cell) => (
                    <Table.Td key={cell}><Skeleton height={14} radius="sm" /></Table.Td>
                  ))}
                </Table.Tr>
              )) : null}
              {!firstLoad && rows.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={columnCount}>
                    <Text ta="center" c="dimmed" py="md">{text('empty')}</Text>
                  </Table.Td>
                </Table.Tr>
              ) : null}
              {rows.map((row) => {
                const key = rowKey(row);
                const label = rowLabel(row);
                const open = expanded.has(key);
                return (
                  <Fragment key={key}>
                    <Table.Tr>
                      {renderDetail ? (
                        <Table.Td>
                          <ActionIcon
                            variant="subtle"
                            color="gray"
                            aria-expanded={open}
                            aria-label={`${text('details')} — ${label}`}
                            onClick={() => toggleDetail(key)}
                          >
                            {open ? <IconChevronDown size={16} aria-hidden /> : <IconChevronRight size={16} aria-hidden />}
                          </ActionIcon>
                        </Table.Td>
                      ) : null}
                      {columns.map((column) => (
                        <Table.Td key={column.key} ta={column.align}>
                          <Cell column={column} row={row} />
                        </Table.Td>
                      ))}
                      {actions.length > 0 ? (
                        <Table.Td>
                          <Group gap={4} justify="flex-end" wrap="nowrap">
                            {actions.filter((action) => !action.hidden?.(row)).map((action) => (
                              <Tooltip key={action.key} label={action.label} openDelay={400} withinPortal>
                                <ActionIcon
                                  variant="subtle"
                                  color={action.color ?? 'gray'}
                                  aria-label={`${action.label} — ${label}`}
                                  disabled={action.disabled?.(row) ?? false}
                                  onClick={() => action.onClick(row)}
                                >
                                  {action.icon}
                                </ActionIcon>
                              </Tooltip>
                            ))}
                          </Group>
                        </Table.Td>
                      ) : null}
                    </Table.Tr>
                    {renderDetail && open ? (
                      <Table.Tr>
                        <Table.Td colSpan={columnCount} bg="var(--mantine-color-gray-0)">{renderDetail(row)}</Table.Td>
                      </Table.Tr>
                    ) : null}
                  </Fragment>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Box>

      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm" c="dimmed" aria-live="polite">
          {firstLoad ? text('loading') : pagination && pagination.total > 0
            ? text('summary', { from: pagination.from ?? 0, to: pagination.to ?? 0, total: pagination.total_capped ? `${pagination.total}+` : pagination.total })
            : ''}
        </Text>
        {pagination && pagination.last_page > 1 ? (
          <Pager current={pagination.current_page} last={pagination.last_page} onPage={(page) => dispatch({ type: 'page', page })} />
        ) : null}
      </Group>

      {withDateRange ? (
        <DateRangePicker
          opened={rangeOpen}
          onClose={() => setRangeOpen(false)}
          value={state.dateRange}
          onChange={(dateRange) => dispatch({ type: 'dateRange', dateRange })}
          onClear={() => dispatch({ type: 'dateRange', dateRange: null })}
        />
      ) : null}
    </Stack>
  );
}

function HeaderCell<Row>({ column, sort, hint, onSort }: {
  column: ListColumn<Row>;
  sort: readonly SortSpec[];
  hint: string;
  onSort: (field: string, multi: boolean) => void;
}) {
  const text = useListTableText();
  if (!column.sortable) return <Table.Th w={column.width} ta={column.align}>{column.header}</Table.Th>;
  const field = column.sortField ?? column.key;
  const position = sort.findIndex((item) => item.field === field);
  const direction = position >= 0 ? sort[position]?.direction : undefined;
  // aria-sort belongs on one header: the first sort key. The others say their state in their name.
  const ariaSort = position === 0 ? (direction === 'asc' ? 'ascending' : 'descending') : position > 0 ? undefined : 'none';
  const Arrow = direction === 'asc' ? IconArrowUp : direction === 'desc' ? IconArrowDown : IconArrowsSort;
  return (
    <Table.Th w={column.width} ta={column.align} aria-sort={ariaSort}>
      <UnstyledButton
        onClick={(event) => onSort(field, event.shiftKey)}
        title={hint}
        fw={600}
        fz="sm"
        style={{ display: 'inline-flex', alignItems: 'center', gap: 4, whiteSpace: 'nowrap' }}
      >
        <span>{column.header}</span>
        <Arrow size={14} aria-hidden style={{ opacity: direction ? 1 : 0.4 }} />
        {direction && sort.length > 1 ? <Text component="span" fz="xs" c="dimmed" aria-hidden>{position + 1}</Text> : null}
        {direction && position > 0 ? (
          <VisuallyHidden>{`, ${direction === 'asc' ? text('sortedAscending') : text('sortedDescending')} (${position + 1})`}</VisuallyHidden>
        ) : null}
      </UnstyledButton>
    </Table.Th>
  );
}

function Cell<Row>({ column, row }: { column: ListColumn<Row>; row: Row }) {
  const content = column.render ? column.render(row) : cellValue(row, column.key);
  const action = column.cellAction;
  if (!action) return <>{content}</>;
  const disabled = action.disabled?.(row) ?? false;
  return (
    <UnstyledButton
      aria-label={action.label(row)}
      disabled={disabled}
      onClick={() => action.onClick(row)}
      c={disabled ? 'dimmed' : 'var(--mantine-primary-color-filled)'}
      fz="sm"
      style={{ textDecoration: disabled ? 'none' : 'underline', cursor: disabled ? 'not-allowed' : 'pointer' }}
    >
      {content}
    </UnstyledButton>
  );
}

function Pager({ current, last, onPage }: { current: number; last: number; onPage: (page: number) => void }) {
  const text = useListTableText();
  const edge = (label: string, page: number, icon: ReactNode) => (
    <ActionIcon variant="default" size="md" aria-label={label} disabled={page === current} onClick={() => onPage(page)}>
      {icon}
    </ActionIcon>
  );
  return (
    <Group component="nav" aria-label={text('pagination')} gap={4} wrap="nowrap">
      {edge(text('firstPage'), 1, <IconChevronsLeft size={16} aria-hidden />)}
      {edge(text('previousPage'), Math.max(1, current - 1), <IconChevronLeft size={16} aria-hidden />)}
      {pageWindow(current, last).map((page) => (
        <Button
          key={page}
          size="compact-sm"
          miw={32}
          variant={page === current ? 'filled' : 'default'}
          aria-label={text('page', { n: page })}
          aria-current={page === current ? 'page' : undefined}
          onClick={() => onPage(page)}
        >
          {page}
        </Button>
      ))}
      {edge(text('nextPage'), Math.min(last, current + 1), <IconChevronRight size={16} aria-hidden />)}
      {edge(text('lastPage'), last, <IconChevronsRight size={16} aria-hidden />)}
    </Group>
  );
}
