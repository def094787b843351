import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { PatientResultsAnswer } from '@lis/domain';
import { createQueryClient } from '../../api/query-client.ts';
import { AppProviders } from '../../app/providers.tsx';
import { sessionStore } from '../../lib/session-store.ts';
import { sessionFixture, sidebarItem } from '../../test/fixtures.ts';
import { fakeScreen, renderApp } from '../../test/render-app.tsx';
import { chartRows, niceStep, referenceBand, valueAxis } from './chart-data.ts';
import { EvaluationScreen } from './EvaluationScreen.tsx';
import { ResultMultiDialog } from './ResultMultiDialog.tsx';

const RESULTS: PatientResultsAnswer = {
  success: true,
  pacijent: { _id: 'p-1', ime: 'LEJLA', prezime: 'DEMIĆ', jmbg: '1503978175002', spol: 'ŽENSKI', datum_rodjenja: '1978-03-15' },
  assays: [
    {
      sifra: 'GLU', naziv: 'Glukoza', naziv_en: 'Glucose', naziv_de: 'Glukose', analit: 'GLU', jedinica: 'mmol/L', decimals: 1, vrsta: 'numeric',
      referenca: { low: 3.9, high: 6.1, text: null },
      points: [
        { sid: 's-1', code: '2601010001', datum: '2026-01-01T08:00:00.000Z', rezultat: '6,80', value: 6.8, flag: 'H', status: 'VERIFICIRAN' },
        { sid: 's-2', code: '2602010001', datum: '2026-02-01T08:00:00.000Z', rezultat: '<0.5', value: null, flag: 'LL', status: 'VERIFICIRAN' },
        { sid: 's-3', code: '2603010001', datum: '2026-03-01T08:00:00.000Z', rezultat: '5.4', value: 5.4, flag: null, status: 'ODOBREN' },
      ],
    },
    {
      sifra: 'HBSAG', naziv: 'HBs antigen', naziv_en: 'Hepatitis B surface antigen (HBsAg)', naziv_de: 'Hepatitis-B-Oberflächenantigen (HBsAg)', analit: 'HBsAg', jedinica: '', decimals: 0, vrsta: 'qualitative',
      referenca: { low: null, high: null, text: 'Negativan' },
      points: [{ sid: 's-3', code: '2603010001', datum: '2026-03-01T08:00:00.000Z', rezultat: 'Pozitivan', value: null, flag: 'A', status: 'ODOBREN' }],
    },
  ],
};

const calls: string[] = [];

beforeEach(() => {
  calls.length = 0;
  vi.stubGlobal('fetch', vi.fn((url: string) => {
    calls.push(url);
    return Promise.resolve(new Response(JSON.stringify(RESULTS), { status: 200, headers: { 'Content-Type': 'application/json' } }));
  }));
});
afterEach(() => {
  cleanup();
  sessionStore.clear();
  vi.unstubAllGlobals();
});

function DialogHost() {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpened(true)}>Otvori</button>
      <ResultMultiDialog patientId="p-1" opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}

function renderDialogHost() {
  sessionStore.start(sessionFixture());
  render(<AppProviders queryClient={createQueryClient()} env="test"><DialogHost /></AppProviders>);
}

