/**
 * The tools beside one result of the result screen, each only when the
 * sample's status allows it (`actions` of the answer) and the user may enter
 * results:
 * - a pending retest: its mark with the reason;
 * - retest: takes an entered result back for a retest, asking the reason
 *   (POST /rezultati/retest); the earlier value stays until the retest's
 *   value is saved;
 * - erase: a negative or positive (qualitative) result of a ZAPRIMLJEN sample
 *   is reset by a double-click on the erase icon (a single click only says
 *   so), saved at once as a cleared result.
 */
import { useState } from 'react';
import { ActionIcon, Badge, Group, Tooltip } from '@mantine/core';
import { IconEraser, IconRepeat } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { hasResult, resultContracts } from '@lis/domain';
import { call } from '../../api/client.ts';
import { notify } from '../../components/notify.tsx';
import { READABLE_BADGE_TEXT } from '../../components/readable.ts';
import { useAssayName } from '../../lib/catalogue-name.ts';
import type { ResultTest, ResultsShowAnswer } from './api.ts';
import { ReasonDialog } from './ReasonDialog.tsx';
import { awaitsRetest } from './retest.ts';

interface ResultRowToolsProps {
  answer: ResultsShowAnswer;
  test: ResultTest;
  /** The user may enter results (and so retest and erase them). */
  canEnter: boolean;
  /** After a change: reload the sample. */
  onChanged: () => Promise<unknown>;
}

export function ResultRowTools({ answer, test, canEnter, onChanged }: ResultRowToolsProps) {
  const { t } = useTranslation();
  const naziv = useAssayName()(test);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const sid = answer.uzorak._id;
  const pending = awaitsRetest(test);
  const offersRetest = canEnter && answer.actions.includes('retest') && !test.calculated && !pending && hasResult(test.rezultat);
  const offersErase = canEnter && answer.actions.includes('erase') && test.vrsta === 'qualitative' && hasResult(test.rezultat);

  const erase = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await call(resultContracts.save, { body: { sid, version: answer.version, rezultati: [{ test: test._id, rezultat: '' }] } });
      await onChanged();
      notify.success(t('results.erased', { naziv }));
    } catch (error) {
      notify.apiError(error);
    } finally {
      setBusy(false);
    }
  };

  if (!pending && !offersRetest && !offersErase) return null;
  return (
    <Group gap={2} wrap="nowrap">
      {pending ? (
        <Tooltip label={t('results.retestPending', { razlog: test.retest ?? '' })} multiline w={260} openDelay={200}>
          <Badge variant="outline" color="orange" size="sm" c={READABLE_BADGE_TEXT} tabIndex={0} data-testid={`retest-pending-${test.sifra}`}>
            {t('results.retestBadge')}
          </Badge>
        </Tooltip>
      ) : null}
      {offersRetest ? (
        <Tooltip label={t('results.retest')} openDelay={300}>
          <ActionIcon variant="subtle" color="orange" aria-label={t('results.retestOf', { naziv })} onClick={() => setAsking(true)}>
            <IconRepeat size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      ) : null}
      {offersErase ? (
        <Tooltip label={t('results.eraseHint')} openDelay={200}>
          <ActionIcon
            variant="subtle"
            color="red"
            loading={busy}
            aria-label={t('results.eraseOf', { naziv })}
            // A single click (or Enter) resets nothing: the result is reset by a double-click only, as the spec asks.
            onClick={() => notify.warning(t('results.eraseHint'))}
            onDoubleClick={() => void erase()}
          >
            <IconEraser size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      ) : null}
      <ReasonDialog
        opened={asking}
        title={t('results.retestTitle', { naziv })}
        intro={t('results.retestIntro', { value: test.rezultat ?? '' })}
        onClose={() => setAsking(false)}
        onConfirm={async (razlog) => {
          try {
            await call(resultContracts.retest, { body: { sid, version: answer.version, test: test._id, razlog } });
          } catch (error) {
            notify.apiError(error);
            throw error;
          }
          await onChanged();
          notify.success(t('results.retestMarked', { naziv }));
        }}
      />
    </Group>
  );
}
