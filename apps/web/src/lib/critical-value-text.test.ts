import { describe, expect, it } from 'vitest';
import { criticalValueText } from './critical-value-text.ts';

describe('criticalValueText', () => {
  it("names the test, the value in the reader's decimal mark and the unit", () => {
    expect(criticalValueText({ naziv: 'Kalij', rezultat: '6.8', jedinica: 'mmol/L' }, 'bs')).toBe('Kalij 6,8 mmol/L');
    expect(criticalValueText({ naziv: 'Kalij', rezultat: '6.8', jedinica: 'mmol/L' }, 'de')).toBe('Kalij 6,8 mmol/L');
    expect(criticalValueText({ naziv: 'Potassium', rezultat: '6.8', jedinica: 'mmol/L' }, 'en')).toBe('Potassium 6.8 mmol/L');
  });

  it('keeps text and a value without a unit as they are', () => {
    expect(criticalValueText({ naziv: 'HBsAg', rezultat: 'Pozitivan', jedinica: '' }, 'bs')).toBe('HBsAg Pozitivan');
    expect(criticalValueText({ naziv: 'Glukoza', rezultat: ' <1.5 ', jedinica: 'mmol/L' }, 'bs')).toBe('Glukoza <1,5 mmol/L');
  });
});
