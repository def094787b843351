/**
 * The site's inventory alerts in one line at the top of the inventory screens: how many products are under
 * their level and how many lots expire soon or have expired, with a link to /inventar/stanje, where they are
 * named. Nothing when there are none.
 */
import { Alert, Anchor, Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { READABLE_ALERT_STYLES } from '../../components/readable.ts';
import { useActiveSession } from '../auth/index.ts';
import { inventoryAlerts, inventoryKeys } from './api.ts';

export function InventoryAlertsLine() {
  const { t } = useTranslation();
  const session = useActiveSession();
  const query = useQuery({ queryKey: inventoryKeys.alerts(session.siteId), queryFn: ({ signal }) => inventoryAlerts(signal) });
  const alerts = query.data?.upozorenja ?? [];
  const low = alerts.filter((alert) => alert.vrsta === 'nisko').length;
  const expiring = alerts.length - low;
  if (alerts.length === 0) return null;
  return (
    <Alert styles={READABLE_ALERT_STYLES} color="orange" variant="light" icon={<IconAlertTriangle aria-hidden />} py="xs" aria-label={t('inventory.alertsTitle')}>
      <Group gap="md" justify="space-between">
        <Text size="sm">
          {[low > 0 ? t('inventory.alertsLowCount', { count: low }) : '', expiring > 0 ? t('inventory.alertsExpiryCount', { count: expiring }) : '']
            .filter((part) => part !== '').join(' · ')}
        </Text>
        <Anchor component={Link} to="/inventar/stanje" size="sm">{t('inventory.alertsOpen')}</Anchor>
      </Group>
    </Alert>
  );
}
