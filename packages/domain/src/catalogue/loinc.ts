/**
 * LOINC codes of lab assays: digits, a hyphen and the check digit (`2345-7`). The check digit is LOINC's
 * mod 10 (the Luhn algorithm over the digits before the hyphen), so a mistyped digit is caught on entry.
 */
const LOINC_SHAPE = /^(\d{1,7})-(\d)$/;

/** The check digit LOINC computes for the code's number part (the digits before the hyphen). */
export function loincCheckDigit(number: string): number {
  let sum = 0;
  for (let index = 0; index < number.length; index += 1) {
    // From the right: the 1st, 3rd, 5th ... digits are doubled (and their digits added), the others added as they are.
    let digit = Number(number[number.length - 1 - index]);
    if (index % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return (10 - (sum % 10)) % 10;
}

/** Whether `code` is a well-formed LOINC code with its right check digit. */
export function isLoincCode(code: string): boolean {
  const match = LOINC_SHAPE.exec(code);
  if (!match) return false;
  return loincCheckDigit(match[1]!) === Number(match[2]);
}

/** The FHIR and HL7 system URI of LOINC. */
export const LOINC_SYSTEM = 'http://loinc.org';
