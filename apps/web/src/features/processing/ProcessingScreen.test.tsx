import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '@testing-library/jest-dom/vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { paginate, type ProcessingListRow, type SampleStatus } from '@lis/domain';
import { sessionStore } from '../../lib/session-store.ts';
import { SITE_SA, SITE_TZ, sentJson, sessionFixture, sidebarItem } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import type { ScreenRoute } from '../../app/routes.tsx';
import { ProcessingScreen } from './ProcessingScreen.tsx';
import { ProtocolScreen } from './ProtocolScreen.tsx';

/** The shell's socket, with every handler kept (the shell and the screen both listen to result events). */
const socket = vi.hoisted(() => {
  const handlers = new Map<string, Set<(payload: unknown) => void>>();
  return {
    handlers,
    on(event: string, handler: (payload: unknown) => void) {
      if (!handlers.has(event)) handlers.set(event, new Set());
      handlers.get(event)!.add(handler);
      return this;
    },
    off(event: string, handler: (payload: unknown) => void) { handlers.get(event)?.delete(handler); return this; },
    emit() { return this; },
    removeAllListeners() { handlers.clear(); return this; },
    disconnect() { return this; },
    deliver(event: string, payload: unknown) { for (const handler of handlers.get(event) ?? []) handler(payload); },
  };
});
vi.mock('socket.io-client', () => ({ io: vi.fn(() => socket) }));

const NOW = new Date().toISOString();

function row(status: SampleStatus, overrides: Partial<ProcessingListRow> = {}): ProcessingListRow {
  const code = { ZAPRIMLJEN: '2601010001', 'U OBRADI': '2601010002', REALIZOVAN: '2601010003', ODOBREN: '2601010004', VERIFICIRAN: '2601010005' }[status];
  return {
    _id: `s-${code}`, code, pacijentRBr: Number(code.slice(-4)), status, hitan: false, tip: 'Standard', type: 'Serum', datum: NOW,
    lokacija: '', doktor: '', komentar: '', pdf_exists: false, created_at: NOW, updated_at: NOW, pid: `p-${code}`,
    ime: 'LEJLA', prezime: 'DEMIĆ', jmbg: '1503978175002', godiste: 1978, testova: 4, ukupno: '12.00',
    rezultata: 0, kriticni: false, abnormalni: 0, verified_once: false, ...overrides,
  };
}

const EVERY_STATUS: SampleStatus[] = ['ZAPRIMLJEN', 'U OBRADI', 'REALIZOVAN', 'ODOBREN', 'VERIFICIRAN'];

let rows: ProcessingListRow[] = [];
const calls: { url: string; body: Record<string, unknown> }[] = [];

