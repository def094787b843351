/** /postavke: a calm overview of the settings sub-screens the user may open, one card each (SETTINGS_SECTIONS). */
import { Link } from 'react-router';
import { Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { translateKey } from '../../i18n/index.ts';
import { useActiveSession } from '../auth/index.ts';
import { SETTINGS_SECTIONS } from './settings-sections.ts';
import classes from './settings.module.css';

export function SettingsScreen() {
  const { t } = useTranslation();
  const session = useActiveSession();
  const sections = SETTINGS_SECTIONS.filter((section) => session.can(section.permission));
  return (
    <Stack gap="lg" maw={1100} mx="auto">
      <div>
        <Title order={1} size="h2">{t('postavke.title')}</Title>
        <Text c="dimmed" size="sm" mt={4}>{t('postavke.intro')}</Text>
      </div>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" component="ul" className={classes.sectionList}>
        {sections.map((section) => (
          <li key={section.path}>
            <UnstyledButton component={Link} to={section.path} className={classes.sectionLink} w="100%" h="100%">
              <Card withBorder radius="md" padding="lg" h="100%" className={classes.sectionCard}>
                <Group wrap="nowrap" align="flex-start" gap="md">
                  <ThemeIcon size={42} radius="md" variant="light" aria-hidden>
                    <section.icon size={24} stroke={1.6} />
                  </ThemeIcon>
                  <Stack gap={4} style={{ flex: 1 }}>
                    <Text fw={600} size="lg">{translateKey(section.title)}</Text>
                    <Text size="sm" c="dimmed">{translateKey(section.description)}</Text>
                  </Stack>
                  <IconChevronRight size={18} aria-hidden className={classes.chevron} />
                </Group>
              </Card>
            </UnstyledButton>
          </li>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
