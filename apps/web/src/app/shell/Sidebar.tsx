/**
 * The sidebar: the menu of the login answer as far as its screens exist
 * (see buildNavigation). The group holding the current route is expanded;
 * 'Provjera nalaza' and any other `danger` item is drawn in the danger colour,
 * and an item with the `note` flag carries the count of samples waiting for a check.
 */
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { NavLink, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { translateKey } from '../../i18n/index.ts';
import { type NavEntry, containsPath, currentItemPath } from '../navigation.ts';
import { menuIcon } from './menu-icons.ts';
import { NoteBadge } from './NoteBadge.tsx';

interface SidebarProps {
  entries: NavEntry[];
  /** Called after a link is followed (the narrow layout closes the sidebar). */
  onNavigate: () => void;
}

export function Sidebar({ entries, onNavigate }: SidebarProps) {
  // Subscribes to language changes: the titles are translated through translateKey.
  useTranslation();
  const { pathname } = useLocation();
  // One item lit: the most specific one holding the route (never 'Postavke' beside 'Analize').
  const current = currentItemPath(entries, pathname);
  // Groups the user opened or closed by hand, for this route only: moving elsewhere expands the new route's group again.
  const [toggled, setToggled] = useState<{ pathname: string; groups: Record<string, boolean> }>({ pathname, groups: {} });
  const groups = toggled.pathname === pathname ? toggled.groups : {};
  const toggle = (path: string, opened: boolean) => setToggled({ pathname, groups: { ...groups, [path]: opened } });

  const render = (entry: NavEntry) => {
    const { item } = entry;
    const Icon = menuIcon(item.icon);
    const label = translateKey(item.title);
    const color = item.danger ? 'red' : undefined;
    const common = {
      label,
      leftSection: <Icon size={20} stroke={1.6} aria-hidden />,
      color,
      c: item.danger ? 'red.9' : undefined,
      fw: item.danger ? 600 : undefined,
      // The item with the note flag ('Provjera nalaza') shows how many samples wait for a check.
      rightSection: item.note ? <NoteBadge /> : undefined,
    };
    if (entry.children.length === 0) {
      return (
        <NavLink
          key={item.path}
          {...common}
          component={Link}
          to={item.path}
          active={item.path === current}
          aria-current={item.path === current ? 'page' : undefined}
          onClick={onNavigate}
        />
      );
    }
    const opened = groups[item.path] ?? containsPath(entry, pathname);
    const own = entry.hasScreen ? [{ ...entry, children: [] }] : [];
    return (
      <NavLink
        key={item.path}
        {...common}
        component="button"
        type="button"
        aria-expanded={opened}
        opened={opened}
        onChange={(next) => toggle(item.path, next)}
        childrenOffset={28}
      >
        {[...own, ...entry.children].map(render)}
      </NavLink>
    );
  };

  return (
    <Stack gap={2}>
      {entries.map(render)}
    </Stack>
  );
}
