import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { createQueryClient } from '../../api/query-client.ts';
import { AppProviders } from '../../app/providers.tsx';
import { sentJson, sessionFixture } from '../../test/fixtures.ts';
import { siteToday, toSiteWallClock } from '../../lib/date-time.ts';
import { sessionStore } from '../../lib/session-store.ts';
import { applyLanguage } from '../../i18n/index.ts';
import type { PickerTest, SampleAnswer, SampleRow } from './api.ts';
import { SampleEntryScreen } from './SampleEntryScreen.tsx';

const PATIENT = {
  _id: 'p-1', id: 'p-1', ime: 'LEJLA', prezime: 'DEMIĆ', jmbg: '1503978175002', spol: 'ŽENSKI', godiste: 1978, datum_rodjenja: '1978-03-15',
  jmbgObj: { years: 48, months: 8, days: 7 }, starost_dana: 17_784,
};

function test(id: string, analit: string, price: string, extra: Partial<PickerTest> = {}): PickerTest {
  return {
    _id: id, sifra: id.toUpperCase(), naziv: analit, naziv_en: '', naziv_de: '', price, analit, jedinica: '', sekcija: 'bio', manual: false, calculated: false,
    calculatedTests: [], disabled: false, tip: 'Standard', klasa: 'Lab', sample_type: null, stabilnost: [], ...extra,
  };
}

const LIPID_PANEL = {
  _id: 'panel-lipid', sifra: 'LIPID', naziv: 'Lipidogram', sinonimi: ['lipidni status'], testovi: ['chol', 'hdl', 'tg'], price: '8.00', naplata: 'panel',
  updated_at: '2026-11-22T07:00:00Z',
};

const TESTS = [
  test('glu', 'Glukoza', '3.00', { naziv_en: 'Glucose', naziv_de: 'Glukose' }),
  test('chol', 'Holesterol', '3.00'),
  test('hdl', 'HDL holesterol', '4.00'),
  test('tg', 'Trigliceridi', '3.00'),
  test('ldl', 'LDL holesterol', '10.00', { calculated: true, calculatedTests: ['chol', 'hdl', 'tg'], klasa: 'Calc' }),
];

const APPROVED_ROW: SampleRow = {
  _id: 's-approved', code: '2611200001', pacijentRBr: 1, status: 'ODOBREN', hitan: false, tip: 'Standard', type: '', datum: '2026-11-22T07:00:00Z',
  lokacija: '', doktor: '', komentar: '', pdf_exists: false, created_at: '2026-11-22T07:00:00Z', updated_at: '2026-11-22T07:00:00Z', pid: 'p-1',
  ime: 'LEJLA', prezime: 'DEMIĆ', jmbg: '1503978175002', godiste: 1978, testova: 1, ukupno: '3.00',
};

const APPROVED: SampleAnswer = {
  uzorak: {
    _id: 's-approved', id: 's-approved', sid: 's-approved', code: '2611200001', pacijentRBr: 1, pid: 'p-1', status: 'ODOBREN', hitan: false,
    tip: 'Standard', type: '', pdf_exists: false, komentar: '', datum: '2026-11-22T07:00:00Z', vrijeme: '08:00', tags: [], created_at: '2026-11-22T07:00:00Z',
    updated_at: '2026-11-22T07:00:00Z', received_at: null,
    patient: { _id: 'p-1', ime: 'LEJLA', prezime: 'DEMIĆ', jmbg: '1503978175002', spol: 'ŽENSKI', godiste: 1978 },
    jmbgObj: null, starost_dana: null, lokacija: { lokacija: '' }, doktor: '', partner: null, trudnica: false, menstc: '', anticoag: false, menopauza: false,
    sekcija: [{ _id: 'bio', naziv: 'Biohemija' }],
    tests: [{
      _id: 't-1', labassay: 'glu', ime_testa: 'Glukoza', naziv_en: 'Glucose', naziv_de: 'Glukose', sifra: 'GLU', analit: 'Glukoza', jedinica: 'mmol/L', sekcija: 'bio', sekcija_naziv: 'Biohemija',
      sekcija_naziv_en: 'Clinical chemistry', sekcija_naziv_de: 'Klinische Chemie',
      manual: false, calculated: false, klasa: 'Lab', disable: true, price: '3.00', status_t: 'ODOBREN', component_of: null, panel: null,
    }],
    ukupno: '3.00',
    actions: [],
  },
  rezultat: { rezultati: [{ labassay: 'glu', rezultat: '5.1', rezultat_f: '5.1' }] },
};

