/**
 * The Westgard rules in force for each test of a lot, and the test's allowable total error (TEa, %), which the
 * chart's Sigma needs. A test without rules of its own is judged by all six (the classic multirule). Rules
 * and TEa belong to the test at the site, so every lot of the test shares them.
 */
import { useState } from 'react';
import { Button, Checkbox, Group, NumberInput, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DEFAULT_WESTGARD_RULES, WESTGARD_RULES, type WestgardRule } from '@lis/domain';
import { notify } from '../../components/notify.tsx';
import { useLanguage } from '../../i18n/index.ts';
import { decimalMark } from '../../lib/format.ts';
import { useActiveSession } from '../auth/index.ts';
import { type AssayRules, qcKeys, rules, saveRules } from './api.ts';

export function RulesPanel({ assays }: { assays: { labassay: string; naziv: string }[] }) {
  const { t } = useTranslation();
  const session = useActiveSession();
  const stored = useQuery({ queryKey: qcKeys.rules(session.siteId), queryFn: ({ signal }) => rules(signal) });
  if (assays.length === 0) return null;
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4">{t('qc.rulesTitle')}</Title>
      <Text size="sm" c="dimmed" mb="sm">{t('qc.rulesHint')}</Text>
      <Stack gap="md">
        {stored.data ? assays.map((assay) => (
          <AssayRulesForm key={assay.labassay} assay={assay} stored={stored.data.pravila.find((row) => row.labassay === assay.labassay) ?? null} />
        )) : null}
      </Stack>
    </Paper>
  );
}

function AssayRulesForm({ assay, stored }: { assay: { labassay: string; naziv: string }; stored: AssayRules | null }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<string[]>(stored ? stored.pravila : [...DEFAULT_WESTGARD_RULES]);
  const [tea, setTea] = useState<number | string>(stored?.tea ?? '');
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    try {
      await saveRules(assay.labassay, chosen as WestgardRule[], tea === '' ? null : Number(tea));
      notify.success(t('qc.rulesSaved', { assay: assay.naziv }));
      await queryClient.invalidateQueries({ queryKey: qcKeys.all });
    } catch (error) {
      notify.apiError(error);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Group align="flex-end" gap="md" wrap="wrap">
      <Checkbox.Group label={assay.naziv} value={chosen} onChange={setChosen}>
        <Group gap="sm" mt={6}>
          {WESTGARD_RULES.map((rule) => <Checkbox key={rule} value={rule} label={rule} />)}
        </Group>
      </Checkbox.Group>
      <NumberInput label={t('qc.tea')} value={tea} onChange={setTea} min={0} max={100} decimalSeparator={decimalMark(language)} w={120} hideControls />
      <Button variant="light" onClick={() => void save()} loading={saving}>{t('qc.saveRules')}</Button>
    </Group>
  );
}
