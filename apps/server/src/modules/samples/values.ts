import { type SampleStatus, type Spol, isSampleStatus, isSpol, toMinorUnits } from '@lis/domain';

// Stored values read as the domain's types (prices in minor units, sex, status). A stored value the domain does not know is a broken
// database, not bad input, so these throw a plain Error (a 500) rather than answer a 4xx.

export function minorUnits(price: string): number {
  const units = toMinorUnits(price);
  if (units === null) throw new Error(`price is not an amount: ${price}`);
  return units;
}

export function spolOf(value: string | null | undefined): Spol | null {
  return isSpol(value) ? value : null;
}

/** A patient's sex as answers carry it: MUŠKI, ŽENSKI, or '' when the record has none. */
export function storedSpol(value: string | null | undefined): Spol | '' {
  return spolOf(value) ?? '';
}

export function statusOf(value: string): SampleStatus {
  if (!isSampleStatus(value)) throw new Error(`unknown sample status in the database: ${value}`);
  return value;
}
