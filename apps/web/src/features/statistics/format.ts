/** Numbers of the statistics in the user's language: counts, minutes, shares (lib/format.ts writes them). */
import { formatNumber, formatPercent } from '../../lib/format.ts';

export function count(value: number, language: string): string {
  return formatNumber(value, language, { grouped: true });
}

/** Minutes to one decimal ("42,5 min" in Bosnian and German); null: nothing measured. */
export function minutesText(value: number | null, language: string): string {
  if (value === null) return '—';
  return `${formatNumber(value, language, { maxDecimals: 1, grouped: true })} min`;
}

/** A share (0–1) as a percentage to one decimal; null: nothing measured. */
export function percent(value: number | null, language: string): string {
  if (value === null) return '—';
  return formatPercent(value, language, 1);
}
