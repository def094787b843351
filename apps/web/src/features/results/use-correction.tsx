/**
 * 'Ispravi': the correction of a verified sample in one act, for a user who
 * may unlock, enter, approve and verify. The reason is asked once, when the
 * correction starts; the screen then takes changes as it does before
 * approval, and 'Sačuvaj i verifikuj' sends them with that reason in one call
 * (POST rezultati/ispravi: unlock, approval taken back, save, approval and
 * verification in one transaction, each step audited as the separate calls
 * audit it). Until then nothing is sent: the sample and its report stay
 * verified, and cancelling leaves no trace. When a result is critical after
 * the changes, who was told is asked first, filled in from the verification
 * being corrected and editable.
 *
 *   const correction = useCorrection({ answer, rights, onCorrected, onCancel });
 *   editable = … || correction.active;  correction.button  correction.banner  correction.dialogs
 *   save: if (correction.active) correction.submit(entries)
 */
import { useState } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconEdit } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type Obavijesten, hasCriticalResult } from '@lis/domain';
import { ApiError } from '../../api/client.ts';
import { notify } from '../../components/notify.tsx';
import { READABLE_ALERT_STYLES } from '../../components/readable.ts';
import { type ResultTest, type ResultsShowAnswer, correctSample, resultKeys } from './api.ts';
import { ReasonDialog } from './ReasonDialog.tsx';
import type { ResultRights } from './result-rights.ts';
import { type ResultEntry, shownFlag } from './result-values.ts';
import { VerifyDialog } from './VerifyDialog.tsx';

interface CorrectionOptions {
  answer: ResultsShowAnswer;
  rights: ResultRights;
  /** The correction went through: these entries are now the sample's results. */
  onCorrected: (entries: readonly ResultEntry[]) => void;
  /** The correction was abandoned: the changes typed for it go. */
  onCancel: () => void;
}

export interface Correction {
  /** A correction has started (its reason is given): the results can be changed. */
  active: boolean;
  busy: boolean;
  /** 'Ispravi', where the status and the user's rights allow a correction; null elsewhere. */
  button: React.ReactNode;
  /** The line that says a correction is under way, with its reason and the way out. */
  banner: React.ReactNode;
  dialogs: React.ReactNode;
  /** Sends the changed results (asking who was told first when a result is critical). */
  submit: (entries: readonly ResultEntry[]) => void;
}

/** The tests as they will be after the correction: the typed values with the flags they will get. */
function correctedTests(tests: readonly ResultTest[], entries: readonly ResultEntry[]): ResultTest[] {
  const typed = new Map(entries.map((entry) => [entry.test, entry.rezultat ?? '']));
  return tests.map((test) => {
    const rezultat = typed.get(test._id);
    return rezultat === undefined ? test : { ...test, rezultat, flag: shownFlag(test, rezultat) };
  });
}

export function useCorrection({ answer, rights, onCorrected, onCancel }: CorrectionOptions): Correction {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [razlog, setRazlog] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  // Each acknowledgement mounts a fresh dialog (key), filled in from the verification being corrected.
  const [acknowledging, setAcknowledging] = useState<{ entries: readonly ResultEntry[]; tests: ResultTest[]; key: number } | null>(null);
  const { uzorak } = answer;
  const offered = answer.status === 'VERIFICIRAN' && answer.actions.includes('unlock')
    && rights.unverify && rights.approve && rights.save && rights.verify;
  const active = offered && razlog !== null;

  const send = async (entries: readonly ResultEntry[], obavijesten: Obavijesten | null): Promise<void> => {
    if (razlog === null) return;
    setBusy(true);
    try {
      await correctSample({ sid: uzorak._id, version: answer.version, rezultati: [...entries], razlog, obavijesten });
    } catch (error) {
      setBusy(false);
      // A result became critical in a way the screen did not see: the server asks who was told.
      if (error instanceof ApiError && error.code === 'results.notifiedRequired' && obavijesten === null) {
        setAcknowledging({ entries, tests: correctedTests(answer.tests, entries), key: Date.now() });
        return;
      }
      notify.apiError(error);
      throw error;
    }
    setBusy(false);
    setRazlog(null);
    notify.success(t('results.corrected'));
    onCorrected(entries);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: resultKeys.sample(uzorak._id) }),
      queryClient.invalidateQueries({ queryKey: ['samples'] }),
    ]);
  };

  const submit = (entries: readonly ResultEntry[]) => {
    if (busy || razlog === null) return;
    if (entries.length === 0) {
      notify.warning(t('results.nothingToSave'));
      return;
    }
    const tests = correctedTests(answer.tests, entries);
    if (hasCriticalResult(tests.map((test) => test.flag))) setAcknowledging({ entries, tests, key: Date.now() });
    else void send(entries, null).catch(() => undefined);
  };

  const cancel = () => {
    setRazlog(null);
    onCancel();
  };

  const button = offered && !active ? (
    <Button size="sm" color="grape.9" variant="filled" leftSection={<IconEdit size={16} aria-hidden />} onClick={() => setAsking(true)}>
      {t('results.correct')}
    </Button>
  ) : null;

  const banner = active ? (
    <Alert styles={READABLE_ALERT_STYLES} color="grape" title={t('results.correcting', { reason: razlog })}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t('results.correctingHint')}</Text>
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={cancel} disabled={busy}>{t('results.correctCancel')}</Button>
        </Group>
      </Stack>
    </Alert>
  ) : null;

  const dialogs = (
    <>
      <ReasonDialog
        opened={asking}
        title={t('results.correctTitle', { code: uzorak.code })}
        intro={t('results.correctIntro')}
        onClose={() => setAsking(false)}
        onConfirm={(reason) => setRazlog(reason)}
      />
      {acknowledging ? (
        <VerifyDialog
          key={acknowledging.key}
          opened
          code={uzorak.code}
          // The verification the correction ends with is from ODOBREN, after its own approval.
          status="ODOBREN"
          tests={acknowledging.tests}
          initial={answer.obavijesten}
          confirmLabel={t('results.correctSave')}
          onClose={() => setAcknowledging(null)}
          onConfirm={(obavijesten) => send(acknowledging.entries, obavijesten)}
        />
      ) : null}
    </>
  );

  return { active, busy, button, banner, dialogs, submit };
}
