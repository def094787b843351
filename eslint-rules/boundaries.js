/**
 * The layering of this repository, checked on every import, so that a newcomer
 * cannot break it by accident (`npm run lint` fails):
 *
 * - A module uses another module only through its public service: a file in
 *   `apps/server/src/modules/A/` (and in `lib/`) imports from a module B only
 *   `modules/B/service.ts`, or a file listed in PUBLIC_FILES below (one line
 *   each, with why it cannot be re-exported through service.ts). Prefer
 *   re-exporting through service.ts. The composition roots that wire modules
 *   together (modules/index.ts, app.ts, main.ts, db/seed/, realtime/) are not
 *   inside a module and may reach a module's routes, workers and hooks.
 * - SQL lives in repositories: `drizzle-orm` and the table definitions are
 *   imported only by a module's `repository.ts` / `*-repository.ts`, by the
 *   table files themselves and by `apps/server/src/db/`.
 * - Tables are owned by modules: each module defines its tables in its
 *   `tables.ts`; the tables every module shares are in `db/shared-tables.ts`
 *   (column helpers in `db/columns.ts`). `db/schema.ts` gathers them all for
 *   drizzle-kit and the db/ layer only: nothing in modules/ imports it.
 * - A module never reads another module's tables: a repository imports its own
 *   module's `tables.ts` and the shared ones, never another module's tables or
 *   repository; it asks that module's service. The few joins that must stay one
 *   SQL statement are declared, table by table and with the reason, in
 *   TABLES_READ_ACROSS below.
 * - Routes are thin: a `routes.ts` calls its service, never a repository or
 *   the database (a type-only import of `Db` to pass it on is fine).
 * - A web feature uses another feature only through that feature's public
 *   `index.ts`; helpers several features share live in `components/` or `lib/`,
 *   which in turn never import a feature. Nor do `api/` and the i18n core
 *   (`i18n/`: the language hooks, `serverMessage`, the shell's text), and none
 *   of these shared layers imports `app/`, which joins the features (their
 *   routes, and their text in app/catalogues.ts): so no shared file reaches a
 *   feature, not even through another shared file.
 * - The web shows interface text through i18next only: the domain's message
 *   catalogue (`message`, `MESSAGES` of @lis/domain) is registered with
 *   i18next by `i18n/` and read elsewhere with `messageText` / `serverMessage`.
 * - `packages/domain` is pure: no Node built-ins, no server or web code, no
 *   database, HTTP or UI library. So is `packages/analyser-protocols` (the
 *   ASTM/HL7 state machines and parsers): the server does the sockets, and the
 *   package imports nothing but itself.
 *
 * Tests and test fixtures are exempt: they may reach into anything they check.
 */
import path from 'node:path';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

const SERVER = 'apps/server/src/';
const WEB = 'apps/web/src/';
const DOMAIN = 'packages/domain/src/';
const PROTOCOLS = 'packages/analyser-protocols/src/';

function relative(file) {
  return path.relative(ROOT, file).split(path.sep).join('/');
}

export function isTestFile(file) {
  return /\.test\.tsx?$/.test(file) || /(^|\/)test\//.test(file) || /(^|\/)test-fixtures\.ts$/.test(file)
    || file.startsWith('e2e/') || file.startsWith('bench/');
}

function isRepositoryFile(file) {
  return /^apps\/server\/src\/modules\/[^/]+\/([^/]+-)?repository\.ts$/.test(file);
}

function isTablesFile(file) {
  return /^apps\/server\/src\/modules\/[^/]+\/tables\.ts$/.test(file);
}

const AGGREGATE_SCHEMA = `${SERVER}db/schema.ts`;
/** The table files every module's repository may import. */
const SHARED_TABLE_FILES = new Set([`${SERVER}db/shared-tables.ts`, `${SERVER}db/columns.ts`]);

/**
 * The only reads of another module's tables: joins kept in one SQL statement because a list pages, sorts and
 * filters by them over large data (or under a lock), where asking the owner's service would mean a second
 * query per page or loading whole tables. Each entry: the owning module, its tables that may be read, the
 * modules whose repositories read them ('*': every module), and why. Writes stay with the owner.
 */
