import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The mark of a test a reflex rule added to the sample (the worklist, the result entry). */
export function ReflexBadge() {
  const { t } = useTranslation();
  return <Badge size="xs" variant="light" color="grape" title={t('reflex.badgeTitle')} data-testid="reflex-badge">{t('reflex.badge')}</Badge>;
}
