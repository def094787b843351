/** The site's latest receipts or consumptions (list table over the movement ledger), newest first. */
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ListTable, type ListColumn } from '../../components/list-table/index.ts';
import { formatDateTime } from '../../lib/date-time.ts';
import { MOVEMENT_LIST, type MovementListRow } from './api.ts';
import { dayText } from './format.ts';

export function MovementsTable({ vrsta, refreshSignal }: { vrsta: 'ulaz' | 'izlaz'; refreshSignal: unknown }) {
  const { t } = useTranslation();
  const columns: ListColumn<MovementListRow>[] = [
    { key: 'created_at', header: t('inventory.col_datum'), sortable: true, render: (row) => formatDateTime(row.created_at) },
    { key: 'LN', header: t('inventory.col_LN'), sortable: true, render: (row) => <Text size="sm" ff="monospace" fw={600}>{row.LN}</Text> },
    { key: 'opis', header: t('inventory.col_opis'), sortable: true },
    { key: 'lot', header: t('inventory.col_lot'), sortable: true, render: (row) => <Text size="sm" ff="monospace">{row.lot}</Text> },
    { key: 'rok_trajanja', header: t('inventory.col_rok'), sortable: true, render: (row) => dayText(row.rok_trajanja) },
    { key: 'kolicina', header: t('inventory.col_kolicina'), sortable: true, align: 'right', render: (row) => Math.abs(row.kolicina) },
    ...(vrsta === 'izlaz' ? [{ key: 'sekcija', header: t('inventory.col_sekcija'), render: (row: MovementListRow) => row.sekcija ?? '' }] : []),
    { key: 'korisnik', header: t('inventory.col_korisnik') },
  ];
  return (
    <ListTable<MovementListRow>
      list={MOVEMENT_LIST}
      params={{ vrsta }}
      storageKey={`${MOVEMENT_LIST.path}:${vrsta}`}
      columns={columns}
      rowKey={(row) => row._id}
      rowLabel={(row) => `${row.LN} ${row.lot}`}
      defaultSort={[{ field: 'created_at', direction: 'desc' }]}
      followPatientSelected={false}
      refreshSignal={refreshSignal}
      caption={vrsta === 'ulaz' ? t('inventory.recentReceipts') : t('inventory.recentConsumptions')}
      minWidth={900}
    />
  );
}
