/**
 * The test panels of the current site, under Assays: a table of the panels (code, name, synonyms, tests,
 * price, how they are charged) with add, edit, history and delete, and the panel dialog. The server checks
 * every field (unknown or repeated tests, a code the site already has) and the dialog shows its answer at the field.
 */
import { useMemo, useState } from 'react';
import {
  ActionIcon, Alert, Badge, Button, Group, MultiSelect, NumberInput, Paper, Radio, Skeleton, Stack, Table, TagsInput, Text, TextInput, Title, Tooltip,
} from '@mantine/core';
import { IconEdit, IconHistory, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type PanelPricing, type TestPanel, testPanelContracts } from '@lis/domain';
import { ApiError, call } from '../../api/client.ts';
import { AppDialog } from '../../components/AppDialog.tsx';
import { ConfirmDelete } from '../../components/ConfirmDelete.tsx';
import { notify } from '../../components/notify.tsx';
import { READABLE_ALERT_STYLES } from '../../components/readable.ts';
import { currentLanguage, serverMessage } from '../../i18n/index.ts';
import { formatMoney } from '../../lib/format.ts';
import reflow from '../../components/reflow-table.module.css';
import { ASSAY_LIST } from './api.ts';
import { HistoryDialog } from './HistoryDialog.tsx';

const PANELS_KEY = ['test-panels'] as const;
const ASSAYS_KEY = ['test-panels', 'assays'] as const;

interface Draft {
  _id?: string;
  sifra: string;
  naziv: string;
  sinonimi: string[];
  testovi: string[];
  price: number | string;
  naplata: PanelPricing;
}

const EMPTY: Draft = { sifra: '', naziv: '', sinonimi: [], testovi: [], price: 0, naplata: 'testovi' };

export function PanelSettings({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [deleting, setDeleting] = useState<TestPanel | null>(null);
  const [history, setHistory] = useState<{ id: string; name: string } | null>(null);
  const panels = useQuery({ queryKey: PANELS_KEY, queryFn: async ({ signal }) => (await call(testPanelContracts.list, {}, { signal })).paneli });
  const assays = useQuery({
    queryKey: ASSAYS_KEY,
    queryFn: async ({ signal }) => (await call(ASSAY_LIST, { query: { per_page: 0, sort: 'sifra|asc' } }, { signal })).data,
    enabled: draft !== null,
    staleTime: 60_000,
  });

  const remove = async () => {
    if (!deleting) return;
    try {
      await call(testPanelContracts.remove, { body: { _id: deleting._id } });
      notify.success(t('panels.deleted'));
      setDeleting(null);
      await queryClient.invalidateQueries({ queryKey: PANELS_KEY });
    } catch (error) {
      notify.apiError(error);
    }
  };

  return (
    <Stack gap="sm" mt="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={4} style={{ flex: 1, minWidth: 240 }}>
          <Title order={2} size="h3">{t('panels.title')}</Title>
          <Text c="dimmed" size="sm">{t('panels.hint')}</Text>
        </Stack>
        {canWrite ? (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setDraft({ ...EMPTY })}>{t('panels.add')}</Button>
        ) : null}
      </Group>
      {/* On a narrow screen each panel stacks its cells, named by their column, instead of a table cut at the edge. */}
      <Paper withBorder radius="md" p={0} style={{ overflowX: 'auto' }}>
        {panels.isPending ? <Skeleton h={160} /> : panels.isError ? (
          <Alert styles={READABLE_ALERT_STYLES} color="red" m="sm">{t('panels.loadFailed')}</Alert>
        ) : panels.data.length === 0 ? (
          <Text c="dimmed" size="sm" p="md">{t('panels.empty')}</Text>
        ) : (
          <Table striped highlightOnHover verticalSpacing="xs" aria-label={t('panels.title')} className={reflow.reflow}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('panels.sifra')}</Table.Th>
                <Table.Th>{t('panels.naziv')}</Table.Th>
                <Table.Th visibleFrom="sm">{t('panels.sinonimi')}</Table.Th>
                <Table.Th>{t('panels.testovi')}</Table.Th>
                <Table.Th ta="right">{t('panels.price')}</Table.Th>
                <Table.Th>{t('panels.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {panels.data.map((panel) => (
                <Table.Tr key={panel._id}>
                  <Table.Td fw={600} style={{ whiteSpace: 'nowrap' }} data-label={t('panels.sifra')}>{panel.sifra}</Table.Td>
                  <Table.Td data-label={t('panels.naziv')}><span>{panel.naziv}</span></Table.Td>
                  <Table.Td visibleFrom="sm">
                    <Group gap={4}>{panel.sinonimi.map((name) => <Badge key={name} variant="light" color="gray" tt="none">{name}</Badge>)}</Group>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }} data-label={t('panels.testovi')}><span>{t('panels.testCount', { count: panel.testovi.length })}</span></Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} data-label={t('panels.price')}>
                    {panel.naplata === 'panel' ? <span>{formatMoney(panel.price, language)}</span> : <Text span size="sm" c="dimmed">{t('panels.naplata_testovi')}</Text>}
                  </Table.Td>
                  <Table.Td data-label={t('panels.actions')}>
                    <Group gap={2} wrap="nowrap">
                      {canWrite ? (
                        <Tooltip label={t('panels.edit')}>
                          <ActionIcon variant="subtle" aria-label={`${t('panels.edit')}: ${panel.naziv}`} onClick={() => setDraft({ ...panel, price: Number(panel.price) })}>
                            <IconEdit size={18} aria-hidden />
                          </ActionIcon>
                        </Tooltip>
                      ) : null}
                      <Tooltip label={t('panels.history')}>
                        <ActionIcon variant="subtle" color="gray" aria-label={`${t('panels.history')}: ${panel.naziv}`} onClick={() => setHistory({ id: panel._id, name: panel.naziv })}>
                          <IconHistory size={18} aria-hidden />
                        </ActionIcon>
                      </Tooltip>
                      {canWrite ? (
                        <Tooltip label={t('panels.delete')}>
                          <ActionIcon variant="subtle" color="red" aria-label={`${t('panels.delete')}: ${panel.naziv}`} onClick={() => setDeleting(panel)}>
                            <IconTrash size={18} aria-hidden />
                          </ActionIcon>
                        </Tooltip>
                      ) : null}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
      <PanelDialog
        draft={draft}
        assays={(assays.data ?? []).map((assay) => ({ value: assay._id, label: `${assay.sifra} · ${assay.analit}` }))}
        onClose={() => setDraft(null)}
        onSaved={async () => {
          setDraft(null);
          notify.success(t('panels.saved'));
          await queryClient.invalidateQueries({ queryKey: PANELS_KEY });
        }}
      />
      <ConfirmDelete
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        message={t('panels.deleteConfirm', { name: deleting?.naziv ?? '' })}
        onConfirm={remove}
      />
      <HistoryDialog
        target={history}
        queryName="test-panel"
        load={async (id) => (await call(testPanelContracts.history, { params: { id } })).historija}
        onClose={() => setHistory(null)}
      />
    </Stack>
  );
}

