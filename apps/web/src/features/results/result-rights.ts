/**
 * What the signed-in user may do with results, from the domain's one table
 * (RESULT_ACTION_PERMISSIONS through canPerformResultAction, and `can` for
 * the sample comment) with the session's role and access level. A viewer, or
 * any account with access level above 0, may do none of it, so the screens
 * show such a user no write control at all. The server refuses anyway.
 */
import { useMemo } from 'react';
import { type ResultAction, type SampleAction, can, canPerformResultAction } from '@lis/domain';
import { useActiveSession } from '../auth/index.ts';

export type ResultRights = Record<ResultAction, boolean> & {
  /** Writing the sample's comment (POST uzorci/komentar). */
  comment: boolean;
  /** Any write at all: otherwise the screen is read-only. */
  any: boolean;
};

export function useResultRights(): ResultRights {
  const { role, level } = useActiveSession().data.access;
  return useMemo(() => {
    const rights = {
      save: canPerformResultAction(role, level, 'save'),
      retest: canPerformResultAction(role, level, 'retest'),
      approve: canPerformResultAction(role, level, 'approve'),
      unapprove: canPerformResultAction(role, level, 'unapprove'),
      verify: canPerformResultAction(role, level, 'verify'),
      unverify: canPerformResultAction(role, level, 'unverify'),
      comment: can(role, level, 'samples.write'),
    };
    return { ...rights, any: Object.values(rights).some(Boolean) };
  }, [role, level]);
}

/** The status actions of a sample: the row action the status allows (allowedSampleActions) and the result call it makes. */
export const STATUS_ACTIONS = {
  check: 'approve',
  undo: 'unapprove',
  verify: 'verify',
  unlock: 'unverify',
} as const satisfies Partial<Record<SampleAction, ResultAction>>;

export type StatusAction = keyof typeof STATUS_ACTIONS;
export const STATUS_ACTION_ORDER: readonly StatusAction[] = ['check', 'undo', 'verify', 'unlock'];

/** A status action is offered when the status allows it and the user holds its permission. */
export function offersStatusAction(action: StatusAction, allowed: ReadonlySet<SampleAction> | readonly SampleAction[], rights: ResultRights): boolean {
  const has = Array.isArray(allowed) ? allowed.includes(action) : (allowed as ReadonlySet<SampleAction>).has(action);
  return has && rights[STATUS_ACTIONS[action]];
}
