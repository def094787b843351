import { describe, expect, it } from 'vitest';
import { dilutionStep, readAstValue, stepText } from './ast-value.ts';

describe('MIC values', () => {
  it('reads dilution steps with a point or a comma, the 0.03/0.032 spellings as one step', () => {
    expect(readAstValue('MIC', '0,5')).toEqual({ method: 'MIC', step: -1, bound: 'eq' });
    expect(readAstValue('MIC', '16')).toEqual({ method: 'MIC', step: 4, bound: 'eq' });
    expect(dilutionStep(0.03)).toBe(dilutionStep(0.032));
    expect(dilutionStep(0.06)).toBe(dilutionStep(0.064));
    expect(dilutionStep(0.125)).toBe(-3);
  });

  it('reads censored values as the steps they stand for', () => {
    expect(readAstValue('MIC', '≤0.25')).toEqual({ method: 'MIC', step: -2, bound: 'le' });
    expect(readAstValue('MIC', '<= 0.25')).toEqual({ method: 'MIC', step: -2, bound: 'le' });
    expect(readAstValue('MIC', '<0.25')).toEqual({ method: 'MIC', step: -3, bound: 'le' });
    expect(readAstValue('MIC', '>32')).toEqual({ method: 'MIC', step: 6, bound: 'ge' });
    expect(readAstValue('MIC', '≥32')).toEqual({ method: 'MIC', step: 5, bound: 'ge' });
  });

  it('refuses what is not a number or not a dilution step', () => {
    for (const text of ['', 'abc', '0.75', '3', '1e3', '-1', '0', '2048', '1..2', '<', '4 mg']) {
      expect(readAstValue('MIC', text), text).toBe('micro.micNotStep');
    }
  });

  it('prints steps as laboratories write them', () => {
    expect([-5, -4, -3, -1, 0, 3].map(stepText)).toEqual(['0.03', '0.06', '0.125', '0.5', '1', '8']);
  });
});

describe('zone diameters', () => {
  it('takes whole millimetres up to 100', () => {
    expect(readAstValue('DISK', ' 22 ')).toEqual({ method: 'DISK', mm: 22 });
    expect(readAstValue('DISK', '6')).toEqual({ method: 'DISK', mm: 6 });
    for (const text of ['', '22.5', '22,5', '-3', '101', 'x', '<20']) expect(readAstValue('DISK', text), text).toBe('micro.zoneInvalid');
  });
});