function PanelDialog({ draft, assays, onClose, onSaved }: {
  draft: Draft | null;
  assays: { value: string; label: string }[];
  onClose: () => void;
  onSaved: () => Promise<void>;
}) {
  const { t } = useTranslation();
  return (
    <AppDialog opened={draft !== null} onClose={onClose} size="lg" title={draft?._id ? t('panels.editTitle', { name: draft.naziv }) : t('panels.newTitle')}>
      {draft ? <PanelForm key={draft._id ?? 'new'} initial={draft} assays={assays} onCancel={onClose} onSaved={onSaved} /> : null}
    </AppDialog>
  );
}

function PanelForm({ initial, assays, onCancel, onSaved }: {
  initial: Draft;
  assays: { value: string; label: string }[];
  onCancel: () => void;
  onSaved: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const [form, setForm] = useState<Draft>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  // The tests already in the panel stay listed while the catalogue loads, so the field never shows bare ids.
  const data = useMemo(() => {
    const known = new Set(assays.map((assay) => assay.value));
    return [...assays, ...form.testovi.filter((id) => !known.has(id)).map((id) => ({ value: id, label: '…' }))];
  }, [assays, form.testovi]);

  const fieldError = (name: string) => errors[name];
  const save = async () => {
    setSaving(true);
    setErrors({});
    try {
      const price = typeof form.price === 'number' ? form.price : Number(String(form.price).replace(',', '.'));
      await call(testPanelContracts.edit, {
        body: { panel: { ...(form._id ? { _id: form._id } : {}), sifra: form.sifra, naziv: form.naziv, sinonimi: form.sinonimi, testovi: form.testovi, price, naplata: form.naplata } },
      });
      await onSaved();
    } catch (error) {
      if (error instanceof ApiError && error.field?.startsWith('panel.')) {
        const field = error.field.split('.')[1] ?? '';
        setErrors({ [field]: serverMessage(error) });
      } else {
        notify.apiError(error);
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <form noValidate onSubmit={(event) => { event.preventDefault(); void save(); }}>
      <Stack gap="sm">
        <Group grow align="flex-start" wrap="wrap">
          <TextInput label={t('panels.sifra')} required value={form.sifra} maxLength={20} error={fieldError('sifra')}
            onChange={(event) => setForm({ ...form, sifra: event.currentTarget.value })} style={{ minWidth: 140 }} />
          <TextInput label={t('panels.naziv')} required value={form.naziv} maxLength={80} error={fieldError('naziv')}
            onChange={(event) => setForm({ ...form, naziv: event.currentTarget.value })} style={{ minWidth: 220 }} />
        </Group>
        <TagsInput label={t('panels.sinonimi')} description={t('panels.sinonimiHint')} value={form.sinonimi} error={fieldError('sinonimi')}
          onChange={(sinonimi) => setForm({ ...form, sinonimi })} clearable />
        <MultiSelect label={t('panels.testovi')} description={t('panels.testoviHint')} required searchable data={data} value={form.testovi}
          error={fieldError('testovi')} onChange={(testovi) => setForm({ ...form, testovi })} maxDropdownHeight={260} hidePickedOptions
          comboboxProps={{ withinPortal: true }} />
        <Radio.Group label={t('panels.naplata')} description={t('panels.naplataHint')} value={form.naplata}
          onChange={(naplata) => setForm({ ...form, naplata: naplata === 'panel' ? 'panel' : 'testovi' })}>
          <Stack gap={6} mt={6}>
            <Radio value="panel" label={t('panels.naplata_panel')} />
            <Radio value="testovi" label={t('panels.naplata_testovi')} />
          </Stack>
        </Radio.Group>
        <NumberInput label={t('panels.price')} value={form.price} min={0} max={100_000} decimalScale={2} fixedDecimalScale
          decimalSeparator={currentLanguage() === 'en' ? '.' : ','} suffix=" KM" disabled={form.naplata !== 'panel'} error={fieldError('price')}
          onChange={(price) => setForm({ ...form, price })} maw={220} />
        <Group justify="flex-end" gap="sm" mt="sm">
          <Button variant="default" onClick={onCancel}>{t('common.cancel')}</Button>
          <Button type="submit" loading={saving}>{t('common.save')}</Button>
        </Group>
      </Stack>
    </form>
  );
}
