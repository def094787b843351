import { randomBytes } from 'node:crypto';
import {
  PORTAL_LOCKOUT_MINUTES, PORTAL_SESSION_MINUTES, normalisePortalCode, portalCodeFromBytes, portalEmailKey, portalLockedUntil,
} from '@lis/domain';
import type { Db, Tx } from '../../db/client.ts';
import { writeAudit } from '../../db/audit.ts';
import type { RequestContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { labGeneralOptions } from '../general-options/service.ts';
import * as repo from './repository.ts';
import * as portal from './portal-repository.ts';

// The patient portal's credentials: the one-time codes a verification mails to a consenting patient, the
// sign-in that turns a code into a portal session (with its lockout), the session check of every portal
// call, and the revocation staff can make. The portal's pages themselves are modules/portal.

/** Portal session tokens start with this, so one is told from a staff token at a glance (in logs, in support). */
export const PORTAL_TOKEN_PREFIX = 'ptl_';

const DAY_MS = 86_400_000;

/** Who is calling a public endpoint: the address and the request, for the access log. */
export interface PortalCaller {
  ip: string;
  requestId: string;
}

export interface IssuedPortalCode {
  code: string;
  expiresAt: Date;
  email: string;
  ime: string;
  prezime: string;
}

/**
 * A one-time code for the patient's portal, in the verification's transaction `tx`: only for a patient who
 * consents and has an e-mail address (null otherwise). Kept as its SHA-256 only; valid for the lab's
 * portalCodeDays. Audited as 'patient.portalCode' (when, until when; never the code).
 */
export async function issuePortalCode(tx: Tx, ctx: RequestContext, patientId: string, now = new Date()): Promise<IssuedPortalCode | null> {
  const patient = await repo.findPatientById(tx, patientId);
  if (!patient || !patient.portalConsent || patient.email.trim() === '') return null;
  const { portalCodeDays } = await labGeneralOptions(tx);
  const code = portalCodeFromBytes(randomBytes(16));
  const expiresAt = new Date(now.getTime() + portalCodeDays * DAY_MS);
  const id = await portal.insertCode(tx, { patientId, siteId: ctx.siteId, codeHash: hashToken(code), expiresAt, createdBy: ctx.userId });
  await writeAudit(tx, ctx, {
    action: 'patient.portalCode', entity: 'patient', entityId: patientId, field: 'portal', newValue: { code: id, expires_at: expiresAt.toISOString() },
  });
  return { code, expiresAt, email: patient.email.trim(), ime: patient.ime, prezime: patient.prezime };
}

type SignInOutcome =
  | { kind: 'locked'; until: Date }
  | { kind: 'failed' }
  | { kind: 'signed-in'; token: string; expiresAt: Date };

/**
 * POST /portal/prijava: the e-mail address and the code. Both must match one usable code (unused, not
 * revoked, not expired, of a consenting patient with that address); the code is then used up and a portal
 * session of PORTAL_SESSION_MINUTES opens. Every wrong try is logged against the address (its SHA-256);
 * after PORTAL_MAX_FAILURES within PORTAL_LOCKOUT_MINUTES the address is locked (429 portal.locked) even for
 * the right code. Unknown address and wrong code answer alike (401 portal.codeInvalid), so the sign-in does
 * not tell which addresses have codes.
 */
export async function portalSignIn(db: Db, input: { email: string; kod: string }, caller: PortalCaller, now = new Date()): Promise<{ token: string; expiresAt: Date }> {
  const emailKey = portalEmailKey(input.email);
  const addressKey = hashToken(`portal-email:${emailKey}`);
  const code = normalisePortalCode(input.kod);
  const outcome = await db.transaction(async (tx): Promise<SignInOutcome> => {
    await portal.lockAddress(tx, addressKey);
    const until = portalLockedUntil(await portal.failuresSince(tx, addressKey, new Date(now.getTime() - PORTAL_LOCKOUT_MINUTES * 60_000)), now);
    if (until) {
      await portal.logPortal(tx, { entity: portal.PORTAL_LOG.locked, entityId: addressKey, ...caller });
      return { kind: 'locked', until };
    }
    const found = code ? await portal.usableCode(tx, hashToken(code), emailKey, now) : null;
    if (!found || !(await portal.useCode(tx, found.id, now))) {
      await portal.logPortal(tx, { entity: portal.PORTAL_LOG.failed, entityId: addressKey, ...caller });
      return { kind: 'failed' };
    }
    const token = `${PORTAL_TOKEN_PREFIX}${newToken()}`;
    const expiresAt = new Date(now.getTime() + PORTAL_SESSION_MINUTES * 60_000);
    await portal.insertSession(tx, { patientId: found.patientId, codeId: found.id, tokenHash: hashToken(token), expiresAt });
    await portal.logPortal(tx, { entity: portal.PORTAL_LOG.signIn, entityId: found.patientId, siteId: found.siteId, ...caller });
    return { kind: 'signed-in', token, expiresAt };
  });
  if (outcome.kind === 'locked') {
    const minutes = Math.max(1, Math.ceil((outcome.until.getTime() - now.getTime()) / 60_000));
    throw new AppError(429, 'portal.locked', 'kod', { minutes: String(minutes) });
  }
  if (outcome.kind === 'failed') throw new AppError(401, 'portal.codeInvalid', 'kod');
  return { token: outcome.token, expiresAt: outcome.expiresAt };
}

export interface PortalSession {
  sessionId: string;
  patientId: string;
}

/**
 * The portal session a portal call carries (`Authorization: Bearer ptl_...`): open, not revoked, of a patient
 * who still consents. Anything else, a staff token included, is 401: staff tokens are never looked up here.
 */
export async function portalSession(db: Db, token: string | undefined, now = new Date()): Promise<PortalSession> {
  if (!token?.startsWith(PORTAL_TOKEN_PREFIX) || token.length > 200) throw AppError.unauthorized();
  const session = await portal.openSession(db, hashToken(token), now);
  if (!session) throw AppError.unauthorized();
  return { sessionId: session.id, patientId: session.patientId };
}

export function endPortalSession(db: Db, session: PortalSession): Promise<void> {
  return portal.endSession(db, session.sessionId, new Date());
}

/** A portal read in the access log: the overview (the patient's id) or a report (its version's id), with the address. */
export function logPortalRead(db: Db, entry: { kind: 'view' | 'report'; entityId: string; siteId?: string | null } & PortalCaller): Promise<void> {
  return portal.logPortal(db, { entity: portal.PORTAL_LOG[entry.kind], entityId: entry.entityId, siteId: entry.siteId ?? null, ip: entry.ip, requestId: entry.requestId });
}

/**
 * POST /pacijenti/portal/opozovi/{id} (staff): the patient's unused codes and open portal sessions end now.
 * Audited as 'patient.portalRevoke' with how many of each; an unknown patient is 404.
 */
export async function revokePortalAccess(db: Db, ctx: RequestContext, patientId: string): Promise<{ codes: number; sessions: number }> {
  return db.transaction(async (tx) => {
    const patient = await repo.findPatientById(tx, patientId, { forUpdate: true });
    if (!patient) throw AppError.notFound();
    const revoked = await portal.revokeAll(tx, patient.id, new Date());
    await writeAudit(tx, ctx, { action: 'patient.portalRevoke', entity: 'patient', entityId: patient.id, field: 'portal', newValue: revoked });
    return revoked;
  });
}
