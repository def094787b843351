import {
  type GeneralOptions, type ProfileAnswer, type Role, type SessionData, type SessionMenuAnswer, type Site, hiddenMenuFor, isRole, landingRoute, permissionsFor, reportFlagsFor, sidebarFor,
  validatePasswordChange,
} from '@lis/domain';
import type { Db, Tx } from '../../db/client.ts';
import { writeAudit } from '../../db/audit.ts';
import type { RequestContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { labGeneralOptions } from '../general-options/service.ts';
import * as repo from './repository.ts';
import { endSession, endUserSessions } from './session-repository.ts';

const THROTTLE_WINDOW_MS = 15 * 60_000;
const MAX_FAILURES_PER_ACCOUNT = 5;
const MAX_FAILURES_PER_ADDRESS = 20;
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
}

export async function login(db: Db, input: LoginInput, sessionMaxHours: number): Promise<SessionData> {
  const email = input.email.trim().toLowerCase();
  const since = new Date(Date.now() - THROTTLE_WINDOW_MS);
  const failures = await repo.countFailures(db, email, input.ip, since);
  if (failures.byEmail >= MAX_FAILURES_PER_ACCOUNT || failures.byIp >= MAX_FAILURES_PER_ADDRESS) {
    await repo.recordLoginAttempt(db, { email, ip: input.ip, success: false, reason: 'throttled' });
    throw new AppError(429, 'auth.throttled');
  }

  const user = await repo.findUserByEmail(db, email);
  const passwordOk = await verifyPassword(user?.passwordHash ?? (await DUMMY_HASH), input.password);
  const refuse = async (reason: string, error: AppError) => {
    await repo.recordLoginAttempt(db, { email, ip: input.ip, success: false, reason });
    throw error;
  };
  if (!user) return refuse('unknown-user', new AppError(401, 'auth.userNotFound', 'email'));
  if (!passwordOk) return refuse('wrong-password', new AppError(401, 'auth.wrongPassword', 'password'));
  if (user.expiresAt && user.expiresAt <= new Date()) return refuse('expired', new AppError(401, 'auth.expired'));
  if (user.disabled) return refuse('disabled', new AppError(401, 'auth.disabled'));
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
    default_route,
    access: { level: user.accessLevel, role: user.role, permissions: permissionsFor(user.role, user.accessLevel) },
    display: DISPLAY,
    reports,
    sites: userSites.map(siteAnswer),
    sidebar,
    mustChangePassword: user.mustChangePassword,
  };
}

export async function logout(db: Db, ctx: RequestContext, type: 'manual' | 'automatic'): Promise<void> {
  await endSession(db, ctx.sessionId, type === 'automatic' ? 'idle-logout' : 'logout');
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

export async function changePassword(db: Db, ctx: RequestContext, input: PasswordChange): Promise<void> {
  if (input.email.toLowerCase() !== ctx.email.toLowerCase()) throw AppError.forbidden();
  const problem = validatePasswordChange({ staraSifra: input.password, novaSifra: input.novaSifra, potvrdaSifra: input.potvrdaSifra });
  if (problem) throw new AppError(400, problem, problem === 'password.required' ? 'password' : 'novaSifra');
  const user = await repo.findUserById(db, ctx.userId);
  if (!user) throw AppError.unauthorized();
  if (!(await verifyPassword(user.passwordHash, input.password))) throw new AppError(400, 'password.wrongCurrent', 'password');
  // A password an administrator set is known to them: the first change must choose another one.
  if (user.mustChangePassword && input.novaSifra.trim() === input.password.trim()) throw new AppError(400, 'password.unchanged', 'novaSifra');
  const passwordHash = await hashPassword(input.novaSifra.trim());
  try {
    await db.transaction(async (tx) => {
      await repo.updatePasswordHash(tx, user.id, passwordHash);
      // Other devices signed in with the old password lose their sessions; this one stays.
      await endUserSessions(tx, user.id, 'password-changed', ctx.sessionId);
      await writeAudit(tx, ctx, { action: 'password.change', entity: 'user', entityId: user.id, field: 'password' });
    });
  } catch {
    throw new AppError(500, 'password.storeFailed');
  }
}

/**
 * Ends every session of a user inside the caller's transaction (the user was disabled, lost rights, or had
 * the password reset), except `exceptSessionId` (the caller's own, when they changed themselves).
 */
export async function endSessionsOfUser(tx: Tx, userId: string, reason: string, exceptSessionId?: string): Promise<void> {
  await endUserSessions(tx, userId, reason, exceptSessionId);
}
