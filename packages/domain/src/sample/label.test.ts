import { describe, expect, it } from 'vitest';
import { LABEL_DEFAULTS, labelLines, labelSettingsFrom, mmToDots, mmToPoints } from './label.ts';

describe('label settings', () => {
  it('defaults to 50 x 25 mm at 203 dpi', () => {
    expect(labelSettingsFrom(undefined)).toEqual(LABEL_DEFAULTS);
    expect(labelSettingsFrom({})).toEqual({ width: 50, height: 25, dpi: 203 });
  });

  it('takes valid fields and falls back field by field', () => {
    expect(labelSettingsFrom({ width: 60, height: 30, dpi: 300 })).toEqual({ width: 60, height: 30, dpi: 300 });
    expect(labelSettingsFrom({ width: 500, height: 30, dpi: 250 })).toEqual({ width: 50, height: 30, dpi: 203 });
    expect(labelSettingsFrom({ width: '60' })).toEqual(LABEL_DEFAULTS);
    expect(labelSettingsFrom('nonsense')).toEqual(LABEL_DEFAULTS);
  });

  it('converts millimetres to points and printer dots', () => {
    expect(mmToPoints(25.4)).toBeCloseTo(72);
    expect(mmToPoints(50)).toBeCloseTo(141.73, 2);
    expect(mmToDots(50, 203)).toBe(400);
    expect(mmToDots(25, 203)).toBe(200);
    expect(mmToDots(50, 300)).toBe(591);
  });
});

describe('label lines', () => {
  const content = { code: '2405170042', pacijentRBr: 42, godiste: 1985, datum: '17.05.2024', ime: 'AMIR', prezime: 'HODŽIĆ', hitan: false };

  it('prints the name, birth year, date and the day number', () => {
    expect(labelLines(content)).toEqual({ name: 'HODŽIĆ AMIR', info: 'God. 1985  17.05.2024  #42' });
  });

  it('marks urgent samples and leaves out an unknown birth year', () => {
    expect(labelLines({ ...content, godiste: null, hitan: true }).info).toBe('17.05.2024  #42  HITNO');
  });
});
