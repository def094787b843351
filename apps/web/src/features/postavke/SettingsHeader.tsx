/** The head of a settings sub-screen: a way back to /postavke, the title and a line on what the screen holds, the screen's own buttons on the right. */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { IconChevronLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export function SettingsHeader({ title, description, children }: { title: string; description: string; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      <Anchor component={Link} to="/postavke" size="sm" w="fit-content">
        <Group gap={2} wrap="nowrap"><IconChevronLeft size={16} aria-hidden />{t('postavke.back')}</Group>
      </Anchor>
      <Group justify="space-between" align="flex-end" gap="md">
        <div>
          <Title order={1} size="h2">{title}</Title>
          <Text c="dimmed" size="sm" mt={4}>{description}</Text>
        </div>
        {children ? <Group gap="sm">{children}</Group> : null}
      </Group>
    </Stack>
  );
}
