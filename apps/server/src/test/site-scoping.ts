import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { expect } from 'vitest';
import type { AppOptions } from '../app-options.ts';
import type { Db } from '../db/client.ts';
import { api, createFixtureCatalogue, type Api, type FixtureCatalogue } from '../modules/samples/test-fixtures.ts';
import { createTestApp, signIn, siteId, type SignedIn, type TestApp } from './harness.ts';
import { validatorCompiler } from '../lib/validation.ts';

/**
 * Helpers for the site-scoping tests. Each feature module with site data has
 * a `site-scoping.test.ts` with one table: a case for every route of the
 * module, proving that a record of site TZ is invisible and unchangeable with
 * a session on site SA (or, for lab-wide data, what the site does change).
 * The table is checked against the routes the module really registers, so a
 * new route without a case fails the test.
 */

/** A module's route plugin, as `registerModules` registers it. */
export type ModuleRoutes = (api: FastifyInstance, options: AppOptions) => Promise<void>;

/** A route as the tables name it: `METHOD /api/path`, parameters as Fastify writes them (`/api/uzorci/show/:sid`). */
export type RouteKey = `${'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'} /api/${string}`;

/** A database handle for listing routes: registering a route never touches the database, calling one would. */
const unusedDatabase = new Proxy({}, {
  get() { throw new Error('routes were only to be listed, not called'); },
}) as Db;

/** Every route the module's plugin registers under /api (HEAD routes Fastify adds for GET left out). */
export async function routesOf(plugin: ModuleRoutes): Promise<RouteKey[]> {
  const app = Fastify({ logger: false });
  // The routes' zod schemas compile as in the app.
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const routes: RouteKey[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routes.push(`${method} ${route.url}` as RouteKey);
    }
  });
  const options: AppOptions = {
    db: unusedDatabase, logger: false, config: { acmeDir: undefined, sessionMaxHours: 12, webDist: '/nonexistent', logLevel: 'silent' },
  };
  await app.register(async (api) => plugin(api, options), { prefix: '/api' });
  await app.ready();
  await app.close();
  return routes.sort();
}

/** The table has a case for every route of the module, and no case for a route the module does not have. */
export async function expectEveryRouteCovered(plugin: ModuleRoutes, cases: Readonly<Record<RouteKey, unknown>>): Promise<void> {
  const routes = await routesOf(plugin);
  const missing = routes.filter((route) => !Object.hasOwn(cases, route));
  const unknown = Object.keys(cases).filter((route) => !routes.includes(route as RouteKey));
  expect({ missing, unknown }, 'every route of the module needs its cross-site case').toEqual({ missing: [], unknown: [] });
}

/** What every cross-site test starts from: the app, a technician of site SA only, an admin of SA and TZ, and a test catalogue. */
export interface CrossSiteApp {
  t: TestApp;
  client: Api;
  /** tehnicar@demo.lab: a session on SA, the only site this user has. */
  tech: SignedIn;
  /** admin@demo.lab: has SA and TZ, so it creates the TZ records the technician must not reach. */
  admin: SignedIn;
  sarajevo: string;
  tuzla: string;
  cat: FixtureCatalogue;
}

export async function openCrossSiteApp(): Promise<CrossSiteApp> {
  const t = await createTestApp();
  const [tech, admin] = await Promise.all([signIn(t.app, 'tehnicar@demo.lab'), signIn(t.app, 'admin@demo.lab')]);
  return {
    t, client: api(t), tech, admin, sarajevo: siteId(admin, 'SA'), tuzla: siteId(admin, 'TZ'),
    cat: await createFixtureCatalogue(t.database.db),
  };
}
