import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import type { ResultsShowAnswer, SampleStatus, SessionData } from '@lis/domain';
import { createQueryClient } from '../../api/query-client.ts';
import { AppProviders } from '../../app/providers.tsx';
import { sentJson, sessionFixture } from '../../test/fixtures.ts';
import { sessionStore } from '../../lib/session-store.ts';
import { ResultRowActions } from './index.ts';
import { SID, fixtureAnswer, fixtureTests } from './test-fixtures.ts';

type Call = { url: string; body: Record<string, unknown> };
let calls: Call[] = [];
let answer: ResultsShowAnswer;
const onChanged = vi.fn();

const COMPLETE = fixtureTests({ uro: { rezultat: 'Negativan' }, boja: { rezultat: 'Žuta' }, glu: { rezultat: '5,1' }, k: { rezultat: '4,4' } });

beforeEach(() => {
  calls = [];
  onChanged.mockReset();
  vi.stubGlobal('fetch', vi.fn((url: string, init?: RequestInit) => {
    calls.push({ url, body: sentJson(init) });
    const path = url.split('?')[0];
    const body = path === `/api/rezultati/${SID}` ? answer : { success: true, status: 'ODOBREN', version: answer.version + 1 };
    return Promise.resolve(new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } }));
  }));
});

afterEach(() => {
  cleanup();
  notifications.clean();
  sessionStore.clear();
  vi.unstubAllGlobals();
});

function renderRow(role: SessionData['access']['role'], status: SampleStatus, kriticni = false, level = 0) {
  sessionStore.start(sessionFixture({ access: { level, role, permissions: ['samples.read'] } }));
  render(
    <AppProviders queryClient={createQueryClient()} env="test">
      <ResultRowActions sample={{ _id: SID, status, pdf_exists: false, kriticni, code: '2603100004' }} onChanged={onChanged} />
    </AppProviders>,
  );
}

const posts = (path: string) => calls.filter((call) => call.url.split('?')[0] === `/api${path}`);
const toast = (text: string) => screen.findByText(text, { selector: '.mantine-Notification-description' });

