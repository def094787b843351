import { afterEach, describe, expect, it, vi } from 'vitest';
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppProviders } from '../app/providers.tsx';
import { createQueryClient } from '../api/query-client.ts';
import { AppDialog, DIALOG_WIDE_SIZE } from './AppDialog.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** A window `width` px wide, as the media queries of the dialog see it. */
function windowOf(width: number): void {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string): MediaQueryList => {
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const matches = (min ? width >= Number(min[1]) : true) && (max ? width <= Number(max[1]) : true);
    return {
      matches, media: query, onchange: null,
      addListener: () => {}, removeListener: () => {}, addEventListener: () => {}, removeEventListener: () => {}, dispatchEvent: () => false,
    };
  });
}

function renderDialog() {
  render(
    <AppProviders queryClient={createQueryClient()} env="test">
      <AppDialog opened onClose={() => {}} title="Pregled" size="md">
        <p>Sadržaj</p>
      </AppDialog>
    </AppProviders>,
  );
  return screen.getByRole('dialog');
}

/** The width Mantine gives the modal's content (its --modal-size variable). */
function modalSize(dialog: HTMLElement): string {
  const root = dialog.closest('.mantine-Modal-root') ?? dialog;
  return getComputedStyle(root).getPropertyValue('--modal-size') || (root as HTMLElement).style.getPropertyValue('--modal-size');
}

describe('AppDialog wide-screen version', () => {
  it('is offered from 1000 px on and widens the dialog, and toggles back', async () => {
    windowOf(1280);
    const user = userEvent.setup();
    const dialog = renderDialog();
    const toggle = within(dialog).getByRole('button', { name: 'Prikaži prozor široko' });
    // The toggle sits beside the title, not in it: the dialog is named by its title element alone
    // (a browser counts a button's label inside the title into the dialog's name; jsdom does not, hence the check on the element).
    const titleElement = document.getElementById(dialog.getAttribute('aria-labelledby') ?? '');
    expect(titleElement).toHaveTextContent(/^Pregled$/);
    expect(titleElement).not.toContainElement(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(modalSize(dialog)).not.toBe(DIALOG_WIDE_SIZE);
    await user.click(toggle);
    const back = within(dialog).getByRole('button', { name: 'Vrati prozor na uobičajenu širinu' });
    expect(back).toHaveAttribute('aria-pressed', 'true');
    expect(modalSize(dialog)).toBe(DIALOG_WIDE_SIZE);
    await user.click(back);
    expect(modalSize(dialog)).not.toBe(DIALOG_WIDE_SIZE);
  });

  it('is not offered below 1000 px, nor on a narrow screen where the dialog fills the screen', () => {
    windowOf(999);
    const dialog = renderDialog();
    expect(within(dialog).queryByRole('button', { name: 'Prikaži prozor široko' })).toBeNull();
    cleanup();
    windowOf(500);
    const small = renderDialog();
    expect(within(small).queryByRole('button', { name: 'Prikaži prozor široko' })).toBeNull();
  });
});
