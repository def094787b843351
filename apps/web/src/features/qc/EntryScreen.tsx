/**
 * /kontrole/unos: control results of one lot measured together. The control widget picks the lot, the
 * time measured and the mode: Multi takes every level of every test at once; Single one level (chosen)
 * of each test. Enter moves from value to value and saves after the last. The answer shows each test's
 * run as judged by the Westgard rules: accepted, warning (1-2s) or rejected with the rules named; a
 * rejected run holds the test's patient results (see /kontrole/charts for the corrective action).
 */
import { type FormEvent, useEffect, useState } from 'react';
import { Alert, Badge, Button, Group, Paper, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { IconAlertTriangle, IconCalendar, IconTestPipe } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CONTROL_MODES, type ControlMode } from '@lis/domain';
import { EmptyState } from '../../components/EmptyState.tsx';
import { moveOnEnter } from '../../components/enter-navigation.ts';
import { notify } from '../../components/notify.tsx';
import { READABLE_BADGE_TEXT } from '../../components/readable.ts';
import { useLanguage } from '../../i18n/index.ts';
import { fromSiteWallClock, toSiteWallClock } from '../../lib/date-time.ts';
import { assayName } from '../../lib/catalogue-name.ts';
import { useActiveSession } from '../auth/index.ts';
import { type EntryRun, allControls, definition, enterResults, qcKeys } from './api.ts';
import { ControlSelect } from './ControlWidget.tsx';
import { STATUS_COLORS, figure } from './format.ts';

const PICKER_FORMAT = 'DD.MM.YYYY HH:mm';

