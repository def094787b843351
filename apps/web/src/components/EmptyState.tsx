/**
 * What a screen shows when there is nothing yet to work with (no controls,
 * no products, no analysers, an empty outbox): what is missing, what to do
 * about it, and a link straight to the screen where it is done. A real link
 * (<a href>), so it can also be opened in a new tab.
 *
 *   <EmptyState
 *     icon={<IconFlask size={26} />}
 *     title={t('qc.noControlsTitle')}
 *     description={t('qc.noControlsText')}
 *     action={{ to: '/kontrole/definicija', label: t('qc.noControlsLink') }}
 *   />
 *
 * Without `action` (a user who may not open the other screen) it only says
 * what is missing.
 */
import type { ReactNode } from 'react';
import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowRight, IconInbox } from '@tabler/icons-react';
import { Link } from 'react-router';

export interface EmptyStateProps {
  title: string;
  description: string;
  /** Where the missing thing is made: an app path and the link's words ('Definišite kontrolu'). */
  action?: { to: string; label: string };
  icon?: ReactNode;
}

export function EmptyState({ title, description, action, icon }: EmptyStateProps) {
  return (
    <Paper withBorder radius="md" p="xl" data-testid="empty-state">
      <Stack align="center" gap="xs" ta="center" maw={460} mx="auto">
        <ThemeIcon variant="light" color="gray" size={52} radius="xl" aria-hidden>
          {icon ?? <IconInbox size={26} />}
        </ThemeIcon>
        <Title order={2} size="h4">{title}</Title>
        <Text c="dimmed" size="sm">{description}</Text>
        {action ? (
          <Button component={Link} to={action.to} variant="light" mt="xs" rightSection={<IconArrowRight size={16} aria-hidden />}>
            {action.label}
          </Button>
        ) : null}
      </Stack>
    </Paper>
  );
}
