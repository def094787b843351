import {
  GENERAL_OPTIONS_TYPE, SESSION_MENU_EVENT, LABEL_SETTING_TYPE, type GeneralOptions, type LabelSettings, type SettingsHistoryEntry, generalOptionsFrom,
  labelSettingsFrom, generalOptionsSchema, labelSettingsSchema,
} from '@lis/domain';
import type { Db, Tx } from '../../db/client.ts';
import { writeAudit } from '../../db/audit.ts';
import { settingsHistory } from '../../db/audit-history.ts';
import type { RequestContext } from '../../lib/context.ts';
import type { RealtimeHub } from '../../realtime/hub.ts';
import { lockSettingType, settingData, settingDataOfSites, writeSettingData } from './repository.ts';

/** The audit entity and id of the lab-wide general options (with the label size saved alongside). */
export const OPTIONS_AUDIT_ENTITY = 'general_options';
export const OPTIONS_AUDIT_ID = 'lab';

export interface LabOptions {
  options: GeneralOptions;
  label: LabelSettings;
}

/** The lab-wide general options in force (defaults for what was never saved); sign-in and new users read them. */
export async function labGeneralOptions(db: Db): Promise<GeneralOptions> {
  return generalOptionsFrom(await settingData(db, GENERAL_OPTIONS_TYPE, null));
}

/** GET /postavke/opcije: the lab-wide options and label size, complete. */
export async function readOptions(db: Db): Promise<LabOptions> {
  const [options, label] = await Promise.all([settingData(db, GENERAL_OPTIONS_TYPE, null), settingData(db, LABEL_SETTING_TYPE, null)]);
  return { options: generalOptionsFrom(options), label: labelSettingsFrom(label) };
}

/**
 * POST /postavke/opcije: saves the lab-wide options and the label size in one transaction with one audit row
 * holding both before and after; a change of the report flags or hidden menu entries is announced to every open page. The stored general-options record keeps fields it does not know (a later
 * version's), so saving never drops them.
 */
export async function saveOptions(db: Db, realtime: RealtimeHub | undefined, ctx: RequestContext, input: LabOptions): Promise<LabOptions> {
  const { before, after } = await db.transaction(async (tx) => {
    await lockSettingType(tx, GENERAL_OPTIONS_TYPE);
    await lockSettingType(tx, LABEL_SETTING_TYPE);
    const [storedOptions, storedLabel] = await Promise.all([
      settingData(tx, GENERAL_OPTIONS_TYPE, null), settingData(tx, LABEL_SETTING_TYPE, null),
    ]);
    const before: LabOptions = { options: generalOptionsFrom(storedOptions), label: labelSettingsFrom(storedLabel) };
    const after: LabOptions = { options: generalOptionsSchema.parse(input.options), label: labelSettingsSchema.parse(input.label) };
    const kept = storedOptions !== null && typeof storedOptions === 'object' ? (storedOptions as Record<string, unknown>) : {};
    await writeSettingData(tx, GENERAL_OPTIONS_TYPE, null, { ...kept, ...after.options });
    await writeSettingData(tx, LABEL_SETTING_TYPE, null, { ...after.label });
    await writeAudit(tx, ctx, {
      action: 'options.update', entity: OPTIONS_AUDIT_ENTITY, entityId: OPTIONS_AUDIT_ID, oldValue: before, newValue: after,
    });
    return { before, after };
  });
  // Open sessions show the new menu and report flags at once (the server already serves reports by the options
  // as they are now); after commit, so a page that reads them again reads the saved ones.
  const sessionChanged = JSON.stringify([before.options.reportFlags, before.options.hiddenMenu])
    !== JSON.stringify([after.options.reportFlags, after.options.hiddenMenu]);
  if (sessionChanged) realtime?.emitToAll(SESSION_MENU_EVENT, {});
  return after;
}

export function optionsHistory(db: Db): Promise<SettingsHistoryEntry[]> {
  return settingsHistory(db, OPTIONS_AUDIT_ENTITY, OPTIONS_AUDIT_ID);
}

/** A site's own report header: the `reportHeader` of the site's general-options record ('' when none). */
export async function siteReportHeader(db: Db, siteId: string): Promise<string> {
  return generalOptionsFrom(await settingData(db, GENERAL_OPTIONS_TYPE, siteId)).reportHeader;
}

/** The report headers of many sites at once (the site list), by site id. */
export async function siteReportHeaders(db: Db, siteIds: readonly string[]): Promise<Map<string, string>> {
  const stored = await settingDataOfSites(db, GENERAL_OPTIONS_TYPE, siteIds);
  return new Map(siteIds.map((id) => [id, generalOptionsFrom(stored.get(id) ?? null).reportHeader]));
}

/**
 * Sets a site's own report header inside the caller's transaction (the site registration saves it with the
 * site). The site record's other fields are kept; an empty header on a site without a record writes nothing.
 */
export async function setSiteReportHeader(tx: Tx, siteId: string, reportHeader: string): Promise<void> {
  await lockSettingType(tx, GENERAL_OPTIONS_TYPE);
  const stored = await settingData(tx, GENERAL_OPTIONS_TYPE, siteId);
  if (stored === null && reportHeader === '') return;
  const kept = stored !== null && typeof stored === 'object' ? (stored as Record<string, unknown>) : {};
  if (kept.reportHeader === reportHeader) return;
  await writeSettingData(tx, GENERAL_OPTIONS_TYPE, siteId, { ...kept, reportHeader });
}