describe('ResultMultiDialog', () => {
  it('shows the graph first, switches to the table of exact results, and is back on the graph after closing', async () => {
    const user = userEvent.setup();
    renderDialogHost();
    await user.click(screen.getByRole('button', { name: 'Otvori' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rezultati kroz vrijeme: DEMIĆ LEJLA' });
    expect(calls[0]).toMatch(/^\/api\/rezultati\/pacijent\/p-1\?/);
    expect(await within(dialog).findByRole('img', { name: 'Grafikon GLU: 2 rezultata kroz vrijeme' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Referentni opseg: 3,9 – 6,1 mmol/L');
    // The censored result has no place on the number line; the chart says so.
    expect(dialog).toHaveTextContent('nisu na grafikonu: 1');

    await user.click(within(dialog).getByText('Tabela'));
    const table = await within(dialog).findByRole('table', { name: 'GLU: svi rezultati, najnoviji prvi' });
    const cells = within(table).getAllByRole('row').slice(1).map((line) => within(line).getAllByRole('cell')[2]?.textContent);
    // One decimal mark in Bosnian, whichever mark each result was stored with.
    expect(cells).toEqual(['5,4 mmol/L', '<0,5 mmol/L', '6,80 mmol/L']);
    expect(within(dialog).queryByRole('img', { name: /Grafikon/ })).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Zatvori prozor' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Otvori' }));
    const again = await screen.findByRole('dialog');
    expect(await within(again).findByRole('img', { name: /Grafikon GLU/ })).toBeInTheDocument();
    expect(within(again).queryByRole('table')).toBeNull();
  });

  it('shows the parameter chosen in the selector; a text-only parameter sends to the table', async () => {
    const user = userEvent.setup();
    renderDialogHost();
    await user.click(screen.getByRole('button', { name: 'Otvori' }));
    const dialog = await screen.findByRole('dialog');
    const selector = (await within(dialog).findAllByLabelText('Parametar')).find((element) => element.tagName === 'INPUT');
    await user.click(selector!);
    await user.click(await screen.findByRole('option', { name: 'HBs antigen (HBsAg)' }));
    expect(await within(dialog).findByText(/nisu brojevi/)).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Referentni opseg: Negativan');
    await user.click(within(dialog).getByText('Tabela'));
    expect(await within(dialog).findByRole('cell', { name: 'Pozitivan' })).toBeInTheDocument();
  });
});

describe('/evaluation/:id', () => {
  const screens = [
    { path: '/evaluation/:id', permission: 'samples.read' as const, editorsOnly: true, screen: () => Promise.resolve(EvaluationScreen) },
    fakeScreen('/prijem', 'Ekran prijema'),
  ];
  const sidebar = [sidebarItem('/prijem', 'menu.prijem', { default: true })];

  it('charts every parameter for a user who may edit', async () => {
    renderApp({ path: '/evaluation/p-1', screens, session: sessionFixture({ sidebar }) });
    expect(await screen.findByRole('heading', { name: 'Evaluacija rezultata' })).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: /Grafikon GLU/ })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'HBs antigen' })).toHaveTextContent(/nisu brojevi/);
  });

  it('is not open to a read-only user (access level above 0)', async () => {
    const session = sessionFixture({ sidebar, access: { level: 1, role: 'viewer', permissions: ['patients.read', 'samples.read'] } });
    const { router } = renderApp({ path: '/evaluation/p-1', screens, session });
    expect(await screen.findByText('Ekran prijema')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/prijem');
    expect(calls.some((url) => url.includes('/rezultati/pacijent'))).toBe(false);
  });
});

describe('chart data', () => {
  const [glu] = RESULTS.assays;

  it('draws exact numbers only, oldest first', () => {
    expect(chartRows(glu!).map((row) => [row.rezultat, row.value, row.flag])).toEqual([['6,80', 6.8, 'H'], ['5.4', 5.4, null]]);
  });

  it('shows every point and the whole reference band on an axis of round steps, with a zero floor', () => {
    const rows = chartRows(glu!);
    const axis = valueAxis(rows, glu!.referenca);
    expect(axis.domain[0]).toBeLessThan(3.9);
    expect(axis.domain[1]).toBeGreaterThan(6.8);
    // 3.9–6.8 with its margin is 3.61–7.09: whole steps from 3 to 8.
    expect(axis).toEqual({ domain: [3, 8], ticks: [3, 4, 5, 6, 7, 8] });
    expect(valueAxis(rows, { low: null, high: null, text: null }).domain[0]).toBeLessThan(5.4);
    expect(valueAxis([{ ...rows[0]!, value: 0.1 }], { low: 0, high: 40, text: null })).toEqual({ domain: [0, 60], ticks: [0, 20, 40, 60] });
    expect([0.7, 1.5, 2.2, 3, 7, 12, 0.03].map(niceStep)).toEqual([1, 2, 2.5, 5, 10, 20, 0.05]);
  });

  it('runs an open side of the band to the edge of the chart', () => {
    expect(referenceBand({ low: null, high: 4, text: null }, [0, 10])).toEqual({ from: 0, to: 4 });
    expect(referenceBand({ low: 1, high: null, text: null }, [0, 10])).toEqual({ from: 1, to: 10 });
    expect(referenceBand({ low: null, high: null, text: 'Negativan' }, [0, 10])).toBeNull();
  });
});
