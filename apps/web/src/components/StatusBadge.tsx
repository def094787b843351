/** A sample status as a badge in its colour (see status.ts); an unknown status is shown plain. */
import { Badge } from '@mantine/core';
import { IconStarFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isSampleStatus } from '@lis/domain';
import { GOLD, SAMPLE_STATUS_COLORS } from './status.ts';

export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  if (!isSampleStatus(status)) return <Badge variant="light" color="gray">{status}</Badge>;
  const style = SAMPLE_STATUS_COLORS[status];
  return (
    <Badge
      variant="light"
      color={style.color}
      leftSection={style.gold ? <IconStarFilled size={12} color={GOLD} aria-hidden /> : undefined}
      style={style.gold ? { boxShadow: `inset 0 0 0 1px ${GOLD}` } : undefined}
    >
      {t(style.labelKey)}
    </Badge>
  );
}
