/** A sample status as a badge in its colour (see status.ts); an unknown status is shown plain. */
import { Badge, Box } from '@mantine/core';
import { IconStarFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isSampleStatus } from '@lis/domain';
import { GOLD, SAMPLE_STATUS_COLORS } from './status.ts';

export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  if (!isSampleStatus(status)) return <Badge variant="light" color="gray" c="gray.9">{status}</Badge>;
  const style = SAMPLE_STATUS_COLORS[status];
  return (
    <Badge
      variant="light"
      color={style.color}
      // The light variant's coloured text reads near 2.5:1 on its tint (orange, cyan): the text is near-black,
      // and a dot in the full status colour (the gold star for VERIFICIRAN) keeps the statuses apart at a glance.
      c="gray.9"
      leftSection={style.gold
        ? <IconStarFilled size={12} color={GOLD} aria-hidden />
        : <Box component="span" w={8} h={8} bg={`${style.color}.7`} style={{ borderRadius: '50%', display: 'block' }} aria-hidden />}
      style={style.gold ? { boxShadow: `inset 0 0 0 1px ${GOLD}` } : undefined}
    >
      {t(style.labelKey)}
    </Badge>
  );
}
