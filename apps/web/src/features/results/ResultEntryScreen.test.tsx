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
import { applyLanguage } from '../../i18n/index.ts';
import { ResultEntryScreen } from './ResultEntryScreen.tsx';
import { PID, SID, TEST_IDS, fixtureAnswer, fixtureTests } from './test-fixtures.ts';

type Call = { method: string; url: string; body: Record<string, unknown> };
type Reply = { status: number; body: unknown };

let calls: Call[] = [];
let answer: ResultsShowAnswer;
/** Replies a test sets for one call, taken in order before the default reply. */
let queued: Record<string, Reply[]> = {};
/** The patient's samples of the day (GET pacijenti/{id}/uzorci) and the result answers of those other samples. */
let samplesOfDay: { _id: string; code: string; status: string }[] = [];
let otherAnswers: Record<string, ResultsShowAnswer> = {};

const FAILURE = (status: number, code: string, message: string, field?: string): Reply => ({ status, body: { success: false, code, message, ...(field ? { field } : {}) } });

function route(call: Call): Reply {
  const path = call.url.split('?')[0] ?? '';
  const next = queued[path]?.shift();
  if (next) return next;
  if (path === `/api/rezultati/${SID}`) return { status: 200, body: answer };
  const other = Object.values(otherAnswers).find((candidate) => path === `/api/rezultati/${candidate.uzorak._id}`);
  if (other) return { status: 200, body: other };
  if (path === '/api/rezultati/save') return { status: 200, body: { success: true, status: 'U OBRADI', version: answer.version + 1, refleks: [] } };
  if (path === '/api/rezultati/odobri') return { status: 200, body: { success: true, status: 'ODOBREN', version: answer.version + 1 } };
  if (path === '/api/rezultati/verifikuj') return { status: 200, body: { success: true, status: 'VERIFICIRAN', version: answer.version + 1 } };
  if (path === `/api/uzorci/audit/${SID}`) {
    return {
      status: 200, body: {
        success: true, audit: [
          { korisnik: 'Selma Specijalista', vrijeme: '2026-03-10T07:20:00Z', akcija: 'sample.acknowledge', polje: 'obavijesten', staro: null, novo: '{"ko":"dr. Hodžić","kada":"2026-03-10T07:18:00Z"}', razlog: null },
          { korisnik: 'Tarik Tehničar', vrijeme: '2026-03-10T07:15:00Z', akcija: 'result.change', polje: 'CHOL', staro: '5.9', novo: '6.3', razlog: 'Ponovljena analiza' },
          { korisnik: null, vrijeme: '2026-03-10T07:15:00Z', akcija: 'result.calculate', polje: 'LDL', staro: '3.2', novo: '3.6', razlog: null },
          { korisnik: 'Tarik Tehničar', vrijeme: '2026-03-10T07:12:00Z', akcija: 'result.enter', polje: 'CHOL', staro: null, novo: '5.9', razlog: null },
          { korisnik: 'Tarik Tehničar', vrijeme: '2026-03-10T07:12:00Z', akcija: 'sample.future', polje: 'CHOL', staro: null, novo: 'x', razlog: null },
          { korisnik: 'Amra Administrator', vrijeme: '2026-03-10T07:06:00Z', akcija: 'sample.tests', polje: 'tests', staro: '["GLU"]', novo: '["GLU","CHOL"]', razlog: null },
          { korisnik: 'Amra Administrator', vrijeme: '2026-03-10T07:06:00Z', akcija: 'sample.update', polje: 'hitan', staro: 'true', novo: 'false', razlog: null },
          { korisnik: 'Amra Administrator', vrijeme: '2026-03-10T07:05:00Z', akcija: 'sample.create', polje: null, staro: null, novo: '{"code":"2603100001","status":"ZAPRIMLJEN","hitan":true,"tests":["GLU"]}', razlog: null },
        ],
      },
    };
  }
  if (path === `/api/uzorci/komentar/${SID}`) return { status: 200, body: { success: true, komentar: call.method === 'POST' ? call.body.komentar : 'Lipemičan serum' } };
  // The autoverification's note: the rules never judged these samples.
  if (path.startsWith('/api/autoverifikacija/uzorak/')) return { status: 200, body: { success: true, presuda: null } };
  if (path === '/api/assays/settings') return { status: 200, body: { success: true, settings: [{ komentari: ['Hemoliziran uzorak', 'Ponoviti analizu'] }] } };
  if (path === `/api/pacijenti/${PID}/uzorci`) {
    const data = samplesOfDay.map((sample) => ({ hitan: false, tip: 'Standard', datum: '2026-03-10T07:05:00Z', created_at: '2026-03-10T07:05:00Z', testova: 6, ...sample }));
    return { status: 200, body: { success: true, data, pagination: {} } };
  }
  return FAILURE(404, 'notFound', 'Zapis nije pronađen.');
}

