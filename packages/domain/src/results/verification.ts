import type { MessageCode } from '../messages.ts';
import { can, type Permission, type Role } from '../permissions.ts';
import { canTransition, type SampleStatus, type SampleTransition } from '../sample/status.ts';
import { isCriticalFlag, type ResultFlag } from '../assays/result-flags.ts';

/**
 * The rules of approving (technical validation) and verifying (medical
 * validation) a sample's results, and of taking either back. The server
 * refuses with these codes whatever the web shows; the web hides what they
 * refuse.
 */

export const RESULT_TEXT_LIMITS = { rezultat: 200, razlog: 500, obavijestenKo: 200 } as const;

/** The result calls, each named by the status move it makes ('save' moves through the progress rules). */
export type ResultAction = 'save' | 'retest' | 'approve' | 'unapprove' | 'verify' | 'unverify';

/**
 * Who may do what: entering results is technicians' work, approval is
 * technical validation, verification and its unlock are medical validation by
 * a specialist. Undoing an approval or a verification needs the same right as
 * giving it.
 */
export const RESULT_ACTION_PERMISSIONS = {
  save: 'results.enter',
  /** Taking a result back for a retest is the technician's, like entering it. */
  retest: 'results.enter',
  approve: 'results.approve',
  unapprove: 'results.approve',
  verify: 'results.verify',
  unverify: 'results.verify',
} as const satisfies Record<ResultAction, Permission>;

export function canPerformResultAction(role: Role, accessLevel: number, action: ResultAction): boolean {
  return can(role, accessLevel, RESULT_ACTION_PERMISSIONS[action]);
}

/** A refusal: its catalogue code, the refused input when there is one, and the message's placeholders. */
export interface ResultRefusal {
  code: MessageCode;
  field?: string;
  params?: Record<string, string>;
}

function transitionRefusal(status: SampleStatus, transition: SampleTransition): ResultRefusal | null {
  return canTransition(status, transition) ? null : { code: 'results.transitionNotAllowed', params: { status } };
}

/** Approval is of a complete sample: one still waiting for results is refused with that reason, not as a wrong status. */
export function approveRefusal(status: SampleStatus): ResultRefusal | null {
  if (status === 'ZAPRIMLJEN' || status === 'U OBRADI') return { code: 'results.incomplete' };
  return transitionRefusal(status, 'approve');
}

export function unapproveRefusal(status: SampleStatus): ResultRefusal | null {
  return transitionRefusal(status, 'unapprove');
}

/** Who was told of the sample's critical values, and when (ISO instant). */
export interface Obavijesten {
  ko: string;
  kada: string;
}

export interface VerifyInput {
  status: SampleStatus;
  flags: readonly (ResultFlag | null)[];
  obavijesten?: Obavijesten | null | undefined;
  /** The server's clock: a notification cannot have happened after the verification. */
  now: Date;
}

export function hasCriticalResult(flags: readonly (ResultFlag | null)[]): boolean {
  return flags.some(isCriticalFlag);
}

/**
 * A sample with a critical value (LL or HH) is verified only once someone
 * records who was told and when: the verification releases the result, and a
 * critical result must not leave the lab without a person having been called.
 */
export function verifyRefusal(input: VerifyInput): ResultRefusal | null {
  const refused = transitionRefusal(input.status, 'verify');
  if (refused) return refused;
  if (!hasCriticalResult(input.flags)) return null;
  const ko = input.obavijesten?.ko.trim() ?? '';
  const kada = input.obavijesten?.kada ?? '';
  const when = Date.parse(kada);
  if (!ko || !kada || Number.isNaN(when)) return { code: 'results.notifiedRequired', field: 'obavijesten' };
  if (when > input.now.getTime()) return { code: 'results.notifiedInFuture', field: 'obavijesten' };
  return null;
}

/** Unlocking a verified sample reopens released results: the reason is kept in the audit trail. */
export function unverifyRefusal(status: SampleStatus, razlog: string | null | undefined): ResultRefusal | null {
  const refused = transitionRefusal(status, 'unverify');
  if (refused) return refused;
  const reason = (razlog ?? '').trim();
  if (!reason) return { code: 'results.reasonRequired', field: 'razlog' };
  if (reason.length > RESULT_TEXT_LIMITS.razlog) return { code: 'form.invalid', field: 'razlog', params: { field: 'razlog' } };
  return null;
}
