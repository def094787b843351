import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import { databaseRateLimitStore } from './db/rate-limit-store.ts';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject, serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { message } from '@lis/domain';
// The password rule's common-password list is its own entry point (the browser loads it only with a password form);
// the server always checks new passwords against it.
import '@lis/domain/common-passwords';
import type { AppOptions } from './app-options.ts';
import { connectionFailure } from './lib/db-errors.ts';
import { AppError } from './lib/errors.ts';
import { answerUnreadableUrl, inputGuard } from './lib/input-guard.ts';
import { frameworkRefusal, validationRefusal, validatorCompiler } from './lib/validation.ts';
import { authHook } from './modules/auth/auth-hook.ts';
import { registerFhirApi, registerModules } from './modules/index.ts';
import { enforceRouteContracts } from './lib/route-contracts.ts';
import { RealtimeHub } from './realtime/hub.ts';

const BODY_LIMIT = 1_048_576;

export async function buildApp(input: AppOptions): Promise<FastifyInstance> {
  const options: AppOptions & { realtime: RealtimeHub } = { ...input, realtime: input.realtime ?? new RealtimeHub() };
  const app = Fastify({
    logger: options.logger === false ? false : {
      level: options.config.logLevel,
      // Patient data travels in bodies and query strings: log the route, never the values.
      serializers: {
        req: (req: { method: string; routeOptions?: { url?: string }; id: string }) => ({
          method: req.method, route: req.routeOptions?.url, id: req.id,
        }),
      },
    },
    bodyLimit: BODY_LIMIT,
    genReqId: () => randomUUID(),
    // Only behind a reverse proxy may X-Forwarded-For name the client: else anyone could dodge the per-address sign-in throttle.
    trustProxy: options.config.trustProxy ?? false,
    ajv: { customOptions: { removeAdditional: false } },
    frameworkErrors: answerUnreadableUrl,
  });

  // Every route's request and answers are zod contracts from @lis/domain: requests are validated and answers serialised through them.
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  enforceRouteContracts(app);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine injects its CSS variables in a <style> tag at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        // 'self' covers the page's own origin over ws: and wss: too (CSP Level 3), which is all the
        // socket needs; any other host, by any scheme, is no one the page may talk to.
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameSrc: ["'self'", 'blob:'],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // Strict-Transport-Security only over TLS: sent over plain HTTP it is meaningless (RFC 6797 §7.2) and
    // tells of a deployment without TLS. See sendHstsOverTls.
    hsts: false,
  });
  sendHstsOverTls(app);
  // Counted in the database, shared by every server process. A count that cannot be written (database down)
  // lets the request through: the call itself then answers that the database is unreachable.
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(options.db), skipOnError: true });
  await app.register(swagger, {
    openapi: { info: { title: 'LIS API', version: '0.1.0' } },
    // The OpenAPI document is generated from the same zod contracts the routes validate and serialise with.
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list' } });

  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const refusal = error instanceof AppError ? error
      : validationRefusal(error) ?? (error.statusCode === 429 ? new AppError(429, 'rateLimited') : frameworkRefusal(error));
    if (refusal) {
      return reply.status(refusal.status).send({
        success: false, message: refusal.message, code: refusal.code, ...(refusal.field ? { field: refusal.field } : {}),
        ...(Object.keys(refusal.params).length > 0 ? { params: refusal.params } : {}),
      });
    }
    const unreachable = connectionFailure(error);
    if (unreachable) {
      request.log.error({ err: unreachable }, 'database unreachable');
      return reply.status(503).send({ success: false, message: message('db.connection'), code: 'db.connection' });
    }
    request.log.error({ err: { message: error.message, stack: error.stack } }, 'unhandled error');
    return reply.status(500).send({ success: false, message: message('server.error'), code: 'server.error' });
  });

  await app.register(inputGuard);
  await app.register(authHook, { db: options.db });
  await app.register(async (api) => registerModules(api, options), { prefix: '/api' });
  await registerFhirApi(app, options);

  api404(app);
  serveAcmeChallenges(app, options.config.acmeDir);
  await serveWebApp(app, options.config.webDist);
  return app;
}

const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * HSTS on answers that travelled over TLS: the server's own (request.protocol https) or, behind a reverse
 * proxy the configuration trusts (TRUST_PROXY), one that said so in X-Forwarded-Proto. An untrusted
 * client's X-Forwarded-Proto is ignored, as Fastify's request.protocol does without trustProxy.
 */
function sendHstsOverTls(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.protocol === 'https') void reply.header('strict-transport-security', HSTS);
    done(null, payload);
  });
}

function api404(app: FastifyInstance): void {
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/')) {
      return reply.status(404).send({ success: false, message: message('notFound'), code: 'notFound' });
    }
    return reply.status(404).send('Not found');
  });
}

const acmeParams = z.object({ file: z.string() });

function serveAcmeChallenges(app: FastifyInstance, acmeDir: string | undefined): void {
  app.withTypeProvider<ZodTypeProvider>().get('/.well-known/acme-challenge/:file', {
    config: { permission: 'public' }, schema: { params: acmeParams, hide: true },
  }, async (request, reply) => {
    const { file } = request.params;
    if (!acmeDir || !/^[A-Za-z0-9_-]+$/.test(file)) return reply.status(404).send('Not found');
    const full = path.join(acmeDir, file);
    if (!existsSync(full)) return reply.status(404).send('Not found');
    return reply.type('text/plain').sendFile(file, acmeDir);
  });
}

/** A year: the longest lifetime HTTP caches honour. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * How long a browser may keep a file of the build: the files under /assets/ carry a hash of their content in
 * their name (Vite), so a changed file has a new name and the old one may be kept a year without asking again;
 * index.html (which names the current ones) and any other file are asked for again every time.
 */
function webCacheControl(filePath: string, webDist: string): string {
  const relative = path.relative(webDist, filePath).split(path.sep).join('/');
  return relative.startsWith('assets/') ? IMMUTABLE : 'no-cache';
}

/**
 * The built SPA: real files as they are, every other non-API path gets index.html for the client router. The
 * build writes a .br and a .gz beside each text file (apps/web/build-plugins.ts); a browser that accepts them
 * gets those, with Content-Encoding and Vary: Accept-Encoding, instead of the plain file.
 */
async function serveWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const hasDist = existsSync(path.join(webDist, 'index.html'));
  await app.register(fastifyStatic, {
    root: hasDist ? webDist : process.cwd(), serve: hasDist, wildcard: false,
    preCompressed: true,
    setHeaders: (reply, filePath) => {
      void reply.header('cache-control', webCacheControl(filePath.replace(/\.(br|gz)$/, ''), webDist));
    },
    // Source maps are for developers: a production build makes none, and one left in the directory is served to no one.
    allowedPath: (pathName) => !pathName.endsWith('.map'),
  });
  // The spec's report path outside /api (a link relative to the app's address) is the API's report, not the
  // app's page: the API call checks the token and the site as for every report.
  app.get('/samples/:file', { config: { permission: 'public' } }, (request, reply) => {
    const { file } = request.params as { file: string };
    if (!file.endsWith('.pdf')) return hasDist ? reply.sendFile('index.html', webDist) : reply.status(404).send('Not found');
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    return reply.redirect(`/api/samples/${encodeURIComponent(file)}${query}`, 302);
  });
  if (!hasDist) return;
  app.get('/*', { config: { permission: 'public' } }, (request, reply) => {
    if (request.url.startsWith('/api/')) {
      return reply.status(404).send({ success: false, message: message('notFound'), code: 'notFound' });
    }
    return reply.sendFile('index.html', webDist);
  });
}
