import { describe, expect, it } from 'vitest';
import { count, duration, measured } from './format.ts';

describe('logger number formats', () => {
  it('writes the decimal comma in Bosnian and German, the point in English', () => {
    expect(measured(-22.4, 'bs')).toBe('-22,4');
    expect(measured(4, 'de')).toBe('4,0');
    expect(measured(4.25, 'en', 2)).toBe('4.25');
    expect(measured(null, 'bs')).toBe('—');
    expect(count(4320, 'bs')).toBe('4.320');
    expect(count(1234567, 'en')).toBe('1,234,567');
    expect(count(999, 'de')).toBe('999');
    expect(duration(45)).toBe('45 min');
    expect(duration(200)).toBe('3 h 20 min');
  });
});
