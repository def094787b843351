/**
 * Money as integer minor units (fening / cent): prices arrive as exact decimal
 * text (PostgreSQL numeric), are added as integers and printed back as text,
 * so no total is ever off by a float rounding.
 */
export type MinorUnits = number;

const MONEY_PATTERN = /^(-)?(\d{1,12})(?:\.(\d{1,2}))?$/;

/** '12.5' -> 1250, '0' -> 0, '-3.05' -> -305; null for anything else (three decimals, letters, empty). */
export function toMinorUnits(text: string | number): MinorUnits | null {
  const value = typeof text === 'number' ? String(text) : text.trim();
  const match = MONEY_PATTERN.exec(value);
  if (!match) return null;
  const units = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return match[1] ? -units : units;
}

/** 1250 -> '12.50'. */
export function fromMinorUnits(units: MinorUnits): string {
  if (!Number.isSafeInteger(units)) throw new RangeError(`not a whole number of minor units: ${units}`);
  const sign = units < 0 ? '-' : '';
  const absolute = Math.abs(units);
  return `${sign}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
}

export function sumMinorUnits(values: readonly MinorUnits[]): MinorUnits {
  return values.reduce((total, value) => total + value, 0);
}
