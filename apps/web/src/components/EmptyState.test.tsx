import { afterEach, describe, expect, it } from 'vitest';
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { AppProviders } from '../app/providers.tsx';
import { createQueryClient } from '../api/query-client.ts';
import { EmptyState } from './EmptyState.tsx';

afterEach(cleanup);

function renderAt(node: React.ReactNode) {
  render(
    <AppProviders queryClient={createQueryClient()} env="test">
      <MemoryRouter initialEntries={['/kontrole/unos']}>
        <Routes>
          <Route path="/kontrole/unos" element={node} />
          <Route path="/kontrole/definicija" element={<p>Definicija kontrola</p>} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
}

describe('EmptyState', () => {
  it('says what is missing and links to where it is made, as a real link', async () => {
    renderAt(
      <EmptyState title="Nema kontrola" description="Definišite kontrolu i njen LOT." action={{ to: '/kontrole/definicija', label: 'Definicija kontrola' }} />,
    );
    expect(screen.getByRole('heading', { name: 'Nema kontrola' })).toBeInTheDocument();
    expect(screen.getByText('Definišite kontrolu i njen LOT.')).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Definicija kontrola' });
    // An <a href>, so a middle click or "open in new tab" works too.
    expect(link).toHaveAttribute('href', '/kontrole/definicija');

    await userEvent.setup().click(link);
    expect(await screen.findByText('Definicija kontrola', { selector: 'p' })).toBeInTheDocument();
  });

  it('offers no link without an action', () => {
    renderAt(<EmptyState title="Nema analizatora" description="Administrator ih dodaje u postavkama." />);
    expect(screen.getByRole('heading', { name: 'Nema analizatora' })).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
