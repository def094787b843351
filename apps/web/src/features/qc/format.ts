/** How quality-control figures and statuses look on every QC screen. */
import type { MantineColor } from '@mantine/core';

export type RunStatus = 'prihvacen' | 'upozorenje' | 'odbijen';

/** Accepted teal, warning (1-2s) orange, rejected red: the colours every status has in the app. */
export const STATUS_COLORS: Record<RunStatus, MantineColor> = { prihvacen: 'teal', upozorenje: 'orange', odbijen: 'red' };

/** A control figure with up to `digits` decimals, in the user's number format (5,4 in Bosnian). */
export function figure(value: number | null | undefined, language: string, digits = 3): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return new Intl.NumberFormat(language === 'bs' ? 'bs-BA' : language, { maximumFractionDigits: digits }).format(value);
}

/** A number as a person typed it ("5,4" or "5.4"), or null. */
export function typedNumber(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (!/^[+-]?(\d+(\.\d+)?|\.\d+)$/.test(trimmed)) return null;
  return Number(trimmed);
}
