/** A lot's expiry as a badge: red once past, orange within the product's warning days (danadoroka). */
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Lot } from '@lis/domain';
import { READABLE_BADGE_TEXT } from '../../components/readable.ts';

export function ExpiryBadge({ lot }: { lot: Pick<Lot, 'rok' | 'dana'> }) {
  const { t } = useTranslation();
  if (lot.rok === 'expired') return <Badge color="red" variant="light" c={READABLE_BADGE_TEXT}>{t('inventory.expired')}</Badge>;
  if (lot.rok === 'expiring') return <Badge color="orange" variant="light" c={READABLE_BADGE_TEXT}>{t('inventory.expiring', { dana: lot.dana })}</Badge>;
  return null;
}
