/** How quality-control figures and statuses look on every QC screen. */
import type { MantineColor } from '@mantine/core';
import { formatNumber } from '../../lib/format.ts';

export type RunStatus = 'prihvacen' | 'upozorenje' | 'odbijen';

/** Accepted teal, warning (1-2s) orange, rejected red: the colours every status has in the app. */
export const STATUS_COLORS: Record<RunStatus, MantineColor> = { prihvacen: 'teal', upozorenje: 'orange', odbijen: 'red' };

/** A control figure rounded to at most `digits` decimals, with the language's decimal mark ('5,35'), never grouped. */
export function figure(value: number | null | undefined, language: string, digits = 3): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return formatNumber(value, language, { maxDecimals: digits });
}
