import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { createQueryClient } from '../../api/query-client.ts';
import { AppProviders } from '../../app/providers.tsx';
import { sessionFixture } from '../../test/fixtures.ts';
import { sessionStore } from '../../lib/session-store.ts';
import { ProductDialog } from './ProductDialog.tsx';

const REGISTERED = {
  _id: 'prod-1', LN: 'REG-100', opis: 'Kalibrator hemija', zasticeni_naziv: '', zemlja_porijekla: '', jedinica_mjere: 'mL', pakovanje: '',
  sadrzaj: 6, upozorenje: '', nivo: 0, danadoroka: 30, klasa: null, program: null, platforma: null, proizvodjac: null, oj: 'site-sa',
  created_at: '2026-01-01T00:00:00.000Z',
};

const created: Record<string, unknown>[] = [];

function answer(body: unknown, status = 200): Promise<Response> {
  return Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
}

beforeEach(() => {
  created.length = 0;
  vi.stubGlobal('fetch', vi.fn((url: string, init?: RequestInit) => {
    if (url.startsWith('/api/inventar/readprodukt')) {
      const { LN } = JSON.parse(init?.body as string) as { LN: string };
      return answer({ success: true, produkt: LN.toUpperCase() === REGISTERED.LN ? REGISTERED : null });
    }
    if (url.startsWith('/api/inventar/createprodukt')) {
      created.push(JSON.parse(init?.body as string) as Record<string, unknown>);
      return answer({ success: true, produkt: { ...REGISTERED, _id: 'prod-2' } }, 201);
    }
    return answer({ success: true, klase: [], programi: [], platforme: [], proizvodjaci: [], list: [] });
  }));
  sessionStore.start(sessionFixture());
});

afterEach(() => {
  cleanup();
  sessionStore.clear();
  vi.unstubAllGlobals();
});

function renderDialog() {
  const onSaved = vi.fn();
  render(
    <AppProviders queryClient={createQueryClient()} env="test">
      <MemoryRouter><ProductDialog opened onClose={vi.fn()} onSaved={onSaved} /></MemoryRouter>
    </AppProviders>,
  );
  return onSaved;
}

// The dialog has fourteen fields, most of them Mantine selects: typing into it in jsdom takes seconds.
const SLOW_FORM_MS = 60_000;

describe('Unos produkta', () => {
  it('blocks pasting into LN, hides confirm while the LN is short or registered, and names the registered product', async () => {
    const user = userEvent.setup();
    renderDialog();
    const ln = await screen.findByRole('textbox', { name: /^LN/ });
    await user.click(ln);
    await user.paste('PASTED-1');
    expect(ln).toHaveValue('');
    await user.type(ln, 'RE');
    expect(screen.queryByRole('button', { name: 'POTVRDI' })).not.toBeInTheDocument();
    await user.type(ln, 'g-100');
    expect(await screen.findByText('Uneseni LN je već registriran!')).toBeInTheDocument();
    expect(screen.getByText('Produkt: Kalibrator hemija')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Prijem/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'POTVRDI' })).not.toBeInTheDocument();
  }, SLOW_FORM_MS);

  it('asks for the required fields before saving, then saves with the defaults nivo 0 and danadoroka 30', async () => {
    const user = userEvent.setup();
    const onSaved = renderDialog();
    await user.type(await screen.findByRole('textbox', { name: /^LN/ }), 'NEW-200');
    await user.type(screen.getByRole('textbox', { name: /^Opis/ }), 'Gl');
    expect(await screen.findByRole('button', { name: 'POTVRDI' })).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: /^Opis/ }), 'ukoza');
    await user.click(screen.getByRole('button', { name: 'POTVRDI' }));
    expect((await screen.findAllByText('Unesite obavezna polja.')).length).toBeGreaterThan(0);
    expect(created).toHaveLength(0);
    await user.type(screen.getByRole('textbox', { name: /^Sadržaj/ }), '100');
    await user.click(screen.getByRole('combobox', { name: /^Jedinica mjere/ }));
    await user.click(await screen.findByRole('option', { name: 'test' }));
    await user.click(screen.getByRole('button', { name: 'POTVRDI' }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toMatchObject({ produkt: { LN: 'NEW-200', opis: 'Glukoza', sadrzaj: 100, jedinica_mjere: 'test', nivo: 0, danadoroka: 30 } });
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
  }, SLOW_FORM_MS);
});
