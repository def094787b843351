/**
 * The status actions of one sample, the same on the result entry screen and
 * in a row of the processing list: approve (check), remove the approval
 * (undo), verify, and unlock (remove the verification, with a reason).
 *
 * Each action first reads the sample again (GET rezultati/{sid}), so it acts
 * on the status and results of now, not of when the screen was drawn: an
 * action the new status no longer allows is not sent, and verification asks
 * who was told whenever a result is critical now. The server checks all of
 * it again and its refusal is shown as it comes.
 *
 *   const actions = useStatusActions({ sid, code, onDone: refresh });
 *   <Button onClick={() => void actions.run('check')} loading={actions.busy === 'check'}>…
 *   {actions.dialogs}
 */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type Obavijesten, hasCriticalResult, sampleStatusLabelKey } from '@lis/domain';
import { ApiError } from '../../api/client.ts';
import { notify } from '../../components/notify.tsx';
import {
  type ResultsShowAnswer, approveSample, resultKeys, showResults, unapproveSample, unverifySample, verifySample,
} from './api.ts';
import { ReasonDialog } from './ReasonDialog.tsx';
import type { StatusAction } from './result-rights.ts';
import { VerifyDialog } from './VerifyDialog.tsx';

interface StatusActionsOptions {
  sid: string;
  code: string;
  /** The list row already knows the sample has a critical value: ask who was told even if the reload says otherwise. */
  kriticni?: boolean;
  /** After an action changed the sample (and the sample's queries were refreshed). */
  onDone?: () => void;
}

export interface StatusActions {
  run: (action: StatusAction) => Promise<void>;
  /** The action being sent, or whose reload is under way. */
  busy: StatusAction | null;
  /** The verification and unlock dialogs; render them once beside the buttons. */
  dialogs: React.ReactNode;
}

export function useStatusActions({ sid, code, kriticni = false, onDone }: StatusActionsOptions): StatusActions {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<StatusAction | null>(null);
  // Each verification mounts a fresh dialog (key), so its time starts at "now" again.
  const [verifying, setVerifying] = useState<{ answer: ResultsShowAnswer; key: number } | null>(null);
  const [unlocking, setUnlocking] = useState(false);

  const reload = () => queryClient.fetchQuery({
    queryKey: resultKeys.show(sid),
    queryFn: ({ signal }) => showResults(sid, signal),
    staleTime: 0,
  });

  const changed = async (done: string) => {
    notify.success(done);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: resultKeys.sample(sid) }),
      // The sample lists show the status too.
      queryClient.invalidateQueries({ queryKey: ['samples'] }),
    ]);
    onDone?.();
  };

  const verify = async (obavijesten?: Obavijesten) => {
    await verifySample({ sid, ...(obavijesten ? { obavijesten } : {}) });
    await changed(t('results.verified'));
  };

  const run = async (action: StatusAction) => {
    if (busy) return;
    setBusy(action);
    try {
      const answer = await reload();
      if (!answer.actions.includes(action)) {
        notify.warning(t('results.notAllowedNow', { status: t(sampleStatusLabelKey(answer.status)) }));
        onDone?.();
        return;
      }
      if (action === 'check') {
        await approveSample(sid);
        await changed(t('results.approved'));
      } else if (action === 'undo') {
        await unapproveSample(sid);
        await changed(t('results.unapproved'));
      } else if (action === 'unlock') {
        setUnlocking(true);
      } else if (kriticni || hasCriticalResult(answer.tests.map((test) => test.flag))) {
        setVerifying({ answer, key: Date.now() });
      } else {
        try {
          await verify();
        } catch (error) {
          // A result became critical after the reload: the server asks who was told.
          if (!(error instanceof ApiError && error.code === 'results.notifiedRequired')) throw error;
          setVerifying({ answer: await reload(), key: Date.now() });
        }
      }
    } catch (error) {
      notify.apiError(error);
    } finally {
      setBusy(null);
    }
  };

  const reportFailure = (error: unknown): never => {
    notify.apiError(error);
    throw error;
  };

  const dialogs = (
    <>
      {verifying ? (
        <VerifyDialog
          key={verifying.key}
          opened
          code={code}
          status={verifying.answer.status}
          tests={verifying.answer.tests}
          onClose={() => setVerifying(null)}
          onConfirm={(obavijesten) => verify(obavijesten).catch(reportFailure)}
        />
      ) : null}
      <ReasonDialog
        opened={unlocking}
        title={t('results.unlockTitle', { code })}
        intro={t('results.unlockIntro')}
        onClose={() => setUnlocking(false)}
        onConfirm={async (razlog) => {
          try {
            await unverifySample({ sid, razlog });
          } catch (error) {
            reportFailure(error);
          }
          await changed(t('results.unlocked'));
        }}
      />
    </>
  );

  return { run, busy, dialogs };
}
