/**
 * Connections to PostgreSQL are opened in one module only, `apps/server/src/db/pg-connections.ts`, which
 * gives every client an 'error' listener from birth. A `pg` client whose connection breaks (PostgreSQL
 * restarts, a failover, `pg_terminate_backend`) emits 'error' on itself, and an 'error' event nobody
 * listens to ends the Node process: one forgotten listener and a database restart takes the server down.
 * So `new pg.Pool(…)` / `new pg.Client(…)` (and `new Pool` / `new Client` imported from 'pg') anywhere else
 * in the server is an error: call `createPool` / `connectClient` instead. `pool.connect()` on a pool made
 * there is fine: the pool's 'connect' hook attaches the listener to each client it creates.
 *
 * Tests and test fixtures are exempt (short-lived administrative connections to create and drop databases).
 */
import path from 'node:path';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const WRAPPER = 'apps/server/src/db/pg-connections.ts';

function relative(file) {
  return path.relative(ROOT, file).split(path.sep).join('/');
}

function isTestFile(file) {
  return /\.test\.tsx?$/.test(file) || /(^|\/)test\//.test(file) || /(^|\/)test-fixtures\.ts$/.test(file);
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'PostgreSQL clients and pools are created only in apps/server/src/db/pg-connections.ts, which attaches their error listeners.' },
    schema: [],
    messages: {
      direct: "new {{name}}(…) opens a PostgreSQL connection with no 'error' listener (a lost connection would end the process): use createPool / connectClient from apps/server/src/db/pg-connections.ts.",
    },
  },
  create(context) {
    const file = relative(context.filename);
    if (!file.startsWith('apps/server/src/') || file === WRAPPER || isTestFile(file)) return {};
    /** Local names of the 'pg' module itself (default or namespace import). */
    const modules = new Set();
    /** Local names bound to pg's Pool or Client. */
    const classes = new Map();
    return {
      ImportDeclaration(node) {
        if (node.source.value !== 'pg' && node.source.value !== 'pg-pool') return;
        for (const specifier of node.specifiers) {
          if (specifier.type === 'ImportDefaultSpecifier' || specifier.type === 'ImportNamespaceSpecifier') {
            if (node.source.value === 'pg-pool') classes.set(specifier.local.name, 'Pool');
            else modules.add(specifier.local.name);
          } else if (specifier.type === 'ImportSpecifier') {
            const imported = specifier.imported.type === 'Identifier' ? specifier.imported.name : specifier.imported.value;
            if (imported === 'Pool' || imported === 'Client') classes.set(specifier.local.name, imported);
          }
        }
      },
      NewExpression(node) {
        const callee = node.callee;
        if (callee.type === 'Identifier' && classes.has(callee.name)) {
          context.report({ node, messageId: 'direct', data: { name: callee.name } });
        } else if (callee.type === 'MemberExpression' && callee.object.type === 'Identifier' && modules.has(callee.object.name)
          && callee.property.type === 'Identifier' && (callee.property.name === 'Pool' || callee.property.name === 'Client')) {
          context.report({ node, messageId: 'direct', data: { name: `${callee.object.name}.${callee.property.name}` } });
        }
      },
    };
  },
};

export const pgConnections = { rules: { 'pg-connections': rule } };
