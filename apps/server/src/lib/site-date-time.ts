import { wallClockText } from '@lis/domain';

// Shared by the exports that print an instant as the site's clock shows it (the Izvještaji reports and the
// microbiology surveillance workbook), so neither reaches into the other module for it.

/** An instant at the site: 'dd.mm.yyyy HH:mm'. */
export function siteDateTime(instant: Date, timeZone: string): string {
  const [, year, month, day, time] = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}:\d{2})/.exec(wallClockText(instant, timeZone)) ?? [];
  return `${day}.${month}.${year} ${time}`;
}
