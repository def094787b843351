/** The list table's public types: its columns, row actions and props. */
import type { ReactNode } from 'react';
import type { MantineColor } from '@mantine/core';
import type { SortSpec } from '@lis/domain';
import type { ListCall } from './fetcher.ts';

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
  /**
   * Makes the cell a link to another screen (e.g. a sample code to its result entry): a real <a href>, so
   * a middle click or 'open in new tab' works. Preferred over cellAction whenever the cell goes to a page.
   */
  cellLink?: {
    /** Names the link and its row for screen readers: 'Otvori rezultate uzorka 000123'. */
    label: (row: Row) => string;
    href: (row: Row) => string;
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
  /** The list call's contract (e.g. sampleContracts.list): a GET answering `{ data, pagination }`. */
  list: ListCall;
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
  /** Names the list's stored filter; the call's path by default. Two tables of one call need their own. */
  storageKey?: string;
  /** Sets the filter from outside (e.g. the patient chosen on the screen); each new value replaces the text. */
  filter?: string;
  /** Fill the filter with ime and prezime when a patient-selected event arrives (default true). */
  followPatientSelected?: boolean;
  /** A detail row under each row, opened and closed by a toggle in the row. */
  renderDetail?: (row: Row) => ReactNode;
  actions?: readonly ListRowAction<Row>[];
  /**
   * Actions drawn by a component of their own (e.g. the status actions of a
   * sample, each with its dialogs), shown in the actions cell before `actions`.
   * Each must name itself and its row for screen readers, as `actions` do.
   */
  renderActions?: (row: Row) => ReactNode;
  /**
   * Shown instead of 'no rows' while the list is empty and nothing is typed in the filter: what to do next and a
   * link there (an EmptyState). Pass undefined while the screen's own filters are set, so they read as the cause.
   */
  emptyState?: ReactNode;
  /** Any new value reloads the current page (e.g. a counter raised after a write or by a socket event). */
  refreshSignal?: unknown;
  /** The table's accessible name. */
  caption?: string;
  /**
   * On a narrow screen (REFLOW_QUERY) each row becomes a block of its cells, each named by its header,
   * instead of a table scrolled sideways: for lists read row by row (users, settings), not compared down a column.
   */
  reflow?: boolean;
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth?: number;
  /**
   * A colour bar at the start of a row (a CSS colour), e.g. gold for a final
   * report and red for one that is not; undefined draws none. A column should
   * say the same in words: colour alone tells nothing to a screen reader.
   */
  rowAccent?: (row: Row) => string | undefined;
  /**
   * Drawn between the toolbar and the table with what the list shows now (the filter the server got, the
   * day preset, whether a date range applies, the rows of the page): e.g. the sample search's matches outside it.
   */
  aside?: (view: ListAsideView<Row>) => ReactNode;
}

/** What `aside` is told of the list's current view. */
export interface ListAsideView<Row> {
  filter: string;
  datum: string | undefined;
  dateRange: boolean;
  rows: readonly Row[];
}
