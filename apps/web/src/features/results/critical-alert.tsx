/**
 * The alert after a save that stored a critical value (LL/HH): red, titled as a critical value and naming
 * each test with its value and unit ('Glukoza 30 mmol/L (HH)'), and it stays until closed, because a
 * critical value needs a call to the ordering physician rather than a glance at a passing toast.
 */
import { notifications } from '@mantine/notifications';
import { IconAlertOctagon } from '@tabler/icons-react';
import { i18n } from '../../i18n/index.ts';
import { criticalValueText } from '../../lib/critical-value-text.ts';
import type { CriticalEntry } from './result-values.ts';

export function notifyCriticalSaved(values: readonly CriticalEntry[]): void {
  const named = values.map(({ test, rezultat, flag }) => `${criticalValueText({ ...test, rezultat, jedinica: test.jedinica })} (${flag})`);
  notifications.show({
    title: i18n.t('results.criticalSavedTitle'),
    message: i18n.t('results.criticalSavedText', { values: named.join(', ') }),
    color: 'red.9',
    icon: <IconAlertOctagon size={18} aria-hidden />,
    autoClose: false,
    withBorder: true,
    // The close button is an icon: it needs a name for screen readers.
    closeButtonProps: { 'aria-label': i18n.t('common.closeDialog') },
  });
}
