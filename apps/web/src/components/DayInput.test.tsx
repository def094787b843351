import { afterEach, describe, expect, it, vi } from 'vitest';
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { AppProviders } from '../app/providers.tsx';
import { createQueryClient } from '../api/query-client.ts';
import { DayInput } from './DayInput.tsx';

afterEach(() => {
  cleanup();
});

/** A form with one day field and a submit button, as the period of the cumulative report has them. */
function DayForm({ onSubmit }: { onSubmit: (day: string | null) => void }) {
  const [day, setDay] = useState<string | null>('2026-10-01');
  return (
    <form onSubmit={(event) => { event.preventDefault(); onSubmit(day); }}>
      <DayInput label="Od" value={day} onChange={setDay} />
      <button type="submit">Prikaži</button>
    </form>
  );
}

function renderForm() {
  const onSubmit = vi.fn<(day: string | null) => void>();
  render(
    <AppProviders queryClient={createQueryClient()} env="test">
      <DayForm onSubmit={onSubmit} />
    </AppProviders>,
  );
  return { onSubmit, field: screen.getByRole('textbox', { name: 'Od' }) };
}

/** The calendar under the field: its month's days are buttons named by their date. */
function calendarShown(): boolean {
  return screen.queryByRole('button', { name: '15 oktobar 2026' }) !== null;
}

describe('DayInput', () => {
  it('takes a day typed as dd.mm.yyyy, and Enter submits the form and closes the calendar', async () => {
    const user = userEvent.setup();
    const { onSubmit, field } = renderForm();
    await user.click(field);
    expect(calendarShown()).toBe(true);
    await user.clear(field);
    await user.type(field, '09.10.2026');
    expect(calendarShown()).toBe(true);
    await user.keyboard('{Enter}');
    expect(onSubmit).toHaveBeenCalledWith('2026-10-09');
    // The field keeps the focus; the calendar no longer covers what the form shows next.
    expect(field).toHaveFocus();
    expect(calendarShown()).toBe(false);
  });

  it('opens the calendar again when typing goes on or the field is clicked', async () => {
    const user = userEvent.setup();
    const { field } = renderForm();
    await user.click(field);
    await user.keyboard('{Enter}');
    expect(calendarShown()).toBe(false);
    await user.type(field, '{Backspace}6');
    expect(calendarShown()).toBe(true);
    await user.keyboard('{Enter}');
    expect(calendarShown()).toBe(false);
    await user.click(field);
    expect(calendarShown()).toBe(true);
  });
});
