import { formatDay } from '../../lib/date-time.ts';

/** A calendar day of the API (YYYY-MM-DD) as the app prints days: dd.mm.yyyy (lib/date-time.ts). */
export const dayText = formatDay;

/**
 * A NumberInput's value as a number, or '' while empty. With a decimal comma the input may hand over text
 * ('4,5', '4.50') rather than a number; it is read as the number it shows.
 */
export function numberOrEmpty(value: string | number): number | '' {
  if (typeof value === 'number') return value;
  const parsed = Number(value.trim().replace(',', '.'));
  return value.trim() === '' || Number.isNaN(parsed) ? '' : parsed;
}
