import { Badge, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/date-time.ts';

/**
 * The mark of a result the autoverification rules released with its section ahead of the rest of the sample
 * (a partial report carries it): when and by which rule set, and that changing it needs a reason.
 */
export function ReleasedBadge({ released }: { released: { at: string; pravila: string } }) {
  const { t } = useTranslation();
  return (
    <Tooltip label={t('autoverification.releasedHint', { pravila: released.pravila, at: formatDateTime(released.at) })} multiline w={280} openDelay={200}>
      <Badge size="xs" variant="light" color="teal" c="teal.9" data-testid="released-badge">{t('autoverification.releasedResult')}</Badge>
    </Tooltip>
  );
}
