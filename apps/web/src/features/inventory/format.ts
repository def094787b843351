import { fromIsoDate, toLocalDateText } from '@lis/domain';

/** A calendar day of the API (YYYY-MM-DD) as the app prints days: dd.mm.yyyy. */
export function dayText(iso: string): string {
  const date = fromIsoDate(iso);
  return date ? toLocalDateText(date) : iso;
}
