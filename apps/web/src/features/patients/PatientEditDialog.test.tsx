import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createQueryClient } from '../../api/query-client.ts';
import { AppProviders } from '../../app/providers.tsx';
import { sessionFixture } from '../../test/fixtures.ts';
import { sessionStore } from '../../lib/session-store.ts';
import { PatientEditDialog } from './PatientEditDialog.tsx';

const PATIENT = {
  _id: 'p-1', id: 'p-1', jmbg: '0101985170009', ime: 'ENA', prezime: 'TEST', spol: 'ŽENSKI', datum_rodjenja: '1985-01-01', godiste: 1985,
  adresa: 'Bistrik 1', telefon: '061 000 000', email: '', passport: '', language: [], symptoms: { umor: true }, note: '', lokacija: '',
  duhan: '', dijabetes: '', created_at: '', updated_at: 'v1',
};

const updates: Record<string, unknown>[] = [];

beforeEach(() => {
  updates.length = 0;
  vi.stubGlobal('fetch', vi.fn((url: string, init?: RequestInit) => {
    if (url.startsWith('/api/pacijenti/detalji/update/')) updates.push(JSON.parse(init?.body as string) as Record<string, unknown>);
    return Promise.resolve(new Response(JSON.stringify({ success: true, pacijent: PATIENT }), { status: 200, headers: { 'Content-Type': 'application/json' } }));
  }));
  sessionStore.start(sessionFixture());
});

afterEach(() => {
  cleanup();
  sessionStore.clear();
  vi.unstubAllGlobals();
});

describe('PatientEditDialog', () => {
  it('warns about a stored JMBG with a wrong control digit, keeps SAČUVAJ enabled and drops the warning once corrected', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(
      <AppProviders queryClient={createQueryClient()} env="test">
        <PatientEditDialog patientId="p-1" onClose={onClose} />
      </AppProviders>,
    );
    expect(await screen.findByTestId('jmbg-warning')).toHaveTextContent('Kontrolna cifra matičnog broja ne odgovara. Provjerite broj.');
    const save = screen.getByRole('button', { name: 'SAČUVAJ' });
    expect(save).toBeEnabled();

    const jmbg = screen.getByDisplayValue('0101985170009');
    await user.clear(jmbg);
    await user.type(jmbg, '0101985170003');
    expect(screen.queryByTestId('jmbg-warning')).not.toBeInTheDocument();
    await user.click(save);
    await waitFor(() => expect(updates).toHaveLength(1));
    expect(updates[0]).toMatchObject({ jmbg: '0101985170003' });
  });
});
