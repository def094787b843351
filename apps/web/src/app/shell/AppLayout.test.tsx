import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '@testing-library/jest-dom/vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sessionStore } from '../../lib/session-store.ts';
import { notificationStore } from '../../features/realtime/notification-lists.ts';
import { i18n } from '../../i18n/index.ts';
import { SITE_SA, SITE_TZ, sentJson, sessionFixture, sidebarItem } from '../../test/fixtures.ts';
import { fakeScreen, renderApp } from '../../test/render-app.tsx';

const socket = vi.hoisted(() => {
  type Listener = (payload: unknown) => void;
  const listeners = new Map<string, Listener[]>();
  /** `handlers.get(event)` delivers the event to every listener of it, as the server sending it would. */
  const handlers = {
    get: (event: string): Listener | undefined => (listeners.has(event)
      ? (payload) => { for (const listener of listeners.get(event) ?? []) listener(payload); } : undefined),
  };
  const auth: unknown = {};
  return {
    handlers,
    auth,
    emitted: [] as unknown[][],
    on(event: string, handler: Listener) { listeners.set(event, [...(listeners.get(event) ?? []), handler]); return this; },
    off(event: string, handler: Listener) { listeners.set(event, (listeners.get(event) ?? []).filter((listener) => listener !== handler)); return this; },
    emit(...args: unknown[]) { this.emitted.push(args); return this; },
    removeAllListeners() { listeners.clear(); return this; },
    disconnect() { return this; },
  };
});
vi.mock('socket.io-client', () => ({ io: vi.fn((options: { auth: unknown }) => { socket.auth = options.auth; return socket; }) }));

type Handler = (url: string, body: Record<string, unknown>) => { status: number; body: unknown } | undefined;
let serverHandler: Handler = () => undefined;
const calls: { url: string; body: Record<string, unknown> }[] = [];

beforeEach(() => {
  calls.length = 0;
  socket.emitted.length = 0;
  serverHandler = () => undefined;
  vi.stubGlobal('fetch', vi.fn((input: string, init?: RequestInit) => {
    const body = sentJson(init);
    calls.push({ url: input, body });
    const answer = serverHandler(input, body) ?? { status: 200, body: { success: true } };
    return Promise.resolve(new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'Content-Type': 'application/json' } }));
  }));
});
afterEach(() => {
  cleanup();
  sessionStore.clear();
  notificationStore.clear();
  vi.unstubAllGlobals();
  void i18n.changeLanguage('bs');
});

const SCREENS = [
  fakeScreen('/prijem', 'Ekran prijema'),
  fakeScreen('/barcode', 'Ekran barkoda'),
  fakeScreen('/samples/:patientId', 'Ekran uzoraka'),
];

function navLinks(): string[] {
  const nav = screen.queryByRole('navigation', { name: 'Glavni meni' });
  return nav ? within(nav).queryAllByRole('link').map((link) => link.textContent ?? '') : [];
}

