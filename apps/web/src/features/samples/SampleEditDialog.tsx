/**
 * The sample edit dialog: the sample's clinical flags,
 * referral and tests, with the picker to add tests and the removal rules of a
 * saved sample ('Test nije moguće ukloniti!', the last-test message).
 * POST /api/uzorci/update answers 'Uzorak uspješno izmijenjen!' or the
 * failure 'Greška prilikom izmjene uzorka!'. An ODOBREN or VERIFICIRAN sample
 * (or a read-only user) sees it without save or confirm buttons.
 */
import { useMemo, useState } from 'react';
import { Alert, Badge, Button, Collapse, Divider, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconChevronDown, IconChevronRight, IconLock } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { passedStabilities, sampleStatusLabelKey } from '@lis/domain';
import { ApiError } from '../../api/client.ts';
import { AppDialog } from '../../components/AppDialog.tsx';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { notify } from '../../components/notify.tsx';
import { serverMessage, messageText } from '../../i18n/index.ts';
import { useActiveSession } from '../auth/index.ts';
import { type PickerTest, type SampleAnswer, pickerTests, sampleKeys, showSample, updateSample } from './api.ts';
import { useSampleTypes } from './sample-types.ts';
import { formatDateTime } from '../../lib/date-time.ts';
import { requestedTests, selectionFromSample } from './picker-selection.ts';
import { useTestSelection } from './use-test-selection.ts';
import { SampleFields, type SampleFlags } from './SampleFields.tsx';
import { SelectedTests, TestPicker } from './TestPicker.tsx';
import classes from '../../components/sample-code.module.css';
import { READABLE_ALERT_STYLES, READABLE_BADGE_TEXT } from '../../components/readable.ts';
import { patientName } from '../../lib/patient-name.ts';
import { useAssayName } from '../../lib/catalogue-name.ts';

interface SampleEditDialogProps {
  /** The sample to show; null keeps the dialog closed. */
  sampleId: string | null;
  onClose: () => void;
}

export function SampleEditDialog({ sampleId, onClose }: SampleEditDialogProps) {
  const { t } = useTranslation();
  const sample = useQuery({
    queryKey: sampleKeys.show(sampleId ?? ''),
    queryFn: ({ signal }) => showSample(sampleId!, signal),
    enabled: sampleId !== null,
    staleTime: 0,
  });
  const code = sample.data?.uzorak.code ?? '';
  return (
    <AppDialog opened={sampleId !== null} onClose={onClose} title={code ? t('samples.editTitle', { code }) : t('samples.view')} size="xl">
      {sample.data && sample.data.uzorak._id === sampleId ? (
        <EditForm key={sample.data.uzorak.updated_at} answer={sample.data} onClose={onClose} />
      ) : sample.isError ? (
        <Alert styles={READABLE_ALERT_STYLES} color="red">{t('samples.loadFailed')}</Alert>
      ) : (
        <Stack gap="sm" aria-busy>
          <Skeleton h={24} w="40%" />
          <Skeleton h={36} />
          <Skeleton h={160} />
        </Stack>
      )}
    </AppDialog>
  );
}

