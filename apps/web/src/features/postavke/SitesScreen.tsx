/**
 * /postavke/sajtovi: the lab's sites (list table) with 'Novi sajt', the edit
 * and the change history per row. A new site reaches a user's site switcher
 * once the user is given it (Korisnici).
 */
import { useState } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import { IconBuildingPlus, IconHistory, IconPencil } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SiteRecord } from '@lis/domain';
import { ListTable, type ListColumn, type ListRowAction, invalidateList } from '../../components/list-table/index.ts';
import { SITE_LIST, type SiteListRow } from './api.ts';
import { ALL_SITES_KEY } from './all-sites.ts';
import { HistoryDialog, type HistoryTarget } from './HistoryDialog.tsx';
import { SettingsHeader } from './SettingsHeader.tsx';
import { SiteDialog } from './SiteDialog.tsx';

export function SitesScreen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<{ site: SiteRecord | null } | null>(null);
  const [history, setHistory] = useState<HistoryTarget | null>(null);

  const saved = () => {
    setEditing(null);
    void invalidateList(queryClient, SITE_LIST);
    void queryClient.invalidateQueries({ queryKey: ALL_SITES_KEY });
  };

  const columns: ListColumn<SiteListRow>[] = [
    {
      key: 'sifra', header: t('postavke.sites.col_sifra'), sortable: true, width: 90,
      render: (row) => <Text size="sm" ff="monospace" fw={600}>{row.sifra}</Text>,
      // The accessible name starts with the code the cell shows (axe: label-content-name-mismatch).
      cellAction: { label: (row) => `${row.sifra} — ${t('postavke.sites.edit')}: ${row.naziv}`, onClick: (row) => setEditing({ site: row }) },
    },
    { key: 'naziv', header: t('postavke.sites.col_naziv'), sortable: true },
    { key: 'name', header: t('postavke.sites.col_name'), sortable: true },
    { key: 'adresa', header: t('postavke.sites.col_adresa'), render: (row) => <Text size="sm">{row.adresa}</Text> },
    { key: 'timeZone', header: t('postavke.sites.col_timeZone'), sortable: true },
    { key: 'mjesta', header: t('postavke.sites.col_mjesta'), render: (row) => <Text size="sm" c="dimmed">{row.mjesta.join(', ')}</Text> },
    { key: 'korisnika', header: t('postavke.sites.col_korisnika'), align: 'right' },
  ];

  const actions: ListRowAction<SiteListRow>[] = [
    { key: 'edit', label: t('postavke.sites.edit'), icon: <IconPencil size={18} aria-hidden />, onClick: (row) => setEditing({ site: row }) },
    {
      key: 'history', label: t('postavke.history'), icon: <IconHistory size={18} aria-hidden />,
      onClick: (row) => setHistory({ kind: 'site', id: row._id, name: row.naziv }),
    },
  ];

  return (
    <Stack gap="lg" maw={1400} mx="auto">
      <SettingsHeader title={t('postavke.sites.title')} description={t('postavke.sites.description')}>
        <Button leftSection={<IconBuildingPlus size={18} aria-hidden />} onClick={() => setEditing({ site: null })}>{t('postavke.sites.add')}</Button>
      </SettingsHeader>
      <ListTable<SiteListRow>
        list={SITE_LIST}
        columns={columns}
        actions={actions}
        rowKey={(row) => row._id}
        rowLabel={(row) => `${row.sifra} ${row.naziv}`}
        defaultSort={[{ field: 'sifra', direction: 'asc' }]}
        datumPresets={[]}
        withDateRange={false}
        followPatientSelected={false}
        caption={t('postavke.sites.caption')}
        minWidth={880}
      />
      <SiteDialog opened={editing !== null} site={editing?.site ?? null} onClose={() => setEditing(null)} onSaved={saved} />
      <HistoryDialog target={history} onClose={() => setHistory(null)} />
    </Stack>
  );
}
