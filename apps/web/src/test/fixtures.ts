/** A login answer like the server's (POST /api/login/users), for component tests. */
import type { SidebarItem } from '@lis/domain';
import type { SessionData } from '../lib/session-store.ts';

export const SITE_SA = { _id: 'site-sa', id: 'site-sa', sifra: 'SA', naziv: 'Sarajevo', name: 'Sarajevo', mjesta: ['Sarajevo', 'Ilidža'], timeZone: 'Europe/Sarajevo' };
export const SITE_TZ = { _id: 'site-tz', id: 'site-tz', sifra: 'TZ', naziv: 'Tuzla', name: 'Tuzla', mjesta: ['Tuzla'], timeZone: 'Europe/Sarajevo' };

export function sidebarItem(path: string, title: string, extra: Partial<SidebarItem> = {}): SidebarItem {
  return { path, title, icon: 'users', visible: true, default: false, danger: false, note: false, parent: null, ...extra };
}

export function sessionFixture(overrides: Partial<SessionData> = {}): SessionData {
  return {
    localId: 'user-1',
    email: 'admin@demo.lab',
    ime: 'Amra',
    prezime: 'Administrator',
    language: 'bs',
    idToken: 'token-abc',
    site: SITE_SA.id,
    idleTime: 28_800,
    customer: false,
    pid_bcode: false,
    mikrobiologija: false,
    default_route: '/prijem',
    access: { level: 0, role: 'admin', permissions: ['patients.read', 'patients.write', 'samples.read', 'samples.write'] },
    display: { list: 15, show: 20, columns: 7, rows: 1 },
    reports: {},
    sites: [SITE_SA, SITE_TZ],
    sidebar: [
      sidebarItem('/prijem', 'menu.prijem', { icon: 'user-plus', default: true }),
      sidebarItem('/pacijenti', 'menu.pacijenti'),
      sidebarItem('/barcode', 'menu.barcode', { visible: false }),
    ],
    mustChangePassword: false,
    ...overrides,
  };
}

/** The JSON body a screen sent with fetch ({} when it sent none); a body that is not JSON text fails the test. */
export function sentJson(init: RequestInit | undefined): Record<string, unknown> {
  const body = init?.body;
  if (!body) return {};
  if (typeof body !== 'string') throw new Error('expected a JSON text body');
  return JSON.parse(body) as Record<string, unknown>;
}
