import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { can, isRole, type Permission, type Role } from '@lis/domain';
import type { Db } from '../../db/client.ts';
import type { RoutePermission } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { hashToken } from '../../lib/tokens.ts';
import { findActiveSession, touchClient, touchSession, type ActiveSession } from './session-repository.ts';

// Writing last_seen_at on every call would make each read a write; a minute of slack is plenty for an 8 h idle limit.
const TOUCH_INTERVAL_MS = 60_000;

function field(source: unknown, name: string): string | undefined {
  if (source && typeof source === 'object' && name in source) {
    const value = (source as Record<string, unknown>)[name];
    if (typeof value === 'string' && value.length > 0) return value;
  }
  return undefined;
}

/** Token from `Authorization: Bearer`, else `token` in the query: both are known when the request's headers arrive. */
export function addressTokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || undefined;
  return field(request.query, 'token');
}

/** Token from `Authorization: Bearer`, else `token` in query or body, as the spec's clients send it. */
export function tokenOf(request: FastifyRequest): string | undefined {
  return addressTokenOf(request) ?? field(request.body, 'token');
}

/** Site from the `x-site` header, else `site` in the query: both are known when the request's headers arrive. */
function addressSiteOf(request: FastifyRequest): string | undefined {
  const header = request.headers['x-site'];
  if (typeof header === 'string' && header) return header;
  return field(request.query, 'site');
}

export function siteOf(request: FastifyRequest): string | undefined {
  return addressSiteOf(request) ?? field(request.body, 'site');
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's session once the auth hook has found it and checked the route's permission. */
    authSession?: ActiveSession;
  }
}

/**
 * Every /api route (and every route of the FHIR API under /fhir) declares `config.permission`; this hook resolves the caller
 * and refuses what the permission table does not grant. A route without a
 * declared permission is refused outright (and fails the route-audit test).
 *
 * Auth before body: a token in the Authorization header or the query is checked,
 * with the route's permission, as soon as the request's headers arrive
 * (onRequest), before a byte of the body is read, so a caller without a session
 * costs a moment however large the body it sends. The spec also lets a client
 * send `token` in the body; that can only be read once the body is parsed
 * (preValidation), so it is taken only on routes whose body limit is the app's
 * default (1 MB). A route that allows more (an upload: the import file, chat
 * attachments, reference data) takes its token from the header or query only,
 * and answers 401 when neither has one, before reading the body.
 */
export const authHook = fp((app: FastifyInstance, options: { db: Db }) => {
  const defaultBodyLimit = app.initialConfig.bodyLimit ?? 1_048_576;
  app.decorateRequest('ctx');
  app.decorateRequest('authSession', undefined);

  /** The route's declared permission, or null when the route checks no session (not /api, unmatched, public). */
  function guardedPermission(request: FastifyRequest): Exclude<RoutePermission, 'public'> | null {
    // Unmatched paths reach the not-found handler, which answers 404 on its own.
    if (!(request.url.startsWith('/api/') || request.url.startsWith('/fhir/')) || request.routeOptions.url === undefined) return null;
    const permission = request.routeOptions.config.permission;
    if (permission === 'public') return null;
    if (permission === undefined) throw AppError.forbidden();
    return permission;
  }

  /** The session behind `token`, with the route's permission checked; refuses 401 or 403. */
  async function authenticate(request: FastifyRequest, permission: Exclude<RoutePermission, 'public'>, token: string | undefined): Promise<ActiveSession> {
    if (!token || token.length > 200) throw AppError.unauthorized();
    const now = new Date();
    const session = await findActiveSession(options.db, hashToken(token), now);
    if (!session || !isRole(session.role)) throw AppError.unauthorized();
    // A site named in the header or query is checked here already, so its refusal comes first as it always has.
    const addressSite = addressSiteOf(request);
    if (addressSite !== undefined && !session.siteIds.includes(addressSite)) throw AppError.forbidden('auth.siteForbidden');
    if (session.mustChangePassword && request.routeOptions.config.beforePasswordChange !== true) {
      throw AppError.forbidden('auth.passwordChangeRequired');
    }
    // A system client may do what its own list grants; a person what the role table grants the role and level.
    const granted = session.client
      ? session.client.permissions.includes(permission)
      : permission !== 'authenticated' && can(session.role, session.accessLevel, permission);
    if (permission !== 'authenticated' && !granted) {
      throw AppError.forbidden(request.routeOptions.config.refusal);
    }
    const touchInterval = Math.min(TOUCH_INTERVAL_MS, (session.idleSeconds * 1000) / 4);
    if (now.getTime() - session.lastSeenAt.getTime() > touchInterval) {
      await touchSession(options.db, session.sessionId, now);
      if (session.client) await touchClient(options.db, session.client.id, now);
    }
    return session;
  }

  app.addHook('onRequest', async (request) => {
    const permission = guardedPermission(request);
    if (permission === null) return;
    const token = addressTokenOf(request);
    if (token !== undefined) {
      request.authSession = await authenticate(request, permission, token);
    } else if ((request.routeOptions.bodyLimit ?? defaultBodyLimit) > defaultBodyLimit) {
      // A large-body route: no token before the body, no body read.
      throw AppError.unauthorized();
    }
  });

  // Before the route's input validation: a caller without a session gets 401, never a 400 telling them the input rules.
  app.addHook('preValidation', async (request) => {
    const permission = guardedPermission(request);
    if (permission === null) return;
    const session = request.authSession ?? await authenticate(request, permission, tokenOf(request));

    const requestedSite = siteOf(request);
    const siteId = requestedSite ?? session.siteId;
    if (!session.siteIds.includes(siteId)) throw AppError.forbidden('auth.siteForbidden');
    request.ctx = {
      userId: session.userId,
      email: session.email,
      sessionId: session.sessionId,
      role: session.role as Role,
      accessLevel: session.accessLevel,
      language: session.language,
      siteId,
      siteIds: session.siteIds,
      requestId: request.id,
      ...(session.client ? { permissions: session.client.permissions as Permission[] } : {}),
    };
  });
  return Promise.resolve();
});