function EditForm({ answer, onClose }: { answer: SampleAnswer; onClose: () => void }) {
  const { t } = useTranslation();
  const session = useActiveSession();
  const queryClient = useQueryClient();
  const { uzorak } = answer;
  const editable = session.can('samples.write') && uzorak.actions.includes('edit');
  const [flags, setFlags] = useState<SampleFlags>({
    trudnica: uzorak.trudnica, menopauza: uzorak.menopauza, anticoag: uzorak.anticoag, menstc: uzorak.menstc,
    lokacija: uzorak.lokacija.lokacija, doktor: uzorak.doktor, partner: uzorak.partner?._id ?? null,
  });
  const [adding, setAdding] = useState(false);
  const [saving, setSaving] = useState(false);

  const picker = useQuery({
    queryKey: sampleKeys.picker(uzorak.pid, flags.trudnica, flags.menopauza, flags.partner),
    queryFn: ({ signal }) => pickerTests(uzorak.pid, { trudnica: flags.trudnica, menopauza: flags.menopauza, partner: flags.partner }, signal),
    enabled: editable,
    placeholderData: (previous) => previous,
  });
  const tests = useMemo(() => picker.data?.testovi ?? [], [picker.data]);
  const { selection, info, toggle } = useTestSelection(tests, 'edit', () => selectionFromSample(answer), uzorak.tests);
  const stabilityWarnings = useStabilityWarnings(tests, selection.map((item) => item.labassay), answer);

  const save = async () => {
    setSaving(true);
    try {
      await updateSample({ sid: uzorak._id, testovi: requestedTests(selection), ...flags });
      notify.success(messageText('sample.updated'));
      await queryClient.invalidateQueries({ queryKey: sampleKeys.all });
      onClose();
    } catch (error) {
      const failed = messageText('sample.updateFailed');
      const detail = error instanceof ApiError && error.code !== 'sample.updateFailed' ? serverMessage(error) : null;
      notify.error(detail ?? failed, detail ? { title: failed } : {});
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="md">
      <Group gap="sm" wrap="wrap">
        <Text className={classes.code} fw={700} size="lg">{uzorak.code}</Text>
        <StatusBadge status={uzorak.status} />
        {uzorak.hitan ? <Badge color="orange" variant="light" c={READABLE_BADGE_TEXT}>{t('samples.urgent')}</Badge> : null}
        <Text size="sm" c="dimmed">{formatDateTime(uzorak.datum)}</Text>
        <Text size="sm" c="dimmed">{patientName(uzorak.patient)}</Text>
      </Group>
      {!uzorak.actions.includes('edit') ? (
        <Alert styles={READABLE_ALERT_STYLES} color="gray" variant="light" icon={<IconLock size={18} aria-hidden />}>
          {t('samples.readOnlySample', { status: t(sampleStatusLabelKey(uzorak.status)) })}
        </Alert>
      ) : null}
      <SampleFields flags={flags} onChange={setFlags} spol={uzorak.patient.spol} mjesta={session.site.mjesta} readOnly={!editable} confirmPartnerChange />
      <Divider label={t('samples.selected')} labelPosition="left" />
      <SelectedTests selection={selection} info={info} onRemove={editable ? toggle : undefined} />
      {stabilityWarnings.length > 0 ? (
        <Alert styles={READABLE_ALERT_STYLES} color="orange" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title={t('samples.stabilityPassedTitle')}>
          <Stack gap={4}>
            {stabilityWarnings.map((warning) => <Text key={warning.labassayId} size="sm">{warning.text}</Text>)}
          </Stack>
        </Alert>
      ) : null}
      {editable ? (
        <>
          <Button
            variant="subtle"
            justify="flex-start"
            leftSection={adding ? <IconChevronDown size={16} aria-hidden /> : <IconChevronRight size={16} aria-hidden />}
            aria-expanded={adding}
            onClick={() => setAdding((open) => !open)}
            w="fit-content"
          >
            {t('samples.addTests')}
          </Button>
          <Collapse expanded={adding}>
            <TestPicker
              tests={tests}
              sekcije={picker.data?.sekcije ?? []}
              selection={selection}
              info={info}
              loading={picker.isPending}
              onToggle={(test) => toggle(test._id)}
            />
          </Collapse>
        </>
      ) : null}
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onClose}>{t('common.close')}</Button>
        {editable ? (
          <Button onClick={() => void save()} loading={saving} disabled={selection.length === 0}>{t('common.save')}</Button>
        ) : null}
      </Group>
    </Stack>
  );
}

/**
 * The tests being added to this sample (not on it yet) that its age has put past their stability in its sample
 * type, each as a sentence: the person may still add them, but should know the result may not be reliable.
 */
function useStabilityWarnings(tests: readonly PickerTest[], chosen: readonly string[], answer: SampleAnswer): { labassayId: string; text: string }[] {
  const { t } = useTranslation();
  const nameOf = useAssayName();
  const types = useSampleTypes();
  const { uzorak } = answer;
  return useMemo(() => {
    const onSample = new Set(uzorak.tests.map((test) => test.labassay));
    const added = chosen.filter((id) => !onSample.has(id));
    if (added.length === 0) return [];
    const typeName = new Map(types.tipovi.map((tip) => [tip._id, tip.naziv]));
    const byId = new Map(tests.map((test) => [test._id, test]));
    const stabilities = added.flatMap((id) => (byId.get(id)?.stabilnost ?? []).flatMap((entry) => {
      const sampleType = entry.uzorak === null ? null : typeName.get(entry.uzorak);
      return sampleType === undefined ? [] : [{ labassayId: id, sampleType, hours: entry.sati }];
    }));
    const sample = { sampleType: uzorak.type.trim() === '' ? null : uzorak.type, collectedAt: new Date(uzorak.datum) };
    return passedStabilities(added, stabilities, sample, new Date()).map((passed) => {
      const test = byId.get(passed.labassayId);
      return {
        labassayId: passed.labassayId,
        text: t('samples.stabilityPassed', { test: test ? nameOf(test) : passed.labassayId, age: passed.ageHours, hours: passed.hours }),
      };
    });
  }, [chosen, tests, types.tipovi, uzorak, t, nameOf]);
}
