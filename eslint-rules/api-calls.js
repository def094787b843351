/**
 * The web reaches the server only through call contracts (`call(contract,
 * input)` in apps/web/src/api/client.ts; each contract in @lis/domain holds
 * the call's method and path), so a path is written once, in the domain, and
 * the server registers its route from the same object. This rule keeps it
 * so in apps/web/src (tests exempt):
 *
 * - no string or template literal naming an API address (`/api`, `/api/…`)
 *   outside apps/web/src/api/api-base.ts, the one place that adds the prefix;
 * - no `fetch`, `XMLHttpRequest`, `EventSource` or `navigator.sendBeacon`
 *   outside apps/web/src/api/, where the client attaches the session, the
 *   site and the failure handling.
 *
 * The client itself exports no function that takes a path (its exports are
 * checked by apps/web/src/api/client.test.ts), so with these two rules no web
 * file can name an API path outside the contracts. Page routes of the web app
 * often read like API paths ('/postavke/opcije' is both), which is why the
 * rule looks at how a path is used, not at its words.
 */
import path from 'node:path';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const WEB = 'apps/web/src/';
const API_DIR = `${WEB}api/`;
const API_BASE_FILE = `${WEB}api/api-base.ts`;

function relative(file) {
  return path.relative(ROOT, file).split(path.sep).join('/');
}

function isTestFile(file) {
  return /\.test\.tsx?$/.test(file) || /(^|\/)test\//.test(file);
}

const API_ADDRESS = /^\/api(\/|$|\?)/;

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'The web calls the server only through call contracts (see the header of eslint-rules/api-calls.js).' },
    schema: [],
    messages: {
      address: 'An API address is named only by a call contract in @lis/domain: use call(contract, input) from api/client.ts.',
      transport: 'Only apps/web/src/api/ talks HTTP to the server: use call(contract, input) from api/client.ts.',
    },
  },
  create(context) {
    const file = relative(context.filename);
    if (!file.startsWith(WEB) || isTestFile(file)) return {};
    const inApiDir = file.startsWith(API_DIR);
    const checkText = (node, text) => {
      if (file !== API_BASE_FILE && API_ADDRESS.test(text)) context.report({ node, messageId: 'address' });
    };
    const transport = (node) => {
      if (!inApiDir) context.report({ node, messageId: 'transport' });
    };
    return {
      Literal: (node) => { if (typeof node.value === 'string') checkText(node, node.value); },
      TemplateLiteral: (node) => checkText(node, node.quasis[0]?.value.cooked ?? ''),
      CallExpression: (node) => {
        const callee = node.callee;
        if (callee.type === 'Identifier' && callee.name === 'fetch') transport(node);
        if (callee.type === 'MemberExpression' && !callee.computed && callee.property.name === 'fetch'
          && callee.object.type === 'Identifier' && ['window', 'globalThis', 'self'].includes(callee.object.name)) transport(node);
        if (callee.type === 'MemberExpression' && !callee.computed && callee.property.name === 'sendBeacon') transport(node);
      },
      NewExpression: (node) => {
        if (node.callee.type === 'Identifier' && ['XMLHttpRequest', 'EventSource'].includes(node.callee.name)) transport(node);
      },
    };
  },
};

export const apiCalls = { rules: { 'api-calls': rule } };
