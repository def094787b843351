/**
 * Pure rules that join the sidebar of the login answer with the route
 * registry: which items the menu shows, where unknown paths go, which group
 * is expanded. Tested in navigation.test.ts.
 */
import { matchPath } from 'react-router';
import type { SidebarItem } from '@lis/domain';
import type { ScreenRoute } from './routes.tsx';

/** The shell's own landing route: the welcome card when no default screen exists. */
export const HOME_PATH = '/';

export interface NavEntry {
  item: SidebarItem;
  /** The item opens a screen (a group heading may have none). */
  hasScreen: boolean;
  children: NavEntry[];
}

export function findScreen(pathname: string, screens: readonly ScreenRoute[]): ScreenRoute | undefined {
  return screens.find((screen) => matchPath({ path: screen.path, end: true }, pathname) !== null);
}

function hasScreen(path: string, screens: readonly ScreenRoute[]): boolean {
  return findScreen(path, screens) !== undefined;
}

/**
 * The menu: visible items only, nested by `parent`, and only what leads to a
 * registered screen (a parent stays when at least one of its children does).
 */
export function buildNavigation(sidebar: readonly SidebarItem[], screens: readonly ScreenRoute[]): NavEntry[] {
  const visible = sidebar.filter((item) => item.visible);
  const paths = new Set(visible.map((item) => item.path));
  const entryOf = (item: SidebarItem, trail: Set<string>): NavEntry | null => {
    const nextTrail = new Set(trail).add(item.path);
    const children = visible
      .filter((child) => child.parent === item.path && !nextTrail.has(child.path))
      .map((child) => entryOf(child, nextTrail))
      .filter((entry): entry is NavEntry => entry !== null);
    const routed = hasScreen(item.path, screens);
    return routed || children.length > 0 ? { item, hasScreen: routed, children } : null;
  };
  return visible
    .filter((item) => item.parent === null || !paths.has(item.parent))
    .map((item) => entryOf(item, new Set()))
    .filter((entry): entry is NavEntry => entry !== null);
}

/** Where unknown paths go: the item flagged default when its screen exists, else the welcome page. */
export function defaultPath(sidebar: readonly SidebarItem[], screens: readonly ScreenRoute[]): string {
  const item = sidebar.find((candidate) => candidate.default);
  return item && hasScreen(item.path, screens) ? item.path : HOME_PATH;
}

/** Where a user lands after login: their default_route when that screen exists, else the default item. */
export function landingPath(defaultRoute: string, sidebar: readonly SidebarItem[], screens: readonly ScreenRoute[]): string {
  const allowed = sidebar.some((item) => item.path === defaultRoute);
  return allowed && hasScreen(defaultRoute, screens) ? defaultRoute : defaultPath(sidebar, screens);
}

/** Whether the entry is the current route or contains it; used to expand the parent of the current route. */
export function containsPath(entry: NavEntry, pathname: string): boolean {
  return isCurrent(entry.item.path, pathname) || entry.children.some((child) => containsPath(child, pathname));
}

export function isCurrent(itemPath: string, pathname: string): boolean {
  return pathname === itemPath || pathname.startsWith(`${itemPath}/`);
}

/**
 * The one sidebar item to highlight: of the items the route lies in, the most specific (the longest path), so
 * /postavke/analize lights 'Analize' and not 'Postavke' beside it; null when none holds the route.
 */
export function currentItemPath(entries: readonly NavEntry[], pathname: string): string | null {
  let current: string | null = null;
  const visit = (entry: NavEntry) => {
    if (entry.hasScreen && isCurrent(entry.item.path, pathname) && entry.item.path.length > (current?.length ?? -1)) current = entry.item.path;
    entry.children.forEach(visit);
  };
  entries.forEach(visit);
  return current;
}
