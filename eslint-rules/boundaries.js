/**
 * The layering of this repository, checked on every import, so that a newcomer
 * cannot break it by accident (`npm run lint` fails):
 *
 * - SQL lives in repositories: `drizzle-orm` and the table definitions
 *   (`apps/server/src/db/schema.ts`) are imported only by a module's
 *   `repository.ts` / `*-repository.ts` and by `apps/server/src/db/`.
 * - A module never reads another module's tables: it does not import another
 *   module's repository; it asks that module's service.
 * - A module uses another module only through its public service: a file in
 *   `apps/server/src/modules/A/` (and in `lib/`) imports from a module B only
 *   `modules/B/service.ts`, or a file listed in PUBLIC_FILES below (one line
 *   each, with why it cannot be re-exported through service.ts). Prefer
 *   re-exporting through service.ts. The composition roots that wire modules
 *   together (modules/index.ts, app.ts, main.ts, db/seed/, realtime/) are not
 *   inside a module and may reach a module's routes, workers and hooks.
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

/** The broken rule's explanation, or null when the import is allowed (also used by import-graph.test.js). */
export function violation(file, source, typeOnly) {
  const to = target(file, source);
  if (file.startsWith(SERVER)) {
    const usesSql = source === 'drizzle-orm' || source.startsWith('drizzle-orm/') || to === `${SERVER}db/schema.ts`;
    if (usesSql && !typeOnly && !isRepositoryFile(file) && !file.startsWith(`${SERVER}db/`)) {
      return 'SQL (drizzle-orm and db/schema.ts) belongs in a repository.ts or in db/: move the query into a repository and call it from the service.';
    }
    const from = moduleOf(file);
    const toModule = to ? moduleOf(to) : undefined;
    if (to && toModule && from && toModule !== from && isRepositoryFile(to)) {
      return `A module does not read another module's tables: ask the ${toModule} service instead of its repository.`;
    }
    const inModuleOrLib = from !== undefined || file.startsWith(`${SERVER}lib/`);
    if (to && toModule && inModuleOrLib && toModule !== from && !isPublicFile(to, toModule)) {
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
    const check = (node, sourceNode, typeOnly) => {
      if (!sourceNode || typeof sourceNode.value !== 'string') return;
      const reason = violation(file, sourceNode.value, typeOnly);
      if (reason) context.report({ node, messageId: 'broken', data: { reason } });
    };
    const domainWords = (node) => {
      if (!file.startsWith(WEB) || file.startsWith(`${WEB}i18n/`) || node.source?.value !== '@lis/domain') return;
      for (const specifier of node.specifiers ?? []) {
        const name = specifier.imported?.name ?? specifier.local?.name;
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
