import { afterEach, describe, expect, it, vi } from 'vitest';
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppProviders } from '../app/providers.tsx';
import { createQueryClient } from '../api/query-client.ts';
import { ConfirmDelete, isConfirmAnswer } from './ConfirmDelete.tsx';

afterEach(cleanup);

function renderDialog(onConfirm: () => void | Promise<void>, onClose = vi.fn()) {
  render(
    <AppProviders queryClient={createQueryClient()} env="test">
      <ConfirmDelete opened onClose={onClose} message="Obrisati uzorak 000123? Rezultati se brišu također." onConfirm={onConfirm} />
    </AppProviders>,
  );
  return { onClose };
}

describe('ConfirmDelete', () => {
  it('accepts the answer Da in any case, with spaces around', () => {
    expect(isConfirmAnswer('Da', 'Da')).toBe(true);
    expect(isConfirmAnswer(' da ', 'Da')).toBe(true);
    expect(isConfirmAnswer('D', 'Da')).toBe(false);
    expect(isConfirmAnswer('Ne', 'Da')).toBe(false);
  });

  it('enables POTVRDI only after "Da" is typed, then confirms and closes', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    const { onClose } = renderDialog(onConfirm);
    expect(screen.getByText('Obrisati uzorak 000123? Rezultati se brišu također.')).toBeInTheDocument();
    const confirm = screen.getByRole('button', { name: 'POTVRDI' });
    expect(confirm).toBeDisabled();

    const answer = screen.getByRole('textbox', { name: 'Potvrda' });
    await user.type(answer, 'Ne{Enter}');
    expect(onConfirm).not.toHaveBeenCalled();
    await user.clear(answer);
    await user.type(answer, 'Da');
    expect(confirm).toBeEnabled();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(onConfirm).toHaveBeenCalledTimes(1));
    expect(onClose).toHaveBeenCalled();
  });

  it('stays open when the delete fails', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn(() => Promise.reject(new Error('Greška prilikom brisanja!')));
    const { onClose } = renderDialog(onConfirm);
    await user.type(screen.getByRole('textbox', { name: 'Potvrda' }), 'Da');
    await user.click(screen.getByRole('button', { name: 'POTVRDI' }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalled());
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'POTVRDI' })).toBeEnabled();
  });

  it('cancels with ODUSTANI', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    const { onClose } = renderDialog(onConfirm);
    await user.click(screen.getByRole('button', { name: 'ODUSTANI' }));
    expect(onClose).toHaveBeenCalled();
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
