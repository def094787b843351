/**
 * What other features may use of the settings: the list of settings
 * sub-screens the /postavke overview shows (a settings screen of another
 * feature adds its entry there). The screens themselves are lazy-loaded by
 * app/routes.tsx and never exported here.
 */
export { SETTINGS_SECTIONS, type SettingsSection } from './settings-sections.ts';
export { SettingsHeader } from './SettingsHeader.tsx';
