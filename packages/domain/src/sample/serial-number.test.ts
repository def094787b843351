import { describe, expect, it } from 'vitest';
import { chooseBySerialNumber } from './serial-number.ts';

const rows = [{ rbr: 1 }, { rbr: 2 }, { rbr: 3 }];
const byNumber = (row: { rbr: number }) => row.rbr;

describe('serial-number dialog', () => {
  it('disables OK for an empty input, one that is not a number, or one above the data length', () => {
    expect(chooseBySerialNumber('', rows, byNumber).problem).toBe('empty');
    expect(chooseBySerialNumber('  ', rows, byNumber).problem).toBe('empty');
    expect(chooseBySerialNumber('2a', rows, byNumber).problem).toBe('notNumber');
    expect(chooseBySerialNumber('-1', rows, byNumber).problem).toBe('notNumber');
    expect(chooseBySerialNumber('1.5', rows, byNumber).problem).toBe('notNumber');
    expect(chooseBySerialNumber('0', rows, byNumber).problem).toBe('notNumber');
    expect(chooseBySerialNumber('4', rows, byNumber)).toMatchObject({ problem: 'aboveLength', highest: 3 });
  });
  it('opens the row carrying the number', () => {
    expect(chooseBySerialNumber(' 3 ', rows, byNumber)).toEqual({ problem: null, row: { rbr: 3 }, highest: 3 });
    expect(chooseBySerialNumber('1', [], byNumber).problem).toBe('aboveLength');
  });
  it('refuses a number of the day that no row of the data carries (another site, a deleted sample)', () => {
    const gaps = [{ rbr: 4 }, { rbr: 9 }];
    expect(chooseBySerialNumber('9', gaps, byNumber).row).toEqual({ rbr: 9 });
    expect(chooseBySerialNumber('5', gaps, byNumber).problem).toBe('notInData');
  });
});
