/**
 * /inventar/ugovori: contracts with suppliers (list table: number, supplier,
 * validity, packages contracted and received). A row opens its lines: each
 * product's unit price, the quantity contracted, what was received against
 * the contract (summed from the receipts that name it) and what remains.
 * 'Novi ugovor' registers one (ContractDialog).
 */
import { useState } from 'react';
import { Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isContractValid } from '@lis/domain';
import { READABLE_BADGE_TEXT } from '../../components/readable.ts';
import { ListTable, type ListColumn, invalidateList } from '../../components/list-table/index.ts';
import { siteToday } from '../../lib/date-time.ts';
import { useActiveSession } from '../auth/index.ts';
import { CONTRACT_LIST, type ContractListRow, contract, inventoryKeys } from './api.ts';
import { ContractDialog } from './ContractDialog.tsx';
import { dayText } from './format.ts';
import { InventoryAlertsLine } from './InventoryAlertsLine.tsx';
import { formatMoney } from '../../lib/format.ts';
import { useLanguage } from '../../i18n/index.ts';

export function ContractsScreen() {
  const { t } = useTranslation();
  const session = useActiveSession();
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  const today = siteToday();

  const saved = () => {
    setAdding(false);
    void invalidateList(queryClient, CONTRACT_LIST);
    void queryClient.invalidateQueries({ queryKey: inventoryKeys.all });
  };

  const columns: ListColumn<ContractListRow>[] = [
    { key: 'broj', header: t('inventory.col_broj'), sortable: true, render: (row) => <Text size="sm" fw={600}>{row.broj}</Text> },
    { key: 'dobavljac', header: t('inventory.col_dobavljac'), sortable: true },
    {
      key: 'vazi_do', header: t('inventory.col_vazi'), sortable: true,
      render: (row) => (
        <Group gap="xs" wrap="nowrap">
          <Text size="sm">{t('inventory.validRange', { od: dayText(row.vazi_od), do: dayText(row.vazi_do) })}</Text>
          {isContractValid(row.vazi_od, row.vazi_do, today)
            ? <Badge color="green" variant="light" c={READABLE_BADGE_TEXT}>{t('inventory.contractValid')}</Badge>
            : <Badge color="gray" variant="light" c={READABLE_BADGE_TEXT}>{t('inventory.contractInvalid')}</Badge>}
        </Group>
      ),
    },
    { key: 'stavki', header: t('inventory.col_stavki'), align: 'right' },
    { key: 'ugovoreno', header: t('inventory.col_ugovoreno'), align: 'right' },
    { key: 'primljeno', header: t('inventory.col_primljeno'), align: 'right' },
  ];

  return (
    <Stack gap="lg" maw={1400} mx="auto">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={2}>{t('inventory.contractsTitle')}</Title>
          <Text c="dimmed" size="sm">{t('inventory.contractsDescription')}</Text>
        </Stack>
        {session.can('inventory.write')
          ? <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setAdding(true)}>{t('inventory.newContract')}</Button> : null}
      </Group>
      <InventoryAlertsLine />
      <ListTable<ContractListRow>
        list={CONTRACT_LIST}
        columns={columns}
        rowKey={(row) => row._id}
        rowLabel={(row) => `${row.broj} ${row.dobavljac}`}
        defaultSort={[{ field: 'vazi_do', direction: 'desc' }]}
        followPatientSelected={false}
        renderDetail={(row) => <ContractLines id={row._id} broj={row.broj} />}
        caption={t('inventory.contractsCaption')}
        minWidth={900}
      />
      <ContractDialog opened={adding} onClose={() => setAdding(false)} onSaved={saved} />
    </Stack>
  );
}

/** A contract's lines with what was received against each and what remains. */
function ContractLines({ id, broj }: { id: string; broj: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const query = useQuery({ queryKey: inventoryKeys.contract(id), queryFn: ({ signal }) => contract(id, signal) });
  if (query.isPending) return <Text size="sm" c="dimmed">{t('inventory.loading')}</Text>;
  if (query.isError) return <Text size="sm" c="red.8">{t('inventory.failed')}</Text>;
  return (
    <Table verticalSpacing={4} withRowBorders={false}>
      <Table.Caption>{t('inventory.contractLinesCaption', { broj })}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('inventory.col_LN')}</Table.Th>
          <Table.Th>{t('inventory.col_opis')}</Table.Th>
          <Table.Th ta="right">{t('inventory.col_cijena')}</Table.Th>
          <Table.Th ta="right">{t('inventory.col_ugovoreno')}</Table.Th>
          <Table.Th ta="right">{t('inventory.col_primljeno')}</Table.Th>
          <Table.Th ta="right">{t('inventory.col_preostalo')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {query.data.ugovor.stavke.map((line) => (
          <Table.Tr key={line._id}>
            <Table.Td><Text size="sm" ff="monospace" fw={600}>{line.LN}</Text></Table.Td>
            <Table.Td>{line.opis}</Table.Td>
            <Table.Td ta="right">{formatMoney(line.cijena, language)}</Table.Td>
            <Table.Td ta="right">{line.kolicina}</Table.Td>
            <Table.Td ta="right">{line.primljeno}</Table.Td>
            <Table.Td ta="right"><Text size="sm" fw={600} c={line.preostalo === 0 ? 'dimmed' : undefined}>{line.preostalo}</Text></Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
