import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { sites, users, userSites } from '../../db/shared-tables.ts';
import { qualified } from '../../db/qualified.ts';
import { isUuid } from '../../lib/ids.ts';
import { systemClients } from './tables.ts';

/**
 * The system clients and their accounts. A client's site list is the `user_sites` of its account, so a token of
 * the client is scoped exactly as a person's session (the auth hook reads the same rows).
 */

const clientSiteIds = sql<string[]>`coalesce((select array_agg(${qualified(userSites.siteId)}::text order by ${qualified(userSites.siteId)}) from ${userSites} where ${qualified(userSites.userId)} = ${qualified(systemClients.userId)}), '{}')`;

const clientColumns = {
  id: systemClients.id,
  naziv: systemClients.naziv,
  clientId: systemClients.clientId,
  secretHash: systemClients.secretHash,
  permissions: systemClients.permissions,
  userId: systemClients.userId,
  active: systemClients.active,
  createdAt: systemClients.createdAt,
  lastUsedAt: systemClients.lastUsedAt,
  sites: clientSiteIds,
};

export type ClientRow = Awaited<ReturnType<typeof listClients>>[number];

export function listClients(db: Db) {
  return db.select(clientColumns).from(systemClients).orderBy(asc(systemClients.naziv), asc(systemClients.createdAt));
}

/** The client by row id, locked for the rest of the transaction when `tx` is one that asks so. */
export async function lockClient(tx: Tx, id: string): Promise<ClientRow | null> {
  if (!isUuid(id)) return null;
  const rows = await tx.select(clientColumns).from(systemClients).where(eq(systemClients.id, id)).for('update').limit(1);
  return rows[0] ?? null;
}

export async function findByClientId(db: Db, clientId: string): Promise<ClientRow | null> {
  const rows = await db.select(clientColumns).from(systemClients).where(eq(systemClients.clientId, clientId)).limit(1);
  return rows[0] ?? null;
}

/** Whether the account is a system client's (it never signs in with a password). */
export async function isClientAccount(db: Db, userId: string): Promise<boolean> {
  const rows = await db.select({ id: systemClients.id }).from(systemClients).where(eq(systemClients.userId, userId)).limit(1);
  return rows.length > 0;
}

/** Of these site ids, the ones that exist. */
export async function existingSites(db: Db, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: sites.id }).from(sites).where(inArray(sites.id, [...ids]));
  return new Set(rows.map((row) => row.id));
}

/**
 * Makes the client and its account: disabled, with no password hash ('!' matches no password), named after the
 * client, so audit rows and the access log show the client's name. Role viewer at level 1 grants nothing by
 * itself: a client's calls are judged by its own permission list.
 */
export async function insertClient(tx: Tx, client: {
  naziv: string; clientId: string; secretHash: string; permissions: string[]; sites: readonly string[]; createdBy: string | null;
}): Promise<string> {
  const [account] = await tx.insert(users).values({
    email: `${client.clientId}@system.lis`, passwordHash: '!', ime: client.naziv, prezime: '', role: 'viewer', accessLevel: 1, disabled: true,
  }).returning({ id: users.id });
  if (!account) throw new Error('the client account was not made');
  await setSites(tx, account.id, client.sites);
  const [row] = await tx.insert(systemClients).values({
    naziv: client.naziv, clientId: client.clientId, secretHash: client.secretHash, permissions: client.permissions, userId: account.id, createdBy: client.createdBy,
  }).returning({ id: systemClients.id });
  if (!row) throw new Error('the client was not made');
  return row.id;
}

export async function updateClient(tx: Tx, row: ClientRow, change: { naziv: string; permissions: string[]; sites: readonly string[] }): Promise<void> {
  await tx.update(systemClients).set({ naziv: change.naziv, permissions: change.permissions }).where(eq(systemClients.id, row.id));
  await tx.update(users).set({ ime: change.naziv, updatedAt: new Date() }).where(eq(users.id, row.userId));
  await setSites(tx, row.userId, change.sites);
}

async function setSites(tx: Tx, userId: string, siteIds: readonly string[]): Promise<void> {
  await tx.delete(userSites).where(eq(userSites.userId, userId));
  if (siteIds.length > 0) await tx.insert(userSites).values(siteIds.map((siteId) => ({ userId, siteId })));
}

export async function setSecretHash(tx: Tx, id: string, secretHash: string): Promise<void> {
  await tx.update(systemClients).set({ secretHash }).where(eq(systemClients.id, id));
}

export async function setActive(tx: Tx, id: string, active: boolean): Promise<void> {
  await tx.update(systemClients).set({ active }).where(eq(systemClients.id, id));
}

export async function markUsed(db: Db, id: string, at: Date): Promise<void> {
  await db.update(systemClients).set({ lastUsedAt: at }).where(eq(systemClients.id, id));
}
