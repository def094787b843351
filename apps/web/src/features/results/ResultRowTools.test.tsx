import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import type { ResultTest, ResultsShowAnswer } from '@lis/domain';
import { MemoryRouter } from 'react-router';
import { createQueryClient } from '../../api/query-client.ts';
import { AppProviders } from '../../app/providers.tsx';
import { sentJson, sessionFixture } from '../../test/fixtures.ts';
import { sessionStore } from '../../lib/session-store.ts';
import { LabelReprint, barcodeDate } from './LabelReprint.tsx';
import { ResultRowTools } from './ResultRowTools.tsx';
import { awaitsRetest, withRetestAnswers } from './retest.ts';
import { PID, SID, TEST_IDS, fixtureAnswer, fixtureTests } from './test-fixtures.ts';

type Call = { url: string; body: Record<string, unknown> };
let calls: Call[] = [];
const onChanged = vi.fn(() => Promise.resolve());

const LABELS = {
  success: true,
  results: [
    { patient: { jmbg: '1503978175002', ime: 'LEJLA', prezime: 'DEMIĆ' }, id: SID, created_at: '2026-03-10T08:00:00.000Z', sample: { pid: PID, datum: '10.03.2026', code: '2603100004' } },
    { patient: { jmbg: '1503978175002', ime: 'LEJLA', prezime: 'DEMIĆ' }, id: 'other', created_at: '2026-03-10T09:30:00.000Z', sample: { pid: PID, datum: '10.03.2026', code: '2603100007' } },
  ],
};

beforeEach(() => {
  calls = [];
  onChanged.mockClear();
  vi.stubGlobal('fetch', vi.fn((url: string, init?: RequestInit) => {
    calls.push({ url, body: sentJson(init) });
    const body = url.startsWith('/api/rezultati/odobravanje/barcodes') ? LABELS : { success: true, status: 'U OBRADI', version: 8 };
    return Promise.resolve(new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } }));
  }));
  sessionStore.start(sessionFixture({ access: { level: 0, role: 'technician', permissions: ['samples.read', 'results.enter'] } }));
});

afterEach(() => {
  cleanup();
  notifications.clean();
  sessionStore.clear();
  vi.unstubAllGlobals();
});

function renderTools(answer: ResultsShowAnswer, test: ResultTest, canEnter = true) {
  render(
    <AppProviders queryClient={createQueryClient()} env="test">
      <ResultRowTools answer={answer} test={test} canEnter={canEnter} onChanged={onChanged} />
    </AppProviders>,
  );
}

const posts = (path: string) => calls.filter((call) => call.url.split('?')[0] === `/api${path}`);
const byId = (tests: ResultTest[], id: string) => tests.find((test) => test._id === id)!;

describe('the erase icon', () => {
  const tests = fixtureTests({ uro: { rezultat: 'Negativan' } });
  const answer = fixtureAnswer({ status: 'ZAPRIMLJEN', version: 7, actions: ['delete', 'save', 'retest', 'erase'] }, tests);

  it('resets a negative result on a double-click only, saving it cleared with the version read', async () => {
    renderTools(answer, byId(tests, TEST_IDS.uro));
    const user = userEvent.setup();
    const erase = screen.getByRole('button', { name: 'Poništi rezultat Urobilinogen (dvoklik)' });
    await user.click(erase);
    expect(posts('/rezultati/save')).toHaveLength(0);
    await user.dblClick(erase);
    await waitFor(() => expect(posts('/rezultati/save')).toHaveLength(1));
    expect(posts('/rezultati/save')[0]!.body).toMatchObject({ sid: SID, version: 7, rezultati: [{ test: TEST_IDS.uro, rezultat: '' }] });
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
  });

  it('is not offered without the erase action, for a test that is not qualitative, or to a user who may not enter results', () => {
    renderTools(fixtureAnswer({ status: 'U OBRADI', actions: ['save', 'retest'] }, tests), byId(tests, TEST_IDS.uro));
    expect(screen.queryByRole('button', { name: /Poništi rezultat/ })).toBeNull();
    cleanup();
    const withGlu = fixtureTests({ glu: { rezultat: '5,0' } });
    renderTools(answer, byId(withGlu, TEST_IDS.glu));
    expect(screen.queryByRole('button', { name: /Poništi rezultat/ })).toBeNull();
    cleanup();
    renderTools(answer, byId(tests, TEST_IDS.uro), false);
    expect(screen.queryByRole('button', { name: /Poništi rezultat/ })).toBeNull();
  });
});

