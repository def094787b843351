import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { paginate, type ReportListRow, type ReportVersionsAnswer } from '@lis/domain';
import { sessionStore } from '../../lib/session-store.ts';
import { sentJson, sessionFixture, sidebarItem } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import type { ScreenRoute } from '../../app/routes.tsx';
import { ReportListScreen } from './ReportListScreen.tsx';
import { ReportViewScreen } from './ReportViewScreen.tsx';

vi.mock('socket.io-client', () => ({ io: vi.fn(() => ({ on() { return this; }, off() { return this; }, emit() { return this; }, removeAllListeners() { return this; }, disconnect() { return this; } })) }));

const NOW = new Date().toISOString();

function reportRow(code: string, final: boolean): ReportListRow {
  return {
    _id: `s-${code}`, samples: `s-${code}`, code, pdf: true, final, final_pdf: final, djelimican: false, pacijent: 'UZORKOVIĆ AMINA', pid: 'p-1', ime: 'AMINA',
    prezime: 'UZORKOVIĆ', jmbg: '0311990185129', status: final ? 'VERIFICIRAN' : 'ODOBREN', verzija: final ? 2 : 1, datum: NOW, jezici: ['bs', 'de'],
  };
}

const VERSIONS: ReportVersionsAnswer = {
  success: true,
  nalaz: { samples: 's-2611240001', code: '2611240001', status: 'VERIFICIRAN', pacijent: 'UZORKOVIĆ AMINA', final: true, withdrawn: false },
  versions: [
    { verzija: 2, jezici: ['bs', 'de'], created_at: NOW, issued_by: 'Selma Specijalista', corrected: true, partial: false, razlog: 'Ispravka CRP', original_issued_at: NOW, sha256: {} },
    { verzija: 1, jezici: ['bs', 'de'], created_at: NOW, issued_by: 'Selma Specijalista', corrected: false, partial: false, razlog: null, original_issued_at: null, sha256: {} },
  ],
};

const calls: { url: string; body: Record<string, unknown> }[] = [];

beforeEach(() => {
  calls.length = 0;
  sessionStorage.clear();
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:report'), revokeObjectURL: vi.fn() }));
  vi.stubGlobal('fetch', vi.fn((url: string, init?: RequestInit) => {
    calls.push({ url, body: sentJson(init) });
    if (url.startsWith('/api/nalazi/pdf/')) return Promise.resolve(new Response(new Blob(['%PDF-1.3']), { status: 200, headers: { 'Content-Type': 'application/pdf' } }));
    let answer: unknown = { success: true };
    if (url.startsWith('/api/nalazi/list')) {
      const rows = [reportRow('2611240001', true), reportRow('2611240002', false)];
      answer = { success: true, data: rows, pagination: paginate(rows.length, 1, 10, '/api/nalazi/list') };
    }
    if (url.startsWith('/api/nalazi/versions/')) answer = VERSIONS;
    if (url.startsWith('/api/nalazi/delete')) answer = { success: true, message: 'Zapis uspješno obrisan!', code: 'delete.ok' };
    if (url.startsWith('/api/nalazi/jezik')) {
      answer = { success: true, message: 'Nalaz je izdan na još jednom jeziku.', code: 'nalazi.languageAdded', verzija: 2, jezik: 'en', sha256: 'ab', dodan: true };
    }
    if (url.startsWith('/api/nalazi/posalji')) answer = { success: true, message: 'Nalaz je u redu za slanje pacijentu e-mailom.', code: 'nalazi.mailQueued', outbox: 'o-1' };
    return Promise.resolve(new Response(JSON.stringify(answer), { status: 200, headers: { 'Content-Type': 'application/json' } }));
  }));
});

afterEach(() => {
  cleanup();
  sessionStore.clear();
  vi.unstubAllGlobals();
});

const SCREENS: ScreenRoute[] = [
  { path: '/nalazi/pregled', permission: 'reports.read', screen: () => Promise.resolve(ReportListScreen) },
  { path: '/nalazi/pregled/:id', permission: 'reports.read', screen: () => Promise.resolve(ReportViewScreen) },
];
const SIDEBAR = [sidebarItem('/nalazi/pregled', 'menu.nalazi', { default: true })];
const SPECIALIST = sessionFixture({
  email: 'specijalista@demo.lab',
  access: { level: 0, role: 'specialist', permissions: ['samples.read', 'reports.read', 'reports.write', 'results.verify', 'outbox.send'] },
  sidebar: SIDEBAR,
});
const VIEWER = sessionFixture({ email: 'pregled@demo.lab', access: { level: 1, role: 'viewer', permissions: ['samples.read', 'reports.read'] }, sidebar: SIDEBAR });

function rowOf(code: string): HTMLElement {
  return screen.getByText(code).closest('tr')!;
}

