/**
 * No import circles in apps/ and packages/ (`lis/no-import-cycles`), checked
 * on every lint run and by import-graph.test.js.
 *
 * The graph: one node per source file under apps/ and packages/ (.ts, .tsx),
 * one edge per static `import ... from`, side-effect `import '...'` and
 * `export ... from` whose path is relative or names a workspace package entry
 * (`@lis/domain`, `@lis/domain/common-passwords`, `@lis/analyser-protocols`,
 * resolved through their package.json `exports` to the source file).
 * Type-only imports count too: they do not run, but they still couple two
 * files, and a circle of types is the first half of a circle of code.
 * Dynamic `import()` does not count: it is how the web loads a screen lazily,
 * and it is evaluated after both files have loaded.
 * Tests and test fixtures (the same files boundaries.js exempts) are left out
 * of the graph: nothing but another test imports them, so they can close no
 * circle that matters, and they may reach into anything they check.
 *
 * A circle is a strongly connected component of more than one file (Tarjan's
 * algorithm), or a file importing itself. The rule reports each import whose
 * two files lie in the same component (each such import lies on a circle) and
 * names the shortest way back, so the message shows the whole circle.
 *
 * The imports are read with a scanner of statement starts, not a parser, so
 * that the graph of the ~850 files costs tens of milliseconds: the graph is
 * built once per lint run (rebuilt when older than REBUILD_AFTER_MS, for
 * editors that keep ESLint running) and shared by every file linted.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isTestFile } from './boundaries.js';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SCANNED = ['apps', 'packages'];
const SKIPPED_DIRECTORIES = new Set(['node_modules', 'dist', 'coverage', 'test-results', 'drizzle']);
const REBUILD_AFTER_MS = 30_000;

function relative(file, root = ROOT) {
  return path.relative(root, file).split(path.sep).join('/');
}

function sourceFiles(root) {
  const found = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRECTORIES.has(entry.name) && !entry.name.startsWith('dist-') && !entry.name.startsWith('.')) walk(path.join(dir, entry.name));
      } else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
        found.push(relative(path.join(dir, entry.name), root));
      }
    }
  };
  for (const top of SCANNED) if (fs.existsSync(path.join(root, top))) walk(path.join(root, top));
  return found.sort();
}

/** '@lis/domain' → 'packages/domain/src/index.ts', from each workspace package's `exports`. */
function workspaceEntries(root) {
  const entries = new Map();
  if (!fs.existsSync(path.join(root, 'packages'))) return entries;
  for (const dir of fs.readdirSync(path.join(root, 'packages'))) {
    const manifest = path.join(root, 'packages', dir, 'package.json');
    if (!fs.existsSync(manifest)) continue;
    const { name, exports } = JSON.parse(fs.readFileSync(manifest, 'utf8'));
    if (!name || !exports) continue;
    const map = typeof exports === 'string' ? { '.': exports } : exports;
    for (const [subpath, file] of Object.entries(map)) {
      if (typeof file !== 'string') continue;
      entries.set(subpath === '.' ? name : `${name}/${subpath.replace(/^\.\//, '')}`, `packages/${dir}/${file.replace(/^\.\//, '')}`);
    }
  }
  return entries;
}

// Statement starts at the beginning of a line: comments (` * import …`) and
// code inside strings do not start a line with `import`/`export`.
const STATIC_IMPORT = /^(import|export)\s+(type\s+)?(?:([\w$]+\s*,\s*)?(\{[^}]*\}|\*\s*(?:as\s+[\w$]+)?)|[\w$]+)\s*from\s*['"]([^'"]+)['"]|^import\s+['"]([^'"]+)['"]/gm;

/** The imports a source text makes: `{ source, typeOnly, line, names }` each (`names`: the imported names, none for `* as`). */
export function importsOf(text) {
  const found = [];
  for (const match of text.matchAll(STATIC_IMPORT)) {
    const [, , typeKeyword, defaultPart, braces, fromSource, bareSource] = match;
    const source = fromSource ?? bareSource;
    const names = braces?.startsWith('{') ? braces.slice(1, -1).split(',').map((n) => n.trim()).filter(Boolean) : [];
    const typeOnly = Boolean(typeKeyword)
      || (!defaultPart && names.length > 0 && names.every((n) => n.startsWith('type ')));
    const line = text.slice(0, match.index).split('\n').length;
    const imported = names.map((name) => name.replace(/^type\s+/, '').split(/\s+as\s+/)[0].trim());
    found.push({ source, typeOnly, line, names: imported });
  }
  return found;
}

