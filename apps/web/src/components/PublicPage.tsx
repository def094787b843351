/**
 * The frame of the pages outside the staff shell (the report verification page, the patient portal): a card
 * centred on a grey page, headed by its icon, title and subtitle, with the language switch beside them.
 */
import type { ReactNode } from 'react';
import { Box, Center, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { LanguageSwitch } from './LanguageSwitch.tsx';

export function PublicPage({ icon, title, subtitle, languageLabel, width, children }: {
  icon: ReactNode; title: string; subtitle: string; languageLabel: string; width: number; children: ReactNode;
}) {
  return (
    <Box component="main" bg="gray.0" mih="100vh">
      <Center p="md">
        <Paper withBorder shadow="sm" radius="lg" p="lg" w={width} maw="100%">
          <Stack gap="lg">
            <Group justify="space-between" wrap="wrap" gap="sm">
              <Group gap="sm" wrap="nowrap">
                <ThemeIcon size={40} radius="md" variant="light" aria-hidden>{icon}</ThemeIcon>
                <div>
                  <Title order={1} size="h3">{title}</Title>
                  <Text size="sm" c="dimmed">{subtitle}</Text>
                </div>
              </Group>
              <LanguageSwitch label={languageLabel} />
            </Group>
            {children}
          </Stack>
        </Paper>
      </Center>
    </Box>
  );
}
