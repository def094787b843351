/**
 * 'Sačuvaj više uzoraka': copies this sample's saved results into the
 * patient's other samples of the day that have the same assays (see
 * multi-sample.ts). The button shows only when such a sample exists; while
 * this sample has unsaved changes it waits for them to be saved, so what is
 * copied is what this sample holds. The dialog lists each sample with what
 * would change; the person ticks the samples to fill. A target that was
 * verified and unlocked asks for the reason of the change, once for all.
 */
import { useState } from 'react';
import { Alert, Button, Checkbox, Group, List, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isSampleLocked } from '@lis/domain';
import { ApiError } from '../../api/client.ts';
import { AppDialog } from '../../components/AppDialog.tsx';
import { notify } from '../../components/notify.tsx';
import { READABLE_ALERT_STYLES } from '../../components/readable.ts';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { serverMessage } from '../../i18n/index.ts';
import { formatDay } from '../../lib/date-time.ts';
import { useAssayName } from '../../lib/catalogue-name.ts';
import { type ResultsShowAnswer, patientSamplesOfDay, resultKeys, saveResults, showResults } from './api.ts';
import { type TargetPlan, planEntries, planTarget, sourceValues } from './multi-sample.ts';
import { ReasonDialog } from './ReasonDialog.tsx';
import { type Drafts, changedResults } from './result-values.ts';

interface MultiSampleSaveProps {
  answer: ResultsShowAnswer;
  drafts: Drafts;
  /** The day (YYYY-MM-DD) whose samples of the patient are offered. */
  day: string;
}

export function MultiSampleSave({ answer, drafts, day }: MultiSampleSaveProps) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const { uzorak } = answer;
  const samples = useQuery({
    queryKey: resultKeys.patientDay(uzorak.pid, day),
    queryFn: ({ signal }) => patientSamplesOfDay(uzorak.pid, day, signal),
  });
  const others = (samples.data ?? []).filter((sample) => sample._id !== uzorak._id && !isSampleLocked(sample.status));
  const targets = useQueries({
    queries: others.map((sample) => ({
      queryKey: resultKeys.show(sample._id),
      queryFn: ({ signal }: { signal: AbortSignal }) => showResults(sample._id, signal),
    })),
  });
  const source = sourceValues(answer.tests);
  const plans = targets.flatMap((target) => (target.data ? [planTarget(source, target.data)] : []))
    .filter((plan) => plan.shared > 0 && !plan.locked);
  if (plans.length === 0) return null;

  const dirty = changedResults(answer.tests, drafts).length > 0;
  return (
    <>
      <Tooltip label={t('results.saveFirst')} disabled={!dirty}>
        <Button
          variant="default"
          size="sm"
          leftSection={<IconCopy size={16} aria-hidden />}
          data-disabled={dirty || undefined}
          aria-disabled={dirty || undefined}
          onClick={(event) => {
            if (dirty) event.preventDefault();
            else setOpened(true);
          }}
        >
          {t('results.multi')}
        </Button>
      </Tooltip>
      {opened ? <MultiSampleDialog code={uzorak.code} day={day} plans={plans} onClose={() => setOpened(false)} /> : null}
    </>
  );
}

interface Failure {
  sid: string;
  code: string;
  message: string;
}

