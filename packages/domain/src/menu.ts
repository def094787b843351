import type { Permission, Role } from './permissions.ts';
import { can } from './permissions.ts';

/** One sidebar entry as the login answer carries it. */
export interface SidebarItem {
  path: string;
  /** Message-catalogue key of the title. */
  title: string;
  icon: string;
  /** Shown in the sidebar; hidden items are routes that exist but are reached from elsewhere. */
  visible: boolean;
  /** Where unknown paths go. */
  default: boolean;
  /** Drawn in the danger colour ('Provjera nalaza'). */
  danger: boolean;
  /** Turns on the session's note flag. */
  note: boolean;
  parent: string | null;
  children?: SidebarItem[];
}

interface MenuEntry {
  path: string;
  title: string;
  icon: string;
  permission: Permission;
  hidden?: boolean;
  danger?: boolean;
  parent?: string;
}

/**
 * Screens that work end to end, in menu order. A screen is listed here only
 * when it is done; the sidebar can therefore never offer an empty page.
 */
export const MENU: readonly MenuEntry[] = [
  { path: '/prijem', title: 'menu.prijem', icon: 'user-plus', permission: 'patients.read' },
  { path: '/pacijenti', title: 'menu.pacijenti', icon: 'users', permission: 'patients.read' },
  { path: '/obrada/pregled', title: 'menu.obrada', icon: 'flask', permission: 'samples.read' },
  // 'Provjera nalaza' is drawn in the danger colour and turns on the session's note flag (spec).
  { path: '/protokol', title: 'menu.protokol', icon: 'clipboard-list', permission: 'samples.read', danger: true },
  { path: '/barcode', title: 'menu.barcode', icon: 'barcode', permission: 'samples.write', hidden: true },
  { path: '/naljepnice', title: 'menu.naljepnice', icon: 'tags', permission: 'samples.read', hidden: true },
];

/** Menu entries whose screens are in this build (the web app registers a route for each). */
export const READY_SCREENS: ReadonlySet<string> = new Set(MENU.map((entry) => entry.path));

export function sidebarFor(role: Role, accessLevel: number, defaultRoute: string): SidebarItem[] {
  const permitted = MENU.filter((entry) => can(role, accessLevel, entry.permission));
  const firstVisible = permitted.find((entry) => !entry.hidden)?.path ?? null;
  const defaultPath = permitted.some((entry) => entry.path === defaultRoute) ? defaultRoute : firstVisible;
  return permitted.map((entry) => ({
    path: entry.path,
    title: entry.title,
    icon: entry.icon,
    visible: !entry.hidden,
    default: entry.path === defaultPath,
    danger: entry.danger ?? false,
    note: entry.danger ?? false,
    parent: entry.parent ?? null,
  }));
}

/** The route a user lands on: their default_route when it is a screen they may open, else the first one. */
export function landingRoute(sidebar: readonly SidebarItem[]): string {
  return sidebar.find((item) => item.default)?.path ?? sidebar.find((item) => item.visible)?.path ?? '/auth/login';
}
