/** Most decimals a lab assay may print; more is never clinically meaningful. */
export const MAX_ASSAY_DECIMALS = 6;

/** Moves the decimal point through the exponent text, so no binary multiplication error creeps in. */
function shiftDecimalPoint(value: number, places: number): number {
  const [mantissa, exponent] = value.toExponential().split('e');
  return Number(`${mantissa}e${Number(exponent) + places}`);
}

function checkDecimals(decimals: number): void {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > MAX_ASSAY_DECIMALS) {
    throw new RangeError(`decimals must be an integer from 0 to ${MAX_ASSAY_DECIMALS}, got ${decimals}`);
  }
}

/**
 * Rounds half away from zero to the assay's decimals, on the decimal value a
 * person reads: 1.005 to two decimals is 1.01 (plain Math.round gives 1.00).
 */
export function roundToDecimals(value: number, decimals: number): number {
  checkDecimals(decimals);
  if (!Number.isFinite(value)) return value;
  const rounded = Math.sign(value) * shiftDecimalPoint(Math.round(shiftDecimalPoint(Math.abs(value), decimals)), -decimals);
  return rounded === 0 ? 0 : rounded;
}

/** The result text stored beside the number: rounded and always with the assay's decimals ("4.50"). */
export function formatAssayValue(value: number, decimals: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`cannot format ${value}`);
  return roundToDecimals(value, decimals).toFixed(decimals);
}
