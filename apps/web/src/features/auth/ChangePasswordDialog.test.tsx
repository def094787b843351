import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { AppProviders } from '../../app/providers.tsx';
import { createQueryClient } from '../../api/query-client.ts';
import { i18n } from '../../i18n/index.ts';
import { sentJson, sessionFixture } from '../../test/fixtures.ts';
import { ChangePasswordDialog } from './ChangePasswordDialog.tsx';
import { sessionStore } from '../../lib/session-store.ts';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});
afterEach(() => {
  cleanup();
  // Toasts live in a store shared by all renders; one test's toast must not show up in the next.
  notifications.clean();
  sessionStore.clear();
  vi.unstubAllGlobals();
  void i18n.changeLanguage('bs');
});

function renderDialog(language = 'bs') {
  sessionStore.start(sessionFixture({ language }));
  const onClose = vi.fn();
  render(
    <AppProviders queryClient={createQueryClient()} env="test">
      <ChangePasswordDialog opened onClose={onClose} />
    </AppProviders>,
  );
  const field = (name: string) => screen.getByLabelText(name, { exact: false, selector: 'input' });
  return { onClose, field };
}

function reply(status: number, body: unknown) {
  fetchMock.mockResolvedValueOnce(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
}

describe('ChangePasswordDialog', () => {
  it('checks the spec\'s rules before calling the server', async () => {
    const user = userEvent.setup();
    const { field } = renderDialog();
    const save = screen.getByRole('button', { name: 'SAČUVAJ' });

    await user.click(save);
    expect(screen.getByRole('alert')).toHaveTextContent('Sva polja su obavezna.');
    expect(field('Trenutna šifra')).toHaveAttribute('aria-invalid', 'true');

    await user.type(field('Trenutna šifra'), 'Demo1234!');
    await user.type(field('Nova šifra'), 'abc');
    await user.type(field('Potvrda nove šifre'), 'abc');
    await user.click(save);
    expect(screen.getByRole('alert')).toHaveTextContent('Nova šifra mora imati najmanje 8 znakova.');

    await user.clear(field('Nova šifra'));
    await user.type(field('Nova šifra'), 'Novi12345');
    await user.click(save);
    expect(screen.getByRole('alert')).toHaveTextContent('Nova šifra nije validirana.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the server\'s refusal of the current password', async () => {
    const user = userEvent.setup();
    const { field, onClose } = renderDialog();
    // The spec's word for it; the dialog shows the code's text.
    reply(400, { success: false, message: 'Info', code: 'password.wrongCurrent', field: 'password' });
    await user.type(field('Trenutna šifra'), 'Pogresna1');
    await user.type(field('Nova šifra'), 'Novi12345');
    await user.type(field('Potvrda nove šifre'), 'Novi12345{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Trenutna šifra nije ispravna.');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('sends the spec\'s payload, confirms with a toast, clears the fields and closes', async () => {
    const user = userEvent.setup();
    const { field, onClose } = renderDialog();
    reply(200, { success: true, message: 'Ok', code: 'password.changed' });
    await user.type(field('Trenutna šifra'), 'Demo1234!');
    await user.type(field('Nova šifra'), 'Novi12345');
    await user.type(field('Potvrda nove šifre'), 'Novi12345');
    await user.click(screen.getByRole('button', { name: 'SAČUVAJ' }));

    expect(await screen.findByText('Izmjena uspješno obavljena.')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/users/sifra');
    expect(sentJson(init)).toEqual({
      site: 'site-sa', email: 'admin@demo.lab', password: 'Demo1234!', novaSifra: 'Novi12345', potvrdaSifra: 'Novi12345',
    });
    await waitFor(() => expect(field('Trenutna šifra')).toHaveValue(''));
  });

  it('blocks pasting into the password fields', () => {
    const { field } = renderDialog();
    for (const name of ['Trenutna šifra', 'Nova šifra', 'Potvrda nove šifre']) {
      const event = new Event('paste', { bubbles: true, cancelable: true });
      field(name).dispatchEvent(event);
      expect(event.defaultPrevented).toBe(true);
    }
  });

  it('speaks the user\'s language, messages included', async () => {
    const user = userEvent.setup();
    renderDialog('de');
    expect(screen.getByText('Passwort ändern')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'SPEICHERN' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Alle Felder sind Pflichtfelder.');
  });
});
