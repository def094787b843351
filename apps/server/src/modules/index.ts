import type { FastifyInstance } from 'fastify';
import type { AppOptions } from '../app-options.ts';
import { healthRoutes } from './health/routes.ts';
import { authRoutes } from './auth/routes.ts';
import { siteRoutes } from './sites/routes.ts';
import { patientRoutes } from './patients/routes.ts';
import { sampleRoutes } from './samples/routes.ts';
import { sampleTypeRoutes } from './sample-types/routes.ts';
import { labelRoutes } from './labels/routes.ts';
import { processingRoutes } from './processing/routes.ts';
import { resultRoutes } from './results/routes.ts';
import { nalaziRoutes } from './reports/routes.ts';
import { catalogueRoutes } from './catalogue/routes.ts';
import { userRoutes } from './users/routes.ts';
import { generalOptionsRoutes } from './general-options/routes.ts';
import { invoiceRoutes } from './invoice/routes.ts';
import { reportRoutes } from './izvjestaji/routes.ts';
import { outboxRoutes } from './outbox/routes.ts';
import { loggerRoutes } from './logger/routes.ts';
import { inventoryRoutes } from './inventory/routes.ts';
import { integrationRoutes } from './integration/routes.ts';
import { statisticsRoutes } from './statistics/routes.ts';
import { partnerRoutes } from './partners/routes.ts';

/** Every feature module registers its routes here, under /api. */
export async function registerModules(api: FastifyInstance, options: AppOptions): Promise<void> {
  await api.register(healthRoutes, options);
  await api.register(authRoutes, options);
  await api.register(siteRoutes, options);
  await api.register(patientRoutes, options);
  await api.register(sampleRoutes, options);
  await api.register(sampleTypeRoutes, options);
  await api.register(labelRoutes, options);
  await api.register(processingRoutes, options);
  await api.register(resultRoutes, options);
  await api.register(nalaziRoutes, options);
  await api.register(catalogueRoutes, options);
  await api.register(userRoutes, options);
  await api.register(generalOptionsRoutes, options);
  await api.register(invoiceRoutes, options);
  await api.register(reportRoutes, options);
  await api.register(outboxRoutes, options);
  await api.register(loggerRoutes, options);
  await api.register(inventoryRoutes, options);
  await api.register(integrationRoutes, options);
  await api.register(statisticsRoutes, options);
  await api.register(partnerRoutes, options);
}