describe('retest', () => {
  it('asks the reason and takes the result back with it', async () => {
    const tests = fixtureTests({ glu: { rezultat: '5,0' } });
    renderTools(fixtureAnswer({ status: 'REALIZOVAN', version: 4 }, tests), byId(tests, TEST_IDS.glu));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Ponovi test Glukoza' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ponavljanje testa Glukoza' });
    expect(within(dialog).getByRole('button', { name: 'POTVRDI' })).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox'), 'Hemoliza');
    await user.click(within(dialog).getByRole('button', { name: 'POTVRDI' }));
    await waitFor(() => expect(posts('/rezultati/retest')).toHaveLength(1));
    expect(posts('/rezultati/retest')[0]!.body).toMatchObject({ sid: SID, version: 4, test: TEST_IDS.glu, razlog: 'Hemoliza' });
  });

  it('shows a pending retest with its reason instead of offering another', () => {
    const tests = fixtureTests({ glu: { rezultat: '5,0', retest: 'Lipemija' } });
    renderTools(fixtureAnswer({ status: 'U OBRADI' }, tests), byId(tests, TEST_IDS.glu));
    expect(screen.getByTestId('retest-pending-GLU')).toHaveTextContent('Ponavljanje');
    expect(screen.queryByRole('button', { name: 'Ponovi test Glukoza' })).toBeNull();
  });

  it("sends a retest's value even when it equals the earlier one, and nothing for a test not waiting", () => {
    const tests = fixtureTests({ glu: { rezultat: '5,0', retest: 'Lipemija' }, k: { rezultat: '4,1' } });
    expect(awaitsRetest(byId(tests, TEST_IDS.glu))).toBe(true);
    expect(withRetestAnswers(tests, { [TEST_IDS.glu]: '5,0', [TEST_IDS.k]: '4,1' }, [])).toEqual([{ test: TEST_IDS.glu, rezultat: '5,0' }]);
    // A changed value is already among the changes: not twice.
    const changed = [{ test: TEST_IDS.glu, rezultat: '5,4' }];
    expect(withRetestAnswers(tests, { [TEST_IDS.glu]: '5,4' }, changed)).toEqual(changed);
    expect(withRetestAnswers(tests, {}, [])).toEqual([]);
  });
});

describe('label reprint', () => {
  it("lists the patient's samples of the day from the label call, with the day as dd-mm-yyyy", async () => {
    expect(barcodeDate({ year: 2026, month: 3, day: 10 })).toBe('10-03-2026');
    render(
      <AppProviders queryClient={createQueryClient()} env="test">
        <MemoryRouter initialEntries={['/obrada/rezultati/p-1/x?date=2026-03-10']}>
          <LabelReprint sid={SID} patientId={PID} createdAt="2026-03-10T08:00:00.000Z" />
        </MemoryRouter>
      </AppProviders>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Naljepnice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Naljepnice uzoraka pacijenta ovog dana' });
    await within(dialog).findByText('2603100007');
    const call = calls.find((candidate) => candidate.url.startsWith('/api/rezultati/odobravanje/barcodes'))!;
    expect(call.url.split('?')[0]).toBe(`/api/rezultati/odobravanje/barcodes/${SID}/${PID}`);
    expect(new URL(call.url, 'http://test').searchParams.get('date')).toBe('10-03-2026');
    expect(within(dialog).getByRole('button', { name: 'Štampaj naljepnicu uzorka 2603100007' })).toBeVisible();
  });
});
