import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { routesOf, type ModuleRoutes } from '../test/site-scoping.ts';
import { authRoutes } from './auth/routes.ts';
import { catalogueRoutes } from './catalogue/routes.ts';
import { healthRoutes } from './health/routes.ts';
import { registerModules } from './index.ts';
import { labelRoutes } from './labels/routes.ts';
import { patientRoutes } from './patients/routes.ts';
import { processingRoutes } from './processing/routes.ts';
import { resultRoutes } from './results/routes.ts';
import { nalaziRoutes } from './reports/routes.ts';
import { outboxRoutes } from './outbox/routes.ts';
import { sampleTypeRoutes } from './sample-types/routes.ts';
import { sampleRoutes } from './samples/routes.ts';
import { siteRoutes } from './sites/routes.ts';
import { userRoutes } from './users/routes.ts';
import { generalOptionsRoutes } from './general-options/routes.ts';
import { invoiceRoutes } from './invoice/routes.ts';
import { reportRoutes } from './izvjestaji/routes.ts';
import { loggerRoutes } from './logger/routes.ts';
import { inventoryRoutes } from './inventory/routes.ts';
import { chatRoutes } from './chat/routes.ts';
import { integrationRoutes } from './integration/routes.ts';
import { statisticsRoutes } from './statistics/routes.ts';
import { microbiologyRoutes } from './microbiology/routes.ts';
import { surveillanceRoutes } from './microbiology/surveillance-routes.ts';
import { qcRoutes } from './qc/routes.ts';
import { partnerRoutes } from './partners/routes.ts';
import { importRoutes } from './import/routes.ts';

// Every module the app registers is either a module with site data, whose `site-scoping.test.ts`
// has a cross-site case for each of its routes, or a module that holds no site data, with the reason.
// A new module fails here until it is put in one of the two lists.

type ModuleEntry = { folder: string; routes: ModuleRoutes } & ({ siteData: true } | { siteData: false; why: string });

const MODULES: readonly ModuleEntry[] = [
  { folder: 'patients', routes: patientRoutes, siteData: true },
  { folder: 'samples', routes: sampleRoutes, siteData: true },
  { folder: 'labels', routes: labelRoutes, siteData: true },
  { folder: 'processing', routes: processingRoutes, siteData: true },
  { folder: 'results', routes: resultRoutes, siteData: true },
  { folder: 'reports', routes: nalaziRoutes, siteData: true },
  { folder: 'invoice', routes: invoiceRoutes, siteData: true },
  { folder: 'izvjestaji', routes: reportRoutes, siteData: true },
  { folder: 'outbox', routes: outboxRoutes, siteData: true },
  { folder: 'logger', routes: loggerRoutes, siteData: true },
  { folder: 'integration', routes: integrationRoutes, siteData: true },
  { folder: 'statistics', routes: statisticsRoutes, siteData: true },
  { folder: 'qc', routes: qcRoutes, siteData: true },
  { folder: 'auth', routes: authRoutes, siteData: false, why: "sign-in, sign-out, the caller's own profile and password" },
  { folder: 'sites', routes: siteRoutes, siteData: false, why: "the caller's own site memberships, and the lab's sites (settings, lab-wide)" },
  { folder: 'users', routes: userRoutes, siteData: false, why: 'users are lab-wide; a user\'s sites are checked to exist (users.test.ts)' },
  { folder: 'general-options', routes: generalOptionsRoutes, siteData: false, why: 'the lab-wide options; a site\'s own header is saved with its site' },
  { folder: 'health', routes: healthRoutes, siteData: false, why: 'no data at all' },
  { folder: 'sample-types', routes: sampleTypeRoutes, siteData: false, why: 'one catalogue of sample types for the whole lab' },
  { folder: 'catalogue', routes: catalogueRoutes, siteData: false, why: "the lab's catalogue and setting records, shared by every site" },
  { folder: 'inventory', routes: inventoryRoutes, siteData: true },
  { folder: 'chat', routes: chatRoutes, siteData: true },
  { folder: 'microbiology', routes: microbiologyRoutes, siteData: true },
  { folder: 'microbiology', routes: surveillanceRoutes, siteData: true },
  { folder: 'import', routes: importRoutes, siteData: true },
  {
    folder: 'partners', routes: partnerRoutes, siteData: false,
    why: "partners and their price lists are the lab's; the list's sample count is of the calling site only (partners.test.ts)",
  },
];

const modulesFolder = path.dirname(fileURLToPath(import.meta.url));

describe('site scoping of every module', () => {
  it('lists every route the app registers under one module', async () => {
    const registered = await routesOf(registerModules);
    const listed = (await Promise.all(MODULES.map((module) => routesOf(module.routes)))).flat().sort();
    expect(listed).toEqual(registered);
  });

  it.each(MODULES.filter((module) => module.siteData).map((module) => module.folder))(
    '%s has its cross-site test',
    (folder) => {
      expect(existsSync(path.join(modulesFolder, folder, 'site-scoping.test.ts'))).toBe(true);
    },
  );
});
