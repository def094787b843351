/**
 * Šifarnici: the lab's setting records, one kind at a time (locations,
 * doctors, sections, test groups, reference groups, measurement units,
 * analyser technologies and types, sample definitions and types): the kind's
 * list table, a new record and each record's edit in the JSON editor dialog
 * checked against the kind's schema, and each record's history. Users with
 * 'settings.read' only view the records.
 */
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Badge, Button, Group, Stack, Switch, Tabs, Text, Title } from '@mantine/core';
import { IconEye, IconHistory, IconPencil, IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { SETTING_RECORD_KIND_NAMES, SETTING_RECORD_KINDS, isSettingRecordKind, type SettingRecordKind } from '@lis/domain';
import { JsonEditorDialog } from '../../components/json-editor/index.ts';
import { ListTable, invalidateList, type ListColumn, type ListRowAction } from '../../components/list-table/index.ts';
import { READABLE_BADGE_TEXT } from '../../components/readable.ts';
import { notify } from '../../components/notify.tsx';
import { useActiveSession } from '../auth/index.ts';
import { REFERRAL_QUERY_KEY, type SettingRecordRow, recordHistory, recordList, referralOptions, saveRecord, saveReferralOptions } from './api.ts';
import { HistoryDialog } from './HistoryDialog.tsx';
import { newRecordTemplate } from './record-template.ts';

/** The name a record is shown by: naziv, the doctor's name or a unit's symbol. */
export function recordName(row: Record<string, unknown>): string {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  if (row.prezime !== undefined) return `${text(row.titula)} ${text(row.ime)} ${text(row.prezime)}`.trim();
  return text(row.naziv) || text(row.oznaka) || text(row._id);
}

export function SettingRecordsScreen() {
  const { t } = useTranslation(undefined, { keyPrefix: 'catalogue' });
  const [params, setParams] = useSearchParams();
  const asked = params.get('vrsta') ?? '';
  const kind: SettingRecordKind = isSettingRecordKind(asked) ? asked : 'lokacija';
  const session = useActiveSession();
  const canEdit = session.can('settings.write');

  return (
    <Stack gap="lg" maw={1400} mx="auto">
      <Stack gap={4}>
        <Title order={1} size="h2">{t('recordsTitle')}</Title>
        <Text c="dimmed" size="sm">{canEdit ? t('recordsHint') : `${t('recordsHint')} ${t('readOnlyNote')}`}</Text>
      </Stack>
      <Tabs
        value={kind}
        onChange={(value) => { if (value && isSettingRecordKind(value)) setParams({ vrsta: value }, { replace: true }); }}
        variant="pills"
        keepMounted={false}
      >
        <Tabs.List aria-label={t('kindsLabel')} mb="md">
          {SETTING_RECORD_KIND_NAMES.map((name) => <Tabs.Tab key={name} value={name}>{t(`kind_${name}`)}</Tabs.Tab>)}
        </Tabs.List>
        {SETTING_RECORD_KIND_NAMES.map((name) => (
          <Tabs.Panel key={name} value={name}>
            <RecordKindTable kind={name} canEdit={canEdit} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}

function RecordKindTable({ kind, canEdit }: { kind: SettingRecordKind; canEdit: boolean }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'catalogue' });
  const queryClient = useQueryClient();
  const spec = SETTING_RECORD_KINDS[kind];
  const kindName = t(`kind_${kind}`);
  const list = recordList(kind);
  const [editing, setEditing] = useState<{ value: Record<string, unknown>; title: string } | null>(null);
  const [historyOf, setHistoryOf] = useState<{ id: string; name: string } | null>(null);
  const hasActive = 'aktivan' in spec.schema.shape;

  const columns: ListColumn<SettingRecordRow>[] = [
    ...spec.listFields.map((field): ListColumn<SettingRecordRow> => ({
      key: field, header: t(`field_${field}` as 'field_naziv'), sortable: true,
    })),
    ...(kind === 'sekcija' ? [{ key: 'redoslijed', header: t('field_redoslijed'), sortable: true, width: 120 }] : []),
    ...(hasActive ? [{
      key: 'aktivan', header: t('col_status'), width: 120,
      render: (row: SettingRecordRow) => (row.aktivan === false
        ? <Badge color="gray" variant="light" c={READABLE_BADGE_TEXT}>{t('inactive')}</Badge>
        : <Badge color="teal" variant="light" c={READABLE_BADGE_TEXT}>{t('field_aktivan')}</Badge>),
    }] : []),
  ];

  const actions: ListRowAction<SettingRecordRow>[] = [
    {
      key: 'edit', label: canEdit ? t('edit') : t('view'), icon: canEdit ? <IconPencil size={18} aria-hidden /> : <IconEye size={18} aria-hidden />,
      onClick: (row) => setEditing({ value: row, title: t('editRecordTitle', { kind: kindName, name: recordName(row) }) }),
    },
    {
      key: 'history', label: t('history'), icon: <IconHistory size={18} aria-hidden />,
      onClick: (row) => setHistoryOf({ id: row._id, name: recordName(row) }),
    },
  ];

  return (
    <Stack gap="sm">
      {(kind === 'doktor' || kind === 'lokacija') && <FreeTextSwitch field={kind} canEdit={canEdit} />}
      {canEdit && (
        <Group justify="flex-end">
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setEditing({ value: newRecordTemplate(spec.schema), title: t('newRecordTitle', { kind: kindName }) })}
          >
            {t('newRecord')}
          </Button>
        </Group>
      )}
      <ListTable<SettingRecordRow>
        list={list}
        storageKey={`postavke-${kind}`}
        columns={columns}
        actions={actions}
        rowKey={(row) => row._id}
        rowLabel={recordName}
        datumPresets={[]}
        withDateRange={false}
        followPatientSelected={false}
        defaultPerPage={15}
        caption={kindName}
      />
      <JsonEditorDialog
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.title ?? ''}
        value={editing?.value}
        schema={spec.schema as z.ZodType<Record<string, unknown>>}
        bodyField={spec.bodyField}
        readOnly={!canEdit}
        onSave={async (record) => {
          await saveRecord(kind, record);
          notify.success(t('saved'));
          await invalidateList(queryClient, list);
        }}
      />
      <HistoryDialog target={historyOf} load={(id) => recordHistory(kind, id)} queryName={kind} onClose={() => setHistoryOf(null)} />
    </Stack>
  );
}

/**
 * Whether sample entry takes a doctor (or location) typed freely besides the list's records: a lab that
 * keeps its lists complete turns it off, and the field then only chooses from the list.
 */
function FreeTextSwitch({ field, canEdit }: { field: 'doktor' | 'lokacija'; canEdit: boolean }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'catalogue' });
  const queryClient = useQueryClient();
  const options = useQuery({ queryKey: REFERRAL_QUERY_KEY, queryFn: referralOptions });
  const save = useMutation({
    mutationFn: saveReferralOptions,
    onSuccess: (saved) => {
      queryClient.setQueryData(REFERRAL_QUERY_KEY, saved);
      notify.success(t('saved'));
    },
    onError: (error) => notify.apiError(error),
  });
  if (!options.data) return null;
  const current = options.data;
  return (
    <Switch
      label={t(field === 'doktor' ? 'freeDoctor' : 'freeLocation')}
      description={t('freeTextHint')}
      checked={current[field]}
      disabled={!canEdit || save.isPending}
      onChange={(event) => save.mutate({ ...current, [field]: event.currentTarget.checked })}
    />
  );
}
