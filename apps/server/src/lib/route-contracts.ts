import type { FastifyInstance } from 'fastify';

/**
 * Every /api route is registered from its call contract (lib/register-call.ts),
 * which says who may call it; a route that is not is a startup error, so a
 * forgotten permission can never ship as an open route, and a path the web
 * could only type by hand cannot exist.
 */
export function enforceRouteContracts(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    if (route.url.startsWith('/api/docs')) {
      route.config = { ...route.config, permission: 'public' };
      return;
    }
    if (!route.config?.permission) {
      throw new Error(`${String(route.method)} ${route.url} declares no permission`);
    }
    // HEAD routes Fastify adds beside each GET carry the GET's config, contract included.
    if (!route.config.contract) {
      throw new Error(`${String(route.method)} ${route.url} is not registered from a call contract (registerCall)`);
    }
  });
}
