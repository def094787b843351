import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '@testing-library/jest-dom/vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { IconTrash } from '@tabler/icons-react';
import { filterWords, listQuerySchema, pageSize, paginate, type ListAnswer } from '@lis/domain';
import { ListFetcherContext, type ListFetcher } from './fetcher.ts';
import { MemoryRouter } from 'react-router';
import { FILTER_DEBOUNCE_MS, ListTable, type ListTableProps } from './ListTable.tsx';
import { emitPatientSelected } from './stored-filter.ts';
import type { ListCall } from './fetcher.ts';

interface Row {
  id: number;
  sid: string;
  ime: string;
  prezime: string;
}

const ROWS: Row[] = Array.from({ length: 37 }, (_, index) => ({
  id: index + 1,
  sid: String(index + 1).padStart(6, '0'),
  ime: ['ANA', 'MARKO', 'EMINA'][index % 3]!,
  prezime: ['HODZIC', 'MARIC', 'BEGIC', 'DELIC'][index % 4]!,
}));
const PROBE_LIST: ListCall = { method: 'GET', path: '/probe/list', permission: 'samples.read', response: {} };
const URL = PROBE_LIST.path;

/** A list endpoint in memory that follows the list contract: filter words, sort list, pages. */
function fakeServer(rows: Row[] = ROWS) {
  const calls: URLSearchParams[] = [];
  const fetcher = vi.fn<ListFetcher>((url, params) => {
    calls.push(params);
    const query = listQuerySchema.parse(Object.fromEntries(params));
    const words = filterWords(query.filter).map((word) => word.toLowerCase());
    const found = rows
      .filter((row) => words.every((word) => [row.sid, row.ime, row.prezime].some((value) => value.toLowerCase().startsWith(word))))
      .sort((a, b) => {
        for (const sort of query.sort) {
          const left = a[sort.field as keyof Row];
          const right = b[sort.field as keyof Row];
          if (left !== right) return (left < right ? -1 : 1) * (sort.direction === 'asc' ? 1 : -1);
        }
        return a.id - b.id;
      });
    const pagination = paginate(found.length, query.page, query.per_page, `/api${url.path}`);
    const start = (pagination.current_page - 1) * pageSize(query.per_page);
    return Promise.resolve({ data: found.slice(start, start + pageSize(query.per_page)), pagination } satisfies ListAnswer<Row>);
  });
  return {
    fetcher,
    calls,
    last: () => Object.fromEntries(calls.at(-1) ?? new URLSearchParams()),
  };
}

const COLUMNS: ListTableProps<Row>['columns'] = [
  { key: 'sid', header: 'Šifra', sortable: true },
  { key: 'ime', header: 'Ime', sortable: true },
  { key: 'prezime', header: 'Prezime', sortable: true },
];

function renderList(fetcher: ListFetcher, props: Partial<ListTableProps<Row>> = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const ui = (extra: Partial<ListTableProps<Row>>) => (
    <MantineProvider>
      <Notifications />
      <QueryClientProvider client={client}>
        <ListFetcherContext value={fetcher}>
          <ListTable<Row>
            list={PROBE_LIST}
            columns={COLUMNS}
            rowKey={(row) => row.id}
            rowLabel={(row) => `${row.sid} ${row.ime} ${row.prezime}`}
            caption="Probe"
            {...props}
            {...extra}
          />
        </ListFetcherContext>
      </QueryClientProvider>
    </MantineProvider>
  );
  const result = render(ui({}));
  return { ...result, rerenderWith: (extra: Partial<ListTableProps<Row>>) => result.rerender(ui(extra)) };
}

/** A window `width` px wide, as the list's media query sees it. */
function windowOf(width: number): void {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string): MediaQueryList => {
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    return {
      matches: max ? width <= Number(max[1]) : false, media: query, onchange: null,
      addListener: () => {}, removeListener: () => {}, addEventListener: () => {}, removeEventListener: () => {}, dispatchEvent: () => false,
    };
  });
}

function header(name: string): HTMLElement {
  return screen.getByRole('columnheader', { name: new RegExp(`^${name}`) });
}

function sortButton(name: string): HTMLElement {
  return within(header(name)).getByRole('button');
}

