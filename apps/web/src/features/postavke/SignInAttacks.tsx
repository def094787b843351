/**
 * The users screen's 'Neuspjele prijave': the accounts with failed sign-ins in the throttle's window (GET
 * /postavke/users/napadi), so an administrator sees an attack while it happens: which account, how many
 * checked failures, how many the throttle refused unchecked, from which addresses, and when last.
 */
import { Alert, Badge, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconShieldExclamation } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client.ts';
import { EmailText } from '../../components/EmailText.tsx';
import { formatDateTime } from '../../lib/date-time.ts';
import { userContracts } from '@lis/domain';

// An attack is news while it lasts: the view reads again every half minute.
const REFRESH_MS = 30_000;

export function SignInAttacks() {
  const { t } = useTranslation();
  const attacks = useQuery({
    queryKey: ['postavke', 'users', 'napadi'],
    queryFn: ({ signal }) => call(userContracts.attacks, {}, { signal }),
    refetchInterval: REFRESH_MS,
  });
  const minutes = attacks.data?.windowMinutes ?? 15;
  const rows = attacks.data?.data ?? [];
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="sign-in-attacks-title">
      <Stack gap="sm">
        <Group gap="xs">
          <IconShieldExclamation size={20} aria-hidden />
          <Title order={2} size="h4" id="sign-in-attacks-title">{t('postavke.users.attacks.title')}</Title>
        </Group>
        <Text size="sm" c="dimmed">{t('postavke.users.attacks.description', { minutes })}</Text>
        {attacks.isError ? <Alert color="red">{t('postavke.users.attacks.loadFailed')}</Alert>
          : attacks.isSuccess && rows.length === 0 ? <Text size="sm">{t('postavke.users.attacks.none', { minutes })}</Text>
            : rows.length > 0 ? (
              <Table.ScrollContainer minWidth={720}>
                <Table verticalSpacing={4} striped aria-labelledby="sign-in-attacks-title">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('postavke.users.attacks.col_account')}</Table.Th>
                      <Table.Th ta="right">{t('postavke.users.attacks.col_failures')}</Table.Th>
                      <Table.Th ta="right">{t('postavke.users.attacks.col_refused')}</Table.Th>
                      <Table.Th>{t('postavke.users.attacks.col_addresses')}</Table.Th>
                      <Table.Th>{t('postavke.users.attacks.col_last')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {rows.map((row) => (
                      <Table.Tr key={row.email}>
                        <Table.Td><EmailText email={row.email} /></Table.Td>
                        <Table.Td ta="right">{row.failures}</Table.Td>
                        <Table.Td ta="right">{row.refused}</Table.Td>
                        <Table.Td>
                          <Group gap={4}>
                            {row.addresses.map((address) => <Badge key={address} variant="light" color="gray" c="dark" tt="none">{address}</Badge>)}
                          </Group>
                        </Table.Td>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.lastAttempt)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            ) : null}
      </Stack>
    </Paper>
  );
}
