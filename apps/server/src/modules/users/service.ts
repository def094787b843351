import type { SettingsHistoryEntry, SignInAttackRow, UserElement, UserRecord } from '@lis/domain';
import type { Db, Tx } from '../../db/client.ts';
import { writeAudit } from '../../db/audit.ts';
import { settingsHistory } from '../../db/audit-history.ts';
import type { ListRequest } from '../../db/list-query.ts';
import type { RequestContext } from '../../lib/context.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/passwords.ts';
import type { RealtimeHub } from '../../realtime/hub.ts';
import { accountsUnderAttack, endSessionsOfUser } from '../auth/service.ts';
import { labGeneralOptions } from '../general-options/service.ts';
import * as repo from './repository.ts';

/**
 * The users of the lab, managed by level-0 administrators (users.manage):
 * registration, edits, disable and re-enable, password reset, history.
 *
 * Rules:
 * - Users are lab-wide; a user's sites must all exist (`settings.siteUnknown` naming `element.sites.<i>`).
 * - The last active level-0 administrator is never disabled, demoted (level above 0) or given another role
 *   (409 `settings.lastAdmin`); the check runs on the administrators' rows locked, so it holds under concurrency.
 * - A password an administrator sets (a new user, a reset) must be changed at the next sign-in.
 * - Whatever takes rights away (disabled, role, level, sites removed, password reset, account end moved
 *   earlier) ends the user's sessions in the same transaction and, after commit, closes their sockets.
 *   The caller's own current session is kept when they change themselves.
 * - Every change writes an audit row with the whole record before and after; passwords and their hashes
 *   are never in it.
 */

const AUDIT_ENTITY = 'user';

function userRecord(row: repo.UserRecordRow): UserRecord {
  return { ...row, expiresAt: row.expiresAt ? row.expiresAt.toISOString() : null, sites: [...row.sites].sort() };
}

export function listUsers(db: Db, list: ListRequest<unknown>) {
  return repo.listUsers(db, list);
}

function isActiveAdmin(row: { role: string; level: number; disabled: boolean }): boolean {
  return row.role === 'admin' && row.level === 0 && !row.disabled;
}

/**
 * The user's row, locked, with the active administrators locked first. Every change of a user takes the
 * administrators' rows before the user's, always in one order, so two changes at once queue up instead of
 * deadlocking, and the second sees what the first committed.
 */
async function lockForChange(tx: Tx, id: string): Promise<{ before: repo.UserRecordRow; admins: string[] }> {
  const admins = await repo.lockActiveAdmins(tx);
  const before = await repo.lockUser(tx, id);
  if (!before) throw AppError.notFound();
  return { before, admins };
}

/** Refuses a change that would leave no active level-0 administrator (`admins`: the active ones, locked). */
function keepAnAdmin(admins: readonly string[], before: repo.UserRecordRow, after: { role: string; level: number; disabled: boolean }, field: string): void {
  if (!isActiveAdmin(before) || isActiveAdmin(after)) return;
  if (!admins.some((id) => id !== before._id)) throw AppError.conflict('settings.lastAdmin', field);
}

async function checkSites(db: Db, siteIds: readonly string[]): Promise<void> {
  const existing = await repo.existingSiteIds(db, siteIds);
  const unknown = siteIds.findIndex((id) => !existing.has(id));
  if (unknown >= 0) throw AppError.badRequest('settings.siteUnknown', `element.sites.${unknown}`);
}

/** What ends a user's sessions: anything that takes rights away or changes what the login answer gave. */
function takesRightsAway(before: repo.UserRecordRow, after: UserRecord): boolean {
  const lostSite = before.sites.some((id) => !after.sites.includes(id));
  const endsSooner = after.expiresAt !== null && (before.expiresAt === null || new Date(after.expiresAt) < before.expiresAt);
  return before.role !== after.role || before.level !== after.level || lostSite || endsSooner || before.disabled !== after.disabled;
}

interface Outcome {
  record: UserRecord;
  /** The sessions ended by the change: close their sockets after commit. */
  endedSessions: string[];
}

async function saveUnlessDuplicate<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_key')) throw AppError.conflict('settings.emailTaken', 'element.email');
    throw error;
  }
}

