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

/** The settings overview. It can never be hidden from the menu: a lab must not lock itself out of its settings. */
export const SETTINGS_PATH = '/postavke';

interface MenuEntry {
  path: string;
  title: string;
  icon: string;
  permission: Permission;
  hidden?: boolean;
  danger?: boolean;
  parent?: string;
  /** Offered only to a session with at least one report flag set ('Izvještaji': one report per flag). */
  needsReportFlag?: boolean;
  /** A heading that only groups its children (entries whose `parent` is its path); it opens no screen of its own. */
  group?: true;
}

/**
 * Screens that work end to end, in menu order. A screen is listed here only
 * when it is done; the sidebar can therefore never offer an empty page.
 */
export const MENU: readonly MenuEntry[] = [
  // Statistika, the dashboard: first in the menu and the initial default landing route (spec).
  { path: '/statistika', title: 'menu.statistika', icon: 'chart-pie', permission: 'samples.read' },
  { path: '/prijem', title: 'menu.prijem', icon: 'user-plus', permission: 'patients.read' },
  { path: '/pacijenti', title: 'menu.pacijenti', icon: 'users', permission: 'patients.read' },
  { path: '/obrada/pregled', title: 'menu.obrada', icon: 'flask', permission: 'samples.read' },
  // 'Provjera nalaza' is drawn in the danger colour and turns on the session's note flag (spec).
  { path: '/protokol', title: 'menu.protokol', icon: 'clipboard-list', permission: 'samples.read', danger: true },
  { path: '/nalazi/pregled', title: 'menu.nalazi', icon: 'file-text', permission: 'reports.read' },
  { path: '/barcode', title: 'menu.barcode', icon: 'barcode', permission: 'samples.write', hidden: true },
  { path: '/naljepnice', title: 'menu.naljepnice', icon: 'tags', permission: 'samples.read', hidden: true },
  // The lab's catalogue: assays with their reference ranges, and the setting records (Šifarnici). Settings are
  // in the menu of administrators only; a user with settings.read may still open them read-only by address.
  { path: '/assays', title: 'menu.assays', icon: 'flask', permission: 'settings.write' },
  { path: '/postavke/analize', title: 'menu.analize', icon: 'test-pipe', permission: 'settings.write' },
  { path: '/postavke/sifarnici', title: 'menu.sifarnici', icon: 'adjustments', permission: 'settings.write' },
  // Autoverification: the rules that release normal results, for those who verify results (medical validation).
  { path: '/postavke/autoverifikacija', title: 'menu.autoverifikacija', icon: 'robot', permission: 'results.verify' },
  // Reflex testing: the rules that add a test when a result meets a condition, for the same users.
  { path: '/postavke/refleksni-testovi', title: 'menu.refleksniTestovi', icon: 'arrow-fork', permission: 'results.verify' },
  { path: '/reports', title: 'menu.reports', icon: 'chart-bar', permission: 'reports.read', needsReportFlag: true },
  { path: '/nalazi/outbox', title: 'menu.outbox', icon: 'mail', permission: 'reports.read' },
  { path: '/nalazi/hl7', title: 'menu.hl7', icon: 'arrows-exchange', permission: 'reports.read' },
  { path: '/narucioci', title: 'menu.narucioci', icon: 'mail-forward', permission: 'reports.read' },
  // Partneri (handshake icon): the lab's orderers, insurers and suppliers; read by everyone who reads samples, edited by administrators.
  { path: '/partneri', title: 'menu.partneri', icon: 'heart-handshake', permission: 'samples.read' },
  // Excel import of patients with their orders: creates patients and samples, so it needs samples.write.
  { path: '/import', title: 'menu.import', icon: 'file-spreadsheet', permission: 'samples.write' },
  // Settings: the /postavke overview leads to its sub-screens; only level-0 administrators hold settings.write.
  { path: SETTINGS_PATH, title: 'menu.postavke', icon: 'settings', permission: 'settings.write' },
  // Analysers and their integration: the registry (Analizatori, with its sidebar icon), and the Integracija group
  // (the connections' overview with messages and review, and the settings with the code mapping).
  { path: '/analysers', title: 'menu.analysers', icon: 'device-desktop-cog', permission: 'settings.write' },
  { path: '/integracija', title: 'menu.integracija', icon: 'plug', permission: 'settings.read', group: true },
  { path: '/integracija/pregled', title: 'menu.integracijaPregled', icon: 'device-desktop-analytics', permission: 'settings.read', parent: '/integracija' },
  { path: '/integracija/postavke', title: 'menu.integracijaPostavke', icon: 'adjustments', permission: 'settings.write', parent: '/integracija' },
  // Temperatura: the refrigerators' temperature logger, one group with its three screens.
  { path: '/loger', title: 'menu.loger', icon: 'thermometer', permission: 'logger.read', group: true },
  { path: '/loger/pregled', title: 'menu.logerPregled', icon: 'device-desktop-analytics', permission: 'logger.read', parent: '/loger' },
  { path: '/loger/postavke', title: 'menu.logerPostavke', icon: 'adjustments', permission: 'settings.read', parent: '/loger' },
  { path: '/loger/statistika', title: 'menu.logerStatistika', icon: 'chart-bar', permission: 'logger.read', parent: '/loger' },
  // Kontrole: quality control of the site (control entry, Levey-Jennings charts with the held tests, lot definitions).
  { path: '/kontrole', title: 'menu.kontrole', icon: 'test-pipe', permission: 'qc.read', group: true },
  { path: '/kontrole/unos', title: 'menu.kontroleUnos', icon: 'test-pipe', permission: 'qc.write', parent: '/kontrole' },
  { path: '/kontrole/charts', title: 'menu.kontroleCharts', icon: 'chart-bar', permission: 'qc.read', parent: '/kontrole' },
  { path: '/kontrole/obrada/pregled', title: 'menu.kontroleObrada', icon: 'list-details', permission: 'qc.read', parent: '/kontrole' },
  { path: '/kontrole/definicija', title: 'menu.kontroleDefinicija', icon: 'adjustments', permission: 'qc.define', parent: '/kontrole' },
  // Mikrobiologija: the microbiology work list (the site's cultures of a period with their stage; a row opens the
  // culture), the site's cumulative antibiogram (with its XLSX and WHONET exports) and the lab's microbiology
  // settings (antibiogram panels, the EUCAST reference data).
  { path: '/mikrobiologija', title: 'menu.mikrobiologija', icon: 'microscope', permission: 'samples.read' },
  {
    path: '/mikrobiologija/kumulativni-antibiogram', title: 'menu.mikrobiologijaKumulativni', icon: 'chart-bar', permission: 'reports.read',
    parent: '/mikrobiologija',
  },
  { path: '/mikrobiologija/paneli', title: 'menu.mikrobiologijaPaneli', icon: 'list-details', permission: 'settings.write', parent: '/mikrobiologija' },
  { path: '/mikrobiologija/referentni-podaci', title: 'menu.mikrobiologijaReferentni', icon: 'file-certificate', permission: 'settings.write', parent: '/mikrobiologija' },
  // Inventar: stock, goods in and out, supplier contracts, purchase orders, products and the reference lists (settings, administrators).
  { path: '/inventar', title: 'menu.inventar', icon: 'box', permission: 'inventory.read', group: true },
  { path: '/inventar/stanje', title: 'menu.inventarStanje', icon: 'packages', permission: 'inventory.read', parent: '/inventar' },
  { path: '/inventar/ulaz', title: 'menu.inventarUlaz', icon: 'package-import', permission: 'inventory.write', parent: '/inventar' },
  { path: '/inventar/izlaz', title: 'menu.inventarIzlaz', icon: 'package-export', permission: 'inventory.write', parent: '/inventar' },
  { path: '/inventar/ugovori', title: 'menu.inventarUgovori', icon: 'file-certificate', permission: 'inventory.read', parent: '/inventar' },
  { path: '/inventar/narudzbe', title: 'menu.inventarNarudzbe', icon: 'truck', permission: 'inventory.read', parent: '/inventar' },
  { path: '/inventar/produkti', title: 'menu.inventarProdukti', icon: 'list-details', permission: 'inventory.read', parent: '/inventar' },
  { path: '/inventar/postavke', title: 'menu.inventarPostavke', icon: 'adjustments', permission: 'settings.write', parent: '/inventar' },
];

