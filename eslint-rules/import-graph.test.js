import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildImportGraph, circularImports, importsOf, ROOT } from './import-graph.js';
import { violation } from './boundaries.js';

// The repository itself: no import circle in apps/ and packages/, and no import the layering forbids
// (boundaries.js: among them, a module using another module other than through its service.ts or a
// declared public file). Each one found is printed, so a failure names what to fix.

describe('the import graph of the repository', () => {
  const graph = buildImportGraph();

  it('reads the imports of the repository', () => {
    expect(graph.files.length).toBeGreaterThan(300);
    expect(graph.edges.get('apps/server/src/modules/results/service.ts')?.map((edge) => edge.to))
      .toContain('apps/server/src/modules/results/transitions.ts');
  });

  it('has no import circle', () => {
    const found = circularImports(graph);
    for (const edge of found) console.log(`import circle (${edge.file}:${edge.line}): ${edge.circle.join(' → ')}`);
    expect(graph.circles).toEqual([]);
  });

  it('has no import the layering forbids (a module reaching past another module\'s service.ts among them)', () => {
    const forbidden = [];
    for (const file of graph.files) {
      for (const { source, typeOnly, line, names } of importsOf(fs.readFileSync(path.join(ROOT, file), 'utf8'))) {
        const reason = violation(file, source, typeOnly, names);
        if (reason) forbidden.push(`${file}:${line} imports ${source}: ${reason}`);
      }
    }
    for (const entry of forbidden) console.log(entry);
    expect(forbidden).toEqual([]);
  });
});

describe('the import-graph checker', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'import-graph-'));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
  const write = (file, text) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };
  write('packages/lib/package.json', JSON.stringify({ name: '@lis/lib', exports: { '.': './src/index.ts' } }));
  write('packages/lib/src/index.ts', "export { b } from './b.ts';\n");
  write('packages/lib/src/b.ts', "import type { C } from './c.ts';\nexport const b = 1;\n");
  write('packages/lib/src/c.ts', "import {\n  b,\n} from './index.ts';\nexport type C = typeof b;\n");
  write('apps/app/src/main.ts', "import { b } from '@lis/lib';\nimport './side.ts';\n// import { x } from './loop.ts';\nconst later = () => import('./loop.ts');\n");
  write('apps/app/src/side.ts', "export const side = 1;\n");
  write('apps/app/src/loop.ts', "import { main } from './main.ts';\n");
  write('apps/app/src/main.test.ts', "import { x } from './main.ts';\nimport { y } from './main.test.ts';\n");

  it('finds a circle of three files through a re-export and a type-only import, and only that one', () => {
    const graph = buildImportGraph(root);
    expect(graph.circles).toEqual([['packages/lib/src/b.ts', 'packages/lib/src/c.ts', 'packages/lib/src/index.ts']]);
    const closing = circularImports(graph).find((edge) => edge.file === 'packages/lib/src/c.ts');
    expect(closing?.circle).toEqual(['packages/lib/src/c.ts', 'packages/lib/src/index.ts', 'packages/lib/src/b.ts', 'packages/lib/src/c.ts']);
  });

  it('resolves a workspace package to its source, counts side-effect imports, and leaves out dynamic imports, comments and tests', () => {
    const graph = buildImportGraph(root);
    expect(graph.edges.get('apps/app/src/main.ts')?.map((edge) => edge.to)).toEqual(['packages/lib/src/index.ts', 'apps/app/src/side.ts']);
    expect(graph.files).not.toContain('apps/app/src/main.test.ts');
  });

  it('tells a type-only import', () => {
    expect(importsOf("import type { A } from './a.ts';\nimport { type B, type C } from './b.ts';\nimport { d, type E } from './d.ts';\nexport type { F } from './f.ts';\n")
      .map((entry) => entry.typeOnly)).toEqual([true, true, false, true]);
  });
});
