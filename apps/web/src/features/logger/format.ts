import type { Language } from '@lis/domain';
import { formatNumber } from '../../lib/format.ts';

/** A measured value as the user's language writes it: fixed decimals, a comma in Bosnian and German ("4,2"); a dash without one. */
export function measured(value: number | null | undefined, language: Language, decimals = 1): string {
  if (value === null || value === undefined) return '—';
  return formatNumber(value, language, { decimals });
}

/** A whole count with thousands grouped: 4.320 in Bosnian and German, 4,320 in English. */
export function count(value: number, language: Language): string {
  return formatNumber(Math.round(value), language, { decimals: 0, grouped: true });
}

/** Minutes as "45 min" or "3 h 20 min". */
export function duration(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}
