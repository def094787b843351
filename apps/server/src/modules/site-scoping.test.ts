import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { routesOf, type ModuleRoutes } from '../test/site-scoping.ts';
import { authRoutes } from './auth/routes.ts';
import { systemClientRoutes } from './auth/client-routes.ts';
import { portalRoutes } from './portal/routes.ts';
import { catalogueRoutes } from './catalogue/routes.ts';
import { healthRoutes } from './health/routes.ts';
import { registerModules } from './index.ts';
import { labelRoutes } from './labels/routes.ts';
import { patientRoutes } from './patients/routes.ts';
import { processingRoutes } from './processing/routes.ts';
import { resultRoutes } from './results/routes.ts';
import { nalaziRoutes } from './reports/routes.ts';
import { outboxRoutes } from './outbox/routes.ts';
import { hl7Routes } from './hl7/routes.ts';
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
import { autoverificationRoutes } from './autoverification/routes.ts';
import { reflexRoutes } from './reflex/routes.ts';
import { partnerRoutes } from './partners/routes.ts';
import { importRoutes } from './import/routes.ts';
import { testPanelRoutes } from './test-panels/routes.ts';

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
  { folder: 'hl7', routes: hl7Routes, siteData: true },
  { folder: 'logger', routes: loggerRoutes, siteData: true },
  { folder: 'integration', routes: integrationRoutes, siteData: true },
  { folder: 'statistics', routes: statisticsRoutes, siteData: true },
  { folder: 'qc', routes: qcRoutes, siteData: true },
  { folder: 'autoverification', routes: autoverificationRoutes, siteData: true },
  { folder: 'reflex', routes: reflexRoutes, siteData: true },
  { folder: 'auth', routes: authRoutes, siteData: false, why: "sign-in, sign-out, the caller's own profile and password" },
  {
    folder: 'auth', routes: systemClientRoutes, siteData: false,
    why: "the lab's system clients (admin only, lab-wide; a client's own sites scope its token as a user's do, system-clients.test.ts) and the token call",
  },
  {
    folder: 'portal', routes: portalRoutes, siteData: false,
    why: "a patient's own verified reports at every site of the lab, by the portal session's patient; another patient's report answers 404 (portal.test.ts)",
  },
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
  { folder: 'test-panels', routes: testPanelRoutes, siteData: true },
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

// Site scoping by construction: a repository of site data is a factory bound to one site, `xRepository(db, siteId)`,
// made by the service with the request's site; none of its other exported functions takes a site (a `siteId`, a
// scope or values carrying one), so a statement cannot be pointed at a site from outside it. Repositories of
// lab-wide tables (catalogue, sample types, partners, users, auth, patients) take no site at all; their lists are
// scoped by the list request (db/list-query.ts). The few functions that still take a site say why here.
const SITE_PARAMETER_ALLOWED: Record<string, string> = {
  'general-options/repository.ts': "the lab-wide options and each site's own header record: the site is the record's key, saved by the lab's admin",
  'sites/repository.ts': "the sites module reads the lab's site rows themselves, by id",
  'users/repository.ts#replaceUserSites': "a user's site memberships are the lab's user data, edited by the admin",
  'patients/portal-repository.ts#logPortal': 'the patient portal has no staff session and so no request site: an access-log row of '
    + 'a portal read names the site of the report read (null for a sign-in)',
  'reports/verification-repository.ts': 'the public report verification has no session and so no request site: the QR token finds the version, '
    + "and that version's own site scopes the version that replaced it and the access-log row of the lookup",
};

/** `file#function` of every exported repository function, other than a site-bound factory, that takes a site. */
function functionsTakingASite(): string[] {
  const found: string[] = [];
  for (const folder of readdirSync(modulesFolder, { withFileTypes: true }).filter((entry) => entry.isDirectory())) {
    for (const name of readdirSync(path.join(modulesFolder, folder.name)).filter((file) => /^([^/]+-)?repository\.ts$/.test(file))) {
      const file = `${folder.name}/${name}`;
      const source = ts.createSourceFile(file, readFileSync(path.join(modulesFolder, file), 'utf8'), ts.ScriptTarget.Latest, true);
      // The file's own interfaces that carry a site (a scope object such as { siteId, window }).
      const carriesASite = new Set(source.statements.filter(ts.isInterfaceDeclaration)
        .filter((declaration) => declaration.members.some((member) => member.name?.getText() === 'siteId')).map((declaration) => declaration.name.text));
      for (const statement of source.statements) {
        if (!ts.canHaveModifiers(statement) || !ts.getModifiers(statement)?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)) continue;
        const declaration = ts.isVariableStatement(statement) ? statement.declarationList.declarations[0]?.initializer : statement;
        if (!declaration || !(ts.isFunctionDeclaration(declaration) || ts.isArrowFunction(declaration) || ts.isFunctionExpression(declaration))) continue;
        const functionName = ts.isFunctionDeclaration(declaration) ? declaration.name?.text
          : ts.isVariableStatement(statement) ? statement.declarationList.declarations[0]?.name.getText() : undefined;
        const parameters = declaration.parameters;
        const siteBoundFactory = /Repository$/.test(functionName ?? '') && parameters[1]?.name.getText() === 'siteId';
        const takesASite = parameters.some((parameter) => /^siteIds?$/.test(parameter.name.getText())
          || /\bsiteIds?\b/.test(parameter.type?.getText() ?? '') || carriesASite.has(parameter.type?.getText() ?? ''));
        if (takesASite && !siteBoundFactory) found.push(`${file}#${functionName}`);
      }
    }
  }
  return found.sort();
}

describe('site scoping by construction', () => {
  it('no repository function takes a site, but the site-bound factories and the functions listed with a reason', () => {
    const unexplained = functionsTakingASite().filter((key) => !(key in SITE_PARAMETER_ALLOWED) && !(key.split('#')[0]! in SITE_PARAMETER_ALLOWED));
    expect(unexplained).toEqual([]);
  });

  it('lists no reason for a function that no longer takes a site', () => {
    const found = functionsTakingASite();
    const stale = Object.keys(SITE_PARAMETER_ALLOWED).filter((key) => !found.some((entry) => entry === key || entry.startsWith(`${key}#`)));
    expect(stale).toEqual([]);
  });
});