function signIn(role: SessionData['access']['role'], level = 0) {
  sessionStore.start(sessionFixture({ access: { level, role, permissions: ['patients.read', 'samples.read', 'samples.write'] } }));
}

function renderScreen(search = '') {
  const router = createMemoryRouter(
    [{ path: '/obrada/rezultati/:patient/:id', element: <ResultEntryScreen /> }, { path: '/obrada/pregled', element: <p>Obrada uzoraka</p> }],
    { initialEntries: [`/obrada/rezultati/${PID}/${SID}${search}`] },
  );
  render(
    <AppProviders queryClient={createQueryClient()} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

beforeEach(() => {
  calls = [];
  queued = {};
  samplesOfDay = [];
  otherAnswers = {};
  answer = fixtureAnswer();
  vi.stubGlobal('fetch', vi.fn((url: string, init?: RequestInit) => {
    const call = { method: init?.method ?? 'GET', url, body: sentJson(init) };
    calls.push(call);
    const reply = route(call);
    return Promise.resolve(new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'Content-Type': 'application/json' } }));
  }));
});

afterEach(() => {
  cleanup();
  notifications.clean();
  sessionStore.clear();
  vi.unstubAllGlobals();
  applyLanguage('bs');
});

const input = (naziv: string) => screen.getByRole('textbox', { name: `Rezultat: ${naziv}` });
const flagOf = (sifra: string) => screen.getByTestId(`result-flag-${sifra}`);
const saves = () => calls.filter((call) => call.url.startsWith('/api/rezultati/save'));
const toast = (text: string) => screen.findByText(text, { selector: '.mantine-Notification-description' });