/** POST /postavke/users/edit: creates (no `_id`) or updates a user. */
export async function editUser(db: Db, realtime: RealtimeHub | undefined, ctx: RequestContext, element: UserElement): Promise<UserRecord> {
  const unique = [...new Set(element.sites)];
  await checkSites(db, unique);
  const fields: repo.UserFields = {
    email: element.email, ime: element.ime, prezime: element.prezime, role: element.role, accessLevel: element.level,
    language: element.language, idleTime: element.idleTime ?? (await labGeneralOptions(db)).defaultIdleTime,
    defaultRoute: element.defaultRoute, mikrobiologija: element.mikrobiologija, expiresAt: element.expiresAt ? new Date(element.expiresAt) : null,
  };
  const outcome = await saveUnlessDuplicate(() => db.transaction(async (tx): Promise<Outcome> => {
    if (element._id === undefined) {
      const passwordHash = await hashPassword(element.password!);
      const id = await repo.insertUser(tx, { ...fields, passwordHash });
      await repo.replaceUserSites(tx, id, unique);
      const record = userRecord((await repo.findUser(tx, id))!);
      await writeAudit(tx, ctx, { action: 'user.create', entity: AUDIT_ENTITY, entityId: id, newValue: record });
      return { record, endedSessions: [] };
    }
    const { before, admins } = await lockForChange(tx, element._id);
    // An update keeps the stored idle time unless the element names one.
    const changed = { ...fields, idleTime: element.idleTime ?? before.idleTime };
    keepAnAdmin(admins, before, { role: changed.role, level: changed.accessLevel, disabled: before.disabled },
      changed.role === 'admin' ? 'element.level' : 'element.role');
    await repo.updateUser(tx, before._id, changed);
    await repo.replaceUserSites(tx, before._id, unique);
    const record = userRecord((await repo.findUser(tx, before._id))!);
    const endedSessions = takesRightsAway(before, record) ? await endSessionsOfUser(tx, before._id, 'rights-changed', ctx.sessionId) : [];
    await writeAudit(tx, ctx, { action: 'user.update', entity: AUDIT_ENTITY, entityId: before._id, oldValue: userRecord(before), newValue: record });
    return { record, endedSessions };
  }));
  realtime?.endSessionSockets(outcome.endedSessions);
  return outcome.record;
}

/** POST /postavke/users/disable and /enable. Disabling ends every session of the user at once, sockets included. */
export async function setUserDisabled(
  db: Db, realtime: RealtimeHub | undefined, ctx: RequestContext, id: string, disabled: boolean,
): Promise<UserRecord> {
  const { record, endedSessions } = await db.transaction(async (tx): Promise<Outcome> => {
    const { before, admins } = await lockForChange(tx, id);
    if (before.disabled === disabled) return { record: userRecord(before), endedSessions: [] };
    keepAnAdmin(admins, before, { role: before.role, level: before.level, disabled }, '_id');
    await repo.setDisabled(tx, before._id, disabled);
    const ended = disabled ? await endSessionsOfUser(tx, before._id, 'disabled') : [];
    const after = userRecord((await repo.findUser(tx, before._id))!);
    await writeAudit(tx, ctx, {
      action: disabled ? 'user.disable' : 'user.enable', entity: AUDIT_ENTITY, entityId: before._id, oldValue: userRecord(before), newValue: after,
    });
    return { record: after, endedSessions: ended };
  });
  realtime?.endSessionSockets(endedSessions);
  return record;
}

/** POST /postavke/users/password: an administrator sets a new password, which the user must change at the next sign-in. */
export async function resetPassword(
  db: Db, realtime: RealtimeHub | undefined, ctx: RequestContext, id: string, password: string,
): Promise<UserRecord> {
  const passwordHash = await hashPassword(password);
  const { record, endedSessions } = await db.transaction(async (tx): Promise<Outcome> => {
    const { before } = await lockForChange(tx, id);
    await repo.setAdministratorPassword(tx, before._id, passwordHash);
    // Whoever knew the old password is signed out everywhere, the administrator's own session aside.
    const ended = await endSessionsOfUser(tx, before._id, 'password-reset', ctx.sessionId);
    const after = userRecord((await repo.findUser(tx, before._id))!);
    // The trail says that the password was reset and by whom; the password itself never enters it.
    await writeAudit(tx, ctx, {
      action: 'user.passwordReset', entity: AUDIT_ENTITY, entityId: before._id, field: 'password', oldValue: userRecord(before), newValue: after,
    });
    return { record: after, endedSessions: ended };
  });
  realtime?.endSessionSockets(endedSessions);
  return record;
}

export async function userHistory(db: Db, id: string): Promise<SettingsHistoryEntry[]> {
  if (!(await repo.findUser(db, id))) throw AppError.notFound();
  return settingsHistory(db, AUDIT_ENTITY, id);
}

/** GET /postavke/users/napadi: the accounts with failed sign-ins in the throttle's window, for the administrator. */
export function signInAttacks(db: Db): Promise<{ data: SignInAttackRow[]; windowMinutes: number }> {
  return accountsUnderAttack(db);
}
