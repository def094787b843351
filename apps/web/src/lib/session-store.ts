/**
 * The signed-in session: the login answer kept in localStorage and mirrored
 * in memory, plus the site the user works on now.
 *
 * It is app-wide state, not a feature's: the API client reads the token and
 * the current site from here and clears the session on a 401, and the route
 * guard then sends the user to /auth/login. Screens do not use this file
 * directly: they call `useActiveSession()` from features/auth. This file
 * performs no network calls, so the API client can import it without a cycle.
 */
import { type Language, type SessionData, languageFromSession, sessionDataSchema } from '@lis/domain';
import { applyLanguage } from '../i18n/index.ts';
import { applySiteTimeZone } from './date-time.ts';

/** A site of the login answer, and the `data` of the login answer (POST /api/login/users): the domain's contract types. */
export type { SessionData, Site } from '@lis/domain';

export type SessionState =
  | { status: 'anonymous' }
  /** A stored token that the server has not confirmed yet (auto-login). */
  | { status: 'restoring'; data: SessionData; siteId: string }
  | { status: 'active'; data: SessionData; siteId: string };

export const STORAGE_KEYS = {
  token: 'lis.token',
  session: 'lis.session',
  /** Written by the idle timer so activity in any tab counts. */
  lastActivity: 'lis.lastActivity',
} as const;

interface StoredSession {
  data: SessionData;
  siteId: string;
}

function readStored(): StoredSession | null {
  try {
    const token = localStorage.getItem(STORAGE_KEYS.token);
    const raw = localStorage.getItem(STORAGE_KEYS.session);
    if (!token || !raw) return null;
    const stored = JSON.parse(raw) as { data?: unknown; siteId?: unknown };
    // What was stored must still be a login answer of today's contract, for this token; else the user signs in again.
    const parsed = sessionDataSchema.safeParse(stored.data);
    if (!parsed.success || parsed.data.idToken !== token) return null;
    const data = parsed.data;
    const siteId = typeof stored.siteId === 'string' && data.sites.some((site) => site.id === stored.siteId) ? stored.siteId : data.site;
    return { data, siteId };
  } catch {
    return null;
  }
}

function writeStored(session: StoredSession): void {
  localStorage.setItem(STORAGE_KEYS.token, session.data.idToken);
  localStorage.setItem(STORAGE_KEYS.session, JSON.stringify(session));
}

/**
 * An update of this tab's session (site, menu, language, sites) is stored only while the stored session is
 * still this one: a sign-in of someone else in another tab is never overwritten by this tab's late answer
 * (that tab's storage event then brings this one to the new session).
 */
function updateStored(session: StoredSession): void {
  const storedToken = localStorage.getItem(STORAGE_KEYS.token);
  if (storedToken !== null && storedToken !== session.data.idToken) return;
  writeStored(session);
}

function removeStored(): void {
  for (const key of Object.values(STORAGE_KEYS)) localStorage.removeItem(key);
}

export function sessionLanguage(data: SessionData): Language {
  return languageFromSession(data.language);
}

type Listener = () => void;

/** The time zone of the site the session works on, if the login answer gave one. */
function siteZone(state: SessionState): string | undefined {
  return state.status === 'anonymous' ? undefined : state.data.sites.find((site) => site.id === state.siteId)?.timeZone;
}

export function createSessionStore() {
  let state: SessionState = initialState();
  // This page is signing out itself: the server's "session ended" for its socket is then expected, not news.
  let signingOut = false;
  const listeners = new Set<Listener>();

  function initialState(): SessionState {
    const stored = readStored();
    if (!stored) {
      removeStored();
      return { status: 'anonymous' };
    }
    applyLanguage(sessionLanguage(stored.data));
    const restoring: SessionState = { status: 'restoring', ...stored };
    applySiteTimeZone(siteZone(restoring));
    return restoring;
  }

  function set(next: SessionState): void {
    state = next;
    applySiteTimeZone(siteZone(next));
    for (const listener of listeners) listener();
  }

  // Another tab signed out (or in): follow it, so two tabs never disagree about who is signed in.
  if (typeof window !== 'undefined') {
    window.addEventListener('storage', (event) => {
      if (event.key !== STORAGE_KEYS.token && event.key !== STORAGE_KEYS.session && event.key !== null) return;
      const stored = readStored();
      if (!stored) {
        if (state.status !== 'anonymous') set({ status: 'anonymous' });
        return;
      }
      if (state.status === 'anonymous' || state.data.idToken !== stored.data.idToken || state.siteId !== stored.siteId) {
        applyLanguage(sessionLanguage(stored.data));
        set({ status: 'active', ...stored });
      }
    });
  }

  return {
    get: (): SessionState => state,
    subscribe: (listener: Listener): (() => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    token: (): string | null => (state.status === 'anonymous' ? null : state.data.idToken),
    siteId: (): string | null => (state.status === 'anonymous' ? null : state.siteId),

    /** After a successful login: keep the answer and work on the user's home site. */
    start(data: SessionData): void {
      const session = { data, siteId: data.site };
      writeStored(session);
      applyLanguage(sessionLanguage(data));
      set({ status: 'active', ...session });
    },

    /** The server confirmed the stored token (auto-login); `language` is the profile's current one. */
    confirm(language: string | undefined): void {
      if (state.status === 'anonymous') return;
      const data = language ? { ...state.data, language } : state.data;
      updateStored({ data, siteId: state.siteId });
      applyLanguage(sessionLanguage(data));
      set({ status: 'active', data, siteId: state.siteId });
    },

    setSite(siteId: string): void {
      if (state.status === 'anonymous' || state.siteId === siteId) return;
      if (!state.data.sites.some((site) => site.id === siteId)) return;
      updateStored({ data: state.data, siteId });
      set({ ...state, siteId });
    },

    /** The initial password was changed: the session may do everything its rights allow. */
    passwordChanged(): void {
      if (state.status === 'anonymous' || !state.data.mustChangePassword) return;
      const data = { ...state.data, mustChangePassword: false };
      updateStored({ data, siteId: state.siteId });
      set({ ...state, data });
    },

    /** The user's sites as the server lists them now (a site given to the user while signed in joins the switcher). */
    setSites(sites: SessionData['sites']): void {
      const current = state;
      if (current.status === 'anonymous' || sites.length === 0) return;
      const siteId = sites.some((site) => site.id === current.siteId) ? current.siteId : sites[0]!.id;
      const data = { ...current.data, sites };
      updateStored({ data, siteId });
      set({ ...current, data, siteId });
    },

    /** The menu and report flags as the server gives them now (the lab changed what the role sees). */
    setMenu(menu: Pick<SessionData, 'sidebar' | 'reports' | 'default_route'>): void {
      const current = state;
      if (current.status === 'anonymous') return;
      const data = { ...current.data, sidebar: menu.sidebar, reports: menu.reports, default_route: menu.default_route };
      updateStored({ data, siteId: current.siteId });
      set({ ...current, data });
    },

    /** This page asked the server to end the session (sign-out); cleared by `clear`. */
    markSigningOut(): void {
      signingOut = true;
    },

    isSigningOut(): boolean {
      return signingOut;
    },

    /** Logout, expiry or a 401: forget everything stored for the session. */
    clear(): void {
      signingOut = false;
      removeStored();
      if (state.status !== 'anonymous') set({ status: 'anonymous' });
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
export const sessionStore: SessionStore = createSessionStore();
