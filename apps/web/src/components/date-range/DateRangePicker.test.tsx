import { afterEach, describe, expect, it, vi } from 'vitest';
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { calendarDateOf, toIsoDate, type DateRange } from '@lis/domain';
import { toSiteWallClock } from '../../lib/date-time.ts';
import { DateRangePicker, formatDateRange, wholeDay } from './DateRangePicker.tsx';

function narrowScreen(): void {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string): MediaQueryList => ({
    matches: query.includes('max-width: 799.98px'), media: query, onchange: null,
    addListener: () => {}, removeListener: () => {}, addEventListener: () => {}, removeEventListener: () => {}, dispatchEvent: () => false,
  }));
}

function renderPicker(value: DateRange | null, onClear?: () => void) {
  const onChange = vi.fn<(range: DateRange) => void>();
  const onClose = vi.fn();
  render(
    <MantineProvider>
      <Notifications />
      <DateRangePicker opened onClose={onClose} value={value} onChange={onChange} onClear={onClear} />
    </MantineProvider>,
  );
  const dialog = screen.getByRole('dialog', { name: 'Unesite opseg datuma' });
  return { onChange, onClose, dialog, confirm: () => fireEvent.click(within(dialog).getByRole('button', { name: 'POTVRDI' })) };
}

function hoursAgo(hours: number): Date {
  const date = new Date(Date.now() - hours * 3_600_000);
  date.setSeconds(0, 0);
  return date;
}

afterEach(() => {
  cleanup();
  notifications.clean();
  vi.restoreAllMocks();
});

describe('DateRangePicker', () => {
  it('picks a start and an end, each with a 24-hour time, on wide screens', () => {
    const { dialog } = renderPicker(null);
    expect(within(dialog).getByText('Od')).toBeInTheDocument();
    expect(within(dialog).getByText('Do')).toBeInTheDocument();
    expect(within(dialog).getByText('do')).toBeInTheDocument();
  });

  it('hands over a valid range, the end through its last second, and closes', () => {
    const range = { from: hoursAgo(30), to: hoursAgo(2) };
    const { onChange, onClose, confirm } = renderPicker(range);
    confirm();
    expect(onChange).toHaveBeenCalledWith({ from: range.from, to: new Date(range.to.getTime() + 999) });
    expect(onClose).toHaveBeenCalled();
  });

  it('warns top-left about a missing end and stays open', async () => {
    const { onChange, onClose, confirm } = renderPicker(null);
    confirm();
    const warning = await screen.findByText('Invalid date range.');
    expect(warning.closest('[data-position]')).toHaveAttribute('data-position', 'top-left');
    expect(onChange).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('warns about an end before the start', async () => {
    const { onChange, confirm } = renderPicker({ from: hoursAgo(2), to: hoursAgo(30) });
    confirm();
    expect(await screen.findByText('Invalid date range.')).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('warns about a start before 1 September 2019', async () => {
    // 22:00 on 31 August 2019 in Sarajevo, the site's zone.
    const { onChange, confirm } = renderPicker({ from: new Date('2019-08-31T20:00:00Z'), to: hoursAgo(2) });
    confirm();
    expect(await screen.findByText('Invalid date range.')).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('offers to clear the range in force', () => {
    const onClear = vi.fn();
    const { dialog, onClose } = renderPicker({ from: hoursAgo(30), to: hoursAgo(2) }, onClear);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Poništi opseg' }));
    expect(onClear).toHaveBeenCalled();
    expect(onClose).toHaveBeenCalled();
  });

  it('below 800 px picks one day and covers it from 00:00:00 to 23:59:59', () => {
    narrowScreen();
    const yesterday = hoursAgo(24);
    const { dialog, onChange, confirm } = renderPicker({ from: yesterday, to: hoursAgo(1) });
    expect(within(dialog).getByText('Dan')).toBeInTheDocument();
    expect(within(dialog).queryByText('Od')).not.toBeInTheDocument();
    confirm();
    const range = onChange.mock.calls[0]?.[0];
    const day = toIsoDate(calendarDateOf(yesterday, 'Europe/Sarajevo'));
    expect(range && toSiteWallClock(range.from)).toBe(`${day} 00:00:00`);
    expect(range && toSiteWallClock(range.to)).toBe(`${day} 23:59:59`);
    expect(range?.to.getMilliseconds()).toBe(999);
  });

  it('warns below 800 px when no day is picked', async () => {
    narrowScreen();
    const { onChange, confirm } = renderPicker(null);
    confirm();
    expect(await screen.findByText('Invalid date range.')).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
  });
});

describe('formatDateRange and wholeDay', () => {
  it("writes a range with the separator, 24-hour, at the site's time", () => {
    const range = { from: new Date('2024-06-01T06:05:00Z'), to: new Date('2024-06-02T15:30:00Z') };
    expect(formatDateRange(range, 'do')).toBe('01.06.2024 08:05 do 02.06.2024 17:30');
  });

  it("covers a whole day at the site, also the 23-hour day clocks go forward", () => {
    expect(wholeDay({ year: 2024, month: 3, day: 31 })).toEqual({ from: new Date('2024-03-30T23:00:00.000Z'), to: new Date('2024-03-31T21:59:59.999Z') });
    expect(wholeDay({ year: 2024, month: 6, day: 1 }, 'UTC')).toEqual({ from: new Date('2024-06-01T00:00:00.000Z'), to: new Date('2024-06-01T23:59:59.999Z') });
  });
});