beforeEach(() => {
  calls.length = 0;
  sessionStorage.clear();
  rows = EVERY_STATUS.map((status) => row(status));
  vi.stubGlobal('fetch', vi.fn((url: string, init?: RequestInit) => {
    const body = sentJson(init);
    calls.push({ url, body });
    let answer: unknown = { success: true };
    if (url.startsWith('/api/obrada/list') || url.startsWith('/api/protokol/list')) {
      answer = { success: true, data: rows, pagination: paginate(rows.length, 1, 10, '/api/obrada/list') };
    }
    if (url.startsWith('/api/uzorci/delete')) {
      rows = rows.filter((candidate) => candidate._id !== body.id);
      answer = { success: true, message: 'Zapis uspješno obrisan!', code: 'delete.ok' };
    }
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
  { path: '/protokol', permission: 'samples.read', screen: () => Promise.resolve(ProtocolScreen) },
  { path: '/obrada/rezultati/:patient/:id', screen: () => Promise.resolve(() => <p>Ekran rezultata</p>) },
];

const ADMIN = sessionFixture({
  access: { level: 0, role: 'admin', permissions: ['patients.read', 'patients.write', 'samples.read', 'samples.write', 'results.enter', 'results.approve', 'results.verify'] },
  sidebar: [sidebarItem('/obrada/pregled', 'menu.obrada', { default: true }), sidebarItem('/protokol', 'menu.protokol', { danger: true, note: true })],
});
const TECHNICIAN = sessionFixture({
  email: 'tehnicar@demo.lab',
  access: { level: 0, role: 'technician', permissions: ['patients.read', 'patients.write', 'samples.read', 'samples.write', 'results.enter', 'results.approve'] },
  sidebar: ADMIN.sidebar,
});
const VIEWER = sessionFixture({
  email: 'pregled@demo.lab',
  access: { level: 1, role: 'viewer', permissions: ['patients.read', 'samples.read', 'reports.read'] },
  sidebar: ADMIN.sidebar,
});

const listCalls = (path: string) => calls.filter((call) => call.url.startsWith(`/api${path}`)).map((call) => new URL(call.url, 'http://test').searchParams);

async function openList(path = '/obrada/pregled', session = ADMIN) {
  const view = renderApp({ path, screens: SCREENS, session });
  // The screen loads lazily, then its list: more than the default second when the machine is busy.
  await screen.findByText(rows[0]!.code, undefined, { timeout: 5000 });
  return view;
}

/** The row of the table whose code is this. */
function rowOf(code: string): HTMLElement {
  return screen.getByText(code).closest('tr')!;
}

function actionNames(code: string): string[] {
  return within(rowOf(code)).queryAllByRole('button').map((button) => button.getAttribute('aria-label') ?? '').map((label) => label.split(' — ')[0]!);
}

describe('/obrada/pregled', () => {
  it('opens on RADNA LISTA with the worklist presets before the days, and with an empty Pretraga', async () => {
    sessionStorage.setItem('lis.listFilter:obrada', 'STARI FILTER');
    await openList();
    const [first] = listCalls('/obrada/list');
    expect(first?.get('datum')).toBe('RADNA LISTA');
    expect(first?.get('filter') ?? '').toBe('');
    const preset = screen.getByRole('combobox', { name: 'Period' });
    expect(preset).toHaveValue('RADNA LISTA');
    expect(within(preset).getAllByRole('option').map((option) => option.textContent))
      .toEqual(['RADNA LISTA', 'Mikrobiologija', 'DANAS', 'JUČER', 'SEDMICA', 'MJESEC', 'SVE']);
    expect(screen.getByRole('textbox', { name: 'Pretraga' })).toHaveValue('');

    await userEvent.setup().selectOptions(preset, 'Mikrobiologija');
    await waitFor(() => expect(listCalls('/obrada/list').at(-1)?.get('datum')).toBe('Mikrobiologija'), { timeout: 3000 });
  });

  it('offers each row action only in the states that allow it', async () => {
    await openList();
    expect(actionNames('2601010001')).toEqual(expect.arrayContaining(['Unos rezultata', 'Ispis naljepnice', 'Obriši uzorak']));
    for (const code of ['2601010002', '2601010003']) {
      expect(actionNames(code), code).toEqual(expect.arrayContaining(['Unos rezultata', 'Ispis naljepnice']));
      expect(actionNames(code), code).not.toContain('Obriši uzorak');
    }
    for (const code of ['2601010004', '2601010005']) {
      expect(actionNames(code), code).not.toContain('Unos rezultata');
      expect(actionNames(code), code).not.toContain('Ispis naljepnice');
      expect(actionNames(code), code).not.toContain('Obriši uzorak');
      // An approved sample's star is shown, never changed.
      expect(within(rowOf(code)).queryByRole('button', { name: /hitno/i })).toBeNull();
    }
    expect(within(rowOf('2601010001')).getByRole('button', { name: /hitno/i })).toBeInTheDocument();

    // Approve while not approved (disabled until every result is in), undo and verify while ODOBREN, unlock while VERIFICIRAN.
    const statusActions = (code: string) => actionNames(code).filter((name) => ['Odobri', 'Nisu uneseni svi rezultati', 'Poništi odobrenje', 'Verifikuj', 'Otključaj'].includes(name));
    expect(statusActions('2601010001')).toEqual(['Nisu uneseni svi rezultati']);
    expect(statusActions('2601010002')).toEqual(['Nisu uneseni svi rezultati']);
    expect(statusActions('2601010003')).toEqual(['Odobri']);
    expect(statusActions('2601010004')).toEqual(['Poništi odobrenje', 'Verifikuj']);
    expect(statusActions('2601010005')).toEqual(['Otključaj']);
    // The comment is written until approval and read after it; the history is always there.
    for (const code of ['2601010001', '2601010002', '2601010003']) expect(actionNames(code), code).toContain('Komentar');
    expect(actionNames('2601010005')).not.toContain('Komentar');
    // The patient's note and referring location (sender) until approval.
    for (const code of ['2601010001', '2601010002', '2601010003']) expect(actionNames(code), code).toContain('Napomena i uputna lokacija pacijenta');
    for (const code of ['2601010004', '2601010005']) expect(actionNames(code), code).not.toContain('Napomena i uputna lokacija pacijenta');
    for (const status of EVERY_STATUS) expect(actionNames(row(status).code), status).toContain('Historija izmjena');
  });

  it('offers a technician approval but not verification, as the roles say', async () => {
    await openList('/obrada/pregled', TECHNICIAN);
    expect(actionNames('2601010003')).toContain('Odobri');
    expect(actionNames('2601010004')).toEqual(expect.arrayContaining(['Poništi odobrenje']));
    expect(actionNames('2601010004')).not.toContain('Verifikuj');
    expect(actionNames('2601010005')).not.toContain('Otključaj');
  });

  it('shows a read-only user no write action and no star to click', async () => {
    rows = EVERY_STATUS.map((status) => row(status, { hitan: true }));
    await openList('/obrada/pregled', VIEWER);
    for (const status of EVERY_STATUS) {
      const code = row(status).code;
      expect(actionNames(code), status).not.toContain('Obriši uzorak');
      expect(actionNames(code), status).not.toContain('Unos rezultata');
      for (const name of ['Odobri', 'Nisu uneseni svi rezultati', 'Poništi odobrenje', 'Verifikuj', 'Otključaj']) expect(actionNames(code), status).not.toContain(name);
      expect(within(rowOf(code)).queryByRole('button', { name: /hitno/i }), status).toBeNull();
      expect(within(rowOf(code)).getByRole('img', { name: 'Hitno' }), status).toBeInTheDocument();
    }
  });

  it('shows results in, the critical mark, the out-of-range count and a correction', async () => {
    rows = [row('U OBRADI', { rezultata: 3, testova: 4, kriticni: true, abnormalni: 2, verified_once: true, komentar: 'Hemoliza' })];
    await openList();
    const line = rowOf('2601010002');
    expect(within(line).getByLabelText('3 od 4 testova ima rezultat')).toHaveTextContent('3/4');
    expect(within(line).getByRole('img', { name: 'Kritična vrijednost' })).toBeInTheDocument();
    expect(within(line).getByLabelText('Van referentnog opsega: 2')).toHaveTextContent('2');
    expect(within(line).getByText('Ispravka')).toBeInTheDocument();
    expect(within(line).getByRole('img', { name: 'Komentar: Hemoliza' })).toBeInTheDocument();
  });

  it("deletes a received sample after 'Da' and reloads the list", async () => {
    const user = userEvent.setup();
    await openList();
    await user.click(within(rowOf('2601010001')).getByRole('button', { name: /^Obriši uzorak/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Potvrda brisanja' });
    expect(dialog).toHaveTextContent('Obrisati uzorak 2601010001?');
    await user.type(within(dialog).getByRole('textbox'), 'Da');
    await user.click(within(dialog).getByRole('button', { name: 'POTVRDI' }));
    await waitFor(() => expect(screen.queryByText('2601010001')).toBeNull());
    expect(calls.find((call) => call.url.startsWith('/api/uzorci/delete'))?.body).toMatchObject({ id: 's-2601010001', email: 'admin@demo.lab' });
  });

  it('goes to the result entry from the code, and opens the sample dialog from the time', async () => {
    const user = userEvent.setup();
    const { router } = await openList();
    await user.click(screen.getByRole('button', { name: /^Detalji uzorka 2601010003, \d{2}:\d{2}$/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Uzorak 2601010003' });
    expect(dialog).toHaveTextContent('s-2601010003');
    await user.click(within(dialog).getByRole('button', { name: 'ZATVORI' }));

    await user.click(screen.getByRole('link', { name: 'Rezultati uzorka 2601010002' }));
    await screen.findByText('Ekran rezultata');
    expect(router.state.location.pathname).toBe('/obrada/rezultati/p-2601010002/s-2601010002');
    expect(router.state.location.search).toMatch(/^\?date=\d{4}-\d{2}-\d{2}$/);
  });

  it("reloads when a result event of this site arrives, and not for another site's", async () => {
    await openList();
    await waitFor(() => expect(socket.handlers.get('result:approved')?.size ?? 0).toBeGreaterThan(1));
    const before = listCalls('/obrada/list').length;
    act(() => socket.deliver('result:approved', { id: 's-x', info: 'GLU', site: SITE_TZ.id }));
    act(() => socket.deliver('result:completed', { id: 's-y', info: 'Svi', site: SITE_TZ.id }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(listCalls('/obrada/list')).toHaveLength(before);
    act(() => socket.deliver('result:completed', { id: 's-z', info: 'Svi rezultati', site: SITE_SA.id }));
    await waitFor(() => expect(listCalls('/obrada/list')).toHaveLength(before + 1));
  });
});

describe('/protokol', () => {
  it('opens on today (DANAS), offers only the days, and draws the same rows', async () => {
    await openList('/protokol');
    expect(screen.getByRole('heading', { name: 'Provjera nalaza' })).toBeInTheDocument();
    expect(listCalls('/protokol/list')[0]?.get('datum')).toBe('DANAS');
    const preset = screen.getByRole('combobox', { name: 'Period' });
    expect(within(preset).getAllByRole('option').map((option) => option.textContent)).toEqual(['DANAS', 'JUČER', 'SEDMICA', 'MJESEC', 'SVE']);
    expect(actionNames('2601010001')).toContain('Obriši uzorak');
  });
});
