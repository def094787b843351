/**
 * The settings calls as the settings screens use them; request and answer
 * types are those of the contracts in @lis/domain (settings/*.ts), the same
 * zod schemas the server validates with.
 */
import type {
  OptionsAnswer, OptionsSaveRequest, SettingsHistoryAnswer, SiteEditAnswer, SiteElementInput, UserEditAnswer, UserElementInput,
} from '@lis/domain';
import { call } from '../../api/client.ts';
import { generalOptionsContracts, signingContracts, siteSettingsContracts, userContracts } from '@lis/domain';

export type { SettingsHistoryEntry, SiteListRow, UserListRow } from '@lis/domain';

export const USER_LIST = userContracts.list;
export const SITE_LIST = siteSettingsContracts.list;

export const settingsKeys = {
  options: ['postavke', 'options'] as const,
  signing: ['postavke', 'signing'] as const,
  history: (kind: HistoryKind, id: string) => ['postavke', 'history', kind, id] as const,
};

export function saveUser(element: UserElementInput): Promise<UserEditAnswer> {
  return call(userContracts.edit, { body: { element } });
}

export function setUserDisabled(id: string, disabled: boolean): Promise<UserEditAnswer> {
  return call(disabled ? userContracts.disable : userContracts.enable, { body: { _id: id } });
}

export function resetUserPassword(id: string, password: string): Promise<UserEditAnswer> {
  return call(userContracts.resetPassword, { body: { _id: id, password } });
}

export function saveSite(element: SiteElementInput): Promise<SiteEditAnswer> {
  return call(siteSettingsContracts.edit, { body: { element } });
}

export function readOptions(signal?: AbortSignal): Promise<OptionsAnswer> {
  return call(generalOptionsContracts.read, {}, { signal });
}

export function saveOptions(body: OptionsSaveRequest): Promise<OptionsAnswer> {
  return call(generalOptionsContracts.save, { body: body });
}

/** Whose history: a user, a site, or the general options (which have one record, no id). */
export type HistoryKind = 'user' | 'site' | 'options';

export function readHistory(kind: HistoryKind, id: string, signal?: AbortSignal): Promise<SettingsHistoryAnswer> {
  if (kind === 'options') return call(generalOptionsContracts.history, {}, { signal });
  return call(kind === 'user' ? userContracts.history : siteSettingsContracts.history, { params: { id } }, { signal });
}

/** The certificate that signs the lab's reports (never its key). */
export async function signingCertificate(signal?: AbortSignal) {
  return (await call(signingContracts.certificate, {}, { signal })).certificate;
}

/** Installs the lab's PKCS#12 file (base64) with its password. */
export function installSigningCertificate(p12: string, password: string) {
  return call(signingContracts.install, { body: { p12, password } });
}