export const TABLES_READ_ACROSS = [
  {
    owner: 'catalogue', tables: ['labAssays', 'labSections'], readBy: '*',
    why: 'The lab-wide catalogue every list shows, sorts and filters tests by: assay and section codes, names and order are joined in the listing statement.',
  },
  {
    owner: 'sample-types', tables: ['sampleTypes'], readBy: ['catalogue', 'microbiology', 'reports'],
    why: 'Sample-type names shown beside assays, cultures and on the report, joined in the statement that reads them.',
  },
  {
    owner: 'samples', tables: ['samples', 'sampleTests'],
    readBy: ['results', 'reports', 'microbiology', 'processing', 'invoice', 'partners', 'integration', 'outbox', 'patients', 'catalogue', 'qc', 'fhir', 'autoverification', 'hl7'],
    why: 'The modules built on a sample\'s tests (results, reports, cultures, worklists, invoices, analyser matching, mails and HL7 messages, a patient\'s chart, an assay in use, the analyser of a result QC holds, the FHIR searches, the autoverification\'s simulation over a period\'s verified results) select the site\'s samples and tests in the statement that pages, filters and locks them.',
  },
  {
    owner: 'patients', tables: ['patients'], readBy: ['samples', 'processing', 'reports', 'microbiology', 'outbox', 'fhir', 'hl7'],
    why: 'Sample lists, worklists, reports, surveillance exports, mails, HL7 messages and the FHIR Patient search show and filter by the patient of each sample, joined in the listing statement.',
  },
  {
    owner: 'partners', tables: ['partners'], readBy: ['inventory', 'outbox'],
    why: 'Suppliers of contracts and orders (inventory) and the partner a result mail goes to (outbox), joined in the statement that lists them.',
  },
  {
    owner: 'reports', tables: ['reportVersions'], readBy: ['outbox', 'fhir'],
    why: 'A mail carries issued report PDFs: the outbox reads the versions it attaches, with their sample, when it lists and sends mails; the FHIR DiagnosticReport search pages the site\'s versions with their samples.',
  },
  {
    owner: 'auth', tables: ['sessions'], readBy: ['users'],
    why: 'The user list shows each user\'s last sign-in: one backward step of sessions_user_idx per listed row, in the listing statement.',
  },
  {
    owner: 'integration', tables: ['analysers', 'analyserResults', 'analyserMessages'], readBy: ['qc'],
    why: 'QC lists targets, sources and holds by analyser name, checks a target\'s analyser is the site\'s, and finds which analyser sent each held patient result (under the sample\'s lock, with its sample tests). The integration service cannot answer instead: its ingest calls the qc service, so the import would close a circle.',
  },
];

function tablesReadAcross(owner, table, reader) {
  return TABLES_READ_ACROSS.some((entry) => entry.owner === owner && entry.tables.includes(table)
    && (entry.readBy === '*' || entry.readBy.includes(reader)));
}

function moduleOf(file) {
  return /^apps\/server\/src\/modules\/([^/]+)\//.exec(file)?.[1];
}

/** The web's shared layers, below the features: they import no feature and no app/ file. */
function isSharedWebFile(file) {
  return ['components/', 'lib/', 'api/', 'i18n/'].some((folder) => file.startsWith(`${WEB}${folder}`));
}

function featureOf(file) {
  return /^apps\/web\/src\/features\/([^/]+)\//.exec(file)?.[1];
}

/** The repository-relative path an import names, or null for a package. */
function target(file, source) {
  if (!source.startsWith('.')) return null;
  return relative(path.resolve(ROOT, path.dirname(file), source));
}

/**
 * The files of a server module other modules may import besides its service.ts, each with the reason.
 * Empty today: every cross-module use goes through a service.ts. An entry looks like
 * `'apps/server/src/modules/B/file.ts': 'why it cannot be re-exported through B/service.ts'`.
 */
export const PUBLIC_FILES = Object.freeze({});

/** Whether `to`, a file of another module, may be imported from outside that module. */
function isPublicFile(to, toModule) {
  return to === `${SERVER}modules/${toModule}/service.ts` || Object.hasOwn(PUBLIC_FILES, to);
}

const DOMAIN_FORBIDDEN_PACKAGES = /^(node:|fs$|path$|crypto$|react|@mantine|fastify|@fastify|drizzle|pg$|@electric-sql|socket\.io|i18next)/;

/**
 * The broken rule's explanation, or null when the import is allowed (also used by import-graph.test.js).
 * `names` are the names the import takes (none for a namespace import).
 */
