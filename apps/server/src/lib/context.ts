import { can, type CallSpec, type MessageCode, type Permission, type Role } from '@lis/domain';

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
  /**
   * Set only in the autoverification engine's context: the rule set (name and version) releasing the sample and
   * the specialist the site names responsible for what the rules release, as the issued report prints them.
   */
  releasedByRules?: { ruleSet: string; responsible: string | null };
  /**
   * A system client's call: the permissions the client was given, which replace the role table (its account's role
   * and level grant nothing of their own). Absent for a person.
   */
  permissions?: readonly Permission[];
}

/** Whether the caller may do `permission`: a system client by its own list, a person by the role table. */
export function allows(ctx: RequestContext, permission: Permission): boolean {
  return ctx.permissions ? ctx.permissions.includes(permission) : can(ctx.role, ctx.accessLevel, permission);
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
