import { describe, expect, it } from 'vitest';
import { isLoincCode, loincCheckDigit } from './loinc.ts';

describe('LOINC codes', () => {
  it('accepts published codes with their check digit', () => {
    for (const code of ['2345-7', '718-7', '6690-2', '777-3', '3016-3', '14682-9', '1988-5', '2951-2', '2823-3', '98979-8']) {
      expect(isLoincCode(code), code).toBe(true);
    }
  });

  it('refuses a wrong check digit, a missing hyphen and other shapes', () => {
    expect(isLoincCode('2345-6')).toBe(false);
    expect(isLoincCode('23457')).toBe(false);
    expect(isLoincCode('2345-')).toBe(false);
    expect(isLoincCode('LP1234-5')).toBe(false);
    expect(isLoincCode(' 2345-7')).toBe(false);
    expect(isLoincCode('12345678-9')).toBe(false);
  });

  it('computes the check digit as LOINC describes it (12345 gives 5)', () => {
    expect(loincCheckDigit('12345')).toBe(5);
    expect(loincCheckDigit('2345')).toBe(7);
  });
});
