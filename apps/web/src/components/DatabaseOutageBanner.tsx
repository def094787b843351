/**
 * The one sign that the server cannot reach its database: a calm banner at the top of every screen (sign-in
 * included) while calls answer 503 `db.connection`, in place of a red toast per call. It says that the
 * server keeps trying; it goes by itself once `/api/health/ready` answers again, and the screens' failed
 * queries are then asked again (see api/database-outage.ts).
 */
import { useEffect } from 'react';
import { Alert, Group, Loader, Text } from '@mantine/core';
import { IconDatabaseOff } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { onDatabaseRecovered, useDatabaseOutage } from '../api/database-outage.ts';

export function DatabaseOutageBanner() {
  const { t } = useTranslation();
  const unreachable = useDatabaseOutage();
  const queryClient = useQueryClient();
  useEffect(() => onDatabaseRecovered(() => {
    void queryClient.refetchQueries({ predicate: (query) => query.state.status === 'error' });
  }), [queryClient]);
  if (!unreachable) return null;
  return (
    <Alert
      role="status" aria-live="polite" data-testid="database-outage"
      color="yellow" variant="white" radius="md" icon={<IconDatabaseOff size={20} />}
      title={t('errors.databaseTitle')}
      // Floats over the top bar's middle, leaving the menu and the user's controls free; above dialogs too.
      style={{
        position: 'fixed', top: 8, left: '50%', transform: 'translateX(-50%)', width: 'min(620px, calc(100% - 16px))', zIndex: 400,
        border: '1px solid var(--mantine-color-yellow-5)', boxShadow: 'var(--mantine-shadow-md)',
      }}
    >
      <Group gap="xs" wrap="nowrap">
        <Text size="sm">{t('errors.databaseBody')}</Text>
        <Loader size="xs" color="yellow" type="dots" aria-hidden />
      </Group>
    </Alert>
  );
}