describe('ResultEntryScreen', () => {
  it('shows the patient, the sample and its tests grouped by section in report order', async () => {
    signIn('technician');
    renderScreen();
    expect(await screen.findByText('DEMIĆ LEJLA')).toBeInTheDocument();
    expect(screen.getByText('1503978175002')).toBeInTheDocument();
    expect(screen.getByText('47 god.')).toBeInTheDocument();
    expect(screen.getByTestId('sample-code')).toHaveTextContent('2603100004');
    expect(screen.getByRole('img', { name: 'Hitno' })).toBeInTheDocument();
    const sections = screen.getAllByRole('columnheader').filter((cell) => cell.getAttribute('scope') === 'colgroup').map((cell) => cell.textContent);
    expect(sections).toEqual(['Biohemija', 'Urin']);
    // The reference range that applies, the server's flag with the delta marker, who entered it.
    const chol = screen.getByTestId('result-row-CHOL');
    expect(chol).toHaveTextContent('≤ 5,2');
    expect(chol).toHaveTextContent('Tarik Tehničar10.03.2026 08:15');
    expect(chol.querySelector('[data-delta-exceeded]')).toHaveTextContent('4,1 (12.01.2026)');
    expect(flagOf('CHOL').querySelector('[data-flag]')).toHaveAttribute('data-flag', 'H');
    // A calculated test shows its computed value (the server's "4.10" with the decimal mark of the language) and takes no input.
    expect(screen.getByTestId('result-value-LDL')).toHaveTextContent(/^4,10$/);
    expect(screen.queryByRole('textbox', { name: 'Rezultat: LDL holesterol' })).not.toBeInTheDocument();
  });

  it('names tests and sections in the reader\'s language, in Bosnian where the catalogue has no translation', async () => {
    sessionStore.start(sessionFixture({ language: 'en', access: { level: 0, role: 'technician', permissions: ['patients.read', 'samples.read', 'samples.write'] } }));
    renderScreen();
    const user = userEvent.setup();
    expect(await screen.findByRole('textbox', { name: 'Result: Glucose' })).toBeInTheDocument();
    const sections = screen.getAllByRole('columnheader').filter((cell) => cell.getAttribute('scope') === 'colgroup').map((cell) => cell.textContent);
    expect(sections).toEqual(['Clinical chemistry', 'Urinalysis']);
    expect(screen.getByTestId('result-row-GLU')).toHaveTextContent('Glucose');
    expect(screen.getByTestId('result-row-GLU')).not.toHaveTextContent('Glukoza');
    // Beside the English name, the code tells the test apart (the analyte name is Bosnian).
    expect(within(screen.getByTestId('result-row-CHOL')).getByText('CHOL', { exact: true })).toBeInTheDocument();
    // Kalij has no English name in the fixture catalogue: its Bosnian name stands.
    expect(screen.getByRole('textbox', { name: 'Result: Kalij' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Earlier values: Total cholesterol' }));
    expect(await screen.findByRole('dialog', { name: 'Earlier values: Total cholesterol' })).toBeInTheDocument();
  });

  it('starts in the first empty result; Enter moves to the next result as a printout is typed', async () => {
    signIn('technician');
    renderScreen();
    const user = userEvent.setup();
    await waitFor(() => expect(input('Glukoza')).toHaveFocus());
    await user.keyboard('5,4{Enter}');
    // Holesterol already has a value but is still a stop; the calculated LDL is not.
    expect(input('Holesterol')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(input('Kalij')).toHaveFocus();
    await user.keyboard('4,2{Enter}');
    expect(screen.getByRole('button', { name: /^Rezultat: Urobilinogen/ })).toHaveFocus();
    await user.keyboard('n{Enter}');
    expect(screen.getByRole('button', { name: 'Rezultat: Urobilinogen: Negativan' })).toBeInTheDocument();
    expect(input('Boja urina')).toHaveFocus();
    await user.keyboard('Žuta{Enter}');
    // After the last result Enter lands on SAČUVAJ; nothing is sent before it is pressed.
    expect(screen.getByRole('button', { name: 'SAČUVAJ' })).toHaveFocus();
    expect(saves()).toHaveLength(0);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]?.body.rezultati).toEqual([
      { test: TEST_IDS.uro, rezultat: 'Negativan' },
      { test: TEST_IDS.boja, rezultat: 'Žuta' },
      { test: TEST_IDS.glu, rezultat: '5,4' },
      { test: TEST_IDS.k, rezultat: '4,2' },
    ]);
  });

  it('shows the flag as the value is typed, against the patient\'s reference range', async () => {
    signIn('technician');
    renderScreen();
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Rezultat: Glukoza' }), '7,2');
    expect(flagOf('GLU').querySelector('[data-flag]')).toHaveAttribute('data-flag', 'H');
    await user.clear(input('Glukoza'));
    await user.type(input('Glukoza'), '3.1');
    expect(flagOf('GLU').querySelector('[data-flag]')).toHaveAttribute('data-flag', 'L');
    await user.clear(input('Glukoza'));
    await user.type(input('Glukoza'), '5');
    expect(flagOf('GLU').querySelector('[data-flag]')).toBeNull();
    // A text answer that is not the expected one is abnormal; diacritics and case do not matter.
    await user.type(input('Boja urina'), 'crvena');
    expect(flagOf('BOJA').querySelector('[data-flag]')).toHaveAttribute('data-flag', 'A');
    await user.clear(input('Boja urina'));
    await user.type(input('Boja urina'), 'svijetlo ZUTA');
    expect(flagOf('BOJA').querySelector('[data-flag]')).toBeNull();
    // Changing a stored value replaces the server's flag by the live one.
    await user.clear(input('Holesterol'));
    await user.type(input('Holesterol'), '4,8');
    expect(flagOf('CHOL').querySelector('[data-flag]')).toBeNull();
    expect(screen.getByTestId('result-row-CHOL').querySelector('[data-delta-exceeded]')).toBeNull();
  });

  it("shows the analyser's flags beside a result the analyser entered", async () => {
    signIn('technician');
    answer = fixtureAnswer({}, fixtureTests({ glu: { rezultat: '12.8', unio: 'XN-350', unio_at: '2026-03-10T08:00:00Z', aparat_flag: 'H W' } }));
    renderScreen();
    expect(await screen.findByTestId('analyser-flags-GLU')).toHaveTextContent('Oznake aparata: H W');
  });

  it('marks a value that is not a number and does not send it', async () => {
    signIn('technician');
    renderScreen();
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Rezultat: Glukoza' }), '5,4x');
    expect(screen.getByText('Rezultat Glukoza mora biti broj (npr. 5,4 ili <0,5).')).toBeInTheDocument();
    expect(input('Glukoza')).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'SAČUVAJ' }));
    expect(await toast('Ispravite označene rezultate.')).toBeInTheDocument();
    expect(saves()).toHaveLength(0);
  });

  it('confirms a positive qualitative result only once its grade is chosen', async () => {
    signIn('technician');
    renderScreen();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Rezultat: Urobilinogen: Odaberite' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rezultat: Urobilinogen' });
    const confirm = within(dialog).getByRole('button', { name: 'POTVRDI' });
    expect(confirm).toBeEnabled();
    await user.click(within(dialog).getByRole('radio', { name: 'Pozitivan' }));
    expect(confirm).toBeDisabled();
    expect(within(dialog).getByText('Za pozitivan rezultat izaberite stepen.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: '++' }));
    expect(confirm).toBeEnabled();
    await user.click(confirm);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Rezultat: Urobilinogen' })).not.toBeInTheDocument());
    const field = screen.getByRole('button', { name: 'Rezultat: Urobilinogen: Pozitivan (++)' });
    // Positive where Negativan is expected: abnormal.
    expect(flagOf('URO').querySelector('[data-flag]')).toHaveAttribute('data-flag', 'A');
    // P from the keyboard opens the choice of the grade again, already on Pozitivan.
    field.focus();
    await user.keyboard('p');
    const again = await screen.findByRole('dialog', { name: 'Rezultat: Urobilinogen' });
    expect(within(again).getByRole('radio', { name: 'Pozitivan' })).toBeChecked();
    expect(within(again).getByRole('radio', { name: '++' })).toBeChecked();
    await user.click(within(again).getByRole('radio', { name: '+++' }));
    await user.click(within(again).getByRole('button', { name: 'POTVRDI' }));
    await user.keyboard('{Control>}s{/Control}');
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]?.body.rezultati).toEqual([{ test: TEST_IDS.uro, rezultat: 'Pozitivan (+++)' }]);
  });

  it('saves with Ctrl+S exactly the text typed, only what changed, with the version that was loaded', async () => {
    signIn('technician');
    renderScreen();
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Rezultat: Glukoza' }), '5,40');
    await user.type(input('Kalij'), '<1.5');
    expect(screen.getByText('Nesačuvane izmjene: 2')).toBeInTheDocument();
    const reloads = calls.filter((call) => call.url.startsWith(`/api/rezultati/${SID}`)).length;
    answer = fixtureAnswer({ version: 4 }, fixtureTests({ glu: { rezultat: '5,40', unio: 'Tarik Tehničar', unio_at: '2026-03-10T08:00:00Z' }, k: { rezultat: '<1.5', flag: 'LL', kriticni: true } }));
    await user.keyboard('{Control>}s{/Control}');
    expect(await toast('Rezultati sačuvani.')).toBeInTheDocument();
    expect(saves()).toHaveLength(1);
    expect(saves()[0]?.body).toEqual({
      site: 'site-sa', sid: SID, version: 3,
      rezultati: [{ test: TEST_IDS.glu, rezultat: '5,40' }, { test: TEST_IDS.k, rezultat: '<1.5' }],
    });
    // The sample is read again: the server's flags (here a critical LL) replace the live ones, and the drafts are gone.
    expect(calls.filter((call) => call.url.startsWith(`/api/rezultati/${SID}`)).length).toBe(reloads + 1);
    await waitFor(() => expect(flagOf('K').querySelector('[data-flag]')).toHaveAttribute('data-flag', 'LL'));
    expect(flagOf('K')).toHaveTextContent('LL kritično');
    expect(screen.getByText('Ctrl+S sprema sve izmjene')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'SAČUVAJ' })).toBeDisabled();
  });

  it('refuses a stale save without overwriting: says so, keeps the typed value in view and offers to reload', async () => {
    signIn('technician');
    renderScreen();
    const user = userEvent.setup();
    queued['/api/rezultati/save'] = [FAILURE(409, 'results.versionConflict', 'Uzorak je u međuvremenu izmijenio drugi korisnik. Osvježite prikaz i pokušajte ponovo.')];
    await user.type(await screen.findByRole('textbox', { name: 'Rezultat: Glukoza' }), '5,4');
    await user.click(screen.getByRole('button', { name: 'SAČUVAJ' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Uzorak je izmijenjen');
    expect(alert).toHaveTextContent('Uzorak je u međuvremenu izmijenio drugi korisnik. Osvježite prikaz i pokušajte ponovo.');
    expect(alert).toHaveTextContent('Nije sačuvano: Glukoza 5,4');
    expect(input('Glukoza')).toHaveValue('5,4');

    answer = fixtureAnswer({ version: 5 }, fixtureTests({ glu: { rezultat: '5,9', unio: 'Selma Specijalista', unio_at: '2026-03-10T08:01:00Z' } }));
    await user.click(within(alert).getByRole('button', { name: 'Učitaj ponovo' }));
    await waitFor(() => expect(input('Glukoza')).toHaveValue('5,9'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // The next save goes with the version just read.
    await user.clear(input('Glukoza'));
    await user.type(input('Glukoza'), '5,4');
    await user.click(screen.getByRole('button', { name: 'SAČUVAJ' }));
    await waitFor(() => expect(saves()).toHaveLength(2));
    expect(saves()[1]?.body).toMatchObject({ version: 5, rezultati: [{ test: TEST_IDS.glu, rezultat: '5,4' }] });
  });

  it('asks the reason before changing a released result after an unlock, and sends it with the save', async () => {
    signIn('specialist');
    answer = fixtureAnswer({ status: 'REALIZOVAN' }, fixtureTests({ glu: { rezultat: '5,1' }, k: { rezultat: '4,0' } }));
    queued['/api/rezultati/save'] = [FAILURE(400, 'results.reasonRequired', 'Unesite razlog izmjene.', 'razlog')];
    renderScreen();
    const user = userEvent.setup();
    await user.clear(await screen.findByRole('textbox', { name: 'Rezultat: Glukoza' }));
    await user.type(input('Glukoza'), '5,6');
    await user.click(screen.getByRole('button', { name: 'SAČUVAJ' }));
    const dialog = await screen.findByRole('dialog', { name: 'Razlog izmjene' });
    const confirm = within(dialog).getByRole('button', { name: 'POTVRDI' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: 'Razlog' }), 'Ponovljena analiza iz iste epruvete');
    await user.click(confirm);
    await waitFor(() => expect(saves()).toHaveLength(2));
    expect(saves()[0]?.body).not.toHaveProperty('razlog');
    expect(saves()[1]?.body).toMatchObject({
      version: 3, rezultati: [{ test: TEST_IDS.glu, rezultat: '5,6' }], razlog: 'Ponovljena analiza iz iste epruvete',
    });
    expect(await toast('Rezultati sačuvani.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Razlog izmjene' })).not.toBeInTheDocument());
  });

  it('asks who was told, and when, before verifying a sample with a critical value', async () => {
    signIn('specialist');
    answer = fixtureAnswer({ status: 'ODOBREN' }, fixtureTests({
      uro: { rezultat: 'Negativan' }, boja: { rezultat: 'Žuta' }, glu: { rezultat: '5,1' }, k: { rezultat: '6,9', flag: 'HH', kriticni: true },
    }));
    renderScreen();
    const user = userEvent.setup();
    // Approved: the results are read-only, and the approval can be taken back or the sample verified.
    expect(await screen.findByText('Uzorak je ODOBREN: rezultati se ne mogu mijenjati.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /^Rezultat:/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'SAČUVAJ' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Poništi odobrenje' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Odobri' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Verifikuj' }));
    const dialog = await screen.findByRole('dialog', { name: 'Obavještenje o kritičnim vrijednostima' });
    expect(dialog).toHaveTextContent('Kalij: 6,9 mmol/L (HH)');
    await user.click(within(dialog).getByRole('button', { name: 'Verifikuj' }));
    expect(await within(dialog).findByText('Uzorak ima kritične vrijednosti: unesite koga ste obavijestili i kada.')).toBeInTheDocument();
    expect(calls.filter((call) => call.url.startsWith('/api/rezultati/verifikuj'))).toHaveLength(0);

    const before = Date.now();
    await user.type(within(dialog).getByRole('textbox', { name: 'Obaviješten (ko)' }), 'dr. Hodžić, Hitna pomoć');
    await user.click(within(dialog).getByRole('button', { name: 'Verifikuj' }));
    await waitFor(() => expect(calls.filter((call) => call.url.startsWith('/api/rezultati/verifikuj'))).toHaveLength(1));
    const body = calls.find((call) => call.url.startsWith('/api/rezultati/verifikuj'))?.body as { sid: string; obavijesten: { ko: string; kada: string } };
    expect(body.sid).toBe(SID);
    expect(body.obavijesten.ko).toBe('dr. Hodžić, Hitna pomoć');
    // "Now" by default, to the minute the dialog opened, as an instant with its offset.
    expect(body.obavijesten.kada).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
    expect(Math.abs(Date.parse(body.obavijesten.kada) - before)).toBeLessThan(60_000);
    expect(await toast('Rezultati verificirani.')).toBeInTheDocument();
  });

  it('verifies a sample without critical values at once', async () => {
    signIn('specialist');
    answer = fixtureAnswer({ status: 'ODOBREN' }, fixtureTests({
      uro: { rezultat: 'Negativan' }, boja: { rezultat: 'Žuta' }, glu: { rezultat: '5,1' }, k: { rezultat: '4,4' },
    }));
    renderScreen();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Verifikuj' }));
    await waitFor(() => expect(calls.filter((call) => call.url.startsWith('/api/rezultati/verifikuj'))).toHaveLength(1));
    expect(calls.find((call) => call.url.startsWith('/api/rezultati/verifikuj'))?.body).toEqual({ site: 'site-sa', sid: SID });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps Odobri disabled, saying why, until every test has a result', async () => {
    signIn('technician');
    renderScreen();
    const user = userEvent.setup();
    const approve = await screen.findByRole('button', { name: 'Odobri' });
    expect(approve).toHaveAttribute('aria-disabled', 'true');
    await user.hover(approve);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Nisu uneseni svi rezultati');
    await user.click(approve);
    expect(calls.filter((call) => call.url.startsWith('/api/rezultati/odobri'))).toHaveLength(0);
    // A technician does not verify.
    expect(screen.queryByRole('button', { name: 'Verifikuj' })).not.toBeInTheDocument();
  });

  it('approves only what is saved: Odobri waits for unsaved changes, then approves after reading the sample again', async () => {
    signIn('technician');
    answer = fixtureAnswer({ status: 'REALIZOVAN' }, fixtureTests({ uro: { rezultat: 'Negativan' }, boja: { rezultat: 'Žuta' }, glu: { rezultat: '5,1' }, k: { rezultat: '4,4' } }));
    renderScreen();
    const user = userEvent.setup();
    await user.clear(await screen.findByRole('textbox', { name: 'Rezultat: Glukoza' }));
    await user.type(input('Glukoza'), '5,2');
    const approve = screen.getByRole('button', { name: 'Odobri' });
    expect(approve).toHaveAttribute('aria-disabled', 'true');
    await user.hover(approve);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Najprije sačuvajte izmjene');
    await user.click(approve);
    expect(calls.filter((call) => call.url.startsWith('/api/rezultati/odobri'))).toHaveLength(0);
    // Ctrl+S inside a dialog is not the results' save.
    await user.click(screen.getByRole('button', { name: 'Komentar' }));
    await user.click(await screen.findByRole('textbox', { name: 'Tekst komentara' }));
    await user.keyboard('{Control>}s{/Control}');
    expect(saves()).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'ODUSTANI' }));

    await user.clear(input('Glukoza'));
    await user.type(input('Glukoza'), '5,1');
    expect(approve).not.toHaveAttribute('aria-disabled');
    const before = calls.length;
    await user.click(approve);
    expect(await toast('Rezultati odobreni.')).toBeInTheDocument();
    // Read again, approved, and read again to show the new status.
    await waitFor(() => expect(calls.slice(before).map((call) => `${call.method} ${call.url.split('?')[0]}`)).toEqual([
      `GET /api/rezultati/${SID}`, 'POST /api/rezultati/odobri', `GET /api/rezultati/${SID}`,
    ]));
    expect(calls.find((call) => call.url.startsWith('/api/rezultati/odobri'))?.body).toEqual({ site: 'site-sa', sid: SID });
  });

  it('shows a read-only user the results and their history, and no control that writes', async () => {
    signIn('viewer');
    renderScreen();
    const user = userEvent.setup();
    expect(await screen.findByText('Vaš račun ima pravo samo na pregled rezultata.')).toBeInTheDocument();
    expect(screen.getByTestId('result-value-CHOL')).toHaveTextContent('6,3');
    expect(screen.queryAllByRole('textbox')).toHaveLength(0);
    for (const name of ['SAČUVAJ', 'Odobri', 'Poništi odobrenje', 'Verifikuj', 'Otključaj', 'Sačuvaj više uzoraka']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    expect(screen.queryByRole('button', { name: /^Rezultat:/ })).not.toBeInTheDocument();
    // The comment can be read, not written.
    await user.click(screen.getByRole('button', { name: 'Komentar' }));
    const comment = await screen.findByRole('dialog', { name: 'Komentar' });
    expect(await within(comment).findByDisplayValue('Lipemičan serum')).toHaveAttribute('readonly');
    expect(within(comment).queryByRole('button', { name: 'SAČUVAJ' })).not.toBeInTheDocument();
    expect(within(comment).queryByRole('combobox', { name: 'Izaberite željeni komentar' })).not.toBeInTheDocument();
  });

  it('is read-only for an account with access level above 0 whatever its role', async () => {
    signIn('admin', 1);
    renderScreen();
    expect(await screen.findByText('Vaš račun ima pravo samo na pregled rezultata.')).toBeInTheDocument();
    expect(screen.queryAllByRole('textbox')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'SAČUVAJ' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Odobri' })).not.toBeInTheDocument();
  });

  it('shows the audit trail newest first, and a test\'s earlier values from it', async () => {
    signIn('technician');
    renderScreen();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Historija izmjena' }));
    const dialog = await screen.findByRole('dialog', { name: 'Historija izmjena' });
    const rows = await within(dialog).findAllByRole('row');
    expect(rows.slice(1).map((row) => row.textContent)).toEqual([
      '10.03.2026 08:20Selma SpecijalistaObavještenje o kritičnim vrijednostimaObaviještendr. Hodžić, 10.03.2026 08:18',
      '10.03.2026 08:15Tarik TehničarRezultat izmijenjenCHOL5,96,3Ponovljena analiza',
      '10.03.2026 08:15SistemRezultat izračunatLDL3,23,6',
      '10.03.2026 08:12Tarik TehničarRezultat unesenCHOL5,9',
      // A step this build does not know yet is shown by its key rather than hidden.
      '10.03.2026 08:12Tarik Tehničarsample.futureCHOLx',
      // Test selections by their codes, a yes/no field in words, the registration in words.
      '10.03.2026 08:06Amra AdministratorTestovi izmijenjeniTestoviGLUGLU, CHOL',
      '10.03.2026 08:06Amra AdministratorUzorak izmijenjenHitnodane',
      '10.03.2026 08:05Amra AdministratorUzorak registrovanUzorak 2603100001, ZAPRIMLJEN, hitno, testovi: GLU',
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'ZATVORI' }));

    await user.click(screen.getByRole('button', { name: 'Ranije vrijednosti: Holesterol' }));
    const history = await screen.findByRole('dialog', { name: 'Ranije vrijednosti: Holesterol' });
    const items = await within(history).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      '6,3 ← 5,910.03.2026 08:15 · Tarik Tehničar · Ponovljena analiza',
      '5,910.03.2026 08:12 · Tarik Tehničar',
    ]);
  });

  it('appends a predefined comment to the text and saves the comment', async () => {
    signIn('technician');
    renderScreen();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Komentar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Komentar' });
    const text = await within(dialog).findByRole('textbox', { name: 'Tekst komentara' });
    expect(text).toHaveValue('Lipemičan serum');
    await user.click(within(dialog).getByRole('combobox', { name: 'Izaberite željeni komentar' }));
    await user.click(await screen.findByRole('option', { name: 'Ponoviti analizu' }));
    expect(text).toHaveValue('Lipemičan serum\nPonoviti analizu');
    await user.click(within(dialog).getByRole('button', { name: 'SAČUVAJ' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST' && call.url.startsWith(`/api/uzorci/komentar/${SID}`))).toBe(true));
    expect(calls.find((call) => call.method === 'POST' && call.url.startsWith(`/api/uzorci/komentar/${SID}`))?.body)
      .toEqual({ site: 'site-sa', komentar: 'Lipemičan serum\nPonoviti analizu' });
    expect(await toast('Komentar sačuvan.')).toBeInTheDocument();
  });

  it('asks before leaving with unsaved results', async () => {
    signIn('technician');
    renderScreen();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Nazad na obradu' }));
    // Nothing typed: it leaves at once.
    expect(await screen.findByText('Obrada uzoraka')).toBeInTheDocument();
    cleanup();
    renderScreen();
    await user.type(await screen.findByRole('textbox', { name: 'Rezultat: Glukoza' }), '5,4');
    await user.click(screen.getByRole('button', { name: 'Nazad na obradu' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nesačuvane izmjene' });
    expect(dialog).toHaveTextContent('Niste sačuvali izmjene rezultata (1).');
    await user.click(within(dialog).getByRole('button', { name: 'ODUSTANI' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Nesačuvane izmjene' })).not.toBeInTheDocument());
    expect(input('Glukoza')).toHaveValue('5,4');
    await user.click(screen.getByRole('button', { name: 'Nazad na obradu' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Nesačuvane izmjene' })).getByRole('button', { name: 'Napusti bez spremanja' }));
    expect(await screen.findByText('Obrada uzoraka')).toBeInTheDocument();
  });

  describe('multi-sample save', () => {
    const OTHER = '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
    const LOCKED = '2c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
    const otherTests = () => fixtureTests({ chol: { rezultat: null, flag: null, unio: null, unio_at: null, delta: null }, k: { rezultat: '4,0' } })
      .filter((test) => test.sifra !== 'URO')
      .map((test) => ({ ...test, _id: test._id.replace('00000000-0000', '11111111-1111') }));

    beforeEach(() => {
      answer = fixtureAnswer({ status: 'REALIZOVAN' }, fixtureTests({ uro: { rezultat: 'Negativan' }, boja: { rezultat: 'Žuta' }, glu: { rezultat: '5,1' }, k: { rezultat: '4,4' } }));
      samplesOfDay = [
        { _id: SID, code: '2603100004', status: 'REALIZOVAN' },
        { _id: OTHER, code: '2603100005', status: 'U OBRADI' },
        { _id: LOCKED, code: '2603100006', status: 'ODOBREN' },
      ];
      const other = fixtureAnswer({ version: 7 }, otherTests());
      otherAnswers = { [OTHER]: { ...other, uzorak: { ...other.uzorak, _id: OTHER, id: OTHER, sid: OTHER, code: '2603100005' } } };
    });

    it('copies this sample\'s results into the patient\'s other samples of the day that have the same tests', async () => {
      signIn('technician');
      renderScreen();
      const user = userEvent.setup();
      const multi = await screen.findByRole('button', { name: 'Sačuvaj više uzoraka' });
      const list = calls.find((call) => call.url.startsWith(`/api/pacijenti/${PID}/uzorci`));
      // The day of the sample at the site; the approved sample of that day is not even read.
      expect(new URL(list?.url ?? '', 'http://lis').searchParams.get('dateRangeMin')).toBe('2026-03-10');
      expect(new URL(list?.url ?? '', 'http://lis').searchParams.get('dateRangeMax')).toBe('2026-03-10');
      expect(calls.some((call) => call.url.startsWith(`/api/rezultati/${LOCKED}`))).toBe(false);

      // Unsaved changes come first: what is copied is what this sample holds.
      await user.type(input('Glukoza'), '9');
      expect(multi).toHaveAttribute('aria-disabled', 'true');
      await user.click(multi);
      expect(screen.queryByRole('dialog', { name: 'Spremanje u više uzoraka' })).not.toBeInTheDocument();
      await user.clear(input('Glukoza'));
      await user.type(input('Glukoza'), '5,1');
      expect(multi).not.toHaveAttribute('aria-disabled');

      await user.click(multi);
      const dialog = await screen.findByRole('dialog', { name: 'Spremanje u više uzoraka' });
      const row = within(dialog).getByRole('checkbox', { name: 'Spremi i u uzorak 2603100005' }).closest('tr')!;
      // Only what differs, for the tests both samples have (the calculated LDL is computed there, not copied).
      expect(within(row).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
        'Boja urina: — → Žuta', 'Glukoza: — → 5,1', 'Holesterol: — → 6,3', 'Kalij: 4,0 → 4,4',
      ]);
      const confirm = within(dialog).getByRole('button', { name: 'SAČUVAJ (0)' });
      expect(confirm).toBeDisabled();
      await user.click(within(dialog).getByRole('checkbox', { name: 'Spremi i u uzorak 2603100005' }));
      await user.click(within(dialog).getByRole('button', { name: 'SAČUVAJ (1)' }));
      await waitFor(() => expect(saves()).toHaveLength(1));
      const id = (test: string) => test.replace('00000000-0000', '11111111-1111');
      expect(saves()[0]?.body).toEqual({
        site: 'site-sa', sid: OTHER, version: 7, rezultati: [
          { test: id(TEST_IDS.boja), rezultat: 'Žuta' }, { test: id(TEST_IDS.glu), rezultat: '5,1' },
          { test: id(TEST_IDS.chol), rezultat: '6,3' }, { test: id(TEST_IDS.k), rezultat: '4,4' },
        ],
      });
      expect(await toast('Rezultati sačuvani u 1 uzoraka.')).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Spremanje u više uzoraka' })).not.toBeInTheDocument());
    });

    it('reads the day from ?date= and offers nothing when no other sample of that day shares a test', async () => {
      signIn('technician');
      samplesOfDay = [{ _id: SID, code: '2603100004', status: 'REALIZOVAN' }];
      renderScreen('?date=09.03.2026');
      await screen.findByText('DEMIĆ LEJLA');
      await waitFor(() => expect(calls.some((call) => call.url.startsWith(`/api/pacijenti/${PID}/uzorci`))).toBe(true));
      const list = calls.find((call) => call.url.startsWith(`/api/pacijenti/${PID}/uzorci`));
      expect(new URL(list?.url ?? '', 'http://lis').searchParams.get('dateRangeMin')).toBe('2026-03-09');
      expect(screen.queryByRole('button', { name: 'Sačuvaj više uzoraka' })).not.toBeInTheDocument();
    });
  });
});
