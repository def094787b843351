/**
 * /postavke/refleksni-testovi: the site's reflex rules. Each rule: when a saved result of a test meets a condition
 * (above, below or outside its reference range by its flag, beyond a cut-off of its own, or any abnormal flag), the
 * server adds another test to the same sample, free of charge or charged. Rules are added and edited in the form
 * above the list and switched off in the list (never deleted: the tests they added name them); every change is
 * audited by the server.
 */
import { useState } from 'react';
import {
  Alert, Badge, Button, Card, Group, NumberInput, Select, SegmentedControl, Skeleton, Stack, Switch, Table, Text, Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { REFLEX_CONDITIONS, type ReflexCharge, type ReflexCondition, type ReflexRuleAnswer } from '@lis/domain';
import { notify } from '../../components/notify.tsx';
import { READABLE_ALERT_STYLES } from '../../components/readable.ts';
import { useLanguage } from '../../i18n/index.ts';
import { assayName } from '../../lib/catalogue-name.ts';
import { SettingsHeader } from '../postavke/index.ts';
import { readReflexRules, reflexKeys, saveReflexRule } from './api.ts';

interface RuleForm {
  _id: string | null;
  trigger: string | null;
  condition: ReflexCondition;
  value: number | null;
  add: string | null;
  charge: ReflexCharge;
  active: boolean;
}

const EMPTY: RuleForm = { _id: null, trigger: null, condition: 'above-range', value: null, add: null, charge: 'free', active: true };
const needsValue = (condition: ReflexCondition) => condition === 'above' || condition === 'below';

export function ReflexRulesScreen() {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: reflexKeys.all, queryFn: ({ signal }) => readReflexRules(signal) });
  const [form, setForm] = useState<RuleForm>(EMPTY);
  const [busy, setBusy] = useState<string | null>(null);

  if (query.isPending) return <Skeleton h={300} />;
  const data = query.data;
  if (!data) return <Alert color="red" styles={READABLE_ALERT_STYLES}>{t('postavke.loadFailed')}</Alert>;

  const assays = data.testovi.map((assay) => ({ value: assay._id, label: `${assay.sifra} · ${assayName(assay, language)}` }));
  const labelOf = (id: string) => assays.find((assay) => assay.value === id)?.label ?? id;
  const conditionText = (rule: Pick<ReflexRuleAnswer, 'condition' | 'value'>) =>
    `${t(`reflex.conditions.${rule.condition}`)}${needsValue(rule.condition) && rule.value !== null ? ` ${String(rule.value).replace('.', ',')}` : ''}`;

  const save = async (body: RuleForm, key: string) => {
    if (!body.trigger || !body.add) return;
    setBusy(key);
    try {
      await saveReflexRule({
        ...(body._id ? { _id: body._id } : {}), trigger: body.trigger, condition: body.condition,
        value: needsValue(body.condition) ? body.value : null, add: body.add, charge: body.charge, active: body.active,
      });
      notify.success(t('reflex.saved'));
      if (key === 'form') setForm(EMPTY);
      await queryClient.invalidateQueries({ queryKey: reflexKeys.all });
    } catch (error) {
      notify.apiError(error);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack gap="md" maw={1100}>
      <SettingsHeader title={t('reflex.title')} description={t('reflex.description')} />

      <Card withBorder component="form" onSubmit={(event) => { event.preventDefault(); void save(form, 'form'); }} data-testid="reflex-form">
        <Title order={2} size="h4">{form._id ? t('reflex.editRule') : t('reflex.newRule')}</Title>
        <Group gap="sm" mt="sm" align="flex-end" wrap="wrap">
          <Select
            label={t('reflex.trigger')} data={assays} searchable value={form.trigger} required allowDeselect={false}
            onChange={(value) => setForm({ ...form, trigger: value })} w={{ base: '100%', sm: 280 }}
          />
          <Select
            label={t('reflex.condition')} allowDeselect={false} value={form.condition} w={{ base: '100%', sm: 240 }}
            data={REFLEX_CONDITIONS.map((condition) => ({ value: condition, label: t(`reflex.conditions.${condition}`) }))}
            onChange={(value) => setForm({ ...form, condition: (value ?? 'above-range') })}
          />
          {needsValue(form.condition) ? (
            <NumberInput
              label={t('reflex.value')} value={form.value ?? ''} decimalSeparator="," allowDecimal required w={{ base: '100%', sm: 150 }}
              onChange={(value) => setForm({ ...form, value: typeof value === 'number' ? value : null })}
            />
          ) : null}
          <Select
            label={t('reflex.add')} data={assays.filter((assay) => assay.value !== form.trigger)} searchable value={form.add} required allowDeselect={false}
            onChange={(value) => setForm({ ...form, add: value })} w={{ base: '100%', sm: 280 }}
          />
        </Group>
        <Group gap="md" mt="sm" align="center" wrap="wrap">
          <SegmentedControl
            aria-label={t('reflex.charge')} value={form.charge}
            data={[{ value: 'free', label: t('reflex.charges.free') }, { value: 'charged', label: t('reflex.charges.charged') }]}
            onChange={(value) => setForm({ ...form, charge: value })}
          />
          <Switch label={t('reflex.active')} checked={form.active} onChange={(event) => setForm({ ...form, active: event.currentTarget.checked })} />
          <Group gap="xs" ml="auto">
            {form._id ? <Button variant="default" onClick={() => setForm(EMPTY)}>{t('reflex.cancel')}</Button> : null}
            <Button type="submit" loading={busy === 'form'} disabled={!form.trigger || !form.add || (needsValue(form.condition) && form.value === null)}>{t('reflex.save')}</Button>
          </Group>
        </Group>
      </Card>

      <Card withBorder>
        <Title order={2} size="h4">{t('reflex.rules')}</Title>
        {data.pravila.length === 0 ? <Text mt="xs">{t('reflex.noRules')}</Text> : (
          <Table.ScrollContainer minWidth={640} mt="sm">
            <Table striped withTableBorder data-testid="reflex-rules">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('reflex.trigger')}</Table.Th><Table.Th>{t('reflex.condition')}</Table.Th><Table.Th>{t('reflex.add')}</Table.Th>
                  <Table.Th>{t('reflex.charge')}</Table.Th><Table.Th>{t('reflex.active')}</Table.Th><Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.pravila.map((rule) => (
                  <Table.Tr key={rule._id} data-testid="reflex-rule">
                    <Table.Td>{labelOf(rule.trigger)}</Table.Td>
                    <Table.Td>{conditionText(rule)}</Table.Td>
                    <Table.Td>{labelOf(rule.add)}</Table.Td>
                    <Table.Td>{t(`reflex.charges.${rule.charge}`)}</Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Switch
                          aria-label={t('reflex.active')} checked={rule.active} disabled={busy === rule._id}
                          onChange={(event) => void save({ ...rule, active: event.currentTarget.checked }, rule._id)}
                        />
                        {rule.active ? null : <Badge color="gray" variant="light">{t('reflex.switchedOff')}</Badge>}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Button size="xs" variant="subtle" onClick={() => setForm({ ...rule })}>{t('reflex.edit')}</Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
    </Stack>
  );
}