type Call = { url: string; body: Record<string, unknown> };
const calls: Call[] = [];

function route(call: Call): { status: number; body: unknown } {
  if (call.url.startsWith('/api/uzorci/patient')) return { status: 200, body: { success: true, pacijent: PATIENT } };
  if (call.url.startsWith('/api/uzorci/labassay/tip')) {
    return { status: 200, body: { success: true, testovi: TESTS, sekcije: [{ _id: 'bio', sifra: 'BIO', naziv: 'Biohemija', naziv_en: 'Clinical chemistry', naziv_de: 'Klinische Chemie', redoslijed: 1 }] } };
  }
  if (call.url.startsWith('/api/uzorci/tipovi')) {
    return { status: 200, body: { success: true, tipovi: [{ _id: 'st-1', sifra: 'SER', naziv: 'Serum' }, { _id: 'st-2', sifra: 'URIN', naziv: 'Urin (prvi jutarnji)' }] } };
  }
  if (call.url.startsWith('/api/postavke/uputni')) {
    return { status: 200, body: { success: true, doktori: [{ _id: 'd-1', naziv: 'dr. Emina Hodžić' }], lokacije: [{ _id: 'l-1', naziv: 'Dom zdravlja Centar' }], slobodan_unos: { doktor: true, lokacija: true } } };
  }
  if (call.url.startsWith('/api/assays/paneli/list')) return { status: 200, body: { success: true, paneli: [LIPID_PANEL] } };
  if (call.url.startsWith('/api/uzorci/list')) return { status: 200, body: { success: true, data: [APPROVED_ROW], pagination: {} } };
  if (call.url.startsWith('/api/uzorci/show/s-approved')) return { status: 200, body: { success: true, ...APPROVED } };
  if (call.url.startsWith('/api/uzorci/save')) {
    return { status: 201, body: { success: true, uzorak: { ...APPROVED.uzorak, _id: 's-new', code: '2611220009', status: 'ZAPRIMLJEN' } } };
  }
  return { status: 404, body: { success: false, code: 'notFound', message: 'Zapis nije pronađen.' } };
}

beforeEach(() => {
  calls.length = 0;
  vi.stubGlobal('fetch', vi.fn((url: string, init?: RequestInit) => {
    const call = { url, body: sentJson(init) };
    calls.push(call);
    const reply = route(call);
    return Promise.resolve(new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'Content-Type': 'application/json' } }));
  }));
  sessionStore.start(sessionFixture());
  const router = createMemoryRouter([{ path: '/samples/:patientId', element: <SampleEntryScreen /> }], { initialEntries: ['/samples/p-1'] });
  render(
    <AppProviders queryClient={createQueryClient()} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
});

afterEach(() => {
  cleanup();
  notifications.clean();
  sessionStore.clear();
  vi.unstubAllGlobals();
  applyLanguage('bs');
});

const total = () => screen.getAllByTestId('sample-total')[0]!;
const toast = (text: string) => screen.findByText(text, { selector: '.mantine-Notification-description' });

