/**
 * The status action icons of a sample row (processing list): check (approve),
 * undo (remove approval), verify, unlock (remove verification), each only
 * when the sample's status allows it (allowedSampleActions) and the user
 * holds its permission, with the same dialogs as the result entry screen:
 * verify asks who was told when a result is critical, unlock asks the reason.
 * A sample still waiting for results shows the check icon disabled, saying so.
 */
import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconArrowBackUp, IconCheck, IconLockOpen, IconRosetteDiscountCheck, type Icon } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type SampleStatus, allowedSampleActions, approveRefusal } from '@lis/domain';
import type { ResultMessageKey } from './messages.ts';
import { STATUS_ACTION_ORDER, type StatusAction, offersStatusAction, useResultRights } from './result-rights.ts';
import { useStatusActions } from './use-status-actions.tsx';

export interface ResultRowActionsProps {
  sample: { _id: string; status: SampleStatus; pdf_exists: boolean; kriticni: boolean; code: string };
  /** After an action changed the sample: reload the list. */
  onChanged: () => void;
}

const ICONS: Record<StatusAction, { icon: Icon; label: ResultMessageKey; color: string }> = {
  check: { icon: IconCheck, label: 'approve', color: 'teal' },
  undo: { icon: IconArrowBackUp, label: 'unapprove', color: 'orange' },
  verify: { icon: IconRosetteDiscountCheck, label: 'verify', color: 'clinical' },
  unlock: { icon: IconLockOpen, label: 'unlock', color: 'red' },
};

export function ResultRowActions({ sample, onChanged }: ResultRowActionsProps) {
  const { t } = useTranslation();
  const rights = useResultRights();
  const actions = useStatusActions({ sid: sample._id, code: sample.code, kriticni: sample.kriticni, onDone: onChanged });
  const allowed = allowedSampleActions({ status: sample.status, pdf_exists: sample.pdf_exists });
  const offered = STATUS_ACTION_ORDER.filter((action) => offersStatusAction(action, allowed, rights));
  if (offered.length === 0) return null;
  const incomplete = approveRefusal(sample.status)?.code === 'results.incomplete';

  return (
    <Group gap={2} wrap="nowrap" role="group" aria-label={t('results.actionsFor', { code: sample.code })}>
      {offered.map((action) => {
        const { icon: ActionGlyph, label, color } = ICONS[action];
        const disabled = action === 'check' && incomplete;
        const text = disabled ? t('results.incomplete') : t(`results.${label}`);
        return (
          <Tooltip key={action} label={text} openDelay={300}>
            <ActionIcon
              variant="subtle"
              color={color}
              aria-label={`${text} — ${sample.code}`}
              // Disabled through aria only, so the tooltip still says why.
              data-disabled={disabled || undefined}
              aria-disabled={disabled || undefined}
              loading={actions.busy === action}
              onClick={disabled ? undefined : () => void actions.run(action)}
            >
              <ActionGlyph size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        );
      })}
      {actions.dialogs}
    </Group>
  );
}