describe('ResultRowActions', () => {
  it('approves a complete sample after reading it again', async () => {
    answer = fixtureAnswer({ status: 'REALIZOVAN' }, COMPLETE);
    renderRow('technician', 'REALIZOVAN');
    const user = userEvent.setup();
    const group = screen.getByRole('group', { name: 'Akcije za uzorak 2603100004' });
    expect(within(group).getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual(['Odobri — 2603100004']);
    await user.click(within(group).getByRole('button', { name: 'Odobri — 2603100004' }));
    await waitFor(() => expect(posts('/rezultati/odobri')).toHaveLength(1));
    expect(calls.map((call) => call.url.split('?')[0])).toEqual([`/api/rezultati/${SID}`, '/api/rezultati/odobri']);
    expect(posts('/rezultati/odobri')[0]?.body).toEqual({ site: 'site-sa', sid: SID });
    expect(await toast('Rezultati odobreni.')).toBeInTheDocument();
    expect(onChanged).toHaveBeenCalledTimes(1);
  });

  it('shows the check of a sample still waiting for results disabled, saying why', async () => {
    answer = fixtureAnswer({ status: 'U OBRADI' });
    renderRow('technician', 'U OBRADI');
    const user = userEvent.setup();
    const check = screen.getByRole('button', { name: 'Nisu uneseni svi rezultati — 2603100004' });
    expect(check).toHaveAttribute('aria-disabled', 'true');
    await user.click(check);
    expect(calls).toHaveLength(0);
  });

  it('does not send an action the sample\'s status no longer allows', async () => {
    answer = fixtureAnswer({ status: 'ODOBREN' }, COMPLETE);
    renderRow('technician', 'REALIZOVAN');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Odobri — 2603100004' }));
    expect(await toast('Radnja više nije dozvoljena: uzorak je ODOBREN.')).toBeInTheDocument();
    expect(posts('/rezultati/odobri')).toHaveLength(0);
    expect(onChanged).toHaveBeenCalledTimes(1);
  });

  it('offers a technician only the undo of an approval, a specialist also verification', async () => {
    answer = fixtureAnswer({ status: 'ODOBREN' }, COMPLETE);
    renderRow('technician', 'ODOBREN');
    const user = userEvent.setup();
    expect(screen.getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual(['Poništi odobrenje — 2603100004']);
    await user.click(screen.getByRole('button', { name: 'Poništi odobrenje — 2603100004' }));
    await waitFor(() => expect(posts('/rezultati/odobri/undo')).toHaveLength(1));
    expect(posts('/rezultati/odobri/undo')[0]?.body).toEqual({ site: 'site-sa', sid: SID });
    cleanup();
    renderRow('specialist', 'ODOBREN');
    expect(within(screen.getByRole('group', { name: 'Akcije za uzorak 2603100004' })).getAllByRole('button').map((button) => button.getAttribute('aria-label')))
      .toEqual(['Poništi odobrenje — 2603100004', 'Verifikuj — 2603100004']);
  });

  it('asks who was told before verifying a row marked critical', async () => {
    answer = fixtureAnswer({ status: 'ODOBREN' }, fixtureTests({ uro: { rezultat: 'Negativan' }, boja: { rezultat: 'Žuta' }, glu: { rezultat: '1,2', flag: 'LL', kriticni: true }, k: { rezultat: '4,4' } }));
    renderRow('specialist', 'ODOBREN', true);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Verifikuj — 2603100004' }));
    const dialog = await screen.findByRole('dialog', { name: 'Obavještenje o kritičnim vrijednostima' });
    expect(dialog).toHaveTextContent('Uzorak 2603100004 ima kritične vrijednosti.');
    expect(dialog).toHaveTextContent('Glukoza: 1,2 mmol/L (LL)');
    await user.type(within(dialog).getByRole('textbox', { name: 'Obaviješten (ko)' }), 'Sestra Amela, interna');
    await user.click(within(dialog).getByRole('button', { name: 'Verifikuj' }));
    await waitFor(() => expect(posts('/rezultati/verifikuj')).toHaveLength(1));
    expect(posts('/rezultati/verifikuj')[0]?.body).toMatchObject({ sid: SID, obavijesten: { ko: 'Sestra Amela, interna' } });
    expect(await toast('Rezultati verificirani.')).toBeInTheDocument();
    expect(onChanged).toHaveBeenCalledTimes(1);
  });

  it('unlocks a verified sample only with a reason', async () => {
    answer = fixtureAnswer({ status: 'VERIFICIRAN' }, COMPLETE);
    renderRow('specialist', 'VERIFICIRAN');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Otključaj — 2603100004' }));
    const dialog = await screen.findByRole('dialog', { name: 'Otključavanje uzorka 2603100004' });
    const confirm = within(dialog).getByRole('button', { name: 'POTVRDI' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: 'Razlog' }), '   ');
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: 'Razlog' }), 'Pogrešan uzorak kalija');
    await user.click(confirm);
    await waitFor(() => expect(posts('/rezultati/verifikuj/undo')).toHaveLength(1));
    expect(posts('/rezultati/verifikuj/undo')[0]?.body).toEqual({ site: 'site-sa', sid: SID, razlog: 'Pogrešan uzorak kalija' });
    expect(await toast('Uzorak otključan.')).toBeInTheDocument();
  });

  it('shows a read-only user no action at all', () => {
    answer = fixtureAnswer({ status: 'ODOBREN' }, COMPLETE);
    renderRow('viewer', 'ODOBREN');
    expect(screen.queryAllByRole('button')).toHaveLength(0);
    cleanup();
    renderRow('specialist', 'VERIFICIRAN', false, 1);
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });
});
