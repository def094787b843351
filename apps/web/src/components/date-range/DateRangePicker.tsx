/**
 * The date-range dialog 'Unesite opseg datuma' (spec sections 2, 5 and 9).
 *
 *   <DateRangePicker opened={opened} onClose={close} value={range} onChange={setRange} onClear={() => setRange(null)} />
 *
 * Wide screens pick a start and an end, each a day and a time (24-hour,
 * 1-minute steps, weeks from Monday; a picked start day begins at 00:00:00,
 * an end day ends at 23:59:59): the start from 2019-09-01 up to now,
 * the end up to now plus one day. Below 800 px one day is picked and the
 * range covers it from 00:00:00 to 23:59:59. Confirming an incomplete or
 * reversed range shows the warning 'Invalid date range.' top-left and keeps
 * the dialog open. Times are the browser's local time, which is the site's.
 */
import { useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { DatePickerInput, DateTimePicker } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import dayjs from 'dayjs';
import 'dayjs/locale/bs';
import 'dayjs/locale/de';
import { EARLIEST_DAY, isValidDateRange, latestRangeEnd, message, type CalendarDay, type DateRange } from '@lis/domain';
import { AppDialog, DIALOG_NARROW_QUERY } from '../AppDialog.tsx';
import { notify } from '../notify.tsx';
import { useListLanguage } from '../list-table/messages.ts';
import { useDateRangeText } from './messages.ts';

/** How the range reads on the list; the pickers also show seconds, so a day visibly ends at 23:59:59. */
const VALUE_FORMAT = 'DD.MM.YYYY HH:mm';
const PICKER_FORMAT = 'DD.MM.YYYY HH:mm:ss';
const DAY_FORMAT = 'DD.MM.YYYY';
const MONDAY = 1;

export interface DateRangePickerProps {
  opened: boolean;
  onClose: () => void;
  /** The range in force, shown when the dialog opens. */
  value: DateRange | null;
  /** Called with a valid range only; the dialog closes after it. */
  onChange: (range: DateRange) => void;
  /** When given, the dialog offers to clear the range in force. */
  onClear?: () => void;
  /** The earliest selectable day; the spec's second picker variant starts on 2020-11-01. */
  earliestDay?: CalendarDay;
}

function toPickerValue(date: Date | undefined): string | null {
  return date ? dayjs(date).format('YYYY-MM-DD HH:mm:ss') : null;
}

function fromPickerValue(value: string | null): Date | null {
  if (!value) return null;
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed.toDate() : null;
}

/** A whole local day: 00:00:00.000 to 23:59:59.999. */
export function wholeDay(day: Date): DateRange {
  return { from: dayjs(day).startOf('day').toDate(), to: dayjs(day).endOf('day').toDate() };
}

/** The range as the list shows it: '01.06.2024 08:00 do 02.06.2024 17:30'. */
export function formatDateRange(range: DateRange, separator: string): string {
  return `${dayjs(range.from).format(VALUE_FORMAT)} ${separator} ${dayjs(range.to).format(VALUE_FORMAT)}`;
}

export function DateRangePicker(props: DateRangePickerProps) {
  // A fresh dialog for every opening starts from the range in force and today's limits;
  // it stays mounted while closing so the 500 ms transition can play.
  const [openings, setOpenings] = useState(0);
  const [wasOpen, setWasOpen] = useState(props.opened);
  if (props.opened !== wasOpen) {
    setWasOpen(props.opened);
    if (props.opened) setOpenings((count) => count + 1);
  }
  return <DateRangeDialog key={openings} {...props} />;
}

function DateRangeDialog({ opened, onClose, value, onChange, onClear, earliestDay = EARLIEST_DAY }: DateRangePickerProps) {
  const text = useDateRangeText();
  const language = useListLanguage();
  const narrow = useMediaQuery(DIALOG_NARROW_QUERY) ?? false;
  const [now] = useState(() => new Date());
  const [from, setFrom] = useState<string | null>(() => toPickerValue(value?.from));
  const [to, setTo] = useState<string | null>(() => toPickerValue(value?.to));
  const [day, setDay] = useState<string | null>(() => (value ? dayjs(value.from).format('YYYY-MM-DD') : null));
  const earliest = dayjs(earliestDay).toDate();

  const confirm = () => {
    const dayDate = fromPickerValue(day);
    // The pickers stop at seconds; an end of 17:30:59 includes everything up to 17:30:59.999.
    const end = fromPickerValue(to);
    const range = narrow
      ? (dayDate ? wholeDay(dayDate) : null)
      : { from: fromPickerValue(from), to: end && dayjs(end).endOf('second').toDate() };
    if (!range || !isValidDateRange(range.from, range.to, { now: new Date(), earliestDay })) {
      notify.warning(message('dateRange.invalid', language), { position: 'top-left' });
      return;
    }
    onChange({ from: range.from as Date, to: range.to as Date });
    onClose();
  };

  const shared = {
    locale: language,
    firstDayOfWeek: MONDAY,
    minDate: earliest,
    clearable: true,
    leftSection: <IconCalendar size={16} aria-hidden />,
    popoverProps: { withinPortal: true },
  } as const;

  return (
    <AppDialog opened={opened} onClose={onClose} title={text('title')} size="lg">
      <Stack gap="md">
        {narrow ? (
          <>
            <DatePickerInput
              {...shared}
              label={text('day')}
              value={day}
              onChange={setDay}
              maxDate={now}
              valueFormat={DAY_FORMAT}
              dropdownType="modal"
            />
            <Text size="sm" c="dimmed">{text('wholeDay')}</Text>
          </>
        ) : (
          <Group align="flex-end" gap="sm" wrap="nowrap">
            <DateTimePicker
              {...shared}
              style={{ flex: 1 }}
              label={text('from')}
              value={from}
              onChange={setFrom}
              maxDate={now}
              valueFormat={PICKER_FORMAT}
              withSeconds
              defaultTimeValue="00:00:00"
              timePickerProps={{ format: '24h', minutesStep: 1 }}
            />
            <Text pb={8} aria-hidden>{text('separator')}</Text>
            <DateTimePicker
              {...shared}
              style={{ flex: 1 }}
              label={text('to')}
              value={to}
              onChange={setTo}
              maxDate={latestRangeEnd(now)}
              valueFormat={PICKER_FORMAT}
              withSeconds
              defaultTimeValue="23:59:59"
              timePickerProps={{ format: '24h', minutesStep: 1 }}
            />
          </Group>
        )}
        <Group justify="space-between" wrap="wrap-reverse" gap="sm">
          {onClear && value ? (
            <Button variant="subtle" color="gray" onClick={() => { onClear(); onClose(); }}>{text('clear')}</Button>
          ) : <span />}
          <Group gap="sm">
            <Button variant="default" onClick={onClose}>{text('cancel')}</Button>
            <Button onClick={confirm}>{text('confirm')}</Button>
          </Group>
        </Group>
      </Stack>
    </AppDialog>
  );
}
