import { Badge, Box, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ConnectionStatus } from '@lis/domain';

const COLORS: Record<ConnectionStatus['stanje'], string> = {
  off: 'gray', listening: 'blue', connected: 'teal', connecting: 'yellow', error: 'red',
};

/** An analyser's connection state in words and colour; the error's code as a tooltip. */
export function ConnectionBadge({ veza }: { veza: ConnectionStatus }) {
  const { t } = useTranslation();
  const label = t(`integration.state_${veza.stanje}`);
  // The light variant's coloured text is too faint on its tint: near-black text, the state's colour as a dot.
  const badge = <Badge color={COLORS[veza.stanje]} variant="light" c="gray.9" leftSection={<Box component="span" w={8} h={8} bg={`${COLORS[veza.stanje]}.7`} style={{ borderRadius: '50%', display: 'block' }} aria-hidden />}>{veza.veze > 1 ? t('integration.stateDetail', { state: label, count: veza.veze }) : label}</Badge>;
  return veza.greska ? <Tooltip label={veza.greska}>{badge}</Tooltip> : badge;
}
