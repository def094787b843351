/**
 * The signed-in app's first chunks: the shell (sidebar, top bar, real-time socket), every feature's texts and all of
 * Mantine's styles. Not part of the sign-in page's first load (main.tsx, build-plugins.ts's budget), so nothing may
 * wait for them in turn: each way into the signed-in app starts them as early as it knows it will need them.
 *
 * - A page opened with a stored session (a reload, a new tab) starts the shell and the screen it opens on at boot
 *   (App.tsx), beside the auto-login call, instead of after it (RequireSession renders the shell only once the
 *   server has confirmed the token: waiting for that before fetching the shell's ~80 chunks, then for the shell
 *   before fetching the screen, made three round trips in a row, seconds on a busy machine).
 * - The sign-in page starts the shell when the user begins to type (LoginPage.tsx), so it is there or on its way
 *   when the router draws it.
 *
 * A module is fetched once however often this is called; a failed load is retried by the router's lazy components.
 */
import type { ComponentType } from 'react';
import type { SidebarItem } from '@lis/domain';
import { findScreen, HOME_PATH, landingPath } from './navigation.ts';
import type { ScreenRoute } from './routes.tsx';
import type { AppLayout } from './shell/AppLayout.tsx';

type ShellModules = [{ AppLayout: typeof AppLayout }, unknown, unknown];

let shell: ShellModules | undefined;

export function loadShell(): Promise<ShellModules> {
  return Promise.all([import('./shell/AppLayout.tsx'), import('./catalogues.ts'), import('./shell/styles.ts')]).then((modules) => {
    shell = modules;
    return modules;
  });
}

/**
 * The shell's modules once they have arrived, else undefined: the router draws a loaded shell at once instead of
 * through React's lazy(), which suspends once even for a module already here, and React then holds the revealed
 * content back up to 300 ms after its fallback showed (its Suspense throttling), on every sign-in.
 */
export function loadedShell(): ShellModules | undefined {
  return shell;
}

const screens = new WeakMap<ScreenRoute, ComponentType>();

/** A screen's component, fetched once; loadedScreen() has it from then on (for the same reason as loadedShell). */
export function loadScreen(route: ScreenRoute): Promise<ComponentType> {
  return route.screen().then((component) => {
    screens.set(route, component);
    return component;
  });
}

export function loadedScreen(route: ScreenRoute): ComponentType | undefined {
  return screens.get(route);
}

/** What the session tells about where its user lands. */
export interface LandingSession {
  default_route: string;
  sidebar: readonly SidebarItem[];
}

/** Starts loading the shell and the code of the screen at `pathname` (for '/', the session's landing screen). */
export function preloadSignedIn(session: LandingSession, pathname: string, routes: readonly ScreenRoute[]): void {
  loadShell().catch(() => undefined);
  const target = pathname === HOME_PATH ? landingPath(session.default_route, session.sidebar, routes) : pathname;
  const route = findScreen(target, routes);
  if (route) loadScreen(route).catch(() => undefined);
}
