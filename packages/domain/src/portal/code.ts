/**
 * The patient portal's one-time codes and the limits of its sign-in: pure rules, shared by the server (which
 * draws, hashes and checks codes) and the web (which formats what the patient types).
 */

/** 32 letters and digits with none that read alike (no 0/O, 1/I/L): a code read off a phone is typed right. */
export const PORTAL_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
/** Ten characters of that alphabet: about 49 bits, far beyond what the lockout lets anyone try. */
export const PORTAL_CODE_LENGTH = 10;
/** Wrong codes for one e-mail address before its sign-in is locked... */
export const PORTAL_MAX_FAILURES = 5;
/** ...for this long, counted from the failures themselves (the oldest of the last five ages out of the window). */
export const PORTAL_LOCKOUT_MINUTES = 15;
/** How long a portal session lasts after its sign-in; the patient signs in with a new code afterwards. */
export const PORTAL_SESSION_MINUTES = 60;
/** Days a code stays usable when the lab has set nothing (general options, portalCodeDays). */
export const DEFAULT_PORTAL_CODE_DAYS = 30;
export const MAX_PORTAL_CODE_DAYS = 365;

/** A code from random bytes (one character per byte, 256 = 8 × 31 + 8: the alphabet's 31 letters keep the bias below 4 %). */
export function portalCodeFromBytes(bytes: Uint8Array): string {
  if (bytes.length < PORTAL_CODE_LENGTH) throw new Error('a portal code needs ten random bytes');
  let code = '';
  for (let index = 0; index < PORTAL_CODE_LENGTH; index += 1) code += PORTAL_CODE_ALPHABET[(bytes[index] ?? 0) % PORTAL_CODE_ALPHABET.length];
  return code;
}

/** The code as typed (any case, spaces or dashes between groups) in its stored form, or null when it cannot be one. */
export function normalisePortalCode(typed: string): string | null {
  const code = typed.toUpperCase().replace(/[\s-]/g, '');
  if (code.length !== PORTAL_CODE_LENGTH) return null;
  for (const character of code) if (!PORTAL_CODE_ALPHABET.includes(character)) return null;
  return code;
}

/** The code as the mail prints it: two groups of five (ABCDE-FGHJK). */
export function formatPortalCode(code: string): string {
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** An e-mail address as the sign-in compares it: trimmed, lower case. */
export function portalEmailKey(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Whether an address is locked, from the times of its recent failed sign-ins: locked while the last
 * PORTAL_MAX_FAILURES failures all fall within PORTAL_LOCKOUT_MINUTES; answers when it opens again, else null.
 */
export function portalLockedUntil(failures: readonly Date[], now: Date): Date | null {
  const windowMs = PORTAL_LOCKOUT_MINUTES * 60_000;
  const recent = failures.filter((at) => now.getTime() - at.getTime() < windowMs).sort((a, b) => b.getTime() - a.getTime());
  if (recent.length < PORTAL_MAX_FAILURES) return null;
  const oldestCounted = recent[PORTAL_MAX_FAILURES - 1] as Date;
  return new Date(oldestCounted.getTime() + windowMs);
}
