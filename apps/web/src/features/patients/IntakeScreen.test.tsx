import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { RouterProvider, createMemoryRouter, useParams } from 'react-router';
import type { Permission } from '@lis/domain';
import { createQueryClient } from '../../api/query-client.ts';
import { AppProviders } from '../../app/providers.tsx';
import { sentJson, sessionFixture } from '../../test/fixtures.ts';
import { sessionStore } from '../../lib/session-store.ts';
import { IntakeScreen } from './IntakeScreen.tsx';

const REGISTERED = {
  _id: 'p-1', id: 'p-1', jmbg: '1503978175002', ime: 'LEJLA', prezime: 'DEMIĆ', spol: 'ŽENSKI', datum_rodjenja: '1978-03-15', godiste: 1978,
  adresa: 'Ferhadija 12', telefon: '061 111 201', email: '', passport: '', language: [], symptoms: {}, note: '', lokacija: '',
  duhan: '', dijabetes: '', created_at: '', updated_at: '',
};

type Call = { url: string; body: Record<string, unknown> };
const calls: Call[] = [];
let answer: (call: Call) => { status: number; body: unknown } = () => ({ status: 200, body: { success: true } });

beforeEach(() => {
  calls.length = 0;
  vi.stubGlobal('fetch', vi.fn((url: string, init?: RequestInit) => {
    const call = { url, body: sentJson(init) };
    calls.push(call);
    const reply = answer(call);
    return Promise.resolve(new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'Content-Type': 'application/json' } }));
  }));
});

afterEach(() => {
  cleanup();
  notifications.clean();
  sessionStore.clear();
  vi.unstubAllGlobals();
});

function SamplesPage() {
  const { patientId } = useParams();
  return <p>samples of {patientId}</p>;
}

