/**
 * The top bar: sidebar toggle, site selector (only with more
 * than one site; the site code instead of the name below 600 px), the staff
 * chat's opener, the notification bell and the avatar menu with 'Promjena šifre' and 'Odjava'.
 */
import { Avatar, Badge, Burger, Group, Menu, Select, Text, ThemeIcon, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCheck, IconChevronDown, IconKey, IconLanguage, IconLogout, IconMicroscope } from '@tabler/icons-react';
import { LANGUAGES } from '@lis/domain';
import { useTranslation } from 'react-i18next';
import { type ActiveSession, changeOwnLanguage } from '../../features/auth/session.ts';
import { notify } from '../../components/notify.tsx';
import { NotificationBell } from '../../features/realtime/NotificationBell.tsx';
import { ChatLauncher } from '../../features/chat/index.ts';

/** Below 600 px the site selector shows the site code. */
export const SITE_CODE_QUERY = '(max-width: 599.98px)';

interface TopBarProps {
  session: ActiveSession;
  /** Absent when the menu has no entries: nothing to toggle. */
  navigation?: { opened: boolean; toggle: () => void };
  onSiteChange: (siteId: string) => void;
  onChangePassword: () => void;
  onLogout: () => void;
}

export function TopBar({ session, navigation, onSiteChange, onChangePassword, onLogout }: TopBarProps) {
  const { t } = useTranslation();
  const compact = useMediaQuery(SITE_CODE_QUERY) ?? false;
  const initials = `${session.user.ime.charAt(0)}${session.user.prezime.charAt(0)}`.toUpperCase() || session.user.email.charAt(0).toUpperCase();

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="sm" wrap="nowrap">
        {navigation ? (
          <Burger
            opened={navigation.opened}
            onClick={navigation.toggle}
            size="sm"
            aria-label={navigation.opened ? t('shell.closeNavigation') : t('shell.openNavigation')}
          />
        ) : null}
        <Group gap={8} wrap="nowrap">
          <ThemeIcon size={34} radius="md" variant="light" aria-hidden>
            <IconMicroscope size={20} stroke={1.7} />
          </ThemeIcon>
          <Text fw={700} size="lg" visibleFrom="xs">{t('app.name')}</Text>
        </Group>
      </Group>

      <Group gap="xs" wrap="nowrap">
        {session.sites.length > 1 ? (
          <Select
            aria-label={t('shell.site')}
            data={session.sites.map((site) => ({ value: site.id, label: compact ? site.sifra : site.naziv }))}
            value={session.siteId}
            onChange={(value) => {
              if (value && value !== session.siteId) onSiteChange(value);
            }}
            allowDeselect={false}
            checkIconPosition="right"
            w={compact ? 92 : 180}
            comboboxProps={{ width: compact ? 160 : undefined, position: 'bottom-end' }}
          />
        ) : (
          <Badge variant="light" size="lg" radius="sm" aria-label={t('shell.currentSite', { site: session.site.naziv })}>
            {compact ? session.site.sifra : session.site.naziv}
          </Badge>
        )}
        {session.data.mustChangePassword || !session.can('chat.read') ? null : (
          <ChatLauncher siteId={session.siteId} siteName={session.site.naziv} userId={session.user.id} canWrite={session.can('chat.write')} />
        )}
        <NotificationBell siteId={session.siteId} />
        <Menu position="bottom-end" width={230} shadow="md">
          <Menu.Target>
            <UnstyledButton px={4} py={2} style={{ borderRadius: 8 }}>
              <Group gap={8} wrap="nowrap">
                <Avatar color="clinical" radius="xl" size={34} aria-hidden>{initials}</Avatar>
                <Text size="sm" fw={500} visibleFrom="md">{session.user.fullName}</Text>
                <VisuallyHidden>{t('shell.userMenu')}</VisuallyHidden>
                <IconChevronDown size={14} aria-hidden />
              </Group>
            </UnstyledButton>
          </Menu.Target>
          <Menu.Dropdown>
            {/* The interface language, changed at once and kept in the user's settings (no sign-out). */}
            <Menu.Label><Group gap={6}><IconLanguage size={14} aria-hidden />{t('shell.interfaceLanguage')}</Group></Menu.Label>
            {LANGUAGES.map((language) => (
              <Menu.Item
                key={language}
                lang={language}
                aria-current={session.language === language ? 'true' : undefined}
                leftSection={session.language === language ? <IconCheck size={16} aria-hidden /> : <span style={{ width: 16 }} />}
                onClick={() => { if (session.language !== language) changeOwnLanguage(language).catch((error: unknown) => notify.apiError(error)); }}
              >
                {t(`shell.languageName_${language}`)}
              </Menu.Item>
            ))}
            <Menu.Divider />
            <Menu.Item leftSection={<IconKey size={16} />} onClick={onChangePassword}>{t('shell.changePassword')}</Menu.Item>
            <Menu.Item leftSection={<IconLogout size={16} />} color="red.9" onClick={onLogout}>{t('shell.logout')}</Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
    </Group>
  );
}