describe('SampleEntryScreen', () => {
  it('shows the patient with the age from the ID', async () => {
    expect(await screen.findByText('DEMIĆ LEJLA')).toBeInTheDocument();
    expect(screen.getByText('1503978175002')).toBeInTheDocument();
    expect(screen.getByText('48 god.')).toBeInTheDocument();
    expect(calls[0]?.body).toMatchObject({ pid: 'p-1' });
  });

  it('pulls the components of a calculated test at 0, keeps them while it stays, and saves what was chosen', async () => {
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: /^LDL holesterol/ }));
    const chosen = screen.getByRole('table', { name: 'Odabrani testovi' });
    for (const component of ['Holesterol', 'HDL holesterol', 'Trigliceridi']) {
      const row = within(chosen).getByText(component, { exact: true }).closest('tr')!;
      expect(row).toHaveTextContent('uz LDL holesterol');
      expect(row).toHaveTextContent('0,00 KM');
    }
    expect(total()).toHaveTextContent('10,00 KM');

    await user.click(within(chosen).getByRole('button', { name: 'Ukloni test HDL holesterol' }));
    expect(await toast('Test nije moguće ukloniti!')).toBeInTheDocument();
    expect(within(chosen).getByText('HDL holesterol', { exact: true })).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: /^Glukoza/ }));
    expect(total()).toHaveTextContent('13,00 KM');
    await user.click(screen.getByRole('button', { name: 'Označi kao hitno' }));
    await user.click(screen.getAllByRole('button', { name: 'SAČUVAJ' })[0]!);

    expect(await toast('Uzorak sačuvan, kod 2611220009.')).toBeInTheDocument();
    const save = calls.find((call) => call.url.startsWith('/api/uzorci/save'));
    // Only the tests chosen by hand: the server adds the components itself.
    expect(save?.body).toMatchObject({ pid: 'p-1', testovi: ['ldl', 'glu'], hitan: true, trudnica: false, menopauza: false });
    expect(screen.getByTestId('saved-code')).toHaveTextContent('2611220009');
    await waitFor(() => expect(total()).toHaveTextContent('0,00 KM'));
  });

  it('asks the server again for the tests when pregnancy is marked', async () => {
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Trudnica' }));
    await waitFor(() => expect(calls.filter((call) => call.url.startsWith('/api/uzorci/labassay/tip')).at(-1)?.body)
      .toMatchObject({ pid: 'p-1', trudnica: true, menopauza: false }));
    expect(screen.getByRole('checkbox', { name: 'Menopauza' })).not.toBeChecked();
  });

  it('shows an approved sample of today read-only: no edit, no delete, no SAČUVAJ in its dialog', async () => {
    const user = userEvent.setup();
    const today = await screen.findByRole('list', { name: 'Današnji uzorci' });
    expect(within(today).queryByRole('button', { name: /^Uredi uzorak/ })).not.toBeInTheDocument();
    expect(within(today).queryByRole('button', { name: /^Obriši uzorak/ })).not.toBeInTheDocument();
    await user.click(within(today).getByRole('button', { name: 'Pregled uzorka — 2611200001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Uzorak 2611200001' });
    expect(await within(dialog).findByText('Uzorak je ODOBREN i ne može se mijenjati.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'SAČUVAJ' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /^Ukloni test/ })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('checkbox', { name: 'Antikoagulantna terapija' })).toBeDisabled();
  });

  it('saves the sample date and time from the calendar dialog, the sample type and a comment; Enter moves on to the test search', async () => {
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: /^Glukoza/ }));

    await user.click(screen.getByRole('button', { name: 'Datum i vrijeme uzorkovanja' }));
    const calendar = await screen.findByRole('dialog', { name: 'Datum i vrijeme uzorkovanja' });
    const today = siteToday();
    const firstOfMonth = within(calendar).getAllByRole('button').find((button) => button.getAttribute('data-first-in-month') !== null
      || (button.textContent === '1' && !button.hasAttribute('data-outside')));
    await user.click(firstOfMonth!);
    await user.click(within(calendar).getByRole('button', { name: 'Potvrdi datum i vrijeme' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Datum i vrijeme uzorkovanja' })).not.toBeInTheDocument());

    await user.click(screen.getByRole('combobox', { name: 'Vrsta uzorka' }));
    await user.click(await screen.findByRole('option', { name: 'Urin (prvi jutarnji)' }));
    const komentar = screen.getByRole('textbox', { name: 'Komentar' });
    await user.click(komentar);
    await user.keyboard('  Uzet na terenu {Enter}');
    expect(screen.getByRole('textbox', { name: 'Traži test' })).toHaveFocus();

    await user.click(screen.getAllByRole('button', { name: 'SAČUVAJ' })[0]!);
    expect(await toast('Uzorak sačuvan, kod 2611220009.')).toBeInTheDocument();
    const body = calls.find((call) => call.url.startsWith('/api/uzorci/save'))?.body;
    const month = String(today.month).padStart(2, '0');
    expect(body).toMatchObject({ testovi: ['glu'], type: 'Urin (prvi jutarnji)', komentar: 'Uzet na terenu' });
    // The date goes out as a UTC instant that names the chosen day on the site's wall clock, whatever the browser's zone.
    const datum = typeof body?.datum === 'string' ? body.datum : '';
    expect(datum).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
    expect(toSiteWallClock(new Date(datum))).toMatch(new RegExp(`^${today.year}-${month}-01 `));
    // The form starts again: no date (dated when saved), no type, no comment.
    expect(screen.getByRole('textbox', { name: 'Komentar' })).toHaveValue('');
  });

  it('adds a panel found by a synonym with Enter, priced as the panel, and lets one of its tests go', async () => {
    const user = userEvent.setup();
    // The picker's tests and the site's panels load side by side; the search finds the panel once both are in.
    await screen.findByRole('checkbox', { name: /^Glukoza/ }, { timeout: 10_000 });
    await user.type(screen.getByRole('textbox', { name: 'Traži test' }), 'lipidni status');
    expect(await screen.findByText('Lipidogram', {}, { timeout: 10_000 })).toBeInTheDocument();
    await user.keyboard('{Enter}');
    const chosen = await screen.findByRole('table', { name: 'Odabrani testovi' }, { timeout: 10_000 });
    for (const name of ['Holesterol', 'HDL holesterol', 'Trigliceridi']) {
      expect(within(chosen).getByText(name, { exact: true }).closest('tr')).toHaveTextContent('iz panela LIPID');
    }
    // 3.00 + 4.00 + 3.00 one by one; the panel costs 8.00.
    expect(total()).toHaveTextContent('8,00 KM');
    expect(screen.getByRole('textbox', { name: 'Traži test' })).toHaveValue('');
    await user.click(within(chosen).getByRole('button', { name: 'Ukloni test HDL holesterol' }));
    // Without HDL: 3.00 + 3.00 = 6.00, less than the panel.
    expect(total()).toHaveTextContent('6,00 KM');
    await user.type(screen.getByRole('textbox', { name: 'Traži test' }), 'glu{Enter}');
    expect(total()).toHaveTextContent('9,00 KM');
    await user.click(screen.getAllByRole('button', { name: 'SAČUVAJ' })[0]!);
    await waitFor(() => expect(calls.find((call) => call.url.startsWith('/api/uzorci/save'))?.body)
      .toMatchObject({ testovi: ['chol', 'tg', 'glu'], paneli: ['panel-lipid'] }));
  });

  it('names the tests and sections in English for an English reader and finds a test by its English or Bosnian name', async () => {
    const user = userEvent.setup();
    await screen.findByRole('checkbox', { name: /^Glukoza/ }, { timeout: 10_000 });
    applyLanguage('en');
    expect(await screen.findByRole('tab', { name: 'Clinical chemistry' })).toBeInTheDocument();
    // Glukoza has an English name; Holesterol has none in this catalogue and keeps its Bosnian one.
    expect(screen.getByRole('checkbox', { name: /^Glucose/ })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /^Holesterol/ })).toBeInTheDocument();
    const search = screen.getByRole('textbox', { name: 'Find a test' });
    for (const query of ['glucose', 'glukoza', 'GLU']) {
      await user.clear(search);
      await user.type(search, query);
      const results = await screen.findByText('Search results');
      expect(within(results.parentElement!).getByRole('checkbox', { name: /^Glucose/ })).toBeInTheDocument();
    }
    await user.keyboard('{Enter}');
    const chosen = await screen.findByRole('table', { name: 'Selected tests' });
    expect(within(chosen).getByText('Glucose', { exact: true })).toBeInTheDocument();
  });

  it('sends no date when none was picked, so the sample is dated when saved', async () => {
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: /^Glukoza/ }));
    expect(screen.getByRole('button', { name: 'Datum i vrijeme uzorkovanja' })).toHaveTextContent('Sada (pri spremanju)');
    await user.click(screen.getAllByRole('button', { name: 'SAČUVAJ' })[0]!);
    expect(await toast('Uzorak sačuvan, kod 2611220009.')).toBeInTheDocument();
    const body = calls.find((call) => call.url.startsWith('/api/uzorci/save'))?.body;
    expect(body).not.toHaveProperty('datum');
    expect(body).not.toHaveProperty('type');
    expect(body).toMatchObject({ komentar: '' });
  });
});
