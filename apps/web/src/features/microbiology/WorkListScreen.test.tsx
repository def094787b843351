import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type MicroWorkListRow, paginate } from '@lis/domain';
import { sessionStore } from '../../lib/session-store.ts';
import { sessionFixture, sidebarItem } from '../../test/fixtures.ts';
import { fakeScreen, renderApp } from '../../test/render-app.tsx';
import { WorkListScreen } from './WorkListScreen.tsx';

vi.mock('socket.io-client', () => ({
  io: vi.fn(() => ({ on() { return this; }, off() { return this; }, emit() { return this; }, removeAllListeners() { return this; }, disconnect() { return this; } })),
}));

const NOW = new Date().toISOString();
const ROWS: MicroWorkListRow[] = [
  {
    _id: 't-1', sid: 's-1', pid: 'p-1', code: '2603100011', status: 'U OBRADI', hitan: false, created_at: NOW, ime: 'VESNA', prezime: 'KULTURIĆ',
    sifra: 'UKUL', naziv: 'Urinokultura', naziv_en: 'Urine culture', naziv_de: 'Urinkultur', materijal: 'Urin, srednji mlaz', rast: true, izolati: ['Escherichia coli'], faza: 'antibiogram',
  },
  {
    _id: 't-2', sid: 's-2', pid: 'p-2', code: '2603100012', status: 'ZAPRIMLJEN', hitan: false, created_at: NOW, ime: 'EDO', prezime: 'BRISIĆ',
    sifra: 'UKUL', naziv: 'Urinokultura', naziv_en: 'Urine culture', naziv_de: 'Urinkultur', materijal: 'Urin', rast: null, izolati: [], faza: 'postavljena',
  },
];
let urls: URL[] = [];

beforeEach(() => {
  urls = [];
  vi.stubGlobal('fetch', vi.fn((url: string) => {
    urls.push(new URL(url, 'http://test'));
    const answer = url.startsWith('/api/mikrobiologija/list')
      ? { success: true, data: ROWS, pagination: paginate(ROWS.length, 1, 10, '/api/mikrobiologija/list') }
      : { success: true };
    return Promise.resolve(new Response(JSON.stringify(answer), { status: 200, headers: { 'Content-Type': 'application/json' } }));
  }));
});
afterEach(() => {
  cleanup();
  sessionStore.clear();
  vi.unstubAllGlobals();
});

const SESSION = sessionFixture({
  access: { level: 0, role: 'specialist', permissions: ['samples.read', 'reports.read', 'results.enter'] },
  sidebar: [sidebarItem('/mikrobiologija', 'menu.mikrobiologija', { default: true })],
});

describe('/mikrobiologija', () => {
  it("opens on today's cultures with their stage and organisms; filters go to the call; a row opens its culture", { timeout: 60_000 }, async () => {
    const { router } = renderApp({
      path: '/mikrobiologija', session: SESSION,
      screens: [
        { path: '/mikrobiologija', permission: 'samples.read', screen: () => Promise.resolve(WorkListScreen) },
        fakeScreen('/mikrobiologija/kultura/:id', 'Ekran kulture'),
      ],
    });
    // The shell and the lazily loaded screen take a while on a busy machine.
    const table = await screen.findByRole('table', { name: 'Kulture u periodu' }, { timeout: 20_000 });
    await within(table).findByText('2603100011', undefined, { timeout: 20_000 });
    const first = within(table).getByText('2603100011').closest('tr')!;
    expect(first).toHaveTextContent('Antibiogram urađen');
    expect(first).toHaveTextContent('Escherichia coli');
    expect(within(table).getByText('2603100012').closest('tr')).toHaveTextContent('Postavljena');
    const lists = () => urls.filter((url) => url.pathname === '/api/mikrobiologija/list');
    expect(lists()[0]?.searchParams.get('datum')).toBe('DANAS');

    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Faza' }));
    await user.click(await screen.findByRole('option', { name: 'Izolati identifikovani' }));
    await waitFor(() => expect(lists().at(-1)?.searchParams.get('faza')).toBe('izolati'));
    await user.type(screen.getByRole('textbox', { name: 'Materijal' }), 'Bris');
    await waitFor(() => expect(lists().at(-1)?.searchParams.get('materijal')).toBe('Bris'));

    await user.click(screen.getByRole('link', { name: 'Kultura uzorka 2603100011' }));
    await screen.findByText('Ekran kulture');
    expect(router.state.location.pathname).toBe('/mikrobiologija/kultura/s-1');
  });
});
