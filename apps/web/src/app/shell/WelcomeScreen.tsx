/** The landing route while no default screen exists: who is signed in, on which site, today's date. */
import { Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBuildingHospital, IconCalendar, IconId } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useActiveSession } from '../../features/auth/session.ts';
import { siteToday } from '../../lib/date-time.ts';

export function WelcomeScreen() {
  const { t, i18n } = useTranslation();
  const session = useActiveSession();
  // Today is the site's day; dayjs carries its own month and day names (the browser's Intl data may lack Bosnian).
  const { year, month, day } = siteToday();
  const today = dayjs(new Date(year, month - 1, day)).locale(i18n.language).format(t('welcome.dateFormat'));
  const facts = [
    { icon: IconBuildingHospital, label: t('welcome.site'), value: `${session.site.naziv} (${session.site.sifra})` },
    { icon: IconId, label: t('welcome.role'), value: t(`roles.${session.data.access.role}`) },
    { icon: IconCalendar, label: t('welcome.today'), value: today },
  ];

  return (
    <Card withBorder radius="lg" padding="xl" maw={760} mx="auto" mt="md">
      <Stack gap="lg">
        <div>
          <Title order={1} size="h2">{t('welcome.greeting', { name: session.user.fullName })}</Title>
          <Text c="dimmed" mt={4}>{t('app.fullName')}</Text>
        </div>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          {facts.map(({ icon: Icon, label, value }) => (
            <Group key={label} gap="sm" wrap="nowrap" align="flex-start">
              <ThemeIcon variant="light" size={38} radius="md" aria-hidden>
                <Icon size={20} stroke={1.6} />
              </ThemeIcon>
              <div>
                <Text size="xs" c="dimmed" tt="uppercase" fw={600}>{label}</Text>
                <Text fw={500}>{value}</Text>
              </div>
            </Group>
          ))}
        </SimpleGrid>
        {session.readOnly ? <Text size="sm" c="dimmed">{t('welcome.readOnly')}</Text> : null}
      </Stack>
    </Card>
  );
}