function MultiSampleDialog({ code, day, plans, onClose }: { code: string; day: string; plans: TargetPlan[]; onClose: () => void }) {
  const { t } = useTranslation();
  const nameOf = useAssayName();
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const [failures, setFailures] = useState<Failure[]>([]);
  const [needReason, setNeedReason] = useState<TargetPlan[]>([]);
  const selected = plans.filter((plan) => chosen.has(plan.sid) && plan.changes.length > 0);

  const toggle = (sid: string, on: boolean) => setChosen((current) => {
    const next = new Set(current);
    if (on) next.add(sid);
    else next.delete(sid);
    return next;
  });

  /** Saves each plan with its own version; answers the plans that need a reason and the failures. */
  const saveAll = async (targets: readonly TargetPlan[], razlog?: string) => {
    const reasonNeeded: TargetPlan[] = [];
    const failed: Failure[] = [];
    let saved = 0;
    for (const plan of targets) {
      try {
        await saveResults({ sid: plan.sid, version: plan.version, rezultati: planEntries(plan), ...(razlog ? { razlog } : {}) });
        saved += 1;
      } catch (error) {
        if (!razlog && error instanceof ApiError && error.code === 'results.reasonRequired') reasonNeeded.push(plan);
        else failed.push({ sid: plan.sid, code: plan.code, message: error instanceof ApiError ? serverMessage(error) : String(error) });
      }
    }
    await Promise.all(targets.map((plan) => queryClient.invalidateQueries({ queryKey: resultKeys.sample(plan.sid) })));
    if (saved > 0) notify.success(t('results.multiSaved', { n: saved }));
    return { reasonNeeded, failed };
  };

  const confirm = async () => {
    if (busy || selected.length === 0) return;
    setBusy(true);
    try {
      const outcome = await saveAll(selected);
      setFailures(outcome.failed);
      setNeedReason(outcome.reasonNeeded);
      // What went through is no longer chosen; what failed stays ticked for another try.
      setChosen(new Set([...outcome.failed.map((failure) => failure.sid), ...outcome.reasonNeeded.map((plan) => plan.sid)]));
      if (outcome.failed.length === 0 && outcome.reasonNeeded.length === 0) onClose();
    } finally {
      setBusy(false);
    }
  };

  return (
    <AppDialog opened onClose={() => { if (!busy) onClose(); }} title={t('results.multiTitle')} size="xl">
      <Stack gap="md">
        <Text size="sm">{t('results.multiIntro', { date: formatDay(day) })}</Text>
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="xs" aria-label={t('results.multiTitle')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40} />
                <Table.Th>{t('results.multiSample')}</Table.Th>
                <Table.Th>{t('results.status')}</Table.Th>
                <Table.Th>{t('results.multiChanges')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              <Table.Tr>
                <Table.Td />
                <Table.Td><Text ff="monospace" fw={600} size="sm">{code}</Text><Text size="xs" c="dimmed">{t('results.multiThis')}</Text></Table.Td>
                <Table.Td />
                <Table.Td />
              </Table.Tr>
              {plans.map((plan) => (
                <Table.Tr key={plan.sid}>
                  <Table.Td>
                    <Checkbox
                      aria-label={t('results.multiSaveTo', { code: plan.code })}
                      checked={chosen.has(plan.sid)}
                      disabled={plan.changes.length === 0 || busy}
                      onChange={(event) => toggle(plan.sid, event.currentTarget.checked)}
                    />
                  </Table.Td>
                  <Table.Td><Text ff="monospace" fw={600} size="sm">{plan.code}</Text></Table.Td>
                  <Table.Td><StatusBadge status={plan.status} /></Table.Td>
                  <Table.Td>
                    {plan.changes.length === 0 ? <Text size="sm" c="dimmed">{t('results.multiNone')}</Text> : (
                      <List size="sm" spacing={0}>
                        {plan.changes.map((change) => (
                          <List.Item key={change.test}>
                            {t('results.multiChange', { analit: nameOf(change), from: change.from ?? t('results.noResult'), to: change.to })}
                          </List.Item>
                        ))}
                      </List>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {failures.length > 0 ? (
          <Alert styles={READABLE_ALERT_STYLES} color="red" role="alert">
            <List size="sm">
              {failures.map((failure) => <List.Item key={failure.sid}>{t('results.multiFailed', { code: failure.code, message: failure.message })}</List.Item>)}
            </List>
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy}>{t('common.cancel')}</Button>
          <Button onClick={() => void confirm()} loading={busy} disabled={selected.length === 0}>
            {t('results.multiConfirm', { n: selected.length })}
          </Button>
        </Group>
      </Stack>
      <ReasonDialog
        opened={needReason.length > 0}
        title={t('results.reasonTitle')}
        intro={t('results.reasonIntro')}
        onClose={() => setNeedReason([])}
        onConfirm={async (razlog) => {
          const outcome = await saveAll(needReason, razlog);
          setNeedReason([]);
          setFailures((current) => [...current, ...outcome.failed]);
          if (outcome.failed.length === 0 && failures.length === 0) onClose();
        }}
      />
    </AppDialog>
  );
}
