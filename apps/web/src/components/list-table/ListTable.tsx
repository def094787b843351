/**
 * The list table of every list screen: sortable
 * columns, paging with 2 links each side, the 'Pretraga' filter with its
 * stored value, day presets, the date range, items per page, detail rows and
 * row actions announced for their row. Sorting, filtering and paging happen
 * on the server (the `list` call contract, GET with the list query).
 *
 * Parts: use-list-query.ts (state, stored filter, the call), ListToolbar.tsx
 * (filter, day presets, date range, items per page), ListPager.tsx (summary
 * and page links); this file draws the table itself.
 *
 *   <ListTable<SampleRow>
 *     list={sampleContracts.list}
 *     columns={[
 *       { key: 'sid', header: t('samples.sid'), sortable: true, width: 120 },
 *       { key: 'prezime', header: t('patient.prezime'), sortable: true,
 *         cellAction: { label: (row) => t('samples.open', { sid: row.sid }), onClick: (row) => void navigate(`/samples/${row.pid}`) } },
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
import { Fragment, useState, type ReactNode } from 'react';
import { ActionIcon, Anchor, Box, Group, Menu, Progress, Skeleton, Stack, Table, Text, Tooltip, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowDown, IconArrowUp, IconArrowsSort, IconChevronDown, IconChevronRight, IconDots } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DATE_PRESETS, DEFAULT_PER_PAGE, type SortSpec } from '@lis/domain';
import { ListPager } from './ListPager.tsx';
import { ListToolbar } from './ListToolbar.tsx';
import type { ListColumn, ListRowAction, ListTableProps } from './types.ts';
import classes from '../reflow-table.module.css';
import { REFLOW_QUERY } from '../reflow-table.ts';
import { useListQuery } from './use-list-query.ts';

export type { ListAsideView, ListColumn, ListRowAction, ListTableProps } from './types.ts';
export { FILTER_DEBOUNCE_MS, invalidateList, listQueryKey } from './use-list-query.ts';

const SKELETON_ROWS = 5;


function cellValue<Row>(row: Row, key: string): ReactNode {
  const value = (row as Record<string, unknown>)[key];
  if (value === null || value === undefined) return '';
  if (typeof value === 'string' || typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? '✓' : '';
  if (typeof value === 'bigint') return value.toString();
  // A structured value needs a column render; until it has one, its JSON beats '[object Object]'.
  return JSON.stringify(value);
}

export function ListTable<Row>(props: ListTableProps<Row>) {
  const {
    columns, rowKey, rowLabel, datumPresets = DATE_PRESETS, defaultPerPage = DEFAULT_PER_PAGE, withDateRange = true, renderDetail, actions = [],
    renderActions,
  } = props;
  const hasActions = actions.length > 0 || renderActions !== undefined;
  // On a narrow screen a row's actions become one menu button, in a column that stays in view while the
  // table scrolls sideways: a row of icons would be cut off at the screen's edge, out of reach.
  const narrow = useMediaQuery(REFLOW_QUERY) ?? false;
  // A reflowing list stacks each row's cells (list-table.module.css) and needs no sideways scroll.
  const reflowed = narrow && props.reflow === true;
  // Otherwise the actions column stays at the right edge while a narrow screen scrolls the table sideways.
  const stickyActions = narrow && !reflowed ? { position: 'sticky', right: 0, zIndex: 1, background: 'var(--mantine-color-body)', boxShadow: '-6px 0 6px -6px rgba(0, 0, 0, 0.25)' } as const : undefined;
  const { t: text } = useTranslation(undefined, { keyPrefix: 'listTable' });
  const list = useListQuery<Row>(props);
  const { state, dispatch, rows, pagination, loading, firstLoad } = list;
  const [expanded, setExpanded] = useState<ReadonlySet<string | number>>(() => new Set());

  const toggleDetail = (key: string | number) => setExpanded((current) => {
    const next = new Set(current);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    return next;
  });

  // An empty list says so under the table, not in a cell: a wide table scrolls sideways on a narrow screen and
  // would cut the words off. While nothing is filtered, a list's own guidance (what to do, where) replaces them.
  const empty = !firstLoad && rows.length === 0;
  const guidance = empty && state.filter === '' ? props.emptyState : undefined;
  const columnCount = columns.length + (renderDetail ? 1 : 0) + (hasActions ? 1 : 0);

  return (
    <Stack gap="xs">
      <ListToolbar list={list} datumPresets={datumPresets} withDateRange={withDateRange} defaultPerPage={defaultPerPage} />
      {props.aside?.({ filter: state.filter, datum: state.datum, dateRange: state.dateRange !== null, rows })}

      <Box>
        {/* Always 3 px tall, so starting and ending a load moves nothing. */}
        <Box h={3} aria-hidden>
          {loading ? <Progress value={100} animated size={3} radius={0} /> : null}
        </Box>
        <Table.ScrollContainer minWidth={reflowed ? 0 : props.minWidth ?? 600} type="native">
          <Table className={reflowed ? classes.reflow : undefined} striped highlightOnHover verticalSpacing="xs" aria-busy={loading} aria-label={props.caption}>
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
                {hasActions ? <Table.Th ta="right" style={stickyActions}>{text('actions')}</Table.Th> : null}
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
              {rows.map((row) => {
                const key = rowKey(row);
                const label = rowLabel(row);
                const open = expanded.has(key);
                const accent = props.rowAccent?.(row);
                // The bar is drawn on the row's first cell: browsers do not paint a shadow on a table row.
                const accentStyle = accent ? { boxShadow: `inset 4px 0 0 ${accent}` } : undefined;
                return (
                  <Fragment key={key}>
                    <Table.Tr>
                      {renderDetail ? (
                        <Table.Td style={accentStyle}>
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
                      {columns.map((column, index) => (
                        <Table.Td
                          key={column.key}
                          ta={column.align}
                          data-label={reflowed ? column.header : undefined}
                          style={index === 0 && !renderDetail ? accentStyle : undefined}
                        >
                          <Cell column={column} row={row} />
                        </Table.Td>
                      ))}
                      {hasActions ? (
                        <Table.Td style={stickyActions}>
                          <Group gap={4} justify="flex-end" wrap="nowrap">
                            {renderActions?.(row)}
                            {narrow
                              ? <RowMenu row={row} label={label} actions={actions} />
                              : actions.filter((action) => !action.hidden?.(row)).map((action) => (
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
        {empty ? guidance ?? <Text ta="center" c="dimmed" py="md">{text('empty')}</Text> : null}
      </Box>

      <ListPager pagination={pagination} firstLoad={firstLoad} onPage={(page) => dispatch({ type: 'page', page })} />
    </Stack>
  );
}

/** A narrow screen's row actions: one button opening a menu of them, each named as its icon was. */
function RowMenu<Row>({ row, label, actions }: { row: Row; label: string; actions: readonly ListRowAction<Row>[] }) {
  const { t: text } = useTranslation(undefined, { keyPrefix: 'listTable' });
  const shown = actions.filter((action) => !action.hidden?.(row));
  if (shown.length === 0) return null;
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`${text('rowMenu')} — ${label}`}>
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {shown.map((action) => (
          <Menu.Item
            key={action.key}
            // The icon carries the action's colour; the words stay in the text colour, readable on white.
            leftSection={<Box component="span" display="flex" c={action.color ? `${action.color}.8` : undefined}>{action.icon}</Box>}
            disabled={action.disabled?.(row) ?? false}
            onClick={() => action.onClick(row)}
          >
            {action.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

function HeaderCell<Row>({ column, sort, hint, onSort }: {
  column: ListColumn<Row>;
  sort: readonly SortSpec[];
  hint: string;
  onSort: (field: string, multi: boolean) => void;
}) {
  const { t: text } = useTranslation(undefined, { keyPrefix: 'listTable' });
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
  const link = column.cellLink;
  if (link) {
    return <Anchor component={Link} to={link.href(row)} aria-label={link.label(row)} fz="sm" underline="always">{content}</Anchor>;
  }
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
