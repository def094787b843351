import type { FastifyInstance } from 'fastify';
import type { AppOptions } from '../app-options.ts';
import { healthRoutes } from './health/routes.ts';
import { authRoutes } from './auth/routes.ts';
import { siteRoutes } from './sites/routes.ts';
import { patientRoutes } from './patients/routes.ts';
import { sampleRoutes } from './samples/routes.ts';
import { sampleTypeRoutes } from './sample-types/routes.ts';
import { labelRoutes } from './labels/routes.ts';
import { resultRoutes } from './results/routes.ts';

/** Every feature module registers its routes here, under /api. */
export async function registerModules(api: FastifyInstance, options: AppOptions): Promise<void> {
  await api.register(healthRoutes, options);
  await api.register(authRoutes, options);
  await api.register(siteRoutes, options);
  await api.register(patientRoutes, options);
  await api.register(sampleRoutes, options);
  await api.register(sampleTypeRoutes, options);
  await api.register(labelRoutes, options);
  await api.register(resultRoutes, options);
}
