/**
 * /inventar/produkti: the lab's products (list table: LN, description,
 * package, class, manufacturer, OJ, level and the stock at this site) with
 * 'Novi produkt', which opens 'Unos produkta'.
 */
import { useState } from 'react';
import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isLowStock } from '@lis/domain';
import { READABLE_BADGE_TEXT } from '../../components/readable.ts';
import { ListTable, type ListColumn, invalidateList } from '../../components/list-table/index.ts';
import { formatNumber } from '../../lib/format.ts';
import { useActiveSession } from '../auth/index.ts';
import { PRODUCT_LIST, type ProductListRow, inventoryKeys } from './api.ts';
import { InventoryAlertsLine } from './InventoryAlertsLine.tsx';
import { ProductDialog } from './ProductDialog.tsx';

export function ProductsScreen() {
  const { t } = useTranslation();
  const session = useActiveSession();
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  const canWrite = session.can('inventory.write');

  const saved = () => {
    setAdding(false);
    void invalidateList(queryClient, PRODUCT_LIST);
    void queryClient.invalidateQueries({ queryKey: inventoryKeys.all });
  };

  const columns: ListColumn<ProductListRow>[] = [
    { key: 'LN', header: t('inventory.col_LN'), sortable: true, render: (row) => <Text size="sm" ff="monospace" fw={600}>{row.LN}</Text> },
    { key: 'opis', header: t('inventory.col_opis'), sortable: true },
    { key: 'zasticeni_naziv', header: t('inventory.col_zasticeni_naziv'), sortable: true },
    { key: 'pakovanje', header: t('inventory.col_pakovanje') },
    { key: 'sadrzaj', header: t('inventory.col_sadrzaj'), align: 'right', render: (row) => `${formatNumber(row.sadrzaj, session.language, { grouped: true })} ${row.jedinica_mjere}` },
    { key: 'klasa', header: t('inventory.col_klasa'), sortable: true, render: (row) => row.klasa ?? t('inventory.none') },
    { key: 'proizvodjac', header: t('inventory.col_proizvodjac'), sortable: true, render: (row) => row.proizvodjac ?? t('inventory.none') },
    { key: 'oj', header: t('inventory.col_oj'), sortable: true },
    { key: 'nivo', header: t('inventory.col_nivo'), sortable: true, align: 'right' },
    {
      key: 'stanje', header: t('inventory.col_stanje'), sortable: true, align: 'right',
      render: (row) => (isLowStock(row.stanje, row.nivo)
        ? <Badge color="red" variant="light" c={READABLE_BADGE_TEXT} aria-label={t('inventory.lowStockLabel', { ukupno: row.stanje, nivo: row.nivo })}>{row.stanje}</Badge>
        : <Text size="sm">{row.stanje}</Text>),
    },
  ];

  return (
    <Stack gap="lg" maw={1400} mx="auto">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={2}>{t('inventory.productsTitle')}</Title>
          <Text c="dimmed" size="sm">{t('inventory.productsDescription')}</Text>
        </Stack>
        {canWrite ? <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setAdding(true)}>{t('inventory.newProduct')}</Button> : null}
      </Group>
      <InventoryAlertsLine />
      <ListTable<ProductListRow>
        list={PRODUCT_LIST}
        columns={columns}
        rowKey={(row) => row._id}
        rowLabel={(row) => `${row.LN} ${row.opis}`}
        defaultSort={[{ field: 'LN', direction: 'asc' }]}
        followPatientSelected={false}
        caption={t('inventory.productsCaption')}
        minWidth={1000}
      />
      <ProductDialog opened={adding} onClose={() => setAdding(false)} onSaved={saved} />
    </Stack>
  );
}
