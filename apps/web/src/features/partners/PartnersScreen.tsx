/**
 * /partneri: the partners registry (list table with sorting, paging and
 * 'Pretraga'). The handshake row action, or a click on the name, opens the
 * partner-edit dialog; 'Novi partner' opens it empty for those who may edit.
 */
import { useState } from 'react';
import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconHeartHandshake, IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { READABLE_BADGE_TEXT } from '../../components/readable.ts';
import { ListTable, type ListColumn, invalidateList } from '../../components/list-table/index.ts';
import { useActiveSession } from '../auth/index.ts';
import { PARTNER_LIST, type PartnerListRow, partnerKeys } from './api.ts';
import { PartnerDialog } from './PartnerDialog.tsx';

export function PartnersScreen() {
  const { t } = useTranslation();
  const session = useActiveSession();
  const queryClient = useQueryClient();
  /** The partner open in the dialog: its id, 'new', or null when closed. */
  const [open, setOpen] = useState<string | null>(null);
  const canWrite = session.can('settings.write');

  const saved = () => {
    setOpen(null);
    void invalidateList(queryClient, PARTNER_LIST);
    void queryClient.invalidateQueries({ queryKey: partnerKeys.all });
  };

  const columns: ListColumn<PartnerListRow>[] = [
    {
      key: 'naziv', header: t('partners.col_naziv'), sortable: true,
      cellAction: { label: (row) => `${t('partners.open')} — ${row.naziv}`, onClick: (row) => setOpen(row._id) },
      render: (row) => <Text size="sm" fw={600}>{row.naziv}</Text>,
    },
    {
      key: 'vrste', header: t('partners.col_vrste'),
      render: (row) => (
        <Group gap={4}>{row.vrste.map((kind) => <Badge key={kind} variant="light" c={READABLE_BADGE_TEXT}>{t(`partners.kind_${kind}`)}</Badge>)}</Group>
      ),
    },
    { key: 'email', header: t('partners.col_email'), sortable: true },
    { key: 'telefon', header: t('partners.col_telefon'), sortable: true },
    { key: 'adresa', header: t('partners.col_adresa'), sortable: true },
    { key: 'idBroj', header: t('partners.col_idBroj'), sortable: true },
    { key: 'cijena', header: t('partners.col_cijena'), align: 'right' },
    { key: 'uzoraka', header: t('partners.col_uzoraka'), sortable: true, align: 'right' },
    {
      key: 'aktivan', header: t('partners.col_aktivan'), sortable: true,
      render: (row) => (
        <Badge color={row.aktivan ? 'green' : 'gray'} variant="light" c={READABLE_BADGE_TEXT}>{row.aktivan ? t('partners.active') : t('partners.inactive')}</Badge>
      ),
    },
  ];

  return (
    <Stack gap="lg" maw={1400} mx="auto">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={2}>{t('partners.title')}</Title>
          <Text c="dimmed" size="sm">{t('partners.description')}</Text>
        </Stack>
        {canWrite ? <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setOpen('new')}>{t('partners.newPartner')}</Button> : null}
      </Group>
      <ListTable<PartnerListRow>
        list={PARTNER_LIST}
        columns={columns}
        rowKey={(row) => row._id}
        rowLabel={(row) => row.naziv}
        defaultSort={[{ field: 'naziv', direction: 'asc' }]}
        datumPresets={[]}
        withDateRange={false}
        followPatientSelected={false}
        caption={t('partners.caption')}
        minWidth={1000}
        actions={[{ key: 'handshake', label: t('partners.open'), icon: <IconHeartHandshake size={18} aria-hidden />, onClick: (row) => setOpen(row._id) }]}
      />
      <PartnerDialog partnerId={open} onClose={() => setOpen(null)} onSaved={saved} />
    </Stack>
  );
}
