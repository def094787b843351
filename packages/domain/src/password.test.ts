import { describe, expect, it } from 'vitest';
// The list is its own entry point (kept out of the browser's first download); the rule's tests load it as the server does.
import './common-passwords.ts';
import { initialPasswordSchema } from './settings/users.ts';
import { MIN_PASSWORD_LENGTH, isCommonPassword, newPasswordProblem, validatePasswordChange } from './password.ts';

describe('the password rule (ASVS 5.0)', () => {
  it('refuses fewer than 8 characters, counted as a person counts them', () => {
    expect(MIN_PASSWORD_LENGTH).toBe(8);
    expect(newPasswordProblem('aaaaaa')).toBe('password.tooShort');
    expect(newPasswordProblem('šđčćžšđ')).toBe('password.tooShort');
    expect(newPasswordProblem('šđčćžšđč')).toBeNull();
    expect(newPasswordProblem('')).toBe('form.required');
    expect(newPasswordProblem('x'.repeat(201))).toBe('password.tooLong');
  });

  it('refuses a common password whatever its case, and needs no composition', () => {
    expect(newPasswordProblem('password1')).toBe('password.common');
    expect(newPasswordProblem('Password1')).toBe('password.common');
    expect(newPasswordProblem('qwertyuiop')).toBe('password.common');
    expect(isCommonPassword('12345678')).toBe(true);
    // Only lower-case letters, no digit, no symbol: long enough and uncommon is enough.
    expect(newPasswordProblem('kestenovo drvo')).toBeNull();
  });

  it("keeps the demo password valid: the demo signs in with 'Demo1234!'", () => {
    expect(newPasswordProblem('Demo1234!')).toBeNull();
  });

  it('keeps a password exactly as typed: spaces at either end are part of it', () => {
    expect(newPasswordProblem(' padded ')).toBeNull();
    expect(initialPasswordSchema.parse(' padded ')).toBe(' padded ');
    expect(validatePasswordChange({ staraSifra: 'stara-lozinka', novaSifra: ' padded ', potvrdaSifra: ' padded' })).toBe('password.mismatch');
    expect(validatePasswordChange({ staraSifra: 'stara-lozinka', novaSifra: ' padded ', potvrdaSifra: ' padded ' })).toBeNull();
  });

  it('refuses the current password as the new one', () => {
    expect(validatePasswordChange({ staraSifra: 'stara-lozinka', novaSifra: 'stara-lozinka', potvrdaSifra: 'stara-lozinka' })).toBe('password.unchanged');
  });

  it('checks the change in order: required, the rule, the confirmation', () => {
    expect(validatePasswordChange({ staraSifra: '', novaSifra: 'x', potvrdaSifra: 'x' })).toBe('password.required');
    expect(validatePasswordChange({ staraSifra: 'a', novaSifra: 'aaaaaa', potvrdaSifra: 'aaaaaa' })).toBe('password.tooShort');
    expect(validatePasswordChange({ staraSifra: 'a', novaSifra: 'password1', potvrdaSifra: 'password1' })).toBe('password.common');
    expect(initialPasswordSchema.safeParse('password1').error?.issues[0]?.message).toBe('password.common');
  });
});
