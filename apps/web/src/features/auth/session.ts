/**
 * Session hooks and actions for screens.
 *
 *   const session = useActiveSession();        // inside the shell (signed in)
 *   session.user.email, session.site.sifra, session.siteId
 *   session.can('patients.write')              // the server's permission list
 *   session.readOnly                           // access level above 0
 *   session.data.display.list                  // any field of the login answer
 *
 * `login`, `logout` and `restoreSession` are used by the login page, the avatar
 * menu, the idle timer and the route guard; screens rarely need them. The
 * server decides what a token may do; these checks only hide what would fail.
 */
import { useMemo, useSyncExternalStore } from 'react';
import { type Language, type Permission, sessionMenuAnswer, authContracts, siteContracts } from '@lis/domain';
import { ApiError, call } from '../../api/client.ts';
import { queryClient } from '../../api/query-client.ts';
import { type SessionData, type SessionState, type Site, sessionLanguage, sessionStore } from '../../lib/session-store.ts';

export type { SessionData, SessionState, Site } from '../../lib/session-store.ts';

// Whatever ends a session (logout, idle, a 401, another tab) also drops the cached server data of that user.
sessionStore.subscribe(() => {
  if (sessionStore.get().status === 'anonymous') queryClient.clear();
});

export function useSession(): SessionState {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get);
}

export interface ActiveSession {
  data: SessionData;
  siteId: string;
  site: Site;
  sites: Site[];
  language: Language;
  user: { id: string; email: string; ime: string; prezime: string; fullName: string };
  readOnly: boolean;
  can: (permission: Permission) => boolean;
}

export function describeSession(data: SessionData, siteId: string): ActiveSession {
  const site = data.sites.find((candidate) => candidate.id === siteId) ?? data.sites[0]!;
  const permissions = new Set(data.access.permissions);
  return {
    data,
    siteId: site.id,
    site,
    sites: data.sites,
    language: sessionLanguage(data),
    user: {
      id: data.localId, email: data.email, ime: data.ime, prezime: data.prezime,
      fullName: `${data.ime} ${data.prezime}`.trim() || data.email,
    },
    readOnly: data.access.level > 0,
    can: (permission) => permissions.has(permission),
  };
}

/** The signed-in session; only for components rendered inside the shell, behind the guard. */
export function useActiveSession(): ActiveSession {
  const state = useSession();
  if (state.status === 'anonymous') throw new Error('useActiveSession used outside the signed-in shell');
  const { data, siteId } = state;
  return useMemo(() => describeSession(data, siteId), [data, siteId]);
}

export async function login(email: string, password: string): Promise<SessionData> {
  const answer = await call(authContracts.login, { body: { email: email.trim(), password, returnSecureToken: true } });
  sessionStore.start(answer.data);
  return answer.data;
}

let restoring: Promise<void> | null = null;

/**
 * Auto-login: the stored token is checked with the profile call. A 401 has
 * already ended the session in the API client; a 403 (the site was taken away)
 * ends it too. When the server cannot be reached the stored session is used,
 * and the screens show the failing calls.
 */
export function restoreSession(): Promise<void> {
  const state = sessionStore.get();
  if (state.status !== 'restoring') return Promise.resolve();
  restoring ??= (async () => {
    const localPart = encodeURIComponent(state.data.email.split('@')[0] ?? state.data.email);
    try {
      const answer = await call(authContracts.profile, { params: { localPart }, body: { email: state.data.email } });
      sessionStore.confirm(answer.user.postavke.language);
    } catch (error) {
      if (error instanceof ApiError && (error.status === 401 || error.status === 403)) sessionStore.clear();
      else sessionStore.confirm(undefined);
    } finally {
      restoring = null;
    }
  })();
  return restoring;
}

export type LogoutType = 'manual' | 'automatic';

/** Ends the session on the server (best effort) and forgets it here; the guard then shows /auth/login. */
export async function logout(type: LogoutType): Promise<void> {
  const state = sessionStore.get();
  if (state.status === 'anonymous') return;
  // The server closes this session's sockets as it ends it, possibly before its answer arrives here.
  sessionStore.markSigningOut();
  try {
    await call(authContracts.logout, { body: {
      user: state.data.email, language: state.data.language, idleTime: state.data.idleTime, type,
    } });
  } catch {
    // The session ends here whatever the server answered; an ended token is refused there anyway.
  } finally {
    sessionStore.clear();
  }
}

/**
 * The user's own interface language, chosen in the avatar menu: stored in their user settings on the server,
 * then applied to this session at once (every screen re-renders in it), without signing out.
 */
export async function changeOwnLanguage(language: Language): Promise<void> {
  const answer = await call(authContracts.ownLanguage, { body: { language } });
  sessionStore.confirm(answer.language);
}

export function switchSite(siteId: string): void {
  sessionStore.setSite(siteId);
}

/** The user's sites read again from the server (after the user was given a site while signed in). */
export async function refreshSites(): Promise<void> {
  const answer = await call(siteContracts.list);
  sessionStore.setSites(answer.sajtovi);
}

/**
 * The menu and report flags read again from the server: the lab's general options decide which menu entries and
 * reports a role sees, and an administrator's change must reach open pages without a new sign-in. Called when the
 * server announces a change and whenever the socket (re)connects (a change may have come while it was down).
 */
export async function refreshSessionMenu(): Promise<void> {
  const token = sessionStore.token();
  if (token === null) return;
  const answer = sessionMenuAnswer.safeParse(await call(authContracts.sessionMenu));
  // A sign-out or another user's sign-in while the call ran: the answer belongs to a session that is gone.
  // An answer of another contract (an older server) keeps the menu the session has.
  if (answer.success && sessionStore.token() === token) sessionStore.setMenu(answer.data);
}
