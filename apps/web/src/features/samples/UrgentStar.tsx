/**
 * The urgent flag: clicking the empty star sets hitan,
 * clicking the filled star clears it. Without the right to change it (or on
 * an approved sample) the star is only shown.
 */
import { ActionIcon, ThemeIcon, Tooltip } from '@mantine/core';
import { IconStar, IconStarFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

const URGENT_COLOR = 'orange';

interface UrgentStarProps {
  hitan: boolean;
  onChange?: (hitan: boolean) => void;
  /** Names what the star belongs to for screen readers, e.g. the sample code. */
  subject?: string;
  busy?: boolean;
  size?: 'md' | 'lg';
}

export function UrgentStar({ hitan, onChange, subject, busy = false, size = 'lg' }: UrgentStarProps) {
  const { t } = useTranslation();
  const iconSize = size === 'lg' ? 22 : 18;
  const Icon = hitan ? IconStarFilled : IconStar;
  if (!onChange) {
    return hitan ? (
      <ThemeIcon variant="transparent" color={URGENT_COLOR} size={size} role="img" aria-label={t('samples.urgent')}>
        <IconStarFilled size={iconSize} aria-hidden />
      </ThemeIcon>
    ) : null;
  }
  const label = hitan ? t('samples.urgentClear') : t('samples.urgentSet');
  return (
    <Tooltip label={label} openDelay={300}>
      <ActionIcon
        variant="subtle"
        color={hitan ? URGENT_COLOR : 'gray'}
        size={size}
        aria-label={subject ? `${label} — ${subject}` : label}
        aria-pressed={hitan}
        loading={busy}
        onClick={() => onChange(!hitan)}
      >
        <Icon size={iconSize} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}
