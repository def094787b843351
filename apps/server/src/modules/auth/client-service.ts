import { randomBytes, timingSafeEqual } from 'node:crypto';
import {
  CLIENT_TOKEN_SECONDS, PERMISSIONS, type ClientTokenAnswer, type Permission, type SystemClient, type SystemClientElement,
} from '@lis/domain';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../db/audit.ts';
import type { RequestContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import * as clients from './client-repository.ts';
import * as repo from './repository.ts';
import { accountDelayMs, reserve, THROTTLE, type ThrottleLog } from './service.ts';
import { endUserSessions } from './session-repository.ts';

// System clients: a hospital system's technical account with its own permissions and site list, and the
// OAuth 2.0 client credentials grant that gives it Bearer tokens (docs/api/fhir-hl7.md, "System clients").
//
// Why a `users` row per client: every audit row, access-log row and created-by column of the system names a
// user, and site scoping reads `user_sites`. A client's token is a session of its own account, so everything the
// client does is checked and recorded by the very code that checks and records a person, under the client's name
// (the account's `ime`), with nothing to keep in step. The account is disabled and has no password hash, so it can
// never sign in with a password; the session lookup lets its tokens through only while the client is active.

const AUDIT_ENTITY = 'system_client';

function answer(row: clients.ClientRow): SystemClient {
  return {
    _id: row.id, naziv: row.naziv, clientId: row.clientId,
    permissions: row.permissions.filter((permission): permission is Permission => (PERMISSIONS as readonly string[]).includes(permission)),
    sites: row.sites, aktivan: row.active, createdAt: row.createdAt.toISOString(), lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

/** GET /postavke/klijenti/list: every client by name. */
export async function listClients(db: Db): Promise<SystemClient[]> {
  return (await clients.listClients(db)).map(answer);
}

async function assertSites(db: Db, siteIds: readonly string[]): Promise<void> {
  const known = await clients.existingSites(db, siteIds);
  const unknown = siteIds.findIndex((id) => !known.has(id));
  if (unknown >= 0) throw AppError.badRequest('settings.siteUnknown', `element.sites.${unknown}`);
}

/** A new client id: `klijent-` and 64 random bits in hex (public, but not guessable in bulk). */
function newClientId(): string {
  return `klijent-${randomBytes(8).toString('hex')}`;
}

async function reloaded(db: Db, id: string): Promise<SystemClient> {
  const row = (await clients.listClients(db)).find((client) => client.id === id);
  if (!row) throw AppError.notFound();
  return answer(row);
}

/**
 * POST /postavke/klijenti/save: without `_id` makes a client and answers its secret, the only time it is shown;
 * with `_id` changes the name, permissions and sites (its tokens keep working, with the new rights from the next
 * call). Audited as client.create / client.update.
 */
export async function saveClient(db: Db, ctx: RequestContext, element: SystemClientElement): Promise<{ element: SystemClient; secret?: string }> {
  const permissions = [...new Set(element.permissions)];
  const siteIds = [...new Set(element.sites)];
  await assertSites(db, siteIds);
  if (element._id === undefined) {
    const secret = newToken();
    const clientId = newClientId();
    const id = await db.transaction(async (tx) => {
      const made = await clients.insertClient(tx, { naziv: element.naziv, clientId, secretHash: hashToken(secret), permissions, sites: siteIds, createdBy: ctx.userId || null });
      await writeAudit(tx, ctx, { action: 'client.create', entity: AUDIT_ENTITY, entityId: made, newValue: { naziv: element.naziv, clientId, permissions, sites: siteIds } });
      return made;
    });
    return { element: await reloaded(db, id), secret };
  }
  const id = element._id;
  await db.transaction(async (tx) => {
    const before = await clients.lockClient(tx, id);
    if (!before) throw AppError.notFound();
    await clients.updateClient(tx, before, { naziv: element.naziv, permissions, sites: siteIds });
    const after = { naziv: element.naziv, permissions, sites: [...siteIds].sort() };
    const changes = (['naziv', 'permissions', 'sites'] as const)
      .filter((field) => JSON.stringify(field === 'naziv' ? before.naziv : field === 'sites' ? before.sites : before.permissions) !== JSON.stringify(after[field]))
      .map((field) => ({
        action: 'client.update', entity: AUDIT_ENTITY, entityId: id, field,
        oldValue: field === 'naziv' ? before.naziv : field === 'sites' ? before.sites : before.permissions, newValue: after[field],
      }));
    await writeAudit(tx, ctx, changes);
  });
  return { element: await reloaded(db, id) };
}

/**
 * POST /postavke/klijenti/secret: a new secret, answered once; the old one stops at once, and so do the tokens
 * it gave (the client's sessions end). Audited as client.secret (never the secret itself).
 */
export async function rotateSecret(db: Db, ctx: RequestContext, id: string): Promise<{ element: SystemClient; secret: string }> {
  const secret = newToken();
  await db.transaction(async (tx) => {
    const row = await clients.lockClient(tx, id);
    if (!row) throw AppError.notFound();
    await clients.setSecretHash(tx, row.id, hashToken(secret));
    await endUserSessions(tx, row.userId, 'client-secret-rotated');
    await writeAudit(tx, ctx, { action: 'client.secret', entity: AUDIT_ENTITY, entityId: row.id, field: 'secret' });
  });
  return { element: await reloaded(db, id), secret };
}

/**
 * POST /postavke/klijenti/active: deactivates or reactivates a client. A deactivated client's tokens are refused
 * from the next call on (the session lookup reads `active`) and it gets no new ones. Reactivating ends the
 * sessions it had, so a token from before the deactivation never comes back to life. Audited.
 */
export async function setClientActive(db: Db, ctx: RequestContext, id: string, active: boolean): Promise<SystemClient> {
  await db.transaction(async (tx) => {
    const row = await clients.lockClient(tx, id);
    if (!row) throw AppError.notFound();
    if (row.active === active) return;
    await clients.setActive(tx, row.id, active);
    if (active) await endUserSessions(tx, row.userId, 'client-reactivated');
    await writeAudit(tx, ctx, { action: active ? 'client.activate' : 'client.deactivate', entity: AUDIT_ENTITY, entityId: row.id, field: 'active', oldValue: row.active, newValue: active });
  });
  return reloaded(db, id);
}

// A real hash to compare with when the client id is unknown: an unknown id costs what a known one costs.
const DUMMY_SECRET_HASH = hashToken(newToken());

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

export interface TokenRequest {
  clientId: string | undefined;
  clientSecret: string | undefined;
  ip: string;
  userAgent: string;
  log?: ThrottleLog;
}

/**
 * POST /oauth/token: the client credentials grant. Throttled exactly as a sign-in (service.ts THROTTLE), the client
 * id standing for the account (`client:<id>` in the counters and the sign-in attempts the administrator sees).
 * Every refusal of the credentials is the same 401 auth.invalidClient, whether the id is unknown, the secret wrong
 * or the client deactivated: the answer never tells which part was wrong.
 */
export async function issueClientToken(db: Db, request: TokenRequest): Promise<ClientTokenAnswer> {
  const clientId = request.clientId?.trim() ?? '';
  const secret = request.clientSecret ?? '';
  if (clientId === '' || secret === '') throw new AppError(401, 'auth.invalidClient');
  const key = `client:${clientId.toLowerCase()}`;
  const failures = await repo.countAccountFailures(db, key, new Date(Date.now() - THROTTLE.windowSeconds * 1000));
  const delay = accountDelayMs(failures);
  if (delay > 0) {
    request.log?.warn({ event: 'auth.slowed', account: key, ip: request.ip, failures, delayMs: delay }, 'client token slowed: many failed attempts on the client');
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
  const reserved = await reserve(db, key, request.ip);
  if (reserved !== 'ok') {
    await repo.recordLoginAttempt(db, { email: key, ip: request.ip, success: false, reason: 'throttled' });
    request.log?.warn({ event: 'auth.throttled', scope: reserved, account: key, ip: request.ip }, 'client token refused by the throttle');
    throw new AppError(429, 'auth.throttled');
  }
  const client = await clients.findByClientId(db, clientId.toLowerCase());
  const secretOk = sameHash(client?.secretHash ?? DUMMY_SECRET_HASH, hashToken(secret));
  const refuse = async (reason: 'unknown-user' | 'wrong-password' | 'disabled' | 'no-site') => {
    await repo.recordLoginAttempt(db, { email: key, ip: request.ip, success: false, reason });
    if (reason === 'unknown-user' || reason === 'wrong-password') {
      request.log?.warn({ event: 'auth.failed', account: key, ip: request.ip }, 'client token refused: unknown client or wrong secret');
    }
    throw new AppError(401, 'auth.invalidClient');
  };
  if (!client) return refuse('unknown-user');
  if (!secretOk) return refuse('wrong-password');
  await repo.releaseAttempt(db, key, request.ip);
  if (!client.active) return refuse('disabled');
  const home = (await repo.sitesOfUser(db, client.userId))[0];
  if (!home) return refuse('no-site');

  const token = newToken();
  const now = new Date();
  await repo.createSession(db, {
    tokenHash: hashToken(token), userId: client.userId, siteId: home.id, ip: request.ip, userAgent: request.userAgent.slice(0, 300),
    idleSeconds: CLIENT_TOKEN_SECONDS, lastSeenAt: now, expiresAt: new Date(now.getTime() + CLIENT_TOKEN_SECONDS * 1000),
  });
  await clients.markUsed(db, client.id, now);
  await repo.recordLoginAttempt(db, { email: key, ip: request.ip, success: true, reason: 'ok' });
  return { access_token: token, token_type: 'Bearer', expires_in: CLIENT_TOKEN_SECONDS };
}