describe('the shell', () => {
  it('lists only visible sidebar items whose screen is registered, and lands on the default', async () => {
    const { router } = renderApp({ session: sessionFixture(), screens: SCREENS });
    expect(await screen.findByText('Ekran prijema')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/prijem');
    expect(navLinks()).toEqual(['Prijem']);
    expect(within(screen.getByRole('navigation')).getByRole('link', { name: 'Prijem' })).toHaveAttribute('aria-current', 'page');
  });

  it('with no screen registered shows the welcome card and no menu', async () => {
    renderApp({ session: sessionFixture() });
    expect(await screen.findByRole('heading', { name: 'Dobro došli, Amra Administrator' })).toBeInTheDocument();
    expect(screen.getByText('Sarajevo (SA)')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Glavni meni' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Zatvori meni' })).not.toBeInTheDocument();
  });

  it('sends unknown paths to the default item', async () => {
    const { router } = renderApp({ session: sessionFixture(), screens: SCREENS, path: '/ne/postoji' });
    expect(await screen.findByText('Ekran prijema')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/prijem');
  });

  it('sends a user without the screen\'s permission to the default', async () => {
    const screens = [...SCREENS, fakeScreen('/postavke', 'Ekran postavki', { permission: 'settings.write' })];
    const { router } = renderApp({ session: sessionFixture(), screens, path: '/postavke' });
    expect(await screen.findByText('Ekran prijema')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/prijem');
  });

  it('draws danger items in the danger colour and expands the group of the current route', async () => {
    const session = sessionFixture({
      sidebar: [
        sidebarItem('/prijem', 'menu.prijem', { default: true }),
        sidebarItem('/protokol', 'menu.protokol', { danger: true, note: true, icon: 'alert-triangle' }),
        sidebarItem('/inventar', 'menu.inventar', { icon: 'box' }),
        sidebarItem('/inventar/stanje', 'menu.inventar', { parent: '/inventar' }),
      ],
    });
    const screens = [...SCREENS, fakeScreen('/protokol', 'Provjera'), fakeScreen('/inventar/stanje', 'Stanje')];
    const { router } = renderApp({ session, screens, path: '/inventar/stanje' });
    expect(await screen.findByText('Stanje')).toBeInTheDocument();
    const danger = screen.getByRole('link', { name: 'Provjera nalaza' });
    expect(danger.getAttribute('style')).toContain('--mantine-color-red-9');
    const group = screen.getByRole('button', { name: 'Inventar' });
    expect(group).toHaveAttribute('aria-expanded', 'true');

    await act(() => router.navigate('/prijem'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Inventar' })).toHaveAttribute('aria-expanded', 'false'));
  });

  it('switches the site by the spec\'s rule, remembers it and moves the socket to the new room', async () => {
    const user = userEvent.setup();
    const { router } = renderApp({ session: sessionFixture(), screens: SCREENS, path: '/samples/42' });
    expect(await screen.findByText('Ekran uzoraka')).toBeInTheDocument();
    expect(socket.auth).toEqual({ token: 'token-abc', site: SITE_SA.id });

    await user.click(screen.getByRole('combobox', { name: 'Sajt' }));
    await user.click(await screen.findByRole('option', { name: 'Tuzla' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/prijem/'));
    expect(router.state.location.search).toBe(`?site=${SITE_TZ.id}`);
    expect(sessionStore.siteId()).toBe(SITE_TZ.id);
    expect(socket.emitted).toContainEqual(['site', SITE_TZ.id]);
    expect(socket.auth).toEqual({ token: 'token-abc', site: SITE_TZ.id });
    expect(await screen.findByText('Ekran prijema')).toBeInTheDocument();
  });

  it('offers no site selector to a user with one site', async () => {
    renderApp({ session: sessionFixture({ sites: [SITE_SA] }) });
    expect(await screen.findByText('Sarajevo', { selector: '.mantine-Badge-label' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Sajt' })).not.toBeInTheDocument();
  });

  it('collects result events of the current site in the bell, and dismisses them', async () => {
    const user = userEvent.setup();
    renderApp({ session: sessionFixture() });
    await screen.findByRole('heading', { name: /Dobro došli/ });

    await user.click(screen.getByRole('button', { name: 'Obavještenja (0)' }));
    expect(await screen.findAllByText('Nema novih obavještenja.')).toHaveLength(2);

    act(() => {
      socket.handlers.get('result:approved')?.({ id: 'S-9', info: 'Kalij 6.8 mmol/L', site: SITE_SA.id });
      socket.handlers.get('result:completed')?.({ id: 'S-10', info: 'Svi rezultati', site: SITE_SA.id });
      socket.handlers.get('result:completed')?.({ id: 'S-11', info: 'Drugi sajt', site: SITE_TZ.id });
      socket.handlers.get('result:completed')?.({ id: 'S-12', site: SITE_SA.id });
    });
    const alarms = screen.getByRole('region', { name: 'Alarmi' });
    const messages = screen.getByRole('region', { name: 'Poruke' });
    // An entry reads as its info (the sample's code and patient); the bare id only when no info came.
    expect(within(alarms).getByText('Kalij 6.8 mmol/L')).toBeInTheDocument();
    expect(within(messages).getByText('Svi rezultati')).toBeInTheDocument();
    expect(within(messages).getByText('Uzorak S-12')).toBeInTheDocument();
    expect(screen.queryByText('Drugi sajt')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Obavještenja (3)' })).toBeInTheDocument();

    await user.click(within(alarms).getByRole('button', { name: 'Ukloni obavještenje: Kalij 6.8 mmol/L' }));
    expect(within(alarms).getByText('Nema novih obavještenja.')).toBeInTheDocument();
    expect(within(messages).getByText('Svi rezultati')).toBeInTheDocument();
  });

  it('follows a change of the menu and report flags while signed in: on the server\'s event and on every socket connect', async () => {
    const withPatients = [sidebarItem('/prijem', 'menu.prijem', { default: true }), sidebarItem('/barcode', 'menu.barcode')];
    let served = withPatients.map((item) => (item.path === '/barcode' ? { ...item, visible: false } : item));
    serverHandler = (url) => (url.startsWith('/api/sesija/izbornik')
      ? { status: 200, body: { success: true, default_route: '/prijem', reports: { protokol: false }, sidebar: served } }
      : undefined);
    renderApp({ session: sessionFixture({ sidebar: withPatients, reports: { protokol: true } }), screens: SCREENS });
    expect(await screen.findByText('Ekran prijema')).toBeInTheDocument();
    expect(navLinks()).toEqual(['Prijem', 'Prijem uzorka']);

    act(() => socket.handlers.get('session:menu')?.({}));
    await waitFor(() => expect(navLinks()).toEqual(['Prijem']));
    expect(calls.filter((call) => call.url.startsWith('/api/sesija/izbornik'))).toHaveLength(1);
    const stored = sessionStore.get();
    expect(stored.status !== 'anonymous' && stored.data.reports).toEqual({ protokol: false });
    expect(JSON.parse(localStorage.getItem('lis.session') ?? '{}')).toMatchObject({ data: { reports: { protokol: false } } });

    // A reconnect reads the menu again: a change made while the socket was down is not missed.
    served = withPatients;
    act(() => socket.handlers.get('connect')?.({}));
    await waitFor(() => expect(navLinks()).toEqual(['Prijem', 'Prijem uzorka']));
  });

  it('lists refrigerator alarms already open when the page loads in the bell, and takes them off when acknowledged', async () => {
    const user = userEvent.setup();
    const alarm = (id: string, naziv: string, vrsta: 'opseg' | 'tisina', vrijednost: number | null) => ({
      _id: id, frizider: `F-${id}`, naziv, vrsta, pocetak: '2026-11-24T03:00:00.000Z', podignut: '2026-11-24T03:10:00.000Z', vrijednost,
      zavrsen: null, potvrden: null, potvrdio: null, napomena: null,
    });
    let open = [alarm('A-2', 'Frižider reagensi', 'tisina', null), alarm('A-1', 'Frižider 1', 'opseg', 9.4)];
    serverHandler = (url) => (url.startsWith('/api/loger/alarmi/otvoreni') ? { status: 200, body: { success: true, alarmi: open } } : undefined);
    const session = sessionFixture();
    renderApp({ session: { ...session, access: { ...session.access, permissions: [...session.access.permissions, 'logger.read'] } } });
    await screen.findByRole('heading', { name: /Dobro došli/ });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Obavještenja (2)' })).toBeInTheDocument());
    expect(calls.find((call) => call.url.startsWith('/api/loger/alarmi/otvoreni'))?.url).toContain(`site=${SITE_SA.id}`);

    await user.click(screen.getByRole('button', { name: 'Obavještenja (2)' }));
    const alarms = screen.getByRole('region', { name: 'Alarmi' });
    expect(within(alarms).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Frižider reagensi: bez očitanja', 'Frižider 1: van opsega (9,4 °C)',
    ]);
    act(() => socket.handlers.get('logger:alarm-acknowledged')?.({ id: 'A-2', frizider: 'F-A-2', site: SITE_SA.id }));
    expect(within(alarms).queryByText('Frižider reagensi: bez očitanja')).not.toBeInTheDocument();

    // Cleared while the socket was down: the reconnect reads the list again and the bell follows it.
    open = [];
    act(() => socket.handlers.get('connect')?.({}));
    await waitFor(() => expect(within(alarms).getByText('Nema novih obavještenja.')).toBeInTheDocument());
  });

  it("lists a rejected control run in the bell with the assay, the rules and the analyser, keyed by the run", async () => {
    const user = userEvent.setup();
    renderApp({ session: sessionFixture() });
    await screen.findByRole('heading', { name: /Dobro došli/ });
    const rejected = { labassay: 'L-1', naziv: 'Glukoza', serija: 'R-1', control: 'Lyphochek', lot: 'L-9', analyser: 'Cobas c311', pravila: ['2-2s'] };
    act(() => socket.handlers.get('qc:rejected')?.({ ...rejected, site: SITE_SA.id }));
    act(() => socket.handlers.get('qc:rejected')?.({ ...rejected, serija: 'R-2', analyser: null, pravila: ['1-3s'], site: SITE_SA.id }));
    // Another site's run is not this user's concern here.
    act(() => socket.handlers.get('qc:rejected')?.({ ...rejected, serija: 'R-3', site: 'site-elsewhere' }));
    await user.click(await screen.findByRole('button', { name: 'Obavještenja (2)' }));
    expect(within(screen.getByRole('region', { name: 'Alarmi' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Kontrola odbijena: Glukoza (1-3s, ručni unos), rezultati su blokirani',
      'Kontrola odbijena: Glukoza (2-2s, Cobas c311), rezultati su blokirani',
    ]);
  });

  it('asks for refrigerator alarms only when the session may read the logger', async () => {
    renderApp({ session: sessionFixture() });
    await screen.findByRole('heading', { name: /Dobro došli/ });
    act(() => socket.handlers.get('connect')?.({}));
    expect(calls.some((call) => call.url.startsWith('/api/loger/'))).toBe(false);
  });

  it('speaks the session language', async () => {
    const user = userEvent.setup();
    renderApp({ session: sessionFixture({ language: 'en' }) });
    expect(await screen.findByRole('heading', { name: 'Welcome, Amra Administrator' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /User menu/ }));
    expect(await screen.findByRole('menuitem', { name: 'Change password' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Log out' })).toBeInTheDocument();
  });

  it('logs out from the avatar menu: the server is told, the stored values go, the login page shows', async () => {
    const user = userEvent.setup();
    const { router } = renderApp({ session: sessionFixture() });
    await user.click(await screen.findByRole('button', { name: /Korisnički meni/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Odjava' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(calls.find((call) => call.url === '/api/logout/users')?.body).toMatchObject({
      type: 'manual', user: 'admin@demo.lab', site: SITE_SA.id, idleTime: 28_800,
    });
    expect(localStorage.getItem('lis.token')).toBeNull();
    expect(await screen.findByRole('heading', { name: 'Prijava' })).toBeInTheDocument();
  });

  it('keeps the shell when a screen fails to render', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const broken = { path: '/prijem', screen: () => Promise.resolve(() => { throw new Error('boom'); }) };
    renderApp({ session: sessionFixture(), screens: [broken] });
    expect(await screen.findByText('Ekran se nije mogao prikazati.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Korisnički meni/ })).toBeInTheDocument();
  });
});

describe('the guard', () => {
  /** A fresh app as after a browser restart: the session is read back from localStorage. */
  async function reopenWithStoredSession(path: string) {
    const data = sessionFixture();
    localStorage.setItem('lis.token', data.idToken);
    localStorage.setItem('lis.session', JSON.stringify({ data, siteId: SITE_TZ.id }));
    vi.resetModules();
    const fresh = await import('../../test/render-app.tsx');
    const store = await import('../../lib/session-store.ts');
    expect(store.sessionStore.get().status).toBe('restoring');
    return fresh.renderApp({ path, screens: SCREENS, keepSession: true });
  }

  it('auto-login: a stored token is confirmed with the profile call, then the shell opens', async () => {
    serverHandler = (url) => (url === '/api/users/admin'
      ? { status: 200, body: { success: true, user: { postavke: { language: 'en' }, sites: [SITE_SA.id, SITE_TZ.id] } } }
      : undefined);
    const { router } = await reopenWithStoredSession('/prijem');
    expect(await screen.findByText('Ekran prijema')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/prijem');
    expect(calls.find((call) => call.url === '/api/users/admin')?.body).toEqual({ site: SITE_TZ.id, email: 'admin@demo.lab' });
    expect(screen.getByRole('combobox', { name: 'Site' })).toHaveValue('Tuzla');
  });

  it('auto-login: a refused token goes to the login page and is forgotten', async () => {
    serverHandler = (url) => (url === '/api/users/admin'
      ? { status: 401, body: { success: false, message: 'Niste autorizirani', code: 'auth.unauthorized' } }
      : undefined);
    const { router } = await reopenWithStoredSession('/prijem');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(localStorage.getItem('lis.token')).toBeNull();
    expect(screen.queryByText('Ekran prijema')).not.toBeInTheDocument();
  });

  it('with nothing stored, goes to the login page', async () => {
    const { router } = renderApp({ path: '/prijem', screens: SCREENS });
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(calls).toEqual([]);
  });
});
