/** A patient's sex: exactly MUŠKI or ŽENSKI, the spelling every screen, answer and column uses. */
export const SPOL_VALUES = ['MUŠKI', 'ŽENSKI'] as const;
export type Spol = (typeof SPOL_VALUES)[number];

export function isSpol(value: unknown): value is Spol {
  return typeof value === 'string' && (SPOL_VALUES as readonly string[]).includes(value);
}
