/**
 * Inventory alerts in the notification bell, as the logger's open alarms are
 * there: the site's alerts (products under their level, lots expiring within
 * their warning days or expired) are read from GET /inventar/upozorenja when a
 * page loads, when the site changes, on every socket connect, and whenever the
 * site's stock moves ('inventory:changed'); the bell then holds exactly those.
 */
import { useEffect } from 'react';
import { INVENTORY_CHANGED_EVENT, type InventoryAlert, inventoryAlertsAnswer, inventorySupplyContracts } from '@lis/domain';
import { call } from '../../api/client.ts';
import { i18n } from '../../i18n/index.ts';
import { syncBellFromServer, useRealtimeEvent } from './realtime.ts';

/** An alert's line in the bell, in the user's language. */
export function alertText(alert: InventoryAlert): string {
  if (alert.vrsta === 'nisko') return i18n.t('inventory.bellLow', { LN: alert.LN, opis: alert.opis, ukupno: alert.ukupno, nivo: alert.nivo });
  if (alert.vrsta === 'istekao') return i18n.t('inventory.bellExpired', { LN: alert.LN, lot: alert.lot ?? '' });
  return i18n.t('inventory.bellExpiring', { LN: alert.LN, lot: alert.lot ?? '', count: alert.dana ?? 0 });
}

function loadInventoryAlerts(): Promise<void> {
  return syncBellFromServer('inventory:alert', async (site) => {
    const answer = inventoryAlertsAnswer.safeParse(await call(inventorySupplyContracts.alerts));
    return answer.success ? answer.data.upozorenja.map((alert) => ({ id: alert.id, info: alertText(alert), site })) : null;
  });
}

/** Mounted by the shell; `enabled` is whether the session may read the inventory at all. */
export function useInventoryAlerts(enabled: boolean, siteId: string): void {
  useEffect(() => {
    if (enabled) void loadInventoryAlerts();
  }, [enabled, siteId]);
  useRealtimeEvent('connect', () => {
    if (enabled) void loadInventoryAlerts();
  });
  useRealtimeEvent(INVENTORY_CHANGED_EVENT, () => {
    if (enabled) void loadInventoryAlerts();
  });
}
