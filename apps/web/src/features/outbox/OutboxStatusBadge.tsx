/** An outbox message's status as a badge: queued orange, being sent cyan, sent teal, failed red (dark text, a dot in the colour). */
import { Badge, Box, type MantineColor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OutboxStatus } from '@lis/domain';

const STATUS_COLORS: Record<OutboxStatus, MantineColor> = { queued: 'orange', sending: 'cyan', sent: 'teal', failed: 'red' };

export function OutboxStatusBadge({ status }: { status: OutboxStatus }) {
  const { t } = useTranslation();
  const color = STATUS_COLORS[status];
  return (
    <Badge
      variant="light"
      color={color}
      c="gray.9"
      leftSection={<Box component="span" w={8} h={8} bg={`${color}.7`} style={{ borderRadius: '50%', display: 'block' }} aria-hidden />}
    >
      {t(`outbox.status_${status}`)}
    </Badge>
  );
}
