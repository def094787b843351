import { describe, expect, it } from 'vitest';
import { accountEndInstant, lastValidDay } from './account-end.ts';

describe('account end', () => {
  it('ends the account at the start of the day after the last valid day, in the site zone', () => {
    expect(accountEndInstant('2026-12-31', 'Europe/Sarajevo')).toBe('2026-12-31T23:00:00.000Z');
    expect(lastValidDay('2026-12-31T23:00:00.000Z', 'Europe/Sarajevo')).toBe('2026-12-31');
    expect(accountEndInstant('', 'Europe/Sarajevo')).toBeNull();
    expect(lastValidDay(null, 'Europe/Sarajevo')).toBe('');
  });
});
