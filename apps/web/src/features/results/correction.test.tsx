import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { RouterProvider, createMemoryRouter } from 'react-router';
import type { ResultsShowAnswer, SessionData } from '@lis/domain';
import { createQueryClient } from '../../api/query-client.ts';
import { AppProviders } from '../../app/providers.tsx';
import { sentJson, sessionFixture } from '../../test/fixtures.ts';
import { sessionStore } from '../../lib/session-store.ts';
import { ResultEntryScreen } from './ResultEntryScreen.tsx';
import { PID, SID, TEST_IDS, fixtureAnswer, fixtureTests } from './test-fixtures.ts';

// The result screen's critical value while typing and on save, the title of a verified sample with its report
// link, and 'Ispravi': one reason, one call (rezultati/ispravi), who was told filled in from the last verification.

type Call = { method: string; url: string; body: Record<string, unknown> };

let calls: Call[] = [];
let answer: ResultsShowAnswer;

function reply(call: Call): { status: number; body: unknown } {
  const path = call.url.split('?')[0] ?? '';
  if (path === `/api/rezultati/${SID}`) return { status: 200, body: answer };
  if (path.startsWith('/api/autoverifikacija/uzorak/')) return { status: 200, body: { success: true, presuda: null } };
  if (path === '/api/rezultati/save') return { status: 200, body: { success: true, status: 'U OBRADI', version: answer.version + 1, refleks: [] } };
  if (path === '/api/rezultati/ispravi') return { status: 200, body: { success: true, status: 'VERIFICIRAN', version: answer.version + 5 } };
  return { status: 404, body: { success: false, code: 'notFound', message: 'Zapis nije pronađen.' } };
}

function signIn(role: SessionData['access']['role']) {
  sessionStore.start(sessionFixture({ access: { level: 0, role, permissions: ['patients.read', 'samples.read', 'samples.write', 'reports.read'] } }));
}

function renderScreen() {
  const router = createMemoryRouter(
    [{ path: '/obrada/rezultati/:patient/:id', element: <ResultEntryScreen /> }],
    { initialEntries: [`/obrada/rezultati/${PID}/${SID}`] },
  );
  render(
    <AppProviders queryClient={createQueryClient()} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

beforeEach(() => {
  calls = [];
  answer = fixtureAnswer();
  vi.stubGlobal('fetch', vi.fn((url: string, init?: RequestInit) => {
    const call = { method: init?.method ?? 'GET', url, body: sentJson(init) };
    calls.push(call);
    const { status, body } = reply(call);
    return Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
  }));
});

afterEach(() => {
  cleanup();
  notifications.clean();
  sessionStore.clear();
  vi.unstubAllGlobals();
});

const input = (naziv: string) => screen.getByRole('textbox', { name: `Rezultat: ${naziv}` });
const sent = (path: string) => calls.filter((call) => call.url.startsWith(path));

describe('critical values on the result screen', () => {
  it('shows HH as glucose 30 is typed, and a critical alert naming the test and value after the save', async () => {
    signIn('technician');
    renderScreen();
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Rezultat: Glukoza' }), '30');
    expect(screen.getByTestId('result-flag-GLU')).toHaveTextContent(/HH/);
    await user.keyboard('{Control>}s{/Control}');
    await waitFor(() => expect(sent('/api/rezultati/save')).toHaveLength(1));
    expect(await screen.findByText('Sačuvana kritična vrijednost')).toBeInTheDocument();
    expect(screen.getByText('Obavijestite ljekara: Glukoza 30 mmol/L (HH)')).toBeInTheDocument();
    expect(screen.queryByText('Rezultati sačuvani.')).not.toBeInTheDocument();
  });
});

describe('a verified sample', () => {
  const verified = () => fixtureAnswer({
    status: 'VERIFICIRAN', obavijesten: { ko: 'dr. Hodžić', kada: '2026-03-10T07:18:00Z' },
    uzorak: { ...fixtureAnswer().uzorak, status: 'VERIFICIRAN', pdf_exists: true },
  }, fixtureTests({
    uro: { rezultat: 'Negativan' }, boja: { rezultat: 'Žuta' }, glu: { rezultat: '30', flag: 'HH', kriticni: true }, k: { rezultat: '4,4' },
  }));

  it('is titled as verified results and links to its report; a technician is offered no correction', async () => {
    signIn('technician');
    answer = verified();
    renderScreen();
    expect(await screen.findByRole('heading', { name: 'Verificirani rezultati' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Nalaz (PDF)' })).toHaveAttribute('href', `/nalazi/pregled/${SID}`);
    expect(screen.queryByRole('button', { name: 'Ispravi' })).not.toBeInTheDocument();
  });

  it("is corrected in one call with the reason asked once, who was told filled in from the last verification", async () => {
    signIn('specialist');
    answer = verified();
    renderScreen();
    const user = userEvent.setup();
    expect(screen.queryByRole('textbox', { name: 'Rezultat: Glukoza' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Ispravi' }));
    const reason = await screen.findByRole('dialog', { name: 'Ispravka uzorka 2603100004' });
    await user.type(within(reason).getByRole('textbox', { name: 'Razlog' }), 'Zamijenjeni uzorci');
    await user.click(within(reason).getByRole('button', { name: 'POTVRDI' }));
    expect(await screen.findByText('Ispravka u toku. Razlog: Zamijenjeni uzorci')).toBeInTheDocument();
    // Nothing is sent until the changes are: the sample stays verified meanwhile.
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    await user.clear(input('Glukoza'));
    await user.type(input('Glukoza'), '28');
    await user.click(screen.getByRole('button', { name: 'Sačuvaj i verifikuj' }));
    const told = await screen.findByRole('dialog', { name: 'Obavještenje o kritičnim vrijednostima' });
    expect(within(told).getByRole('textbox', { name: 'Obaviješten (ko)' })).toHaveValue('dr. Hodžić');
    await user.click(within(told).getByRole('button', { name: 'Sačuvaj i verifikuj' }));
    await waitFor(() => expect(sent('/api/rezultati/ispravi')).toHaveLength(1));
    expect(sent('/api/rezultati/ispravi')[0]?.body).toMatchObject({
      sid: SID, version: answer.version, razlog: 'Zamijenjeni uzorci',
      rezultati: [{ test: TEST_IDS.glu, rezultat: '28' }],
      obavijesten: { ko: 'dr. Hodžić', kada: '2026-03-10T07:18:00.000Z' },
    });
    // One call: no unlock, save or verification of the long path, and no second reason.
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url.split('?')[0])).toEqual(['/api/rezultati/ispravi']);
    expect(await screen.findByText('Ispravka sačuvana, uzorak ponovo verificiran.')).toBeInTheDocument();
  // Many steps of typing and two dialogs: more than the default time on a busy machine.
  }, 60_000);
});
