/** The bell in the top bar: the alarm and message lists of the current site, each entry dismissable. */
import { ActionIcon, CloseButton, Divider, Group, Indicator, Popover, ScrollArea, Stack, Text } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type ListName, type NotificationEntry, notificationStore, useNotificationLists } from './notification-lists.ts';

export function NotificationBell({ siteId }: { siteId: string }) {
  const { t } = useTranslation();
  const lists = useNotificationLists();
  const alarms = lists.alarms.filter((entry) => entry.site === siteId);
  const messages = lists.messages.filter((entry) => entry.site === siteId);
  const count = alarms.length + messages.length;

  return (
    <Indicator disabled={count === 0} label={count > 99 ? '99+' : count} size={18} color="red" offset={4}>
      <Popover width={340} position="bottom-end" shadow="md" withArrow>
        <Popover.Target>
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('notifications.open', { count })}>
            <IconBell size={22} stroke={1.6} />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown p={0} role="dialog" aria-label={t('notifications.title')}>
          <ScrollArea.Autosize mah={420} type="auto">
            <Stack gap={0} p="sm">
              <EntryList title={t('notifications.alarms')} list="alarms" entries={alarms} />
              <Divider my="sm" />
              <EntryList title={t('notifications.messages')} list="messages" entries={messages} />
            </Stack>
          </ScrollArea.Autosize>
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}

function EntryList({ title, list, entries }: { title: string; list: ListName; entries: NotificationEntry[] }) {
  const { t } = useTranslation();
  return (
    <section aria-label={title}>
      <Text fw={600} size="sm" mb={6}>{title}</Text>
      {entries.length === 0 ? (
        <Text size="sm" c="dimmed">{t('notifications.empty')}</Text>
      ) : (
        <Stack component="ul" gap={6} m={0} p={0} style={{ listStyle: 'none' }}>
          {entries.map((entry) => {
            // The info names what happened as people know it (a sample's code and patient, a refrigerator, a product);
            // the sample's id only when no info came. The dismiss button names the same, never an internal key.
            const what = entry.info || t('notifications.sample', { id: entry.id });
            return (
              <Group component="li" key={entry.id} justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                <Text size="sm" fw={500}>{what}</Text>
                <CloseButton
                  size="sm"
                  aria-label={t('notifications.dismiss', { what })}
                  onClick={() => notificationStore.dismiss(list, entry.id)}
                />
              </Group>
            );
          })}
        </Stack>
      )}
    </section>
  );
}
