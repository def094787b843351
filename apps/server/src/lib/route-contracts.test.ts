import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineCall, failureResponses } from '@lis/domain';
import { registerCall } from './register-call.ts';
import { enforceRouteContracts } from './route-contracts.ts';

const probe = defineCall({
  method: 'GET', path: '/probe/:id', permission: 'samples.read',
  params: z.object({ id: z.string() }), response: { 200: z.object({ id: z.string() }), ...failureResponses },
});

/** An app with the guard and the given routes under /api, and the permission each route was registered with. */
async function appWith(register: (api: FastifyInstance) => void): Promise<{ app: FastifyInstance; permissions: string[] }> {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const permissions: string[] = [];
  app.addHook('onRoute', (route) => {
    if (route.config?.permission) permissions.push(`${String(route.method)} ${route.url} ${route.config.permission}`);
  });
  enforceRouteContracts(app);
  // A route that throws while registering rejects the plugin, and so the app's start.
  await app.register((api) => new Promise<void>((resolve) => { register(api); resolve(); }), { prefix: '/api' });
  return { app, permissions };
}

describe('routes under /api', () => {
  it('start when registered from their call contract, with its path and permission', async () => {
    const { app, permissions } = await appWith((api) => {
      registerCall(api, probe, { tags: ['probe'], summary: 'Probe' }, (request) => ({ id: request.params.id }));
    });
    const answer = await app.inject({ method: 'GET', url: '/api/probe/a1' });
    expect(answer.json()).toEqual({ id: 'a1' });
    expect(permissions).toContain('GET /api/probe/:id samples.read');
    await app.close();
  });

  it('stop the server when a route is registered by hand, even with a permission', async () => {
    await expect(appWith((api) => {
      api.get('/probe', { config: { permission: 'public' } }, () => ({ ok: true }));
    })).rejects.toThrow('GET /api/probe is not registered from a call contract (registerCall)');
  });

  it('stop the server when a route declares no permission', async () => {
    await expect(appWith((api) => {
      api.get('/open', () => ({ ok: true }));
    })).rejects.toThrow('GET /api/open declares no permission');
  });
});
