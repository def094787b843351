/**
 * The settings calls as the settings screens use them; request and answer
 * types are those of the contracts in @lis/domain (settings/*.ts), the same
 * zod schemas the server validates with.
 */
import type {
  OptionsAnswer, OptionsSaveRequest, SettingsHistoryAnswer, SiteEditAnswer, SiteElementInput, UserEditAnswer, UserElementInput,
} from '@lis/domain';
import { api } from '../../api/client.ts';

export type { SettingsHistoryEntry, SiteListRow, UserListRow } from '@lis/domain';

export const USER_LIST_URL = '/postavke/users/list';
export const SITE_LIST_URL = '/postavke/sites/list';

export const settingsKeys = {
  options: ['postavke', 'options'] as const,
  history: (kind: HistoryKind, id: string) => ['postavke', 'history', kind, id] as const,
};

export function saveUser(element: UserElementInput): Promise<UserEditAnswer> {
  return api.post<UserEditAnswer>('/postavke/users/edit', { element });
}

export function setUserDisabled(id: string, disabled: boolean): Promise<UserEditAnswer> {
  return api.post<UserEditAnswer>(disabled ? '/postavke/users/disable' : '/postavke/users/enable', { _id: id });
}

export function resetUserPassword(id: string, password: string): Promise<UserEditAnswer> {
  return api.post<UserEditAnswer>('/postavke/users/password', { _id: id, password });
}

export function saveSite(element: SiteElementInput): Promise<SiteEditAnswer> {
  return api.post<SiteEditAnswer>('/postavke/sites/edit', { element });
}

export function readOptions(signal?: AbortSignal): Promise<OptionsAnswer> {
  return api.get<OptionsAnswer>('/postavke/opcije', {}, { signal });
}

export function saveOptions(body: OptionsSaveRequest): Promise<OptionsAnswer> {
  return api.post<OptionsAnswer>('/postavke/opcije', body);
}

/** Whose history: a user, a site, or the general options (which have one record, no id). */
export type HistoryKind = 'user' | 'site' | 'options';

export function readHistory(kind: HistoryKind, id: string, signal?: AbortSignal): Promise<SettingsHistoryAnswer> {
  const path = kind === 'options' ? '/postavke/opcije/history'
    : `/postavke/${kind === 'user' ? 'users' : 'sites'}/history/${encodeURIComponent(id)}`;
  return api.get<SettingsHistoryAnswer>(path, {}, { signal });
}