/** Menu entries whose screens are in this build (the web app registers a route for each). */
export const READY_SCREENS: ReadonlySet<string> = new Set(MENU.filter((entry) => !entry.group).map((entry) => entry.path));

/** Menu entries the general options may hide per role: those the sidebar shows, except the settings overview. */
export const HIDEABLE_MENU: readonly MenuEntry[] = MENU.filter((entry) => !entry.hidden && !entry.group && entry.path !== SETTINGS_PATH);

/**
 * The sidebar of a session: the entries its role and access level permit (never more), an entry that needs
 * a report flag only when one of the session's report flags (`reports` of the login answer) is set; each
 * visible unless the menu hides it or the lab hid it for the role (`hiddenByLab`, from the general options).
 * A hidden entry stays in the list as not visible, so its screen still opens from elsewhere; what a user may
 * open is decided by permissions alone. The default route falls back to the first visible entry.
 */
export function sidebarFor(
  role: Role, accessLevel: number, defaultRoute: string, reports: Readonly<Record<string, boolean>> = {},
  hiddenByLab: readonly string[] = [],
): SidebarItem[] {
  const anyReport = Object.values(reports).some((flag) => flag);
  const permitted = MENU.filter((entry) => can(role, accessLevel, entry.permission) && (!entry.needsReportFlag || anyReport));
  const labHidden = new Set(hiddenByLab.filter((path) => path !== SETTINGS_PATH));
  const isVisible = (entry: MenuEntry) => !entry.hidden && !labHidden.has(entry.path);
  // A group heading opens no screen: it is never the default or the landing route.
  const firstVisible = permitted.find((entry) => isVisible(entry) && !entry.group)?.path ?? null;
  const defaultPath = permitted.some((entry) => entry.path === defaultRoute && isVisible(entry) && !entry.group) ? defaultRoute : firstVisible;
  return permitted.map((entry) => ({
    path: entry.path,
    title: entry.title,
    icon: entry.icon,
    visible: isVisible(entry),
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
