/** A patient's sex as the spec spells it (spec section 9: 'Sex options: MUŠKI, ŽENSKI'). */
export const SPOL_VALUES = ['MUŠKI', 'ŽENSKI'] as const;
export type Spol = (typeof SPOL_VALUES)[number];

export function isSpol(value: unknown): value is Spol {
  return typeof value === 'string' && (SPOL_VALUES as readonly string[]).includes(value);
}