function renderIntake(permissions: Permission[] = ['patients.read', 'patients.write', 'samples.read', 'samples.write']) {
  sessionStore.start(sessionFixture({ access: { level: permissions.includes('patients.write') ? 0 : 1, role: 'admin', permissions } }));
  const router = createMemoryRouter([
    { path: '/prijem', element: <IntakeScreen /> },
    { path: '/samples/:patientId', element: <SamplesPage /> },
  ], { initialEntries: ['/prijem'] });
  render(
    <AppProviders queryClient={createQueryClient()} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

const finds = () => calls.filter((call) => call.url.startsWith('/api/pacijenti/unos/find'));

describe('IntakeScreen', () => {
  it('takes a scanned registered ID to Prijem: Enter focuses it, another Enter opens the sample entry', async () => {
    answer = (call) => (call.url.startsWith('/api/pacijenti/unos/find')
      ? { status: 200, body: { success: true, exists: true, pacijent: REGISTERED } }
      : { status: 200, body: { success: true } });
    const user = userEvent.setup();
    const router = renderIntake();
    const id = screen.getByRole('textbox', { name: 'Matični broj (JMBG)' });
    await waitFor(() => expect(id).toHaveFocus());
    await user.keyboard('1503978175002{Enter}');
    const admit = await screen.findByRole('button', { name: 'Prijem' });
    await waitFor(() => expect(admit).toHaveFocus());
    expect(screen.getByText('Uneseni Matični broj je već registriran!')).toBeInTheDocument();
    expect(screen.getByText('DEMIĆ LEJLA, 1503978175002')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'SAČUVAJ' })).not.toBeInTheDocument();
    expect(finds()[0]?.body).toMatchObject({ jmbg: '1503978175002', site: 'site-sa' });
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/samples/p-1'));
  });

  it('registers a new patient typed with Enter between fields and sends names upper-cased', async () => {
    answer = (call) => {
      if (call.url.startsWith('/api/pacijenti/unos/find')) return { status: 200, body: { success: true, exists: false, pacijent: null } };
      if (call.url.startsWith('/api/pacijenti/unos/save')) return { status: 201, body: { success: true, pacijent: { ...REGISTERED, _id: 'p-new' } } };
      return { status: 200, body: { success: true } };
    };
    const user = userEvent.setup();
    const router = renderIntake();
    await user.keyboard('0101985170003{Enter}');
    const ime = screen.getByRole('textbox', { name: 'Ime' });
    await waitFor(() => expect(ime).toHaveFocus());
    await user.keyboard(' amir {Enter}hodžić{Enter}Titova 1{Enter}061 111 222{Enter}');
    expect(screen.getByRole('textbox', { name: 'E-mail' })).toHaveFocus();
    await user.click(screen.getByRole('checkbox', { name: 'Pacijent bez simptoma' }));
    expect(screen.getByRole('checkbox', { name: 'Umor' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'SAČUVAJ' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/samples/p-new'));
    const save = calls.find((call) => call.url.startsWith('/api/pacijenti/unos/save'));
    expect(save?.body).toMatchObject({
      jmbg: '0101985170003', ime: 'AMIR', prezime: 'HODŽIĆ', spol: 'MUŠKI', adresa: 'Titova 1', telefon: '061 111 222',
      symptoms: { pacijentbezsimptoma: true, umor: false },
    });
  });

  it('does not save an incomplete form and says why', async () => {
    const user = userEvent.setup();
    renderIntake();
    await user.click(screen.getByRole('radio', { name: 'Godište' }));
    await user.keyboard('1920');
    expect(await screen.findByText('Godište nije validno.')).toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'SAČUVAJ' });
    expect(save).toHaveAttribute('aria-disabled', 'true');
    await user.click(save);
    expect(await screen.findByText('Unesite obavezna polja.', { selector: '.mantine-Notification-description' })).toBeInTheDocument();
    expect(screen.getAllByText('Obavezno polje.')).toHaveLength(5);
    expect(calls.some((call) => call.url.startsWith('/api/pacijenti/unos/save'))).toBe(false);
  });

  it('shows the patient who got the ID first when the save answers it is taken', async () => {
    let registered = false;
    answer = (call) => {
      if (call.url.startsWith('/api/pacijenti/unos/save')) {
        registered = true;
        return { status: 409, body: { success: false, code: 'patient.duplicate', message: 'Uneseni Matični broj je već registriran!', pacijent: REGISTERED } };
      }
      if (call.url.startsWith('/api/pacijenti/unos/find')) {
        return { status: 200, body: registered ? { success: true, exists: true, pacijent: REGISTERED } : { success: true, exists: false, pacijent: null } };
      }
      return { status: 200, body: { success: true } };
    };
    const user = userEvent.setup();
    renderIntake();
    await user.keyboard('1503978175002');
    await waitFor(() => expect(finds()).toHaveLength(1));
    await user.type(screen.getByRole('textbox', { name: 'Ime' }), 'Lejla');
    await user.type(screen.getByRole('textbox', { name: 'Prezime' }), 'Demić');
    await user.type(screen.getByRole('textbox', { name: 'Adresa stanovanja' }), 'Ferhadija 12');
    await user.type(screen.getByRole('textbox', { name: 'Kontakt telefon' }), '061 111 201');
    await user.click(screen.getByRole('checkbox', { name: 'Umor' }));
    await user.click(screen.getByRole('button', { name: 'SAČUVAJ' }));
    expect(await screen.findByText('Pacijent postoji.', { selector: '.mantine-Notification-description' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Prijem' })).toBeInTheDocument();
    expect(screen.getByText('DEMIĆ LEJLA, 1503978175002')).toBeInTheDocument();
  });

  it('offers a read-only user only the lookup by personal ID', async () => {
    answer = () => ({ status: 200, body: { success: true, exists: false, pacijent: null } });
    const user = userEvent.setup();
    renderIntake(['patients.read', 'samples.read']);
    expect(screen.queryByRole('radio', { name: 'Datum rođenja' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Ime' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'SAČUVAJ' })).not.toBeInTheDocument();
    await user.keyboard('0101985170003');
    expect(await screen.findByText('Pacijent nije pronađen.')).toBeInTheDocument();
  });

  it('refuses a JMBG with an impossible date (31 February) with the spec message', async () => {
    answer = () => ({ status: 200, body: { success: true, exists: false, pacijent: null } });
    const user = userEvent.setup();
    renderIntake();
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Matični broj (JMBG)' })).toHaveFocus());
    await user.keyboard('3102985170004');
    expect(await screen.findByText('Matični broj nije validan.')).toBeInTheDocument();
    expect(finds()).toHaveLength(0);
  });

  it('warns about a wrong control digit under the field and still saves the patient', async () => {
    answer = (call) => (call.url.startsWith('/api/pacijenti/unos/save')
      ? { status: 201, body: { success: true, pacijent: { ...REGISTERED, _id: 'p-9', jmbg: '0101985170009' } } }
      : { status: 200, body: { success: true, exists: false, pacijent: null } });
    const user = userEvent.setup();
    const router = renderIntake();
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Matični broj (JMBG)' })).toHaveFocus());
    await user.keyboard('0101985170009{Enter}');
    expect(await screen.findByTestId('jmbg-warning')).toHaveTextContent('Kontrolna cifra matičnog broja ne odgovara. Provjerite broj.');
    expect(screen.queryByText('Matični broj nije validan.')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Ime' })).toHaveFocus());
    await user.keyboard('Ena{Enter}Test{Enter}Bistrik 1{Enter}061 000 000{Enter}');
    await user.click(screen.getByRole('checkbox', { name: 'Umor' }));
    await user.click(screen.getByRole('button', { name: 'SAČUVAJ' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/samples/p-9'));
    expect(calls.find((call) => call.url.startsWith('/api/pacijenti/unos/save'))?.body).toMatchObject({ jmbg: '0101985170009', spol: 'MUŠKI' });
  });

  it('shows no warning for a JMBG whose control digit matches', async () => {
    answer = () => ({ status: 200, body: { success: true, exists: false, pacijent: null } });
    const user = userEvent.setup();
    renderIntake();
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Matični broj (JMBG)' })).toHaveFocus());
    await user.keyboard('0101985170003');
    await waitFor(() => expect(finds()).toHaveLength(1));
    expect(screen.queryByTestId('jmbg-warning')).not.toBeInTheDocument();
  });
});
