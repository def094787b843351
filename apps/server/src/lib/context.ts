import type { CallSpec, MessageCode, Permission, Role } from '@lis/domain';

/** Who is calling and for which site, resolved by the auth hook from the token. */
export interface RequestContext {
  userId: string;
  email: string;
  sessionId: string;
  role: Role;
  accessLevel: number;
  language: string;
  /** The site this call works on: the `site` of the call, checked against the user's sites. */
  siteId: string;
  siteIds: string[];
  requestId: string;
}

/** What a route may need. 'public' routes take no token. */
export type RoutePermission = Permission | 'public' | 'authenticated';

declare module 'fastify' {
  interface FastifyContextConfig {
    permission?: RoutePermission;
    /**
     * The call stays open to a user who must still change the password an administrator set (the password
     * change itself, sign-out, and the own profile the web's auto-login reads); every other call answers
     * 403 auth.passwordChangeRequired until the password is changed.
     */
    beforePasswordChange?: boolean;
    /** The 403 code when the caller lacks the permission, where a route has a clearer word than 'auth.forbidden'. */
    refusal?: MessageCode;
    /** The call contract the route was registered from (lib/register-call.ts). */
    contract?: CallSpec;
  }
  interface FastifyRequest {
    ctx: RequestContext;
  }
}
