import type { FastifyInstance } from 'fastify';
import type { AppOptions } from '../app-options.ts';
import { healthRoutes } from './health/routes.ts';
import { authRoutes } from './auth/routes.ts';
import { systemClientRoutes } from './auth/client-routes.ts';
import { siteRoutes } from './sites/routes.ts';
import { patientRoutes } from './patients/routes.ts';
import { sampleRoutes } from './samples/routes.ts';
import { sampleTypeRoutes } from './sample-types/routes.ts';
import { labelRoutes } from './labels/routes.ts';
import { processingRoutes } from './processing/routes.ts';
import { resultRoutes } from './results/routes.ts';
import { nalaziRoutes } from './reports/routes.ts';
import { portalRoutes } from './portal/routes.ts';
import { catalogueRoutes } from './catalogue/routes.ts';
import { userRoutes } from './users/routes.ts';
import { generalOptionsRoutes } from './general-options/routes.ts';
import { invoiceRoutes } from './invoice/routes.ts';
import { reportRoutes } from './izvjestaji/routes.ts';
import { outboxRoutes } from './outbox/routes.ts';
import { hl7Routes } from './hl7/routes.ts';
import { loggerRoutes } from './logger/routes.ts';
import { inventoryRoutes } from './inventory/routes.ts';
import { integrationRoutes } from './integration/routes.ts';
import { statisticsRoutes } from './statistics/routes.ts';
import { chatRoutes } from './chat/routes.ts';
import { microbiologyRoutes } from './microbiology/routes.ts';
import { surveillanceRoutes } from './microbiology/surveillance-routes.ts';
import { qcRoutes } from './qc/routes.ts';
import { partnerRoutes } from './partners/routes.ts';
import { importRoutes } from './import/routes.ts';
import { testPanelRoutes } from './test-panels/routes.ts';
import { fhirRoutes } from './fhir/routes.ts';
import { connectResultsChain } from './results/service.ts';
import { show as sampleView } from './samples/service.ts';
import { issuePartialReport, issueVerifiedReport } from './reports/service.ts';
import { analyserFlags } from './integration/service.ts';
import { autoverificationRoutes } from './autoverification/routes.ts';
import { connectEngine, resultsCompleted, resultsProgressed } from './autoverification/service.ts';
import { reflexRoutes } from './reflex/routes.ts';
import { addReflexTests as reflexTests } from './samples/service.ts';

/** Every feature module registers its routes here, under /api. */
export async function registerModules(api: FastifyInstance, options: AppOptions): Promise<void> {
  // The results chain's steps that need a module above it (results/ports.ts).
  connectResultsChain({
    sampleView, afterVerification: issueVerifiedReport, afterSectionRelease: issuePartialReport, analyserFlags, resultsCompleted, resultsProgressed, reflexTests,
  });
  // The autoverification judges complete samples (and, releasing per section, incomplete ones) after their save's commit, on this app's database.
  connectEngine({
    db: options.db, realtime: options.realtime,
    logError: (error, sampleId) => api.log.warn({ sampleId, err: error instanceof Error ? error.message : String(error) }, 'autoverification left the sample for a person'),
  });
  await api.register(healthRoutes, options);
  await api.register(authRoutes, options);
  await api.register(systemClientRoutes, options);
  await api.register(siteRoutes, options);
  await api.register(patientRoutes, options);
  await api.register(sampleRoutes, options);
  await api.register(sampleTypeRoutes, options);
  await api.register(labelRoutes, options);
  await api.register(processingRoutes, options);
  await api.register(resultRoutes, options);
  await api.register(nalaziRoutes, options);
  await api.register(portalRoutes, options);
  await api.register(catalogueRoutes, options);
  await api.register(userRoutes, options);
  await api.register(generalOptionsRoutes, options);
  await api.register(invoiceRoutes, options);
  await api.register(reportRoutes, options);
  await api.register(outboxRoutes, options);
  await api.register(hl7Routes, options);
  await api.register(loggerRoutes, options);
  await api.register(inventoryRoutes, options);
  await api.register(integrationRoutes, options);
  await api.register(statisticsRoutes, options);
  await api.register(chatRoutes, options);
  await api.register(microbiologyRoutes, options);
  await api.register(surveillanceRoutes, options);
  await api.register(qcRoutes, options);
  await api.register(partnerRoutes, options);
  await api.register(importRoutes, options);
  await api.register(testPanelRoutes, options);
  await api.register(autoverificationRoutes, options);
  await api.register(reflexRoutes, options);
}

/** The FHIR R4 API, under /fhir/R4 beside /api: the same sessions, sites and permissions, its own answers (FHIR resources). */
export async function registerFhirApi(app: FastifyInstance, options: AppOptions): Promise<void> {
  await app.register(async (fhir) => fhirRoutes(fhir, options), { prefix: '/fhir/R4' });
}
