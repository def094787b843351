/**
 * /inventar/narudzbe: purchase orders of this site. On top the low-stock
 * suggestions (SuggestionsPanel), from which a draft order is raised; below
 * the orders (list table: number, supplier, contract, status, lines, date),
 * each opened in OrderDialog to edit a draft's lines, send it, cancel it,
 * print it as a PDF, or receive its lines on /inventar/ulaz.
 */
import { useState } from 'react';
import { Badge, Stack, Text, Title } from '@mantine/core';
import { IconFolderOpen } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/date-time.ts';
import { READABLE_BADGE_TEXT } from '../../components/readable.ts';
import { ListTable, type ListColumn, type ListRowAction } from '../../components/list-table/index.ts';
import { ORDER_LIST, type OrderListRow } from './api.ts';
import { InventoryAlertsLine } from './InventoryAlertsLine.tsx';
import { OrderDialog } from './OrderDialog.tsx';
import { ORDER_STATUS_COLOURS } from './order-status.ts';
import { SuggestionsPanel } from './SuggestionsPanel.tsx';

export function OrdersScreen() {
  const { t } = useTranslation();
  const [opened, setOpened] = useState<string | null>(null);
  const [changes, setChanges] = useState(0);
  const changed = () => setChanges((count) => count + 1);

  const columns: ListColumn<OrderListRow>[] = [
    { key: 'broj', header: t('inventory.col_broj'), sortable: true, render: (row) => <Text size="sm" ff="monospace" fw={600}>{row.broj}</Text> },
    { key: 'dobavljac', header: t('inventory.col_dobavljac'), sortable: true },
    { key: 'ugovor', header: t('inventory.col_ugovor'), render: (row) => row.ugovor ?? t('inventory.noContract') },
    {
      key: 'status', header: t('inventory.col_status'), sortable: true,
      render: (row) => <Badge color={ORDER_STATUS_COLOURS[row.status]} variant="light" c={READABLE_BADGE_TEXT}>{t(`inventory.status_${row.status}`)}</Badge>,
    },
    { key: 'stavki', header: t('inventory.col_stavki'), align: 'right' },
    { key: 'created_at', header: t('inventory.col_datum'), sortable: true, render: (row) => formatDateTime(row.created_at) },
  ];
  const actions: ListRowAction<OrderListRow>[] = [
    { key: 'open', label: t('inventory.openOrder'), icon: <IconFolderOpen size={18} aria-hidden />, onClick: (row) => setOpened(row._id) },
  ];

  return (
    <Stack gap="lg" maw={1400} mx="auto">
      <Stack gap={4}>
        <Title order={2}>{t('inventory.ordersTitle')}</Title>
        <Text c="dimmed" size="sm">{t('inventory.ordersDescription')}</Text>
      </Stack>
      <InventoryAlertsLine />
      <SuggestionsPanel onCreated={(id) => { changed(); setOpened(id); }} />
      <Title order={3} size="h4">{t('inventory.ordersCaption')}</Title>
      <ListTable<OrderListRow>
        list={ORDER_LIST}
        columns={columns}
        actions={actions}
        rowKey={(row) => row._id}
        rowLabel={(row) => `${row.broj} ${row.dobavljac}`}
        defaultSort={[{ field: 'created_at', direction: 'desc' }]}
        followPatientSelected={false}
        refreshSignal={changes}
        caption={t('inventory.ordersCaption')}
        minWidth={900}
      />
      <OrderDialog id={opened} onClose={() => setOpened(null)} onChanged={changed} />
    </Stack>
  );
}
