import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { paginate } from '@lis/domain';
import { sessionStore } from '../../lib/session-store.ts';
import { sessionFixture, sidebarItem } from '../../test/fixtures.ts';
import { fakeScreen, renderApp } from '../../test/render-app.tsx';
import type { ScreenRoute } from '../../app/routes.tsx';
import { ProcessingScreen } from './ProcessingScreen.tsx';

// Microbiology mode opens the processing list on Mikrobiologija; the sidebar's 'Provjera nalaza' (note flag)
// carries the count of samples waiting for a check.

vi.mock('socket.io-client', () => ({
  io: vi.fn(() => ({ on() { return this; }, off() { return this; }, emit() { return this; }, removeAllListeners() { return this; }, disconnect() { return this; } })),
}));

let urls: URL[] = [];
let waiting = 7;

beforeEach(() => {
  urls = [];
  sessionStorage.clear();
  vi.stubGlobal('fetch', vi.fn((url: string) => {
    urls.push(new URL(url, 'http://test'));
    let answer: unknown = { success: true };
    if (url.startsWith('/api/obrada/list')) answer = { success: true, data: [], pagination: paginate(0, 1, 10, '/api/obrada/list') };
    if (url.startsWith('/api/protokol/count')) answer = { success: true, count: waiting };
    return Promise.resolve(new Response(JSON.stringify(answer), { status: 200, headers: { 'Content-Type': 'application/json' } }));
  }));
});
afterEach(() => {
  cleanup();
  sessionStore.clear();
  vi.unstubAllGlobals();
});

const SCREENS: ScreenRoute[] = [
  { path: '/obrada/pregled', permission: 'samples.read', screen: () => Promise.resolve(ProcessingScreen) },
  // The sidebar shows an item only when its screen exists.
  fakeScreen('/protokol', 'Provjera nalaza'),
];
const sidebar = [sidebarItem('/obrada/pregled', 'menu.obrada', { default: true }), sidebarItem('/protokol', 'menu.protokol', { danger: true, note: true })];
const access = { level: 0, role: 'technician' as const, permissions: ['samples.read' as const, 'results.enter' as const] };
const firstListDatum = async () => {
  await waitFor(() => expect(urls.some((url) => url.pathname === '/api/obrada/list')).toBe(true));
  return urls.find((url) => url.pathname === '/api/obrada/list')!.searchParams.get('datum');
};

describe('microbiology mode', () => {
  it('opens /obrada/pregled on Mikrobiologija for a user in microbiology mode', async () => {
    renderApp({ path: '/obrada/pregled', screens: SCREENS, session: sessionFixture({ access, sidebar, mikrobiologija: true }) });
    expect(await firstListDatum()).toBe('Mikrobiologija');
    expect(await screen.findByRole('combobox', { name: 'Period' })).toHaveValue('Mikrobiologija');
  });

  it('opens it on RADNA LISTA otherwise', async () => {
    renderApp({ path: '/obrada/pregled', screens: SCREENS, session: sessionFixture({ access, sidebar }) });
    expect(await firstListDatum()).toBe('RADNA LISTA');
  });
});

describe("the 'Provjera nalaza' badge", () => {
  it('shows the count of samples waiting for a check, and nothing when none wait', async () => {
    waiting = 7;
    renderApp({ path: '/obrada/pregled', screens: SCREENS, session: sessionFixture({ access, sidebar }) });
    const badge = await screen.findByTestId('note-badge');
    expect(badge).toHaveTextContent('7');
    expect(badge).toHaveAttribute('aria-label', 'Čeka provjeru: 7');
    cleanup();
    waiting = 0;
    renderApp({ path: '/obrada/pregled', screens: SCREENS, session: sessionFixture({ access, sidebar }) });
    await waitFor(() => expect(urls.filter((url) => url.pathname === '/api/protokol/count').length).toBeGreaterThan(1));
    expect(screen.queryByTestId('note-badge')).toBeNull();
  });
});
