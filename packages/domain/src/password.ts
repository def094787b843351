import type { MessageCode } from './messages.ts';

export const MIN_PASSWORD_LENGTH = 6;

export interface PasswordChangeInput {
  staraSifra: string;
  novaSifra: string;
  potvrdaSifra: string;
}

/** The change-password rules, in the order they are checked (so the first broken one is the message shown). */
export function validatePasswordChange(input: PasswordChangeInput): MessageCode | null {
  const nova = input.novaSifra.trim();
  const potvrda = input.potvrdaSifra.trim();
  if (input.staraSifra === '' || nova === '' || potvrda === '') return 'password.required';
  if (nova.length < MIN_PASSWORD_LENGTH) return 'password.invalid';
  if (nova !== potvrda) return 'password.mismatch';
  return null;
}
