import type { FastifyInstance, FastifyRequest } from 'fastify';
import { systemClientContracts } from '@lis/domain';
import type { AppOptions } from '../../app-options.ts';
import { registerCall } from '../../lib/register-call.ts';
import * as service from './client-service.ts';

const TAGS = ['postavke'];

/** RFC 6749 §2.3.1: the client may send its id and secret as HTTP Basic authentication, each form-encoded. */
function basicCredentials(request: FastifyRequest): { id: string; secret: string } | null {
  const header = request.headers.authorization;
  if (!header?.startsWith('Basic ')) return null;
  const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  try {
    return { id: decodeURIComponent(decoded.slice(0, colon)), secret: decodeURIComponent(decoded.slice(colon + 1)) };
  } catch {
    return null;
  }
}

export async function systemClientRoutes(app: FastifyInstance, { db }: AppOptions): Promise<void> {
  registerCall(app, systemClientContracts.list, {
    tags: TAGS,
    summary: 'System clients',
    description: 'Every system client by name: `clientId`, `permissions`, `sites`, `aktivan`, `createdAt`, `lastUsedAt`; never a secret. '
      + '`200 { success: true, data }`.',
  }, async () => ({ success: true as const, data: await service.listClients(db) }));

  registerCall(app, systemClientContracts.save, {
    tags: TAGS,
    summary: 'Make or change a system client',
    description: '`element` without `_id` makes a client: `200 { success: true, element, secret }`, the secret shown this once. '
      + 'With `_id` changes `naziv`, `permissions` (of the role table\'s) and `sites`. A refusal names the field (`element.permissions`, '
      + '`element.sites.0`): `400 settings.permissionsRequired`, `settings.sitesRequired`, `settings.siteUnknown`; an unknown `_id` `404`. Audited.',
  }, async (request) => ({ success: true as const, ...(await service.saveClient(db, request.ctx, request.body.element)) }));

  registerCall(app, systemClientContracts.rotate, {
    tags: TAGS,
    summary: "Rotate a system client's secret",
    description: 'A new secret, answered this once: `200 { success: true, element, secret }`. The old secret and every token it gave stop at once. Audited.',
  }, async (request) => ({ success: true as const, ...(await service.rotateSecret(db, request.ctx, request.body._id)) }));

  registerCall(app, systemClientContracts.active, {
    tags: TAGS,
    summary: 'Deactivate or reactivate a system client',
    description: '`aktivan: false`: the client\'s tokens are refused from the next call on (401) and it gets no new ones. '
      + '`aktivan: true`: it may get tokens again; tokens from before stay dead. `200 { success: true, element }`. Audited.',
  }, async (request) => ({ success: true as const, element: await service.setClientActive(db, request.ctx, request.body._id, request.body.aktivan) }));

  // The token endpoint takes the form body OAuth 2.0 clients send (application/x-www-form-urlencoded) as well as
  // JSON; the parser is this scope's only, so no other route takes form bodies.
  await app.register((scope: FastifyInstance) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))));
    });
    registerCall(scope, systemClientContracts.token, {
      tags: ['prijava'],
      summary: 'A system client\'s access token (OAuth 2.0 client credentials)',
      description: '`grant_type=client_credentials` with `client_id` and `client_secret` in the body (form or JSON) or as HTTP Basic '
        + 'authentication. `200 { access_token, token_type: "Bearer", expires_in: 3600 }`: the token is used as `Authorization: Bearer` on '
        + '/fhir/R4 and on the API, with the client\'s permissions and sites. An unknown client, a wrong secret or a deactivated client: '
        + 'the same `401 auth.invalidClient`, never saying which. Throttled like sign-in (5 failures per client from one address, 20 per '
        + 'address, in 15 minutes): `429 auth.throttled`. Another grant type: `400 auth.grantTypeUnsupported (grant_type)`.',
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    }, async (request, reply) => {
      const basic = basicCredentials(request);
      const token = await service.issueClientToken(db, {
        clientId: basic?.id ?? request.body.client_id, clientSecret: basic?.secret ?? request.body.client_secret,
        ip: request.ip, userAgent: request.headers['user-agent'] ?? '', log: request.log,
      });
      // RFC 6749 §5.1: a token answer is never cached.
      void reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
      return token;
    });
    return Promise.resolve();
  });
}
