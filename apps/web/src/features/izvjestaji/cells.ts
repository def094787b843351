/** A report cell as the screen shows it: days and instants at the site, KM, minutes with the language's decimal mark, named blanks. */
import type { ReportCell, ReportColumn } from '@lis/domain';
import { formatDateTime, formatDay } from '../../lib/date-time.ts';
import { formatMoney, formatNumber } from '../../lib/format.ts';

export function cellText(column: ReportColumn, value: ReportCell | undefined, language: string, blank: string): string {
  if (value === null || value === undefined || value === '') return column.kind === 'text' ? blank : '–';
  switch (column.kind) {
    case 'day': return formatDay(String(value));
    case 'instant': return formatDateTime(String(value));
    case 'money': return formatMoney(String(value), language);
    case 'minutes': return formatNumber(Number(value), language, { decimals: 1 });
    default: return String(value);
  }
}

export function isNumeric(column: ReportColumn): boolean {
  return column.kind === 'count' || column.kind === 'money' || column.kind === 'minutes';
}