/** The repository-relative file an import names, or null for a package or a file outside the graph. */
export function resolveImport(from, source, entries, known) {
  let to;
  // Both paths are relative to the same root, so resolving against '/' keeps them relative to it.
  if (source.startsWith('.')) to = path.posix.join(path.posix.dirname(from), source);
  else to = entries.get(source);
  if (!to) return null;
  if (known.has(to)) return to;
  for (const candidate of [to.replace(/\.js$/, '.ts'), to.replace(/\.js$/, '.tsx'), `${to}.ts`, `${to}.tsx`, `${to}/index.ts`, `${to}/index.tsx`]) {
    if (known.has(candidate)) return candidate;
  }
  return null;
}

/** Tarjan's strongly connected components (iterative: the graph is deep enough to matter). */
function stronglyConnected(nodes, edges) {
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const onStack = new Set();
  const stack = [];
  const components = [];
  for (const start of nodes) {
    if (index.has(start)) continue;
    const work = [{ node: start, next: 0 }];
    index.set(start, counter); low.set(start, counter); counter += 1;
    stack.push(start); onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const targets = edges.get(frame.node) ?? [];
      if (frame.next < targets.length) {
        const to = targets[frame.next].to;
        frame.next += 1;
        if (!index.has(to)) {
          index.set(to, counter); low.set(to, counter); counter += 1;
          stack.push(to); onStack.add(to);
          work.push({ node: to, next: 0 });
        } else if (onStack.has(to)) {
          low.set(frame.node, Math.min(low.get(frame.node), index.get(to)));
        }
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent), low.get(frame.node)));
      }
      if (low.get(frame.node) === index.get(frame.node)) {
        const component = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        components.push(component.sort());
      }
    }
  }
  return components;
}

/**
 * The import graph of the repository (or of another tree laid out like it, for the rule's own test): `edges` (file → `{ to, source, typeOnly, line }[]`),
 * `circles` (each a component of files that import one another, sorted) and
 * `componentOf` (file → its circle, for files on one).
 */
export function buildImportGraph(root = ROOT) {
  const files = sourceFiles(root).filter((file) => !isTestFile(file));
  const known = new Set(files);
  const entries = workspaceEntries(root);
  const edges = new Map();
  for (const file of files) {
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    const out = [];
    for (const { source, typeOnly, line } of importsOf(text)) {
      const to = resolveImport(file, source, entries, known);
      if (to) out.push({ to, source, typeOnly, line });
    }
    edges.set(file, out);
  }
  const circles = stronglyConnected(files, edges)
    .filter((component) => component.length > 1 || edges.get(component[0]).some((e) => e.to === component[0]));
  const componentOf = new Map();
  for (const circle of circles) {
    const members = new Set(circle);
    for (const file of circle) componentOf.set(file, members);
  }
  return { files, known, entries, edges, circles, componentOf };
}

/** The shortest way from `from` to `to` inside one circle, as a list of files (both ends included). */
export function shortestPath(graph, from, to) {
  const members = graph.componentOf.get(from);
  const previous = new Map([[from, null]]);
  const queue = [from];
  while (queue.length > 0) {
    const node = queue.shift();
    if (node === to) break;
    for (const { to: next } of graph.edges.get(node) ?? []) {
      if (members?.has(next) && !previous.has(next)) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  if (!previous.has(to)) return null;
  const way = [];
  for (let node = to; node !== null; node = previous.get(node)) way.unshift(node);
  return way;
}

/** Each import that lies on a circle, with the circle it closes (`a → b → … → a`). */
export function circularImports(graph) {
  const found = [];
  for (const [file, out] of graph.edges) {
    const members = graph.componentOf.get(file);
    if (!members) continue;
    for (const edge of out) {
      if (!members.has(edge.to)) continue;
      const back = shortestPath(graph, edge.to, file) ?? [edge.to, file];
      found.push({ file, ...edge, circle: [file, ...back] });
    }
  }
  return found;
}

let cached = null;
function currentGraph() {
  if (!cached || Date.now() - cached.builtAt > REBUILD_AFTER_MS) cached = { builtAt: Date.now(), graph: buildImportGraph() };
  return cached.graph;
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbids import circles in apps/ and packages/ (see the header of eslint-rules/import-graph.js).' },
    schema: [],
    messages: { circle: 'This import closes an import circle: {{circle}}. Move the shared piece down (or into a file both import) so the arrows point one way.' },
  },
  create(context) {
    const file = relative(context.filename);
    if (isTestFile(file)) return {};
    const graph = currentGraph();
    const members = graph.componentOf.get(file);
    if (!members) return {};
    const check = (node) => {
      if (!node.source || typeof node.source.value !== 'string') return;
      const to = resolveImport(file, node.source.value, graph.entries, graph.known);
      if (!to || !members.has(to)) return;
      const back = shortestPath(graph, to, file) ?? [to, file];
      context.report({ node, messageId: 'circle', data: { circle: [file, ...back].join(' → ') } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};

export const importGraph = { rules: { 'no-import-cycles': rule } };
