import type { MessageCode } from './messages.ts';

/**
 * The password rule (OWASP ASVS 5.0, V6.2): at least 8 characters, at most 200, not one of the commonly used
 * passwords, no composition rules (no "a digit and a capital"), and never trimmed or otherwise changed: the
 * password is exactly what was typed, spaces included, so what is stored is what the sign-in compares.
 * Every form and the server check it here.
 */
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 200;

// The common passwords (common-passwords.ts, about 49,000 from published breach corpora) are not imported here:
// they are 200 kB of the browser's first download that no screen but a password form needs. Importing
// '@lis/domain/common-passwords' gives them to this rule; the server does so at start-up, a web form when it opens.
// Until then a form checks everything else and the server, which always has them, refuses a common one.
let common: ReadonlySet<string> | null = null;

/** Called once by common-passwords.ts when it is imported: the passwords, lower-cased, long enough to matter. */
export function setCommonPasswords(passwords: ReadonlySet<string>): void {
  common = passwords;
}

/** Whether the common-password list has been loaded (the server checks at start-up that it has). */
export function commonPasswordsLoaded(): boolean {
  return common !== null;
}

/** One of the common passwords, compared without case ('Password1' is as common as 'password1'). */
export function isCommonPassword(password: string): boolean {
  return common?.has(password.toLowerCase()) ?? false;
}

export type NewPasswordProblem = 'form.required' | 'password.tooShort' | 'password.tooLong' | 'password.common';

/** What is wrong with a new password (an initial, reset or changed one), or null. */
export function newPasswordProblem(password: string): NewPasswordProblem | null {
  if (password === '') return 'form.required';
  // Characters as a person counts them (code points), not UTF-16 units: 'ššššššš' is 7.
  const length = [...password].length;
  if (length < MIN_PASSWORD_LENGTH) return 'password.tooShort';
  if (length > MAX_PASSWORD_LENGTH) return 'password.tooLong';
  if (isCommonPassword(password)) return 'password.common';
  return null;
}

export interface PasswordChangeInput {
  staraSifra: string;
  novaSifra: string;
  potvrdaSifra: string;
}

/** The change-password rules, in the order they are checked (so the first broken one is the message shown). */
export function validatePasswordChange(input: PasswordChangeInput): MessageCode | null {
  if (input.staraSifra === '' || input.novaSifra === '' || input.potvrdaSifra === '') return 'password.required';
  const problem = newPasswordProblem(input.novaSifra);
  if (problem) return problem;
  if (input.novaSifra !== input.potvrdaSifra) return 'password.mismatch';
  // The current password again is no change (the server checks that `staraSifra` is the current one).
  if (input.novaSifra === input.staraSifra) return 'password.unchanged';
  return null;
}
