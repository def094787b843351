import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { createQueryClient } from '../../api/query-client.ts';
import { AppProviders } from '../../app/providers.tsx';
import { sentJson, sessionFixture } from '../../test/fixtures.ts';
import { sessionStore } from '../../lib/session-store.ts';
import { processingFetcher } from './ProcessingScreen.tsx';
import { HISTORY_LIMIT, type ScanEntry, addScan, normaliseScan, outcomeOfError, readHistory, updateScan, writeHistory } from './reception.ts';
import { ReceptionScreen } from './ReceptionScreen.tsx';
import { sampleContracts } from '@lis/domain';

type Call = { url: string; body: Record<string, unknown> };
const calls: Call[] = [];

const SHOWN = {
  success: true,
  uzorak: {
    _id: 's-1', code: '2611220005', pid: 'p-1', status: 'U OBRADI',
    patient: { _id: 'p-1', ime: 'KENAN', prezime: 'PROBIĆ', jmbg: '1106015170049', spol: 'MUŠKI', godiste: 2015 },
    tests: [{ labassay: 'crp', analit: 'CRP' }, { labassay: 'glu', analit: 'Glukoza' }],
  },
  rezultat: { rezultati: [] },
};

function route(call: Call): { status: number; body: unknown } {
  if (call.url.startsWith('/api/uzorci/prijem')) {
    if (call.body.code === '2611220005') {
      return { status: 200, body: { success: true, received: true, uzorak: { _id: 's-1', code: '2611220005', status: 'U OBRADI', pid: 'p-1' } } };
    }
    return { status: 404, body: { success: false, code: 'notFound', message: 'Zapis nije pronađen.' } };
  }
  if (call.url.startsWith('/api/uzorci/show/s-1')) return { status: 200, body: SHOWN };
  if (call.url.startsWith('/api/uzorci/list')) return { status: 200, body: { success: true, data: [], pagination: { total: 0 } } };
  return { status: 404, body: { success: false, code: 'notFound', message: 'Zapis nije pronađen.' } };
}

beforeEach(() => {
  calls.length = 0;
  sessionStorage.clear();
  vi.stubGlobal('fetch', vi.fn((url: string, init?: RequestInit) => {
    const call = { url, body: sentJson(init) };
    calls.push(call);
    const reply = route(call);
    return Promise.resolve(new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'Content-Type': 'application/json' } }));
  }));
});

afterEach(() => {
  cleanup();
  sessionStore.clear();
  vi.unstubAllGlobals();
});

function renderReception() {
  sessionStore.start(sessionFixture());
  const router = createMemoryRouter([{ path: '/barcode', element: <ReceptionScreen /> }], { initialEntries: ['/barcode'] });
  render(
    <AppProviders queryClient={createQueryClient()} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

describe('ReceptionScreen', () => {
  it('receives what a scanner types with Enter, empties the field, keeps the focus and lists every scan', async () => {
    const user = userEvent.setup();
    renderReception();
    const field = screen.getByRole('textbox', { name: 'Bar-kod uzorka' });
    await waitFor(() => expect(field).toHaveFocus());

    await user.keyboard('2611220005{Enter}');
    expect(field).toHaveValue('');
    const result = await screen.findByTestId('scan-result');
    await waitFor(() => expect(result).toHaveTextContent('Uzorak zaprimljen u obradu.'));
    await waitFor(() => expect(result).toHaveTextContent('PROBIĆ KENAN'));
    expect(within(result).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['CRP', 'Glukoza']);
    expect(calls.find((call) => call.url.startsWith('/api/uzorci/prijem'))?.body).toMatchObject({ code: '2611220005', site: 'site-sa' });

    // Two tubes in a row: both are sent, one after the other.
    await user.keyboard('9912310001{Enter}9912310002{Enter}');
    await waitFor(() => expect(result).toHaveTextContent('Uzorak s kodom 9912310002 nije pronađen na ovom sajtu'));
    expect(calls.filter((call) => call.url.startsWith('/api/uzorci/prijem')).map((call) => call.body.code))
      .toEqual(['2611220005', '9912310001', '9912310002']);
    expect(field).toHaveFocus();
    const rows = within(screen.getByRole('table', { name: 'Skenirano u ovoj sesiji' })).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(rows[3]).toHaveTextContent('Primljen u obradu');
    // The history survives leaving the screen (this browser session, this site).
    expect(readHistory('site-sa').map((entry) => entry.code)).toEqual(['9912310002', '9912310001', '2611220005']);
  });
});

describe('scan history', () => {
  const entry = (code: string, outcome: ScanEntry['outcome'] = 'received'): ScanEntry => ({ key: code, code, at: '2026-11-22T08:00:00Z', outcome });

  it('keeps the newest scans first, at most the limit', () => {
    let history: ScanEntry[] = [];
    for (let index = 0; index < HISTORY_LIMIT + 5; index += 1) history = addScan(history, entry(String(index)));
    expect(history).toHaveLength(HISTORY_LIMIT);
    expect(history[0]?.code).toBe(String(HISTORY_LIMIT + 4));
    expect(updateScan(history, '60', { outcome: 'already' })[0]?.outcome).toBe('received');
    expect(updateScan(history, String(HISTORY_LIMIT + 4), { outcome: 'already' })[0]?.outcome).toBe('already');
  });

  it('is stored per site, and a scan whose answer never came reads as failed', () => {
    writeHistory('site-a', [entry('1', 'pending'), entry('2')]);
    expect(readHistory('site-a').map((item) => item.outcome)).toEqual(['failed', 'received']);
    expect(readHistory('site-b')).toEqual([]);
    writeHistory('site-a', []);
    expect(readHistory('site-a')).toEqual([]);
  });

  it('reads a 404 as not found (unknown or another site) and anything else as a failure', () => {
    expect(outcomeOfError(new ApiError(404, 'Zapis nije pronađen.', 'notFound')).outcome).toBe('notFound');
    expect(outcomeOfError(new ApiError(0, 'Server nije dostupan.', 'network'))).toEqual({ outcome: 'failed', message: 'Server nije dostupan.' });
  });

  it('drops the spaces and line ends a scanner may add', () => {
    expect(normaliseScan(' 2611220005\r\n')).toBe('2611220005');
  });
});

describe('samples in processing', () => {
  it('sends the status filter as a repeated parameter, the list query as it is', async () => {
    sessionStore.start(sessionFixture());
    await processingFetcher(sampleContracts.list, new URLSearchParams('status=ZAPRIMLJEN,U OBRADI&page=2&sort=created_at|desc'));
    const url = new URL(calls.at(-1)!.url, 'http://localhost');
    expect(url.pathname).toBe('/api/uzorci/list');
    expect(url.searchParams.getAll('status')).toEqual(['ZAPRIMLJEN', 'U OBRADI']);
    expect(url.searchParams.get('page')).toBe('2');
    expect(url.searchParams.get('sort')).toBe('created_at|desc');
  });
});
