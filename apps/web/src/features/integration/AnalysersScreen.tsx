/**
 * /analysers (Analizatori): the site's analysers in the list table, each edited as JSON in the shared JSON
 * editor dialog (checked against the domain's analyser schema at every keystroke, the server's refusal
 * marked at its field). Saving starts, restarts or stops the analyser's connection at once.
 */
import { useState } from 'react';
import { Badge, Button, Group, Stack, Title } from '@mantine/core';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { analyserElementSchema, newAnalyserElement } from '@lis/domain';
import { JsonEditorDialog } from '../../components/json-editor/index.ts';
import { ListTable, type ListColumn, type ListRowAction } from '../../components/list-table/index.ts';
import { notify } from '../../components/notify.tsx';
import { useActiveSession } from '../auth/index.ts';
import { ANALYSER_LIST, editableAnalyser, saveAnalyser, type AnalyserAnswer } from './api.ts';
import { ConnectionBadge } from './ConnectionBadge.tsx';
import { NoAnalysers } from './OverviewScreen.tsx';
import { transportText } from './transport.ts';

type Editing = { kind: 'new' } | { kind: 'edit'; row: AnalyserAnswer };

export function AnalysersScreen() {
  const { t } = useTranslation();
  const session = useActiveSession();
  const canEdit = session.can('settings.write');
  const [editing, setEditing] = useState<Editing | null>(null);
  const [refresh, setRefresh] = useState(0);

  const columns: ListColumn<AnalyserAnswer>[] = [
    { key: 'ime', header: t('integration.col_ime'), sortable: true, render: (row) => <strong>{row.ime}</strong> },
    { key: 'protokol', header: t('integration.col_protokol'), sortable: true, render: (row) => row.protokol.toUpperCase() },
    { key: 'transport', header: t('integration.col_transport'), render: (row) => transportText(t, row) },
    { key: 'veza', header: t('integration.col_stanje'), render: (row) => <ConnectionBadge veza={row.veza} /> },
    { key: 'mapa', header: t('integration.col_mapa'), render: (row) => Object.keys(row.mapa).length },
    {
      key: 'aktivan', header: t('integration.col_aktivan'),
      render: (row) => (row.aktivan ? t('integration.yes') : <Badge color="gray" variant="light" c="gray.9">{t('integration.no')}</Badge>),
    },
  ];
  const actions: ListRowAction<AnalyserAnswer>[] = [
    { key: 'edit', label: t('integration.edit'), icon: <IconPencil size={16} />, onClick: (row) => setEditing({ kind: 'edit', row }) },
  ];

  return (
    <Stack gap="lg" maw={1400} mx="auto">
      <Group justify="space-between">
        <Title order={1} size="h2">{t('integration.analysersTitle')}</Title>
        {canEdit ? <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing({ kind: 'new' })}>{t('integration.newAnalyser')}</Button> : null}
      </Group>
      <ListTable<AnalyserAnswer>
        list={ANALYSER_LIST}
        columns={columns}
        actions={actions}
        rowKey={(row) => row._id}
        rowLabel={(row) => row.ime}
        datumPresets={[]}
        defaultSort={[{ field: 'ime', direction: 'asc' }]}
        refreshSignal={refresh}
        followPatientSelected={false}
        caption={t('integration.caption')}
        emptyState={<NoAnalysers />}
        minWidth={800}
      />
      <JsonEditorDialog
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.kind === 'edit' ? t('integration.editTitle', { ime: editing.row.ime }) : t('integration.newTitle')}
        value={editing?.kind === 'edit' ? editableAnalyser(editing.row) : newAnalyserElement()}
        schema={analyserElementSchema}
        bodyField="analyser"
        readOnly={!canEdit}
        onSave={async (analyser) => {
          const answer = await saveAnalyser(analyser);
          notify.success(answer.message);
          setRefresh((value) => value + 1);
        }}
      />
    </Stack>
  );
}
