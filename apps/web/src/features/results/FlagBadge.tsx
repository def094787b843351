/**
 * The flag beside a result: L and H (outside the reference range) in blue and
 * orange, LL and HH (beyond a critical limit) in red with the word 'kritično',
 * A (an abnormal text answer) in violet. No badge for a result within range.
 */
import { Badge, Tooltip, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isCriticalFlag } from '@lis/domain';
import type { ShownFlag } from './result-values.ts';

const FLAG_COLORS: Record<NonNullable<ShownFlag>, string> = { L: 'blue', H: 'orange', LL: 'red', HH: 'red', A: 'violet' };

export function FlagBadge({ flag }: { flag: ShownFlag }) {
  const { t } = useTranslation();
  if (!flag) return null;
  const critical = isCriticalFlag(flag);
  const hint = t(`results.flagHint_${flag}`);
  return (
    <Tooltip label={hint} openDelay={300}>
      <Badge
        // Critical: white on the darkest red (the brighter reds read near 3:1 with white text).
        color={critical ? 'red.9' : FLAG_COLORS[flag]}
        variant={critical ? 'filled' : 'light'}
        // Light badges keep near-black text for contrast on their tint; the filled critical badge is white on red.
        c={critical ? undefined : 'gray.9'}
        data-flag={flag}
        style={{ fontVariantNumeric: 'tabular-nums' }}
      >
        {critical ? `${flag} ${t('results.critical')}` : flag}
        <VisuallyHidden>{` (${hint})`}</VisuallyHidden>
      </Badge>
    </Tooltip>
  );
}
