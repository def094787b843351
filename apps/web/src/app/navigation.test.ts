import { describe, expect, it } from 'vitest';
import { sidebarItem } from '../test/fixtures.ts';
import { HOME_PATH, buildNavigation, containsPath, currentItemPath, defaultPath, findScreen, landingPath } from './navigation.ts';
import type { ScreenRoute } from './routes.tsx';

const screen = (path: string): ScreenRoute => ({ path, screen: () => Promise.resolve(() => null) });

describe('buildNavigation', () => {
  it('shows visible items that have a registered screen, in the order of the answer', () => {
    const sidebar = [
      sidebarItem('/prijem', 'menu.prijem'),
      sidebarItem('/pacijenti', 'menu.pacijenti'),
      sidebarItem('/barcode', 'menu.barcode', { visible: false }),
      sidebarItem('/naljepnice', 'menu.naljepnice'),
    ];
    const nav = buildNavigation(sidebar, [screen('/naljepnice'), screen('/prijem'), screen('/barcode')]);
    expect(nav.map((entry) => entry.item.path)).toEqual(['/prijem', '/naljepnice']);
  });

  it('is empty when no screen is registered', () => {
    expect(buildNavigation([sidebarItem('/prijem', 'menu.prijem')], [])).toEqual([]);
  });

  it('nests children under their parent and keeps a group whose own path has no screen', () => {
    const sidebar = [
      sidebarItem('/inventar', 'menu.inventar'),
      sidebarItem('/inventar/stanje', 'menu.inventar', { parent: '/inventar' }),
      sidebarItem('/inventar/ulaz', 'menu.inventar', { parent: '/inventar' }),
      sidebarItem('/loger', 'menu.loger'),
      sidebarItem('/loger/pregled', 'menu.loger', { parent: '/loger' }),
    ];
    const nav = buildNavigation(sidebar, [screen('/inventar/ulaz')]);
    expect(nav).toHaveLength(1);
    expect(nav[0]?.item.path).toBe('/inventar');
    expect(nav[0]?.hasScreen).toBe(false);
    expect(nav[0]?.children.map((child) => child.item.path)).toEqual(['/inventar/ulaz']);
  });

  it('shows a child whose parent is not in the answer at the top level', () => {
    const nav = buildNavigation([sidebarItem('/kontrole/unos', 'menu.kontrole', { parent: '/kontrole' })], [screen('/kontrole/unos')]);
    expect(nav.map((entry) => entry.item.path)).toEqual(['/kontrole/unos']);
  });

  it('survives a parent cycle in the answer', () => {
    const sidebar = [
      sidebarItem('/a', 'menu.prijem', { parent: '/b' }),
      sidebarItem('/b', 'menu.prijem', { parent: '/a' }),
      sidebarItem('/c', 'menu.prijem'),
    ];
    expect(buildNavigation(sidebar, [screen('/a'), screen('/b'), screen('/c')]).map((entry) => entry.item.path)).toEqual(['/c']);
  });
});

describe('default and landing paths', () => {
  const sidebar = [sidebarItem('/prijem', 'menu.prijem'), sidebarItem('/pacijenti', 'menu.pacijenti', { default: true })];

  it('goes to the item flagged default when its screen exists', () => {
    expect(defaultPath(sidebar, [screen('/pacijenti')])).toBe('/pacijenti');
  });

  it('goes to the welcome page while the default screen does not exist', () => {
    expect(defaultPath(sidebar, [screen('/prijem')])).toBe(HOME_PATH);
  });

  it('lands on default_route when it is a menu item with a screen, else on the default item', () => {
    const screens = [screen('/prijem'), screen('/pacijenti')];
    expect(landingPath('/prijem', sidebar, screens)).toBe('/prijem');
    expect(landingPath('/statistika', sidebar, screens)).toBe('/pacijenti');
    expect(landingPath('/samples/:patientId', sidebar, [...screens, screen('/samples/:patientId')])).toBe('/pacijenti');
  });
});

describe('route matching', () => {
  it('finds a screen with a parameter and tells which group holds the current route', () => {
    expect(findScreen('/samples/42', [screen('/samples/:patientId')])?.path).toBe('/samples/:patientId');
    expect(findScreen('/samples', [screen('/samples/:patientId')])).toBeUndefined();
    const [group] = buildNavigation([
      sidebarItem('/inventar', 'menu.inventar'),
      sidebarItem('/inventar/ulaz', 'menu.inventar', { parent: '/inventar' }),
    ], [screen('/inventar/ulaz')]);
    expect(containsPath(group!, '/inventar/ulaz')).toBe(true);
    expect(containsPath(group!, '/inventar/ulaz/7')).toBe(true);
    expect(containsPath(group!, '/prijem')).toBe(false);
  });
});

describe('the current item', () => {
  it('is the one most specific item holding the route, so a settings sub-screen does not light Postavke too', () => {
    const entries = buildNavigation([
      sidebarItem('/postavke', 'menu.postavke'),
      sidebarItem('/postavke/analize', 'menu.analize'),
      sidebarItem('/assays', 'menu.assays'),
    ], [screen('/postavke'), screen('/postavke/analize'), screen('/assays')]);
    expect(currentItemPath(entries, '/postavke/analize')).toBe('/postavke/analize');
    expect(currentItemPath(entries, '/postavke/korisnici')).toBe('/postavke');
    expect(currentItemPath(entries, '/assays')).toBe('/assays');
    expect(currentItemPath(entries, '/prijem')).toBeNull();
  });
});
