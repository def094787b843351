import { describe, expect, it } from 'vitest';
import {
  PORTAL_CODE_ALPHABET, PORTAL_LOCKOUT_MINUTES, PORTAL_MAX_FAILURES, formatPortalCode, normalisePortalCode, portalCodeFromBytes, portalLockedUntil,
} from './code.ts';

describe('portal codes', () => {
  it('draws ten characters of the unambiguous alphabet and reads them back however typed', () => {
    const code = portalCodeFromBytes(Uint8Array.from([0, 1, 2, 3, 4, 250, 251, 252, 253, 255]));
    expect(code).toHaveLength(10);
    for (const character of code) expect(PORTAL_CODE_ALPHABET).toContain(character);
    expect(normalisePortalCode(formatPortalCode(code).toLowerCase())).toBe(code);
    expect(normalisePortalCode(` ${code.slice(0, 5)} ${code.slice(5)} `)).toBe(code);
  });

  it('refuses what cannot be a code', () => {
    expect(normalisePortalCode('ABCDE')).toBeNull();
    expect(normalisePortalCode('ABCDE-FGHI0')).toBeNull();
    expect(normalisePortalCode('ABCDE-FGHIJK')).toBeNull();
  });

  it('locks an address after five failures within the window, and opens it when the oldest ages out', () => {
    const now = new Date('2026-01-10T10:00:00Z');
    const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
    const four = [1, 2, 3, 4].map(minutesAgo);
    expect(portalLockedUntil(four, now)).toBeNull();
    const five = [...four, minutesAgo(10)];
    expect(PORTAL_MAX_FAILURES).toBe(5);
    expect(portalLockedUntil(five, now)).toEqual(new Date(minutesAgo(10).getTime() + PORTAL_LOCKOUT_MINUTES * 60_000));
    expect(portalLockedUntil([...four, minutesAgo(PORTAL_LOCKOUT_MINUTES + 1)], now)).toBeNull();
  });
});
