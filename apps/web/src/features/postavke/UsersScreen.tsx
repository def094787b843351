/**
 * /postavke/korisnici: the lab's users (list table), with 'Novi korisnik',
 * and per row: edit, set a new password, disable or enable, and the change
 * history; below, the failed sign-ins of the last minutes (SignInAttacks). Only level-0 administrators reach it
 * (users.manage).
 */
import { useState } from 'react';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconHistory, IconKey, IconPencil, IconUserCheck, IconUserOff, IconUserPlus } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { UserRecord } from '@lis/domain';
import { ListTable, type ListColumn, type ListRowAction, invalidateList } from '../../components/list-table/index.ts';
import { READABLE_BADGE_TEXT } from '../../components/readable.ts';
import { formatDate, formatDateTime } from '../../lib/date-time.ts';
import { refreshSites, useActiveSession } from '../auth/index.ts';
import { USER_LIST, type UserListRow, readOptions, settingsKeys } from './api.ts';
import { DisableUserDialog, ResetPasswordDialog } from './UserActionDialogs.tsx';
import { HistoryDialog, type HistoryTarget } from './HistoryDialog.tsx';
import { EmailText } from '../../components/EmailText.tsx';
import { SettingsHeader } from './SettingsHeader.tsx';
import { SignInAttacks } from './SignInAttacks.tsx';
import { UserDialog } from './UserDialog.tsx';

const userName = (user: Pick<UserRecord, 'ime' | 'prezime' | 'email'>) => `${user.ime} ${user.prezime}`.trim() || user.email;

function isExpired(row: UserListRow, now: number): boolean {
  return row.expiresAt !== null && new Date(row.expiresAt).getTime() <= now;
}

export function UsersScreen() {
  const { t } = useTranslation();
  const session = useActiveSession();
  const queryClient = useQueryClient();
  const options = useQuery({ queryKey: settingsKeys.options, queryFn: ({ signal }) => readOptions(signal) });
  const [editing, setEditing] = useState<{ user: UserRecord | null } | null>(null);
  const [resetting, setResetting] = useState<UserRecord | null>(null);
  const [disabling, setDisabling] = useState<UserRecord | null>(null);
  const [history, setHistory] = useState<HistoryTarget | null>(null);
  const now = Date.now();

  const reload = () => void invalidateList(queryClient, USER_LIST);
  const saved = (user: UserRecord) => {
    setEditing(null);
    reload();
    // One's own sites may have changed: the site switcher follows at once.
    if (user._id === session.user.id) void refreshSites().catch(() => undefined);
  };

  const columns: ListColumn<UserListRow>[] = [
    {
      key: 'prezime', header: t('postavke.users.col_name'), sortable: true,
      render: (row) => <Text span size="sm" fw={500}>{userName(row)}</Text>,
      // The accessible name starts with the name the cell shows (axe: label-content-name-mismatch).
      cellAction: { label: (row) => `${userName(row)} — ${t('postavke.users.edit')}`, onClick: (row) => setEditing({ user: row }) },
    },
    { key: 'email', header: t('postavke.users.col_email'), sortable: true, render: (row) => <EmailText email={row.email} /> },
    { key: 'role', header: t('postavke.users.col_role'), sortable: true, render: (row) => t(`roles.${row.role}`) },
    { key: 'level', header: t('postavke.users.col_level'), sortable: true, align: 'center' },
    { key: 'siteCodes', header: t('postavke.users.col_sites'), render: (row) => row.siteCodes.join(', ') },
    {
      key: 'disabled', header: t('postavke.users.col_status'), sortable: true,
      render: (row) => (
        <Group gap={4}>
          {row.disabled ? <Badge color="red" variant="light" c={READABLE_BADGE_TEXT}>{t('postavke.users.disabled')}</Badge>
            : isExpired(row, now) ? (
              <Badge color="orange" variant="light" c={READABLE_BADGE_TEXT} title={formatDate(row.expiresAt!)}>{t('postavke.users.expired')}</Badge>
            ) : <Badge color="teal" variant="light" c={READABLE_BADGE_TEXT}>{t('postavke.users.active')}</Badge>}
          {row.mustChangePassword ? <Badge color="gray" variant="light" c={READABLE_BADGE_TEXT}>{t('postavke.users.mustChange')}</Badge> : null}
          {row._id === session.user.id ? <Badge color="blue" variant="light" c={READABLE_BADGE_TEXT}>{t('postavke.users.ownAccount')}</Badge> : null}
        </Group>
      ),
    },
    {
      key: 'lastSignIn', header: t('postavke.users.col_lastSignIn'),
      render: (row) => (
        <Text size="sm" c={row.lastSignIn ? undefined : 'dimmed'} style={{ whiteSpace: 'nowrap' }}>
          {row.lastSignIn ? formatDateTime(row.lastSignIn) : t('postavke.users.never')}
        </Text>
      ),
    },
  ];

  const actions: ListRowAction<UserListRow>[] = [
    { key: 'edit', label: t('postavke.users.edit'), icon: <IconPencil size={18} aria-hidden />, onClick: (row) => setEditing({ user: row }) },
    { key: 'password', label: t('postavke.users.resetPassword'), icon: <IconKey size={18} aria-hidden />, onClick: setResetting },
    {
      key: 'disable', label: t('postavke.users.disable'), icon: <IconUserOff size={18} aria-hidden />, color: 'red',
      hidden: (row) => row.disabled, onClick: setDisabling,
    },
    {
      key: 'enable', label: t('postavke.users.enable'), icon: <IconUserCheck size={18} aria-hidden />, color: 'teal',
      hidden: (row) => !row.disabled, onClick: setDisabling,
    },
    {
      key: 'history', label: t('postavke.history'), icon: <IconHistory size={18} aria-hidden />,
      onClick: (row) => setHistory({ kind: 'user', id: row._id, name: userName(row) }),
    },
  ];

  return (
    <Stack gap="lg" maw={1400} mx="auto">
      <SettingsHeader title={t('postavke.users.title')} description={t('postavke.users.description')}>
        <Button leftSection={<IconUserPlus size={18} aria-hidden />} onClick={() => setEditing({ user: null })}>{t('postavke.users.add')}</Button>
      </SettingsHeader>
      <ListTable<UserListRow>
        list={USER_LIST}
        columns={columns}
        actions={actions}
        rowKey={(row) => row._id}
        rowLabel={(row) => `${userName(row)} ${row.email}`}
        defaultSort={[{ field: 'prezime', direction: 'asc' }]}
        datumPresets={[]}
        withDateRange={false}
        followPatientSelected={false}
        caption={t('postavke.users.caption')}
        minWidth={880}
        reflow
      />
      <SignInAttacks />
      <UserDialog
        opened={editing !== null}
        user={editing?.user ?? null}
        defaultIdleSeconds={options.data?.options.defaultIdleTime}
        currentSiteId={session.siteId}
        onClose={() => setEditing(null)}
        onSaved={saved}
      />
      <ResetPasswordDialog user={resetting} onClose={() => setResetting(null)} onDone={() => { setResetting(null); reload(); }} />
      <DisableUserDialog user={disabling} onClose={() => setDisabling(null)} onDone={() => { setDisabling(null); reload(); }} />
      <HistoryDialog target={history} onClose={() => setHistory(null)} />
    </Stack>
  );
}
