import { Badge, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ConnectionStatus } from '@lis/domain';

const COLORS: Record<ConnectionStatus['stanje'], string> = {
  off: 'gray', listening: 'blue', connected: 'teal', connecting: 'yellow', error: 'red',
};

/** An analyser's connection state in words and colour; the error's code as a tooltip. */
export function ConnectionBadge({ veza }: { veza: ConnectionStatus }) {
  const { t } = useTranslation();
  const label = t(`integration.state_${veza.stanje}`);
  const badge = <Badge color={COLORS[veza.stanje]} variant="light" autoContrast>{veza.veze > 1 ? t('integration.stateDetail', { state: label, count: veza.veze }) : label}</Badge>;
  return veza.greska ? <Tooltip label={veza.greska}>{badge}</Tooltip> : badge;
}