export function violation(file, source, typeOnly, names = []) {
  const to = target(file, source);
  if (file.startsWith(SERVER)) {
    const from = moduleOf(file);
    const toModule = to ? moduleOf(to) : undefined;
    if (to === AGGREGATE_SCHEMA && !file.startsWith(`${SERVER}db/`)) {
      return 'db/schema.ts gathers every table for drizzle-kit and db/ only: import the module\'s own tables.ts and db/shared-tables.ts.';
    }
    const tables = to !== null && (isTablesFile(to) || SHARED_TABLE_FILES.has(to));
    const usesSql = source === 'drizzle-orm' || source.startsWith('drizzle-orm/') || tables;
    if (usesSql && !typeOnly && !isRepositoryFile(file) && !isTablesFile(file) && !file.startsWith(`${SERVER}db/`)) {
      return 'SQL (drizzle-orm and the tables) belongs in a repository.ts or in db/: move the query into a repository and call it from the service.';
    }
    if (to && isTablesFile(to) && from && toModule !== from && !isTablesFile(file)) {
      const unexplained = isRepositoryFile(file) ? names.filter((name) => !tablesReadAcross(toModule, name, from)) : names;
      if (unexplained.length > 0 || names.length === 0) {
        return `A module does not read another module's tables (${unexplained.join(', ') || source} of ${toModule}): ask the ${toModule} service, or declare the join in TABLES_READ_ACROSS (eslint-rules/boundaries.js) with its reason.`;
      }
    }
    if (to && toModule && from && toModule !== from && isRepositoryFile(to)) {
      return `A module does not read another module's tables: ask the ${toModule} service instead of its repository.`;
    }
    const inModuleOrLib = from !== undefined || file.startsWith(`${SERVER}lib/`);
    // Another module's tables.ts is governed by the tables rule above (a foreign key between table files, or a
    // join declared in TABLES_READ_ACROSS); everything else of another module is reached through its service.ts.
    const governedByTablesRule = to !== null && isTablesFile(to);
    if (to && toModule && inModuleOrLib && toModule !== from && !governedByTablesRule && !isPublicFile(to, toModule)) {
      return `A module uses another module only through its public service: import modules/${toModule}/service.ts (re-export what you need there), or declare the file in PUBLIC_FILES (eslint-rules/boundaries.js) with the reason.`;
    }
    if (/\/([^/]+-)?routes\.ts$/.test(file) && to && !typeOnly && (isRepositoryFile(to) || to.startsWith(`${SERVER}db/`))) {
      return 'Routes are thin: they call the service, never a repository or the database.';
    }
  }
  if (file.startsWith(WEB) && to) {
    const from = featureOf(file);
    const toFeature = featureOf(to);
    if (toFeature && from && toFeature !== from && to !== `${WEB}features/${toFeature}/index.ts`) {
      return `A feature uses another feature only through its public index.ts (features/${toFeature}/index.ts); move shared helpers to components/ or lib/.`;
    }
    if (isSharedWebFile(file) && toFeature) {
      return 'Shared code (components/, lib/, api/, i18n/) never depends on a feature.';
    }
    if (isSharedWebFile(file) && to.startsWith(`${WEB}app/`)) {
      return 'Shared code (components/, lib/, api/, i18n/) never imports app/, which joins the features: a feature registers its text in app/catalogues.ts.';
    }
  }
  if (file.startsWith(DOMAIN)) {
    if (DOMAIN_FORBIDDEN_PACKAGES.test(source)) return 'packages/domain is pure: no I/O, framework or UI packages.';
    if (to && !to.startsWith(DOMAIN)) return 'packages/domain is pure: it never imports app code.';
  }
  if (file.startsWith(PROTOCOLS)) {
    if (!source.startsWith('.')) return 'packages/analyser-protocols is pure: no packages, no I/O (the server owns the sockets).';
    if (to && !to.startsWith(PROTOCOLS)) return 'packages/analyser-protocols is pure: it never imports code outside itself.';
  }
  return null;
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Enforces the layering of the LIS repository (see the header of eslint-rules/boundaries.js).' },
    schema: [],
    messages: { broken: '{{reason}}' },
  },
  create(context) {
    const file = relative(context.filename);
    if (isTestFile(file)) return {};
    // The names an import takes (a namespace or re-export of everything takes none: never a declared exception).
    const namesOf = (node) => (node.specifiers ?? []).flatMap((s) => (s.type === 'ImportSpecifier' ? [s.imported.name]
      : s.type === 'ExportSpecifier' ? [s.local.name] : []));
    const check = (node, sourceNode, typeOnly) => {
      if (!sourceNode || typeof sourceNode.value !== 'string') return;
      const names = node.type === 'ImportDeclaration' && node.specifiers.some((s) => s.type !== 'ImportSpecifier') ? [] : namesOf(node);
      const reason = violation(file, sourceNode.value, typeOnly, names);
      if (reason) context.report({ node, messageId: 'broken', data: { reason } });
    };
    const domainWords = (node) => {
      if (!file.startsWith(WEB) || file.startsWith(`${WEB}i18n/`) || node.source?.value !== '@lis/domain') return;
      for (const specifier of node.specifiers ?? []) {
        const name = specifier.imported?.name ?? specifier.local?.name;
        if (name === 'formatKm') {
          context.report({ node: specifier, messageId: 'broken', data: { reason: "The web writes money in the user's language: use formatMoney from lib/format.ts, not the printed reports' formatKm." } });
        }
        if (name === 'message' || name === 'MESSAGES') {
          context.report({ node: specifier, messageId: 'broken', data: { reason: "The web shows the domain's messages through i18next: use messageText (or serverMessage) from i18n/index.ts, not message/MESSAGES of @lis/domain." } });
        }
      }
    };
    const allTypes = (node) => node.importKind === 'type' || node.exportKind === 'type'
      || (node.specifiers?.length > 0 && node.specifiers.every((s) => s.importKind === 'type' || s.exportKind === 'type'));
    return {
      ImportDeclaration: (node) => {
        check(node, node.source, allTypes(node));
        domainWords(node);
      },
      ExportNamedDeclaration: (node) => check(node, node.source, allTypes(node)),
      ExportAllDeclaration: (node) => check(node, node.source, node.exportKind === 'type'),
      ImportExpression: (node) => check(node, node.source, false),
    };
  },
};

export const boundaries = { rules: { layering: rule } };
