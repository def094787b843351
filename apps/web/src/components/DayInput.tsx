/**
 * A day field: typed as dd.mm.yyyy (dots or dashes) or picked from a calendar that opens under it, in the
 * interface's language with weeks from Monday; it holds the ISO day (YYYY-MM-DD).
 *
 * Enter in the field closes the calendar. In a form Enter submits (or moves to the next field), and a calendar
 * left open would cover what comes next: the form's own buttons, the report the submit just showed. Typing
 * again, a click or coming back to the field opens it again.
 */
import { useState } from 'react';
import { DateInput, type DateInputProps } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useLanguage } from '../i18n/index.ts';
import { parseTypedDay } from '../lib/date-time.ts';

const MONDAY = 1;

export function DayInput({ popoverProps, onKeyDown, onClick, onFocus, ...props }: DateInputProps) {
  const language = useLanguage();
  const [closedByEnter, setClosedByEnter] = useState(false);
  return (
    <DateInput
      valueFormat="DD.MM.YYYY"
      locale={language}
      firstDayOfWeek={MONDAY}
      dateParser={parseTypedDay}
      leftSection={<IconCalendar size={16} aria-hidden />}
      {...props}
      onKeyDown={(event) => {
        setClosedByEnter(event.key === 'Enter');
        onKeyDown?.(event);
      }}
      onClick={(event) => {
        setClosedByEnter(false);
        onClick?.(event);
      }}
      onFocus={(event) => {
        setClosedByEnter(false);
        onFocus?.(event);
      }}
      // The calendar's own state stays as it was (open while the field has focus); Enter only keeps it out of sight.
      popoverProps={{ withinPortal: true, ...popoverProps, ...(closedByEnter ? { opened: false } : {}) }}
    />
  );
}
