import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { can, isRole } from '@lis/domain';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { hashToken } from '../../lib/tokens.ts';
import { findActiveSession, touchSession } from './session-repository.ts';

// Writing last_seen_at on every call would make each read a write; a minute of slack is plenty for an 8 h idle limit.
const TOUCH_INTERVAL_MS = 60_000;

function field(source: unknown, name: string): string | undefined {
  if (source && typeof source === 'object' && name in source) {
    const value = (source as Record<string, unknown>)[name];
    if (typeof value === 'string' && value.length > 0) return value;
  }
  return undefined;
}

/** Token from `Authorization: Bearer`, else `token` in query or body, as the spec's clients send it. */
export function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || undefined;
  return field(request.query, 'token') ?? field(request.body, 'token');
}

export function siteOf(request: FastifyRequest): string | undefined {
  const header = request.headers['x-site'];
  if (typeof header === 'string' && header) return header;
  return field(request.query, 'site') ?? field(request.body, 'site');
}

/**
 * Every /api route declares `config.permission`; this hook resolves the caller
 * and refuses what the permission table does not grant. A route without a
 * declared permission is refused outright (and fails the route-audit test).
 */
export const authHook = fp((app: FastifyInstance, options: { db: Db }) => {
  app.decorateRequest('ctx');
  // Before the route's input validation: a caller without a session gets 401, never a 400 telling them the input rules.
  app.addHook('preValidation', async (request) => {
    const permission = request.routeOptions.config.permission;
    // Unmatched paths reach the not-found handler, which answers 404 on its own.
    if (!request.url.startsWith('/api/') || request.routeOptions.url === undefined) return;
    if (permission === 'public') return;
    if (permission === undefined) throw AppError.forbidden();

    const token = tokenOf(request);
    if (!token || token.length > 200) throw AppError.unauthorized();
    const now = new Date();
    const session = await findActiveSession(options.db, hashToken(token), now);
    if (!session || !isRole(session.role)) throw AppError.unauthorized();

    const requestedSite = siteOf(request);
    const siteId = requestedSite ?? session.siteId;
    if (!session.siteIds.includes(siteId)) throw AppError.forbidden('auth.siteForbidden');
    if (session.mustChangePassword && request.routeOptions.config.beforePasswordChange !== true) {
      throw AppError.forbidden('auth.passwordChangeRequired');
    }
    if (permission !== 'authenticated' && !can(session.role, session.accessLevel, permission)) {
      throw AppError.forbidden(request.routeOptions.config.refusal);
    }
    const touchInterval = Math.min(TOUCH_INTERVAL_MS, (session.idleSeconds * 1000) / 4);
    if (now.getTime() - session.lastSeenAt.getTime() > touchInterval) {
      await touchSession(options.db, session.sessionId, now);
    }
    request.ctx = {
      userId: session.userId,
      email: session.email,
      sessionId: session.sessionId,
      role: session.role,
      accessLevel: session.accessLevel,
      language: session.language,
      siteId,
      siteIds: session.siteIds,
      requestId: request.id,
    };
  });
  return Promise.resolve();
});
