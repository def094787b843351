/**
 * The date-range dialog 'Unesite opseg datuma'.
 *
 *   <DateRangePicker opened={opened} onClose={close} value={range} onChange={setRange} onClear={() => setRange(null)} />
 *
 * Wide screens pick a start and an end, each a day and a time (24-hour,
 * 1-minute steps, weeks from Monday; a picked start day begins at 00:00:00,
 * an end day ends at 23:59:59): the start from 2019-09-01 up to now,
 * the end up to now plus one day. Below 800 px one day is picked and the
 * range covers it from 00:00:00 to 23:59:59. Confirming an incomplete or
 * reversed range shows the warning 'Invalid date range.' top-left and keeps
 * the dialog open. Days and times are the site's (its time zone from the
 * login answer), whatever zone the browser runs in.
 */
import { useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { DatePickerInput, DateTimePicker } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import 'dayjs/locale/bs';
import 'dayjs/locale/de';
import {
  EARLIEST_DAY, addDays, calendarDateOf, fromIsoDate, isValidDateRange, latestRangeEnd, startOfDay, toIsoDate, type CalendarDate,
  type DateRange,
} from '@lis/domain';
import { formatDateTime, fromSiteWallClock, siteTimeZone, toSiteWallClock } from '../../lib/date-time.ts';
import { AppDialog, DIALOG_NARROW_QUERY } from '../AppDialog.tsx';
import { notify } from '../notify.tsx';
import { useTranslation } from 'react-i18next';
import { useLanguage, messageText } from '../../i18n/index.ts';

/** The pickers show seconds, so a day visibly ends at 23:59:59. */
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
  earliestDay?: CalendarDate;
}

/** The pickers hold the site's wall clock ('YYYY-MM-DD HH:mm:ss'); the range holds instants. */
function toPickerValue(date: Date | undefined): string | null {
  return date ? toSiteWallClock(date) : null;
}

function fromPickerValue(value: string | null): Date | null {
  return value ? fromSiteWallClock(value) : null;
}

/** A whole day at the site: 00:00:00.000 to 23:59:59.999 there (23 or 25 hours on a daylight-saving change day). */
export function wholeDay(day: CalendarDate, timeZone: string = siteTimeZone()): DateRange {
  return { from: startOfDay(day, timeZone), to: new Date(startOfDay(addDays(day, 1), timeZone).getTime() - 1) };
}

/** The range as the list shows it, at the site: '01.06.2024 08:00 do 02.06.2024 17:30'. */
export function formatDateRange(range: DateRange, separator: string): string {
  return `${formatDateTime(range.from)} ${separator} ${formatDateTime(range.to)}`;
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
  const { t: text } = useTranslation(undefined, { keyPrefix: 'dateRange' });
  const language = useLanguage();
  const narrow = useMediaQuery(DIALOG_NARROW_QUERY) ?? false;
  const [now] = useState(() => new Date());
  const [from, setFrom] = useState<string | null>(() => toPickerValue(value?.from));
  const [to, setTo] = useState<string | null>(() => toPickerValue(value?.to));
  const [day, setDay] = useState<string | null>(() => (value ? toIsoDate(calendarDateOf(value.from, siteTimeZone())) : null));

  const confirm = () => {
    const pickedDay = day ? fromIsoDate(day.slice(0, 10)) : null;
    // The pickers stop at seconds; an end of 17:30:59 includes everything up to 17:30:59.999.
    const end = fromPickerValue(to);
    const range = narrow
      ? (pickedDay ? wholeDay(pickedDay) : null)
      : { from: fromPickerValue(from), to: end && new Date(end.getTime() + 999) };
    if (!range || !isValidDateRange(range.from, range.to, { now: new Date(), earliestDay, timeZone: siteTimeZone() })) {
      notify.warning(messageText('dateRange.invalid'), { position: 'top-left' });
      return;
    }
    onChange({ from: range.from as Date, to: range.to as Date });
    onClose();
  };

  const shared = {
    locale: language,
    firstDayOfWeek: MONDAY,
    minDate: toIsoDate(earliestDay),
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
              maxDate={toSiteWallClock(now)}
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
              maxDate={toSiteWallClock(now)}
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
              maxDate={toSiteWallClock(latestRangeEnd(now))}
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
