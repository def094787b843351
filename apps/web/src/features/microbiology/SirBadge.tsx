/**
 * An S/I/R category as a badge: S green, I amber, R red, each with its meaning for screen readers and as a
 * tooltip. Filled with white text on the darker shades (AA contrast), the amber one with near-black text.
 */
import { Badge, Tooltip, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SirCategory } from '@lis/domain';

const SIR_STYLES: Record<SirCategory, { color: string; text?: string }> = {
  S: { color: 'green.9' },
  I: { color: 'yellow.5', text: 'gray.9' },
  R: { color: 'red.9' },
};

export function SirBadge({ category }: { category: SirCategory }) {
  const { t } = useTranslation();
  const hint = t(`microbiology.sirHint_${category}`);
  return (
    <Tooltip label={hint} openDelay={300}>
      <Badge color={SIR_STYLES[category].color} c={SIR_STYLES[category].text} variant="filled" miw={28} data-sir={category}>
        {category}
        <VisuallyHidden>{` (${hint})`}</VisuallyHidden>
      </Badge>
    </Tooltip>
  );
}
