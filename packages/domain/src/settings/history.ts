import { z } from 'zod';
import { instantSchema, pathParam, successAnswer } from '../answers.ts';

/**
 * The change history of a settings record (a user, a site, the general
 * options): its audit rows newest first, each with the whole record before
 * and after the change as JSON. Secrets are never in them: a user's record
 * is stored without its password hash, and a password reset says only that
 * it happened.
 */
export const SETTINGS_AUDIT_ACTIONS = [
  'user.create', 'user.update', 'user.disable', 'user.enable', 'user.passwordReset',
  // The user's own password change (the auth module's row on the same record).
  'password.change',
  'site.create', 'site.update',
  'options.update',
] as const;
export type SettingsAuditAction = (typeof SETTINGS_AUDIT_ACTIONS)[number];

export const settingsHistoryEntry = z.object({
  /** Who made the change (display name), null for the system. */
  korisnik: z.string().nullable(),
  vrijeme: instantSchema,
  akcija: z.string(),
  /** The record before (null for a creation) and after, as JSON. */
  staro: z.unknown(),
  novo: z.unknown(),
});
export type SettingsHistoryEntry = z.output<typeof settingsHistoryEntry>;

export const settingsHistoryAnswer = successAnswer({ history: z.array(settingsHistoryEntry) });
export type SettingsHistoryAnswer = z.output<typeof settingsHistoryAnswer>;

export const settingsRecordParams = z.object({ id: pathParam('The record id (uuid)') });