export function EntryScreen() {
  const { t } = useTranslation();
  const language = useLanguage();
  const session = useActiveSession();
  const queryClient = useQueryClient();
  const [kontrola, setKontrola] = useState<string | null>(null);
  const [measured, setMeasured] = useState<string | null>(() => toSiteWallClock(new Date()));
  const [mode, setMode] = useState<ControlMode>('Multi');
  const [singleLevel, setSingleLevel] = useState<string | null>(null);
  const [values, setValues] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [judged, setJudged] = useState<EntryRun[]>([]);
  const lot = useQuery({
    queryKey: qcKeys.definition(session.siteId, kontrola ?? ''), queryFn: ({ signal }) => definition(kontrola ?? '', signal), enabled: kontrola !== null,
  });
  // The same query as the control selector's (one cache entry): with no control defined there is nothing to enter.
  const controls = useQuery({ queryKey: qcKeys.controls(session.siteId), queryFn: ({ signal }) => allControls(signal) });
  const noControls = controls.data !== undefined && controls.data.data.length === 0;
  const targets = lot.data?.kontrola.ciljevi ?? [];
  const levels = [...new Set(targets.map((target) => target.nivo))].sort((a, b) => a - b);
  const level = singleLevel ?? String(levels[0] ?? 1);
  const shown = mode === 'Multi' ? targets : targets.filter((target) => String(target.nivo) === level);

  // A lot opens in the mode its definition sets; the values typed for another lot are dropped.
  const lotMode = lot.data?.kontrola.mod;
  useEffect(() => {
    if (lotMode) setMode(lotMode);
    setValues({});
    setJudged([]);
  }, [kontrola, lotMode]);

  const keyOf = (labassay: string, nivo: number) => `${labassay}:${nivo}`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!kontrola) return;
    const vrijednosti = shown
      .map((target) => ({ labassay: target.labassay, nivo: target.nivo, vrijednost: (values[keyOf(target.labassay, target.nivo)] ?? '').trim() }))
      .filter((entry) => entry.vrijednost !== '');
    if (vrijednosti.length === 0) {
      notify.warning(t('qc.enterSome'));
      return;
    }
    const at = measured ? fromSiteWallClock(measured) : null;
    setSaving(true);
    try {
      const answer = await enterResults({ kontrola, mod: mode, ...(at ? { izmjereno: at.toISOString() } : {}), vrijednosti });
      setJudged(answer.serije);
      setValues({});
      // The next run starts at the first value again.
      document.querySelector<HTMLInputElement>(`[data-enter-next="${keyOf(shown[0]!.labassay, shown[0]!.nivo)}"]`)?.focus();
      notify.success(answer.message);
      void queryClient.invalidateQueries({ queryKey: qcKeys.all });
    } catch (error) {
      notify.apiError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="lg" maw={1200} mx="auto">
      <Title order={1} size="h2">{t('qc.entryTitle')}</Title>
      {noControls ? (
        <EmptyState
          icon={<IconTestPipe size={26} />}
          title={t('qc.noControlsTitle')}
          description={t(session.can('qc.define') ? 'qc.noControlsText' : 'qc.noControlsAsk')}
          action={session.can('qc.define') ? { to: '/kontrole/definicija', label: t('qc.noControlsLink') } : undefined}
        />
      ) : (
        <Paper withBorder p="md" radius="md" component="form" onKeyDown={moveOnEnter} onSubmit={(event: FormEvent) => void submit(event)}>
          <Group align="flex-end" gap="md" wrap="wrap">
            <ControlSelect value={kontrola} onChange={setKontrola} />
            <DateTimePicker
              label={t('qc.measuredAt')} value={measured} onChange={setMeasured} locale={language} firstDayOfWeek={1} valueFormat={PICKER_FORMAT}
              maxDate={toSiteWallClock(new Date())} timePickerProps={{ format: '24h' }} popoverProps={{ withinPortal: true }}
              leftSection={<IconCalendar size={16} aria-hidden />} miw={200}
            />
            <Stack gap={2}>
              <Text size="sm" fw={500} id="qc-entry-mode">{t('qc.mode')}</Text>
              <SegmentedControl aria-labelledby="qc-entry-mode" data={CONTROL_MODES.map((value) => ({ value, label: t(`qc.mode_${value}`) }))} value={mode} onChange={setMode} />
            </Stack>
            {mode === 'Single' && levels.length > 0 ? (
              <Select label={t('qc.singleLevel')} data={levels.map(String)} value={level} onChange={setSingleLevel} allowDeselect={false} w={150} />
            ) : null}
          </Group>
          {kontrola && lot.data && targets.length === 0 ? <Alert mt="md" color="gray">{t('qc.noTargets')}</Alert> : null}
          {shown.length > 0 ? (
            <>
              <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} mt="md">
                {shown.map((target) => (
                  <TextInput
                    key={keyOf(target.labassay, target.nivo)}
                    label={t('qc.valueLabel', { assay: assayName(target, language), level: target.nivo })}
                    description={`${t('qc.target', { mean: figure(target.mean, language), sd: figure(target.sd, language) })} ${target.jedinica}`}
                    inputMode="decimal"
                    autoComplete="off"
                    data-enter-next={keyOf(target.labassay, target.nivo)}
                    value={values[keyOf(target.labassay, target.nivo)] ?? ''}
                    onChange={(event) => {
                      const text = event.currentTarget.value;
                      setValues((current) => ({ ...current, [keyOf(target.labassay, target.nivo)]: text }));
                    }}
                  />
                ))}
              </SimpleGrid>
              <Group justify="flex-end" mt="md">
                <Button type="submit" loading={saving}>{t('qc.saveRun')}</Button>
              </Group>
            </>
          ) : null}
        </Paper>
      )}
      {judged.length > 0 ? (
        <Paper withBorder p="md" radius="md" aria-live="polite">
          <Title order={2} size="h4" mb="sm">{t('qc.judged')}</Title>
          <Stack gap="xs">
            {judged.map((run) => (
              <Group key={run.serija} gap="sm" data-testid="qc-judgement">
                <Badge color={STATUS_COLORS[run.status]} variant="light" c={READABLE_BADGE_TEXT}
                  leftSection={run.status === 'odbijen' ? <IconAlertTriangle size={14} aria-hidden /> : null}>
                  {t(`qc.status_${run.status}`)}
                </Badge>
                <Text fw={500}>{assayName(run, language)}</Text>
                <Text size="sm">{run.rezultati.map((row) => `${t('qc.levelShort', { level: row.nivo })}: ${figure(row.vrijednost, language)} (z ${figure(row.z, language, 2)})`).join(' · ')}</Text>
                {run.prekrseno.length > 0 ? <Text size="sm" c={run.status === 'odbijen' ? 'red.9' : undefined}>{run.prekrseno.map((violation) => violation.rule).join(', ')}</Text> : null}
              </Group>
            ))}
          </Stack>
        </Paper>
      ) : null}
    </Stack>
  );
}
