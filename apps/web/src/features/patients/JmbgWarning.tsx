/**
 * The hint under a JMBG field when the ID is accepted but doubtful: today a
 * control digit that does not match (jmbgWarnings of @lis/domain). It never
 * blocks saving, because real IDs with a wrong control digit were issued.
 * The text stays in the body colour on a yellow tint for contrast; the icon
 * carries the orange.
 */
import { Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { jmbgWarnings } from '@lis/domain';
import { messageText } from '../../i18n/index.ts';

export function JmbgWarning({ jmbg }: { jmbg: string | null }) {
  const warnings = jmbg ? jmbgWarnings(jmbg) : [];
  if (warnings.length === 0) return null;
  return (
    <Group
      gap={6}
      wrap="nowrap"
      align="flex-start"
      px="xs"
      py={4}
      maw={420}
      role="status"
      data-testid="jmbg-warning"
      style={{ background: 'var(--mantine-color-yellow-light)', borderRadius: 'var(--mantine-radius-sm)' }}
    >
      <IconAlertTriangle size={16} color="var(--mantine-color-orange-7)" aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
      <Text size="sm">{warnings.map((code) => messageText(code)).join(' ')}</Text>
    </Group>
  );
}
