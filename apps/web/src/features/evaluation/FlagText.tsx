/** A result's flag as a small badge in its colour (L/H orange, LL/HH red, A orange); nothing within range. */
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { READABLE_BADGE_TEXT } from '../../components/readable.ts';
import type { PointFlag } from './chart-data.ts';

export function FlagText({ flag }: { flag: PointFlag }) {
  const { t } = useTranslation();
  if (flag === null) return null;
  const critical = flag === 'LL' || flag === 'HH';
  return (
    <Badge size="sm" variant={critical ? 'filled' : 'light'} color={critical ? 'red' : 'orange'} c={critical ? undefined : READABLE_BADGE_TEXT} title={t(`evaluation.flag_${flag}`)}>
      {flag}
    </Badge>
  );
}
