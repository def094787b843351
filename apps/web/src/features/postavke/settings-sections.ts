/**
 * The sub-screens the /postavke overview links to, in the order shown. One
 * array, one entry per screen: a screen added to the settings adds its line
 * here (title and description are catalogue keys), and an entry shows only to
 * a user with its permission.
 */
import { IconAdjustments, IconApi, IconArrowFork, IconBuildingHospital, IconFlask, IconList, IconRobot, IconTestPipe, IconUsers, type Icon } from '@tabler/icons-react';
import type { Permission } from '@lis/domain';

export interface SettingsSection {
  path: string;
  /** Catalogue keys of the card's title and one-line description. */
  title: string;
  description: string;
  icon: Icon;
  permission: Permission;
}

export const SETTINGS_SECTIONS: readonly SettingsSection[] = [
  { path: '/postavke/korisnici', title: 'postavke.users.title', description: 'postavke.users.description', icon: IconUsers, permission: 'users.manage' },
  { path: '/postavke/klijenti', title: 'postavke.clients.title', description: 'postavke.clients.description', icon: IconApi, permission: 'users.manage' },
  { path: '/postavke/sajtovi', title: 'postavke.sites.title', description: 'postavke.sites.description', icon: IconBuildingHospital, permission: 'settings.write' },
  { path: '/postavke/analize', title: 'postavke.catalogueCards.analize.title', description: 'postavke.catalogueCards.analize.description', icon: IconTestPipe, permission: 'settings.read' },
  { path: '/assays', title: 'postavke.catalogueCards.assays.title', description: 'postavke.catalogueCards.assays.description', icon: IconFlask, permission: 'settings.read' },
  { path: '/postavke/sifarnici', title: 'postavke.catalogueCards.sifarnici.title', description: 'postavke.catalogueCards.sifarnici.description', icon: IconList, permission: 'settings.read' },
  { path: '/postavke/autoverifikacija', title: 'autoverification.title', description: 'autoverification.description', icon: IconRobot, permission: 'results.verify' },
  { path: '/postavke/refleksni-testovi', title: 'reflex.title', description: 'reflex.description', icon: IconArrowFork, permission: 'results.verify' },
  { path: '/postavke/opcije', title: 'postavke.options.title', description: 'postavke.options.description', icon: IconAdjustments, permission: 'settings.write' },
];
