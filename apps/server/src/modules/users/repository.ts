import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Role } from '@lis/domain';
import type { Db, Tx } from '../../db/client.ts';
import { type ListRequest, type ListSpec, runList } from '../../db/list-query.ts';
import { sites, users, userSites } from '../../db/shared-tables.ts';
import { sessions } from '../auth/tables.ts';
import { qualified } from '../../db/qualified.ts';
import { isUuid } from '../../lib/ids.ts';

/**
 * The users of the lab as the settings screens manage them. Users are lab-wide (no site column); their
 * sites are rows of user_sites. The password hash is written here and never read back into an answer.
 */

const userSiteIds = sql<string[]>`coalesce((select array_agg(${qualified(userSites.siteId)}::text order by ${qualified(userSites.siteId)}) from ${userSites} where ${qualified(userSites.userId)} = ${qualified(users.id)}), '{}')`;

/** The columns of a user record (no password hash), the same for a list row and a single read. */
const userColumns = {
  _id: users.id,
  email: users.email,
  ime: users.ime,
  prezime: users.prezime,
  // Stored roles are the domain's (users_role_check is not needed: only this module and the seed write them).
  role: sql<Role>`${users.role}`,
  level: users.accessLevel,
  sites: userSiteIds,
  language: users.language,
  idleTime: users.idleTime,
  defaultRoute: users.defaultRoute,
  mikrobiologija: users.mikrobiologija,
  expiresAt: users.expiresAt,
  disabled: users.disabled,
  mustChangePassword: users.mustChangePassword,
};

export type UserRecordRow = NonNullable<Awaited<ReturnType<typeof findUser>>>;

/**
 * GET /postavke/users/list: one page, the sites' codes and the last sign-in read for the page's rows only.
 * A lab has hundreds or a few thousand users, so the page is a top-N sort of the table; what grows for years
 * is sessions, and each row's last sign-in is one backward step of sessions_user_idx (user_id, created_at).
 */
export function usersListSpec(db: Db) {
  return {
    site: 'lab-wide',
    query: () => db.select({
      ...userColumns,
      siteCodes: sql<string[]>`coalesce((select array_agg(${qualified(sites.sifra)} order by ${qualified(sites.sifra)}) from ${userSites} join ${sites} on ${qualified(sites.id)} = ${qualified(userSites.siteId)} where ${qualified(userSites.userId)} = ${qualified(users.id)}), '{}')`,
      // A sign-in is a session's creation: the newest one is the first entry of sessions_user_idx read backwards.
      lastSignIn: sql<Date | null>`(select max(${qualified(sessions.createdAt)}) from ${sessions} where ${qualified(sessions.userId)} = ${qualified(users.id)})`
        .mapWith((value: string | Date | null) => (value === null ? null : new Date(value))),
      createdAt: users.createdAt,
    }).from(users).$dynamic(),
    sortable: {
      email: users.email, ime: users.ime, prezime: users.prezime, role: users.role, level: users.accessLevel,
      disabled: users.disabled, createdAt: users.createdAt,
    },
    defaultSort: [{ field: 'prezime', direction: 'asc' }, { field: 'ime', direction: 'asc' }],
    primaryKey: users.id,
    filter: [users.email, users.ime, users.prezime, users.role],
  } satisfies ListSpec<PgSelect>;
}

export function listUsers(db: Db, list: ListRequest<unknown>) {
  return runList(db, list, usersListSpec(db));
}

export async function findUser(db: Db, id: string) {
  if (!isUuid(id)) return null;
  const rows = await db.select(userColumns).from(users).where(eq(users.id, id)).limit(1);
  return rows[0] ?? null;
}

/** The user's row locked for the rest of the transaction (null when there is none). */
export async function lockUser(tx: Tx, id: string) {
  if (!isUuid(id)) return null;
  const rows = await tx.select(userColumns).from(users).where(eq(users.id, id)).for('update').limit(1);
  return rows[0] ?? null;
}

/**
 * The active level-0 administrators, their rows locked until the transaction ends. Two administrators
 * demoting each other at once: the second waits for the first, then (read committed re-reads a locked row
 * that changed) no longer counts the one the first demoted, so it sees the truth and refuses.
 */
export async function lockActiveAdmins(tx: Tx): Promise<string[]> {
  const rows = await tx.select({ id: users.id }).from(users)
    .where(and(eq(users.role, 'admin'), eq(users.accessLevel, 0), eq(users.disabled, false)))
    .orderBy(users.id)
    .for('update');
  return rows.map((row) => row.id);
}

/** Which of the ids are sites that exist. */
export async function existingSiteIds(db: Db, ids: readonly string[]): Promise<Set<string>> {
  const valid = ids.filter(isUuid);
  if (valid.length === 0) return new Set();
  const rows = await db.select({ id: sites.id }).from(sites).where(inArray(sites.id, valid));
  return new Set(rows.map((row) => row.id));
}

export interface UserFields {
  email: string;
  ime: string;
  prezime: string;
  role: string;
  accessLevel: number;
  language: string;
  idleTime: number;
  defaultRoute: string;
  mikrobiologija: boolean;
  expiresAt: Date | null;
}

export async function insertUser(tx: Tx, fields: UserFields & { passwordHash: string }): Promise<string> {
  const rows = await tx.insert(users).values({ ...fields, mustChangePassword: true }).returning({ id: users.id });
  return rows[0]!.id;
}

export async function updateUser(tx: Tx, id: string, fields: UserFields): Promise<void> {
  await tx.update(users).set({ ...fields, updatedAt: new Date() }).where(eq(users.id, id));
}

/** The user's sites become exactly `siteIds`. */
export async function replaceUserSites(tx: Tx, userId: string, siteIds: readonly string[]): Promise<void> {
  await tx.delete(userSites).where(eq(userSites.userId, userId));
  if (siteIds.length > 0) await tx.insert(userSites).values(siteIds.map((siteId) => ({ userId, siteId })));
}

export async function setDisabled(tx: Tx, id: string, disabled: boolean): Promise<void> {
  await tx.update(users).set({ disabled, updatedAt: new Date() }).where(eq(users.id, id));
}

/** A password an administrator set: the user must change it at the next sign-in. */
export async function setAdministratorPassword(tx: Tx, id: string, passwordHash: string): Promise<void> {
  await tx.update(users).set({ passwordHash, mustChangePassword: true, passwordChangedAt: new Date(), updatedAt: new Date() })
    .where(eq(users.id, id));
}