function bodyRows(): HTMLElement[] {
  return within(screen.getByRole('table')).getAllByRole('row').slice(1);
}

async function shown(sid: string): Promise<void> {
  await screen.findByRole('cell', { name: sid });
}

beforeEach(() => {
  sessionStorage.clear();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('ListTable loading and paging', () => {
  it('asks for page 1 of 10 rows of DANAS and shows the rows and the summary', async () => {
    const server = fakeServer();
    renderList(server.fetcher);
    await shown('000001');
    expect(server.fetcher).toHaveBeenCalledWith(PROBE_LIST, expect.any(URLSearchParams), expect.anything());
    expect(server.last()).toEqual({ page: '1', per_page: '10', datum: 'DANAS' });
    expect(bodyRows()).toHaveLength(10);
    expect(screen.getByText('Prikazano 1–10 od 37')).toBeInTheDocument();
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'false');
  });

  it('shows a capped total as a lower bound', async () => {
    const fetcher = vi.fn<ListFetcher>(() => Promise.resolve({
      data: ROWS.slice(0, 10),
      pagination: paginate(10_000, 1, 10, '/api/list', true),
    }));
    renderList(fetcher);
    await shown('000001');
    expect(screen.getByText('Prikazano 1–10 od 10000+')).toBeInTheDocument();
  });

  it('shows two page links each side of the current page, and first, previous, next, last', async () => {
    const server = fakeServer(Array.from({ length: 95 }, (_, index) => ({ ...ROWS[0]!, id: index + 1, sid: String(index + 1).padStart(6, '0') })));
    renderList(server.fetcher);
    await shown('000001');
    const pager = screen.getByRole('navigation', { name: 'Stranice' });
    const pageNumbers = () => within(pager).getAllByRole('button', { name: /^Stranica/ }).map((button) => button.textContent);
    expect(pageNumbers()).toEqual(['1', '2', '3']);
    expect(within(pager).getByRole('button', { name: 'Stranica 1' })).toHaveAttribute('aria-current', 'page');
    fireEvent.click(within(pager).getByRole('button', { name: 'Stranica 3' }));
    await shown('000021');
    expect(pageNumbers()).toEqual(['1', '2', '3', '4', '5']);
    fireEvent.click(within(pager).getByRole('button', { name: 'Posljednja stranica' }));
    await shown('000091');
    expect(pageNumbers()).toEqual(['8', '9', '10']);
    expect(within(pager).getByRole('button', { name: 'Sljedeća stranica' })).toBeDisabled();
    fireEvent.click(within(pager).getByRole('button', { name: 'Prethodna stranica' }));
    await shown('000081');
    fireEvent.click(within(pager).getByRole('button', { name: 'Prva stranica' }));
    await shown('000001');
    expect(server.last().page).toBe('1');
  });

  it('says so when there are no rows', async () => {
    const server = fakeServer([]);
    renderList(server.fetcher);
    expect(await screen.findByText('Nema dostupnih podataka.')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Stranice' })).not.toBeInTheDocument();
  });

  it('shows the empty state of an empty list, and the plain words once a filter finds nothing', async () => {
    const server = fakeServer([]);
    renderList(server.fetcher, { emptyState: <p>Dodajte prvi analizator</p> });
    expect(await screen.findByText('Dodajte prvi analizator')).toBeInTheDocument();
    expect(screen.queryByText('Nema dostupnih podataka.')).not.toBeInTheDocument();

    fireEvent.change(screen.getByRole('textbox', { name: 'Pretraga' }), { target: { value: 'HODZIC' } });
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Pretraga' }), { key: 'Enter' });
    expect(await screen.findByText('Nema dostupnih podataka.')).toBeInTheDocument();
    expect(screen.queryByText('Dodajte prvi analizator')).not.toBeInTheDocument();
  });

  it('logs a failed load, ends loading and keeps the rows it had', async () => {
    const server = fakeServer();
    const failure = new Error('network down');
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderList(server.fetcher);
    await shown('000001');
    server.fetcher.mockRejectedValueOnce(failure);
    fireEvent.click(screen.getByRole('button', { name: 'Stranica 2' }));
    await waitFor(() => expect(logged).toHaveBeenCalledWith(`list ${URL} failed to load`, failure));
    await waitFor(() => expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'false'));
    expect(screen.getByRole('cell', { name: '000001' })).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(10);
  });

  it('warns about an answer without pagination and still shows its rows', async () => {
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const fetcher = vi.fn<ListFetcher>(() => Promise.resolve({ data: ROWS.slice(0, 3) } as unknown as ListAnswer<unknown>));
    renderList(fetcher);
    await shown('000003');
    expect(warned).toHaveBeenCalledWith(`list ${URL} answered without pagination`);
    expect(screen.getByText('Prikazano 1–3 od 3')).toBeInTheDocument();
  });

  it('reloads the page it shows when the refresh signal changes', async () => {
    const server = fakeServer();
    const { rerenderWith } = renderList(server.fetcher, { refreshSignal: 0 });
    await shown('000001');
    const before = server.calls.length;
    rerenderWith({ refreshSignal: 1 });
    await waitFor(() => expect(server.calls.length).toBe(before + 1));
    expect(server.last()).toEqual({ page: '1', per_page: '10', datum: 'DANAS' });
  });

  it('sends the list\'s own parameters', async () => {
    const server = fakeServer();
    renderList(server.fetcher, { params: { status: 'ODOBREN', access: 0 } });
    await shown('000001');
    expect(server.last()).toMatchObject({ status: 'ODOBREN', access: '0' });
  });
});

describe('ListTable sorting', () => {
  it('sorts ascending, then descending on repeat clicks, and marks the header', async () => {
    const server = fakeServer();
    renderList(server.fetcher);
    await shown('000001');
    expect(header('Prezime')).toHaveAttribute('aria-sort', 'none');
    fireEvent.click(sortButton('Prezime'));
    await waitFor(() => expect(server.last().sort).toBe('prezime|asc'));
    expect(header('Prezime')).toHaveAttribute('aria-sort', 'ascending');
    await waitFor(() => expect(within(bodyRows()[0]!).getByRole('cell', { name: 'BEGIC' })).toBeInTheDocument());
    fireEvent.click(sortButton('Prezime'));
    await waitFor(() => expect(server.last().sort).toBe('prezime|desc'));
    expect(header('Prezime')).toHaveAttribute('aria-sort', 'descending');
    fireEvent.click(sortButton('Prezime'));
    await waitFor(() => expect(server.last().sort).toBe('prezime|asc'));
  });

  it('adds a column with shift-click: ascending, then descending, then removed', async () => {
    const server = fakeServer();
    renderList(server.fetcher);
    await shown('000001');
    fireEvent.click(sortButton('Prezime'));
    await waitFor(() => expect(server.last().sort).toBe('prezime|asc'));
    fireEvent.click(sortButton('Ime'), { shiftKey: true });
    await waitFor(() => expect(server.last().sort).toBe('prezime|asc,ime|asc'));
    expect(header('Prezime')).toHaveAttribute('aria-sort', 'ascending');
    expect(header('Ime')).not.toHaveAttribute('aria-sort');
    expect(sortButton('Ime')).toHaveTextContent('sortirano uzlazno (2)');
    fireEvent.click(sortButton('Ime'), { shiftKey: true });
    await waitFor(() => expect(server.last().sort).toBe('prezime|asc,ime|desc'));
    fireEvent.click(sortButton('Ime'), { shiftKey: true });
    await waitFor(() => expect(server.last().sort).toBe('prezime|asc'));
    expect(header('Ime')).toHaveAttribute('aria-sort', 'none');
    fireEvent.click(sortButton('Šifra'));
    await waitFor(() => expect(server.last().sort).toBe('sid|asc'));
  });

  it('goes back to page 1 on any sort', async () => {
    const server = fakeServer();
    renderList(server.fetcher);
    await shown('000001');
    fireEvent.click(screen.getByRole('button', { name: 'Stranica 3' }));
    await waitFor(() => expect(server.last().page).toBe('3'));
    fireEvent.click(sortButton('Ime'), { shiftKey: true });
    await waitFor(() => expect(server.last()).toMatchObject({ sort: 'ime|asc', page: '1' }));
  });

  it('leaves columns without sortable as plain headers', async () => {
    const server = fakeServer();
    renderList(server.fetcher, { columns: [...COLUMNS, { key: 'id', header: 'Broj' }] });
    await shown('000001');
    expect(within(header('Broj')).queryByRole('button')).not.toBeInTheDocument();
    expect(header('Broj')).not.toHaveAttribute('aria-sort');
  });
});

describe('ListTable items per page and day presets', () => {
  it('offers the choices in Bosnian, "{n} po stranici" and "Svi rezultati", and goes to page 1 on change', async () => {
    const server = fakeServer();
    renderList(server.fetcher);
    await shown('000001');
    const perPage = screen.getByRole('combobox', { name: 'Broj redova po stranici' });
    expect(within(perPage).getAllByRole('option').map((option) => option.textContent))
      .toEqual(['10 po stranici', '15 po stranici', '25 po stranici', '50 po stranici', '100 po stranici', 'Svi rezultati']);
    fireEvent.click(screen.getByRole('button', { name: 'Stranica 3' }));
    await waitFor(() => expect(server.last().page).toBe('3'));
    fireEvent.change(perPage, { target: { value: '25' } });
    await waitFor(() => expect(server.last()).toMatchObject({ per_page: '25', page: '1' }));
    fireEvent.change(perPage, { target: { value: '0' } });
    await waitFor(() => expect(server.last()).toMatchObject({ per_page: '0', page: '1' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(37));
  });

  it('defaults to DANAS, sends the chosen preset and goes to page 1', async () => {
    const server = fakeServer();
    renderList(server.fetcher);
    await shown('000001');
    const datum = screen.getByRole('combobox', { name: 'Period' });
    expect(datum).toHaveValue('DANAS');
    expect(within(datum).getAllByRole('option').map((option) => option.textContent)).toEqual(['DANAS', 'JUČER', 'SEDMICA', 'MJESEC', 'SVE']);
    fireEvent.click(screen.getByRole('button', { name: 'Stranica 2' }));
    await waitFor(() => expect(server.last().page).toBe('2'));
    fireEvent.change(datum, { target: { value: 'SVE' } });
    await waitFor(() => expect(server.last()).toMatchObject({ datum: 'SVE', page: '1' }));
  });

  it('takes the presets and the default a list passes, and hides the dropdown without presets', async () => {
    const server = fakeServer();
    renderList(server.fetcher, { datumPresets: ['RADNA LISTA', 'DANAS', 'SVE'], defaultDatum: 'RADNA LISTA' });
    await shown('000001');
    expect(screen.getByRole('combobox', { name: 'Period' })).toHaveValue('RADNA LISTA');
    expect(server.last().datum).toBe('RADNA LISTA');
    cleanup();
    const plain = fakeServer();
    renderList(plain.fetcher, { datumPresets: [] });
    await shown('000001');
    expect(screen.queryByRole('combobox', { name: 'Period' })).not.toBeInTheDocument();
    expect(plain.last().datum).toBeUndefined();
  });
});

describe('ListTable filter (Pretraga)', () => {
  it('sends the filter after a 300 ms pause in typing, and goes to page 1', async () => {
    vi.useFakeTimers();
    const server = fakeServer();
    renderList(server.fetcher);
    await act(() => vi.advanceTimersByTimeAsync(10));
    fireEvent.click(screen.getByRole('button', { name: 'Stranica 2' }));
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(server.last().page).toBe('2');
    const input = screen.getByRole('textbox', { name: 'Pretraga' });
    fireEvent.change(input, { target: { value: 'm' } });
    await act(() => vi.advanceTimersByTimeAsync(100));
    fireEvent.change(input, { target: { value: 'mar' } });
    await act(() => vi.advanceTimersByTimeAsync(FILTER_DEBOUNCE_MS - 1));
    expect(server.calls.some((call) => call.has('filter'))).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(server.last()).toMatchObject({ filter: 'mar', page: '1' });
    expect(server.calls.filter((call) => call.has('filter')).map((call) => call.get('filter'))).toEqual(['mar']);
  });

  it('sends the filter at once on Enter', async () => {
    vi.useFakeTimers();
    const server = fakeServer();
    renderList(server.fetcher);
    await act(() => vi.advanceTimersByTimeAsync(10));
    const input = screen.getByRole('textbox', { name: 'Pretraga' });
    fireEvent.change(input, { target: { value: 'ana hodz' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(server.last().filter).toBe('ana hodz');
  });

  it('keeps the filter per list in the session and restores it', async () => {
    const server = fakeServer();
    const first = renderList(server.fetcher);
    await shown('000001');
    fireEvent.change(screen.getByRole('textbox', { name: 'Pretraga' }), { target: { value: 'emina' } });
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Pretraga' }), { key: 'Enter' });
    await waitFor(() => expect(server.last().filter).toBe('emina'));
    first.unmount();

    const again = fakeServer();
    renderList(again.fetcher);
    expect(screen.getByRole('textbox', { name: 'Pretraga' })).toHaveValue('emina');
    await shown('000003');
    expect(again.calls[0]?.get('filter')).toBe('emina');
    cleanup();

    const other = fakeServer();
    renderList(other.fetcher, { storageKey: 'another-list' });
    expect(screen.getByRole('textbox', { name: 'Pretraga' })).toHaveValue('');
    await shown('000001');
  });

  it('clears the filter with its clear button', async () => {
    sessionStorage.setItem(`lis.listFilter:${URL}`, 'marko');
    const server = fakeServer();
    renderList(server.fetcher);
    await shown('000002');
    fireEvent.click(screen.getByRole('button', { name: 'Obriši pretragu' }));
    await waitFor(() => expect(server.last().filter).toBeUndefined());
    expect(sessionStorage.getItem(`lis.listFilter:${URL}`)).toBeNull();
  });

  it('fills the filter with ime and prezime of a selected patient', async () => {
    const server = fakeServer();
    renderList(server.fetcher);
    await shown('000001');
    act(() => emitPatientSelected({ ime: 'ANA', prezime: 'HODZIC' }));
    expect(screen.getByRole('textbox', { name: 'Pretraga' })).toHaveValue('ANA HODZIC');
    await waitFor(() => expect(server.last().filter).toBe('ANA HODZIC'));
    await waitFor(() => expect(bodyRows().every((row) => row.textContent?.includes('ANAHODZIC'))).toBe(true));
  });

  it('takes a filter set from outside', async () => {
    const server = fakeServer();
    const { rerenderWith } = renderList(server.fetcher, { filter: 'marko' });
    expect(screen.getByRole('textbox', { name: 'Pretraga' })).toHaveValue('marko');
    await shown('000002');
    expect(server.calls[0]?.get('filter')).toBe('marko');
    rerenderWith({ filter: 'emina' });
    await waitFor(() => expect(server.last().filter).toBe('emina'));
    expect(screen.getByRole('textbox', { name: 'Pretraga' })).toHaveValue('emina');
  });
});

describe('ListTable rows', () => {
  it('names each row action and its row for screen readers', async () => {
    const server = fakeServer();
    const remove = vi.fn();
    renderList(server.fetcher, {
      actions: [
        { key: 'delete', label: 'Obriši', icon: <IconTrash size={16} />, color: 'red', onClick: remove, hidden: (row) => row.id === 2 },
        { key: 'print', label: 'Štampaj barkod', icon: <IconTrash size={16} />, onClick: () => {}, disabled: (row) => row.id === 3 },
      ],
    });
    await shown('000001');
    fireEvent.click(screen.getByRole('button', { name: 'Obriši — 000001 ANA HODZIC' }));
    expect(remove).toHaveBeenCalledWith(ROWS[0]);
    expect(screen.queryByRole('button', { name: 'Obriši — 000002 MARKO MARIC' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Štampaj barkod — 000002 MARKO MARIC' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Štampaj barkod — 000003 EMINA BEGIC' })).toBeDisabled();
    expect(screen.getByRole('columnheader', { name: 'Akcije' })).toBeInTheDocument();
  });

  it('puts the row actions in one menu per row on a narrow screen, each still named and working', async () => {
    windowOf(500);
    const server = fakeServer();
    const remove = vi.fn();
    renderList(server.fetcher, {
      actions: [
        { key: 'delete', label: 'Obriši', icon: <IconTrash size={16} />, color: 'red', onClick: remove, hidden: (row) => row.id === 2 },
        { key: 'print', label: 'Štampaj barkod', icon: <IconTrash size={16} />, onClick: () => {}, disabled: (row) => row.id === 3 },
      ],
    });
    await shown('000001');
    // No cut-off row of icons: one menu button per row, in a cell that stays in view while the table scrolls.
    expect(screen.queryByRole('button', { name: 'Obriši — 000001 ANA HODZIC' })).not.toBeInTheDocument();
    const menuButton = screen.getByRole('button', { name: 'Više akcija — 000001 ANA HODZIC' });
    expect(menuButton.closest('td')).toHaveStyle({ position: 'sticky' });

    fireEvent.click(menuButton);
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Obriši' }));
    expect(remove).toHaveBeenCalledWith(ROWS[0]);

    fireEvent.click(screen.getByRole('button', { name: 'Više akcija — 000002 MARKO MARIC' }));
    expect(await screen.findByRole('menuitem', { name: 'Štampaj barkod' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Obriši' })).not.toBeInTheDocument();
  });

  it('keeps the row actions as icons on a wide screen', async () => {
    windowOf(1280);
    const server = fakeServer();
    renderList(server.fetcher, { actions: [{ key: 'delete', label: 'Obriši', icon: <IconTrash size={16} />, onClick: () => {} }] });
    await shown('000001');
    expect(screen.getByRole('button', { name: 'Obriši — 000001 ANA HODZIC' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Više akcija/ })).not.toBeInTheDocument();
  });

  it('makes a cell a real link to its page, so it opens in a new tab too', async () => {
    const server = fakeServer();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <MantineProvider>
        <MemoryRouter>
          <QueryClientProvider client={client}>
            <ListFetcherContext value={server.fetcher}>
              <ListTable<Row>
                list={PROBE_LIST}
                columns={[{ ...COLUMNS[0]!, cellLink: { label: (row) => `Rezultati uzorka ${row.sid}`, href: (row) => `/obrada/rezultati/${row.id}` } }]}
                rowKey={(row) => row.id}
                rowLabel={(row) => row.sid}
              />
            </ListFetcherContext>
          </QueryClientProvider>
        </MemoryRouter>
      </MantineProvider>,
    );
    const link = await screen.findByRole('link', { name: 'Rezultati uzorka 000001' });
    expect(link).toHaveAttribute('href', '/obrada/rezultati/1');
    expect(link).toHaveTextContent('000001');
  });

  it('makes a cell an action named for its row', async () => {
    const server = fakeServer();
    const open = vi.fn();
    renderList(server.fetcher, {
      columns: [...COLUMNS, {
        key: 'id', header: 'Prijem', render: () => 'Prijem',
        cellAction: { label: (row) => `Prijem — ${row.sid}`, onClick: open, disabled: (row) => row.id === 2 },
      }],
    });
    await shown('000001');
    fireEvent.click(screen.getByRole('button', { name: 'Prijem — 000001' }));
    expect(open).toHaveBeenCalledWith(ROWS[0]);
    expect(screen.getByRole('button', { name: 'Prijem — 000002' })).toBeDisabled();
  });

  it('opens and closes a detail row per row', async () => {
    const server = fakeServer();
    renderList(server.fetcher, { renderDetail: (row) => <p>Detalji uzorka {row.sid}</p> });
    await shown('000001');
    const toggle = screen.getByRole('button', { name: 'Detalji — 000002 MARKO MARIC' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(toggle);
    expect(screen.getByText('Detalji uzorka 000002')).toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.queryByText('Detalji uzorka 000001')).not.toBeInTheDocument();
    fireEvent.click(toggle);
    expect(screen.queryByText('Detalji uzorka 000002')).not.toBeInTheDocument();
  });
});

describe('ListTable date range', () => {
  it('opens the date-range dialog and warns about an incomplete range', async () => {
    const server = fakeServer();
    renderList(server.fetcher);
    await shown('000001');
    fireEvent.click(screen.getByRole('button', { name: 'Opseg datuma' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unesite opseg datuma' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'POTVRDI' }));
    expect(await screen.findByText('Invalid date range.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Unesite opseg datuma' })).toBeInTheDocument();
    expect(server.calls.some((call) => call.has('dateRangeMin'))).toBe(false);
  });
});
