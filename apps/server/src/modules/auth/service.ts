import {
  type GeneralOptions, type Language, type MessageCode, type ProfileAnswer, type SignInAttackRow, type Role, type SessionData, type SessionMenuAnswer, type Site, hiddenMenuFor, isRole, landingRoute, permissionsFor, reportFlagsFor, sidebarFor,
  validatePasswordChange,
} from '@lis/domain';
import type { Db, Tx } from '../../db/client.ts';
import { writeAudit } from '../../db/audit.ts';
import type { RequestContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { RealtimeHub } from '../../realtime/hub.ts';
import { labGeneralOptions } from '../general-options/service.ts';
import * as repo from './repository.ts';
import { isClientAccount } from './client-repository.ts';
import { endSession, endUserSessions } from './session-repository.ts';

/**
 * Sign-in throttles (docs/operations.md, "Sign-in throttles and sessions"). Only attempts whose password was
 * checked and wrong count; an attempt refused by a throttle counts nowhere.
 * - Per account and address together: 5 failures in 15 minutes refuse that address for that account (429), so a
 *   guesser locks only itself out and the right password from any other address still signs in.
 * - Per address: 20 failures in 15 minutes, whatever the accounts, refuse the address.
 * - Per account from every address (distributed guessing): from the 10th failure in 15 minutes each attempt on the
 *   account waits, one more second per failure up to 10 s; it never refuses, so nobody can lock an account out.
 * Each counted attempt is reserved before its password is verified (repository.reserveAttempt), so parallel
 * attempts, on several servers too, never check more passwords than the limits allow.
 */
export const THROTTLE = {
  windowSeconds: 15 * 60,
  perAccountAndAddress: 5,
  perAddress: 20,
  accountSlowdownFrom: 10,
  slowdownStepMs: 1_000,
  slowdownMaxMs: 10_000,
} as const;

/** How long an attempt on an account with `failures` checked failures in the window waits before it is checked. */
export function accountDelayMs(failures: number): number {
  if (failures < THROTTLE.accountSlowdownFrom) return 0;
  return Math.min((failures - THROTTLE.accountSlowdownFrom + 1) * THROTTLE.slowdownStepMs, THROTTLE.slowdownMaxMs);
}

/** Where sign-in throttles report, for the log: an address refused, an account being slowed down. */
export interface ThrottleLog {
  warn(fields: Record<string, unknown>, message: string): void;
}

// A real hash of a random password: unknown e-mails cost the same time as known ones.
const DUMMY_HASH = hashPassword(newToken());

export const DISPLAY = { list: 15, show: 20, columns: 7, rows: 1 } as const;

/**
 * The report flags of the caller's session, the `reports` of the login answer: 'Izvještaji' serves a report
 * only to a session whose flag for it is set. Both read the lab's general options (the role's flags there,
 * else `defaultReportFlags`), so they agree.
 */
export async function sessionReportFlags(db: Db, ctx: RequestContext): Promise<Record<string, boolean>> {
  return reportFlagsFor(await labGeneralOptions(db), ctx.role);
}

/** The menu and report flags of a session of this role and level, as the lab's general options say. */
function menuOf(options: GeneralOptions, role: Role, accessLevel: number, defaultRoute: string): Omit<SessionMenuAnswer, 'success'> {
  const reports = reportFlagsFor(options, role);
  const sidebar = sidebarFor(role, accessLevel, defaultRoute, reports, hiddenMenuFor(options, role));
  return { default_route: landingRoute(sidebar), reports, sidebar };
}

/**
 * GET /sesija/izbornik: the caller's menu and report flags now. Sign-in answers the same; an open page reads it
 * again when the general options change, so hiding a menu entry or a report needs no new sign-in.
 */
export async function sessionMenu(db: Db, ctx: RequestContext): Promise<Omit<SessionMenuAnswer, 'success'>> {
  const user = await repo.findUserById(db, ctx.userId);
  if (!user) throw AppError.unauthorized();
  return menuOf(await labGeneralOptions(db), ctx.role, ctx.accessLevel, user.defaultRoute);
}

export function siteAnswer(site: repo.SiteRow): Site {
  // The site's IANA zone: "today" and every date and time the web shows are the site's, whatever the browser's zone.
  return { _id: site.id, id: site.id, sifra: site.sifra, naziv: site.naziv, name: site.name, mjesta: site.mjesta, timeZone: site.timeZone };
}

/** The sites a user works at, as answers carry them. */
export async function userSites(db: Db, userId: string): Promise<Site[]> {
  return (await repo.sitesOfUser(db, userId)).map(siteAnswer);
}

export interface LoginInput {
  email: string;
  password: string;
  ip: string;
  userAgent: string;
  log?: ThrottleLog;
}

/**
 * Reserves the attempt on both counters in one transaction: refused by either, neither keeps it. `email` is the
 * account's key: the lower-case e-mail for a person, `client:<client id>` for a system client's token request.
 */
export async function reserve(db: Db, email: string, ip: string): Promise<'ok' | 'account-and-address' | 'address'> {
  class Refused extends Error {
    constructor(readonly scope: 'account-and-address' | 'address') { super(scope); }
  }
  try {
    await db.transaction(async (tx) => {
      if (!(await repo.reserveAttempt(tx, email, ip, THROTTLE.perAccountAndAddress, THROTTLE.windowSeconds))) throw new Refused('account-and-address');
      if (!(await repo.reserveAttempt(tx, '', ip, THROTTLE.perAddress, THROTTLE.windowSeconds))) throw new Refused('address');
    });
    return 'ok';
  } catch (error) {
    if (error instanceof Refused) return error.scope;
    throw error;
  }
}

export async function login(db: Db, input: LoginInput, sessionMaxHours: number): Promise<SessionData> {
  const email = input.email.trim().toLowerCase();
  const accountFailures = await repo.countAccountFailures(db, email, new Date(Date.now() - THROTTLE.windowSeconds * 1000));
  const delay = accountDelayMs(accountFailures);
  if (delay > 0) {
    input.log?.warn({ event: 'auth.slowed', account: email, ip: input.ip, failures: accountFailures, delayMs: delay }, 'sign-in slowed: many failed attempts on the account');
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
  const reserved = await reserve(db, email, input.ip);
  if (reserved !== 'ok') {
    // Recorded for the administrator's view, but never counted: refusals must not extend a lockout.
    await repo.recordLoginAttempt(db, { email, ip: input.ip, success: false, reason: 'throttled' });
    input.log?.warn({ event: 'auth.throttled', scope: reserved, account: email, ip: input.ip }, 'sign-in refused by the throttle');
    throw new AppError(429, 'auth.throttled');
  }

  const user = await repo.findUserByEmail(db, email);
  const passwordOk = await verifyPassword(user?.passwordHash ?? (await DUMMY_HASH), input.password);
  // One line per checked and wrong password, written the moment it was checked: the trail an attack leaves.
  if (!user || !passwordOk) input.log?.warn({ event: 'auth.failed', account: email, ip: input.ip }, 'sign-in failed: wrong password or unknown account');
  // The right password gives the reservation back: it was no guess. A wrong one keeps it as a failure.
  if (user && passwordOk) await repo.releaseAttempt(db, email, input.ip);
  const refuse = async (reason: 'unknown-user' | 'wrong-password' | 'expired' | 'disabled' | 'bad-role' | 'no-site', error: AppError) => {
    await repo.recordLoginAttempt(db, { email, ip: input.ip, success: false, reason });
    throw error;
  };
  if (!user) return refuse('unknown-user', new AppError(401, 'auth.userNotFound', 'email'));
  if (!passwordOk) return refuse('wrong-password', new AppError(401, 'auth.wrongPassword', 'password'));
  if (user.expiresAt && user.expiresAt <= new Date()) return refuse('expired', new AppError(401, 'auth.expired'));
  if (user.disabled) return refuse('disabled', new AppError(401, 'auth.disabled'));
  // A system client's account is disabled and has no password; should an administrator enable it and set one, it
  // still never signs in as a person: a client's only way in is its id and secret at /api/oauth/token.
  if (await isClientAccount(db, user.id)) return refuse('disabled', new AppError(401, 'auth.clientAccount'));
  if (!isRole(user.role)) return refuse('bad-role', new AppError(401, 'auth.forbidden'));

  const userSites = await repo.sitesOfUser(db, user.id);
  const home = userSites[0];
  if (!home) return refuse('no-site', AppError.forbidden('auth.siteForbidden'));

  const token = newToken();
  const now = new Date();
  await repo.createSession(db, {
    tokenHash: hashToken(token),
    userId: user.id,
    siteId: home.id,
    ip: input.ip,
    userAgent: input.userAgent.slice(0, 300),
    idleSeconds: user.idleTime,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + sessionMaxHours * 3_600_000),
  });
  await repo.recordLoginAttempt(db, { email, ip: input.ip, success: true, reason: 'ok' });
  // A successful sign-in is frequent enough and rare enough to clear the counters of past windows along the way.
  await repo.pruneThrottles(db, THROTTLE.windowSeconds);

  // The lab's general options decide the report flags of each role and the menu entries a role does not see.
  const { default_route, reports, sidebar } = menuOf(await labGeneralOptions(db), user.role, user.accessLevel, user.defaultRoute);
  return {
    localId: user.id,
    email: user.email,
    ime: user.ime,
    prezime: user.prezime,
    language: user.language,
    idToken: token,
    site: home.id,
    idleTime: user.idleTime,
    customer: user.customer,
    pid_bcode: user.pidBcode,
    mikrobiologija: user.mikrobiologija,
    default_route,
    access: { level: user.accessLevel, role: user.role, permissions: permissionsFor(user.role, user.accessLevel) },
    display: DISPLAY,
    reports,
    sites: userSites.map(siteAnswer),
    sidebar,
    mustChangePassword: user.mustChangePassword,
  };
}

export async function logout(db: Db, realtime: RealtimeHub | undefined, ctx: RequestContext, type: 'manual' | 'automatic'): Promise<void> {
  await endSession(db, ctx.sessionId, type === 'automatic' ? 'idle-logout' : 'logout');
  // The token answers 401 from now on; its open sockets (other tabs, other servers) must stop hearing the site too.
  realtime?.endSessionSockets([ctx.sessionId]);
}

export async function profile(db: Db, ctx: RequestContext, email: string): Promise<Omit<ProfileAnswer, 'success'>> {
  // A user reads their own profile; an administrator may read anyone's.
  if (email.toLowerCase() !== ctx.email.toLowerCase() && ctx.role !== 'admin') throw AppError.notFound();
  const user = await repo.findUserByEmail(db, email);
  if (!user) throw AppError.notFound();
  const userSites = await repo.sitesOfUser(db, user.id);
  return {
    data: { link: null, role: user.role, email: user.email, ime: user.ime, prezime: user.prezime },
    user: { email: user.email, postavke: { language: user.language }, sites: userSites.map((site) => site.id) },
  };
}

export interface PasswordChange {
  email: string;
  password: string;
  novaSifra: string;
  potvrdaSifra: string;
}

function problemField(problem: MessageCode): 'password' | 'novaSifra' | 'potvrdaSifra' {
  if (problem === 'password.required') return 'password';
  return problem === 'password.mismatch' ? 'potvrdaSifra' : 'novaSifra';
}

/** One's own interface language (the avatar menu): stored in the user's settings with an audit row when it changes. */
export async function changeOwnLanguage(db: Db, ctx: RequestContext, language: Language): Promise<Language> {
  await db.transaction(async (tx) => {
    const before = await repo.updateLanguage(tx, ctx.userId, language);
    if (before === null) throw AppError.unauthorized();
    if (before !== language) {
      await writeAudit(tx, ctx, { action: 'user.language', entity: 'user', entityId: ctx.userId, field: 'language', oldValue: before, newValue: language });
    }
  });
  return language;
}

export async function changePassword(db: Db, realtime: RealtimeHub | undefined, ctx: RequestContext, input: PasswordChange): Promise<void> {
  if (input.email.toLowerCase() !== ctx.email.toLowerCase()) throw AppError.forbidden();
  const problem = validatePasswordChange({ staraSifra: input.password, novaSifra: input.novaSifra, potvrdaSifra: input.potvrdaSifra });
  if (problem) throw new AppError(400, problem, problemField(problem));
  const user = await repo.findUserById(db, ctx.userId);
  if (!user) throw AppError.unauthorized();
  if (!(await verifyPassword(user.passwordHash, input.password))) throw new AppError(400, 'password.wrongCurrent', 'password');
  // Stored exactly as typed: sign-in compares what is typed, untrimmed, so a trimmed hash could never be matched.
  const passwordHash = await hashPassword(input.novaSifra);
  let ended: string[];
  try {
    ended = await db.transaction(async (tx) => {
      await repo.updatePasswordHash(tx, user.id, passwordHash);
      // Other devices signed in with the old password lose their sessions; this one stays.
      const endedSessions = await endUserSessions(tx, user.id, 'password-changed', ctx.sessionId);
      await writeAudit(tx, ctx, { action: 'password.change', entity: 'user', entityId: user.id, field: 'password' });
      return endedSessions;
    });
  } catch {
    throw new AppError(500, 'password.storeFailed');
  }
  realtime?.endSessionSockets(ended);
}

/**
 * Ends every session of a user inside the caller's transaction (the user was disabled, lost rights, or had
 * the password reset), except `exceptSessionId` (the caller's own, when they changed themselves). Answers the
 * ended sessions' ids: after commit, `RealtimeHub.endSessionSockets` closes their sockets.
 */
export async function endSessionsOfUser(tx: Tx, userId: string, reason: string, exceptSessionId?: string): Promise<string[]> {
  return endUserSessions(tx, userId, reason, exceptSessionId);
}

/** The accounts with checked failed sign-ins in the throttle's window, most first: the administrator's view of attacks. */
export async function accountsUnderAttack(db: Db): Promise<{ data: SignInAttackRow[]; windowMinutes: number }> {
  const rows = await repo.accountsUnderAttack(db, new Date(Date.now() - THROTTLE.windowSeconds * 1000), 50);
  return {
    data: rows.map((row) => ({ ...row, addresses: row.addresses ?? [], lastAttempt: new Date(row.lastAttempt).toISOString() })),
    windowMinutes: THROTTLE.windowSeconds / 60,
  };
}