describe('/nalazi/pregled', () => {
  it('says which reports are final and which are not, and offers the PDF, the view and, with the right, withdrawal', async () => {
    renderApp({ path: '/nalazi/pregled', screens: SCREENS, session: SPECIALIST });
    await screen.findByText('2611240001', undefined, { timeout: 5000 });
    expect(within(rowOf('2611240001')).getByText('Konačan')).toBeInTheDocument();
    expect(within(rowOf('2611240002')).getByText('Nije konačan')).toBeInTheDocument();
    const names = within(rowOf('2611240001')).getAllByRole('button').map((button) => button.getAttribute('aria-label') ?? button.textContent);
    expect(names).toEqual(expect.arrayContaining([
      'Otvori PDF — 2611240001 UZORKOVIĆ AMINA', 'Pregled nalaza i verzija — 2611240001 UZORKOVIĆ AMINA', 'Ukloni s liste — 2611240001 UZORKOVIĆ AMINA',
    ]));
  });

  it('withdraws a report with the spec\'s payload once \'Da\' is typed', async () => {
    const user = userEvent.setup();
    renderApp({ path: '/nalazi/pregled', screens: SCREENS, session: SPECIALIST });
    await screen.findByText('2611240001', undefined, { timeout: 5000 });
    await user.click(within(rowOf('2611240001')).getByRole('button', { name: 'Ukloni s liste — 2611240001 UZORKOVIĆ AMINA' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ukloni s liste' });
    await user.type(within(dialog).getByRole('textbox'), 'Da');
    await user.click(within(dialog).getByRole('button', { name: 'POTVRDI' }));
    await waitFor(() => expect(calls.find((call) => call.url.startsWith('/api/nalazi/delete'))?.body).toMatchObject({
      email: 'specijalista@demo.lab', idNalaza: 's-2611240001', status: 'VERIFICIRAN', flag: true,
    }));
  });

  it('offers a viewer no withdrawal', async () => {
    renderApp({ path: '/nalazi/pregled', screens: SCREENS, session: VIEWER });
    await screen.findByText('2611240001', undefined, { timeout: 5000 });
    expect(within(rowOf('2611240001')).queryByRole('button', { name: /^Ukloni s liste/ })).toBeNull();
  });
});

describe('/nalazi/pregled/{id}', () => {
  it('shows the German report of the latest version for {id}_German, with every version and the correction\'s reason', async () => {
    renderApp({ path: '/nalazi/pregled/s-2611240001_German', screens: SCREENS, session: SPECIALIST });
    expect(await screen.findByTitle('Nalaz 2611240001, verzija 2, Njemački', undefined, { timeout: 5000 })).toHaveAttribute('src', 'blob:report#navpanes=0&view=FitH');
    expect(calls.some((call) => call.url.startsWith('/api/nalazi/pdf/s-2611240001?jezik=de&verzija=2'))).toBe(true);
    expect(screen.getByRole('button', { name: /^Verzija 2/ })).toHaveTextContent('Ispravka CRP');
    expect(screen.getByRole('button', { name: /^Verzija 1/ })).toHaveTextContent('Prva verzija');
  });
});

describe('/nalazi/pregled/{id} in a language the version was not issued in', () => {
  it('offers all three languages; English (not issued) says so instead of showing another language, and issues it on request', async () => {
    const user = userEvent.setup();
    renderApp({ path: '/nalazi/pregled/s-2611240001_English', screens: SCREENS, session: SPECIALIST });
    expect(await screen.findByText('Verzija 2 nije izdana na jeziku: Engleski.', undefined, { timeout: 5000 })).toBeInTheDocument();
    for (const name of ['Bosanski', 'Engleski', 'Njemački']) expect(screen.getByRole('radio', { name })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Engleski' })).toBeChecked();
    // No other language's PDF is fetched in its place.
    expect(calls.some((call) => call.url.startsWith('/api/nalazi/pdf/'))).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Izdaj: Engleski' }));
    await waitFor(() => expect(calls.find((call) => call.url.startsWith('/api/nalazi/jezik'))?.body).toMatchObject({ idNalaza: 's-2611240001', verzija: 2, jezik: 'en' }));
    expect(await screen.findByText('Nalaz je izdan na još jednom jeziku.')).toBeInTheDocument();
  });

  it('sends the shown version by e-mail through the outbox; a viewer gets neither button', async () => {
    const user = userEvent.setup();
    renderApp({ path: '/nalazi/pregled/s-2611240001', screens: SCREENS, session: SPECIALIST });
    await user.click(await screen.findByRole('button', { name: 'Pošalji e-mailom' }, { timeout: 5000 }));
    await waitFor(() => expect(calls.find((call) => call.url.startsWith('/api/nalazi/posalji'))?.body).toMatchObject({ idNalaza: 's-2611240001', verzija: 2 }));
    expect(await screen.findByText('Nalaz je u redu za slanje pacijentu e-mailom.')).toBeInTheDocument();
    cleanup();
    renderApp({ path: '/nalazi/pregled/s-2611240001_English', screens: SCREENS, session: VIEWER });
    expect(await screen.findByText('Nemate pravo izdati nalaz na drugom jeziku.', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pošalji e-mailom' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Izdaj/ })).toBeNull();
  });
});
